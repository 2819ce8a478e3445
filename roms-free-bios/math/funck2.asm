; math/funck2.asm - constants of func.asm (ROM I2D09-I2E30), in a gap of
; their own.
MPF_K_EXPE:
        db 4
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
        db 43h,15h,93h,74h,15h,23h,60h,31h      ; 159.37415236031
        db 44h,27h,09h,31h,69h,40h,85h,16h      ; 2709.3169408516
        db 44h,44h,97h,63h,35h,57h,40h,58h      ; 4497.6335574058
MPF_K_EXPO:
        db 3
        db 42h,18h,31h,23h,60h,15h,92h,75h      ; 18.312360159275
        db 43h,83h,14h,06h,72h,12h,93h,71h      ; 831.40672129371
        db 44h,51h,78h,09h,19h,91h,51h,62h      ; 5178.0919915162
MPF_K_LOGP:
        db 4
        db 0C0h,71h,43h,33h,82h,15h,32h,26h     ; -0.71433382153226
        db 41h,62h,50h,36h,51h,12h,79h,08h      ; 6.2503651127908
        db 0C2h,13h,68h,23h,70h,24h,15h,03h     ; -13.682370241503
        db 41h,85h,16h,73h,19h,87h,23h,89h      ; 8.5167319872389
