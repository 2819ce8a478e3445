//! The runtime library and the code generator, run on the Z80 core (`sim` feature):
//! every expected value is worked out by hand from the arithmetic's definition.

use z80_codegen::ir::build::*;
use z80_codegen::ir::*;
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::{build, Target};

fn program(stmts: Vec<Stmt>, vars: Vec<Var>) -> Program {
    Program {
        main: "main".into(),
        functions: vec![Function {
            name: "main".into(),
            comment: String::new(),
            blocks: vec![Block {
                stmts,
                term: Term::Goto("rt_halt".into()),
            }],
            frame: None,
        }],
        vars,
        ..Program::default()
    }
}

fn run(p: &Program, target: Target) -> String {
    let out = build(p, target).unwrap_or_else(|e| panic!("{e}"));
    let mut sim = Sim::new(&out);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", sim.output());
    sim.output()
}

fn wint(e: Expr) -> Stmt {
    Stmt::Eval(call(
        "rt_wint",
        vec![(Reg::HL, e), (Reg::DE, word(0))],
        W::Word,
    ))
}

fn space() -> Stmt {
    Stmt::Eval(call(
        "rt_wchr",
        vec![(Reg::A, byte(b' ' as i64)), (Reg::DE, word(0))],
        W::Word,
    ))
}

fn var(name: &str) -> Var {
    Var {
        label: name.into(),
        size: 2,
        comment: String::new(),
    }
}

/// Each pair through a word variable so nothing folds at compile time.
fn arith_program(op: BinOp, pairs: &[(i16, i16)]) -> Program {
    let mut stmts = Vec::new();
    for &(a, b) in pairs {
        stmts.push(Stmt::Store {
            w: W::Word,
            addr: sym("va"),
            value: word(a as i64),
        });
        stmts.push(Stmt::Store {
            w: W::Word,
            addr: sym("vb"),
            value: word(b as i64),
        });
        stmts.push(wint(bin(
            op,
            W::Word,
            load(W::Word, sym("va")),
            load(W::Word, sym("vb")),
        )));
        stmts.push(space());
    }
    program(stmts, vec![var("va"), var("vb")])
}

const PAIRS: &[(i16, i16)] = &[
    (7, 2),
    (-7, 2),
    (7, -2),
    (-7, -2),
    (0, 5),
    (32767, 1),
    (-32768, 1),
    (-32768, -1),
    (1000, 100),
    (300, 300),
    (255, 255),
    (-1, -1),
    (12345, 10),
];

fn expected(f: impl Fn(i16, i16) -> i16) -> String {
    PAIRS
        .iter()
        .map(|&(a, b)| format!("{} ", f(a, b)))
        .collect()
}

#[test]
fn multiply_divide_and_mod_follow_pascal() {
    for target in [Target::Dsk, Target::Com] {
        assert_eq!(
            run(&arith_program(BinOp::Mul, PAIRS), target),
            expected(|a, b| a.wrapping_mul(b))
        );
        // div truncates toward zero; mod takes the dividend's sign.
        assert_eq!(
            run(&arith_program(BinOp::Div, PAIRS), target),
            expected(|a, b| a.wrapping_div(b))
        );
        assert_eq!(
            run(&arith_program(BinOp::Mod, PAIRS), target),
            expected(|a, b| a.wrapping_rem(b))
        );
    }
}

/// The division's paths: divisors below 128, 128..255 and wider, dividends below 256
/// and wider, every sign.
#[test]
fn divisions_take_every_path_exactly() {
    let dividends: &[i16] = &[
        0, 1, 2, 127, 128, 200, 255, 256, 1000, 32767, -1, -255, -32768,
    ];
    let divisors: &[i16] = &[
        1, 2, 3, 7, 10, 127, 128, 129, 200, 255, 256, 1000, -3, -128, -255,
    ];
    let pairs: Vec<(i16, i16)> = dividends
        .iter()
        .flat_map(|&a| divisors.iter().map(move |&b| (a, b)))
        .collect();
    for (op, f) in [
        (BinOp::Div, i16::wrapping_div as fn(i16, i16) -> i16),
        (BinOp::Mod, i16::wrapping_rem),
    ] {
        let want: String = pairs
            .iter()
            .map(|&(a, b)| format!("{} ", f(a, b)))
            .collect();
        assert_eq!(run(&arith_program(op, &pairs), Target::Com), want, "{op:?}");
    }
}

#[test]
fn constant_multipliers_and_divisors_are_inline() {
    let xs: &[i16] = &[0, 1, -1, 7, -7, 100, -100, 3277, -32768, 32767];
    for &(op, c) in &[
        (BinOp::Mul, 10i16),
        (BinOp::Mul, 3),
        (BinOp::Mul, -6),
        (BinOp::Mul, 32),
        (BinOp::Mul, 320),
        (BinOp::Div, 2),
        (BinOp::Div, 8),
        (BinOp::Shl, 3),
        (BinOp::Shr, 9),
    ] {
        let mut stmts = Vec::new();
        for &x in xs {
            stmts.push(Stmt::Store {
                w: W::Word,
                addr: sym("va"),
                value: word(x as i64),
            });
            stmts.push(wint(bin(
                op,
                W::Word,
                load(W::Word, sym("va")),
                word(c as i64),
            )));
            stmts.push(space());
        }
        let p = program(stmts, vec![var("va")]);
        let out = build(&p, Target::Dsk).unwrap();
        assert!(
            !out.runtime
                .iter()
                .any(|r| r == "rt_mul16" || r == "rt_div16"),
            "{op:?} {c} called the runtime"
        );
        let want: String = xs
            .iter()
            .map(|&x| {
                let v = match op {
                    BinOp::Mul => x.wrapping_mul(c),
                    BinOp::Div => x.wrapping_div(c),
                    BinOp::Shl => ((x as u16) << c) as i16,
                    _ => ((x as u16) >> c) as i16,
                };
                format!("{v} ")
            })
            .collect();
        assert_eq!(run(&p, Target::Dsk), want, "{op:?} {c}");
    }
}

#[test]
fn signed_and_unsigned_comparisons_branch_correctly() {
    // The second set shares low bytes (1, 257, -255; 0, 256): an equality tested byte
    // by byte must look at the high one too. Two programs, each fits in memory.
    for vals in [
        &[-32768, -300, -1, 0, 1, 256, 32767][..],
        &[-255, 0, 1, 256, 257][..],
    ] {
        comparisons_branch_correctly(vals);
    }
}

fn comparisons_branch_correctly(vals: &[i16]) {
    let ops = [
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::Eq,
        CmpOp::Ne,
    ];
    let mut stmts = Vec::new();
    let mut want = String::new();
    for &a in vals {
        for &b in vals {
            for op in ops {
                for signed in [true, false] {
                    stmts.push(Stmt::Store {
                        w: W::Word,
                        addr: sym("va"),
                        value: word(a as i64),
                    });
                    // Against a variable and against the constant.
                    for r in [load(W::Word, sym("vb")), word(b as i64)] {
                        stmts.push(Stmt::Store {
                            w: W::Word,
                            addr: sym("vb"),
                            value: word(b as i64),
                        });
                        let c = Cond::Cmp {
                            op,
                            w: W::Word,
                            signed,
                            l: load(W::Word, sym("va")),
                            r,
                        };
                        stmts.push(Stmt::Eval(call(
                            "rt_wchr",
                            vec![
                                (
                                    Reg::A,
                                    bin(BinOp::Add, W::Byte, Expr::Cond(Box::new(c)), byte(48)),
                                ),
                                (Reg::DE, word(0)),
                            ],
                            W::Word,
                        )));
                        let (x, y) = if signed {
                            (a as i64, b as i64)
                        } else {
                            (a as u16 as i64, b as u16 as i64)
                        };
                        let holds = match op {
                            CmpOp::Lt => x < y,
                            CmpOp::Le => x <= y,
                            CmpOp::Gt => x > y,
                            CmpOp::Ge => x >= y,
                            CmpOp::Eq => x == y,
                            CmpOp::Ne => x != y,
                        };
                        want.push(if holds { '1' } else { '0' });
                    }
                }
            }
        }
    }
    let p = program(stmts, vec![var("va"), var("vb")]);
    assert_eq!(run(&p, Target::Com), want);
}

#[test]
fn write_pads_to_widths() {
    let s = |v: i64, w: i64| {
        Stmt::Eval(call(
            "rt_wint",
            vec![(Reg::HL, word(v)), (Reg::DE, word(w))],
            W::Word,
        ))
    };
    let p = program(
        vec![
            s(42, 5),
            s(-32768, 0),
            s(7, 1),
            s(123, 2),
            s(0, 3),
            Stmt::Eval(call(
                "rt_wbool",
                vec![(Reg::A, byte(1)), (Reg::DE, word(6))],
                W::Word,
            )),
            Stmt::Eval(call(
                "rt_wbool",
                vec![(Reg::A, byte(0)), (Reg::DE, word(0))],
                W::Word,
            )),
            Stmt::Eval(call("rt_wln", vec![], W::Word)),
        ],
        vec![],
    );
    assert_eq!(run(&p, Target::Dsk), "   42-327687123  0  TRUEFALSE\r\n");
}

/// Stores of computed values through the address shapes made with HL and BC while the
/// value waits in A or DE (`x*2^k + label`, `x + static word`, small constants): each
/// element read back where it was meant to go.
#[test]
fn stores_through_element_addresses_keep_their_values() {
    let ld = |l: &str| load(W::Word, sym(l));
    let val = |v: i64| bin(BinOp::Add, W::Word, ld("vk"), word(v - 7));
    let shapes = [
        // arr + i*2 (word), arr + i*4 + 2, arr + i + off, p + 3 (p a static pointer)
        (
            W::Word,
            add(bin(BinOp::Mul, W::Word, ld("vi"), word(2)), sym("arr")),
            1000,
        ),
        (
            W::Word,
            add(
                add(bin(BinOp::Shl, W::Word, ld("vi"), word(2)), sym("arr")),
                word(2),
            ),
            -2000,
        ),
        (W::Byte, add(ld("vi"), ld("voff")), 77),
        (W::Byte, add(ld("vp"), word(3)), 99),
        (W::Word, add(ld("vp"), word(300)), 4242),
    ];
    let mut stmts = vec![
        Stmt::Store {
            w: W::Word,
            addr: sym("vk"),
            value: word(7),
        },
        Stmt::Store {
            w: W::Word,
            addr: sym("vi"),
            value: word(5),
        },
        Stmt::Store {
            w: W::Word,
            addr: sym("voff"),
            value: sym("arr"),
        },
        Stmt::Store {
            w: W::Word,
            addr: sym("vp"),
            value: sym("arr"),
        },
    ];
    let mut want = String::new();
    for (w, addr, v) in &shapes {
        let value = match w {
            W::Word => val(*v),
            W::Byte => Expr::Lo(Box::new(val(*v))),
        };
        stmts.push(Stmt::Store {
            w: *w,
            addr: addr.clone(),
            value,
        });
    }
    for (w, addr, v) in &shapes {
        let back = match w {
            W::Word => load(W::Word, addr.clone()),
            W::Byte => zext(load(W::Byte, addr.clone())),
        };
        stmts.push(wint(back));
        stmts.push(space());
        want.push_str(&format!("{v} "));
    }
    let mut vars = vec![var("vk"), var("vi"), var("voff"), var("vp")];
    vars.push(Var {
        label: "arr".into(),
        size: 400,
        comment: String::new(),
    });
    assert_eq!(run(&program(stmts, vars), Target::Com), want);
}

/// TP3's `Chain` layout: a `.chn` (`build_chn`) has its variables at `CHAIN_VARS` and its
/// start-up keeps the first `globals` bytes, zeroing the rest; a program naming
/// `rt_fchain` gets the same address, all of it zeroed; any other program keeps its
/// variables right after its data.
#[test]
fn chain_layout_keeps_the_globals_of_a_chn() {
    use z80_codegen::link::{build_chn, CHAIN_VARS};
    let show = vec![
        wint(load(W::Word, sym("g"))),
        space(),
        wint(load(W::Word, sym("loc"))),
    ];
    let p = program(show.clone(), vec![var("g"), var("loc")]);
    let chn = build_chn(&p, 2).unwrap();
    assert_eq!(chn.symbol("g"), Some(CHAIN_VARS));
    assert_eq!(chn.symbol("loc"), Some(CHAIN_VARS + 2));
    // What a chaining program left at the two words: g stays, loc is zeroed.
    let mut left = Sim::from_image(
        &[
            (chn.load, &chn.bytes),
            (CHAIN_VARS, &[0x39, 0x30, 0x07, 0x00]),
        ],
        chn.entry,
        chn.symbol("rt_halt").unwrap(),
        Target::Com,
    );
    assert_eq!(left.run(1_000_000), Stop::Halted);
    assert_eq!(left.output(), "12345 0");
    // Started on zeroed memory, both are 0.
    let mut fresh = Sim::new(&chn);
    assert_eq!(fresh.run(1_000_000), Stop::Halted);
    assert_eq!(fresh.output(), "0 0");

    let mut chaining = show;
    chaining.push(Stmt::Eval(call(
        "rt_fchain",
        vec![(Reg::HL, sym("g"))],
        W::Word,
    )));
    let p = program(chaining, vec![var("g"), var("loc")]);
    let com = build(&p, Target::Com).unwrap();
    assert_eq!(com.symbol("g"), Some(CHAIN_VARS));
    assert!(com.asm.contains("ld hl,_bss\n"), "all variables zeroed");
    let plain = build(&program(vec![], vec![var("g")]), Target::Com).unwrap();
    assert!(plain.symbol("g").unwrap() < 0x0200);
}
