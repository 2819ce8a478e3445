//! The standard routines and variables: one table, so adding a routine is adding a row.
//!
//! Each row gives the name, the routine's id (what the code generator matches on), the
//! parameter kinds, how many arguments are required, the result, and the argument form
//! (`write`-style `x:w:d` items, `read`-style variables, or plain). Several rows may share a
//! name if they differ in argument count: `Copy(s, i, n)` is the string function and the
//! 8-argument `Copy` is the MSX screen copy of the MarMSX library.
//!
//! User declarations hide these names, as in TP3: a program that includes its own
//! `Copy` procedure gets its own.

/// A standard procedure or function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StdRoutine {
    // Input and output.
    Write,
    Writeln,
    Read,
    Readln,
    // Screen and keyboard.
    ClrScr,
    ClrEol,
    GotoXY,
    InsLine,
    DelLine,
    LowVideo,
    NormVideo,
    CrtInit,
    CrtExit,
    KeyPressed,
    Delay,
    // Control.
    Halt,
    Exit,
    // Numbers and ordinals.
    Random,
    Randomize,
    Ord,
    Chr,
    Succ,
    Pred,
    Odd,
    Abs,
    Sqr,
    Sqrt,
    Sin,
    Cos,
    ArcTan,
    Exp,
    Ln,
    Frac,
    Int,
    Round,
    Trunc,
    Pi,
    Hi,
    Lo,
    Swap,
    UpCase,
    // Strings.
    Length,
    Copy,
    Concat,
    Pos,
    Delete,
    Insert,
    Str,
    Val,
    // Memory.
    Move,
    FillChar,
    SizeOf,
    Addr,
    Ptr,
    New,
    Dispose,
    GetMem,
    FreeMem,
    Mark,
    Release,
    MemAvail,
    MaxAvail,
    // Files.
    Assign,
    Rewrite,
    Reset,
    Close,
    Seek,
    Erase,
    Rename,
    Flush,
    Eof,
    Eoln,
    FilePos,
    FileSize,
    IOResult,
    BlockRead,
    BlockWrite,
    Execute,
    Chain,
    // System.
    ParamCount,
    ParamStr,
    Bdos,
    BdosHL,
    Bios,
    BiosHL,
    // MSX graphics, under the names and argument orders of the MarMSX Minesweeper.
    Screen,
    Color,
    Cls2,
    LineB,
    LineBF,
    CopyBox,
    Print,
    Pset,
    SetPage,
    LoadPicture,
    // GIOS, the graphics library of Turbo Pascal 3.3f for MSX (its manual, chapter 18):
    // the first of its routines, drawing with the colour AtrByt, the logical operation
    // LogOpr on the page ActPage.
    FillBox,
    FastBox,
    GiosLine,
    GiosPset,
    Point,
    DisplayPage,
    ScreenOn,
    ScreenOff,
    ChangeColor,
    Stick,
    Strig,
    Sound,
    ReadPsg,
    VPeek,
    VPoke,
    ReadVdp,
    WriteVdp,
    WaitVdp,
    SpritesOff,
    SpritesOn,
    SpriteSize,
    Date,
    Time,
    SetDate,
    SetTime,
    GCopy,
    FastCopy,
    SpriteAttributeAddress,
    SpritePatternAddress,
    SpritePattern,
    SpriteColor,
    FillSprite,
    PutSprite,
    Circle,
    Search,
    ReadSector,
    WriteSector,
    GetFKey,
    GetPad,
    GetPdl,
    Paint,
    FillShape,
    SavePicture,
    GiosLoadPicture,
    // GIOS's memory-mapper routines (TP 3.3f manual 18.4.1.17, 18.4.2.6, .37, .43, .57).
    SetMem,
    ClearMem,
    SetChannel,
    ReadMem,
    WriteMem,
    GetChannel,
    /// GIOS's FWrite(var s): not in the manual; its example writes a string variable to
    /// the screen over and over, so it writes as Write(s) does.
    FWrite,
}

/// Predeclared variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StdVar {
    /// `Mem[addr]`: the byte at an address.
    Mem,
    /// `Port[p]`: an I/O port.
    Port,
    /// The TP3 logical devices, all of type `text`.
    Kbd,
    Con,
    Trm,
    Lst,
    Aux,
    Usr,
    Input,
    Output,
    /// One of TP3's I/O vectors, an integer variable holding a driver's address.
    IoVector(IoVector),
    /// A byte of the MSX work area that TP 3.3f predeclares for GIOS (its manual, 18.3):
    /// `LogOpr` at FB02h, `AtrByt` at F3F2h, `ActPage` at FAF6h, `Border` at F3EBh, the
    /// addresses MSX-BASIC keeps them at.
    WorkByte(u16),
}

/// TP3's I/O vectors (its reference manual, "User written I/O drivers"): the addresses of
/// the routines the devices go through, which a program may read and replace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IoVector {
    ConOut,
    ConIn,
    ConSt,
    LstOut,
    AuxOut,
    AuxIn,
    UsrOut,
    UsrIn,
    Error,
}

impl IoVector {
    /// The runtime variable holding it.
    pub fn label(self) -> &'static str {
        match self {
            IoVector::ConOut => "rt_conoutptr",
            IoVector::ConIn => "rt_coninptr",
            IoVector::ConSt => "rt_constptr",
            IoVector::LstOut => "rt_lstoutptr",
            IoVector::AuxOut => "rt_auxoutptr",
            IoVector::AuxIn => "rt_auxinptr",
            IoVector::UsrOut => "rt_usroutptr",
            IoVector::UsrIn => "rt_usrinptr",
            IoVector::Error => "rt_errorptr",
        }
    }
}

pub const STD_VARS: &[(&str, StdVar)] = &[
    ("MEM", StdVar::Mem),
    ("PORT", StdVar::Port),
    ("KBD", StdVar::Kbd),
    ("CON", StdVar::Con),
    ("TRM", StdVar::Trm),
    ("LST", StdVar::Lst),
    ("AUX", StdVar::Aux),
    ("USR", StdVar::Usr),
    ("INPUT", StdVar::Input),
    ("OUTPUT", StdVar::Output),
    ("CONOUTPTR", StdVar::IoVector(IoVector::ConOut)),
    ("CONINPTR", StdVar::IoVector(IoVector::ConIn)),
    ("CONSTPTR", StdVar::IoVector(IoVector::ConSt)),
    ("LSTOUTPTR", StdVar::IoVector(IoVector::LstOut)),
    ("AUXOUTPTR", StdVar::IoVector(IoVector::AuxOut)),
    ("AUXINPTR", StdVar::IoVector(IoVector::AuxIn)),
    ("USROUTPTR", StdVar::IoVector(IoVector::UsrOut)),
    ("USRINPTR", StdVar::IoVector(IoVector::UsrIn)),
    ("ERRORPTR", StdVar::IoVector(IoVector::Error)),
    ("LOGOPR", StdVar::WorkByte(0xFB02)),
    ("ATRBYT", StdVar::WorkByte(0xF3F2)),
    ("ACTPAGE", StdVar::WorkByte(0xFAF6)),
    ("BORDER", StdVar::WorkByte(0xF3EB)),
];

/// What an argument must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum P {
    /// An integer or byte value.
    Int,
    /// Any ordinal value.
    Ord,
    Char,
    /// A real value (integers are converted).
    Real,
    /// An integer or a real, kept as it is.
    Num,
    /// A string or character value.
    Str,
    /// A string variable.
    VarStr,
    /// Any variable, passed by address.
    VarAny,
    /// An integer or real variable.
    VarNum,
    /// An integer variable.
    VarInt,
    /// A pointer variable.
    VarPtr,
    /// A file variable of any kind.
    File,
    /// A variable or a type name (`SizeOf`).
    TypeOrVar,
    /// An ordinal value or a pointer, whose address TP3's `Ord` gives.
    OrdOrPointer,
    /// A variable, or a procedure or function name (TP3's `Addr`).
    VarOrRoutine,
}

/// What a function returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum R {
    /// A procedure.
    None,
    Int,
    Char,
    Bool,
    Real,
    Str,
    /// The type of the first argument (`Succ`, `Abs`).
    Same,
    Pointer,
    /// `Random`: real without argument, integer with one.
    Random,
}

/// How the arguments are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    Plain,
    /// An optional file, then values with optional `:width:decimals`.
    Write,
    /// An optional file, then variables.
    Read,
    /// `Str(value:w:d, var s)`.
    StrProc,
}

/// Which library a routine belongs to (for documentation and listings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    Turbo,
    Msx,
}

#[derive(Clone, Copy, Debug)]
pub struct StdEntry {
    pub name: &'static str,
    pub id: StdRoutine,
    pub params: &'static [P],
    /// Arguments that must be given (the rest of `params` are optional).
    pub min_args: usize,
    /// The last parameter kind repeats (`Concat`).
    pub variadic: bool,
    pub ret: R,
    pub form: Form,
    /// A function that may also be called as a statement (`Bdos`).
    pub statement_ok: bool,
    pub group: Group,
}

const fn row(name: &'static str, id: StdRoutine, params: &'static [P], ret: R) -> StdEntry {
    StdEntry {
        name,
        id,
        params,
        min_args: params.len(),
        variadic: false,
        ret,
        form: Form::Plain,
        statement_ok: false,
        group: Group::Turbo,
    }
}

const fn optional(mut e: StdEntry, min_args: usize) -> StdEntry {
    e.min_args = min_args;
    e
}

const fn form(mut e: StdEntry, f: Form) -> StdEntry {
    e.form = f;
    e.min_args = 0;
    e.variadic = true;
    e
}

const fn stmt_ok(mut e: StdEntry) -> StdEntry {
    e.statement_ok = true;
    e
}

const fn msx(mut e: StdEntry) -> StdEntry {
    e.group = Group::Msx;
    e
}

use StdRoutine as S;
use P::*;

/// Names are upper case (lookups use the identifier's upper-case key).
pub const STD_ROUTINES: &[StdEntry] = &[
    form(row("WRITE", S::Write, &[], R::None), Form::Write),
    form(row("WRITELN", S::Writeln, &[], R::None), Form::Write),
    form(row("READ", S::Read, &[], R::None), Form::Read),
    form(row("READLN", S::Readln, &[], R::None), Form::Read),
    row("CLRSCR", S::ClrScr, &[], R::None),
    row("CLREOL", S::ClrEol, &[], R::None),
    row("GOTOXY", S::GotoXY, &[Int, Int], R::None),
    row("INSLINE", S::InsLine, &[], R::None),
    row("DELLINE", S::DelLine, &[], R::None),
    row("LOWVIDEO", S::LowVideo, &[], R::None),
    row("NORMVIDEO", S::NormVideo, &[], R::None),
    row("CRTINIT", S::CrtInit, &[], R::None),
    row("CRTEXIT", S::CrtExit, &[], R::None),
    row("KEYPRESSED", S::KeyPressed, &[], R::Bool),
    row("DELAY", S::Delay, &[Int], R::None),
    row("HALT", S::Halt, &[], R::None),
    row("EXIT", S::Exit, &[], R::None),
    optional(row("RANDOM", S::Random, &[Int], R::Random), 0),
    row("RANDOMIZE", S::Randomize, &[], R::None),
    row("ORD", S::Ord, &[OrdOrPointer], R::Int),
    row("CHR", S::Chr, &[Int], R::Char),
    row("SUCC", S::Succ, &[Ord], R::Same),
    row("PRED", S::Pred, &[Ord], R::Same),
    row("ODD", S::Odd, &[Int], R::Bool),
    row("ABS", S::Abs, &[Num], R::Same),
    row("SQR", S::Sqr, &[Num], R::Same),
    row("SQRT", S::Sqrt, &[Real], R::Real),
    row("SIN", S::Sin, &[Real], R::Real),
    row("COS", S::Cos, &[Real], R::Real),
    row("ARCTAN", S::ArcTan, &[Real], R::Real),
    row("EXP", S::Exp, &[Real], R::Real),
    row("LN", S::Ln, &[Real], R::Real),
    row("FRAC", S::Frac, &[Real], R::Real),
    row("INT", S::Int, &[Real], R::Real),
    row("ROUND", S::Round, &[Real], R::Int),
    row("TRUNC", S::Trunc, &[Real], R::Int),
    row("PI", S::Pi, &[], R::Real),
    row("HI", S::Hi, &[Int], R::Int),
    row("LO", S::Lo, &[Int], R::Int),
    row("SWAP", S::Swap, &[Int], R::Int),
    row("UPCASE", S::UpCase, &[Char], R::Char),
    row("LENGTH", S::Length, &[Str], R::Int),
    row("COPY", S::Copy, &[Str, Int, Int], R::Str),
    StdEntry {
        min_args: 1,
        variadic: true,
        ..row("CONCAT", S::Concat, &[Str], R::Str)
    },
    row("POS", S::Pos, &[Str, Str], R::Int),
    row("DELETE", S::Delete, &[VarStr, Int, Int], R::None),
    row("INSERT", S::Insert, &[Str, VarStr, Int], R::None),
    StdEntry {
        min_args: 2,
        ..row("STR", S::Str, &[Num, VarStr], R::None)
    },
    row("VAL", S::Val, &[Str, VarNum, VarInt], R::None),
    row("MOVE", S::Move, &[VarAny, VarAny, Int], R::None),
    row("FILLCHAR", S::FillChar, &[VarAny, Int, Ord], R::None),
    row("SIZEOF", S::SizeOf, &[TypeOrVar], R::Int),
    row("ADDR", S::Addr, &[VarOrRoutine], R::Int),
    row("PTR", S::Ptr, &[Int], R::Pointer),
    row("NEW", S::New, &[VarPtr], R::None),
    row("DISPOSE", S::Dispose, &[VarPtr], R::None),
    row("GETMEM", S::GetMem, &[VarPtr, Int], R::None),
    row("FREEMEM", S::FreeMem, &[VarPtr, Int], R::None),
    row("MARK", S::Mark, &[VarPtr], R::None),
    row("RELEASE", S::Release, &[VarPtr], R::None),
    row("MEMAVAIL", S::MemAvail, &[], R::Int),
    row("MAXAVAIL", S::MaxAvail, &[], R::Int),
    row("ASSIGN", S::Assign, &[File, Str], R::None),
    row("REWRITE", S::Rewrite, &[File], R::None),
    row("RESET", S::Reset, &[File], R::None),
    row("CLOSE", S::Close, &[File], R::None),
    row("SEEK", S::Seek, &[File, Int], R::None),
    row("ERASE", S::Erase, &[File], R::None),
    row("RENAME", S::Rename, &[File, Str], R::None),
    row("FLUSH", S::Flush, &[File], R::None),
    row("EXECUTE", S::Execute, &[File], R::None),
    row("CHAIN", S::Chain, &[File], R::None),
    optional(row("EOF", S::Eof, &[File], R::Bool), 0),
    optional(row("EOLN", S::Eoln, &[File], R::Bool), 0),
    row("FILEPOS", S::FilePos, &[File], R::Int),
    row("FILESIZE", S::FileSize, &[File], R::Int),
    row("IORESULT", S::IOResult, &[], R::Int),
    optional(
        row(
            "BLOCKREAD",
            S::BlockRead,
            &[File, VarAny, Int, VarInt],
            R::None,
        ),
        3,
    ),
    optional(
        row(
            "BLOCKWRITE",
            S::BlockWrite,
            &[File, VarAny, Int, VarInt],
            R::None,
        ),
        3,
    ),
    row("PARAMCOUNT", S::ParamCount, &[], R::Int),
    row("PARAMSTR", S::ParamStr, &[Int], R::Str),
    stmt_ok(optional(row("BDOS", S::Bdos, &[Int, Int], R::Int), 1)),
    stmt_ok(optional(row("BDOSHL", S::BdosHL, &[Int, Int], R::Int), 1)),
    stmt_ok(optional(row("BIOS", S::Bios, &[Int, Int], R::Int), 1)),
    stmt_ok(optional(row("BIOSHL", S::BiosHL, &[Int, Int], R::Int), 1)),
    // Screen(mode)
    msx(row("SCREEN", S::Screen, &[Int], R::None)),
    // Color(foreground, background, border)
    msx(row("COLOR", S::Color, &[Int, Int, Int], R::None)),
    // cls2: clears the graphic screen.
    msx(row("CLS2", S::Cls2, &[], R::None)),
    // line_b(x1, y1, x2, y2, color, logop): a box outline (BASIC's LINE ...,B).
    msx(row(
        "LINE_B",
        S::LineB,
        &[Int, Int, Int, Int, Int, Int],
        R::None,
    )),
    // line_bf(x1, y1, x2, y2, color, logop): a filled box (BASIC's LINE ...,BF).
    msx(row(
        "LINE_BF",
        S::LineBF,
        &[Int, Int, Int, Int, Int, Int],
        R::None,
    )),
    // Copy(x1, y1, x2, y2, srcpage, dx, dy, dstpage): BASIC's COPY (x1,y1)-(x2,y2),sp TO (dx,dy),dp.
    msx(row(
        "COPY",
        S::CopyBox,
        &[Int, Int, Int, Int, Int, Int, Int, Int],
        R::None,
    )),
    // Print(x, y, color, text): text on a bitmap screen.
    msx(row("PRINT", S::Print, &[Int, Int, Int, Str], R::None)),
    // Pset(x, y, color, logop)
    msx(row("PSET", S::Pset, &[Int, Int, Int, Int], R::None)),
    // SetPage(display, active)
    msx(row("SETPAGE", S::SetPage, &[Int, Int], R::None)),
    // LoadPicture(filename, page): a headerless screen dump loaded into a VRAM page.
    msx(row("LOADPICTURE", S::LoadPicture, &[Str, Int], R::None)),
    // GIOS: FillBox(x1, y1, x2, y2), pixel by pixel with LogOpr.
    msx(row("FILLBOX", S::FillBox, &[Int, Int, Int, Int], R::None)),
    // GIOS: FastBox(x1, y1, x2, y2), byte by byte (two pixels in SCREEN 5), no LogOpr.
    msx(row("FASTBOX", S::FastBox, &[Int, Int, Int, Int], R::None)),
    // GIOS: Line(x1, y1, x2, y2).
    msx(row("LINE", S::GiosLine, &[Int, Int, Int, Int], R::None)),
    // GIOS: PSet(x, y), beside the MarMSX Pset of four arguments.
    msx(row("PSET", S::GiosPset, &[Int, Int], R::None)),
    // GIOS: Point(x, y), the colour of a pixel of ActPage.
    msx(row("POINT", S::Point, &[Int, Int], R::Int)),
    // GIOS: DisplayPage(page), the page shown.
    msx(row("DISPLAYPAGE", S::DisplayPage, &[Int], R::None)),
    // GIOS: ScreenOn, ScreenOff (R#1 bit 6).
    msx(row("SCREENON", S::ScreenOn, &[], R::None)),
    msx(row("SCREENOFF", S::ScreenOff, &[], R::None)),
    // GIOS: ChangeColor(colour, red, green, blue), a palette entry (0-7 each).
    msx(row(
        "CHANGECOLOR",
        S::ChangeColor,
        &[Int, Int, Int, Int],
        R::None,
    )),
    // GIOS: the joysticks, the PSG, the VDP and the clock, through the BIOS and the DOS.
    msx(row("STICK", S::Stick, &[Int], R::Int)),
    msx(row("STRIG", S::Strig, &[Int], R::Bool)),
    msx(row("SOUND", S::Sound, &[Int, Int], R::None)),
    msx(row("READPSG", S::ReadPsg, &[Int], R::Int)),
    msx(row("VPEEK", S::VPeek, &[Int], R::Int)),
    msx(row("VPOKE", S::VPoke, &[Int, Int], R::None)),
    msx(row("READVDP", S::ReadVdp, &[Int], R::Int)),
    msx(row("WRITEVDP", S::WriteVdp, &[Int, Int], R::None)),
    msx(row("WAITVDP", S::WaitVdp, &[], R::None)),
    msx(row("SPRITESOFF", S::SpritesOff, &[], R::None)),
    msx(row("SPRITESON", S::SpritesOn, &[], R::None)),
    msx(row("SPRITESIZE", S::SpriteSize, &[Int], R::None)),
    // Date(var year; var month, day, weekday), Time(var hour, minute, second).
    msx(row(
        "DATE",
        S::Date,
        &[VarAny, VarAny, VarAny, VarAny],
        R::None,
    )),
    msx(row("TIME", S::Time, &[VarAny, VarAny, VarAny], R::None)),
    msx(row("SETDATE", S::SetDate, &[Int, Int, Int], R::Bool)),
    msx(row("SETTIME", S::SetTime, &[Int, Int, Int], R::Bool)),
    // GCopy / FastCopy(x1, y1, x2, y2, dx, dy, destpage), from page ActPage.
    msx(row(
        "GCOPY",
        S::GCopy,
        &[Int, Int, Int, Int, Int, Int, Int],
        R::None,
    )),
    msx(row(
        "FASTCOPY",
        S::FastCopy,
        &[Int, Int, Int, Int, Int, Int, Int],
        R::None,
    )),
    // Sprites: the tables' places, a pattern and colours from memory, a plane's place.
    msx(row(
        "SPRITEATTRIBUTEADDRESS",
        S::SpriteAttributeAddress,
        &[Int],
        R::None,
    )),
    msx(row(
        "SPRITEPATTERNADDRESS",
        S::SpritePatternAddress,
        &[Int],
        R::None,
    )),
    msx(row("SPRITEPATTERN", S::SpritePattern, &[Int, Int], R::None)),
    msx(row("SPRITECOLOR", S::SpriteColor, &[Int, Int], R::None)),
    msx(row("FILLSPRITE", S::FillSprite, &[Int, Int], R::None)),
    msx(row(
        "PUTSPRITE",
        S::PutSprite,
        &[Int, Int, Int, Int],
        R::None,
    )), // Circle(x, y, radius)
    msx(row("CIRCLE", S::Circle, &[Int, Int, Int], R::None)),
    // Search(x, y, colour, condition): the x where a horizontal search stops.
    msx(row("SEARCH", S::Search, &[Int, Int, Int, Int], R::Int)),
    // ReadSector / WriteSector(drive, sector, address, count)
    msx(row(
        "READSECTOR",
        S::ReadSector,
        &[Int, Int, Int, Int],
        R::None,
    )),
    msx(row(
        "WRITESECTOR",
        S::WriteSector,
        &[Int, Int, Int, Int],
        R::None,
    )),
    msx(row("GETFKEY", S::GetFKey, &[], R::Int)),
    msx(row("GETPAD", S::GetPad, &[Int], R::Int)),
    msx(row("GETPDL", S::GetPdl, &[Int], R::Int)),
    // Paint(x, y, border), FillShape(x, y, colour)
    msx(row("PAINT", S::Paint, &[Int, Int, Int], R::None)),
    msx(row("FILLSHAPE", S::FillShape, &[Int, Int, Int], R::None)),
    // SavePicture(x1, y1, x2, y2, page, name)
    msx(row(
        "SAVEPICTURE",
        S::SavePicture,
        &[Int, Int, Int, Int, Int, Str],
        R::None,
    )),
    // GIOS LoadPicture(x, y, page, name), beside the MarMSX LoadPicture(name, page).
    msx(row(
        "LOADPICTURE",
        S::GiosLoadPicture,
        &[Int, Int, Int, Str],
        R::None,
    )),
    // GIOS memory mapper: SetMem(pages): pages reserved in all; ClearMem;
    // SetChannel(channel, position: real); ReadMem / WriteMem(channel, address, size).
    msx(row("SETMEM", S::SetMem, &[Int], R::Int)),
    msx(row("CLEARMEM", S::ClearMem, &[], R::None)),
    msx(row("SETCHANNEL", S::SetChannel, &[Int, Real], R::None)),
    msx(row("READMEM", S::ReadMem, &[Int, Int, Int], R::None)),
    msx(row("WRITEMEM", S::WriteMem, &[Int, Int, Int], R::None)),
    // GetChannel(channel): the position, a real (-1.0 when invalid).
    msx(row("GETCHANNEL", S::GetChannel, &[Int], R::Real)),
    // FWrite(var s): the string on the screen (see StdRoutine::FWrite).
    msx(row("FWRITE", S::FWrite, &[VarStr], R::None)),
];

/// All rows with this (upper-case) name.
pub fn lookup(key: &str) -> impl Iterator<Item = &'static StdEntry> + '_ {
    STD_ROUTINES.iter().filter(move |e| e.name == key)
}

impl StdEntry {
    pub fn is_function(&self) -> bool {
        self.ret != R::None
    }

    pub fn accepts_count(&self, n: usize) -> bool {
        n >= self.min_args && (self.variadic || n <= self.params.len())
    }

    /// The kind of the `i`-th argument.
    pub fn param(&self, i: usize) -> Option<P> {
        self.params
            .get(i)
            .or(if self.variadic {
                self.params.last()
            } else {
                None
            })
            .copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_upper_case_and_overloads_differ_in_count() {
        for e in STD_ROUTINES {
            assert_eq!(e.name, e.name.to_ascii_uppercase());
            for other in lookup(e.name) {
                if other.id != e.id {
                    assert!(
                        (e.min_args..=e.params.len()).all(|n| !other.accepts_count(n)),
                        "{} rows overlap",
                        e.name
                    );
                }
            }
        }
        assert_eq!(lookup("COPY").count(), 2);
    }
}
