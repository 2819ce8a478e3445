program SeaBattle;
{ The sea battle of the user's document 001 (a JavaScript game of 2013): one field
  shared by both sides, whose sides are drawn at random from 10 to 20 with an area of
  200 to 250 cells; each side's fleet (one ship of 4 cells, two of 3, three of 2, four
  of 1) and 2 mines placed at random by the computer, mixed on the field, no two
  objects touching, not even at a corner. One shot a turn. A shot on a mine makes the
  computer damage a random ship of the shooter (sink it when it has one cell). The
  player sees their own ships and mines, the enemy's hit and sunk ships and their own
  misses, never the computer's shots; the computer plays fair: it never reads where
  the player's objects are, only what a shot showed.
  The computer aims where the document's formula counts the most ways a ship can
  cover a cell; while a hit ship is not sunk, it fires only next to it.
  Screen: SCREEN 1, one character a cell, written straight into VRAM.
  Input: the cursor keys and the space bar, or the MSX mouse in port 1 (read through
  the BIOS's GTPAD and GTTRIG): it moves the cursor a cell per MouseStep counts, and
  its left button fires (and starts the game at the title). }

const
  MaxSide = 20;
  Ships = 10;                { per side; ship i of the player is i, of the computer 10+i }
  NameTable = $1800;         { SCREEN 1's tables }
  ColourTable = $2000;
  SpriteAttr = $1B00;
  SpritePat = $3800;
  { Characters, one group of 8 a colour (SCREEN 1 colours characters by groups). }
  ChWater = 128;   { blue sea, a dot }
  ChMiss = 136;    { the player's shot on water: a ring }
  ChShip = 144;    { the player's ship; ChShip+1: the same, damaged }
  ChMine = 152;    { the player's mine }
  ChMineGone = 160; { a mine that went off, red }
  ChHit = 168;     { an enemy ship cell that was hit: a cross }
  ChSunk = 176;    { an enemy ship that is sunk: red }
  ChLeft = 184;    { at the end, the enemy's ship cells never hit: grey }
  Lengths: array[1..Ships] of byte = (4, 3, 3, 2, 2, 2, 1, 1, 1, 1);
  MouseStep = 8;   { mouse counts a cell: one count a dot, as a sprite would move }

type
  Side = (Nobody, Player, Computer);
  Thing = (Sea, ShipPart, Mine);

var
  cols, rows: integer;                            { the field, 1..cols x 1..rows }
  owner: array[0..21, 0..21] of Side;
  what: array[0..21, 0..21] of Thing;
  ship: array[0..21, 0..21] of byte;        { which ship (1..2*Ships) a ship cell is }
  damaged: array[0..21, 0..21] of boolean;  { a ship cell hit, or a mine gone off }
  shotByPlayer, shotByComputer: array[0..21, 0..21] of boolean;
  hits: array[1..20] of byte;               { cells hit of each ship }
  canHold: array[0..21, 0..21] of boolean;  { may a ship of the player be here (computer) }
  afloat: array[1..4] of integer;           { the player's ships of each length afloat }
  cx, cy: integer;                          { the player's cursor }
  over: boolean;
  message: string[12];                      { what the player's last shot did }
  key: char;
  biosIn, biosOut: byte;                    { A for and from a BIOS call (inline code) }
  mx, my: integer;                          { mouse counts not yet a cell }
  leftWas: boolean;                         { the left button was down at the last look }
  jiffy: integer absolute $FC9E;            { the BIOS's frame counter }
  lastLook: integer;                        { jiffy at the last look at the mouse }
  mouseSeen: boolean;                       { port 1 answered as a mouse once }

procedure VPoke(addr: integer; v: byte);
begin
  inline($F3);                              { DI: the interrupt reads port 99h too }
  Port[$99] := Lo(addr);
  Port[$99] := Hi(addr) or $40;
  Port[$98] := v;
  inline($FB)
end;

{ biosOut := GTPAD(biosIn) (00DBh): 12 reads the mouse in port 1, then 13 and 14
  give its movement since the last read, -128..127 as a byte, right and down
  positive. The program runs from a boot disk: the BIOS is in page 0. }
procedure GtPad;
begin
  inline($3A/biosIn/            { LD A,(biosIn) }
         $CD/$DB/$00/           { CALL GTPAD }
         $32/biosOut)           { LD (biosOut),A }
end;

{ biosOut := GTTRIG(biosIn) (00D8h): 1 is trigger A of port 1, the mouse's left
  button; FFh while it is down. }
procedure GtTrig;
begin
  inline($3A/biosIn/            { LD A,(biosIn) }
         $CD/$D8/$00/           { CALL GTTRIG }
         $32/biosOut)           { LD (biosOut),A }
end;

function Signed(b: byte): integer;
begin
  if b > 127 then Signed := b - 256 else Signed := b
end;

{ Turns whole cells of the counts in acc into steps of pos within 1..last; counts
  that push past the edge are dropped. }
procedure Steps(var acc, pos: integer; last: integer);
begin
  while acc >= MouseStep do
  begin
    acc := acc - MouseStep;
    if pos < last then pos := pos + 1 else acc := 0
  end;
  while acc <= -MouseStep do
  begin
    acc := acc + MouseStep;
    if pos > 1 then pos := pos - 1 else acc := 0
  end
end;

{ Reads the mouse once a frame: moves the cursor (cx, cy) and is true when the left
  button has just gone down. An empty port (or a joystick at rest) reads as a
  movement of exactly (1, 1) every time, all its pins high; a mouse at rest reads
  (0, 0). So movements count from the first read that is not (1, 1) on. }
function MouseFires: boolean;
var dx, dy: integer;
    down: boolean;
begin
  MouseFires := false;
  if jiffy = lastLook then exit;
  lastLook := jiffy;
  biosIn := 12; GtPad;
  biosIn := 13; GtPad; dx := Signed(biosOut);
  biosIn := 14; GtPad; dy := Signed(biosOut);
  if (dx <> 1) or (dy <> 1) then mouseSeen := true;
  if mouseSeen then
  begin
    mx := mx + dx; my := my + dy;
    Steps(mx, cx, cols);
    Steps(my, cy, rows)
  end;
  biosIn := 1; GtTrig;
  down := biosOut <> 0;
  MouseFires := down and not leftWas;
  leftWas := down
end;

procedure VText(x, y: integer; s: string[32]);
var i: integer;
begin
  for i := 1 to Length(s) do VPoke(NameTable + 32 * y + x + i - 1, Ord(s[i]))
end;

{ A character's 8 rows and the colours of its group. }
procedure Define(ch: integer; r0, r1, r2, r3, r4, r5, r6, r7: byte; colours: byte);
begin
  VPoke(8 * ch, r0); VPoke(8 * ch + 1, r1); VPoke(8 * ch + 2, r2); VPoke(8 * ch + 3, r3);
  VPoke(8 * ch + 4, r4); VPoke(8 * ch + 5, r5); VPoke(8 * ch + 6, r6); VPoke(8 * ch + 7, r7);
  VPoke(ColourTable + ch div 8, colours)
end;

procedure SetUpScreen;
var i: integer;
begin
  Screen(1);
  Color(15, 1, 1);
  for i := 0 to 767 do VPoke(NameTable + i, 32);
  Define(ChWater, 0, 0, 0, $10, 0, 0, 0, 0, $74);
  Define(ChMiss, 0, $38, $44, $44, $44, $38, 0, 0, $F4);
  Define(ChShip, $7E, $FF, $FF, $FF, $FF, $FF, $FF, $7E, $C4);
  Define(ChShip + 1, $7E, $BD, $DB, $E7, $E7, $DB, $BD, $7E, $C4);
  Define(ChMine, $10, $54, $38, $FE, $38, $54, $10, 0, $14);
  Define(ChMineGone, $10, $54, $38, $FE, $38, $54, $10, 0, $18);
  Define(ChHit, $81, $42, $24, $18, $18, $24, $42, $81, $F4);
  Define(ChSunk, $FF, $C3, $A5, $99, $99, $A5, $C3, $FF, $F6);
  Define(ChLeft, $7E, $FF, $FF, $FF, $FF, $FF, $FF, $7E, $E4);
  { The cursor: sprite 0, a yellow frame; sprite 1 ends the list. }
  VPoke(SpritePat, $FF);
  for i := 1 to 6 do VPoke(SpritePat + i, $81);
  VPoke(SpritePat + 7, $FF);
  VPoke(SpriteAttr + 2, 0);
  VPoke(SpriteAttr + 3, 11);
  VPoke(SpriteAttr + 4, 208)
end;

procedure PlaceCursor;
begin
  VPoke(SpriteAttr, 8 * cy - 1);
  VPoke(SpriteAttr + 1, 8 * cx)
end;

function Inside(x, y: integer): boolean;
begin
  Inside := (x >= 1) and (x <= cols) and (y >= 1) and (y <= rows)
end;

{ Nothing on (x, y) nor on the 8 cells around it. }
function Free(x, y: integer): boolean;
var i, j: integer;
    ok: boolean;
begin
  ok := Inside(x, y);
  for i := x - 1 to x + 1 do
    for j := y - 1 to y + 1 do
      if what[i, j] <> Sea then ok := false;
  Free := ok
end;

{ One side's fleet and mines at random; false when the field had no room left. }
function PlaceSide(s: Side): boolean;
var k, n, x, y, i, tries: integer;
    across, ok: boolean;
begin
  PlaceSide := false;
  for k := 1 to Ships + 2 do
  begin
    if k <= Ships then n := Lengths[k] else n := 1;
    tries := 0;
    repeat
      across := Random(2) = 0;
      x := 1 + Random(cols);
      y := 1 + Random(rows);
      ok := true;
      for i := 0 to n - 1 do
        if across then ok := ok and Free(x + i, y)
        else ok := ok and Free(x, y + i);
      tries := tries + 1
    until ok or (tries > 500);
    if not ok then exit;
    for i := 0 to n - 1 do
    begin
      owner[x, y] := s;
      if k <= Ships then
      begin
        what[x, y] := ShipPart;
        ship[x, y] := k + Ships * Ord(s = Computer)
      end
      else what[x, y] := Mine;
      if across then x := x + 1 else y := y + 1
    end
  end;
  PlaceSide := true
end;

procedure NewField;
begin
  repeat
    cols := 10 + Random(11);
    rows := 10 + Random(11)
  until (cols * rows >= 200) and (cols * rows <= 250);
  repeat
    FillChar(owner, SizeOf(owner), 0);
    FillChar(what, SizeOf(what), 0);
    FillChar(ship, SizeOf(ship), 0);
  until PlaceSide(Player) and PlaceSide(Computer);
  FillChar(damaged, SizeOf(damaged), 0);
  FillChar(shotByPlayer, SizeOf(shotByPlayer), 0);
  FillChar(shotByComputer, SizeOf(shotByComputer), 0);
  FillChar(hits, SizeOf(hits), 0)
end;

function Sunk(k: integer): boolean;
begin
  Sunk := hits[k] = Lengths[(k - 1) mod Ships + 1]
end;

{ What the player sees on (x, y); `ended` shows the enemy's ships never hit. }
function Shown(x, y: integer; ended: boolean): byte;
var c: byte;
begin
  c := ChWater;
  if owner[x, y] = Player then
  begin
    if what[x, y] = ShipPart then c := ChShip + Ord(damaged[x, y])
    else if damaged[x, y] then c := ChMineGone
    else c := ChMine
  end
  else if owner[x, y] = Computer then
  begin
    if what[x, y] = ShipPart then
    begin
      if Sunk(ship[x, y]) then c := ChSunk
      else if damaged[x, y] then c := ChHit
      else if ended then c := ChLeft
    end
    else if damaged[x, y] then c := ChMineGone
  end
  else if shotByPlayer[x, y] then c := ChMiss;
  Shown := c
end;

procedure DrawField(ended: boolean);
var x, y: integer;
begin
  for y := 1 to rows do
    for x := 1 to cols do
      VPoke(NameTable + 32 * y + x, Shown(x, y, ended))
end;

function Alive(s: Side): boolean;
var k, first: integer;
    any: boolean;
begin
  first := 1 + Ships * Ord(s = Computer);
  any := false;
  for k := first to first + Ships - 1 do
    if not Sunk(k) then any := true;
  Alive := any
end;

{ The shot of `shooter` on (x, y): a hit, a miss, or a mine whose blast damages a
  random ship of the shooter (one cell of it not yet hit). }
procedure Shoot(shooter: Side; x, y: integer);
var k, n, first, i, j: integer;
    result: string[5];
begin
  if what[x, y] = ShipPart then
  begin
    if not damaged[x, y] then
    begin
      damaged[x, y] := true;
      hits[ship[x, y]] := hits[ship[x, y]] + 1
    end;
    if Sunk(ship[x, y]) then result := 'SUNK' else result := 'HIT'
  end
  else if what[x, y] = Mine then
  begin
    damaged[x, y] := true;
    result := 'MINE!';
    first := 1 + Ships * Ord(shooter = Computer);
    repeat
      k := first + Random(Ships)
    until not Sunk(k);
    n := Random(Lengths[k - first + 1] - hits[k]);
    for j := 1 to rows do
      for i := 1 to cols do
        if (ship[i, j] = k) and not damaged[i, j] then
        begin
          if n = 0 then
          begin
            damaged[i, j] := true;
            hits[k] := hits[k] + 1
          end;
          n := n - 1
        end
  end
  else result := 'MISS';
  if shooter = Player then message := result
end;

{ The computer's view, worked out once a turn into canHold: may a ship of the player be
  on (x, y)? Not where it shot, not on or next to its own objects, not next to a sunk
  ship of the player (ships never touch); and not on a hit cell (already known). The
  cells around each object that rules out are marked first (fewer steps than looking
  around every cell). }
procedure WorkOutCanHold;
var x, y, i, j: integer;
begin
  FillChar(canHold, SizeOf(canHold), 1);
  for y := 1 to rows do
    for x := 1 to cols do
      if (owner[x, y] = Computer) or ((owner[x, y] = Player) and (what[x, y] = ShipPart)
        and damaged[x, y] and Sunk(ship[x, y])) then
        for i := x - 1 to x + 1 do
          for j := y - 1 to y + 1 do
            canHold[i, j] := false;
  for y := 0 to 21 do
    for x := 0 to 21 do
      if not Inside(x, y) or shotByComputer[x, y] or damaged[x, y] then
        canHold[x, y] := false
end;

function Min(a, b: integer): integer;
begin
  if a < b then Min := a else Min := b
end;

{ The cells that may hold a ship from (x, y) in direction (dx, dy), the cell itself included; counted up
  to 4, the longest ship, since the formula takes min(run, N). }
function Run(x, y, dx, dy: integer): integer;
var n: integer;
begin
  n := 0;
  while canHold[x, y] and (n < 4) do
  begin
    n := n + 1;
    x := x + dx;
    y := y + dy
  end;
  Run := n
end;

{ The document's count: for each ship length N >= 2, the ships of that length still
  afloat times the ways one can cover (x, y), across and down (a direction where it
  does not fit counts no way); plus the single-cell ships. }
function Ways(x, y: integer): integer;
var n, l, r, t, b, across, down, total: integer;
begin
  total := 0;
  if canHold[x, y] then
  begin
    l := Run(x, y, -1, 0); r := Run(x, y, 1, 0);
    t := Run(x, y, 0, -1); b := Run(x, y, 0, 1);
    for n := 1 to 4 do
    begin
      if n = 1 then total := total + afloat[1]
      else
      begin
        across := Min(l, n) + Min(r, n) - n;
        down := Min(t, n) + Min(b, n) - n;
        if across < 0 then across := 0;
        if down < 0 then down := 0;
        total := total + afloat[n] * (across + down)
      end
    end
  end;
  Ways := total
end;

{ A hit ship of the player that is not sunk on (x, y): both sides see hit ships. }
function Wreck(x, y: integer): boolean;
begin
  Wreck := (owner[x, y] = Player) and (what[x, y] = ShipPart) and damaged[x, y]
    and not Sunk(ship[x, y])
end;

{ Next to (4 sides) a hit ship of the player that is not sunk. }
function NextToWreck(x, y: integer): boolean;
begin
  NextToWreck := Wreck(x - 1, y) or Wreck(x + 1, y) or Wreck(x, y - 1) or Wreck(x, y + 1)
end;

procedure ComputerShoots;
var x, y, v, best, bx, by, ties, k: integer;
    hunting: boolean;
begin
  WorkOutCanHold;
  for k := 1 to 4 do afloat[k] := 0;
  for k := 1 to Ships do
    if not Sunk(k) then afloat[Lengths[k]] := afloat[Lengths[k]] + 1;
  { Hunting: some usable cell is beside a hit ship not yet sunk. }
  hunting := false;
  for y := 1 to rows do
    for x := 1 to cols do
      if not hunting then
        if Wreck(x, y) then
          hunting := canHold[x - 1, y] or canHold[x + 1, y] or canHold[x, y - 1]
            or canHold[x, y + 1];
  best := -1; bx := 0; by := 0; ties := 0;
  for y := 1 to rows do
    for x := 1 to cols do
      if canHold[x, y] then
      if not hunting or NextToWreck(x, y) then
      begin
        v := Ways(x, y);
        if v > best then
        begin
          best := v; bx := x; by := y; ties := 1
        end
        else if v = best then
        begin
          ties := ties + 1;
          if Random(ties) = 0 then
          begin
            bx := x; by := y
          end
        end
      end;
  if bx = 0 then
  begin
    { Nothing usable left: any cell it has not shot and that is not its own. }
    repeat
      bx := 1 + Random(cols); by := 1 + Random(rows)
    until not shotByComputer[bx, by] and (owner[bx, by] <> Computer)
  end;
  shotByComputer[bx, by] := true;
  Shoot(Computer, bx, by)
end;

procedure Status(s: string[31]);
begin
  VText(0, 23, '                                ');
  VText(1, 23, s)
end;

procedure PlayerTurn;
var c: char;
    done: boolean;
    ox, oy: integer;
begin
  done := false;
  repeat
    { The mouse moves the cursor until a key or its left button; then Read finds the
      key waiting: no text cursor drawn. }
    PlaceCursor;
    c := #0;
    repeat
      ox := cx; oy := cy;
      if MouseFires then c := ' ';
      if (cx <> ox) or (cy <> oy) then PlaceCursor
    until KeyPressed or (c = ' ');
    if c <> ' ' then Read(Kbd, c);
    case Ord(c) of
      28: if cx < cols then cx := cx + 1;
      29: if cx > 1 then cx := cx - 1;
      30: if cy > 1 then cy := cy - 1;
      31: if cy < rows then cy := cy + 1;
      32: if not shotByPlayer[cx, cy] and (owner[cx, cy] <> Player) then
          begin
            shotByPlayer[cx, cy] := true;
            Shoot(Player, cx, cy);
            done := true
          end
    end
  until done
end;

begin
  SetUpScreen;
  VText(9, 10, 'SEA BATTLE');
  VText(4, 13, 'PRESS SPACE TO START');
  cols := 0; rows := 0; cx := 0; cy := 0;
  mx := 0; my := 0;
  leftWas := true;              { a button held at power-on is not a click }
  lastLook := jiffy - 1;
  mouseSeen := false;
  repeat
    key := #0;
    if KeyPressed then Read(Kbd, key);
    if MouseFires then key := ' '
  until key = ' ';
  Randomize;
  VText(4, 13, '    PLACING SHIPS   ');
  NewField;
  VText(4, 10, '                    ');
  VText(4, 13, '                    ');
  cx := 1; cy := 1;
  mx := 0; my := 0;
  over := false;
  message := '';
  repeat
    DrawField(false);
    Status('YOUR SHOT ' + message);
    PlayerTurn;
    if not Alive(Computer) or not Alive(Player) then over := true
    else
    begin
      ComputerShoots;
      if not Alive(Computer) or not Alive(Player) then over := true
    end
  until over;
  DrawField(true);
  VPoke(SpriteAttr, 208);
  if Alive(Player) then Status('YOU WIN') else Status('YOU LOSE');
  repeat until false
end.
