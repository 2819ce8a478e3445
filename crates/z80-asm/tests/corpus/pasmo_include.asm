; Included by pasmo_common.asm.
included:
        ld a,(included_data)
        ret
included_data:
        db 0AAh,55h
