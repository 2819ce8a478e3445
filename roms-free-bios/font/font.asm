; Generated from font.txt by `cargo run -p msx-bios --example gen-font`.
; Do not edit: draw in font.txt; a test checks that the two agree.
        DB 000h,000h,000h,000h,000h,000h,000h,000h  ; 00 empty
        DB 070h,088h,0A8h,088h,0D8h,0A8h,070h,000h  ; 01 smiley
        DB 070h,0F8h,0D8h,0F8h,0A8h,0D8h,070h,000h  ; 02 smiley inverse
        DB 000h,050h,0F8h,0F8h,070h,020h,000h,000h  ; 03 heart
        DB 020h,070h,0F8h,0F8h,070h,020h,000h,000h  ; 04 diamond
        DB 020h,070h,020h,0F8h,0F8h,020h,070h,000h  ; 05 club
        DB 020h,070h,0F8h,0F8h,020h,070h,000h,000h  ; 06 spade
        DB 000h,000h,070h,070h,070h,000h,000h,000h  ; 07 dot
        DB 0FFh,0FFh,0E7h,0C3h,0C3h,0E7h,0FFh,0FFh  ; 08 dot inverse
        DB 000h,070h,088h,088h,088h,070h,000h,000h  ; 09 circle
        DB 0FFh,0C7h,0BBh,0BBh,0BBh,0C7h,0FFh,0FFh  ; 0A circle inverse
        DB 038h,018h,068h,090h,090h,060h,000h,000h  ; 0B male
        DB 070h,088h,088h,070h,020h,070h,020h,000h  ; 0C female
        DB 030h,028h,020h,020h,060h,0E0h,040h,000h  ; 0D note
        DB 078h,048h,078h,048h,058h,0D8h,080h,000h  ; 0E notes
        DB 020h,0A8h,070h,0D8h,070h,0A8h,020h,000h  ; 0F sun
        DB 010h,010h,010h,0FFh,010h,010h,010h,010h  ; 10 box cross
        DB 010h,010h,010h,0FFh,000h,000h,000h,000h  ; 11 box up and horizontal
        DB 000h,000h,000h,0FFh,010h,010h,010h,010h  ; 12 box down and horizontal
        DB 010h,010h,010h,0F0h,010h,010h,010h,010h  ; 13 box vertical and left
        DB 010h,010h,010h,01Fh,010h,010h,010h,010h  ; 14 box vertical and right
        DB 010h,010h,010h,0FFh,010h,010h,010h,010h  ; 15 box cross (second)
        DB 010h,010h,010h,010h,010h,010h,010h,010h  ; 16 box vertical
        DB 000h,000h,000h,0FFh,000h,000h,000h,000h  ; 17 box horizontal
        DB 000h,000h,000h,01Fh,010h,010h,010h,010h  ; 18 box down and right
        DB 000h,000h,000h,0F0h,010h,010h,010h,010h  ; 19 box down and left
        DB 010h,010h,010h,01Fh,000h,000h,000h,000h  ; 1A box up and right
        DB 010h,010h,010h,0F0h,000h,000h,000h,000h  ; 1B box up and left
        DB 081h,042h,024h,018h,018h,024h,042h,081h  ; 1C diagonal cross
        DB 001h,002h,004h,008h,010h,020h,040h,080h  ; 1D diagonal up
        DB 080h,040h,020h,010h,008h,004h,002h,001h  ; 1E diagonal down
        DB 0FFh,081h,081h,081h,081h,081h,081h,0FFh  ; 1F box frame
        DB 000h,000h,000h,000h,000h,000h,000h,000h  ; 20 ' '
        DB 020h,020h,020h,020h,020h,000h,020h,000h  ; 21 !
        DB 050h,050h,050h,000h,000h,000h,000h,000h  ; 22 '"'
        DB 050h,050h,0F8h,050h,0F8h,050h,050h,000h  ; 23 #
        DB 020h,078h,0A0h,070h,028h,0F0h,020h,000h  ; 24 $
        DB 0C0h,0C8h,010h,020h,040h,098h,018h,000h  ; 25 %
        DB 040h,0A0h,0A0h,040h,0A8h,090h,068h,000h  ; 26 &
        DB 020h,020h,040h,000h,000h,000h,000h,000h  ; 27 "'"
        DB 010h,020h,040h,040h,040h,020h,010h,000h  ; 28 (
        DB 040h,020h,010h,010h,010h,020h,040h,000h  ; 29 )
        DB 000h,020h,0A8h,070h,0A8h,020h,000h,000h  ; 2A *
        DB 000h,020h,020h,0F8h,020h,020h,000h,000h  ; 2B +
        DB 000h,000h,000h,000h,000h,020h,020h,040h  ; 2C ,
        DB 000h,000h,000h,0F8h,000h,000h,000h,000h  ; 2D -
        DB 000h,000h,000h,000h,000h,060h,060h,000h  ; 2E .
        DB 000h,008h,010h,020h,040h,080h,000h,000h  ; 2F /
        DB 070h,088h,098h,0A8h,0C8h,088h,070h,000h  ; 30 0
        DB 020h,060h,020h,020h,020h,020h,070h,000h  ; 31 1
        DB 070h,088h,008h,030h,040h,080h,0F8h,000h  ; 32 2
        DB 070h,088h,008h,030h,008h,088h,070h,000h  ; 33 3
        DB 010h,030h,050h,090h,0F8h,010h,010h,000h  ; 34 4
        DB 0F8h,080h,0F0h,008h,008h,088h,070h,000h  ; 35 5
        DB 030h,040h,080h,0F0h,088h,088h,070h,000h  ; 36 6
        DB 0F8h,008h,010h,020h,040h,040h,040h,000h  ; 37 7
        DB 070h,088h,088h,070h,088h,088h,070h,000h  ; 38 8
        DB 070h,088h,088h,078h,008h,010h,060h,000h  ; 39 9
        DB 000h,060h,060h,000h,060h,060h,000h,000h  ; 3A :
        DB 000h,060h,060h,000h,060h,020h,040h,000h  ; 3B ;
        DB 010h,020h,040h,080h,040h,020h,010h,000h  ; 3C <
        DB 000h,000h,0F8h,000h,0F8h,000h,000h,000h  ; 3D =
        DB 040h,020h,010h,008h,010h,020h,040h,000h  ; 3E >
        DB 070h,088h,008h,010h,020h,000h,020h,000h  ; 3F ?
        DB 070h,088h,0B8h,0A8h,0B8h,080h,070h,000h  ; 40 @
        DB 020h,050h,088h,088h,0F8h,088h,088h,000h  ; 41 A
        DB 0F0h,088h,088h,0F0h,088h,088h,0F0h,000h  ; 42 B
        DB 070h,088h,080h,080h,080h,088h,070h,000h  ; 43 C
        DB 0E0h,090h,088h,088h,088h,090h,0E0h,000h  ; 44 D
        DB 0F8h,080h,080h,0F0h,080h,080h,0F8h,000h  ; 45 E
        DB 0F8h,080h,080h,0F0h,080h,080h,080h,000h  ; 46 F
        DB 070h,088h,080h,0B8h,088h,088h,078h,000h  ; 47 G
        DB 088h,088h,088h,0F8h,088h,088h,088h,000h  ; 48 H
        DB 070h,020h,020h,020h,020h,020h,070h,000h  ; 49 I
        DB 038h,010h,010h,010h,010h,090h,060h,000h  ; 4A J
        DB 088h,090h,0A0h,0C0h,0A0h,090h,088h,000h  ; 4B K
        DB 080h,080h,080h,080h,080h,080h,0F8h,000h  ; 4C L
        DB 088h,0D8h,0A8h,0A8h,088h,088h,088h,000h  ; 4D M
        DB 088h,0C8h,0A8h,098h,088h,088h,088h,000h  ; 4E N
        DB 070h,088h,088h,088h,088h,088h,070h,000h  ; 4F O
        DB 0F0h,088h,088h,0F0h,080h,080h,080h,000h  ; 50 P
        DB 070h,088h,088h,088h,0A8h,090h,068h,000h  ; 51 Q
        DB 0F0h,088h,088h,0F0h,0A0h,090h,088h,000h  ; 52 R
        DB 070h,088h,080h,070h,008h,088h,070h,000h  ; 53 S
        DB 0F8h,020h,020h,020h,020h,020h,020h,000h  ; 54 T
        DB 088h,088h,088h,088h,088h,088h,070h,000h  ; 55 U
        DB 088h,088h,088h,088h,088h,050h,020h,000h  ; 56 V
        DB 088h,088h,088h,0A8h,0A8h,0D8h,088h,000h  ; 57 W
        DB 088h,088h,050h,020h,050h,088h,088h,000h  ; 58 X
        DB 088h,088h,050h,020h,020h,020h,020h,000h  ; 59 Y
        DB 0F8h,008h,010h,020h,040h,080h,0F8h,000h  ; 5A Z
        DB 070h,040h,040h,040h,040h,040h,070h,000h  ; 5B [
        DB 000h,080h,040h,020h,010h,008h,000h,000h  ; 5C '\\'
        DB 070h,010h,010h,010h,010h,010h,070h,000h  ; 5D ]
        DB 020h,050h,088h,000h,000h,000h,000h,000h  ; 5E ^
        DB 000h,000h,000h,000h,000h,000h,0F8h,000h  ; 5F _
        DB 040h,020h,010h,000h,000h,000h,000h,000h  ; 60 `
        DB 000h,000h,070h,008h,078h,088h,078h,000h  ; 61 a
        DB 080h,080h,0F0h,088h,088h,088h,0F0h,000h  ; 62 b
        DB 000h,000h,070h,080h,080h,088h,070h,000h  ; 63 c
        DB 008h,008h,078h,088h,088h,088h,078h,000h  ; 64 d
        DB 000h,000h,070h,088h,0F8h,080h,070h,000h  ; 65 e
        DB 030h,048h,040h,0E0h,040h,040h,040h,000h  ; 66 f
        DB 000h,000h,078h,088h,088h,078h,008h,070h  ; 67 g
        DB 080h,080h,0B0h,0C8h,088h,088h,088h,000h  ; 68 h
        DB 020h,000h,060h,020h,020h,020h,070h,000h  ; 69 i
        DB 010h,000h,030h,010h,010h,010h,090h,060h  ; 6A j
        DB 080h,080h,090h,0A0h,0C0h,0A0h,090h,000h  ; 6B k
        DB 060h,020h,020h,020h,020h,020h,070h,000h  ; 6C l
        DB 000h,000h,0D0h,0A8h,0A8h,0A8h,0A8h,000h  ; 6D m
        DB 000h,000h,0B0h,0C8h,088h,088h,088h,000h  ; 6E n
        DB 000h,000h,070h,088h,088h,088h,070h,000h  ; 6F o
        DB 000h,000h,0F0h,088h,088h,0F0h,080h,080h  ; 70 p
        DB 000h,000h,078h,088h,088h,078h,008h,008h  ; 71 q
        DB 000h,000h,0B0h,0C8h,080h,080h,080h,000h  ; 72 r
        DB 000h,000h,078h,080h,070h,008h,0F0h,000h  ; 73 s
        DB 040h,040h,0E0h,040h,040h,048h,030h,000h  ; 74 t
        DB 000h,000h,088h,088h,088h,098h,068h,000h  ; 75 u
        DB 000h,000h,088h,088h,088h,050h,020h,000h  ; 76 v
        DB 000h,000h,088h,088h,0A8h,0A8h,050h,000h  ; 77 w
        DB 000h,000h,088h,050h,020h,050h,088h,000h  ; 78 x
        DB 000h,000h,088h,088h,088h,078h,008h,070h  ; 79 y
        DB 000h,000h,0F8h,010h,020h,040h,0F8h,000h  ; 7A z
        DB 018h,020h,020h,040h,020h,020h,018h,000h  ; 7B {
        DB 020h,020h,020h,000h,020h,020h,020h,000h  ; 7C |
        DB 0C0h,020h,020h,010h,020h,020h,0C0h,000h  ; 7D }
        DB 040h,0A8h,010h,000h,000h,000h,000h,000h  ; 7E ~
        DB 0F8h,088h,088h,088h,088h,088h,0F8h,000h  ; 7F DEL box
        DB 070h,088h,080h,080h,080h,088h,070h,020h  ; 80 C cedilla
        DB 050h,000h,088h,088h,088h,098h,068h,000h  ; 81 u diaeresis
        DB 010h,020h,070h,088h,0F8h,080h,070h,000h  ; 82 e acute
        DB 020h,050h,070h,008h,078h,088h,078h,000h  ; 83 a circumflex
        DB 050h,000h,070h,008h,078h,088h,078h,000h  ; 84 a diaeresis
        DB 040h,020h,070h,008h,078h,088h,078h,000h  ; 85 a grave
        DB 060h,060h,070h,008h,078h,088h,078h,000h  ; 86 a ring
        DB 000h,000h,070h,080h,080h,088h,070h,020h  ; 87 c cedilla
        DB 020h,050h,070h,088h,0F8h,080h,070h,000h  ; 88 e circumflex
        DB 050h,000h,070h,088h,0F8h,080h,070h,000h  ; 89 e diaeresis
        DB 040h,020h,070h,088h,0F8h,080h,070h,000h  ; 8A e grave
        DB 050h,000h,060h,020h,020h,020h,070h,000h  ; 8B i diaeresis
        DB 020h,050h,060h,020h,020h,020h,070h,000h  ; 8C i circumflex
        DB 040h,020h,060h,020h,020h,020h,070h,000h  ; 8D i grave
        DB 050h,000h,020h,088h,0F8h,088h,088h,000h  ; 8E A diaeresis
        DB 060h,060h,020h,088h,0F8h,088h,088h,000h  ; 8F A ring
        DB 010h,020h,0F8h,080h,0F0h,080h,0F8h,000h  ; 90 E acute
        DB 000h,000h,0D0h,028h,078h,0A0h,078h,000h  ; 91 ae
        DB 078h,0A0h,0A0h,0F8h,0A0h,0A0h,0B8h,000h  ; 92 AE
        DB 020h,050h,070h,088h,088h,088h,070h,000h  ; 93 o circumflex
        DB 050h,000h,070h,088h,088h,088h,070h,000h  ; 94 o diaeresis
        DB 040h,020h,070h,088h,088h,088h,070h,000h  ; 95 o grave
        DB 020h,050h,088h,088h,088h,098h,068h,000h  ; 96 u circumflex
        DB 040h,020h,088h,088h,088h,098h,068h,000h  ; 97 u grave
        DB 050h,000h,088h,088h,088h,078h,008h,070h  ; 98 y diaeresis
        DB 050h,000h,070h,088h,088h,088h,070h,000h  ; 99 O diaeresis
        DB 050h,000h,088h,088h,088h,088h,070h,000h  ; 9A U diaeresis
        DB 020h,020h,078h,0A0h,0A0h,078h,020h,020h  ; 9B cent
        DB 030h,048h,040h,0E0h,040h,048h,0B0h,000h  ; 9C pound
        DB 088h,050h,020h,0F8h,020h,0F8h,020h,000h  ; 9D yen
        DB 0E0h,090h,0E0h,0B8h,090h,090h,088h,000h  ; 9E peseta
        DB 018h,020h,020h,070h,020h,020h,0C0h,000h  ; 9F florin
        DB 010h,020h,070h,008h,078h,088h,078h,000h  ; A0 a acute
        DB 010h,020h,060h,020h,020h,020h,070h,000h  ; A1 i acute
        DB 010h,020h,070h,088h,088h,088h,070h,000h  ; A2 o acute
        DB 010h,020h,088h,088h,088h,098h,068h,000h  ; A3 u acute
        DB 068h,090h,0B0h,0C8h,088h,088h,088h,000h  ; A4 n tilde
        DB 068h,090h,088h,0C8h,0A8h,098h,088h,000h  ; A5 N tilde
        DB 070h,008h,078h,088h,078h,000h,0F8h,000h  ; A6 ordinal a
        DB 070h,088h,088h,088h,070h,000h,0F8h,000h  ; A7 ordinal o
        DB 020h,000h,020h,040h,080h,088h,070h,000h  ; A8 inverted ?
        DB 000h,000h,0F8h,080h,080h,000h,000h,000h  ; A9 reversed not
        DB 000h,000h,0F8h,008h,008h,000h,000h,000h  ; AA not
        DB 088h,090h,0A0h,058h,098h,028h,058h,000h  ; AB one half
        DB 088h,090h,0A0h,050h,0B0h,038h,010h,000h  ; AC one quarter
        DB 020h,000h,020h,020h,020h,020h,020h,000h  ; AD inverted !
        DB 000h,028h,050h,0A0h,050h,028h,000h,000h  ; AE guillemet left
        DB 000h,0A0h,050h,028h,050h,0A0h,000h,000h  ; AF guillemet right
        DB 068h,090h,020h,088h,0F8h,088h,088h,000h  ; B0 A tilde
        DB 068h,090h,070h,008h,078h,088h,078h,000h  ; B1 a tilde
        DB 068h,090h,070h,020h,020h,020h,070h,000h  ; B2 I tilde
        DB 068h,090h,060h,020h,020h,020h,070h,000h  ; B3 i tilde
        DB 068h,090h,070h,088h,088h,088h,070h,000h  ; B4 O tilde
        DB 068h,090h,070h,088h,088h,088h,070h,000h  ; B5 o tilde
        DB 068h,090h,088h,088h,088h,088h,070h,000h  ; B6 U tilde
        DB 068h,090h,088h,088h,088h,098h,068h,000h  ; B7 u tilde
        DB 098h,088h,088h,088h,088h,0A8h,090h,000h  ; B8 IJ
        DB 090h,000h,0B0h,090h,090h,090h,090h,010h  ; B9 ij
        DB 0C8h,030h,0D0h,050h,0D8h,038h,010h,000h  ; BA three quarters
        DB 000h,000h,048h,0A8h,090h,000h,000h,000h  ; BB reversed tilde
        DB 020h,050h,088h,050h,020h,000h,000h,000h  ; BC lozenge
        DB 090h,020h,040h,080h,000h,0A8h,000h,000h  ; BD per mille
        DB 078h,0E8h,0E8h,068h,028h,028h,028h,000h  ; BE pilcrow
        DB 070h,080h,060h,090h,060h,010h,0E0h,000h  ; BF section
        DB 000h,000h,000h,000h,000h,000h,000h,000h  ; C0 quadrants 0000
        DB 0F0h,0F0h,0F0h,0F0h,000h,000h,000h,000h  ; C1 quadrants 1000
        DB 00Fh,00Fh,00Fh,00Fh,000h,000h,000h,000h  ; C2 quadrants 0100
        DB 0FFh,0FFh,0FFh,0FFh,000h,000h,000h,000h  ; C3 quadrants 1100
        DB 000h,000h,000h,000h,0F0h,0F0h,0F0h,0F0h  ; C4 quadrants 0010
        DB 0F0h,0F0h,0F0h,0F0h,0F0h,0F0h,0F0h,0F0h  ; C5 quadrants 1010
        DB 00Fh,00Fh,00Fh,00Fh,0F0h,0F0h,0F0h,0F0h  ; C6 quadrants 0110
        DB 0FFh,0FFh,0FFh,0FFh,0F0h,0F0h,0F0h,0F0h  ; C7 quadrants 1110
        DB 000h,000h,000h,000h,00Fh,00Fh,00Fh,00Fh  ; C8 quadrants 0001
        DB 0F0h,0F0h,0F0h,0F0h,00Fh,00Fh,00Fh,00Fh  ; C9 quadrants 1001
        DB 00Fh,00Fh,00Fh,00Fh,00Fh,00Fh,00Fh,00Fh  ; CA quadrants 0101
        DB 0FFh,0FFh,0FFh,0FFh,00Fh,00Fh,00Fh,00Fh  ; CB quadrants 1101
        DB 000h,000h,000h,000h,0FFh,0FFh,0FFh,0FFh  ; CC quadrants 0011
        DB 0F0h,0F0h,0F0h,0F0h,0FFh,0FFh,0FFh,0FFh  ; CD quadrants 1011
        DB 00Fh,00Fh,00Fh,00Fh,0FFh,0FFh,0FFh,0FFh  ; CE quadrants 0111
        DB 0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh  ; CF quadrants 1111
        DB 088h,000h,022h,000h,088h,000h,022h,000h  ; D0 shade light
        DB 0AAh,055h,0AAh,055h,0AAh,055h,0AAh,055h  ; D1 shade medium
        DB 0EEh,0BEh,077h,0FAh,0EEh,0BEh,077h,0FAh  ; D2 shade dark
        DB 055h,0AAh,055h,0AAh,055h,0AAh,055h,0AAh  ; D3 shade medium inverse
        DB 0FFh,0FFh,0FFh,0FFh,000h,000h,000h,000h  ; D4 upper half
        DB 000h,000h,000h,000h,0FFh,0FFh,0FFh,0FFh  ; D5 lower half
        DB 0F0h,0F0h,0F0h,0F0h,0F0h,0F0h,0F0h,0F0h  ; D6 left half
        DB 00Fh,00Fh,00Fh,00Fh,00Fh,00Fh,00Fh,00Fh  ; D7 right half
        DB 000h,000h,000h,000h,000h,000h,000h,0FFh  ; D8 bottom bar 1/8
        DB 000h,000h,000h,000h,000h,000h,0FFh,0FFh  ; D9 bottom bar 2/8
        DB 000h,000h,000h,000h,000h,0FFh,0FFh,0FFh  ; DA bottom bar 3/8
        DB 000h,000h,000h,000h,0FFh,0FFh,0FFh,0FFh  ; DB bottom bar 4/8
        DB 000h,000h,000h,0FFh,0FFh,0FFh,0FFh,0FFh  ; DC bottom bar 5/8
        DB 000h,000h,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh  ; DD bottom bar 6/8
        DB 000h,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh  ; DE bottom bar 7/8
        DB 0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh  ; DF bottom bar 8/8
        DB 000h,000h,068h,090h,090h,090h,068h,000h  ; E0 alpha
        DB 060h,090h,090h,0E0h,090h,090h,0E0h,080h  ; E1 sharp s / beta
        DB 0F8h,080h,080h,080h,080h,080h,080h,000h  ; E2 Gamma
        DB 000h,000h,0F8h,050h,050h,050h,048h,000h  ; E3 pi
        DB 0F8h,080h,040h,020h,040h,080h,0F8h,000h  ; E4 Sigma
        DB 000h,000h,078h,090h,090h,090h,060h,000h  ; E5 sigma
        DB 000h,000h,090h,090h,090h,0E8h,080h,080h  ; E6 mu
        DB 000h,000h,0F8h,020h,020h,020h,010h,000h  ; E7 tau
        DB 020h,070h,0A8h,0A8h,0A8h,070h,020h,000h  ; E8 Phi
        DB 070h,088h,088h,0F8h,088h,088h,070h,000h  ; E9 Theta
        DB 070h,088h,088h,088h,050h,050h,0D8h,000h  ; EA Omega
        DB 030h,040h,020h,070h,088h,088h,070h,000h  ; EB delta
        DB 000h,000h,050h,0A8h,0A8h,050h,000h,000h  ; EC infinity
        DB 000h,008h,070h,098h,0A8h,0C8h,070h,080h  ; ED phi / empty set
        DB 000h,078h,080h,0F8h,080h,078h,000h,000h  ; EE element of
        DB 000h,070h,088h,088h,088h,088h,000h,000h  ; EF intersection
        DB 000h,0F8h,000h,0F8h,000h,0F8h,000h,000h  ; F0 identical
        DB 020h,020h,0F8h,020h,020h,000h,0F8h,000h  ; F1 plus-minus
        DB 040h,020h,010h,020h,040h,000h,0F8h,000h  ; F2 greater or equal
        DB 010h,020h,040h,020h,010h,000h,0F8h,000h  ; F3 less or equal
        DB 018h,020h,020h,020h,020h,020h,020h,020h  ; F4 integral top
        DB 020h,020h,020h,020h,020h,020h,0C0h,000h  ; F5 integral bottom
        DB 000h,020h,000h,0F8h,000h,020h,000h,000h  ; F6 divide
        DB 000h,040h,0A8h,010h,040h,0A8h,010h,000h  ; F7 almost equal
        DB 060h,090h,090h,060h,000h,000h,000h,000h  ; F8 degree
        DB 000h,000h,000h,060h,060h,000h,000h,000h  ; F9 bullet
        DB 000h,000h,000h,020h,000h,000h,000h,000h  ; FA middle dot
        DB 018h,010h,010h,090h,050h,030h,010h,000h  ; FB square root
        DB 0A0h,050h,050h,050h,000h,000h,000h,000h  ; FC superscript n
        DB 060h,010h,020h,070h,000h,000h,000h,000h  ; FD superscript 2
        DB 000h,000h,070h,070h,070h,000h,000h,000h  ; FE small square
        DB 0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh,0FFh  ; FF full block
