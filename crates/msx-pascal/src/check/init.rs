//! The initial bytes of typed constants, laid out exactly as the variable sits in memory.
//!
//! `const scrCoord: array[-1..18, 1..4] of integer = ((12,0,23,11), …)` becomes 160 bytes:
//! twenty rows of four little-endian words. Nested parentheses follow the dimensions, the
//! innermost list being the last index.

use super::Checker;
use crate::ast::Init;
use crate::source::Span;
use crate::symbols::ConstValue;
use crate::types::{encode_real, Type, TypeId};

impl Checker<'_> {
    /// Bytes for a typed constant of type `ty` (always `size(ty)` long).
    pub(super) fn init_bytes(&mut self, ty: TypeId, init: &Init) -> Vec<u8> {
        let mut out = vec![0u8; self.types.size(ty) as usize];
        self.init_into(ty, init, &mut out, 0);
        out
    }

    fn init_into(&mut self, ty: TypeId, init: &Init, out: &mut [u8], at: usize) {
        match (self.types.get(ty).clone(), init) {
            (Type::Error, _) => {}
            (Type::Array { index, elem }, Init::List(items, span)) => {
                let (lo, hi) = self.types.ordinal_range(index).unwrap_or((0, -1));
                let count = (hi - lo + 1).max(0) as usize;
                if items.len() != count {
                    self.error(
                        *span,
                        format!(
                            "this array needs {count} values, but {} were given",
                            items.len()
                        ),
                    );
                }
                let size = self.types.size(elem) as usize;
                for (i, item) in items.iter().take(count).enumerate() {
                    self.init_into(elem, item, out, at + i * size);
                }
            }
            (Type::Array { .. }, Init::Expr(e)) if self.types.char_array_len(ty).is_some() => {
                // `array[1..n] of char = 'text'` with exactly n characters.
                let n = self.types.char_array_len(ty).unwrap_or(0) as usize;
                match self.const_expr(e) {
                    Some((ConstValue::Str(s), _)) if s.len() == n => {
                        put(out, at, &s);
                    }
                    Some((ConstValue::Ord(c), t)) if n == 1 && self.types.is_char(t) => {
                        put(out, at, &[c as u8]);
                    }
                    Some(_) => self.error(e.span, format!("expected a string of {n} characters")),
                    None => {}
                }
            }
            (Type::Record { fields }, Init::Record(values, _)) => {
                let mut last = None;
                for (name, value) in values {
                    match fields.iter().position(|f| f.key == name.key) {
                        Some(i) => {
                            if last.is_some_and(|l| i < l) {
                                self.error(
                                    name.span,
                                    "record constant fields must be in declaration order",
                                );
                            }
                            last = Some(i);
                            let f = &fields[i];
                            self.init_into(f.ty, value, out, at + f.offset as usize);
                        }
                        None => self.error(
                            name.span,
                            format!("the record has no field `{}`", name.name),
                        ),
                    }
                }
            }
            (Type::Array { .. }, other) => self.error(
                other.span(),
                "expected a list of values in parentheses: `(a, b, …)`",
            ),
            (Type::Record { .. }, other) => self.error(
                other.span(),
                "expected a record constant: `(field: value; …)`",
            ),
            (_, Init::Expr(e)) => {
                let value = self.expr(e);
                let value = self.coerce(value, ty, "the constant's type");
                match &value.kind {
                    crate::checked::ExprKind::Const(c) => {
                        let bytes = self.const_bytes(ty, c, e.span);
                        put(out, at, &bytes);
                    }
                    _ => {
                        if !self.types.is_error(value.ty) {
                            self.error(e.span, "expected a constant value")
                        }
                    }
                }
            }
            // A scalar written in parentheses: `(5)`.
            (_, Init::List(items, _)) if items.len() == 1 => self.init_into(ty, &items[0], out, at),
            (_, other) => self.error(other.span(), "expected a single value"),
        }
    }

    /// The memory image of a constant value of type `ty`.
    pub(super) fn const_bytes(&mut self, ty: TypeId, c: &ConstValue, span: Span) -> Vec<u8> {
        let size = self.types.size(ty) as usize;
        match c {
            ConstValue::Ord(v) => v.to_le_bytes()[..size.min(8)].to_vec(),
            ConstValue::Real(r) => match encode_real(*r) {
                Some(b) => b.to_vec(),
                None => {
                    self.diags.error(span, "real constant out of range");
                    vec![0; 6]
                }
            },
            ConstValue::Str(s) => {
                let mut b = vec![0u8; size];
                if let Some(first) = b.first_mut() {
                    let n = s.len().min(size.saturating_sub(1));
                    *first = n as u8;
                    b[1..=n].copy_from_slice(&s[..n]);
                }
                b
            }
            ConstValue::Set(bits) => {
                let (first, len) = self.types.set_layout(ty);
                bits[first as usize..(first + len).min(32) as usize].to_vec()
            }
            ConstValue::Nil => vec![0; size],
        }
    }
}

fn put(out: &mut [u8], at: usize, bytes: &[u8]) {
    for (i, b) in bytes.iter().enumerate() {
        if let Some(slot) = out.get_mut(at + i) {
            *slot = *b;
        }
    }
}
