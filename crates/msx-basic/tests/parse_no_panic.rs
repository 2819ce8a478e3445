//! No line body makes the parser panic: arbitrary bytes, and token soups
//! built from real keyword and operand bytes.

use msx_basic::{Line, Program};
use proptest::prelude::*;

fn run(bodies: Vec<Vec<u8>>) {
    let program = Program {
        lines: bodies
            .into_iter()
            .enumerate()
            .map(|(i, body)| Line {
                number: (i as u16 + 1) * 10,
                body,
            })
            .collect(),
    };
    let _ = msx_basic::parse::parse(&program);
}

/// Pieces that are tokens or operands MSX-BASIC stores.
fn piece() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        (0x81u8..=0xFC).prop_map(|b| vec![b]),
        (0x81u8..=0xB0).prop_map(|b| vec![0xFF, b]),
        (0x11u8..=0x1A).prop_map(|b| vec![b]),
        any::<u8>().prop_map(|b| vec![0x0F, b]),
        any::<u16>().prop_map(|v| vec![0x0E, v as u8, (v >> 8) as u8]),
        any::<u16>().prop_map(|v| vec![0x1C, v as u8, (v >> 8) as u8]),
        any::<[u8; 4]>().prop_map(|b| [&[0x1D][..], &b].concat()),
        Just(b"\"ab\"".to_vec()),
        Just(b":".to_vec()),
        Just(b",".to_vec()),
        Just(b"(".to_vec()),
        Just(b")".to_vec()),
        Just(b";".to_vec()),
        Just(b"$".to_vec()),
        Just(b"&B1".to_vec()),
        Just(b" ".to_vec()),
        "[A-Z]{1,2}[%!#$]?".prop_map(|s| s.into_bytes()),
        "[0-9.E]{1,4}".prop_map(|s| s.into_bytes()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn random_bytes(bodies in prop::collection::vec(prop::collection::vec(1u8..=255, 0..40), 1..4)) {
        run(bodies);
    }

    #[test]
    fn token_soup(lines in prop::collection::vec(prop::collection::vec(piece(), 0..30), 1..4)) {
        run(lines.into_iter().map(|l| l.concat()).collect());
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let mut body = vec![b'X', 0xEF];
    body.extend(std::iter::repeat_n(b'(', 5000));
    body.extend(std::iter::repeat_n(0xF2, 5000)); // unary minus
    run(vec![body.clone()]);
    let mut ifs = Vec::new();
    for _ in 0..3000 {
        ifs.extend([0x8B, b'A', 0xDA]); // IF A THEN
    }
    run(vec![ifs]);
}
