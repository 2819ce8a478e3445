//! Strings: a string value is the address of a 3-byte descriptor (the
//! runtime's convention, `crates/msx-basic/runtime/README.md`). Variables
//! and literals give their own descriptor; every function gives a temporary
//! of the runtime, taken at once into a word temporary so that the order of
//! the calls is the BASIC evaluation order. A temporary goes to exactly one
//! consumer (the runtime releases it there).

use z80_codegen::ir::{self, build::*, Reg, W};

use super::num::{Num, TYPE_MISMATCH};
use super::{err, Lowerer, R};
use crate::keywords::Keyword as K;
use crate::parse::types::type_of;
use crate::parse::{BinOp, Expr, ExprKind, Type};

impl Lowerer<'_> {
    /// A string value: the address of its descriptor.
    pub(crate) fn string(&mut self, e: &Expr) -> R<ir::Expr> {
        if type_of(e) != Some(Type::String) {
            self.raise(TYPE_MISMATCH);
            return Ok(self.literal(b""));
        }
        if let Some(text) = constant_string(e) {
            return Ok(self.literal(&text));
        }
        match &e.kind {
            ExprKind::Str(s) => Ok(self.literal(s)),
            ExprKind::Var(_) | ExprKind::Element(..) => self.address_of(e),
            ExprKind::Binary(BinOp::Add, a, b) => {
                let x = self.string(a)?;
                let y = self.string(b)?;
                Ok(self.str_call("rt_bas_concat", vec![(Reg::HL, x), (Reg::DE, y)]))
            }
            ExprKind::Call(k, args) => self.string_call(*k, args, e),
            ExprKind::UserFn(name, args) => {
                let v = self.user_fn(*name, args, e.span)?;
                Ok(v)
            }
            _ => err(e.span, "internal: string expression"),
        }
    }

    fn str_call(&mut self, routine: &str, args: Vec<(Reg, ir::Expr)>) -> ir::Expr {
        self.hoist(call(routine, args, W::Word))
    }

    fn string_call(&mut self, k: K, args: &[Expr], e: &Expr) -> R<ir::Expr> {
        let span = e.span;
        let arg = |i: usize| -> R<&Expr> {
            args.get(i).ok_or_else(|| super::LowerError {
                line: span.line,
                statement: span.statement,
                message: format!("{}: missing argument", k.spelling()),
            })
        };
        Ok(match k {
            K::LeftStr | K::RightStr => {
                let s = self.string(arg(0)?)?;
                let n = self.int(arg(1)?)?;
                let r = if k == K::LeftStr {
                    "rt_bas_left"
                } else {
                    "rt_bas_right"
                };
                self.str_call(r, vec![(Reg::HL, s), (Reg::DE, n)])
            }
            K::MidStr => {
                let s = self.string(arg(0)?)?;
                let start = self.int(arg(1)?)?;
                let start = self.hoist(start);
                let len = match args.get(2) {
                    Some(n) => self.int(n)?,
                    None => word(255),
                };
                self.str_call(
                    "rt_bas_mid",
                    vec![(Reg::HL, s), (Reg::DE, start), (Reg::BC, len)],
                )
            }
            K::ChrStr => {
                let n = self.int(arg(0)?)?;
                self.str_call("rt_bas_chr", vec![(Reg::HL, n)])
            }
            K::SpaceStr => {
                let n = self.int(arg(0)?)?;
                self.str_call("rt_bas_space", vec![(Reg::HL, n)])
            }
            K::StringStr => {
                let n = self.int(arg(0)?)?;
                let n = self.hoist(n);
                let x = arg(1)?;
                if type_of(x) == Some(Type::String) {
                    let s = self.string(x)?;
                    self.str_call("rt_bas_strings", vec![(Reg::HL, n), (Reg::DE, s)])
                } else {
                    let c = self.int(x)?;
                    self.str_call("rt_bas_stringn", vec![(Reg::HL, n), (Reg::DE, c)])
                }
            }
            K::StrStr => match self.num(arg(0)?)? {
                Num::Int(x) => self.str_call("rt_bas_stri", vec![(Reg::HL, x)]),
                Num::Dac(p) => {
                    let digits = if p == Type::Single { 6 } else { 14 };
                    self.str_call("rt_bas_strs", vec![(Reg::A, byte(digits))])
                }
            },
            K::HexStr | K::OctStr | K::BinStr => {
                let n = self.int(arg(0)?)?;
                let r = match k {
                    K::HexStr => "rt_bas_hex",
                    K::OctStr => "rt_bas_oct",
                    _ => "rt_bas_bin",
                };
                self.str_call(r, vec![(Reg::HL, n)])
            }
            K::InkeyStr => self.str_call("rt_bas_inkey", vec![]),
            K::MkiStr => {
                let n = self.int(arg(0)?)?;
                self.str_call("rt_bas_mki", vec![(Reg::HL, n)])
            }
            K::MksStr | K::MkdStr => {
                // The number is converted in DAC (MKS$ rounds it to 6
                // digits there, as the ROM's DOCNVF does).
                self.dac(arg(0)?)?;
                let r = if k == K::MksStr {
                    "rt_bas_mks"
                } else {
                    "rt_bas_mkd"
                };
                self.str_call(r, vec![])
            }
            K::Usr => {
                let n = super::num::usr_number(arg(0)?);
                self.usr = true;
                let s = self.string(arg(1)?)?;
                self.str_call("rt_bas_usrs", vec![(Reg::HL, s), (Reg::A, byte(n))])
            }
            K::Sprite => {
                let n = self.int(arg(0)?)?;
                self.str_call("rt_bx_getspr", vec![(Reg::HL, n)])
            }
            K::Input if args.len() == 2 => {
                let n = self.int(arg(0)?)?;
                let n = self.hoist(n);
                let f = self.int(arg(1)?)?;
                self.str_call("rt_bas_finputs", vec![(Reg::HL, n), (Reg::DE, f)])
            }
            K::Input => {
                let n = self.int(arg(0)?)?;
                self.str_call("rt_bas_inputs", vec![(Reg::HL, n)])
            }
            _ => return err(span, format!("{} is not supported yet", k.spelling())),
        })
    }
}

/// The text of a string expression made of literals, `CHR$` of a constant and
/// `+`, as MSX-BASIC would compute it (`PRINT CHR$(27)+"Y"`): it becomes one literal
/// instead of code building it at run time. None where MSX could stop (CHR$ outside
/// 0-255, a result over 255 characters) or the value is not constant.
fn constant_string(e: &Expr) -> Option<Vec<u8>> {
    match &e.kind {
        ExprKind::Str(s) => Some(s.clone()),
        ExprKind::Call(K::ChrStr, args) => match args.as_slice() {
            [Expr {
                kind: ExprKind::Int(n),
                ..
            }] => u8::try_from(*n).ok().map(|b| vec![b]),
            _ => None,
        },
        ExprKind::Binary(BinOp::Add, a, b) => {
            let mut x = constant_string(a)?;
            x.extend(constant_string(b)?);
            (x.len() <= 255).then_some(x)
        }
        _ => None,
    }
}
