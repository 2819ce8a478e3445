; math/funck4.asm - constants of func.asm (ROM I2D09-I2E30), in a gap of
; their own.
MPF_K_ATN:
        db 8
        db 0BFh,52h,08h,69h,39h,04h,00h,00h     ; -0.05208693904
        db 3Fh,75h,30h,71h,49h,13h,48h,00h      ; 0.0753071491348
        db 0BFh,90h,81h,34h,32h,24h,70h,50h     ; -0.09081343224705
        db 40h,11h,11h,07h,94h,18h,40h,29h      ; 0.11110794184029
        db 0C0h,14h,28h,57h,08h,55h,48h,84h     ; -0.14285708554884
        db 40h,19h,99h,99h,99h,94h,89h,67h      ; 0.19999999948967
        db 0C0h,33h,33h,33h,33h,33h,31h,60h     ; -0.3333333333316
        db 41h,10h,00h,00h,00h,00h,00h,00h      ; 1
