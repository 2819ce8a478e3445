//! Types and their memory layout (Turbo Pascal 3 layouts).
//!
//! Types live in a [`TypeTable`] and are named by [`TypeId`]. Sizes are computed when a type
//! is made, so the code generator can read `size()` and field offsets directly:
//!
//! | type | bytes |
//! | --- | --- |
//! | integer | 2, little-endian, wrapping |
//! | byte, char, boolean, enumeration | 1 |
//! | subrange | 1 if it fits in 0..255 (or has a one-byte base), else 2 |
//! | real | 6 (TP format: exponent byte, 5 mantissa bytes, sign in bit 7 of the last) |
//! | `string[n]` | n+1: a length byte, then the characters |
//! | array | elements in order, row-major (the last index varies fastest) |
//! | record | fields in declaration order; variant parts overlay each other |
//! | set | only the bytes that can hold members: `hi div 8 - lo div 8 + 1` |
//! | pointer | 2 |
//! | text file | 176 (TP3 file interface block with its 128-byte buffer) |
//! | typed or untyped file | 48 (TP 3.3f: block and FCB, unbuffered) |

use crate::source::Span;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TypeId(pub u32);

impl TypeId {
    pub const INTEGER: TypeId = TypeId(0);
    pub const BYTE: TypeId = TypeId(1);
    pub const CHAR: TypeId = TypeId(2);
    pub const BOOLEAN: TypeId = TypeId(3);
    pub const REAL: TypeId = TypeId(4);
    pub const TEXT: TypeId = TypeId(5);
    /// `nil` and `Ptr(x)`: compatible with every pointer type.
    pub const ANY_POINTER: TypeId = TypeId(6);
    /// The type of an expression that already had an error; compatible with everything so
    /// one mistake gives one message.
    pub const ERROR: TypeId = TypeId(7);
    /// `string[255]`: the type of string expressions.
    pub const STRING: TypeId = TypeId(8);
    pub const UNTYPED_FILE: TypeId = TypeId(9);
    /// `[]`: compatible with every set type.
    pub const EMPTY_SET: TypeId = TypeId(10);
    /// `set of byte`: the type of set constructors over integers.
    pub const BYTE_SET: TypeId = TypeId(11);
}

pub const TEXT_FILE_SIZE: u32 = 176;
pub const FILE_SIZE: u32 = 48;

#[derive(Clone, Debug, PartialEq)]
pub enum Type {
    Integer,
    Byte,
    Char,
    Boolean,
    Real,
    Enum {
        values: Vec<String>,
    },
    Subrange {
        base: TypeId,
        lo: i64,
        hi: i64,
    },
    String {
        max: u8,
    },
    /// One dimension; `array[a, b] of T` is an array of arrays.
    Array {
        index: TypeId,
        elem: TypeId,
    },
    Record {
        fields: Vec<Field>,
    },
    Set {
        elem: TypeId,
    },
    Pointer {
        target: TypeId,
    },
    /// `file of T` (`Some`) or untyped `file` (`None`).
    File {
        elem: Option<TypeId>,
    },
    Text,
    AnyPointer,
    Error,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    pub name: String,
    pub key: String,
    pub ty: TypeId,
    /// Byte offset from the start of the record.
    pub offset: u32,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct TypeInfo {
    pub ty: Type,
    /// The name it was declared with, for messages.
    pub name: Option<String>,
    pub size: u32,
}

/// The ordinal families: values of the same family mix in expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrdClass {
    /// integer, byte and their subranges.
    Integer,
    Char,
    Boolean,
    /// One enumeration type (its base id).
    Enum(TypeId),
}

#[derive(Clone, Debug)]
pub struct TypeTable {
    types: Vec<TypeInfo>,
}

impl Default for TypeTable {
    fn default() -> TypeTable {
        TypeTable::new()
    }
}

impl TypeTable {
    /// A table holding the predeclared types at their fixed ids.
    pub fn new() -> TypeTable {
        let mut t = TypeTable { types: Vec::new() };
        let predeclared = [
            (Type::Integer, "integer"),
            (Type::Byte, "byte"),
            (Type::Char, "char"),
            (Type::Boolean, "boolean"),
            (Type::Real, "real"),
            (Type::Text, "text"),
            (Type::AnyPointer, "pointer"),
            (Type::Error, "?"),
            (Type::String { max: 255 }, "string"),
            (Type::File { elem: None }, "file"),
            (Type::Set { elem: TypeId::BYTE }, "[]"),
            (Type::Set { elem: TypeId::BYTE }, "set of byte"),
        ];
        for (ty, name) in predeclared {
            let id = t.add(ty);
            t.types[id.0 as usize].name = Some(name.to_string());
        }
        t
    }

    /// Adds a type and computes its size.
    pub fn add(&mut self, ty: Type) -> TypeId {
        let size = self.compute_size(&ty);
        self.types.push(TypeInfo {
            ty,
            name: None,
            size,
        });
        TypeId(self.types.len() as u32 - 1)
    }

    pub fn set_name(&mut self, id: TypeId, name: &str) {
        if let Some(info) = self.types.get_mut(id.0 as usize) {
            if info.name.is_none() {
                info.name = Some(name.to_string());
            }
        }
    }

    /// Points a forward-declared pointer type at its target (`^Node` before `Node`).
    pub fn resolve_pointer(&mut self, id: TypeId, target: TypeId) {
        if let Some(info) = self.types.get_mut(id.0 as usize) {
            info.ty = Type::Pointer { target };
        }
    }

    pub fn get(&self, id: TypeId) -> &Type {
        self.types
            .get(id.0 as usize)
            .map_or(&Type::Error, |info| &info.ty)
    }

    pub fn info(&self, id: TypeId) -> Option<&TypeInfo> {
        self.types.get(id.0 as usize)
    }

    pub fn size(&self, id: TypeId) -> u32 {
        self.types.get(id.0 as usize).map_or(0, |i| i.size)
    }

    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    fn compute_size(&self, ty: &Type) -> u32 {
        match ty {
            Type::Integer => 2,
            Type::Byte | Type::Char | Type::Boolean | Type::Enum { .. } => 1,
            Type::Real => 6,
            Type::Subrange { base, lo, hi } => {
                if matches!(self.get(*base), Type::Integer) && (*lo < 0 || *hi > 255) {
                    2
                } else {
                    1
                }
            }
            Type::String { max } => *max as u32 + 1,
            Type::Array { index, elem } => {
                let (lo, hi) = self.ordinal_range(*index).unwrap_or((0, -1));
                let count = (hi - lo + 1).max(0) as u64;
                (count * self.size(*elem) as u64).min(u32::MAX as u64) as u32
            }
            Type::Record { fields } => fields
                .iter()
                .map(|f| f.offset + self.size(f.ty))
                .max()
                .unwrap_or(0),
            Type::Set { elem } => {
                let (lo, hi) = self.set_bounds(*elem);
                (hi / 8 - lo / 8 + 1) as u32
            }
            Type::Pointer { .. } | Type::AnyPointer => 2,
            Type::File { .. } => FILE_SIZE,
            Type::Text => TEXT_FILE_SIZE,
            Type::Error => 0,
        }
    }

    /// The element range of a set over `elem`, clamped to 0..255.
    pub fn set_bounds(&self, elem: TypeId) -> (i64, i64) {
        let (lo, hi) = self.ordinal_range(elem).unwrap_or((0, 255));
        (lo.clamp(0, 255), hi.clamp(0, 255))
    }

    /// For a set type: the number of the first stored byte (`lo div 8`) and the byte count.
    pub fn set_layout(&self, set: TypeId) -> (u32, u32) {
        match self.get(set) {
            Type::Set { elem } => {
                let (lo, _) = self.set_bounds(*elem);
                ((lo / 8) as u32, self.size(set))
            }
            _ => (0, 32),
        }
    }

    /// Smallest and largest value of an ordinal type.
    pub fn ordinal_range(&self, id: TypeId) -> Option<(i64, i64)> {
        match self.get(id) {
            Type::Integer => Some((-32768, 32767)),
            Type::Byte | Type::Char => Some((0, 255)),
            Type::Boolean => Some((0, 1)),
            Type::Enum { values } => Some((0, values.len() as i64 - 1)),
            Type::Subrange { lo, hi, .. } => Some((*lo, *hi)),
            _ => None,
        }
    }

    pub fn is_ordinal(&self, id: TypeId) -> bool {
        self.ordinal_range(id).is_some()
    }

    /// The type a subrange is cut from (itself for other types).
    pub fn base(&self, id: TypeId) -> TypeId {
        match self.get(id) {
            Type::Subrange { base, .. } => *base,
            _ => id,
        }
    }

    pub fn ord_class(&self, id: TypeId) -> Option<OrdClass> {
        let base = self.base(id);
        Some(match self.get(base) {
            Type::Integer | Type::Byte => OrdClass::Integer,
            Type::Char => OrdClass::Char,
            Type::Boolean => OrdClass::Boolean,
            Type::Enum { .. } => OrdClass::Enum(base),
            _ => return None,
        })
    }

    pub fn is_integer(&self, id: TypeId) -> bool {
        self.ord_class(id) == Some(OrdClass::Integer)
    }

    pub fn is_boolean(&self, id: TypeId) -> bool {
        self.ord_class(id) == Some(OrdClass::Boolean)
    }

    pub fn is_char(&self, id: TypeId) -> bool {
        self.ord_class(id) == Some(OrdClass::Char)
    }

    pub fn is_real(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Real)
    }

    pub fn is_string(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::String { .. })
    }

    pub fn is_error(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Error)
    }

    pub fn is_file(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::File { .. } | Type::Text)
    }

    pub fn is_set(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Set { .. })
    }

    pub fn is_pointer(&self, id: TypeId) -> bool {
        matches!(self.get(id), Type::Pointer { .. } | Type::AnyPointer)
    }

    /// `array[1..n] of char`, which string constants of length n may initialise.
    pub fn char_array_len(&self, id: TypeId) -> Option<i64> {
        match self.get(id) {
            Type::Array { index, elem } if self.is_char(*elem) => {
                let (lo, hi) = self.ordinal_range(*index)?;
                Some(hi - lo + 1)
            }
            _ => None,
        }
    }

    /// The length of an `array[a..b] of char` (packed or not) of 1 to 255 characters, which
    /// TP3 takes as a string of that length in string expressions (its reference manual,
    /// "Character arrays": compared, concatenated, passed where a string value is expected).
    pub fn string_like_char_array(&self, id: TypeId) -> Option<u8> {
        match self.char_array_len(id) {
            Some(n) if (1..=255).contains(&n) => Some(n as u8),
            _ => None,
        }
    }

    /// Looks a field up by upper-case key.
    pub fn field(&self, record: TypeId, key: &str) -> Option<(usize, &Field)> {
        match self.get(record) {
            Type::Record { fields } => fields.iter().enumerate().find(|(_, f)| f.key == key),
            _ => None,
        }
    }

    /// How a type is written in messages.
    pub fn name(&self, id: TypeId) -> String {
        if let Some(Some(name)) = self.types.get(id.0 as usize).map(|i| &i.name) {
            return name.clone();
        }
        match self.get(id) {
            Type::Enum { values } => format!("({})", values.join(", ")),
            Type::Subrange { base, lo, hi } => {
                if self.is_char(*base) {
                    format!("{:?}..{:?}", *lo as u8 as char, *hi as u8 as char)
                } else {
                    format!("{lo}..{hi}")
                }
            }
            Type::String { max } => format!("string[{max}]"),
            Type::Array { index, elem } => {
                format!("array[{}] of {}", self.name(*index), self.name(*elem))
            }
            Type::Record { .. } => "record".to_string(),
            Type::Set { elem } => format!("set of {}", self.name(*elem)),
            Type::Pointer { target } => format!("^{}", self.name(*target)),
            Type::File { elem: Some(e) } => format!("file of {}", self.name(*e)),
            Type::File { elem: None } => "file".to_string(),
            other => format!("{other:?}").to_ascii_lowercase(),
        }
    }
}

/// Encodes a value in Turbo Pascal's 6-byte real format: byte 0 is the binary exponent
/// biased by $80 (0 means the value 0), bytes 1..5 the mantissa's 39 fraction bits, least
/// significant first, with the sign in bit 7 of byte 5 (the leading 1 is implied).
/// Returns `None` when the value is outside the format's range (about 1.7E38).
pub fn encode_real(value: f64) -> Option<[u8; 6]> {
    if !value.is_finite() {
        return None;
    }
    if value == 0.0 {
        return Some([0; 6]);
    }
    let negative = value < 0.0;
    let mut m = value.abs();
    // Normalise to 1 <= m < 2, value = m * 2^e.
    let mut e = m.log2().floor() as i32;
    m /= 2f64.powi(e);
    if m >= 2.0 {
        m /= 2.0;
        e += 1;
    } else if m < 1.0 {
        m *= 2.0;
        e -= 1;
    }
    let mut frac = ((m - 1.0) * (1u64 << 39) as f64).round() as u64;
    if frac >= 1 << 39 {
        frac = 0;
        e += 1;
    }
    let exponent = e + 0x81;
    if exponent <= 0 {
        return Some([0; 6]); // underflow gives 0, as in TP
    }
    if exponent > 0xFF {
        return None;
    }
    let mut bytes = [0u8; 6];
    bytes[0] = exponent as u8;
    for (i, b) in bytes[1..].iter_mut().enumerate() {
        *b = (frac >> (8 * i)) as u8;
    }
    if negative {
        bytes[5] |= 0x80;
    }
    Some(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_tp3() {
        let mut t = TypeTable::new();
        let s80 = t.add(Type::String { max: 80 });
        assert_eq!(t.size(s80), 81);
        let rows = t.add(Type::Subrange {
            base: TypeId::INTEGER,
            lo: -1,
            hi: 18,
        });
        let cols = t.add(Type::Subrange {
            base: TypeId::INTEGER,
            lo: 1,
            hi: 4,
        });
        assert_eq!(t.size(cols), 1);
        assert_eq!(t.size(rows), 2);
        let inner = t.add(Type::Array {
            index: cols,
            elem: TypeId::INTEGER,
        });
        let outer = t.add(Type::Array {
            index: rows,
            elem: inner,
        });
        assert_eq!(t.size(outer), 20 * 4 * 2);
        // set of 10..20: bytes 1 and 2 only.
        let r = t.add(Type::Subrange {
            base: TypeId::INTEGER,
            lo: 10,
            hi: 20,
        });
        let set = t.add(Type::Set { elem: r });
        assert_eq!(t.set_layout(set), (1, 2));
        let cs = t.add(Type::Set { elem: TypeId::CHAR });
        assert_eq!(t.size(cs), 32);
        assert_eq!(t.size(TypeId::REAL), 6);
        assert_eq!(t.size(TypeId::BOOLEAN), 1);
    }

    #[test]
    fn real_encoding() {
        assert_eq!(encode_real(0.0), Some([0; 6]));
        assert_eq!(encode_real(1.0), Some([0x81, 0, 0, 0, 0, 0]));
        assert_eq!(encode_real(0.5), Some([0x80, 0, 0, 0, 0, 0]));
        assert_eq!(encode_real(-2.0), Some([0x82, 0, 0, 0, 0, 0x80]));
        // 1.5 = 1.1b: the top fraction bit is bit 6 of byte 5.
        assert_eq!(encode_real(1.5), Some([0x81, 0, 0, 0, 0, 0x40]));
        assert_eq!(encode_real(10.0), Some([0x84, 0, 0, 0, 0, 0x20]));
        assert_eq!(encode_real(1e39), None);
    }
}
