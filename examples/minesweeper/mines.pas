{ MSX Minesweeper
  <2006> MarMSX - original game and article by Marcelo Silveira.
  Rebuilt for the msx toolchain from the article "Desenvolvimento do Jogo
  Minesweeper" (MarMSX, 2018): the same procedures, tables and algorithms,
  code written anew in Turbo Pascal 3.

  MSX2, SCREEN 5. Keys: cursor keys move, Z opens, X puts or takes a flag,
  C opens the neighbours of a number that has a flag around it, ESC leaves,
  ENTER returns to the menu when the game is over. }

program Mines;

{$I minedef.inc}
{$I minevars.inc}
{$I minetime.inc}
{$I map.pas}
{$I minegfx.inc}
{$I minerank.inc}
{$I mineplay.inc}
{$I minemenu.inc}

begin
  startUp;
  menuLoop;
  goodbye;
end.
