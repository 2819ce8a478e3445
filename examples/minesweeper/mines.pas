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
{$I minetime.inc}
{$I map.pas}
{$I minegfx.inc}
{$I minerank.inc}

const
  { The menu of chapter 3 (the BASIC version's box, for an 8-pixel font). }
  menuX1 = 90;  menuY1 = 90;
  menuX2 = 190; menuY2 = 135;
  menuSaveY = 190;  { where page 1 keeps a clean copy of the menu }
  menuItems = 4;

var
  quit : boolean;

procedure newGame;
begin
  chooseGame(gameType);
  resetMap;
  createMap;
  flags := mines;
  opened := 0;
  cursorX := 1;
  cursorY := 1;
  timeStart := false;
  theEnd := false;
  lost := false;
end;

procedure waitEnter;
var c : char;
begin
  repeat
    read(kbd, c);
  until (c = #13) or (c = #27);
end;

{ Lost: the mine that went off in red, the other mines shown, the flags
  that were wrong crossed out. }
procedure loseGame(hitX, hitY : integer);
var x, y : integer;
begin
  theEnd := true;
  lost := true;
  hideCursor;
  for y := 1 to height do
    for x := 1 to width do
    begin
      if (x = hitX) and (y = hitY) then
        drawTile(x, y, tRedBomb)
      else if (mineMap[x, y] = -1) and not flagMap[x, y] then
        drawTile(x, y, tBomb)
      else if flagMap[x, y] and (mineMap[x, y] <> -1) then
        drawTile(x, y, tWrongFlag);
    end;
  drawFace(tLost);
end;

{ A name typed in a box over the board: letters, BS to erase, ENTER ends. }
procedure readName(var name : TName);
const bx1 = 56; by1 = 80; bx2 = 199; by2 = 127;
var c : char;
begin
  name := '';
  Color(15, 4, 0);
  line_bf(bx1, by1, bx2, by2, 4, 0);
  line_b(bx1, by1, bx2, by2, 15, 0);
  Print(bx1 + 8, by1 + 6, 15, 'New record!');
  Print(bx1 + 8, by1 + 18, 15, 'Your name:');
  repeat
    line_bf(bx1 + 8, by1 + 30, bx2 - 4, by1 + 37, 4, 0);
    Print(bx1 + 8, by1 + 30, 15, name + '_');
    read(kbd, c);
    if (c = #8) and (length(name) > 0) then
      delete(name, length(name), 1)
    else if (c >= ' ') and (c <= '~') and (length(name) < 14) then
      name := name + c;
  until c = #13;
  line_bf(bx1 + 8, by1 + 30, bx2 - 4, by1 + 37, 4, 0);
  Print(bx1 + 8, by1 + 30, 15, name);
end;

{ Won: every mine gets its flag, and a time good enough for the level's
  ten best asks for the player's name and is saved at once. }
procedure winGame;
var x, y, place, time : integer;
    name : TName;
begin
  theEnd := true;
  hideCursor;
  for y := 1 to height do
    for x := 1 to width do
      if (mineMap[x, y] = -1) and not flagMap[x, y] then
      begin
        flagMap[x, y] := true;
        drawTile(x, y, tFlag);
      end;
  flags := 0;
  printLabels;
  drawFace(tWon);
  time := shownTime;
  place := rankPlace(gameType, time);
  if place > 0 then
  begin
    readName(name);
    insertRank(gameType, place, time, name);
    saveRanking;
  end;
end;

function allOpen : boolean;
begin
  allOpen := opened = width * height - mines;
end;

{ Z: open the cell under the cursor. }
procedure openMine;
begin
  if mapOpen[cursorX, cursorY] or flagMap[cursorX, cursorY] then
    exit;
  if mineMap[cursorX, cursorY] = -1 then
    loseGame(cursorX, cursorY)
  else
  begin
    flood_fill(cursorX, cursorY);
    if allOpen then
      winGame;
  end;
end;

{ X: put a flag on a closed cell, or take it away. }
procedure changeFlag;
begin
  if mapOpen[cursorX, cursorY] then
    exit;
  flagMap[cursorX, cursorY] := not flagMap[cursorX, cursorY];
  if flagMap[cursorX, cursorY] then
    flags := flags - 1
  else
    flags := flags + 1;
  drawCell(cursorX, cursorY);
end;

{ C: on an opened number with at least one flag around it (chapter 2),
  open the 8 neighbours that are neither open nor flagged. A mine among
  them ends the game, as on the PC. }
procedure openNeighbors;
var dx, dy, nx, ny, around, hitX, hitY : integer;
begin
  if not mapOpen[cursorX, cursorY] or (mineMap[cursorX, cursorY] <= 0) then
    exit;
  around := 0;
  for dx := -1 to 1 do
    for dy := -1 to 1 do
    begin
      nx := cursorX + dx;
      ny := cursorY + dy;
      if (nx >= 1) and (nx <= width) and (ny >= 1) and (ny <= height) then
        if flagMap[nx, ny] then
          around := around + 1;
    end;
  if around = 0 then
    exit;
  hitX := 0;
  hitY := 0;
  for dx := -1 to 1 do
    for dy := -1 to 1 do
    begin
      nx := cursorX + dx;
      ny := cursorY + dy;
      if (nx >= 1) and (nx <= width) and (ny >= 1) and (ny <= height) then
        if not mapOpen[nx, ny] and not flagMap[nx, ny] then
        begin
          if mineMap[nx, ny] = -1 then
          begin
            if hitX = 0 then
            begin
              hitX := nx;
              hitY := ny;
            end;
          end
          else
            flood_fill(nx, ny);
        end;
    end;
  if hitX <> 0 then
    loseGame(hitX, hitY)
  else if allOpen then
    winGame;
end;

{ Chapter 8: the main loop. It keeps the clock on the panel running while
  it waits, and reads a key only when one was pressed. }
procedure gameControl;
var c : char;
begin
  while not theEnd do
  begin
    printLabels;
    drawCursor(cursorX, cursorY);
    if KeyPressed then
    begin
      read(kbd, c);
      c := UpCase(c);
      { The clock starts with the first cell opened. }
      if c = 'Z' then
        checkTime;
      case ord(c) of
        28 : if cursorX < width then cursorX := cursorX + 1;   { right }
        29 : if cursorX > 1 then cursorX := cursorX - 1;       { left }
        31 : if cursorY < height then cursorY := cursorY + 1;  { down }
        30 : if cursorY > 1 then cursorY := cursorY - 1;       { up }
        90 : openMine;                                         { Z }
        88 : changeFlag;                                       { X }
        67 : openNeighbors;                                    { C }
        27 : exit;                                             { ESC }
      end;
    end;
  end;
  waitEnter;
end;

{ The menu of chapter 3: a blue box with a white border, a clean copy of
  it kept in page 1, and the current option lit by a cyan box drawn with
  OR (blue 4 or cyan 7 = cyan 7, white 15 or 7 = white 15). }
function chooseOption : integer;
var c : char;
    i : integer;
begin
  Color(15, 0, 0);
  cls2;
  Print(68, 50, 15, 'MSX MINESWEEPER');
  Print(44, 190, 14, '(c) 2006 MarMSX');
  Color(15, 4, 0);
  line_bf(menuX1, menuY1, menuX2, menuY2, 4, 0);
  line_b(menuX1, menuY1, menuX2, menuY2, 15, 0);
  Print(95, 95, 15, 'Mines Easy');
  Print(95, 105, 15, 'Mines Hard');
  Print(95, 115, 15, 'Records');
  Print(95, 125, 15, 'Exit');
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

{ One line of the records screen: place, name, time. }
procedure printRank(y, place, entry : integer);
var s : string[40];
    n : string[3];
begin
  str(place:2, s);
  s := s + ' ';
  if ranking[entry].time = -1 then
    s := s + '---             ---'
  else
  begin
    s := s + copy(ranking[entry].name, 1, 14);
    while length(s) < 18 do
      s := s + ' ';
    str(ranking[entry].time:3, n);
    s := s + ' ' + n;
  end;
  Print(44, y, 15, s);
end;

procedure showRecords;
var i : integer;
    c : char;
begin
  Color(15, 0, 0);
  cls2;
  Print(56, 2, 11, 'BEST TIMES (seconds)');
  Print(44, 18, 7, 'Mines Easy');
  for i := 1 to 10 do
    printRank(20 + i * 8, i, i);
  Print(44, 114, 7, 'Mines Hard');
  for i := 1 to 10 do
    printRank(116 + i * 8, i, 10 + i);
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
    if option < 3 then
    begin
      gameType := option;
      newGame;
      Color(15, 0, 0);
      cls2;
      Color(labelColor, panelColor, 0);
      mountTable;
      gameControl;
    end
    else if option = 3 then
      showRecords
    else
      quit := true;
  until quit;

  Color(15, 4, 4);
  Screen(0);
  writeln('Thanks for playing MSX Minesweeper.');
end.
