program Mines;
{ Minesweeper for MSX 2, rebuilt for the msx-pascal tests in the style of the
  MarMSX article "Desenvolvimento do Jogo Minesweeper" (2018). Screen 5, the
  objects are drawn on page 1 and copied to page 0 with the VDP. }

{$I-}
{$R-}

const
  maxSize = 16;
  bomb = -1;
  cellSize = 12;
  rankFile = 'minerank.dat';
  keyRight = 28; keyLeft = 29; keyUp = 30; keyDown = 31;
  keyEsc = 27; keyEnter = 13;
  logOr = 2;

  { x1, y1, x2, y2 of each object on page 1; 0..8 are the numbers, -1 the bomb }
  scrCoord : array[-1..18, 1..4] of integer = ((12,0,23,11),
    (0,12,11,23), (12,12,23,23), (24,12,35,23),
    (36,12,47,23), (48,12,59,23), (60,12,71,23), (72,12,83,23),
    (84,12,95,23), (96,12,107,23), (0,0,11,11), (24,0,35,11),
    (36,0,47,11), (48,0,59,11), (0,24,95,42), (0,43,191,61),
    (40,25,56, 41), (108,0,124,16), (124,0,141,16), (60,0,71,11));

  gameAlign : array[1..2, 1..2] of integer = ((80,39), (30,1));
  gameBounds : array[1..2, 1..2] of integer = ((8,8), (16,16));
  levelName : array[1..2] of string[5] = ('Easy', 'Hard');

  { objects in scrCoord }
  objClosed = 10;
  objRedBomb = 11;
  objWrongFlag = 12;
  objFlag = 13;
  objHeader = 14;
  objSmile = 16;
  objLost = 17;
  objWon = 18;

type
  TName = string[12];
  rank = record
    name : string[20];
    time : integer;
  end;
  TCell = (cellClosed, cellOpen, cellFlag);
  TKeys = set of char;

var
  width, height, mines, flags : integer;
  gameType : integer;
  cursorX, cursorY : integer;
  timeStart, theEnd, won : boolean;
  map : array[1..maxSize, 1..maxSize] of integer;
  mapOpen : array[1..maxSize, 1..maxSize] of boolean;
  flagMap : array[1..maxSize, 1..maxSize] of boolean;
  state : array[1..maxSize, 1..maxSize] of TCell;
  ranking : array[1..20] of rank;
  rankDisk : file of rank;
  playerName : TName;
  c : char;
  i : integer;
  keyClick : byte absolute $F3DB;
  forClr : byte absolute $F3E9;

{$I minetime.inc}
{$I map.inc}

{ ---------------------------------------------------------------- drawing }

procedure drawObject(obj, x, y : integer);
begin
  Copy(scrCoord[obj, 1], scrCoord[obj, 2],
       scrCoord[obj, 3], scrCoord[obj, 4],
       1, x, y, 0);
end;

procedure cellPosition(i, j : integer; var x, y : integer);
var k : integer;
begin
  x := gameAlign[gameType, 1];
  y := gameAlign[gameType, 2] + scrCoord[objHeader + gameType - 1, 4]
       - scrCoord[objHeader + gameType - 1, 2] + 1;
  for k := 2 to i do x := x + cellSize;
  for k := 2 to j do y := y + cellSize;
end;

procedure drawCell(i, j : integer);
var x, y : integer;
begin
  cellPosition(i, j, x, y);
  if mapOpen[i, j] then
    drawObject(map[i, j], x, y)
  else if flagMap[i, j] then
    drawObject(objFlag, x, y)
  else
    drawObject(objClosed, x, y);
end;

procedure mountTable;
var i, j, page : integer;
    offsetX, offsetY : integer;
begin
  page := 0;

  { Header }
  Copy(scrCoord[12 + gameType, 1], scrCoord[12 + gameType, 2],
       scrCoord[12 + gameType, 3], scrCoord[12 + gameType, 4],
       1,
       0 + gameAlign[gameType, 1], 0 + gameAlign[gameType, 2],
       page);

  { Matrix }
  offsetY := scrCoord[12 + gameType, 4] -
             scrCoord[12 + gameType, 2] + gameAlign[gameType, 2] + 1;
  for i := 1 to gameBounds[gameType, 1] do
  begin
    offsetX := gameAlign[gameType, 1];
    for j := 1 to gameBounds[gameType, 2] do
    begin
      Copy(scrCoord[objClosed, 1], scrCoord[objClosed, 2],
           scrCoord[objClosed, 3], scrCoord[objClosed, 4],
           1,
           offsetX, offsetY,
           page);
      offsetX := offsetX + 12;
    end;
    offsetY := offsetY + 12;
  end
end;

procedure drawCursor(i, j : integer);
var x, y : integer;
begin
  cellPosition(i, j, x, y);
  line_b(x, y, x + cellSize - 1, y + cellSize - 1, 8, logOr);
end;

procedure printNumber(x, y, n : integer);
var s : string[6];
begin
  Str(n:3, s);
  line_bf(x, y, x + 24, y + 8, 1, 0);
  Print(x, y, 15, s);
end;

procedure printLabels;
var x, y : integer;
begin
  x := gameAlign[gameType, 1] + 4;
  y := gameAlign[gameType, 2] + 5;
  printNumber(x, y, flags);
  if timeStart then
    printNumber(x + 60, y, elapsedTime);
end;

{ ---------------------------------------------------------------- game logic }

{$A-}
procedure flood_fill(i, j : integer);
var x, y : integer;
begin
  {If out of bounds, return}
  if (i < 1) or (j < 1) or (i > width) or (j > height) then
    exit;

  {If node is already visited, return}
  if (mapOpen[i, j] = true) then
    exit;

  {Open node}
  mapOpen[i, j] := true;
  state[i, j] := cellOpen;
  drawCell(i, j);

  {If node <> empty, return}
  if (map[i, j] <> 0) then
    exit;

  {Spread this to its 8 neighbors}
  for x := -1 to 1 do
  begin
    for y := -1 to 1 do
    begin
      if not ((x = 0) and (y = 0)) then
        flood_fill(i + x, j + y);
    end;
  end;
end;
{$A+}

function countOpen : integer;
var i, j, n : integer;
begin
  n := 0;
  for i := 1 to width do
    for j := 1 to height do
      if mapOpen[i, j] then n := n + 1;
  countOpen := n;
end;

procedure showBombs;
var i, j, x, y : integer;
begin
  for i := 1 to width do
    for j := 1 to height do
    begin
      cellPosition(i, j, x, y);
      if (map[i, j] = bomb) and not flagMap[i, j] then
        drawObject(-1, x, y)
      else if flagMap[i, j] and (map[i, j] <> bomb) then
        drawObject(objWrongFlag, x, y);
    end;
end;

procedure lose(i, j : integer);
var x, y : integer;
begin
  showBombs;
  cellPosition(i, j, x, y);
  drawObject(objRedBomb, x, y);
  drawObject(objLost, gameAlign[gameType, 1] + 40, gameAlign[gameType, 2]);
  theEnd := true;
  won := false;
end;

procedure checkWin;
begin
  if countOpen = width * height - mines then
  begin
    drawObject(objWon, gameAlign[gameType, 1] + 40, gameAlign[gameType, 2]);
    theEnd := true;
    won := true;
  end;
end;

procedure openMine(i, j : integer);
begin
  if flagMap[i, j] or mapOpen[i, j] then exit;
  if map[i, j] = bomb then
    lose(i, j)
  else
  begin
    flood_fill(i, j);
    checkWin;
  end;
end;

procedure changeFlag(i, j : integer);
begin
  if mapOpen[i, j] then exit;
  flagMap[i, j] := not flagMap[i, j];
  if flagMap[i, j] then
  begin
    flags := flags - 1;
    state[i, j] := cellFlag;
  end
  else
  begin
    flags := flags + 1;
    state[i, j] := cellClosed;
  end;
  drawCell(i, j);
end;

procedure openNeighbors(i, j : integer);
var x, y, around : integer;
begin
  if not mapOpen[i, j] then exit;
  around := 0;
  for x := i - 1 to i + 1 do
    for y := j - 1 to j + 1 do
      if (x >= 1) and (x <= width) and (y >= 1) and (y <= height) then
        if flagMap[x, y] then around := succ(around);
  if (around = 0) or (around <> map[i, j]) then exit;
  for x := i - 1 to i + 1 do
    for y := j - 1 to j + 1 do
      if (x >= 1) and (x <= width) and (y >= 1) and (y <= height) then
        if not theEnd then openMine(x, y);
end;

procedure checkTime;
begin
  if not timeStart then
  begin
    startTime;
    timeStart := true;
  end;
end;

procedure newGame;
begin
  chooseGame(gameType);
  resetMap;
  createMap;
  flags := mines;
  cursorX := 1;
  cursorY := 1;
  timeStart := false;
end;

{ ---------------------------------------------------------------- ranking }

procedure clearRanking;
var i : integer;
begin
  for i := 1 to 20 do
    with ranking[i] do
    begin
      name := '';
      time := -1;
    end;
end;

function FileExists(Name : TName) : boolean;
Var
  F : File;
begin
  {$I-}
  Assign(F, Name);
  Reset(F);
  {$I+}
  FileExists := (IoResult = 0) and (Name <> ' ');
  Close(F);
end;

procedure saveRanking;
var i : integer;
begin
  Assign(rankDisk, rankFile);
  Rewrite(rankDisk);
  for i := 1 to 20 do
    Write(rankDisk, ranking[i]);
  close(rankDisk);
end;

procedure loadRanking;
var i : integer;
begin
  if FileExists(rankFile) then
  begin
    Assign(rankDisk, rankFile);
    Reset(rankDisk);
    i := 1;
    while not eof(rankDisk) and (i <= 20) do
    begin
      Read(rankDisk, ranking[i]);
      i := i + 1;
    end;
    close(rankDisk);
  end
  else
    clearRanking;
end;

{ Insert a time in the table of a level, keeping it sorted. }
procedure addRanking(level, time : integer; name : TName);
var first, i, pos : integer;
begin
  first := (level - 1) * 10 + 1;
  pos := 0;
  for i := first + 9 downto first do
    if (ranking[i].time = -1) or (ranking[i].time > time) then
      pos := i;
  if pos = 0 then exit;
  for i := first + 9 downto pos + 1 do
    ranking[i] := ranking[i - 1];
  ranking[pos].name := name;
  ranking[pos].time := time;
end;

procedure askName;
var k : char;
    done : boolean;
    allowed : TKeys;
begin
  allowed := ['A'..'Z', 'a'..'z', '0'..'9', ' '];
  playerName := '';
  done := false;
  Print(60, 100, 15, 'Your name:');
  repeat
    read(kbd, k);
    if (k in allowed) and (length(playerName) < 12) then
      playerName := playerName + upcase(k)
    else if (ord(k) = 8) and (length(playerName) > 0) then
      delete(playerName, length(playerName), 1)
    else if ord(k) = keyEnter then
      done := true;
    line_bf(60, 110, 160, 118, 0, 0);
    Print(60, 110, 15, playerName);
  until done;
end;

procedure showRanking;
var level, i, y : integer;
    line : string[40];
    t : string[5];
begin
  Color(15, 0, 0);
  cls2;
  y := 10;
  for level := 1 to 2 do
  begin
    Print(10, y, 11, 'Mines ' + levelName[level]);
    y := y + 10;
    for i := (level - 1) * 10 + 1 to level * 10 do
      with ranking[i] do
        if time >= 0 then
        begin
          Str(time:4, t);
          line := copy(name + '............', 1, 12) + t;
          Print(20, y, 15, line);
          y := y + 9;
        end;
    y := y + 6;
  end;
  read(kbd, c);
end;

{ ---------------------------------------------------------------- control }

procedure gameControl;
var c : char;
    i, j : integer;
begin
  theEnd := false;
  i := 1;
  j := 1;
  while theEnd = false do
  begin
    printLabels;
    drawCursor(i, j);
    if Keypressed then
    begin
      read(kbd, c);
      drawCell(i, j);
      if (ord(c) = 122) or (ord(c) = 120) then
        checkTime;
      case ord(c) of
        keyRight : begin { Right }
                     i := i + 1; if i > width then i := width;
                   end;
        keyLeft : begin { Left }
                    i := i - 1; if i < 1 then i := 1;
                  end;
        keyDown : begin { Down }
                    j := j + 1; if j > height then j := height;
                  end;
        keyUp : begin { Up }
                  j := j - 1; if j < 1 then j := 1;
                end;
        122 : openMine(i, j);         { z - Open mine }
        120 : changeFlag(i, j);       { x - Check / Uncheck flags }
        99 : openNeighbors(i, j);     { c - Open neighborhood }
        keyEsc : exit;
      end;
    end;
  end;
  if won then
  begin
    askName;
    addRanking(gameType, elapsedTime, playerName);
    saveRanking;
  end;
  repeat read(kbd, c) until ord(c) = keyEnter;
end;

procedure drawMenu;
begin
  Color(15, 4, 0);
  line_bf(90, 90, 160, 135, 4, 0);
  line_b(90, 90, 160, 135, 15, 0);
  Print(95, 95, 15, 'Mines Easy');
  Print(95, 105, 15, 'Mines Hard');
  Print(95, 115, 15, 'Records');
  Print(95, 125, 15, 'Exit');
  Copy(90, 90, 160, 135, 0, 90, 190, 1);
end;

{ ---------------------------------------------------------------- main }

begin
  keyClick := 0;
  Screen(5);
  LoadPicture('mines.scr', 1);
  loadRanking;
  c := 'a';
  while ord(c) <> 255 do
  begin
    Color(15, 0, 0);
    cls2;
    drawMenu;
    line_bf(93, 93, 155, 95 + 8, 7, logOr);

    i := 1;
    c := 'a';
    while ord(c) <> keyEnter do
    begin
      read(kbd, c);
      Copy(90, 190, 160, 235, 1, 90, 90, 0);
      case ord(c) of
        keyDown : begin
                    i := i + 1;
                    if (i > 4) then i := 1;
                  end;
        keyUp : begin
                  i := i - 1;
                  if (i < 1) then i := 4;
                end;
      end;
      line_bf(93, 93 + (i - 1) * 10, 155, 95 + (i - 1) * 10 + 8, 7, logOr);
    end;

    if i < 3 then
    begin
      gameType := i;
      newGame;
      Color(15, 0, 0);
      cls2;
      Color(6, 14, 0);
      mountTable;
      gameControl;
    end
    else if i = 3 then
      showRanking
    else
      c := chr(255);
  end;
  Screen(0);
  Port[$AA] := Port[$AA] and $F0;
  Mem[$FCA9] := 0;
  GotoXY(1, 1);
  ClrScr;
  writeln('Thanks for playing!':25);
  Delay(100);
end.
