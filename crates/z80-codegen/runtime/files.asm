; File I/O through the BDOS FCB functions (written with the Pascal file support).
