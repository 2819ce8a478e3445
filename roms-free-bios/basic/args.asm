; Argument helpers shared by the statements that read lists of optional
; arguments (hwstmt.asm, gfxstmt.asm): MSX-BASIC's own pattern, an omitted
; argument being an empty place before a ',' or the end of the statement.

; AR_OPT: an optional byte argument. CY set when it is left out (the
; statement ends or a ',' comes first); else A = E = its value (0-255, or
; "Illegal function call"), CY clear.
AR_OPT:         CALL CHRGOT
                SCF
                RET Z
                CP ','
                SCF
                RET Z
                CALL GETBYT_I
                OR A
                RET

; AR_MORE: after an argument. Z when the statement ends; else the ','
; that must come next is taken (Syntax error otherwise), NZ.
AR_MORE:        CALL CHRGOT
                RET Z
                RST 08h
                DB ','
                OR 0FFh                 ; NZ even if the statement ends after it
                RET

; AR_BELOW: A = the byte argument (GETBYT) that must be below C, else
; "Illegal function call". C is kept.
AR_BELOW:       PUSH BC
                CALL GETBYT_I
                POP BC
                CP C
                RET C
                JP FCERR

; AR_PAREN: "(" expression ")" as a 16-bit integer: DE = the value.
AR_PAREN:       RST 08h
                DB '('
                CALL FRMQNT_I
                RST 08h
                DB ')'
                RET

