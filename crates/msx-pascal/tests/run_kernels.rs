//! The code-quality kernels (`tests/kernels/*.pas`): each is run and its output checked
//! against the value worked out from Pascal's semantics (16-bit wrapping integers,
//! division toward zero); the cycles and bytes are printed for `docs/performance.md`
//! (`cargo test -p msx-pascal --test run_kernels -- --nocapture`), and bounded so that a
//! regression in the code generator fails the test.

use msx_pascal::lower::compile;
use msx_pascal::{render_diagnostics, DirFiles, MemoryFiles};
use z80_codegen::sim::{Sim, Stop};
use z80_codegen::Target;

/// (file, expected output, cycle budget)
const KERNELS: &[(&str, &str, u64)] = &[
    ("sieve.pas", "1027\r\n", 5_600_000),
    ("bubble.pas", "210 1 -2682\r\n", 10_000_000),
    ("muldiv.pas", "-3945\r\n", 10_500_000),
    ("copy.pas", "-3788\r\n", 5_800_000),
    ("strings.pas", "1009\r\n", 9_300_000),
    ("flood.pas", "557\r\n", 1_500_000),
];

#[test]
fn kernels_compute_the_right_results_within_their_budgets() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels");
    let mut table =
        String::from("| kernel | cycles | program bytes | runtime bytes |\n|---|---:|---:|---:|\n");
    let mut failures = Vec::new();
    for &(file, expected, budget) in KERNELS {
        let out = match compile(file, &DirFiles::new(dir), Target::Dsk) {
            Ok(b) => b.output,
            Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
        };
        let mut sim = Sim::new(&out);
        let stop = sim.run(budget * 4);
        assert_eq!(stop, Stop::Halted, "{file}: {:?}", sim.output());
        assert_eq!(sim.output(), expected, "{file}");
        let main = out.symbol("_main").unwrap_or(0);
        let halt = out.symbol("rt_halt").unwrap_or(0);
        let end = out.symbol("_code_end").unwrap_or(0);
        table.push_str(&format!(
            "| {file} | {} | {} | {} |\n",
            sim.cycles(),
            halt - main,
            end - halt
        ));
        if sim.cycles() > budget {
            failures.push(format!("{file}: {} cycles > {budget}", sim.cycles()));
        }
    }
    println!("{table}");
    assert!(failures.is_empty(), "{failures:?}");
}

/// The same kernels in C (`tests/kernels/*.c`), compiled by SDCC (`-mz80
/// --opt-code-speed`, code from 4010h, data from 9000h) and run on the same runner: an opt-in oracle
/// (`MSX_ORACLES=sdcc`) that fails if SDCC is missing. Prints both compilers' cycles
/// and bytes and the ratios.
#[test]
fn against_sdcc() {
    let wanted = std::env::var("MSX_ORACLES").unwrap_or_default();
    if !wanted.split(',').any(|o| o.trim() == "sdcc") {
        return;
    }
    let dir = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels"));
    let work = std::env::temp_dir().join(format!("msx-sdcc-{}", std::process::id()));
    std::fs::create_dir_all(&work).unwrap();
    for f in ["crt0.s", "msx.h"] {
        std::fs::copy(dir.join(f), work.join(f)).unwrap();
    }
    let run = |cmd: &str, args: &[&str]| {
        let out = std::process::Command::new(cmd)
            .args(args)
            .current_dir(&work)
            .output()
            .unwrap_or_else(|e| panic!("MSX_ORACLES=sdcc but `{cmd}` cannot run: {e}"));
        assert!(
            out.status.success(),
            "{cmd} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    run("sdasz80", &["-o", "crt0.rel", "crt0.s"]);
    let mut table = String::from(
        "| kernel | msx cycles | SDCC cycles | cycles ratio | msx bytes | SDCC bytes |\n|---|---:|---:|---:|---:|---:|\n",
    );
    for &(file, expected, _) in KERNELS {
        let stem = file.trim_end_matches(".pas");
        std::fs::copy(
            dir.join(format!("{stem}.c")),
            work.join(format!("{stem}.c")),
        )
        .unwrap();
        run(
            "sdcc",
            &[
                "-mz80",
                "--opt-code-speed",
                "--no-std-crt0",
                "--code-loc",
                "0x4010",
                "--data-loc",
                "0x9000",
                "crt0.rel",
                &format!("{stem}.c"),
                "-o",
                &format!("{stem}.ihx"),
            ],
        );
        let blocks = read_ihx(&std::fs::read_to_string(work.join(format!("{stem}.ihx"))).unwrap());
        let code_bytes: usize = blocks
            .iter()
            .filter(|(a, _)| (0x4010..0x9000).contains(a))
            .map(|(_, b)| b.len())
            .sum();
        let refs: Vec<(u16, &[u8])> = blocks.iter().map(|(a, b)| (*a, b.as_slice())).collect();
        // crt0: ld sp,nn (3 bytes), call _main (3), then the halt loop at 4006h.
        let mut c = Sim::from_image(&refs, 0x4000, 0x4006, Target::Dsk);
        let stop = c.run(500_000_000);
        assert_eq!(
            stop,
            Stop::Halted,
            "{stem}.c: pc {:04X} sp {:04X} printed {:?}",
            c.cpu.regs.pc,
            c.cpu.regs.sp,
            c.output()
        );
        assert_eq!(c.output(), expected, "{stem}.c");

        let out = compile(file, &DirFiles::new(dir), Target::Dsk)
            .unwrap()
            .output;
        let mut p = Sim::new(&out);
        assert_eq!(p.run(500_000_000), Stop::Halted);
        let ours = out.symbol("rt_halt").unwrap_or(0) - out.symbol("_main").unwrap_or(0);
        let runtime = out.symbol("_code_end").unwrap_or(0) - out.symbol("rt_halt").unwrap_or(0);
        table.push_str(&format!(
            "| {stem} | {} | {} | {:.2} | {} + {} runtime | {} |\n",
            p.cycles(),
            c.cycles(),
            p.cycles() as f64 / c.cycles() as f64,
            ours,
            runtime,
            code_bytes
        ));
    }
    println!("{table}");
}

/// The data records of an Intel HEX file, merged into contiguous blocks.
fn read_ihx(text: &str) -> Vec<(u16, Vec<u8>)> {
    let mut blocks: Vec<(u16, Vec<u8>)> = Vec::new();
    for line in text.lines() {
        let Some(hex) = line.trim().strip_prefix(':') else {
            continue;
        };
        let bytes: Vec<u8> = (0..hex.len() / 2)
            .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        let (n, addr, kind) = (
            bytes[0] as usize,
            u16::from_be_bytes([bytes[1], bytes[2]]),
            bytes[3],
        );
        if kind != 0 {
            continue;
        }
        let data = bytes[4..4 + n].to_vec();
        match blocks.last_mut() {
            Some((a, b)) if a.wrapping_add(b.len() as u16) == addr => b.extend(data),
            _ => blocks.push((addr, data)),
        }
    }
    blocks
}

/// Prints a kernel's generated assembly (`KERNEL_ASM=flood cargo test -p msx-pascal --test
/// run_kernels -- --nocapture kernel_asm`): the listing to read when improving the code
/// generator. Does nothing when the variable is not set.
#[test]
fn kernel_asm() {
    let Ok(stem) = std::env::var("KERNEL_ASM") else {
        return;
    };
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/kernels");
    let out = match compile(&format!("{stem}.pas"), &DirFiles::new(dir), Target::Dsk) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let end = out.asm.find("rt_halt:").unwrap_or(out.asm.len());
    println!("{}", &out.asm[..end]);
}

/// Runs a program given as text and returns what it printed, with the assembly when it
/// does not halt.
fn run_text(src: &str) -> (String, String) {
    let files = MemoryFiles::new().with("test.pas", src);
    let out = match compile("test.pas", &files, Target::Dsk) {
        Ok(b) => b.output,
        Err(f) => panic!("{}", render_diagnostics(&f.diagnostics, &f.sources)),
    };
    let mut sim = Sim::new(&out);
    assert_eq!(sim.run(50_000_000), Stop::Halted, "{}", out.asm);
    (sim.output(), out.asm)
}

/// `{$A-}` keeps Turbo Pascal 3's semantics whichever way the area is saved: locals
/// live at static addresses and each activation's values come back when a call returns.
/// A `var` argument naming a recursive routine's local is the static place, which the
/// callee's own activation then uses (and the caller's restore undoes its writes); a
/// local read before it is written shows what the area holds. These routines keep the
/// callee-saved area; `fib` and `count`, whose areas nothing else can see, have theirs
/// saved by the callers around the recursive calls only.
#[test]
fn recursion_keeps_turbo_pascal_3_semantics() {
    let (out, asm) = run_text(
        "
        var g: integer;
        {$A-}
        procedure byref(n: integer; var r: integer);
        var loc: integer;
        begin
          loc := 100 + n;
          if n > 0 then byref(n - 1, loc);
          r := loc;
          write(loc, ' ');
        end;
        procedure outer(n: integer);
        var v: integer;
          procedure deeper;
          begin
            outer(n - 1);
            v := v + 10;
            write(v, ' ')
          end;
        begin
          v := n;
          if n > 0 then deeper;
        end;
        procedure unset(n: integer);
        var k: integer;
        begin
          write(k, ' ');
          k := n + 5;
          if n > 0 then unset(n - 1);
        end;
        function fib(n: integer): integer;
        begin
          if n < 2 then fib := n else fib := fib(n - 1) + fib(n - 2)
        end;
        procedure count(n: integer);
        var local: integer;
        begin
          local := n * 10;
          if n > 0 then count(n - 1);
          write(local, ' ');
        end;
        {$A+}
        begin
          g := 0; byref(2, g); writeln(g);
          outer(2); writeln;
          unset(2); writeln; unset(1); writeln;
          writeln(fib(12));
          count(3); writeln;
        end.",
    );
    assert_eq!(
        out,
        "100 101 102 102\r\n11 12 \r\n0 7 6 \r\n0 6 \r\n144\r\n0 10 20 30 \r\n"
    );
    // Which model each routine got: the callee-saved ones call the recursion-stack
    // save or keep their area under the return address; fib and count take their
    // arguments straight into place.
    let entry = |name: &str| {
        let at = asm.find(&format!("\n{name}:")).unwrap_or(0);
        asm[at..].lines().take(6).collect::<Vec<_>>().join("\n")
    };
    for name in ["byref", "outer", "unset"] {
        let e = entry(name);
        assert!(
            e.contains("ex (sp),hl") || e.contains("rt_rsave") || e.contains("push hl"),
            "{e}"
        );
    }
    for name in ["fib", "count"] {
        let e = entry(name);
        assert!(!e.contains("ex (sp),hl") && !e.contains("rt_rsave"), "{e}");
    }
}

/// Loops whose element addresses are kept in pointers (the counter's step a constant,
/// up or down, several elements per iteration) give what Pascal says they give.
#[test]
fn strength_reduced_loops_compute_the_same() {
    let (out, asm) = run_text(
        "
        var a: array[1..10] of integer; b: array[0..9, 0..9] of byte;
            i, j, k, s: integer;
        begin
          for i := 1 to 10 do a[i] := i * i;
          for j := 10 downto 2 do a[j] := a[j] - a[j - 1];
          for i := 1 to 10 do write(a[i], ' ');
          writeln;
          for i := 0 to 9 do
            for j := 0 to 9 do b[i, j] := i + j;
          s := 0;
          for i := 0 to 9 do
            for j := 1 to 8 do s := s + b[i, j - 1] * b[i, j + 1];
          k := 0;
          while k < 9 do begin a[k + 1] := a[k + 2] + a[k + 1]; k := k + 3 end;
          writeln(s, ' ', a[1], ' ', a[4], ' ', a[7], ' ', a[10]);
        end.",
    );
    // a: 1 3 5 ... 19; s = sum over i, j of (i+j-1)(i+j+1) = (i+j)^2 - 1; the while
    // loop adds a[k+2] to a[k+1] for k = 0, 3, 6.
    let mut s = 0i32;
    for i in 0..10 {
        for j in 1..9 {
            s += (i + j) * (i + j) - 1;
        }
    }
    assert_eq!(
        out,
        format!("1 3 5 7 9 11 13 15 17 19 \r\n{s} 4 16 28 19\r\n")
    );
    assert!(asm.contains("strength-reduced"), "no pointer made");
}

/// Element addresses shared by the statements of a block (kept in a temporary) and
/// computed again after what they read changes: a store to the index, a call that
/// may change it through a `var` parameter.
#[test]
fn common_subexpressions_follow_the_stores_between_them() {
    let (out, asm) = run_text(
        "
        var g: array[0..9, 0..9] of byte; i, j: integer;
        procedure bump(var x: integer); begin x := x + 1 end;
        begin
          i := 2; j := 3;
          g[i, j] := 7; g[i, j + 1] := g[i, j] * 2;
          i := i + 1; g[i, j] := g[i - 1, j] + 1;
          bump(j); g[i, j] := g[i, j - 1] + 10;
          writeln(g[2, 3], ' ', g[2, 4], ' ', g[3, 3], ' ', g[3, 4]);
        end.",
    );
    assert_eq!(out, "7 14 8 18\r\n");
    assert!(asm.contains("common subexpression"), "no temporary made");
}
