; REDCLK / WRTCLK: the RP5C01 clock chip (ports B4h/B5h). C = 00BBAAAA:
; block BB, register AAAA; data in the low nibble. The mode register (13)
; keeps the timer running (bit 3) while another block is selected.

REDCLK:
                PUSH BC
                CALL CLKSEL
                IN A,(RTC_DATA)
                AND 0Fh
                POP BC
                RET

WRTCLK:
                PUSH BC
                PUSH AF
                CALL CLKSEL
                POP AF
                AND 0Fh
                OUT (RTC_DATA),A
                POP BC
                RET

; CLKSEL: C = block/register: select the block (unless the register is one of
; the common 13-15) and the register. Changes A.
CLKSEL:
                LD A,C
                AND 0Fh
                CP 13
                JR NC,CLKSEL_REG
                LD A,13
                OUT (RTC_ADDR),A
                LD A,C
                RRCA
                RRCA
                RRCA
                RRCA
                AND 3
                OR 008h                 ; timer enabled
                OUT (RTC_DATA),A
CLKSEL_REG:     LD A,C
                AND 0Fh
                OUT (RTC_ADDR),A
                RET
