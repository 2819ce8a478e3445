program strbuild;
{ String building: appends, Str, Copy and Pos. }
var s: string[255]; t: string[10]; i, n: integer;
begin
  n := 0;
  for i := 1 to 50 do
  begin
    s := '';
    while length(s) < 200 do
    begin
      str(i, t);
      s := s + t + ',';
    end;
    n := n + pos('7,', s) + length(copy(s, 10, 20));
  end;
  writeln(n);
end.
