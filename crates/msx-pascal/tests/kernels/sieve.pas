program sieve;
{ Sieve of Eratosthenes: the primes below 8190, counted. }
const size = 8190;
var flags: array[0..size] of boolean;
    i, k, count: integer;
begin
  count := 0;
  for i := 0 to size do flags[i] := true;
  for i := 2 to size do
    if flags[i] then
    begin
      k := i + i;
      while k <= size do
      begin
        flags[k] := false;
        k := k + i;
      end;
      count := count + 1;
    end;
  writeln(count);
end.
