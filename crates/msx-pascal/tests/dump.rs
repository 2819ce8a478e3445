//! The text form of the checked program (`msx_pascal::dump`), read and checked by hand.

mod common;

#[test]
fn dump_shows_types_storage_conversions_and_resolved_names() {
    let p = common::check(
        "program Small;
type rank = record name : string[8]; time : integer end;
const best : rank = (name: 'Ana'; time: 42);
var b : byte; i : integer; s : string[10]; r : rank;
{$A-}
function fact(n : integer) : integer;
begin
  if n <= 1 then fact := 1 else fact := n * fact(n - 1)
end;
{$A+}
begin
  i := b + 1;
  s := 'x' + s;
  with r do time := fact(b);
  case i of 1..3, 7: writeln(i:4); else write('?') end;
  {$I-} read(kbd, s[1]); {$I+}
  inline($3A/b/*+2)
end.",
    );
    let expected = "\
program Small
  typed const best: rank (11 bytes) = 03 41 6E 61 00 00 00 00 00 2A 00
  global b: byte (1 byte)
  global i: integer (2 bytes)
  global s: string[10] (11 bytes)
  global r: rank (11 bytes)
  function fact (level 1, recursive): integer
    param n: integer (2 bytes)
    if (<= n 1)
      fact := 1
    else
      fact := (* n fact((- n 1)))
  main
    i := (+ (byte->int b) 1)
    s := (concat 'x' s)
    with#0 = r
      with#0.time := fact((byte->int b))
    case i
      1..3, 7:
        writeln(i:4)
      else:
        write('?')
    read(Kbd, s[1]) {$I-}
    inline <$3A >@b >*+2
";
    assert_eq!(msx_pascal::dump(&p), expected);
}
