//! The code listings of the MarMSX Minesweeper article (seed 003), each wrapped in just
//! enough declarations to be a program, check without errors. The listings are copied as
//! printed (only the article's unbalanced trailing `end;` of `mountTable` is dropped).

mod common;

use common::check;

/// Declarations the listings use without showing them.
const PRELUDE: &str = "
type rank = record
    name : string[80];
    time : integer;
end;
TName = string[12];
var width, height, mines, flags, cursorX, cursorY, gameType : integer;
    timeStart, theEnd : boolean;
    map : array[1..16,1..16] of integer;
    mapOpen : array[1..16,1..16] of boolean;
    gameBounds : array[1..2,1..2] of integer;
    c : char;
    i : integer;
procedure chooseGame(game : integer); begin end;
procedure resetMap; begin end;
procedure createMap; begin end;
procedure printLabels; begin end;
procedure drawCursor(i, j : integer); begin end;
procedure checkTime; begin end;
procedure openMine; begin end;
procedure changeFlag; begin end;
procedure openNeighbors; begin end;
procedure newGame; begin end;
procedure mountTable; begin end;
procedure gameControl; begin end;
";

fn program(decls: &str, body: &str) -> String {
    format!("program article;\n{PRELUDE}\n{decls}\nbegin\n{body}\nend.\n")
}

#[test]
fn chapter_3_menu() {
    check(&program(
        "",
        "while ord(c)<>255 do
begin
  Color(15,4,0);
  line_bf(90,90,160,135,4,0);
  line_b(90,90,160,135,15,0);
  Print(95,95,15,'Mines Easy');
  Print(95,105,15,'Mines Hard');
  Print(95,115,15,'Records');
  Print(95,125,15,'Exit');
  Copy(90,90,160,135,0,90,190,1);
  line_bf(93,93,155,95+8,7,2);

  i:=1;
  c:='a';
  while ord(c)<>13 do
  begin
    read(kbd,c);
    Copy(90,190,160,235,1,90,90,0);
    case ord(c) of
      31 : begin
          i:=i+1;
          if (i>4) then i:=1;
        end;
      30 : begin
          i:=i-1;
          if (i<1) then i:=4;
        end;
    end;
    line_bf(93,93+(i-1)*10,155,95+(i-1)*10+8,7,2);
  end;
  { ... }
end;",
    ));
}

#[test]
fn chapter_6_coordinates_and_mount_table() {
    check(&program(
        "const scrCoord : array[-1..18,1..4] of integer = ((12,0,23,11),
(0,12,11,23), (12,12,23,23), (24,12,35,23),
(36,12,47,23), (48,12,59,23), (60,12,71,23), (72,12,83,23),
(84,12,95,23), (96,12,107,23), (0,0,11,11), (24,0,35,11),
(36,0,47,11), (48,0,59,11), (0,24,95,42), (0,43,191,61),
(40,25,56, 41), (108,0,124,16), (124,0,141,16), (60,0,71,11));

gameAlign : array[1..2,1..2] of integer = ((80,39), (30,1));

procedure mountTable2;
var i,j, page : integer;
    offsetX, offsetY : integer;
begin
  page:=0;

  { Header }
  Copy( scrCoord[ 12+gameType, 1 ], scrCoord[ 12+gameType, 2 ],
    scrCoord[ 12+gameType, 3 ], scrCoord[ 12+gameType, 4 ],
    1,
    0+gameAlign[ gameType, 1 ], 0+gameAlign[ gameType, 2 ],
    page);

  { Matrix }
  offsetY:=scrCoord[ 12+gameType, 4 ]-
scrCoord[ 12+gameType, 2 ]+gameAlign[ gameType, 2 ]+1;
  for i:=1 to gameBounds[ gameType, 1 ] do
  begin
    offsetX:=gameAlign[ gameType, 1 ];
    for j:=1 to gameBounds[ gameType, 2 ] do
    begin
      Copy( scrCoord[ 0, 1 ], scrCoord[ 0, 2 ],
        scrCoord[ 0, 3 ], scrCoord[ 0, 4 ],
        1,
        offsetX, offsetY,
        page);
      offsetX:=offsetX+12;
    end;
    offsetY:=offsetY+12;
  end
end;",
        "mountTable2",
    ));
}

#[test]
fn chapter_7_flood_fill() {
    let p = check(&program(
        "var flagMap : array[1..16,1..16] of boolean;
    clickMap : array[1..16,1..16] of boolean;

{$A-}
procedure flood_fill(i,j : integer);
var x,y : integer;
flag : boolean;
begin
  {If out of bounds, return}
  if (i<1) or (j<1) or (i>8) or (j>8) then
    exit;

  {If node is already visited, return}
  if (mapOpen[i,j]=true) then
    exit;

  {Open node}
  mapOpen[i,j]:=true;

  {If node <> empty, return}
  if (map[i,j]<>0) then
    exit;

  {Spread this to its 8 neighbors}
  for x:=-1 to 1 do
  begin
    for y:=-1 to 1 do
    begin
      if not((x=0) and (y=0)) then
        flood_fill(i+x,j+y);
    end;
  end;
end;",
        "flood_fill(1, 1)",
    ));
    assert!(common::routine(&p, "flood_fill").recursive);
}

#[test]
fn chapter_8_game_control() {
    check(&program(
        "procedure newGame2;
begin
  chooseGame(gameType);
  resetMap;
  createMap;
  flags:=mines;
  cursorX:=1;
  cursorY:=1;
  timeStart:=false;
end;

procedure gameControl2;
var c : char;
    i,j : integer;
begin
  theEnd:=false;
  i:=1;
  j:=1;
  while theEnd=false do
  begin
    printLabels;
    drawCursor(i,j);
    if Keypressed then
    begin
      read(kbd,c);
      if (ord(c)=122) or (ord(c)=120) then
        checkTime;
      case ord(c) of
        28: begin { Right }
              i:=i+1; if i > width then i:=width;
            end;
        29: begin { Left }
              i:=i-1; if i < 1 then i:=1;
            end;
        31: begin { Down }
              j:=j+1; if j > height then j:=height;
            end;
        30: begin { Up }
              j:=j-1; if j < 1 then j:=1;
            end;
        122: begin { z - Open mine }
              openMine;
            end;
        120: begin { x - Check / Uncheck flags }
              changeFlag;
            end;
        99: begin { c - Open neighborhood }
              openNeighbors;
            end;
        27 : exit;
      end;
    end;
  end;
  readln;
end;",
        "if i<3 then
begin
  gameType:=i;
  newGame;
  Color(15,0,0);
  cls2;
  Color(6,14,0);
  mountTable;
  gameControl;
end;",
    ));
}

#[test]
fn chapter_10_ranking() {
    check(&program(
        "var ranking : array[1..20] of rank;

procedure clearRanking;
var i : integer;
begin
    for i:=0 to 20 do
        begin
            ranking[i].name:='';
            ranking[i].time:=-1;
        end;
    end;

const rankFile = 'minerank.dat';
var rankDisk : file of rank;

procedure saveRanking;
var i : integer;
begin
  writeln('Writing ranking to disk ...');
  Assign(rankDisk,rankFile);
  Rewrite(rankDisk);

  for i:=1 to 20 do
    Write(rankDisk,ranking[i]);
  close(rankDisk);
end;

function FileExists(Name : TName) : boolean;
Var
  F : File;
begin
  {$I-}
  Assign(F,Name);
  Reset(F);
  {$I+}
  FileExists:=(IoResult=0) and (Name<>' ');
  Close(F);
end;",
        "if FileExists(rankFile) then saveRanking else clearRanking",
    ));
}

#[test]
fn chapter_11_random() {
    check(&program(
        "var n, tam_faixa, valor_grande : integer;",
        "randomize;
n := random(valor_grande) div tam_faixa;
n := random(4) + 1;
n := (random(100) div 4) + 1;
n := (random(8) div 3) + 1;",
    ));
}
