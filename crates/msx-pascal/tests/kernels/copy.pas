program copyarr;
{ Array copy, element by element, 20 times over 1000 integers. }
const n = 1000;
var a, b: array[1..n] of integer;
    i, r, sum: integer;
begin
  for i := 1 to n do a[i] := i;
  for r := 1 to 20 do
    for i := 1 to n do b[i] := a[i] + r;
  sum := 0;
  for i := 1 to n do sum := sum + b[i];
  writeln(sum);
end.
