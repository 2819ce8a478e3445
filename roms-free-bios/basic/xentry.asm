; Fixed entries of the interpreter for the BASIC extension ROM (ext/).
;
; The extension runs in page 1 in place of this ROM and reaches the
; interpreter through CALBAS (0159h, IX = the address). The documented
; MSX-BASIC entries (CHRGTR 4666h, FRMEVL 4C64h, ...) serve it where they
; exist; the internals it needs besides them sit here, at addresses that do
; not move when the modules grow (docs/basic-interpreter.md, "Disk BASIC").
; The entries marked "no return" end the statement themselves: they reset
; the stack, so the inter-slot call's frame is simply dropped (CALBAS left
; this ROM in page 1, which is where the interpreter runs).

        DS 7FB0h-$,0FFh
XE_CHRGOT:      JP CHRGOT               ; 7FB0h the item at HL again (CHRGTR's flags)
XE_LOADED:      JP XE_LOADED_I          ; 7FB3h program in place: relink, run-clear; A<>0 RUN, else "Ok" (no return)
XE_TYPED:       JP XE_TYPED_I           ; 7FB6h run BUF as a line typed in direct mode (no return)
XE_ALOAD:       JP XE_ALOAD_I           ; 7FB9h ASCII load: A<>0 NEW first; then the main loop reads the file (no return)
XE_DETOK:       JP DETOKEN              ; 7FBCh program line HL (its link) -> "number body" text in BUF
XE_MAXFIL:      JP XE_MAXFIL_I          ; 7FBFh MAXFILES=A: channel blocks anew, run-clear, NEWSTT at HL (no return)
XE_CALLHL:      JP XE_CALLHL_I          ; 7FC2h call HL with interrupts on (BLOAD ,R)
XE_PUTNEW:      JP BI_PUTNEW            ; 7FC5h DSCTMP to a new temporary: DAC+2 = it, VALTYP 3
XE_PTRNUM:      JP BI_PTRNUM            ; 7FC8h line pointers (0Dh) back into numbers (SAVE)
XE_ARYFIND:     JP XE_ARYFIND_I         ; 7FCBh the array named at HL: DE = its entry, HL after the name
XE_LOGOP:       JP GS_LOGOP             ; 7FCEh a logical operation at HL (A = it) -> LOGOPR
XE_PAGE:        JP GS_PAGE              ; 7FD1h ",page" (or the active one) -> (DE); Z at the statement's end
XE_COLD:        JP BI_COLD              ; 7FD4h MSX-BASIC's cold start (the disk ROM's `BASIC` at the MSX-DOS prompt)
XE_END:
; Each entry is one JP (3 bytes), so the table's addresses follow from its
; order; this stops the assembly when that no longer holds.
        DS 7FD7h-XE_END
        DS XE_END-7FD7h
