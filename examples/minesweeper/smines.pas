{ MSX Supermines
  <2006> MarMSX - original game and article by Marcelo Silveira.
  The second version of the MarMSX Minesweeper: one game of 30x16 blocks
  with 99 mines. Same sources as mines.pas, with smindef.inc for the
  smaller blocks; see README.md.

  MSX2, SCREEN 5. Keys: cursor keys move, Z opens, X puts or takes a flag,
  C opens the neighbours of a number that has a flag around it, ESC leaves,
  ENTER returns to the menu when the game is over. }

program SMines;

{$I smindef.inc}
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
