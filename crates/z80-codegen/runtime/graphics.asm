; The MSX graphics library: VDP commands (written with the Pascal graphics support).
