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

const
  { The menu of chapter 3, with the one game of this version. }
  menuX1 = 90;  menuY1 = 90;
  menuX2 = 190; menuY2 = 125;
  menuSaveY = 190;
  menuItems = 3;

var
  quit : boolean;

{ The menu of chapter 3: a blue box with a white border, a clean copy of
  it kept in page 1, and the current option lit by a cyan box drawn with
  OR (blue 4 or cyan 7 = cyan 7, white 15 or 7 = white 15). }
function chooseOption : integer;
var c : char;
    i : integer;
begin
  Color(15, 0, 0);
  cls2;
  Print(72, 50, 15, 'MSX SUPERMINES');
  Print(44, 190, 14, '(c) 2006 MarMSX');
  Color(15, 4, 0);
  line_bf(menuX1, menuY1, menuX2, menuY2, 4, 0);
  line_b(menuX1, menuY1, menuX2, menuY2, 15, 0);
  Print(95, 95, 15, 'Supermines');
  Print(95, 105, 15, 'Records');
  Print(95, 115, 15, 'Exit');
  Copy(menuX1, menuY1, menuX2, menuY2, 0, menuX1, menuSaveY, sheetPage);

  i := 1;
  line_bf(93, 93, 175, 95 + 8, 7, 2);
  c := 'a';
  while ord(c) <> 13 do
  begin
    read(kbd, c);
    Copy(menuX1, menuSaveY, menuX2, menuSaveY + menuY2 - menuY1, sheetPage,
         menuX1, menuY1, 0);
    case ord(c) of
      31 : begin
             i := i + 1;
             if i > menuItems then i := 1;
           end;
      30 : begin
             i := i - 1;
             if i < 1 then i := menuItems;
           end;
    end;
    line_bf(93, 93 + (i - 1) * 10, 175, 95 + (i - 1) * 10 + 8, 7, 2);
  end;
  chooseOption := i;
end;

procedure showRecords;
var i : integer;
    c : char;
begin
  Color(15, 0, 0);
  cls2;
  Print(56, 2, 11, 'BEST TIMES (seconds)');
  Print(44, 18, 7, 'Supermines');
  for i := 1 to 10 do
    printRank(20 + i * 8, i, i);
  Print(60, 204, 14, 'Press any key');
  read(kbd, c);
end;

var option : integer;

begin
  Screen(5);
  Color(15, 0, 0);
  cls2;
  { The sheet goes to the invisible page 1 (chapter 5). }
  {$I-}
  LoadPicture(sheetFile, sheetPage);
  {$I+}
  if IOResult <> 0 then
  begin
    Screen(0);
    writeln(sheetFile, ' is not on the disk.');
    halt;
  end;
  if FileExists(rankFile) then
    loadRanking
  else
    clearRanking;
  randomize;

  quit := false;
  repeat
    option := chooseOption;
    if option = 1 then
    begin
      gameType := 1;
      newGame;
      Color(15, 0, 0);
      cls2;
      Color(labelColor, panelColor, 0);
      mountTable;
      gameControl;
    end
    else if option = 2 then
      showRecords
    else
      quit := true;
  until quit;

  Color(15, 4, 4);
  Screen(0);
  writeln('Thanks for playing MSX Supermines.');
end.
