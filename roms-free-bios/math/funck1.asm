; math/funck1.asm - constants of func.asm (ROM I2D09-I2E30), in a gap of
; their own.
; The constants and coefficients (ROM I2D09-I2E30).
MPF_K_HALF:
        db 40h,50h,00h,00h,00h,00h,00h,00h      ; 0.5
MPF_K_ONE:
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
MPF_K_QUARTER:
        db 40h,25h,00h,00h,00h,00h,00h,00h      ; 0.25
MPF_K_LOG10E:
        db 40h,43h,42h,94h,48h,19h,03h,24h      ; 0.43429448190324
MPF_K_SQRT10:
        db 41h,31h,62h,27h,76h,60h,16h,84h      ; 3.1622776601684
MPF_K_2OLN10:
        db 40h,86h,85h,88h,96h,38h,06h,50h      ; 0.86858896380650
MPF_K_LN10:
        db 41h,23h,02h,58h,50h,92h,99h,40h      ; 2.3025850929940
MPF_K_PI2:
        db 41h,15h,70h,79h,63h,26h,79h,49h      ; 1.5707963267949
MPF_K_TAN15:
        db 40h,26h,79h,49h,19h,24h,31h,12h      ; 0.26794919243112
MPF_K_SQRT3:
        db 41h,17h,32h,05h,08h,07h,56h,89h      ; 1.7320508075689
MPF_K_PI6:
        db 40h,52h,35h,98h,77h,55h,98h,30h      ; 0.52359877559830
MPF_K_1O2PI:
        db 40h,15h,91h,54h,94h,30h,91h,90h      ; 0.15915494309190
