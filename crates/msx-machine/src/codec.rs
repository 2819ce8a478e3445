//! Serde helpers for the large buffers of a save state: byte vectors and
//! pixel vectors written as one byte string each (postcard then copies
//! them in one piece instead of encoding element by element).

/// `Vec<u8>` as a byte string.
pub mod bytes {
    use serde::{de, Deserializer, Serializer};
    use std::fmt;

    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_byte_buf(BytesVisitor)
    }

    pub(super) struct BytesVisitor;

    impl<'de> de::Visitor<'de> for BytesVisitor {
        type Value = Vec<u8>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a byte string")
        }

        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }

        fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
    }
}

/// `Vec<u32>` of `0x00RRGGBB` pixels as a byte string of R, G, B triples
/// (the top byte of a pixel is always 0).
pub mod pixels {
    use serde::{de::Error as _, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &[u32], s: S) -> Result<S::Ok, S::Error> {
        let mut out = Vec::with_capacity(v.len() * 3);
        for p in v {
            out.extend_from_slice(&p.to_be_bytes()[1..]);
        }
        s.serialize_bytes(&out)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u32>, D::Error> {
        let raw = d.deserialize_byte_buf(super::bytes::BytesVisitor)?;
        if raw.len() % 3 != 0 {
            return Err(D::Error::custom(format!(
                "a pixel buffer of {} bytes is not a whole number of RGB triples",
                raw.len()
            )));
        }
        Ok(raw
            .chunks_exact(3)
            .map(|c| u32::from_be_bytes([0, c[0], c[1], c[2]]))
            .collect())
    }
}
