//! Standard procedures and functions: most are runtime-library calls with their
//! arguments in registers (see `docs/pascal-codegen.md`), a few are inline.

use z80_codegen::ir::{BinOp, Expr as E, Reg, Stmt as S, Term, W};
use z80_codegen::Target;

use super::expr::{byte, ir_width, load, to_width, word};
use super::strings::{rt, rt_stmt};
use super::Lower;
use crate::check::stdlib::{StdRoutine as R, StdVar};
use crate::checked::{Arg, Expr, ExprKind, Stmt, WriteItem};
use crate::diagnostics::Diagnostic;
use crate::types::Type;

/// Runtime routines of the MSX graphics library, and how many word arguments each takes
/// (passed in the parameter block `rt_garg`).
const GRAPHICS: &[(R, &str, usize)] = &[
    (R::Screen, "rt_screen", 1),
    (R::Color, "rt_color", 3),
    (R::Cls2, "rt_cls2", 0),
    (R::LineB, "rt_line_b", 6),
    (R::LineBF, "rt_line_bf", 6),
    (R::CopyBox, "rt_copybox", 8),
    (R::Pset, "rt_pset", 4),
    (R::SetPage, "rt_setpage", 2),
    (R::FillBox, "rt_fillbox", 4),
    (R::FastBox, "rt_fastbox", 4),
    (R::GiosLine, "rt_gline", 4),
    (R::GiosPset, "rt_gpset", 2),
    (R::DisplayPage, "rt_dpage", 1),
    (R::ScreenOn, "rt_scron", 0),
    (R::ScreenOff, "rt_scroff", 0),
    (R::ChangeColor, "rt_chcolor", 4),
    (R::Sound, "rt_sound", 2),
    (R::VPoke, "rt_vpoke", 2),
    (R::WriteVdp, "rt_writevdp", 2),
    (R::WaitVdp, "rt_waitvdp", 0),
    (R::SpritesOff, "rt_sproff", 0),
    (R::SpritesOn, "rt_spron", 0),
    (R::SpriteSize, "rt_sprsize", 1),
    (R::GCopy, "rt_gcopy", 7),
    (R::FastCopy, "rt_fastcopy", 7),
    (R::SpriteAttributeAddress, "rt_sprattrad", 1),
    (R::SpritePatternAddress, "rt_sprpatad", 1),
    (R::SpritePattern, "rt_sprpat", 2),
    (R::SpriteColor, "rt_sprcolor", 2),
    (R::FillSprite, "rt_fillspr", 2),
    (R::PutSprite, "rt_putspr", 4),
    (R::Circle, "rt_circle", 3),
    (R::ReadSector, "rt_rdsect", 4),
    (R::WriteSector, "rt_wrsect", 4),
    (R::Paint, "rt_paint", 3),
    (R::FillShape, "rt_fillshape", 3),
    (R::ClearMem, "rt_clearmem", 0),
    (R::ReadMem, "rt_readmem", 3),
    (R::WriteMem, "rt_writemem", 3),
];

/// GIOS functions: the arguments in rt_garg as for [`GRAPHICS`], the result left in
/// rt_garg, a byte (a word: Search's x, GetPad's signed answers, GetPdl's 0-255).
const GIOS_FUNCTIONS: &[(R, &str, usize, W)] = &[
    (R::Point, "rt_point", 2, W::Byte),
    (R::Stick, "rt_stick", 1, W::Byte),
    (R::Strig, "rt_strig", 1, W::Byte),
    (R::ReadPsg, "rt_readpsg", 1, W::Byte),
    (R::VPeek, "rt_vpeek", 1, W::Byte),
    (R::ReadVdp, "rt_readvdp", 1, W::Byte),
    (R::SetDate, "rt_gsetdate", 3, W::Byte),
    (R::SetTime, "rt_gsettime", 3, W::Byte),
    (R::Search, "rt_search", 4, W::Word),
    (R::GetFKey, "rt_getfkey", 0, W::Byte),
    (R::GetPad, "rt_getpad", 1, W::Word),
    (R::GetPdl, "rt_getpdl", 1, W::Word),
    (R::SetMem, "rt_setmem", 1, W::Word),
];

impl Lower<'_> {
    fn arg_word(&mut self, args: &[Arg], i: usize) -> E {
        match args.get(i) {
            Some(a) => self.word_value(a.expr()),
            None => word(0),
        }
    }

    fn arg_addr(&mut self, args: &[Arg], i: usize) -> E {
        match args.get(i) {
            Some(a) => self.addr(a.expr()),
            None => word(0),
        }
    }

    /// A standard function's value.
    pub(crate) fn std_function(&mut self, e: &Expr, r: R, args: &[Arg]) -> E {
        let w = self.width(e.ty).unwrap_or(W::Word);
        let first = args.first().map(|a| a.expr());
        let v = match r {
            R::Ord => {
                let v = self.arg_word(args, 0);
                return to_width(v, W::Word, w);
            }
            R::Chr => {
                let v = self.arg_word(args, 0);
                return to_width(v, W::Word, w);
            }
            R::Succ | R::Pred => {
                let Some(x) = first else { return word(0) };
                let v = self.value(x);
                let vw = ir_width(&v);
                let op = if r == R::Succ { BinOp::Add } else { BinOp::Sub };
                return E::Bin(op, vw, Box::new(v), Box::new(E::Const(vw, 1)));
            }
            R::Odd => {
                let v = self.arg_word(args, 0);
                let low = E::Bin(
                    BinOp::And,
                    W::Byte,
                    Box::new(E::Lo(Box::new(v))),
                    Box::new(byte(1)),
                );
                return low;
            }
            R::Abs => rt("rt_abs", vec![(Reg::HL, self.arg_word(args, 0))], W::Word),
            R::Sqr => {
                let v = self.arg_word(args, 0);
                let v = self.stable(v);
                E::Bin(BinOp::Mul, W::Word, Box::new(v.clone()), Box::new(v))
            }
            R::Hi => {
                let v = self.arg_word(args, 0);
                E::ZExt(Box::new(E::Hi(Box::new(v))))
            }
            R::Lo => {
                let v = self.arg_word(args, 0);
                E::ZExt(Box::new(E::Lo(Box::new(v))))
            }
            R::Swap => rt("rt_swap", vec![(Reg::HL, self.arg_word(args, 0))], W::Word),
            R::UpCase => {
                let Some(x) = first else { return byte(0) };
                let v = self.byte_value(x);
                return rt("rt_upcase", vec![(Reg::A, v)], W::Byte);
            }
            R::Length => {
                let Some(x) = first else { return word(0) };
                let a = self.str_addr(x);
                E::ZExt(Box::new(load(W::Byte, a)))
            }
            R::Pos => {
                let (Some(a), Some(b)) = (first, args.get(1)) else {
                    return word(0);
                };
                let a = self.str_addr(a);
                let a = self.stable(a);
                let b = self.str_addr(b.expr());
                rt("rt_pos", vec![(Reg::HL, a), (Reg::DE, b)], W::Word)
            }
            R::Random if !args.is_empty() => rt(
                "rt_random",
                vec![(Reg::HL, self.arg_word(args, 0))],
                W::Word,
            ),
            R::Trunc | R::Round => self.real_to_int(r, args),
            R::KeyPressed => return rt("rt_keypressed", vec![], W::Byte),
            R::SetMem if !self.mapper_allowed(e.span, r) => return word(0),
            _ if GIOS_FUNCTIONS.iter().any(|g| g.0 == r) => {
                let &(_, name, n, width) = GIOS_FUNCTIONS.iter().find(|g| g.0 == r).unwrap();
                self.graphics_call(name, n, args);
                let v = load(width, E::Sym("rt_garg".into(), 0));
                return to_width(v, width, w);
            }
            R::SizeOf => match first {
                Some(x) => word(self.size(x.ty) as i64),
                None => word(0),
            },
            R::Addr => match first.map(|x| &x.kind) {
                Some(ExprKind::RoutineAddr(routine)) => self.routine_address(*routine, e.span),
                _ => self.arg_addr(args, 0),
            },
            R::Ptr => self.arg_word(args, 0),
            R::MemAvail => rt("rt_memavail", vec![], W::Word),
            R::MaxAvail => rt("rt_maxavail", vec![], W::Word),
            R::IOResult => rt("rt_ioresult", vec![], W::Word),
            R::Eoln | R::Eof if first.is_none_or(is_console) => {
                let name = if r == R::Eoln {
                    "rt_coneoln"
                } else {
                    "rt_coneof"
                };
                return rt(name, vec![], W::Byte);
            }
            R::Eoln | R::Eof if first.is_some_and(|f| matches!(f.kind, ExprKind::StdVar(..))) => {
                self.error(
                    e.span,
                    "only the console and text files have an end of line or file",
                );
                return byte(1);
            }
            R::Eoln => match first {
                Some(f) if matches!(self.p.types.get(f.ty), Type::Text) => {
                    let a = self.addr(f);
                    return rt("rt_teoln", vec![(Reg::HL, a)], W::Byte);
                }
                _ => {
                    self.error(e.span, "Eoln needs a text file");
                    return byte(1);
                }
            },
            R::Eof => match first {
                Some(f) if matches!(self.p.types.get(f.ty), Type::Text) => {
                    let a = self.addr(f);
                    return rt("rt_teof", vec![(Reg::HL, a)], W::Byte);
                }
                Some(f) => {
                    let a = self.addr(f);
                    return rt("rt_eof", vec![(Reg::HL, a)], W::Byte);
                }
                None => return byte(1),
            },
            R::FilePos | R::FileSize => {
                let a = self.arg_addr(args, 0);
                let name = if r == R::FilePos {
                    "rt_filepos"
                } else {
                    "rt_filesize"
                };
                rt(name, vec![(Reg::HL, a)], W::Word)
            }
            R::Bdos | R::BdosHL => {
                let f = self.arg_word(args, 0);
                let de = self.arg_word(args, 1);
                let name = if r == R::Bdos { "rt_bdos" } else { "rt_bdoshl" };
                rt(name, vec![(Reg::BC, f), (Reg::DE, de)], W::Word)
            }
            R::ParamCount => rt("rt_paramcount", vec![], W::Word),
            R::Bios | R::BiosHL => {
                let f = self.arg_word(args, 0);
                let f = self.stable(f);
                let bc = self.arg_word(args, 1);
                let name = if r == R::Bios { "rt_bios" } else { "rt_bioshl" };
                rt(name, vec![(Reg::HL, f), (Reg::BC, bc)], W::Word)
            }
            _ => {
                self.error(
                    e.span,
                    format!("`{r:?}` is not supported by the code generator yet"),
                );
                word(0)
            }
        };
        to_width(v, W::Word, w)
    }

    /// Keeps a value in a temporary unless it is a constant, a label or a plain load.
    fn stable(&mut self, v: E) -> E {
        match &v {
            E::Const(..) | E::Sym(..) => v,
            E::Load(_, a) if matches!(**a, E::Sym(..)) => v,
            _ => {
                let w = ir_width(&v);
                let t = self.temp(w.bytes());
                self.emit(S::Store {
                    w,
                    addr: E::Sym(t.clone(), 0),
                    value: v,
                });
                load(w, E::Sym(t, 0))
            }
        }
    }

    /// A standard procedure (or a function called as a statement).
    pub(crate) fn std_proc(&mut self, s: &Stmt, r: R, args: &[Arg]) {
        if matches!(
            r,
            R::SetMem | R::ClearMem | R::SetChannel | R::ReadMem | R::WriteMem
        ) && !self.mapper_allowed(s.span, r)
        {
            return;
        }
        if r == R::SetChannel {
            return self.set_channel(args);
        }
        if r == R::FWrite {
            // Not in TP 3.3f's manual: written as Write(s) writes it (StdRoutine::FWrite).
            let Some(x) = args.first() else { return };
            let a = self.str_addr(x.expr());
            return self.emit(rt_stmt("rt_wstr", vec![(Reg::HL, a), (Reg::DE, word(0))]));
        }
        if let Some(&(_, name, n)) = GRAPHICS.iter().find(|g| g.0 == r) {
            return self.graphics_call(name, n, args);
        }
        if matches!(r, R::Date | R::Time) {
            // GIOS Date and Time: the variables' addresses in rt_garg.
            let n = if r == R::Date { 4 } else { 3 };
            for i in 0..n {
                let a = self.arg_addr(args, i);
                self.emit(S::Store {
                    w: W::Word,
                    addr: E::Sym("rt_garg".into(), 2 * i as i32),
                    value: a,
                });
            }
            let name = if r == R::Date { "rt_gdate" } else { "rt_gtime" };
            return self.emit(rt_stmt(name, vec![]));
        }
        let st = match r {
            R::ClrScr => rt_stmt("rt_clrscr", vec![]),
            R::ClrEol => rt_stmt("rt_clreol", vec![]),
            R::InsLine => rt_stmt("rt_insline", vec![]),
            R::DelLine => rt_stmt("rt_delline", vec![]),
            R::GotoXY => {
                let x = self.arg_word(args, 0);
                let x = self.stable(x);
                let y = self.arg_word(args, 1);
                rt_stmt("rt_gotoxy", vec![(Reg::HL, y), (Reg::DE, x)])
            }
            R::Delay => rt_stmt("rt_delay", vec![(Reg::HL, self.arg_word(args, 0))]),
            R::Randomize => rt_stmt("rt_randomize", vec![]),
            R::CrtInit | R::CrtExit | R::LowVideo | R::NormVideo | R::Flush => return,
            R::Halt => return self.seal_dead(Term::Goto("rt_halt".into())),
            R::Exit => {
                let e = self.exit_block;
                return self.seal_dead(Term::Jump(e));
            }
            R::Move => {
                let src = self.arg_addr(args, 0);
                let src = self.stable(src);
                let dst = self.arg_addr(args, 1);
                let dst = self.stable(dst);
                let n = self.arg_word(args, 2);
                rt_stmt(
                    "rt_move",
                    vec![(Reg::BC, n), (Reg::HL, src), (Reg::DE, dst)],
                )
            }
            R::FillChar => {
                let dst = self.arg_addr(args, 0);
                let dst = self.stable(dst);
                let n = self.arg_word(args, 1);
                let n = self.stable(n);
                let v = match args.get(2) {
                    Some(a) => self.byte_value(a.expr()),
                    None => byte(0),
                };
                rt_stmt("rt_fill", vec![(Reg::HL, dst), (Reg::BC, n), (Reg::A, v)])
            }
            R::New => {
                let Some(p) = args.first().map(|a| a.expr()) else {
                    return;
                };
                let size = match self.p.types.get(p.ty) {
                    Type::Pointer { target } => self.size(*target),
                    _ => 2,
                };
                let a = self.addr(p);
                S::Store {
                    w: W::Word,
                    addr: a,
                    value: rt("rt_new", vec![(Reg::HL, word(size as i64))], W::Word),
                }
            }
            R::Dispose => {
                let Some(p) = args.first().map(|a| a.expr()) else {
                    return;
                };
                let size = match self.p.types.get(p.ty) {
                    Type::Pointer { target } => self.size(*target),
                    _ => 2,
                };
                let v = self.arg_word(args, 0);
                rt_stmt(
                    "rt_dispose",
                    vec![(Reg::HL, v), (Reg::DE, word(size as i64))],
                )
            }
            // TP3's GetMem(p, size) and FreeMem(p, size): New and Dispose with a size given.
            R::GetMem => {
                let Some(p) = args.first().map(|a| a.expr()) else {
                    return;
                };
                let size = self.arg_word(args, 1);
                let a = self.addr(p);
                S::Store {
                    w: W::Word,
                    addr: a,
                    value: rt("rt_new", vec![(Reg::HL, size)], W::Word),
                }
            }
            R::FreeMem => {
                let v = self.arg_word(args, 0);
                let size = self.arg_word(args, 1);
                rt_stmt("rt_dispose", vec![(Reg::HL, v), (Reg::DE, size)])
            }
            R::Mark => {
                let a = self.arg_addr(args, 0);
                S::Store {
                    w: W::Word,
                    addr: a,
                    value: load(W::Word, E::Sym("rt_heap".into(), 0)),
                }
            }
            R::Release => {
                let v = self.arg_word(args, 0);
                rt_stmt("rt_release", vec![(Reg::HL, v)])
            }
            R::Delete => {
                let a = self.arg_addr(args, 0);
                let a = self.stable(a);
                let i = self.arg_word(args, 1);
                let i = self.stable(i);
                let n = self.arg_word(args, 2);
                rt_stmt("rt_delete", vec![(Reg::HL, a), (Reg::DE, i), (Reg::BC, n)])
            }
            R::Insert => {
                let (Some(src), Some(dst)) = (args.first(), args.get(1)) else {
                    return;
                };
                let max = self.str_max(dst.expr().ty);
                let src = self.str_addr(src.expr());
                let src = self.stable(src);
                let d = self.addr(dst.expr());
                let d = self.stable(d);
                let i = self.arg_word(args, 2);
                rt_stmt(
                    "rt_insert",
                    vec![
                        (Reg::HL, src),
                        (Reg::DE, d),
                        (Reg::BC, i),
                        (Reg::A, byte(max as i64)),
                    ],
                )
            }
            R::Val => {
                let (Some(src), Some(v), Some(code)) = (args.first(), args.get(1), args.get(2))
                else {
                    return;
                };
                let name = if self.p.types.is_real(v.expr().ty) {
                    "rt_fval"
                } else {
                    "rt_val"
                };
                let src = self.str_addr(src.expr());
                let src = self.stable(src);
                let va = self.addr(v.expr());
                let va = self.stable(va);
                let ca = self.addr(code.expr());
                rt_stmt(name, vec![(Reg::HL, src), (Reg::DE, va), (Reg::BC, ca)])
            }
            // As a statement, a plain call of the BDOS: TP3 leaves every register as the
            // BDOS left it, for `inline` code that follows to read.
            R::Bdos | R::BdosHL => {
                let f = self.arg_word(args, 0);
                let f = self.stable(f);
                let de = self.arg_word(args, 1);
                rt_stmt("rt_bdoshl", vec![(Reg::BC, f), (Reg::DE, de)])
            }
            R::Bios | R::BiosHL => {
                let f = self.arg_word(args, 0);
                let f = self.stable(f);
                let bc = self.arg_word(args, 1);
                rt_stmt("rt_bioshl", vec![(Reg::HL, f), (Reg::BC, bc)])
            }
            R::Print => {
                // Print(x, y, color, text): the text's address goes last in the block.
                let text = match args.get(3) {
                    Some(a) => self.str_addr(a.expr()),
                    None => word(0),
                };
                let text = self.stable(text);
                self.graphics_call("rt_print", 3, args);
                let last = self.blocks[self.cur].stmts.pop();
                self.emit(S::Store {
                    w: W::Word,
                    addr: E::Sym("rt_garg".into(), 6),
                    value: text,
                });
                if let Some(call) = last {
                    self.emit(call);
                }
                return;
            }
            R::SavePicture | R::GiosLoadPicture => {
                // The name's address in HL, the numbers before it in rt_garg.
                let (n, routine) = if r == R::SavePicture {
                    (5, "rt_savepic")
                } else {
                    (3, "rt_loadgpic")
                };
                let name = match args.get(n) {
                    Some(a) => self.str_addr(a.expr()),
                    None => word(0),
                };
                let name = self.stable(name);
                self.graphics_args(n, args);
                rt_stmt(routine, vec![(Reg::HL, name)])
            }
            R::LoadPicture => {
                let name = match args.first() {
                    Some(a) => self.str_addr(a.expr()),
                    None => word(0),
                };
                let name = self.stable(name);
                let page = self.arg_word(args, 1);
                rt_stmt("rt_loadpic", vec![(Reg::HL, name), (Reg::DE, page)])
            }
            R::Assign | R::Reset | R::Rewrite | R::Close | R::Seek | R::Erase | R::Rename => {
                return self.file_proc(s, r, args)
            }
            R::BlockRead | R::BlockWrite => return self.block_io(s, r, args),
            R::Execute => return self.execute(s, "Execute", "rt_fexec", args),
            R::Chain => return self.execute(s, "Chain", "rt_fchain", args),
            _ => {
                self.error(
                    s.span,
                    format!("`{r:?}` is not supported by the code generator yet"),
                );
                return;
            }
        };
        self.emit(st);
    }

    /// Arguments into the parameter block `rt_garg` (words), then the call.
    fn graphics_call(&mut self, name: &str, n: usize, args: &[Arg]) {
        self.graphics_args(n, args);
        self.emit(rt_stmt(name, vec![]));
    }

    /// The first `n` arguments into the parameter block `rt_garg`, a word
    /// each (all evaluated first when one of them calls a function, which
    /// may use the block itself).
    fn graphics_args(&mut self, n: usize, args: &[Arg]) {
        let calls = args.iter().any(|a| super::expr::has_calls(a.expr()));
        let vals: Vec<E> = (0..n)
            .map(|i| {
                let v = self.arg_word(args, i);
                if calls {
                    self.stable(v)
                } else {
                    v
                }
            })
            .collect();
        for (i, v) in vals.into_iter().enumerate() {
            self.emit(S::Store {
                w: W::Word,
                addr: E::Sym("rt_garg".into(), 2 * i as i32),
                value: v,
            });
        }
    }

    /// GIOS's mapper routines switch page 2 to a mapper segment for a moment, from code
    /// on the stack in page 3: a cartridge has its ROM in page 2, so there they are an
    /// error at the call. Answers whether the call may be made.
    fn mapper_allowed(&mut self, span: crate::source::Span, r: R) -> bool {
        if self.target != Some(Target::Rom) {
            return true;
        }
        self.diags.push(Diagnostic::error(
            span,
            format!(
                "`{r:?}` needs RAM in page 2 (an MSX-DOS program or a boot disk), not a cartridge"
            ),
        ));
        false
    }

    /// `SetChannel(channel, position)`: the channel in rt_garg, the address of the
    /// position (a real; an integer converted) in rt_garg+2.
    fn set_channel(&mut self, args: &[Arg]) {
        let pos = match args.get(1) {
            Some(a) => self.real_addr(a.expr()),
            None => word(0),
        };
        let pos = self.stable(pos);
        let ch = self.arg_word(args, 0);
        let ch = self.stable(ch);
        self.emit(S::Store {
            w: W::Word,
            addr: E::Sym("rt_garg".into(), 0),
            value: ch,
        });
        self.emit(S::Store {
            w: W::Word,
            addr: E::Sym("rt_garg".into(), 2),
            value: pos,
        });
        self.emit(rt_stmt("rt_setchan", vec![]));
    }

    /// `Execute(f)` and `Chain(f)`: TP3 loads the .COM (or .CHN) file assigned to `f` at
    /// 0100h and starts it, in place of the running program. Only MSX-DOS runs them: a
    /// boot disk or a cartridge has none, so there it is an error at the call.
    fn execute(&mut self, s: &Stmt, what: &str, routine: &str, args: &[Arg]) {
        let machine = match self.target {
            Some(Target::Dsk) => Some("a boot disk"),
            Some(Target::Rom) => Some("a cartridge"),
            _ => None,
        };
        if let Some(machine) = machine {
            self.diags.push(
                Diagnostic::error(s.span, format!("`{what}` needs MSX-DOS"))
                    .with_label(format!("{machine} has no MSX-DOS to run a program"))
                    .with_note(format!(
                        "build a .com (`msx build -o prog.com`) to use `{what}`"
                    )),
            );
            return;
        }
        let Some(f) = args.first().map(|a| a.expr()) else {
            return;
        };
        let fa = self.addr(f);
        self.emit(rt_stmt(routine, vec![(Reg::HL, fa)]));
        self.io_check(s);
    }

    /// File procedures: the runtime works on the file variable's address.
    fn file_proc(&mut self, s: &Stmt, r: R, args: &[Arg]) {
        let Some(f) = args.first().map(|a| a.expr()) else {
            return;
        };
        let text = matches!(self.p.types.get(f.ty), Type::Text);
        if text && r == R::Seek {
            self.error(
                s.span,
                "Seek works on typed and untyped files, not on text files",
            );
            return;
        }
        let recsize = match self.p.types.get(f.ty) {
            Type::File { elem: Some(t) } => self.size(*t),
            _ => 128,
        };
        let fa = self.addr(f);
        let fa = self.stable(fa);
        let st = match r {
            R::Assign => {
                let name = match args.get(1) {
                    Some(a) => self.str_addr(a.expr()),
                    None => word(0),
                };
                rt_stmt("rt_fassign", vec![(Reg::HL, fa), (Reg::DE, name)])
            }
            R::Reset | R::Rewrite if text => {
                let name = if r == R::Reset {
                    "rt_treset"
                } else {
                    "rt_trewrite"
                };
                rt_stmt(name, vec![(Reg::HL, fa)])
            }
            R::Close if text => rt_stmt("rt_tclose", vec![(Reg::HL, fa)]),
            R::Reset | R::Rewrite => {
                let typed = matches!(self.p.types.get(f.ty), Type::File { elem: Some(_) });
                let name = match r {
                    // A typed file may be in TP 3.0's form, with a header.
                    R::Reset if typed => "rt_ftreset",
                    R::Reset => "rt_freset",
                    _ => "rt_frewrite",
                };
                rt_stmt(name, vec![(Reg::HL, fa), (Reg::BC, word(recsize as i64))])
            }
            R::Close => rt_stmt("rt_fclose", vec![(Reg::HL, fa)]),
            R::Erase => rt_stmt("rt_ferase", vec![(Reg::HL, fa)]),
            R::Seek => {
                let n = self.arg_word(args, 1);
                rt_stmt("rt_fseek", vec![(Reg::HL, fa), (Reg::DE, n)])
            }
            _ => {
                let name = match args.get(1) {
                    Some(a) => self.str_addr(a.expr()),
                    None => word(0),
                };
                rt_stmt("rt_frename", vec![(Reg::HL, fa), (Reg::DE, name)])
            }
        };
        self.emit(st);
        self.io_check(s);
    }

    /// `BlockRead/BlockWrite(f, buffer, records [, result])` on an untyped file
    /// (128-byte records). With a result variable a short transfer is no error.
    fn block_io(&mut self, s: &Stmt, r: R, args: &[Arg]) {
        let (Some(f), Some(buf)) = (args.first(), args.get(1)) else {
            return;
        };
        let fa = self.addr(f.expr());
        let fa = self.stable(fa);
        let ba = self.addr(buf.expr());
        let ba = self.stable(ba);
        let n = self.arg_word(args, 2);
        let n = self.stable(n);
        let fun = byte(if r == R::BlockRead { 0x27 } else { 0x26 });
        let regs = vec![(Reg::HL, fa), (Reg::DE, ba), (Reg::BC, n), (Reg::A, fun)];
        let st = match args.get(3) {
            Some(res) => {
                let value = rt("rt_fblock", regs, W::Word);
                let t = self.temp(2);
                self.emit(S::Store {
                    w: W::Word,
                    addr: E::Sym(t.clone(), 0),
                    value,
                });
                let ra = self.addr(res.expr());
                S::Store {
                    w: W::Word,
                    addr: ra,
                    value: load(W::Word, E::Sym(t, 0)),
                }
            }
            None => rt_stmt("rt_fblockx", regs),
        };
        self.emit(st);
        self.io_check(s);
    }

    /// Under `{$I+}`, an I/O error ends the program with a message.
    fn io_check(&mut self, s: &Stmt) {
        if s.checks.io {
            self.emit(rt_stmt("rt_iocheck", vec![]));
        }
    }

    pub(crate) fn write(
        &mut self,
        s: &Stmt,
        file: Option<&Expr>,
        items: &[WriteItem],
        newline: bool,
    ) {
        let mut text_file = false;
        if let Some(f) = file {
            if !matches!(f.kind, ExprKind::StdVar(..))
                && matches!(self.p.types.get(f.ty), Type::Text)
            {
                let fa = self.addr(f);
                self.emit(rt_stmt("rt_tsel", vec![(Reg::HL, fa)]));
                text_file = true;
            } else if let ExprKind::StdVar(dev @ (StdVar::Lst | StdVar::Aux), _) = f.kind {
                let sel = if dev == StdVar::Lst {
                    "rt_lstsel"
                } else {
                    "rt_auxsel"
                };
                self.emit(rt_stmt(sel, vec![]));
                text_file = true;
            } else if !matches!(
                f.kind,
                ExprKind::StdVar(StdVar::Con | StdVar::Output | StdVar::Trm | StdVar::Usr, _)
            ) {
                if matches!(self.p.types.get(f.ty), Type::File { .. }) {
                    let fa = self.addr(f);
                    let fa = self.stable(fa);
                    for it in items {
                        let a = self.addr(&it.value);
                        self.emit(rt_stmt(
                            "rt_fwrite",
                            vec![(Reg::HL, fa.clone()), (Reg::DE, a)],
                        ));
                        self.io_check(s);
                    }
                    return;
                }
                self.error(
                    f.span,
                    "writing to this file or device is not supported by the code generator yet",
                );
                return;
            }
        }
        for it in items {
            if self.is_real_item(it) {
                self.write_real(it);
                continue;
            }
            let width = match &it.width {
                Some(w) => self.word_value(w),
                None => word(0),
            };
            let ty = it.value.ty;
            let st = if self.p.types.is_string(ty) || self.p.types.char_array_len(ty).is_some() {
                let a = self.str_addr(&it.value);
                let a = self.stable(a);
                rt_stmt("rt_wstr", vec![(Reg::HL, a), (Reg::DE, width)])
            } else if self.p.types.is_char(ty) {
                let width = self.stable(width);
                let v = self.byte_value(&it.value);
                rt_stmt("rt_wchr", vec![(Reg::A, v), (Reg::DE, width)])
            } else if self.p.types.is_boolean(ty) {
                let width = self.stable(width);
                let v = self.byte_value(&it.value);
                rt_stmt("rt_wbool", vec![(Reg::A, v), (Reg::DE, width)])
            } else {
                let width = self.stable(width);
                let v = self.word_value(&it.value);
                rt_stmt("rt_wint", vec![(Reg::HL, v), (Reg::DE, width)])
            };
            self.emit(st);
        }
        if newline {
            self.emit(rt_stmt("rt_wln", vec![]));
        }
        if text_file {
            self.emit(rt_stmt("rt_tunsel", vec![]));
            self.io_check(s);
        }
    }

    pub(crate) fn read(&mut self, s: &Stmt, file: Option<&Expr>, targets: &[Expr], newline: bool) {
        let kbd = matches!(
            file.map(|f| &f.kind),
            Some(ExprKind::StdVar(StdVar::Kbd, _))
        );
        if let Some(f) = file {
            if !matches!(f.kind, ExprKind::StdVar(..))
                && matches!(self.p.types.get(f.ty), Type::Text)
            {
                return self.read_text(s, f, targets, newline);
            }
            if matches!(self.p.types.get(f.ty), Type::File { .. }) {
                let fa = self.addr(f);
                let fa = self.stable(fa);
                for t in targets {
                    let a = self.addr(t);
                    self.emit(rt_stmt(
                        "rt_fread",
                        vec![(Reg::HL, fa.clone()), (Reg::DE, a)],
                    ));
                    self.io_check(s);
                }
                return;
            }
            if let ExprKind::StdVar(dev @ (StdVar::Lst | StdVar::Aux), _) = f.kind {
                let why = if dev == StdVar::Lst {
                    "`Lst` is the printer, an output device: it cannot be read"
                } else {
                    "reading from `Aux` is not supported: a plain MSX has no auxiliary input \
                     (`Aux` output goes to MSX-DOS's function 04h)"
                };
                self.error(f.span, why);
                return;
            }
            if !kbd
                && !matches!(
                    f.kind,
                    ExprKind::StdVar(StdVar::Con | StdVar::Input | StdVar::Trm | StdVar::Usr, _)
                )
            {
                self.error(
                    f.span,
                    "reading from this file or device is not supported by the code generator yet",
                );
                return;
            }
        }
        for t in targets {
            let ty = t.ty;
            if self.p.types.is_char(ty) {
                let key = rt(
                    if kbd { "rt_readkey" } else { "rt_readchr" },
                    vec![],
                    W::Byte,
                );
                let a = self.addr(t);
                self.emit(S::Store {
                    w: W::Byte,
                    addr: a,
                    value: key,
                });
            } else if self.p.types.is_string(ty) {
                let max = self.str_max(ty);
                let a = self.addr(t);
                self.emit(rt_stmt(
                    "rt_readstr",
                    vec![(Reg::HL, a), (Reg::BC, word(max as i64))],
                ));
            } else if self.width(ty) == Some(W::Word) && self.p.types.is_integer(ty) {
                let a = self.addr(t);
                self.emit(rt_stmt("rt_readint", vec![(Reg::HL, a)]));
            } else if self.p.types.is_integer(ty) {
                // A byte: the integer read, its low byte kept (TP3 reads an integer).
                let tmp = self.temp(2);
                self.emit(rt_stmt(
                    "rt_readint",
                    vec![(Reg::HL, E::Sym(tmp.clone(), 0))],
                ));
                self.store_low_byte(t, tmp);
            } else if self.p.types.is_real(ty) {
                let a = self.addr(t);
                self.emit(rt_stmt("rt_readreal", vec![(Reg::HL, a)]));
            } else {
                self.error(
                    t.span,
                    "reading this type is not supported by the code generator yet",
                );
            }
        }
        // Readln after characters, or alone, waits for the end of the line.
        let only_lines = targets.iter().all(|t| {
            self.p.types.is_string(t.ty)
                || self.p.types.is_integer(t.ty)
                || self.p.types.is_real(t.ty)
        });
        if newline && !kbd && (targets.is_empty() || !only_lines) {
            self.emit(rt_stmt("rt_readln", vec![]));
        }
    }

    /// Read/Readln from a text file: characters one by one, strings and integers a line
    /// each.
    fn read_text(&mut self, s: &Stmt, f: &Expr, targets: &[Expr], newline: bool) {
        let fa = self.addr(f);
        let fa = self.stable(fa);
        let mut line_read = false;
        for t in targets {
            let ty = t.ty;
            line_read = false;
            if self.p.types.is_char(ty) {
                let a = self.addr(t);
                self.emit(S::Store {
                    w: W::Byte,
                    addr: a,
                    value: rt("rt_tread", vec![(Reg::HL, fa.clone())], W::Byte),
                });
            } else if self.p.types.is_string(ty) {
                let max = self.str_max(ty);
                let a = self.addr(t);
                self.emit(rt_stmt(
                    "rt_treadstr",
                    vec![
                        (Reg::HL, fa.clone()),
                        (Reg::DE, a),
                        (Reg::BC, word(max as i64)),
                    ],
                ));
                line_read = true;
            } else if self.width(ty) == Some(W::Word) && self.p.types.is_integer(ty) {
                let a = self.addr(t);
                self.emit(rt_stmt(
                    "rt_treadint",
                    vec![(Reg::HL, fa.clone()), (Reg::DE, a)],
                ));
                line_read = true;
            } else if self.p.types.is_integer(ty) {
                let tmp = self.temp(2);
                self.emit(rt_stmt(
                    "rt_treadint",
                    vec![(Reg::HL, fa.clone()), (Reg::DE, E::Sym(tmp.clone(), 0))],
                ));
                self.store_low_byte(t, tmp);
                line_read = true;
            } else if self.p.types.is_real(ty) {
                let a = self.addr(t);
                self.emit(rt_stmt(
                    "rt_treadreal",
                    vec![(Reg::HL, fa.clone()), (Reg::DE, a)],
                ));
                line_read = true;
            } else {
                self.error(
                    t.span,
                    "reading this type is not supported by the code generator yet",
                );
            }
        }
        if newline && !line_read {
            self.emit(rt_stmt("rt_treadln", vec![(Reg::HL, fa)]));
        }
        self.io_check(s);
    }

    /// Stores the low byte of the integer read into the temporary `tmp` in the one-byte
    /// variable `t`.
    fn store_low_byte(&mut self, t: &Expr, tmp: String) {
        let a = self.addr(t);
        self.emit(S::Store {
            w: W::Byte,
            addr: a,
            value: load(W::Byte, E::Sym(tmp, 0)),
        });
    }

    /// `Str(value:width, s)`.
    pub(crate) fn str_proc(&mut self, item: &WriteItem, target: &Expr) {
        if self.is_real_item(item) {
            return self.str_real(item, target);
        }
        let max = self.str_max(target.ty);
        let width = match &item.width {
            Some(w) => self.word_value(w),
            None => word(0),
        };
        let width = self.stable(width);
        let a = self.addr(target);
        let a = self.stable(a);
        let v = self.word_value(&item.value);
        self.emit(rt_stmt(
            "rt_strint",
            vec![
                (Reg::HL, v),
                (Reg::DE, a),
                (Reg::BC, width),
                (Reg::A, byte(max as i64)),
            ],
        ));
    }
}

/// Whether a file argument is the console (`Input`, `Con`, `Trm`, `Kbd`, `Usr`).
fn is_console(f: &Expr) -> bool {
    matches!(
        f.kind,
        ExprKind::StdVar(
            StdVar::Input | StdVar::Con | StdVar::Trm | StdVar::Kbd | StdVar::Usr,
            _
        )
    )
}
