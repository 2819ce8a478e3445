//! A readable text form of the checked program, for tests, debugging and
//! `--emit checked`-style output: declarations with their types, sizes and storage, then
//! every body as an indented tree, expressions in prefix form with conversions shown.

use std::fmt::Write;

use crate::checked::{
    Arg, BinaryOp, CheckedProgram, Cmp, CmpKind, Conversion, Expr, ExprKind, InlineValue, Stmt,
    StmtKind, UnaryOp,
};
use crate::symbols::{ConstValue, PassMode, Storage, SymbolId, SymbolKind};
use crate::types::{Type, TypeId};

/// The whole program as text.
pub fn dump(p: &CheckedProgram) -> String {
    let mut d = Dumper {
        p,
        out: String::new(),
    };
    d.program();
    d.out
}

struct Dumper<'p> {
    p: &'p CheckedProgram,
    out: String,
}

impl Dumper<'_> {
    fn line(&mut self, indent: usize, text: &str) {
        let _ = writeln!(self.out, "{:indent$}{text}", "", indent = indent * 2);
    }

    fn program(&mut self) {
        let name = self
            .p
            .name
            .clone()
            .unwrap_or_else(|| "(unnamed)".to_string());
        self.line(0, &format!("program {name}"));
        for &g in &self.p.globals {
            let text = self.variable(g);
            self.line(1, &text);
        }
        for r in &self.p.routines {
            let kind = match r.kind {
                crate::ast::RoutineKind::Procedure => "procedure",
                crate::ast::RoutineKind::Function => "function",
            };
            let mut head = format!("{kind} {} (level {}", r.name, r.level);
            if r.recursive {
                head.push_str(", recursive");
            }
            if let Some(a) = r.external {
                let _ = write!(head, ", external ${a:04X}");
            }
            head.push(')');
            if let Some(t) = r.result_type {
                let _ = write!(head, ": {}", self.ty(t));
            }
            self.line(1, &head);
            for &s in r.params.iter().chain(&r.locals) {
                let text = self.variable(s);
                self.line(2, &text);
            }
            self.stmts(2, &r.body);
        }
        self.line(1, "main");
        self.stmts(2, &self.p.body);
    }

    fn ty(&self, t: TypeId) -> String {
        self.p.types.name(t)
    }

    fn variable(&self, s: SymbolId) -> String {
        let sym = self.p.symbols.get(s);
        let size = self.p.types.size(sym.ty);
        let storage = match &sym.kind {
            SymbolKind::Var { storage, .. } => match storage {
                Storage::Global => "global".to_string(),
                Storage::Local { .. } => "local".to_string(),
                Storage::RecursiveLocal { .. } => "recursive local".to_string(),
                Storage::Param { mode, .. } => match mode {
                    PassMode::Value => "param".to_string(),
                    PassMode::Var => "var param".to_string(),
                    PassMode::UntypedVar => "untyped var param".to_string(),
                },
                Storage::Result { .. } => "result".to_string(),
                Storage::Absolute { address } => format!("absolute ${address:04X}"),
                Storage::AbsoluteVar { of } => {
                    format!("absolute {}", self.p.symbols.get(*of).name)
                }
                Storage::TypedConst => "typed const".to_string(),
            },
            other => format!("{other:?}"),
        };
        let unit = if size == 1 { "byte" } else { "bytes" };
        let mut text = format!(
            "{storage} {}: {} ({size} {unit})",
            sym.name,
            self.ty(sym.ty)
        );
        if let SymbolKind::Var { init: Some(b), .. } = &sym.kind {
            let hex: Vec<String> = b.iter().take(16).map(|x| format!("{x:02X}")).collect();
            let more = if b.len() > 16 { " …" } else { "" };
            let _ = write!(text, " = {}{more}", hex.join(" "));
        }
        text
    }

    fn stmts(&mut self, indent: usize, list: &[Stmt]) {
        for s in list {
            self.stmt(indent, s);
        }
    }

    fn stmt(&mut self, i: usize, s: &Stmt) {
        let mut flags = String::new();
        if !s.checks.io {
            flags.push_str(" {$I-}");
        }
        if s.checks.range {
            flags.push_str(" {$R+}");
        }
        match &s.kind {
            StmtKind::Empty => self.line(i, &format!("empty{flags}")),
            StmtKind::Assign { target, value } => {
                let text = format!("{} := {}{flags}", self.expr(target), self.expr(value));
                self.line(i, &text)
            }
            StmtKind::Call { routine, args } => {
                let name = &self.p.routine(*routine).name;
                let text = format!("call {name}({}){flags}", self.args(args));
                self.line(i, &text)
            }
            StmtKind::StdCall { routine, args } => {
                let text = format!("std {routine:?}({}){flags}", self.args(args));
                self.line(i, &text)
            }
            StmtKind::Write {
                file,
                items,
                newline,
            } => {
                let mut parts: Vec<String> = file.iter().map(|f| self.expr(f)).collect();
                for item in items {
                    let mut t = self.expr(&item.value);
                    for w in item.width.iter().chain(&item.decimals) {
                        let _ = write!(t, ":{}", self.expr(w));
                    }
                    parts.push(t);
                }
                let name = if *newline { "writeln" } else { "write" };
                self.line(i, &format!("{name}({}){flags}", parts.join(", ")))
            }
            StmtKind::Read {
                file,
                targets,
                newline,
            } => {
                let parts: Vec<String> = file.iter().chain(targets).map(|e| self.expr(e)).collect();
                let name = if *newline { "readln" } else { "read" };
                self.line(i, &format!("{name}({}){flags}", parts.join(", ")))
            }
            StmtKind::Str { item, target } => {
                let mut v = self.expr(&item.value);
                for w in item.width.iter().chain(&item.decimals) {
                    let _ = write!(v, ":{}", self.expr(w));
                }
                let text = format!("str({v}, {}){flags}", self.expr(target));
                self.line(i, &text)
            }
            StmtKind::Compound(list) => {
                self.line(i, "begin");
                self.stmts(i + 1, list);
                self.line(i, "end");
            }
            StmtKind::If { cond, then, els } => {
                let text = format!("if {}", self.expr(cond));
                self.line(i, &text);
                self.stmt(i + 1, then);
                if let Some(e) = els {
                    self.line(i, "else");
                    self.stmt(i + 1, e);
                }
            }
            StmtKind::Case {
                selector,
                arms,
                els,
            } => {
                let text = format!("case {}", self.expr(selector));
                self.line(i, &text);
                for arm in arms {
                    let ranges: Vec<String> = arm
                        .ranges
                        .iter()
                        .map(|&(a, b)| {
                            if a == b {
                                a.to_string()
                            } else {
                                format!("{a}..{b}")
                            }
                        })
                        .collect();
                    self.line(i + 1, &format!("{}:", ranges.join(", ")));
                    self.stmt(i + 2, &arm.body);
                }
                if let Some(e) = els {
                    self.line(i + 1, "else:");
                    self.stmts(i + 2, e);
                }
            }
            StmtKind::While { cond, body } => {
                let text = format!("while {}", self.expr(cond));
                self.line(i, &text);
                self.stmt(i + 1, body);
            }
            StmtKind::Repeat { body, cond } => {
                self.line(i, "repeat");
                self.stmts(i + 1, body);
                let text = format!("until {}", self.expr(cond));
                self.line(i, &text);
            }
            StmtKind::For {
                var,
                from,
                to,
                down,
                body,
            } => {
                let dir = if *down { "downto" } else { "to" };
                let text = format!(
                    "for {} := {} {dir} {}",
                    self.expr(var),
                    self.expr(from),
                    self.expr(to)
                );
                self.line(i, &text);
                self.stmt(i + 1, body);
            }
            StmtKind::With { slot, record, body } => {
                let text = format!("with#{slot} = {}", self.expr(record));
                self.line(i, &text);
                self.stmt(i + 1, body);
            }
            StmtKind::Goto(l) => {
                let name = &self.p.labels[l.0 as usize].name;
                self.line(i, &format!("goto {name}"))
            }
            StmtKind::Labeled { label, stmt } => {
                let name = self.p.labels[label.0 as usize].name.clone();
                self.line(i, &format!("{name}:"));
                self.stmt(i + 1, stmt);
            }
            StmtKind::Exit => self.line(i, "exit"),
            StmtKind::Halt => self.line(i, "halt"),
            StmtKind::Inline(items) => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|it| {
                        let v = match &it.value {
                            InlineValue::Const(v) => format!("${v:X}"),
                            InlineValue::VarAddress { symbol, offset } => {
                                format!(
                                    "@{}{}",
                                    self.p.symbols.get(*symbol).name,
                                    offset_text(*offset)
                                )
                            }
                            InlineValue::RoutineAddress { routine, offset } => {
                                format!(
                                    "@{}{}",
                                    self.p.routine(*routine).name,
                                    offset_text(*offset)
                                )
                            }
                            InlineValue::LocationCounter { offset } => {
                                format!("*{}", offset_text(*offset))
                            }
                        };
                        format!("{}{v}", if it.size == 1 { "<" } else { ">" })
                    })
                    .collect();
                self.line(i, &format!("inline {}", parts.join(" ")))
            }
        }
    }

    fn args(&self, args: &[Arg]) -> String {
        args.iter()
            .map(|a| match a {
                Arg::Value(e) => self.expr(e),
                Arg::Ref(e) => format!("var {}", self.expr(e)),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn konst(&self, c: &ConstValue, ty: TypeId) -> String {
        let t = &self.p.types;
        match c {
            ConstValue::Ord(v) if t.is_char(ty) => quote(&[*v as u8]),
            ConstValue::Ord(v) if t.is_boolean(ty) => (*v != 0).to_string(),
            ConstValue::Ord(v) => match t.get(t.base(ty)) {
                Type::Enum { values } => values
                    .get(*v as usize)
                    .cloned()
                    .unwrap_or_else(|| v.to_string()),
                _ => v.to_string(),
            },
            ConstValue::Real(r) => format!("{r:?}"),
            ConstValue::Str(s) => quote(s),
            ConstValue::Set(bits) => {
                let members: Vec<String> = (0..256)
                    .filter(|v| bits[v / 8] & (1 << (v % 8)) != 0)
                    .map(|v| v.to_string())
                    .collect();
                format!("[{}]", members.join(","))
            }
            ConstValue::Nil => "nil".to_string(),
        }
    }

    fn expr(&self, e: &Expr) -> String {
        match &e.kind {
            ExprKind::Const(c) => self.konst(c, e.ty),
            ExprKind::Var(s) => self.p.symbols.get(*s).name.clone(),
            ExprKind::WithRecord(slot) => format!("with#{slot}"),
            ExprKind::RoutineAddr(r) => format!("@{}", self.p.routine(*r).name),
            ExprKind::Index { array, index }
            | ExprKind::StrIndex {
                string: array,
                index,
            } => {
                format!("{}[{}]", self.expr(array), self.expr(index))
            }
            ExprKind::Field { record, field, .. } => {
                let name = match self.p.types.get(record.ty) {
                    Type::Record { fields } => fields[*field as usize].name.clone(),
                    _ => "?".to_string(),
                };
                format!("{}.{name}", self.expr(record))
            }
            ExprKind::Deref(p) => format!("{}^", self.expr(p)),
            ExprKind::StdVar(v, None) => format!("{v:?}"),
            ExprKind::StdVar(v, Some(i)) => format!("{v:?}[{}]", self.expr(i)),
            ExprKind::Unary { op, operand } => {
                let name = match op {
                    UnaryOp::IntNeg => "neg",
                    UnaryOp::RealNeg => "neg.r",
                    UnaryOp::BoolNot => "not",
                    UnaryOp::IntNot => "not.i",
                };
                format!("({name} {})", self.expr(operand))
            }
            ExprKind::Binary { op, lhs, rhs } => {
                format!("({} {} {})", op_name(*op), self.expr(lhs), self.expr(rhs))
            }
            ExprKind::Convert { conv, expr } => {
                let name = match conv {
                    Conversion::ByteToInt => "byte->int",
                    Conversion::IntToByte => "int->byte",
                    Conversion::IntToReal => "int->real",
                    Conversion::CharToStr => "char->str",
                    Conversion::CharArrayToStr => "chars->str",
                    Conversion::StrToChar => "str->char",
                    Conversion::Retype => "retype",
                    Conversion::SetResize => "set-resize",
                };
                format!("({name} {})", self.expr(expr))
            }
            ExprKind::Call { routine, args } => {
                format!("{}({})", self.p.routine(*routine).name, self.args(args))
            }
            ExprKind::StdCall { routine, args } => format!("{routine:?}({})", self.args(args)),
            ExprKind::Set(items) => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|(lo, hi)| match hi {
                        Some(h) => format!("{}..{}", self.expr(lo), self.expr(h)),
                        None => self.expr(lo),
                    })
                    .collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }
}

fn offset_text(offset: i64) -> String {
    match offset {
        0 => String::new(),
        o if o > 0 => format!("+{o}"),
        o => o.to_string(),
    }
}

/// A string in Pascal syntax, non-printable bytes as `#n`.
fn quote(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut open = false;
    for &b in bytes {
        if (0x20..0x7F).contains(&b) {
            if !open {
                out.push('\'');
                open = true;
            }
            if b == b'\'' {
                out.push('\'');
            }
            out.push(b as char);
        } else {
            if open {
                out.push('\'');
                open = false;
            }
            let _ = write!(out, "#{b}");
        }
    }
    if open {
        out.push('\'');
    }
    if out.is_empty() {
        out.push_str("''");
    }
    out
}

fn op_name(op: BinaryOp) -> String {
    let cmp = |c: Cmp| match c {
        Cmp::Eq => "=",
        Cmp::Ne => "<>",
        Cmp::Lt => "<",
        Cmp::Le => "<=",
        Cmp::Gt => ">",
        Cmp::Ge => ">=",
    };
    match op {
        BinaryOp::IntAdd => "+".into(),
        BinaryOp::IntSub => "-".into(),
        BinaryOp::IntMul => "*".into(),
        BinaryOp::IntDiv => "div".into(),
        BinaryOp::IntMod => "mod".into(),
        BinaryOp::IntAnd => "and.i".into(),
        BinaryOp::IntOr => "or.i".into(),
        BinaryOp::IntXor => "xor.i".into(),
        BinaryOp::Shl => "shl".into(),
        BinaryOp::Shr => "shr".into(),
        BinaryOp::RealAdd => "+.r".into(),
        BinaryOp::RealSub => "-.r".into(),
        BinaryOp::RealMul => "*.r".into(),
        BinaryOp::RealDiv => "/.r".into(),
        BinaryOp::BoolAnd => "and".into(),
        BinaryOp::BoolOr => "or".into(),
        BinaryOp::BoolXor => "xor".into(),
        BinaryOp::Concat => "concat".into(),
        BinaryOp::SetUnion => "set+".into(),
        BinaryOp::SetDiff => "set-".into(),
        BinaryOp::SetIntersect => "set*".into(),
        BinaryOp::In => "in".into(),
        BinaryOp::Cmp(c, kind) => {
            let suffix = match kind {
                CmpKind::Byte => ".b",
                CmpKind::Int => "",
                CmpKind::Real => ".r",
                CmpKind::Str => ".s",
                CmpKind::Set => ".set",
                CmpKind::Pointer => ".p",
            };
            format!("{}{suffix}", cmp(c))
        }
    }
}
