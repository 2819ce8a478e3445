{ map.pas - the mine map (chapters 4, 7 and 11 of the MarMSX article). }

procedure chooseGame(game : integer);
begin
  width  := gameBounds[game, 1];
  height := gameBounds[game, 2];
  mines  := gameBounds[game, 3];
end;

procedure resetMap;
var i, j : integer;
begin
  for i := 1 to 30 do
    for j := 1 to 16 do
    begin
      mineMap[i, j] := 0;
      mapOpen[i, j] := false;
      flagMap[i, j] := false;
    end;
end;

{ A number from 1 to n, every value equally likely (chapter 11): random is
  asked for a range 100 times larger and the result divided back, so the
  low bits of the generator, which repeat, do not decide the position. }
function pick(n : integer) : integer;
begin
  pick := (random(n * 100) div 100) + 1;
end;

{ Chapter 4: place the mines one by one on free cells (-1), and add one to
  each of the 8 neighbours that is not a mine. }
procedure createMap;
var k, x, y, dx, dy, nx, ny : integer;
begin
  for k := 1 to mines do
  begin
    repeat
      x := pick(width);
      y := pick(height);
    until mineMap[x, y] <> -1;
    mineMap[x, y] := -1;
    for dx := -1 to 1 do
      for dy := -1 to 1 do
      begin
        nx := x + dx;
        ny := y + dy;
        if (nx >= 1) and (nx <= width) and (ny >= 1) and (ny <= height) then
          if mineMap[nx, ny] <> -1 then
            mineMap[nx, ny] := mineMap[nx, ny] + 1;
      end;
  end;
end;

{ The screen position of a cell, and its picture now. }
procedure drawTile(x, y, tile : integer);
begin
  Copy(scrCoord[tile, 1], scrCoord[tile, 2],
       scrCoord[tile, 3], scrCoord[tile, 4],
       sheetPage, cellX[x], cellY[y], 0);
end;

function cellTile(x, y : integer) : integer;
begin
  if mapOpen[x, y] then
    cellTile := mineMap[x, y]
  else if flagMap[x, y] then
    cellTile := tFlag
  else
    cellTile := tClosed;
end;

procedure drawCell(x, y : integer);
begin
  drawTile(x, y, cellTile(x, y));
  { Drawing over the cursor's cell erases the cursor frame. }
  if (x = shownCurX) and (y = shownCurY) then
    shownCurX := 0;
end;

{ Chapter 7: open a cell and, when it has no mine around, its 8 neighbours,
  recursively. Flagged cells stay closed. TP3 needs A- for recursion. }
{$A-}
procedure flood_fill(i, j : integer);
var x, y : integer;
begin
  { Out of bounds, already open or flagged: nothing to do. }
  if (i < 1) or (j < 1) or (i > width) or (j > height) then
    exit;
  if mapOpen[i, j] or flagMap[i, j] then
    exit;

  { Open the node. }
  mapOpen[i, j] := true;
  opened := opened + 1;
  drawCell(i, j);

  { A number (or a mine) stops the filling. }
  if mineMap[i, j] <> 0 then
    exit;

  { Spread to the 8 neighbours. }
  for x := -1 to 1 do
    for y := -1 to 1 do
      if not ((x = 0) and (y = 0)) then
        flood_fill(i + x, j + y);
end;
{$A+}
