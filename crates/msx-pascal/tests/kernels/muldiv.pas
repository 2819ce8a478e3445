program muldiv;
{ 16-bit multiply, divide and modulo in a loop. }
var i, x, y, acc: integer;
begin
  acc := 0;
  for i := 1 to 2000 do
  begin
    x := i * 31 + 7;
    y := x * (i mod 13 + 1);
    acc := acc + y div (i mod 17 + 1) + x mod 10;
  end;
  writeln(acc);
end.
