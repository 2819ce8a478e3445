//! Statements.

use z80_codegen::ir::{self, build::*, BlockId, CmpOp, Cond, Reg, Stmt as IStmt, Term, W};

use super::num::{Num, TYPE_MISMATCH};
use super::UNDEFINED_LINE;
use super::{consts, err, fn_param_label, Lowerer, R};
use crate::parse::types::type_of;
use crate::parse::{
    BloadOption, Expr, ExprKind, LValue, PrintItem, Span, Stmt, StmtKind, Type, Var,
};

impl Lowerer<'_> {
    /// Lowers statements; `next` is the block of the next line. Errors are
    /// collected, so every unsupported statement of a line is reported.
    pub(crate) fn statements(&mut self, stmts: &[Stmt], next: BlockId) -> R<()> {
        let mut sites = Vec::new();
        for s in stmts {
            self.reset_temps();
            if self.resume_marks {
                sites.push(self.statement_site());
            }
            if let Err(e) = self.statement(s, next) {
                self.errors.push(e);
            }
        }
        if self.resume_marks {
            self.link_next_sites(&sites, next);
        }
        Ok(())
    }

    fn statement(&mut self, s: &Stmt, next: BlockId) -> R<()> {
        let span = s.span;
        let key = (span.line, span.statement);
        match &s.kind {
            StmtKind::Let { target, value } => self.assign(target, value, span),
            StmtKind::Print(items) => self.print(items),
            StmtKind::Lprint(body) => {
                self.call_stmt("rt_bas_lselout", vec![]);
                let body = Stmt {
                    kind: (**body).clone(),
                    span,
                };
                self.statement(&body, next)?;
                self.call_stmt("rt_bas_lselend", vec![]);
                Ok(())
            }
            StmtKind::DefUsr { number, address } => {
                // USRTAB entry n (F39Ah + 2n), as the ROM's J500E stores it.
                let a = self.address(address)?;
                self.usr = true;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: word(0xF39A + 2 * i64::from(*number)),
                    value: a,
                });
                Ok(())
            }
            StmtKind::PrintFile { number, body } => {
                let n = self.int(number)?;
                self.call_stmt("rt_bas_fselout", vec![(Reg::HL, n)]);
                let body = Stmt {
                    kind: (**body).clone(),
                    span,
                };
                self.statement(&body, next)?;
                self.call_stmt("rt_bas_fselend", vec![]);
                Ok(())
            }
            StmtKind::Open {
                name,
                mode,
                number,
                len,
            } => {
                let Some(name) = self.string_arg(name)? else {
                    return Ok(());
                };
                let name = self.hoist(name);
                let n = self.int(number)?;
                let n = self.hoist(n);
                // Disk BASIC's default record length is 256 (H.NOFO).
                let len = match len {
                    Some(l) => self.int(l)?,
                    None => word(256),
                };
                self.call_stmt(
                    "rt_bas_open",
                    vec![
                        (Reg::HL, name),
                        (Reg::DE, n),
                        (Reg::BC, len),
                        (Reg::A, byte(*mode as i64)),
                    ],
                );
                Ok(())
            }
            StmtKind::Field { number, fields } => {
                let n = self.int(number)?;
                self.call_stmt("rt_bas_field", vec![(Reg::HL, n)]);
                for (width, target) in fields {
                    self.reset_temps();
                    let w = self.int(width)?;
                    let w = self.hoist(w);
                    if target.var().ty != Type::String {
                        self.raise(TYPE_MISMATCH);
                        return Ok(());
                    }
                    let addr = self.lvalue_address(target, span)?;
                    self.call_stmt("rt_bas_fieldv", vec![(Reg::HL, w), (Reg::DE, addr)]);
                }
                Ok(())
            }
            StmtKind::SetField {
                target,
                value,
                right,
            } => {
                if target.var().ty != Type::String {
                    self.raise(TYPE_MISMATCH);
                    return Ok(());
                }
                let addr = self.lvalue_address(target, span)?;
                let Some(v) = self.string_arg(value)? else {
                    return Ok(());
                };
                self.call_stmt(
                    "rt_bas_lset",
                    vec![
                        (Reg::HL, addr),
                        (Reg::DE, v),
                        (Reg::A, byte(i64::from(*right))),
                    ],
                );
                Ok(())
            }
            StmtKind::GetPut {
                put,
                number,
                record,
            } => {
                let n = self.int(number)?;
                let n = self.hoist(n);
                let given = match record {
                    // The disk ROM takes an integer as unsigned (A6DFB).
                    Some(r) if type_of(r) == Some(Type::Integer) => {
                        let v = self.int(r)?;
                        self.call_stmt("rt_bas_freci", vec![(Reg::HL, v)]);
                        1
                    }
                    Some(r) => {
                        self.dac(r)?;
                        self.call_stmt("rt_bas_frecn", vec![]);
                        1
                    }
                    None => 0,
                };
                self.call_stmt(
                    "rt_bas_getput",
                    vec![
                        (Reg::HL, n),
                        (Reg::A, byte(i64::from(*put))),
                        (Reg::BC, word(given)),
                    ],
                );
                Ok(())
            }
            StmtKind::Bsave {
                name,
                start,
                end,
                exec,
                vram,
            } => {
                let Some(name) = self.string_arg(name)? else {
                    return Ok(());
                };
                let name = self.hoist(name);
                // start, end and exec (by default the start) go to the
                // runtime's rt_bas_fbsv.
                let slot = |i: i32| ir::Expr::Sym("rt_bas_fbsv".into(), 2 * i);
                for (i, e) in [Some(start), Some(end), exec.as_ref()]
                    .into_iter()
                    .enumerate()
                {
                    let value = match e {
                        Some(e) => self.address(e)?,
                        None => load(W::Word, slot(0)),
                    };
                    self.emit(IStmt::Store {
                        w: W::Word,
                        addr: slot(i as i32),
                        value,
                    });
                }
                self.call_stmt(
                    "rt_bas_bsave",
                    vec![(Reg::HL, name), (Reg::A, byte(i64::from(*vram)))],
                );
                Ok(())
            }
            StmtKind::RunFile {
                load,
                file,
                keep_open,
            } => {
                // MSX-BASIC takes over (runtime/endrom.asm): the program
                // ends as at END, then the statement runs as if typed.
                let Some(file) = self.string_arg(file)? else {
                    return Ok(());
                };
                use crate::keywords::Keyword;
                let token = if *load { Keyword::Load } else { Keyword::Run };
                self.call_stmt(
                    "rt_bas_runfile",
                    vec![
                        (Reg::HL, file),
                        (Reg::A, byte(i64::from(token.bytes()[0]))),
                        (Reg::DE, word(i64::from(*keep_open))),
                    ],
                );
                self.terminate(Term::Goto("rt_halt".into()));
                Ok(())
            }
            StmtKind::Bload {
                name,
                option,
                offset,
            } => {
                let Some(name) = self.string_arg(name)? else {
                    return Ok(());
                };
                let name = self.hoist(name);
                let offset = match offset {
                    Some(o) => {
                        let v = self.address(o)?;
                        self.hoist(v)
                    }
                    None => word(0),
                };
                let option = match option {
                    BloadOption::None => 0,
                    BloadOption::Run => i64::from(b'R'),
                    BloadOption::Vram => i64::from(b'S'),
                };
                self.call_stmt(
                    "rt_bas_bload",
                    vec![(Reg::HL, name), (Reg::DE, offset), (Reg::A, byte(option))],
                );
                Ok(())
            }
            StmtKind::Close(numbers) => {
                if numbers.is_empty() {
                    self.call_stmt("rt_bas_closeall", vec![]);
                }
                for n in numbers {
                    self.reset_temps();
                    let n = self.int(n)?;
                    self.call_stmt("rt_bas_close", vec![(Reg::HL, n)]);
                }
                Ok(())
            }
            StmtKind::MaxFiles(n) => {
                let n = self.int(n)?;
                self.call_stmt("rt_bas_maxfiles", vec![(Reg::HL, n)]);
                Ok(())
            }
            StmtKind::Files(pattern) => {
                let p = match pattern {
                    Some(p) => match self.string_arg(p)? {
                        Some(p) => p,
                        None => return Ok(()),
                    },
                    None => word(0),
                };
                self.call_stmt("rt_bas_files", vec![(Reg::HL, p)]);
                Ok(())
            }
            StmtKind::Kill(name) => {
                if let Some(name) = self.string_arg(name)? {
                    self.call_stmt("rt_bas_kill", vec![(Reg::HL, name)]);
                }
                Ok(())
            }
            StmtKind::Rename { from, to } => {
                let Some(from) = self.string_arg(from)? else {
                    return Ok(());
                };
                let from = self.hoist(from);
                let Some(to) = self.string_arg(to)? else {
                    return Ok(());
                };
                self.call_stmt("rt_bas_rename", vec![(Reg::HL, from), (Reg::DE, to)]);
                Ok(())
            }
            StmtKind::InputFile { number, targets } => {
                let n = self.int(number)?;
                self.call_stmt("rt_bas_fselin", vec![(Reg::HL, n)]);
                for t in targets {
                    self.reset_temps();
                    let ty = t.var().ty;
                    let addr = self.lvalue_address(t, span)?;
                    if ty == Type::String {
                        self.call_stmt("rt_bas_finstr", vec![(Reg::DE, addr)]);
                    } else {
                        self.call_stmt(
                            "rt_bas_finnum",
                            vec![(Reg::HL, addr), (Reg::A, byte(num_type_code(ty)))],
                        );
                    }
                }
                Ok(())
            }
            StmtKind::LineInputFile { number, target } => {
                if target.var().ty != Type::String {
                    self.raise(TYPE_MISMATCH);
                    return Ok(());
                }
                let n = self.int(number)?;
                self.call_stmt("rt_bas_fselin", vec![(Reg::HL, n)]);
                let s = self.hoist(call("rt_bas_flinput", vec![], W::Word));
                let addr = self.lvalue_address(target, span)?;
                self.call_stmt("rt_bas_sassign", vec![(Reg::HL, s), (Reg::DE, addr)]);
                Ok(())
            }
            StmtKind::Goto(n) => {
                let t = self.line_block(*n, span)?;
                self.terminate(Term::Jump(t));
                Ok(())
            }
            StmtKind::Gosub(n) => self.gosub(*n),
            StmtKind::Return(None) => {
                self.ret();
                Ok(())
            }
            StmtKind::Return(Some(n)) => {
                let t = self.line_block(*n, span)?;
                self.call_stmt(self.return_routine(), vec![]);
                self.terminate(Term::Jump(t));
                Ok(())
            }
            StmtKind::On {
                selector,
                gosub,
                targets,
            } => self.on(selector, *gosub, targets, span),
            StmtKind::SetPalette(args) => {
                for (i, a) in args.iter().enumerate() {
                    let x = self.int(a)?;
                    self.emit(IStmt::Store {
                        w: W::Word,
                        addr: pts(2 * i as i32),
                        value: x,
                    });
                }
                self.call_stmt("rt_bx_palette", vec![]);
                Ok(())
            }
            StmtKind::ResetPalette { restore } => {
                let r = if *restore {
                    "rt_bx_palrestore"
                } else {
                    "rt_bx_palnew"
                };
                self.call_stmt(r, vec![]);
                Ok(())
            }
            StmtKind::SpriteColor {
                plane,
                color,
                lines: true,
            } => {
                let n = self.int(plane)?;
                let n = self.hoist_call(n);
                let Some(s) = self.string_arg(color)? else {
                    return Ok(());
                };
                self.call_stmt("rt_bx_colsprs", vec![(Reg::HL, n), (Reg::DE, s)]);
                Ok(())
            }
            StmtKind::SpriteColor { plane, color, .. } => {
                let n = self.int(plane)?;
                let n = self.hoist_call(n);
                let c = self.int(color)?;
                let c = self.byte_value(c);
                self.call_stmt("rt_bx_colspr", vec![(Reg::HL, n), (Reg::A, c)]);
                Ok(())
            }
            StmtKind::SetBase { number, value } => {
                let n = self.int(number)?;
                let n = self.hoist_call(n);
                let v = self.address(value)?;
                self.call_stmt("rt_bx_setbase", vec![(Reg::HL, n), (Reg::DE, v)]);
                Ok(())
            }
            StmtKind::SetVdp { number, value } => {
                let n = self.int(number)?;
                let n = self.hoist_call(n);
                let v = self.int(value)?;
                let v = self.byte_value(v);
                self.call_stmt("rt_bx_setvdp", vec![(Reg::HL, n), (Reg::A, v)]);
                Ok(())
            }
            StmtKind::OnErrorGoto(n) => self.on_error(*n),
            StmtKind::CopyScreen {
                from,
                to,
                src_page,
                dest,
                dst_page,
                op,
            } => {
                let op = logical_op(op.as_deref());
                let (gx, gy) = (load(W::Word, word(GRPACX)), load(W::Word, word(GRPACY)));
                self.point(from, 0, gx, gy)?;
                self.point(to, 4, load(W::Word, pts(0)), load(W::Word, pts(2)))?;
                let sp = self.opt_int(src_page.as_ref(), 0xFFFF)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: cpy(4),
                    value: sp,
                });
                let mut x = self.int(&dest.x)?;
                let mut y = self.int(&dest.y)?;
                if dest.step {
                    x = bin(ir::BinOp::Add, W::Word, load(W::Word, word(GRPACX)), x);
                    y = bin(ir::BinOp::Add, W::Word, load(W::Word, word(GRPACY)), y);
                }
                let x = self.hoist(x);
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: cpy(2),
                    value: y,
                });
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: cpy(0),
                    value: x,
                });
                let dp = self.opt_int(dst_page.as_ref(), 0xFFFF)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: cpy(6),
                    value: dp,
                });
                self.call_stmt("rt_bx_copy", vec![(Reg::BC, word(i64::from(op) << 8))]);
                Ok(())
            }
            StmtKind::SetPage { display, active } => {
                let d = self.opt_int(display.as_ref(), 0xFFFF)?;
                let a = self.opt_int(active.as_ref(), 0xFFFF)?;
                self.call_stmt("rt_bx_setpage", vec![(Reg::HL, d), (Reg::DE, a)]);
                Ok(())
            }
            StmtKind::KeyList => {
                self.call_stmt("rt_bx_keylist", vec![]);
                Ok(())
            }
            StmtKind::Draw(s) => {
                if type_of(s) != Some(Type::String) {
                    self.raise(TYPE_MISMATCH);
                    return Ok(());
                }
                let s = self.string(s)?;
                self.call_stmt("rt_bx_draw", vec![(Reg::HL, s)]);
                Ok(())
            }
            StmtKind::RaiseError(n) => {
                let n = self.int(n)?;
                self.call_stmt("rt_bas_raise", vec![(Reg::HL, n)]);
                Ok(())
            }
            StmtKind::Resume(to) => self.resume(*to),
            StmtKind::PrintUsing {
                format,
                items,
                newline,
            } => {
                let f = self.string(format)?;
                self.call_stmt("rt_bas_usbeg", vec![(Reg::HL, f)]);
                for item in items {
                    self.reset_temps();
                    if type_of(item) == Some(Type::String) {
                        let s = self.string(item)?;
                        self.call_stmt("rt_bas_usstr", vec![(Reg::HL, s)]);
                    } else {
                        self.dac(item)?;
                        self.call_stmt("rt_bas_usnum", vec![]);
                    }
                }
                self.call_stmt("rt_bas_usend", vec![]);
                if *newline {
                    self.call_stmt("rt_bas_prnl", vec![]);
                }
                Ok(())
            }
            StmtKind::Play(strings) => {
                let mut regs = Vec::new();
                for (s, r) in strings.iter().zip([Reg::HL, Reg::DE, Reg::BC]) {
                    if type_of(s) != Some(Type::String) {
                        self.raise(TYPE_MISMATCH);
                        return Ok(());
                    }
                    let v = self.string(s)?;
                    regs.push((r, self.hoist(v)));
                }
                for r in [Reg::HL, Reg::DE, Reg::BC].into_iter().skip(regs.len()) {
                    regs.push((r, word(0)));
                }
                self.call_stmt("rt_bas_play", regs);
                Ok(())
            }
            StmtKind::OnEvent {
                event,
                interval,
                targets,
            } => self.on_event(*event, interval.as_ref(), targets, span),
            StmtKind::EventSwitch {
                event,
                number,
                action,
            } => self.event_switch(*event, number.as_ref(), *action),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.cond(cond)?;
                let tb = self.new_block();
                let eb = self.new_block();
                self.blocks[self.cur].term = Term::Branch {
                    cond: c,
                    then: tb,
                    els: eb,
                };
                self.cur = tb;
                self.statements(then, next)?;
                self.terminate(Term::Jump(next));
                self.cur = eb;
                self.statements(otherwise, next)?;
                self.terminate(Term::Jump(next));
                Ok(())
            }
            StmtKind::For {
                var,
                start,
                end,
                step,
            } => {
                let id = self.fors[&key];
                self.for_loop(id, *var, start, end, step.as_ref())
            }
            StmtKind::Next(_) => {
                let ids = self.nexts.get(&key).cloned().unwrap_or_default();
                for id in ids {
                    if id == super::flow::NEXT_WITHOUT_FOR {
                        self.raise(1);
                        break;
                    }
                    self.next(id)?;
                }
                Ok(())
            }
            StmtKind::Dim(arrays) => {
                for (v, bounds) in arrays {
                    let desc = self.array_desc(*v, bounds.len(), span)?;
                    let mut values = Vec::new();
                    for b in bounds {
                        let x = self.int(b)?;
                        values.push(self.hoist_call(x));
                    }
                    for (i, x) in values.into_iter().enumerate() {
                        self.emit(IStmt::Store {
                            w: W::Word,
                            addr: ir::Expr::Sym("rt_bx_idx".into(), 2 * i as i32),
                            value: x,
                        });
                    }
                    self.call_stmt("rt_bx_dim", vec![(Reg::HL, desc)]);
                }
                Ok(())
            }
            StmtKind::Read(targets) => {
                for t in targets {
                    self.reset_temps();
                    self.read(t, span)?;
                }
                Ok(())
            }
            StmtKind::Restore(Some(n)) if !self.line_blocks.contains_key(n) => {
                self.raise(UNDEFINED_LINE);
                Ok(())
            }
            StmtKind::Fails(code) => {
                self.raise(*code);
                Ok(())
            }
            StmtKind::Restore(line) => {
                let count = self.prog.data.len();
                if count == 0 {
                    return Ok(());
                }
                let index = line.map_or(0, |n| self.prog.data_index_at(n));
                let offset = consts::data_offset(&self.prog.data, index);
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym("rt_bx_dptr"),
                    value: ir::Expr::Sym("bx_data".into(), offset as i32),
                });
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym("rt_bx_dleft"),
                    value: word((count - index) as i64),
                });
                Ok(())
            }
            StmtKind::Data { .. }
            | StmtKind::DefFn { .. }
            | StmtKind::DefType(..)
            | StmtKind::Rem => Ok(()),
            StmtKind::End => {
                self.terminate(Term::Goto("rt_bas_end".into()));
                Ok(())
            }
            StmtKind::Stop => {
                self.call_stmt("rt_bx_stop", vec![(Reg::HL, word(i64::from(span.line)))]);
                self.terminate(Term::Goto("rt_halt".into()));
                Ok(())
            }
            StmtKind::Cls => {
                self.call_stmt("rt_bx_cls", vec![]);
                Ok(())
            }
            StmtKind::Beep => {
                self.call_stmt("rt_bx_beep", vec![]);
                Ok(())
            }
            StmtKind::KeyDisplay(on) => {
                let r = if *on { "rt_bx_keyon" } else { "rt_bx_keyoff" };
                self.call_stmt(r, vec![]);
                Ok(())
            }
            StmtKind::Locate { x, y, cursor } => {
                let x = self.opt_int(x.as_ref(), 0xFFFF)?;
                let y = self.opt_int(y.as_ref(), 0xFFFF)?;
                let c = match cursor {
                    Some(c) => {
                        let c = self.int(c)?;
                        self.byte_value(c)
                    }
                    None => byte(0xFF),
                };
                self.call_stmt(
                    "rt_bx_locate",
                    vec![(Reg::HL, x), (Reg::DE, y), (Reg::A, c)],
                );
                Ok(())
            }
            StmtKind::Color { fg, bg, border } => {
                let f = self.opt_int(fg.as_ref(), 0xFFFF)?;
                let b = self.opt_int(bg.as_ref(), 0xFFFF)?;
                let d = self.opt_int(border.as_ref(), 0xFFFF)?;
                self.call_stmt(
                    "rt_bx_color",
                    vec![(Reg::HL, f), (Reg::DE, b), (Reg::BC, d)],
                );
                Ok(())
            }
            StmtKind::Screen(args) => {
                if let Some(Some(mode)) = args.first() {
                    let m = self.int(mode)?;
                    let m = self.byte_value(m);
                    self.call_stmt("rt_bx_screen", vec![(Reg::A, m)]);
                }
                if let Some(Some(size)) = args.get(1) {
                    let s = self.int(size)?;
                    let s = self.byte_value(s);
                    self.call_stmt("rt_bx_sprsize", vec![(Reg::A, s)]);
                }
                let rest = [
                    "rt_bx_scrclick",
                    "rt_bx_scrbaud",
                    "rt_bx_scrprn",
                    "rt_bx_scrint",
                ];
                for (arg, routine) in args.iter().skip(2).zip(rest) {
                    if let Some(x) = arg {
                        let x = self.int(x)?;
                        let x = self.byte_value(x);
                        self.call_stmt(routine, vec![(Reg::A, x)]);
                    }
                }
                Ok(())
            }
            StmtKind::Width(n) => {
                let n = self.int(n)?;
                self.call_stmt("rt_bx_width", vec![(Reg::HL, n)]);
                Ok(())
            }
            StmtKind::Vpoke { address, value } => {
                let a = self.address(address)?;
                let a = self.hoist_call(a);
                let v = self.int(value)?;
                let v = self.byte_value(v);
                self.call_stmt("rt_bx_vpoke", vec![(Reg::HL, a), (Reg::A, v)]);
                Ok(())
            }
            StmtKind::Poke { address, value } => {
                let a = self.address(address)?;
                let a = self.hoist_call(a);
                let v = self.int(value)?;
                let v = self.byte_value(v);
                self.emit(IStmt::Store {
                    w: W::Byte,
                    addr: a,
                    value: v,
                });
                Ok(())
            }
            StmtKind::Out { port, value } => {
                let p = self.int(port)?;
                let p = self.byte_value(p);
                let v = self.int(value)?;
                let v = self.byte_value(v);
                self.emit(IStmt::PortOut { port: p, value: v });
                Ok(())
            }
            StmtKind::Sound { register, value } => {
                let r = self.int(register)?;
                let r = self.byte_value(r);
                let v = self.int(value)?;
                let v = self.byte_value(v);
                let v = zext(v);
                self.call_stmt("rt_bx_sound", vec![(Reg::A, r), (Reg::DE, v)]);
                Ok(())
            }
            StmtKind::SetTime(v) => {
                if type_of(v) == Some(Type::Integer) {
                    let x = self.int(v)?;
                    self.call_stmt("rt_bx_settime", vec![(Reg::HL, x)]);
                } else {
                    // 0-65535, past an integer's range.
                    self.dac(v)?;
                    self.call_stmt("rt_bx_settime2", vec![]);
                }
                Ok(())
            }
            StmtKind::Input { prompt, targets } => self.input(prompt.as_deref(), targets, span),
            StmtKind::LineInput { prompt, target } => {
                if target.var().ty != Type::String {
                    self.raise(TYPE_MISMATCH);
                    return Ok(());
                }
                let p = match prompt {
                    Some(p) => self.literal(p),
                    None => word(0),
                };
                let s = self.hoist(call("rt_bas_lineinput", vec![(Reg::HL, p)], W::Word));
                let addr = self.lvalue_address(target, span)?;
                self.call_stmt("rt_bas_sassign", vec![(Reg::HL, s), (Reg::DE, addr)]);
                Ok(())
            }
            StmtKind::Swap(a, b) => self.swap(a, b, span),
            StmtKind::MidAssign {
                target,
                start,
                len,
                value,
            } => {
                if target.var().ty != Type::String {
                    self.raise(TYPE_MISMATCH);
                    return Ok(());
                }
                let addr = self.lvalue_address(target, span)?;
                let st = self.int(start)?;
                let st = self.hoist(st);
                let n = match len {
                    Some(n) => {
                        let n = self.int(n)?;
                        self.hoist(n)
                    }
                    None => word(255),
                };
                let v = self.string(value)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym("rt_bas_arg3"),
                    value: n,
                });
                self.call_stmt(
                    "rt_bas_midset",
                    vec![(Reg::HL, addr), (Reg::DE, v), (Reg::BC, st)],
                );
                Ok(())
            }
            StmtKind::KeyDef { number, text } => {
                let n = self.int(number)?;
                let n = self.byte_value(n);
                let t = self.string(text)?;
                self.call_stmt("rt_bx_keydef", vec![(Reg::A, n), (Reg::HL, t)]);
                Ok(())
            }
            StmtKind::Clear => {
                if super::uses_files(self.prog) {
                    // CLEAR closes every file (MSX's CLEAR runs CLSALL).
                    self.call_stmt("rt_bas_closeall", vec![]);
                }
                self.clear();
                Ok(())
            }
            StmtKind::Run(line) => {
                // RUN's clean slate is CLEAR's (ROM: RUN calls CLEARC) and
                // no ON ERROR handler; then the first line, or `line`.
                let target = match line {
                    Some(n) => self.line_block(*n, span)?,
                    None => self
                        .prog
                        .lines
                        .first()
                        .map_or(self.end_block, |l| self.line_blocks[&l.number]),
                };
                if super::uses_files(self.prog) {
                    self.call_stmt("rt_bas_closeall", vec![]);
                }
                if super::onerror::uses_on_error(self.prog) {
                    self.call_stmt("rt_bas_onerr", vec![(Reg::HL, word(0))]);
                }
                self.clear();
                self.terminate(Term::Jump(target));
                Ok(())
            }
            StmtKind::Erase(vars) => {
                for v in vars {
                    self.erased.insert(*v);
                    let desc = sym(&format!("ba_{}", super::var_suffix(*v)));
                    self.call_stmt("rt_bx_erase", vec![(Reg::HL, desc)]);
                }
                Ok(())
            }
            StmtKind::SetSprite { number, value } => {
                let n = self.int(number)?;
                let n = self.byte_value(n);
                let v = self.string(value)?;
                self.call_stmt("rt_bx_setspr", vec![(Reg::A, n), (Reg::HL, v)]);
                Ok(())
            }
            StmtKind::Pset { set, at, color, op } => {
                let op = logical_op(op.as_deref());
                let (gx, gy) = (load(W::Word, word(GRPACX)), load(W::Word, word(GRPACY)));
                self.point(at, 0, gx, gy)?;
                let c = self.graphics_color(color.as_ref(), if *set { 0xFF } else { 0xFE })?;
                self.call_stmt(
                    "rt_bx_pset",
                    vec![(Reg::A, c), (Reg::BC, word(i64::from(op) << 8))],
                );
                Ok(())
            }
            StmtKind::Line {
                from,
                to,
                color,
                shape,
                op,
            } => {
                let op = logical_op(op.as_deref());
                let (gx, gy) = (load(W::Word, word(GRPACX)), load(W::Word, word(GRPACY)));
                match from {
                    Some(p) => self.point(p, 0, gx, gy)?,
                    None => {
                        self.emit(IStmt::Store {
                            w: W::Word,
                            addr: pts(0),
                            value: gx,
                        });
                        self.emit(IStmt::Store {
                            w: W::Word,
                            addr: pts(2),
                            value: gy,
                        });
                    }
                }
                self.point(to, 4, load(W::Word, pts(0)), load(W::Word, pts(2)))?;
                let c = self.graphics_color(color.as_ref(), 0xFF)?;
                let shape = match shape {
                    crate::parse::LineShape::Line => 0,
                    crate::parse::LineShape::Box => 1,
                    crate::parse::LineShape::FilledBox => 2,
                };
                self.call_stmt(
                    "rt_bx_gline",
                    vec![(Reg::A, c), (Reg::BC, word((i64::from(op) << 8) | shape))],
                );
                Ok(())
            }
            StmtKind::Circle { at, radius, args } => {
                let start = args.get(1).and_then(Option::as_ref);
                let end = args.get(2).and_then(Option::as_ref);
                if start.is_some() || end.is_some() {
                    self.emit(IStmt::Store {
                        w: W::Byte,
                        addr: sym("rt_bx_clin"),
                        value: byte(0),
                    });
                    for (slot, angle) in [start, end].into_iter().enumerate() {
                        match angle {
                            Some(a) => {
                                self.dac(a)?;
                                self.call_stmt("rt_bx_cangle", vec![(Reg::A, byte(slot as i64))]);
                            }
                            None => {
                                self.call_stmt("rt_bx_cangle0", vec![(Reg::A, byte(slot as i64))])
                            }
                        }
                    }
                    self.call_stmt("rt_bx_carcset", vec![]);
                } else {
                    self.emit(IStmt::Store {
                        w: W::Byte,
                        addr: sym("rt_bx_carc"),
                        value: byte(0),
                    });
                }
                match args.get(3).and_then(Option::as_ref) {
                    Some(aspect) => {
                        self.dac(aspect)?;
                        self.call_stmt("rt_bx_caspect", vec![]);
                    }
                    None => self.emit(IStmt::Store {
                        w: W::Byte,
                        addr: sym("rt_bx_casp"),
                        value: byte(0),
                    }),
                }
                let (gx, gy) = (load(W::Word, word(GRPACX)), load(W::Word, word(GRPACY)));
                self.point(at, 0, gx, gy)?;
                let r = self.int(radius)?;
                let r = self.hoist(r);
                let c = self.graphics_color(args.first().and_then(Option::as_ref), 0xFF)?;
                self.call_stmt(
                    "rt_bx_circle",
                    vec![(Reg::HL, r), (Reg::A, c), (Reg::BC, word(0))],
                );
                Ok(())
            }
            StmtKind::Paint { at, color, border } => {
                let (gx, gy) = (load(W::Word, word(GRPACX)), load(W::Word, word(GRPACY)));
                self.point(at, 0, gx, gy)?;
                let c = self.graphics_color(color.as_ref(), 0xFF)?;
                let b = self.graphics_color(border.as_ref(), 0xFF)?;
                let b = self.hoist(zext(b));
                self.call_stmt("rt_bx_paint", vec![(Reg::A, c), (Reg::BC, b)]);
                Ok(())
            }
            StmtKind::PutSprite {
                plane,
                at,
                color,
                pattern,
            } => {
                let p = self.int(plane)?;
                let p = self.byte_value(p);
                let has_point = match at {
                    Some(at) => {
                        let (gx, gy) = (load(W::Word, word(GRPACX)), load(W::Word, word(GRPACY)));
                        self.point(at, 0, gx, gy)?;
                        1
                    }
                    None => 0,
                };
                let c = match color {
                    Some(c) => {
                        let c = self.int(c)?;
                        zext(self.byte_value(c))
                    }
                    None => word(0xFF),
                };
                let bc = bin(ir::BinOp::Or, W::Word, c, word(has_point << 8));
                let bc = self.hoist(bc);
                let pat = match pattern {
                    Some(n) => {
                        let n = self.int(n)?;
                        self.hoist(n)
                    }
                    None => word(0xFFFF),
                };
                self.call_stmt(
                    "rt_bx_putspr",
                    vec![(Reg::A, p), (Reg::BC, bc), (Reg::DE, pat)],
                );
                Ok(())
            }
        }
    }

    /// Stores a graphics point as x/y of slot `at` (0: first point, 4:
    /// second) of `rt_bx_pts`; STEP is relative to (`bx`, `by`).
    /// (`rt_bx_setpt0`/`rt_bx_setpt1` store HL and DE there.)
    fn point(&mut self, p: &crate::parse::Point, at: i32, bx: ir::Expr, by: ir::Expr) -> R<()> {
        let mut x = self.int(&p.x)?;
        let before = (self.cur, self.blocks[self.cur].stmts.len());
        let mut y = self.int(&p.y)?;
        if p.step {
            x = bin(ir::BinOp::Add, W::Word, bx, x);
            y = bin(ir::BinOp::Add, W::Word, by, y);
        }
        // x is computed first (MSX's order, which shows when both raise an
        // error): kept in a temporary meanwhile when y takes code of its own
        // before. One call stores both (HL and DE): 8-9 bytes for 12.
        let y_is_plain = before == (self.cur, self.blocks[self.cur].stmts.len())
            && !z80_codegen::fold::has_effects(&y);
        let x = if y_is_plain { x } else { self.hoist(x) };
        let routine = if at == 0 {
            "rt_bx_setpt0"
        } else {
            "rt_bx_setpt1"
        };
        self.call_stmt(routine, vec![(Reg::HL, x), (Reg::DE, y)]);
        Ok(())
    }

    /// The colour argument of a graphics statement, or `default` (0FFh:
    /// the foreground colour, 0FEh: the background colour).
    fn graphics_color(&mut self, c: Option<&Expr>, default: u8) -> R<ir::Expr> {
        match c {
            Some(c) => {
                let x = self.int(c)?;
                Ok(self.byte_value(x))
            }
            None => Ok(byte(i64::from(default))),
        }
    }

    /// CLEAR: every variable zero, every array gone (the next use or DIM
    /// makes it again), the strings and the GOSUB stack emptied, DATA read
    /// from the start. The string space and HIMEM arguments of MSX's CLEAR
    /// mean nothing to a compiled program (the parser drops them).
    fn clear(&mut self) {
        self.call_stmt(
            "rt_bx_clear",
            vec![(Reg::HL, sym("_bss")), (Reg::DE, sym(super::VARS_END))],
        );
        self.emit(IStmt::Store {
            w: W::Word,
            addr: sym("rt_heap"),
            value: sym("_bss_end"),
        });
        let at = self.blocks[self.cur].stmts.len();
        self.clears.push((self.cur, at));
        if !self.prog.data.is_empty() {
            self.emit(IStmt::Store {
                w: W::Word,
                addr: sym("rt_bx_dptr"),
                value: sym("bx_data"),
            });
            self.emit(IStmt::Store {
                w: W::Word,
                addr: sym("rt_bx_dleft"),
                value: word(self.prog.data.len() as i64),
            });
        }
    }

    /// The block of line `n`; for a line that does not exist, a block that
    /// raises "Undefined line number" (MSX finds it when the jump runs; the
    /// parser warned).
    fn line_block(&mut self, n: u16, _span: Span) -> R<BlockId> {
        if let Some(b) = self.line_blocks.get(&n) {
            return Ok(*b);
        }
        let b = self.new_block();
        self.blocks[b].stmts.push(IStmt::Eval(call(
            "rt_bas_error",
            vec![(Reg::DE, word(i64::from(UNDEFINED_LINE)))],
            W::Word,
        )));
        Ok(b)
    }

    /// An integer now (a call in it runs before what follows).
    fn hoist_call(&mut self, x: ir::Expr) -> ir::Expr {
        if matches!(
            x,
            ir::Expr::Const(..) | ir::Expr::Sym(..) | ir::Expr::Load(..)
        ) {
            x
        } else {
            self.hoist(x)
        }
    }

    /// The low byte of an integer that must be 0-255 ("Illegal function
    /// call" otherwise, as the ROM's byte arguments).
    fn byte_value(&mut self, x: ir::Expr) -> ir::Expr {
        if let ir::Expr::Const(_, v) = x {
            if v <= 255 {
                return byte(i64::from(v));
            }
        }
        let t = self.byte_temp();
        self.emit(IStmt::Store {
            w: W::Byte,
            addr: sym(&t),
            value: call("rt_bx_byte", vec![(Reg::HL, x)], W::Byte),
        });
        load(W::Byte, sym(&t))
    }

    fn opt_int(&mut self, e: Option<&Expr>, absent: u16) -> R<ir::Expr> {
        match e {
            Some(e) => {
                let x = self.int(e)?;
                Ok(self.hoist_call(x))
            }
            None => Ok(word(i64::from(absent))),
        }
    }

    pub(crate) fn lvalue_address(&mut self, t: &LValue, span: Span) -> R<ir::Expr> {
        match t {
            LValue::Scalar(v) => Ok(self.scalar(*v)),
            LValue::Element(v, subs) => self.element(*v, subs, span),
        }
    }

    fn assign(&mut self, target: &LValue, value: &Expr, span: Span) -> R<()> {
        let ty = target.var().ty;
        let addr = self.lvalue_address(target, span)?;
        match ty {
            Type::String => {
                let v = self.string(value)?;
                self.call_stmt("rt_bas_sassign", vec![(Reg::HL, v), (Reg::DE, addr)]);
            }
            Type::Integer => {
                let v = self.int(value)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr,
                    value: v,
                });
            }
            _ => {
                if type_of(value) == Some(Type::String) {
                    self.raise(TYPE_MISMATCH);
                    return Ok(());
                }
                // A copy of a variable of the same type needs no DAC.
                if let ExprKind::Var(src) = &value.kind {
                    if src.ty == ty {
                        let from = self.scalar(*src);
                        self.emit(IStmt::Copy {
                            dst: addr,
                            src: from,
                            len: word(i64::from(super::size_of(ty))),
                        });
                        return Ok(());
                    }
                }
                self.dac(value)?;
                self.store_dac(ty, addr);
            }
        }
        Ok(())
    }

    fn print(&mut self, items: &[PrintItem]) -> R<()> {
        for item in items {
            self.reset_temps();
            match item {
                PrintItem::Expr(e) => {
                    if type_of(e) == Some(Type::String) {
                        let s = self.string(e)?;
                        self.call_stmt("rt_bas_prs", vec![(Reg::HL, s)]);
                    } else {
                        match self.num(e)? {
                            Num::Int(x) => self.call_stmt("rt_bas_pri", vec![(Reg::HL, x)]),
                            Num::Dac(p) => {
                                let digits = if p == Type::Single { 6 } else { 14 };
                                self.call_stmt("rt_bas_prn", vec![(Reg::A, byte(digits))]);
                            }
                        }
                    }
                }
                PrintItem::Tab(n) => {
                    let x = self.int(n)?;
                    self.call_stmt("rt_bas_tab", vec![(Reg::HL, x)]);
                }
                PrintItem::Spc(n) => {
                    let x = self.int(n)?;
                    self.call_stmt("rt_bas_spc", vec![(Reg::HL, x)]);
                }
                PrintItem::Comma => self.call_stmt("rt_bas_prcomma", vec![]),
                PrintItem::Semicolon => {}
            }
        }
        if !matches!(items.last(), Some(PrintItem::Comma | PrintItem::Semicolon)) {
            self.call_stmt("rt_bas_prnl", vec![]);
        }
        Ok(())
    }

    fn on(&mut self, selector: &Expr, gosub: bool, targets: &[u16], span: Span) -> R<()> {
        let x = self.int(selector)?;
        let x = self.hoist(call("rt_bx_onchk", vec![(Reg::HL, x)], W::Word));
        let mut blocks = Vec::new();
        for n in targets {
            blocks.push(self.line_block(*n, span)?);
        }
        let after = self.new_block();
        if !gosub {
            self.blocks[self.cur].term = Term::Switch {
                w: W::Word,
                value: x,
                base: 1,
                targets: blocks,
                default: after,
            };
            self.cur = after;
            return Ok(());
        }
        // Each target pushes the same return site, then jumps.
        let site = self.return_sites.len();
        self.return_sites.push(after);
        let mut stubs = Vec::new();
        for b in blocks {
            let stub = self.new_block();
            let gosub = self.gosub_routine();
            self.blocks[stub].stmts.push(IStmt::Eval(call(
                gosub,
                vec![(Reg::HL, word(site as i64))],
                W::Word,
            )));
            self.blocks[stub].term = Term::Jump(b);
            stubs.push(stub);
        }
        self.blocks[self.cur].term = Term::Switch {
            w: W::Word,
            value: x,
            base: 1,
            targets: stubs,
            default: after,
        };
        self.cur = after;
        Ok(())
    }

    fn is_const(e: &Expr) -> Option<bool> {
        match &e.kind {
            ExprKind::Int(v) => Some(*v >= 0),
            ExprKind::Single(b) => Some(b[0] & 0x80 == 0),
            ExprKind::Double(b) => Some(b[0] & 0x80 == 0),
            ExprKind::Neg(x) => Self::is_const(x).map(|p| !p || is_zero(x)),
            _ => None,
        }
    }

    fn for_loop(
        &mut self,
        id: usize,
        var: Var,
        start: &Expr,
        end: &Expr,
        step: Option<&Expr>,
    ) -> R<()> {
        let addr = self.scalar(var);
        let lim = format!("bf{id}l");
        let stp = format!("bf{id}s");
        let sgn = format!("bf{id}g");
        let const_sign = match step {
            None => Some(true),
            Some(s) => Self::is_const(s),
        };
        if let Some(p) = const_sign {
            self.for_const_step.insert(id, p);
        }
        match var.ty {
            Type::String => {
                self.raise(TYPE_MISMATCH);
                return Ok(());
            }
            Type::Integer => {
                let x = self.int(start)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: addr.clone(),
                    value: x,
                });
                let l = self.int(end)?;
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym(&lim),
                    value: l,
                });
                let constant = match step.map(|s| &s.kind) {
                    None => Some(1),
                    Some(ExprKind::Int(v)) => Some(*v),
                    Some(ExprKind::Neg(x)) => match x.kind {
                        ExprKind::Int(v) if v != i16::MIN => Some(-v),
                        _ => None,
                    },
                    _ => None,
                };
                if let Some(v) = constant {
                    self.for_int_step.insert(id, v);
                }
                let s = match step {
                    Some(s) => self.int(s)?,
                    None => word(1),
                };
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym(&stp),
                    value: s,
                });
            }
            t => {
                self.dac(start)?;
                self.store_dac(t, addr);
                self.dac(end)?;
                if t == Type::Single {
                    self.call_stmt("bcd_round_single", vec![]);
                }
                self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&lim))]);
                match step {
                    Some(s) => {
                        self.dac(s)?;
                        if t == Type::Single {
                            self.call_stmt("bcd_round_single", vec![]);
                        }
                        self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&stp))]);
                        self.emit(IStmt::Store {
                            w: W::Byte,
                            addr: sym(&sgn),
                            value: call("rt_bx_stepsgn", vec![], W::Byte),
                        });
                    }
                    None => {
                        let one = self.constant(consts::int_to_double(1));
                        self.emit(IStmt::Copy {
                            dst: sym(&stp),
                            src: one,
                            len: word(8),
                        });
                        self.emit(IStmt::Store {
                            w: W::Byte,
                            addr: sym(&sgn),
                            value: byte(1),
                        });
                    }
                }
            }
        }
        // The body runs at least once: MSX tests the limit at NEXT (ROM
        // C4524 pushes the FOR block and goes on with the next statement).
        let body = self.new_block();
        self.blocks[self.cur].term = Term::Jump(body);
        self.cur = body;
        self.for_bodies.insert(id, body);
        Ok(())
    }

    fn next(&mut self, id: usize) -> R<()> {
        let var = self.for_vars[id];
        let Some(&body) = self.for_bodies.get(&id) else {
            return Ok(());
        };
        self.trap_check();
        let addr = self.scalar(var);
        let lim = sym(&format!("bf{id}l"));
        let stp = sym(&format!("bf{id}s"));
        let sgn = sym(&format!("bf{id}g"));
        let cond = match var.ty {
            Type::String => return Ok(()),
            Type::Integer => {
                let v = call(
                    "rt_bx_iadd",
                    vec![
                        (Reg::HL, load(W::Word, addr.clone())),
                        (
                            Reg::DE,
                            match self.for_int_step.get(&id) {
                                Some(v) => word(i64::from(*v)),
                                None => load(W::Word, stp.clone()),
                            },
                        ),
                    ],
                    W::Word,
                );
                self.emit(IStmt::Store {
                    w: W::Word,
                    addr: addr.clone(),
                    value: v,
                });
                let cmp = |op| Cond::Cmp {
                    op,
                    w: W::Word,
                    signed: true,
                    l: load(W::Word, addr.clone()),
                    r: load(W::Word, lim.clone()),
                };
                match self.for_const_step.get(&id) {
                    Some(true) => cmp(CmpOp::Le),
                    Some(false) => cmp(CmpOp::Ge),
                    None => {
                        let step_pos = Cond::Cmp {
                            op: CmpOp::Ge,
                            w: W::Word,
                            signed: true,
                            l: load(W::Word, stp.clone()),
                            r: word(0),
                        };
                        Cond::Or(
                            Box::new(Cond::And(
                                Box::new(step_pos.clone()),
                                Box::new(cmp(CmpOp::Le)),
                            )),
                            Box::new(Cond::And(
                                Box::new(Cond::Not(Box::new(step_pos))),
                                Box::new(cmp(CmpOp::Ge)),
                            )),
                        )
                    }
                }
            }
            t => {
                self.load_dac(t, addr.clone());
                self.call_stmt("bcd_load_arg", vec![(Reg::HL, stp)]);
                self.call_stmt("bcd_add", vec![]);
                self.store_dac(t, addr);
                self.call_stmt("bcd_load_arg", vec![(Reg::HL, lim)]);
                let r = self.byte_temp();
                self.emit(IStmt::Store {
                    w: W::Byte,
                    addr: sym(&r),
                    value: call("bcd_cmp", vec![], W::Byte),
                });
                // Go on while the comparison is not the step's sign (ROM
                // NEXT: the loop ends when var > limit for a positive step,
                // var < limit for a negative one).
                Cond::Cmp {
                    op: CmpOp::Ne,
                    w: W::Byte,
                    signed: false,
                    l: load(W::Byte, sym(&r)),
                    r: match self.for_const_step.get(&id) {
                        Some(true) => byte(1),
                        Some(false) => byte(0xFF),
                        None => load(W::Byte, sgn),
                    },
                }
            }
        };
        let after = self.new_block();
        self.blocks[self.cur].term = Term::Branch {
            cond,
            then: body,
            els: after,
        };
        self.cur = after;
        Ok(())
    }

    fn read(&mut self, t: &LValue, span: Span) -> R<()> {
        let ty = t.var().ty;
        let addr = self.lvalue_address(t, span)?;
        if ty == Type::String {
            let s = self.hoist(call("rt_bx_reads", vec![], W::Word));
            self.call_stmt("rt_bas_sassign", vec![(Reg::HL, s), (Reg::DE, addr)]);
        } else {
            self.call_stmt("rt_bx_readn", vec![]);
            self.store_dac(ty, addr);
        }
        Ok(())
    }

    /// INPUT: the runtime reads the line, then stores each field into its
    /// variable (`rt_bas_innum` HL = address, A = type; `rt_bas_instrf`
    /// DE = descriptor), then checks for extra fields. After "?Redo from
    /// start" the runtime returns from `rt_bas_input` again, so nothing is
    /// kept on the stack across these calls (the IR keeps nothing there
    /// between statements).
    fn input(&mut self, prompt: Option<&[u8]>, targets: &[LValue], span: Span) -> R<()> {
        let p = match prompt {
            Some(p) => self.literal(p),
            None => word(0),
        };
        self.call_stmt("rt_bas_input", vec![(Reg::HL, p)]);
        for t in targets {
            self.reset_temps();
            let ty = t.var().ty;
            let addr = self.lvalue_address(t, span)?;
            if ty == Type::String {
                self.call_stmt("rt_bas_instrf", vec![(Reg::DE, addr)]);
            } else {
                let code = num_type_code(ty);
                self.call_stmt("rt_bas_innum", vec![(Reg::HL, addr), (Reg::A, byte(code))]);
            }
        }
        self.call_stmt("rt_bas_inend", vec![]);
        Ok(())
    }

    /// A string argument (a file name); a number is "Type mismatch" at
    /// run time, as MSX finds it (None: the raise is emitted).
    /// An address (BLOAD, BSAVE): -32768..65535 as 16 bits ("Overflow"
    /// outside), as the ROM's address operands take it.
    pub(crate) fn address(&mut self, e: &Expr) -> R<ir::Expr> {
        match type_of(e) {
            Some(Type::Single | Type::Double) => {
                self.dac(e)?;
                Ok(self.hoist(call("rt_bas_uint", vec![], W::Word)))
            }
            _ => self.int(e),
        }
    }

    fn string_arg(&mut self, e: &Expr) -> R<Option<ir::Expr>> {
        if type_of(e) != Some(Type::String) {
            self.raise(TYPE_MISMATCH);
            return Ok(None);
        }
        self.string(e).map(Some)
    }

    fn swap(&mut self, a: &LValue, b: &LValue, span: Span) -> R<()> {
        let ty = a.var().ty;
        if b.var().ty != ty {
            self.raise(TYPE_MISMATCH);
            return Ok(());
        }
        let x = self.lvalue_address(a, span)?;
        let y = self.lvalue_address(b, span)?;
        if ty == Type::String {
            self.call_stmt("rt_bas_sswap", vec![(Reg::HL, x), (Reg::DE, y)]);
            return Ok(());
        }
        let n = word(i64::from(super::size_of(ty)));
        let t = self.num_temp();
        self.emit(IStmt::Copy {
            dst: sym(&t),
            src: x.clone(),
            len: n.clone(),
        });
        self.emit(IStmt::Copy {
            dst: x,
            src: y.clone(),
            len: n.clone(),
        });
        self.emit(IStmt::Copy {
            dst: y,
            src: sym(&t),
            len: n,
        });
        Ok(())
    }

    /// `FN name(args)`: the arguments go into the function's parameter
    /// slots, then its body is evaluated with the parameters bound. A
    /// number is left in DAC (then the result is a placeholder), an integer
    /// or a string descriptor is the result.
    pub(crate) fn user_fn(&mut self, name: Var, args: &[Expr], span: Span) -> R<ir::Expr> {
        let Some(def) = self.fns.get(&name).copied() else {
            return err(
                span,
                format!(
                    "FN {} is never defined (Undefined user function)",
                    name.name
                ),
            );
        };
        if def.params.len() != args.len() {
            return err(
                span,
                format!("FN {} takes {} arguments", name.name, def.params.len()),
            );
        }
        if self.fn_scopes.len() > 8 {
            return err(span, "FN calls nested too deep");
        }
        let mut values = Vec::new();
        for (p, a) in def.params.iter().zip(args) {
            let v = match p.ty {
                Type::String => self.string(a)?,
                Type::Integer => {
                    let x = self.int(a)?;
                    self.hoist(x)
                }
                _ => {
                    self.dac(a)?;
                    let t = self.num_temp();
                    self.call_stmt("bcd_store_dac", vec![(Reg::HL, sym(&t))]);
                    sym(&t)
                }
            };
            values.push(v);
        }
        let mut scope = std::collections::HashMap::new();
        for (i, (p, v)) in def.params.iter().zip(values).enumerate() {
            let slot = fn_param_label(name, i);
            match p.ty {
                Type::String => {
                    self.call_stmt("rt_bas_sassign", vec![(Reg::HL, v), (Reg::DE, sym(&slot))])
                }
                Type::Integer => self.emit(IStmt::Store {
                    w: W::Word,
                    addr: sym(&slot),
                    value: v,
                }),
                t => {
                    self.call_stmt("bcd_load_dac", vec![(Reg::HL, v)]);
                    self.store_dac(t, sym(&slot));
                }
            }
            scope.insert(*p, slot);
        }
        self.fn_scopes.push(scope);
        let result = match name.ty {
            Type::String => self.string(def.body),
            Type::Integer => self.int(def.body).map(|x| self.hoist(x)),
            t => self.dac(def.body).map(|_| {
                if t == Type::Single {
                    self.call_stmt("bcd_round_single", vec![]);
                }
                word(0)
            }),
        };
        self.fn_scopes.pop();
        result
    }
}

/// The last graphics point (GRPACX, GRPACY).
const GRPACX: i64 = 0xFCB7;
const GRPACY: i64 = 0xFCB9;

fn cpy(offset: i32) -> ir::Expr {
    ir::Expr::Sym("rt_bx_cpy".into(), offset)
}

fn pts(offset: i32) -> ir::Expr {
    ir::Expr::Sym("rt_bx_pts".into(), offset)
}

/// The V9938's logical operation of a graphics statement's last argument
/// (PSET 0, AND 1, OR 2, XOR 3, PRESET 4; a leading T adds 8).
fn logical_op(op: Option<&[u8]>) -> u8 {
    let Some(op) = op else { return 0 };
    let (t, name) = match op.strip_prefix(b"T") {
        Some(rest) => (8, rest),
        None => (0, op),
    };
    t + match name {
        b"AND" => 1,
        b"OR" => 2,
        b"XOR" => 3,
        b"PRESET" => 4,
        _ => 0,
    }
}

fn is_zero(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(v) => *v == 0,
        ExprKind::Single(b) => b[0] == 0,
        ExprKind::Double(b) => b[0] == 0,
        _ => false,
    }
}

/// The type code the runtime's numeric INPUT routines take (MSX's VALTYP).
fn num_type_code(ty: Type) -> i64 {
    match ty {
        Type::Integer => 2,
        Type::Single => 4,
        _ => 8,
    }
}
