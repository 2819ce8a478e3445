program bubble;
{ Bubble sort of 200 integers in descending order, then a checksum. }
const n = 200;
var a: array[1..n] of integer;
    i, j, t, sum: integer;
begin
  for i := 1 to n do a[i] := (i * 37) mod 211;
  for i := 1 to n - 1 do
    for j := 1 to n - i do
      if a[j] < a[j + 1] then
      begin
        t := a[j]; a[j] := a[j + 1]; a[j + 1] := t;
      end;
  sum := 0;
  for i := 1 to n do sum := sum + a[i] * (i mod 7);
  writeln(a[1], ' ', a[n], ' ', sum);
end.
