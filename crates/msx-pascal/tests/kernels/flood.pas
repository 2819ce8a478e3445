program flood;
{ Recursive flood fill ($A-) of a 24 x 24 grid with a wall. }
const w = 24;
var g: array[0..25, 0..25] of byte;
    i, j, count: integer;
{$A-}
procedure fill(x, y: integer);
begin
  if g[x, y] <> 0 then exit;
  g[x, y] := 2;
  fill(x + 1, y);
  fill(x - 1, y);
  fill(x, y + 1);
  fill(x, y - 1);
end;
{$A+}
begin
  for i := 0 to 25 do
    for j := 0 to 25 do
      if (i = 0) or (j = 0) or (i = 25) or (j = 25) or ((i = 12) and (j < 20)) then
        g[i, j] := 1
      else
        g[i, j] := 0;
  fill(1, 1);
  count := 0;
  for i := 0 to 25 do
    for j := 0 to 25 do
      if g[i, j] = 2 then count := count + 1;
  writeln(count);
end.
