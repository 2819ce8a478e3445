program reals;
{ Reals in every format Write offers: compound interest, a few functions and
  constants. The output is checked by tests/run_reals.rs against values worked
  out by hand. }
const rate: real = 0.05;
var capital, x: real; year: integer;
begin
  capital := 1000;
  for year := 1 to 3 do
  begin
    capital := capital * (1 + rate);
    writeln(year:2, capital:12:3, capital:14, ' ', capital);
  end;
  x := pi / 6;
  writeln(sin(x):0:6, ' ', cos(x):10:4, ' ', sqrt(2):0:10);
  writeln(exp(1):20, ' ', ln(2):9);
  writeln(-1.5e-7, ' ', 6.02e23:12, ' ', 299792.458:0:3);
end.
