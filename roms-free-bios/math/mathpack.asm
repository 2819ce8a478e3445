; Math-Pack: MSX-BASIC's BCD arithmetic at its documented page-0 addresses
; (docs/basic-interpreter.md, "Math-Pack").
