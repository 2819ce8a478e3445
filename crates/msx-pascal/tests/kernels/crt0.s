; Start-up for the SDCC kernels: stack, main, then a loop the runner stops at.
        .module crt0
        .globl _main
        .area _HEADER (ABS)
        .org 0x4000
        ld sp,#0xDE00
        call _main
halt:   jr halt
        .area _CODE
        .area _DATA
