//! Reals (Turbo Pascal 3's 6-byte format) compiled and run on the Z80 (the back end's
//! `sim` runner): the runtime's arithmetic against a reference model of the format,
//! and printed output against values worked out by hand.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

fn build(src: &str) -> z80_codegen::Output {
    let files = MemoryFiles::new().with("test.pas", src);
    match compile("test.pas", &files, Target::Dsk) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    }
}

fn run_keys(src: &str, keys: &[u8]) -> String {
    let out = build(src);
    let mut sim = Sim::new(&out);
    sim.type_keys(keys);
    let stop = sim.run(2_000_000_000);
    assert_eq!(stop, Stop::Halted, "printed so far: {:?}", sim.output());
    sim.output()
}

fn run(src: &str) -> String {
    run_keys(src, &[])
}

// ---- a reference model of the format, written from its definition: byte 0 the
// exponent e (bias 80h, 0 = the value 0), bytes 1..5 the mantissa lowest first with
// the sign in bit 7 of byte 5 and an implied top bit: value = 0.1mmm... x 2^(e - 80h).

/// The value of a 6-byte real (exactly: 40 bits fit an f64).
fn decode(b: [u8; 6]) -> f64 {
    if b[0] == 0 {
        return 0.0;
    }
    let mut m: u64 = 0;
    for i in (1..6).rev() {
        m = m << 8 | b[i] as u64;
    }
    let negative = m & (1 << 39) != 0;
    m |= 1 << 39;
    let v = m as f64 * 2f64.powi(b[0] as i32 - 0x80 - 40);
    if negative {
        -v
    } else {
        v
    }
}

/// The nearest 6-byte real (ties away from zero); `None` above the range, 0 below.
fn encode(v: f64) -> Option<[u8; 6]> {
    if v == 0.0 {
        return Some([0; 6]);
    }
    let a = v.abs();
    // a = f x 2^k with 0.5 <= f < 1.
    let mut k = a.log2().floor() as i32 + 1;
    if a / 2f64.powi(k) >= 1.0 {
        k += 1;
    }
    if a / 2f64.powi(k) < 0.5 {
        k -= 1;
    }
    let mut m = (a / 2f64.powi(k) * 2f64.powi(40)).round() as u64;
    if m == 1 << 40 {
        m >>= 1;
        k += 1;
    }
    let e = k + 0x80;
    if e <= 0 {
        return Some([0; 6]);
    }
    if e > 255 {
        return None;
    }
    let mut b = [0u8; 6];
    b[0] = e as u8;
    for (i, x) in b[1..].iter_mut().enumerate() {
        *x = (m >> (8 * i)) as u8;
    }
    b[5] &= 0x7F;
    if v < 0.0 {
        b[5] |= 0x80;
    }
    Some(b)
}

/// One unit in the last place of a real near `v`.
fn ulp(v: f64) -> f64 {
    let k = v.abs().log2().floor() as i32 + 1; // 2^(k-1) <= |v| < 2^k
    2f64.powi(k - 40)
}

#[test]
fn model_round_trips_known_values() {
    // 1.0 = 0.1b x 2^1: exponent 81h, mantissa 80 00 00 00 00 with the top bit hidden.
    assert_eq!(encode(1.0), Some([0x81, 0, 0, 0, 0, 0]));
    assert_eq!(encode(-1.0), Some([0x81, 0, 0, 0, 0, 0x80]));
    // 10 = 0.101b x 2^4: mantissa A0 00 00 00 00, stored 20 00 00 00 00.
    assert_eq!(encode(10.0), Some([0x84, 0, 0, 0, 0, 0x20]));
    // 0.1 = 0.110011001100...b x 2^-3: mantissa CCCCCCCCCC|CC.. rounds to ...CD.
    assert_eq!(encode(0.1), Some([0x7D, 0xCD, 0xCC, 0xCC, 0xCC, 0x4C]));
    assert_eq!(decode([0x84, 0, 0, 0, 0, 0x20]), 10.0);
    assert_eq!(encode(1e39), None);
    assert_eq!(encode(1e-40), Some([0; 6]));
}

// ---- the runtime against the model, on many operands

/// A small deterministic generator (xorshift64*), so that a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A real with a random 40-bit mantissa and sign, and an exponent in `exps`.
    fn real(&mut self, exps: std::ops::Range<u8>) -> [u8; 6] {
        let mut b = [0u8; 6];
        b[0] = exps.start + self.below((exps.end - exps.start) as u64) as u8;
        let m = self.next();
        for (i, x) in b[1..].iter_mut().enumerate() {
            *x = (m >> (8 * i)) as u8;
        }
        b
    }
}

const N: usize = 120;

/// A program applying `body` (which uses `xa[i]`, `xb[i]`, `xr[i]`, `xc[i]`, `xi[i]`)
/// to N pairs of operands poked into the typed constants `xa`, `xb` (reals) and `xi`
/// (integers); returns the machine after the run.
fn batch(body: &str, a: &[[u8; 6]], b: &[[u8; 6]], ints: &[i16]) -> (Sim, z80_codegen::Output) {
    let zeros = vec!["0.0"; N].join(",");
    let izeros = vec!["0"; N].join(",");
    let src = format!(
        "const xa: array[1..{N}] of real = ({zeros});
               xb: array[1..{N}] of real = ({zeros});
               xi: array[1..{N}] of integer = ({izeros});
         var xr: array[1..{N}] of real; xc: array[1..{N}] of integer; i: integer;
         begin for i := 1 to {N} do begin {body} end end."
    );
    let out = build(&src);
    let mut sim = Sim::new(&out);
    let put = |sim: &mut Sim, name: &str, k: usize, bytes: &[u8]| {
        let at = out.symbol(name).expect("symbol") as usize + k * bytes.len();
        sim.bus.mem[at..at + bytes.len()].copy_from_slice(bytes);
    };
    for (k, x) in a.iter().enumerate() {
        put(&mut sim, "xa", k, x);
    }
    for (k, x) in b.iter().enumerate() {
        put(&mut sim, "xb", k, x);
    }
    for (k, x) in ints.iter().enumerate() {
        put(&mut sim, "xi", k, &x.to_le_bytes());
    }
    assert_eq!(sim.run(4_000_000_000), Stop::Halted, "{}", sim.output());
    assert_eq!(sim.output(), "", "no run-time error");
    (sim, out)
}

fn result_real(sim: &Sim, out: &z80_codegen::Output, k: usize) -> [u8; 6] {
    let at = out.symbol("xr").expect("xr") as usize + 6 * k;
    sim.bus.mem[at..at + 6].try_into().expect("6 bytes")
}

fn result_int(sim: &Sim, out: &z80_codegen::Output, k: usize) -> i16 {
    let at = out.symbol("xc").expect("xc") + 2 * k as u16;
    sim.word(at) as i16
}

/// Checks one operation on N random pairs: every result within one unit of the last
/// place of the exact value, and nearly all exactly the nearest real.
fn check_operation(op: char, seed: u64, exps_a: std::ops::Range<u8>, spread: i32) {
    let mut rng = Rng(seed);
    let mut a = Vec::new();
    let mut b = Vec::new();
    for k in 0..N {
        let x = rng.real(exps_a.clone());
        let mut y = rng.real(exps_a.clone());
        let d = rng.below(2 * spread as u64 + 1) as i32 - spread;
        y[0] = (x[0] as i32 + d).clamp(1, 255) as u8;
        match k % 20 {
            // Special cases: the same value, its negation, zero on either side.
            0 => y = x,
            1 => {
                y = x;
                y[5] ^= 0x80;
            }
            2 if op != '/' => y = [0; 6],
            3 => a.push([0; 6]),
            _ => {}
        }
        if a.len() == k {
            a.push(x);
        }
        b.push(y);
    }
    let (sim, out) = batch(&format!("xr[i] := xa[i] {op} xb[i]"), &a, &b, &[]);
    let mut nearest = 0;
    for k in 0..N {
        let (x, y) = (decode(a[k]), decode(b[k]));
        let exact = match op {
            '+' => x + y,
            '-' => x - y,
            '*' => x * y,
            _ => x / y,
        };
        let got = result_real(&sim, &out, k);
        let g = decode(got);
        let tolerance = if exact == 0.0 { 0.0 } else { ulp(exact) };
        assert!(
            (g - exact).abs() <= tolerance,
            "{x:e} {op} {y:e}: got {g:e} ({got:02X?}), exact {exact:e} ({:02X?})",
            encode(exact)
        );
        if Some(got) == encode(exact) {
            nearest += 1;
        }
    }
    assert!(
        nearest * 100 >= N * 95,
        "{op}: only {nearest} of {N} rounded to nearest"
    );
}

#[test]
fn add_matches_the_model() {
    check_operation('+', 1, 0x70..0x90, 12);
    check_operation('+', 2, 0x01..0xF0, 60);
}

#[test]
fn subtract_matches_the_model() {
    check_operation('-', 3, 0x70..0x90, 3);
    check_operation('-', 4, 0x40..0xC0, 45);
}

#[test]
fn multiply_matches_the_model() {
    check_operation('*', 5, 0x50..0xB0, 20);
}

#[test]
fn divide_matches_the_model() {
    check_operation('/', 6, 0x50..0xB0, 20);
}

#[test]
fn comparisons_match_the_model() {
    let mut rng = Rng(7);
    let mut a = Vec::new();
    let mut b = Vec::new();
    for k in 0..N {
        let x = rng.real(0x7C..0x84);
        let mut y = match k % 4 {
            0 => x,
            1 => rng.real(0x7C..0x84),
            2 => {
                // Same exponent, mantissa differing in the lowest byte.
                let mut y = x;
                y[1] = y[1].wrapping_add(1 + rng.below(3) as u8);
                y
            }
            _ => [0; 6],
        };
        if k % 8 == 5 {
            y[5] ^= 0x80;
        }
        a.push(if k % 16 == 3 { [0; 6] } else { x });
        b.push(y);
    }
    let (sim, out) = batch(
        "xc[i] := ord(xa[i] < xb[i]) + 2 * ord(xa[i] = xb[i]) + 4 * ord(xa[i] > xb[i])
                  + 8 * ord(xa[i] <= xb[i]) + 16 * ord(xa[i] >= xb[i])
                  + 32 * ord(xa[i] <> xb[i])",
        &a,
        &b,
        &[],
    );
    for k in 0..N {
        let (x, y) = (decode(a[k]), decode(b[k]));
        let want = (x < y) as i16
            + 2 * (x == y) as i16
            + 4 * (x > y) as i16
            + 8 * (x <= y) as i16
            + 16 * (x >= y) as i16
            + 32 * (x != y) as i16;
        assert_eq!(result_int(&sim, &out, k), want, "{x:e} vs {y:e}");
    }
}

#[test]
fn integers_convert_exactly() {
    let mut rng = Rng(8);
    let mut ints: Vec<i16> = (0..N).map(|_| rng.next() as i16).collect();
    ints[0] = 0;
    ints[1] = -32768;
    ints[2] = 32767;
    ints[3] = -1;
    let (sim, out) = batch("xr[i] := xi[i]", &[], &[], &ints);
    for (k, &v) in ints.iter().enumerate() {
        assert_eq!(result_real(&sim, &out, k), encode(v as f64).unwrap(), "{v}");
    }
}

#[test]
fn trunc_round_int_frac_match_the_model() {
    let mut rng = Rng(9);
    let mut a: Vec<[u8; 6]> = (0..N).map(|_| rng.real(0x78..0x90)).collect();
    // Halves round away from zero; the extremes of the integer range.
    for (k, v) in [
        2.5, -2.5, 0.5, -0.5, 32767.4, -32768.0, -32767.5, 0.0, 1.0, -1.0,
    ]
    .iter()
    .enumerate()
    {
        a[k] = encode(*v).unwrap();
    }
    let (sim, out) = batch(
        "xc[i] := trunc(xa[i]); xi[i] := round(xa[i]); xr[i] := int(xa[i]) + frac(xa[i]) * 0",
        &a,
        &[],
        &[],
    );
    let (fsim, fout) = batch("xr[i] := frac(xa[i])", &a, &[], &[]);
    let (isim, iout) = batch("xr[i] := int(xa[i])", &a, &[], &[]);
    for (k, b) in a.iter().enumerate() {
        let x = decode(*b);
        assert_eq!(result_int(&sim, &out, k), x.trunc() as i16, "trunc {x}");
        let at = out.symbol("xi").unwrap() + 2 * k as u16;
        assert_eq!(sim.word(at) as i16, x.round() as i16, "round {x}");
        assert_eq!(decode(result_real(&isim, &iout, k)), x.trunc(), "int {x}");
        assert_eq!(
            decode(result_real(&fsim, &fout, k)),
            x - x.trunc(),
            "frac {x}"
        );
    }
}

// ---- printed output, worked out by hand

#[test]
fn default_write_is_floating_point_with_11_digits() {
    // TP3 reference manual, "Write parameters": "right adjusted in a field 18 characters
    // wide", `  #.##########E*##` for r >= 0 and ` -#.##########E*##` for r < 0 (the
    // Turbo-Lessons tutorial shows 444.333222111 as 4.4433322211E+02).
    let out = run("
        var r: real;
        begin
          writeln(3.5);
          writeln(-0.00125);
          writeln(444.333222111);
          writeln(1/3);
          writeln(2/3);
          writeln(100.0);
          writeln(0.0);
          writeln(1e38);
          writeln(1e-38);
          r := 12.0; writeln(r, r);
          writeln('[', -r, ']');
        end.");
    assert_eq!(
        out,
        "  3.5000000000E+00\r\n \
         -1.2500000000E-03\r\n  \
         4.4433322211E+02\r\n  \
         3.3333333333E-01\r\n  \
         6.6666666667E-01\r\n  \
         1.0000000000E+02\r\n  \
         0.0000000000E+00\r\n  \
         1.0000000000E+38\r\n  \
         1.0000000000E-38\r\n  \
         1.2000000000E+01  1.2000000000E+01\r\n\
         [ -1.2000000000E+01]\r\n"
    );
    // Every line is 18 columns.
    for line in out.lines().take(10) {
        assert_eq!(line.len() % 18, 0, "{line:?}");
    }
}

#[test]
fn width_gives_floating_point_in_that_many_columns() {
    // r:w: w - 7 decimals (1 to 10), right-aligned, no blank reserved for the sign
    // (TP3's manual: "the minimum field width is 7 characters (8 for r < 0.0)"); never cut.
    let out = run("
        begin
          writeln('[', 12345.678:12, ']');
          writeln('[', -12345.678:12, ']');
          writeln('[', 1.0:8, ']');
          writeln('[', 1.0:7, ']');
          writeln('[', -1.0:7, ']');
          writeln('[', 1.0:3, ']');
          writeln('[', 2.0:20, ']');
          writeln('[', 9.96:9, ']');
          writeln('[', 9.996:9, ']');
        end.");
    assert_eq!(
        out,
        "[ 1.23457E+04]\r\n\
         [-1.23457E+04]\r\n\
         [ 1.0E+00]\r\n\
         [1.0E+00]\r\n\
         [-1.0E+00]\r\n\
         [1.0E+00]\r\n\
         [    2.0000000000E+00]\r\n\
         [ 9.96E+00]\r\n\
         [ 1.00E+01]\r\n"
    );
}

#[test]
fn width_and_decimals_give_fixed_point() {
    let out = run("
        var i: integer;
        begin
          writeln('[', 123.456:0:2, ']');
          writeln('[', 2.5:8:1, ']');
          writeln('[', -2.5:8:0, ']');
          writeln('[', 1e10:0:0, ']');
          writeln('[', 0.001:0:2, ']');
          writeln('[', 0.005:0:2, ']');
          writeln('[', -12.5:10:3, ']');
          writeln('[', 9.999:0:2, ']');
          writeln('[', 1/3:0:11, ']');
          writeln('[', 3.14159:5:30, ']');
          i := 7; writeln('[', i / 1:6:2, ']');
        end.");
    assert_eq!(
        out,
        "[123.46]\r\n\
         [     2.5]\r\n\
         [      -3]\r\n\
         [10000000000]\r\n\
         [0.00]\r\n\
         [0.01]\r\n\
         [   -12.500]\r\n\
         [10.00]\r\n\
         [0.33333333333]\r\n\
         [3.1E+00]\r\n\
         [  7.00]\r\n"
    );
}

#[test]
fn str_formats_as_write_does() {
    let out = run("
        var s: string[20]; t: string[5];
        begin
          str(3.14159:10:4, s); writeln('[', s, ']');
          str(-0.5:0:1, s); writeln('[', s, ']');
          str(2.0, s); writeln('[', s, ']');
          str(1234.5:0:1, t); writeln('[', t, ']');
        end.");
    assert_eq!(
        out,
        "[    3.1416]\r\n[-0.5]\r\n[  2.0000000000E+00]\r\n[1234.]\r\n"
    );
}

#[test]
fn reals_live_everywhere_a_program_puts_them() {
    let out = run("
        type point = record x, y: real end;
        const half: real = 0.5;
              tbl: array[1..3] of real = (1.5, -2, 1e3);
        var p: point; a: array[0..2] of real; r: real; i: integer;
            q: ^point;
        function twice(v: real): real; begin twice := v * 2 end;
        procedure bump(var v: real; by: real); begin v := v + by end;
        {$A-}
        function fact(n: integer): real;
        begin if n <= 1 then fact := 1 else fact := n * fact(n - 1) end;
        {$A+}
        begin
          p.x := 1; p.y := half;
          with p do writeln(x + y:0:2);
          for i := 0 to 2 do a[i] := i / 4;
          writeln(a[0]:0:2, ' ', a[1]:0:2, ' ', a[2]:0:2);
          writeln(tbl[1] + tbl[2] + tbl[3]:0:1);
          tbl[2] := twice(tbl[2]); writeln(tbl[2]:0:1);
          r := 10; bump(r, 0.25); bump(r, 1); writeln(r:0:2);
          writeln(fact(10):0:0, ' ', fact(20));
          new(q); q^.x := sqr(1.5); q^.y := -q^.x; writeln(q^.y:0:3);
          i := 7; r := i / 2; writeln(r:0:1, ' ', i + 0.5:0:1, ' ', 1 + i * 0.5:0:2);
          r := -r; writeln(abs(r):0:1, ' ', -r:0:1);
          if (r < 0) and (r <> -3) and (r >= -3.5) and not (r > 0) then writeln('ok');
        end.");
    // 20! = 2432902008176640000 = 2.43290200818E+18 (to 11 digits).
    assert_eq!(
        out,
        "1.50\r\n0.00 0.25 0.50\r\n999.5\r\n-4.0\r\n11.25\r\n\
         3628800   2.4329020082E+18\r\n-2.250\r\n3.5 7.5 4.50\r\n3.5 3.5\r\nok\r\n"
    );
}

#[test]
fn round_trunc_int_frac() {
    let out = run("
        begin
          writeln(round(2.5), ' ', round(-2.5), ' ', round(3.49999), ' ', trunc(-3.7));
          writeln(int(-3.7):0:1, ' ', frac(-3.75):0:2, ' ', int(1e15):0:0, ' ', int(-123456.789):0:0, ' ', int(1e20):0:0);
        end.");
    // 1e20 is stored as 99999999999948619776 (the nearest multiple of 2^27), which is
    // 99999999999900000000 to 12 significant digits.
    assert_eq!(
        out,
        "3 -3 3 -3\r\n-3.0 -0.75 1000000000000000 -123456 99999999999900000000\r\n"
    );
}

#[test]
fn run_time_errors_stop_with_tp3_messages() {
    for (expr, msg) in [
        ("r / 0", "Division by zero"),
        ("r * 1e38 * 1e38", "Floating point overflow"),
        ("sqrt(-r)", "Sqrt argument error"),
        ("ln(r - 1)", "Ln argument error"),
        ("ln(-r)", "Ln argument error"),
        ("trunc(r * 40000.0) + 0.0", "Out of integer range"),
        ("round(-r * 32768.6) + 0.0", "Out of integer range"),
        ("exp(r * 100)", "Floating point overflow"),
    ] {
        let src =
            format!("var r, s: real; begin r := 1; writeln('a'); s := {expr}; writeln('b') end.");
        assert_eq!(run(&src), format!("a\r\n{msg}\r\n"), "{expr}");
    }
    // Underflow gives 0; the extremes of the integer range are fine.
    let out = run("
        var r: real;
        begin
          r := 1e-30; r := r * 1e-30; writeln(r = 0);
          writeln(trunc(-32768.9), ' ', round(32767.4), ' ', exp(-200.0) = 0);
        end.");
    assert_eq!(out, "TRUE\r\n-32768 32767 TRUE\r\n");
}

#[test]
fn random_is_between_0_and_1() {
    let out = run("
        var i, low, high: integer; r, sum: real;
        begin
          low := 0; high := 0; sum := 0;
          for i := 1 to 200 do begin
            r := random;
            if r < 0 then low := low + 1;
            if r >= 1 then high := high + 1;
            sum := sum + r;
          end;
          writeln(low, ' ', high, ' ', (sum > 80) and (sum < 120));
        end.");
    assert_eq!(out, "0 0 TRUE\r\n");
}

// ---- functions: within a stated tolerance of the true value

/// The results of `f` on the inputs, as printed with 11 significant digits, checked
/// against Rust's f64 functions: relative error within `rel` (or `abs` absolute).
fn check_function(f: &str, inputs: &[f64], reference: fn(f64) -> f64, rel: f64, abs: f64) {
    let a: Vec<[u8; 6]> = inputs.iter().map(|&v| encode(v).unwrap()).collect();
    let (sim, out) = batch(&format!("xr[i] := {f}(xa[i])"), &a, &[], &[]);
    for (k, b) in a.iter().enumerate() {
        let x = decode(*b);
        let want = reference(x);
        let got = decode(result_real(&sim, &out, k));
        let err = (got - want).abs();
        assert!(
            err <= rel * want.abs() || err <= abs,
            "{f}({x:e}) = {got:e}, want {want:e} (relative error {:e})",
            err / want.abs()
        );
    }
}

/// Inputs spread over a range (N of them).
fn spread(lo: f64, hi: f64) -> Vec<f64> {
    (0..N)
        .map(|k| lo + (hi - lo) * k as f64 / (N - 1) as f64)
        .collect()
}

// 11 significant digits: a relative error below 5e-12 (about 5 units of the last of
// the format's 40 bits, 2^-40 = 9.1e-13).
const REL: f64 = 5e-12;

#[test]
fn sqrt_is_accurate() {
    let mut xs = spread(0.0, 1000.0);
    xs.extend([1e-30, 2.0, 1e30, 0.25, 1e-38]);
    xs.truncate(N);
    check_function("sqrt", &xs, f64::sqrt, REL, 0.0);
}

#[test]
fn exp_and_ln_are_accurate() {
    check_function("exp", &spread(-87.0, 88.0), f64::exp, REL, 0.0);
    check_function("exp", &spread(-1.0, 1.0), f64::exp, REL, 0.0);
    let mut xs = spread(0.01, 100.0);
    xs[0] = 1.0;
    xs[1] = 1e-37;
    xs[2] = 1e37;
    xs[3] = 1.0 + 1e-9;
    check_function("ln", &xs, f64::ln, REL, 1e-20);
}

#[test]
fn sin_cos_arctan_are_accurate() {
    // Near the zeros of sin and cos the relative error grows: an absolute bound there.
    check_function("sin", &spread(-100.0, 100.0), f64::sin, REL, 1e-11);
    check_function("cos", &spread(-10.0, 10.0), f64::cos, REL, 1e-11);
    check_function("arctan", &spread(-50.0, 50.0), f64::atan, REL, 0.0);
    check_function("arctan", &spread(-1.0, 1.0), f64::atan, REL, 1e-20);
}

// ---- reading

#[test]
fn val_and_readln_read_reals() {
    let out = run_keys(
        "
        var r: real; c: integer;
        begin
          val('3.25', r, c); writeln(r:0:2, ' ', c);
          val('1.5e3', r, c); writeln(r:0:1, ' ', c);
          val('-2.5E-2', r, c); writeln(r:0:3, ' ', c);
          val(' 7', r, c); writeln(r:0:1, ' ', c);
          val('12x', r, c); writeln(r:0:1, ' ', c);
          val('', r, c); writeln(c);
          val('1e', r, c); writeln(c);
          val('0.1', r, c); writeln(r, ' ', c);
          readln(r); writeln(r * 2:0:2);
        end.",
        b"2.75\r",
    );
    assert_eq!(
        out,
        "3.25 0\r\n1500.0 0\r\n-0.025 0\r\n7.0 0\r\n7.0 3\r\n1\r\n3\r\n  1.0000000000E-01 0\r\n2.75\r\n5.50\r\n"
    );
}

#[test]
fn the_reals_program_prints_every_format() {
    // 1000 x 1.05^n: 1050, 1102.5, 1157.625; sin 30° = 0.5, cos 30° = 0.86602540378,
    // sqrt 2 = 1.41421356237, e = 2.71828182846, ln 2 = 0.693147.
    let out = run(include_str!("programs/reals.pas"));
    assert_eq!(
        out,
        " 1    1050.000 1.0500000E+03   1.0500000000E+03\r\n \
          2    1102.500 1.1025000E+03   1.1025000000E+03\r\n \
          3    1157.625 1.1576250E+03   1.1576250000E+03\r\n\
         0.500000     0.8660 1.4142135624\r\n    \
         2.7182818285E+00  6.93E-01\r\n \
         -1.5000000000E-07  6.02000E+23 299792.458\r\n"
    );
}

#[test]
fn reals_in_files_and_recursive_parameters() {
    let out = run("
        var t: text; f: file of real; r, s: real; i: integer;
        {$A-}
        function power(x: real; n: integer): real;
        begin if n = 0 then power := 1 else power := x * power(x, n - 1) end;
        procedure halve(var v: real; times: integer);
        begin if times > 0 then begin v := v / 2; halve(v, times - 1) end end;
        {$A+}
        begin
          writeln(power(1.5, 3):0:3, ' ', power(-2, 5):0:0);
          r := 10; halve(r, 3); writeln(r:0:3);
          assign(t, 'R.TXT'); rewrite(t);
          writeln(t, 2.5); writeln(t, -1e-3:0:4); close(t);
          reset(t); readln(t, r); readln(t, s); close(t);
          writeln(r:0:2, ' ', s:0:4);
          assign(f, 'R.DAT'); rewrite(f);
          for i := 1 to 3 do begin r := i / 4; write(f, r) end;
          close(f); reset(f); seek(f, 1); read(f, r, s); close(f);
          writeln(r:0:2, ' ', s:0:2, ' ', filesize(f));
        end.");
    // 1.5^3 = 3.375, (-2)^5 = -32, 10 / 2^3 = 1.25; the text file holds
    // '  2.5000000000E+00' and '-0.0010'; the typed file 0.25, 0.5, 0.75 (6 bytes each).
    assert_eq!(out, "3.375 -32\r\n1.250\r\n2.50 -0.0010\r\n0.50 0.75 3\r\n");
}

#[test]
fn reals_work_on_a_disk_a_cartridge_and_under_msx_dos() {
    // The BIOS called directly from a disk and a cartridge (whose start-up asks
    // RSLREG for its slot before the typed constants are copied), and through CALSLT
    // in a .com.
    let src = include_str!("programs/reals.pas");
    let files = MemoryFiles::new().with("test.pas", src);
    let mut outputs = Vec::new();
    for target in [Target::Dsk, Target::Rom, Target::Com] {
        let out = match compile("test.pas", &files, target) {
            Ok(b) => b.output,
            Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
        };
        let mut sim = Sim::new(&out);
        assert_eq!(sim.run(2_000_000_000), Stop::Halted, "{target:?}");
        outputs.push(sim.output());
    }
    assert_eq!(outputs[0], outputs[1]);
    assert_eq!(outputs[0], outputs[2]);
    assert!(outputs[0].starts_with(" 1    1050.000"), "{}", outputs[0]);
}

#[test]
fn real_conditions_in_loops_and_compound_conditions() {
    let out = run("
        var r, s: real; i, n: integer;
        begin
          r := 0; n := 0;
          while r < 3 do begin r := r + 0.5; n := n + 1 end;
          write(r:0:1, ' ', n, ' ');
          repeat r := r - 0.75 until r <= 0;
          write(r:0:2, ' ');
          n := 0;
          for i := -3 to 3 do
            if (i <> 0) and (i / 4 > 0.3) or (i * 1.5 = -4.5) then n := n + 1;
          writeln(n);
          s := 2; r := 3;
          writeln((r > s) = (s < r), ' ', (r = s) or (r - 1 = s), ' ', not (r >= s + 1.5));
        end.");
    // 6 steps of 0.5 reach 3.0; 3.0 - 4 x 0.75 = 0.00; i/4 > 0.3 for i = 2, 3 and
    // i * 1.5 = -4.5 for i = -3: 3.
    assert_eq!(out, "3.0 6 0.00 3\r\nTRUE TRUE TRUE\r\n");
    // Both sides of `and` are evaluated, as TP3 always does: 1 / 0 stops the program
    // even where the left side is false.
    let out =
        run("var i: integer; begin i := 0; if (i <> 0) and (1 / i > 0.3) then; writeln('x') end.");
    assert_eq!(out, "Division by zero\r\n");
}
