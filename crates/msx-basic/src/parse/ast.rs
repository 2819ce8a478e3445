//! The parsed program: lines of statements, expressions, variables with
//! their resolved types. Every statement and expression carries a [`Span`]
//! so that later phases can name the BASIC line in their diagnostics and in
//! the run-time error messages (`Subscript out of range in 450`).

use std::fmt;

use crate::keywords::Keyword;

/// Where a statement or expression is: the BASIC line, the byte offset in
/// the tokenized line body, and the statement's 1-based index in the line
/// (statements inside THEN/ELSE branches continue the count).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    pub line: u16,
    pub statement: u16,
    pub offset: u16,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, statement {}", self.line, self.statement)
    }
}

/// MSX-BASIC's four value types (VALTYP 2, 4, 8 and 3 in the ROM).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// 16-bit signed, suffix `%`.
    Integer,
    /// 6 BCD digits, suffix `!`.
    Single,
    /// 14 BCD digits, suffix `#`; the default type of every letter.
    Double,
    /// Up to 255 bytes, suffix `$`.
    String,
}

impl Type {
    /// The suffix character that selects this type.
    pub fn suffix(self) -> char {
        match self {
            Type::Integer => '%',
            Type::Single => '!',
            Type::Double => '#',
            Type::String => '$',
        }
    }

    pub fn is_numeric(self) -> bool {
        self != Type::String
    }
}

/// A variable name as MSX-BASIC keeps it: the first two characters only
/// (`SCORE1` and `SC` are the same name); the second is 0 for one-letter
/// names. Upper case letters and digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Name(pub [u8; 2]);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", char::from(self.0[0]))?;
        if self.0[1] != 0 {
            write!(f, "{}", char::from(self.0[1]))?;
        }
        Ok(())
    }
}

/// A variable: name and type. `A`, `A%`, `A!`, `A#` and `A$` are five
/// different variables, and so are the scalar `A` and the array `A()`
/// (the array form is [`LValue::Element`] / [`ExprKind::Element`]). With the
/// default type double, `A` and `A#` are the same variable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Var {
    pub name: Name,
    pub ty: Type,
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.name, self.ty.suffix())
    }
}

/// An expression and where it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// An integer constant (also `&H`/`&O`/`&B` constants, as 16-bit patterns).
    Int(i16),
    /// A single precision constant, in the math-pack format (exponent byte
    /// and three BCD bytes).
    Single([u8; 4]),
    /// A double precision constant (exponent byte and seven BCD bytes).
    Double([u8; 8]),
    /// A string constant, in MSX character set bytes.
    Str(Vec<u8>),
    /// A scalar variable.
    Var(Var),
    /// An array element.
    Element(Var, Vec<Expr>),
    /// Unary minus.
    Neg(Box<Expr>),
    /// `NOT`: bitwise on the 16-bit integer of its operand.
    Not(Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// A built-in function, named by its keyword (`LEFT$`, `RND`, `TIME`,
    /// `INKEY$`, `INPUT$`, `STRING$`, `INSTR`, `VPEEK`…), with its arguments
    /// in source order (`INSTR` with 2 or 3, `MID$` with 2 or 3). `USR[n](x)`
    /// has two: the constant n (0-9) and x. `VARPTR(v)` has one, the variable
    /// or element; `VARPTR(#n)` two: n and the string constant `"#"`.
    Call(Keyword, Vec<Expr>),
    /// `FN name(args)`: a DEF FN function; `ty` is the type of its name.
    UserFn(Var, Vec<Expr>),
}

/// Binary operators, loosest last, as MSX-BASIC ranks them (see
/// [`BinOp::precedence`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Power,
    Mul,
    Div,
    IntDiv,
    Mod,
    Add,
    Sub,
    /// A relational operator: bit 0 "greater", bit 1 "equal", bit 2 "less"
    /// — the ROM's own encoding. The result is -1 when the outcome of the
    /// comparison has its bit set in the mask, else 0: `<>` is 0b101,
    /// `>=` 0b011, `<=` 0b110 (`=>`, `=<`, `><` are the same).
    Compare(u8),
    And,
    Or,
    Xor,
    Eqv,
    Imp,
}

/// Comparison masks for [`BinOp::Compare`].
pub mod cmp {
    pub const GT: u8 = 0b001;
    pub const EQ: u8 = 0b010;
    pub const LT: u8 = 0b100;
    pub const NE: u8 = GT | LT;
    pub const GE: u8 = GT | EQ;
    pub const LE: u8 = LT | EQ;
}

impl BinOp {
    /// The ROM's precedence levels (table `I3D3B`, and 0x64 for relational
    /// operators): higher binds tighter. Unary minus is 0x7D (between `^`
    /// and `*`: `-2^2` is -4), NOT is 0x5A (below relational operators:
    /// `NOT A=B` is `NOT (A=B)`). All binary operators are left-associative,
    /// `^` included (`2^3^2` is 64).
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Power => 0x7F,
            BinOp::Mul | BinOp::Div => 0x7C,
            BinOp::IntDiv => 0x7B,
            BinOp::Mod => 0x7A,
            BinOp::Add | BinOp::Sub => 0x79,
            BinOp::Compare(_) => 0x64,
            BinOp::And => 0x50,
            BinOp::Or => 0x46,
            BinOp::Xor => 0x3C,
            BinOp::Eqv => 0x32,
            BinOp::Imp => 0x28,
        }
    }
}

/// Precedence of unary minus (the ROM's `J4E8D`).
pub const NEG_PRECEDENCE: u8 = 0x7D;
/// Precedence of NOT (the ROM's `J4F63`).
pub const NOT_PRECEDENCE: u8 = 0x5A;

/// Something that can be assigned: a scalar or an array element.
#[derive(Debug, Clone, PartialEq)]
pub enum LValue {
    Scalar(Var),
    Element(Var, Vec<Expr>),
}

impl LValue {
    pub fn var(&self) -> Var {
        match self {
            LValue::Scalar(v) | LValue::Element(v, _) => *v,
        }
    }
}

/// A statement and where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// One item of a PRINT list.
#[derive(Debug, Clone, PartialEq)]
pub enum PrintItem {
    Expr(Expr),
    /// `TAB(n)`.
    Tab(Expr),
    /// `SPC(n)`.
    Spc(Expr),
    /// `,`: move to the next 14-column zone.
    Comma,
    /// `;`: nothing (it only keeps PRINT from ending the line).
    Semicolon,
}

/// A graphics coordinate: `(x,y)` or `STEP(x,y)` (relative to the last point).
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub step: bool,
    pub x: Expr,
    pub y: Expr,
}

/// The box option of LINE.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineShape {
    Line,
    /// `,B`
    Box,
    /// `,BF`
    FilledBox,
}

/// An event `ON … GOSUB` can trap, in MSX-BASIC's order (the ROM's trap
/// table TRPTBL: KEY 1-10, STOP, SPRITE, STRIG 0-4, INTERVAL).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Event {
    /// Function keys F1-F10 (`KEY(n)`, n = 1-10).
    Key,
    /// CTRL+STOP.
    Stop,
    /// Two sprites overlap (the VDP's collision flag).
    Sprite,
    /// Space bar (`STRIG(0)`) and joystick buttons (`STRIG(1-4)`).
    Strig,
    /// Every n interrupts (`ON INTERVAL=n`).
    Interval,
}

impl Event {
    /// The first entry of this event in the trap table, and how many it has.
    pub fn slots(self) -> (u8, u8) {
        match self {
            Event::Key => (0, 10),
            Event::Stop => (10, 1),
            Event::Sprite => (11, 1),
            Event::Strig => (12, 5),
            Event::Interval => (17, 1),
        }
    }

    /// The statement's spelling, for diagnostics.
    pub fn name(self) -> &'static str {
        match self {
            Event::Key => "KEY",
            Event::Stop => "STOP",
            Event::Sprite => "SPRITE",
            Event::Strig => "STRIG",
            Event::Interval => "INTERVAL",
        }
    }
}

/// Where `RESUME` goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Resume {
    /// `RESUME` or `RESUME 0`: the statement that failed, again.
    Same,
    /// `RESUME NEXT`: the statement after it.
    Next,
    /// `RESUME n`: line n.
    Line(u16),
}

/// `ON`, `OFF` or `STOP` after an event (`KEY(1) ON`, `INTERVAL STOP`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EventAction {
    /// Trap the event.
    On,
    /// Ignore it (and forget one that happened).
    Off,
    /// Remember it but wait for the next `ON` to trap it.
    Stop,
}

/// How OPEN opens a file (the runtime's mode codes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileMode {
    Input = 1,
    Output = 2,
    Append = 3,
    /// `OPEN name AS n` without FOR: a random file.
    Random = 4,
}

/// BLOAD's option after the name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BloadOption {
    /// Load only.
    None,
    /// `,R`: call the code at the exec address after loading.
    Run,
    /// `,S`: into VRAM.
    Vram,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    /// `[LET] target = value`.
    Let {
        target: LValue,
        value: Expr,
    },
    /// `MID$(target, start[, len]) = value`.
    MidAssign {
        target: LValue,
        start: Expr,
        len: Option<Expr>,
        value: Expr,
    },
    /// `TIME = value`.
    SetTime(Expr),
    /// `SPRITE$(n) = value`.
    SetSprite {
        number: Expr,
        value: Expr,
    },
    Print(Vec<PrintItem>),
    /// `PRINT #n, ...` / `PRINT #n, USING ...`: `body` is the `Print` or
    /// `PrintUsing` whose output goes to the file.
    PrintFile {
        number: Expr,
        body: Box<StmtKind>,
    },
    /// `OPEN name [FOR INPUT|OUTPUT|APPEND] AS [#]n [LEN=r]` (`len` only
    /// for a random file).
    Open {
        name: Expr,
        mode: FileMode,
        number: Expr,
        len: Option<Expr>,
    },
    /// `FIELD [#]n, w AS v$, …`.
    Field {
        number: Expr,
        fields: Vec<(Expr, LValue)>,
    },
    /// `LSET v$ = x` (`right`: `RSET`).
    SetField {
        target: LValue,
        value: Expr,
        right: bool,
    },
    /// `GET [#]n[,record]` / `PUT [#]n[,record]` (`put`).
    GetPut {
        put: bool,
        number: Expr,
        record: Option<Expr>,
    },
    /// `BSAVE name, start, end[, exec]` / `BSAVE name, start, end, S`.
    Bsave {
        name: Expr,
        start: Expr,
        end: Expr,
        exec: Option<Expr>,
        vram: bool,
    },
    /// `BLOAD name[,R|,S][,offset]`.
    Bload {
        name: Expr,
        option: BloadOption,
        offset: Option<Expr>,
    },
    /// `CLOSE [[#]n[, [#]n …]]`: no numbers closes every file.
    Close(Vec<Expr>),
    /// `MAXFILES = n`.
    MaxFiles(Expr),
    /// `KILL name`.
    Kill(Expr),
    /// `FILES [pattern]`: the directory listing (`*.*` when omitted).
    Files(Option<Expr>),
    /// `NAME old AS new`.
    Rename {
        from: Expr,
        to: Expr,
    },
    /// `INPUT #n, targets`.
    InputFile {
        number: Expr,
        targets: Vec<LValue>,
    },
    /// `LINE INPUT #n, target$`.
    LineInputFile {
        number: Expr,
        target: LValue,
    },
    Goto(u16),
    Gosub(u16),
    /// `RETURN [line]`.
    Return(Option<u16>),
    /// `ON selector GOTO|GOSUB l1, l2, …`.
    On {
        selector: Expr,
        gosub: bool,
        targets: Vec<u16>,
    },
    /// `ON KEY|STOP|SPRITE|STRIG GOSUB l1,…` and `ON INTERVAL=n GOSUB l`:
    /// the handlers of the event's entries, from the first; `None` (an
    /// empty entry or line 0) takes an entry's handler away.
    OnEvent {
        event: Event,
        interval: Option<Expr>,
        targets: Vec<Option<u16>>,
    },
    /// `KEY(n)|STRIG(n) ON|OFF|STOP`, `STOP|SPRITE|INTERVAL ON|OFF|STOP`;
    /// `number` is KEY's or STRIG's argument.
    EventSwitch {
        event: Event,
        number: Option<Expr>,
        action: EventAction,
    },
    /// `COLOR=(palette, red, green, blue)`.
    SetPalette(Vec<Expr>),
    /// `COLOR=NEW` (false) / `COLOR=RESTORE` (true).
    ResetPalette {
        restore: bool,
    },
    /// `VDP(n) = value`.
    SetVdp {
        number: Expr,
        value: Expr,
    },
    /// A statement MSX stops at with error `code` when it runs, not before:
    /// a syntax error the compiler found (2, "Syntax error"), a CALL of an
    /// extension this MSX lacks (2). The parser's warnings say which.
    Fails(u8),
    /// `RUN [line]`: the program again from its start or from `line`, with
    /// CLEAR's clean slate.
    Run(Option<u16>),
    /// `RUN "file"[,R]` (`load` false) and `LOAD "file"[,R]`: MSX-BASIC
    /// loads the file (and runs it); a compiled program ends and hands the
    /// statement over to MSX-BASIC, which runs the file interpreted.
    RunFile {
        load: bool,
        file: Expr,
        keep_open: bool,
    },
    /// `ERASE a, b…`: the arrays dropped (a DIM may follow).
    Erase(Vec<Var>),
    /// `COLOR SPRITE(plane) = colour`: the plane's 16 line colours; with
    /// `lines`, `COLOR SPRITE$(plane) = s$`: one per character of s$.
    SpriteColor {
        plane: Expr,
        color: Expr,
        lines: bool,
    },
    /// `BASE(n) = address` (n 0-19: the tables of SCREEN 0-3).
    SetBase {
        number: Expr,
        value: Expr,
    },
    /// `DRAW s$`.
    Draw(Expr),
    /// `ON ERROR GOTO n` (0: no handler).
    OnErrorGoto(u16),
    /// `ERROR n`.
    RaiseError(Expr),
    Resume(Resume),
    /// `PRINT USING format; items`: `newline` unless the list ends with
    /// `;` or `,`.
    PrintUsing {
        format: Expr,
        items: Vec<Expr>,
        newline: bool,
    },
    /// `PLAY a$[,b$[,c$]]`: MML strings for the three PSG channels.
    Play(Vec<Expr>),
    /// `IF cond THEN … ELSE …`; `THEN 100` and `ELSE 100` are a [`StmtKind::Goto`]
    /// branch. Both branches run to the end of the line (or, for the THEN
    /// branch, to its ELSE), so nothing follows an IF on its line.
    If {
        cond: Expr,
        then: Vec<Stmt>,
        otherwise: Vec<Stmt>,
    },
    For {
        var: Var,
        start: Expr,
        end: Expr,
        step: Option<Expr>,
    },
    /// `NEXT [v1, v2…]`; an empty list closes the innermost loop.
    Next(Vec<Var>),
    /// `DIM a(10), b(3,3)`.
    Dim(Vec<(Var, Vec<Expr>)>),
    Read(Vec<LValue>),
    /// `DATA`: its items are in [`Program::data`], `first` is the index of
    /// the first of them and `count` how many there are.
    Data {
        first: usize,
        count: usize,
    },
    /// `RESTORE [line]`.
    Restore(Option<u16>),
    /// `DEF USR[n] = address`: USRTAB entry `n` (0-9).
    DefUsr {
        number: u8,
        address: Expr,
    },
    /// `LPRINT …` / `LPRINT USING …`: `body` is the `Print` or `PrintUsing`
    /// whose output goes to the printer.
    Lprint(Box<StmtKind>),
    /// `DEF FN name(params) = body`.
    DefFn {
        name: Var,
        params: Vec<Var>,
        body: Expr,
    },
    /// `DEFINT/DEFSNG/DEFDBL/DEFSTR`: applied while parsing, in program
    /// order (see `docs/basic.md`); kept so statement counts stay right.
    DefType(Type, Vec<(u8, u8)>),
    End,
    Stop,
    Rem,
    Cls,
    Beep,
    /// `KEY ON` (true) / `KEY OFF` (false).
    KeyDisplay(bool),
    /// `COPY from-to[,page] TO dest[,page][,op]` (SCREEN 5-8).
    CopyScreen {
        from: Point,
        to: Point,
        src_page: Option<Expr>,
        dest: Point,
        dst_page: Option<Expr>,
        op: Option<Vec<u8>>,
    },
    /// `SET PAGE [display][,active]`.
    SetPage {
        display: Option<Expr>,
        active: Option<Expr>,
    },
    /// `KEY LIST`.
    KeyList,
    /// `KEY n, text`.
    KeyDef {
        number: Expr,
        text: Expr,
    },
    /// `LOCATE [x][,[y][,cursor]]`, omitted arguments keep their value.
    Locate {
        x: Option<Expr>,
        y: Option<Expr>,
        cursor: Option<Expr>,
    },
    /// `COLOR [fg][,[bg][,border]]`.
    Color {
        fg: Option<Expr>,
        bg: Option<Expr>,
        border: Option<Expr>,
    },
    /// `SCREEN [mode][,[sprite size][,[key click][,[baud][,[printer][,interlace]]]]]`.
    Screen(Vec<Option<Expr>>),
    Width(Expr),
    Vpoke {
        address: Expr,
        value: Expr,
    },
    Poke {
        address: Expr,
        value: Expr,
    },
    Out {
        port: Expr,
        value: Expr,
    },
    Sound {
        register: Expr,
        value: Expr,
    },
    /// `INPUT ["prompt";] targets`.
    Input {
        prompt: Option<Vec<u8>>,
        targets: Vec<LValue>,
    },
    /// `LINE INPUT ["prompt";] target$`.
    LineInput {
        prompt: Option<Vec<u8>>,
        target: LValue,
    },
    Swap(LValue, LValue),
    /// `CLEAR [...]`: arguments are evaluated by MSX but mean nothing to a
    /// compiled program beyond resetting variables.
    Clear,
    /// `PSET` (true) / `PRESET` (false) `point[,color[,op]]`.
    Pset {
        set: bool,
        at: Point,
        color: Option<Expr>,
        op: Option<Vec<u8>>,
    },
    /// `LINE [from]-to[,[color][,B|BF][,op]]`.
    Line {
        from: Option<Point>,
        to: Point,
        color: Option<Expr>,
        shape: LineShape,
        op: Option<Vec<u8>>,
    },
    /// `CIRCLE point, radius[,[color][,[start][,[end][,aspect]]]]`.
    Circle {
        at: Point,
        radius: Expr,
        args: Vec<Option<Expr>>,
    },
    /// `PAINT point[,color[,border]]`.
    Paint {
        at: Point,
        color: Option<Expr>,
        border: Option<Expr>,
    },
    /// `PUT SPRITE plane[,[point][,[color][,pattern]]]`.
    PutSprite {
        plane: Expr,
        at: Option<Point>,
        color: Option<Expr>,
        pattern: Option<Expr>,
    },
}

/// One line of the program.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub number: u16,
    pub statements: Vec<Stmt>,
}

/// One DATA item, as READ finds it (`ROM J4BD1`): blanks before it are
/// skipped; a quoted item runs to the closing quote; an unquoted item runs
/// to the next comma and keeps its trailing blanks. READ into a number
/// converts the text as VAL does, and a quoted item or text left after the
/// number is MSX's "Syntax error" in the DATA line, at run time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataItem {
    pub line: u16,
    pub text: Vec<u8>,
    pub quoted: bool,
    /// Something other than a comma follows the closing quote: READ
    /// reports "Syntax error" in this line when it reaches the item.
    pub malformed: bool,
}

/// The whole parsed program.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Program {
    pub lines: Vec<Line>,
    /// Every DATA item of the program, in order.
    pub data: Vec<DataItem>,
    /// What the parser accepted with a warning: statements compiled to a
    /// run-time error ([`StmtKind::Fails`]) and directives ignored.
    pub notes: Vec<crate::parse::Warning>,
}

impl Program {
    /// The index in [`Program::data`] that `RESTORE line` moves to: the first
    /// item in `line` or after it (the number of items when there is none).
    pub fn data_index_at(&self, line: u16) -> usize {
        self.data
            .iter()
            .position(|d| d.line >= line)
            .unwrap_or(self.data.len())
    }

    /// The line with this number.
    pub fn line(&self, number: u16) -> Option<&Line> {
        self.lines
            .binary_search_by_key(&number, |l| l.number)
            .ok()
            .map(|i| &self.lines[i])
    }
}
