//! Checks a Pascal file and prints the diagnostics:
//! `cargo run -p msx-pascal --example check -- FILE.pas [--dump]`
//! (`--dump` prints the checked program).
use msx_pascal::{compile_front, render_diagnostics, DirFiles};
use std::path::Path;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: check FILE.pas");
        std::process::exit(2);
    };
    let path = Path::new(&path);
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    match compile_front(&name, &DirFiles::new(dir)) {
        Ok(front) => {
            eprint!("{}", render_diagnostics(&front.warnings, front.sources()));
            let p = &front.program;
            if std::env::args().any(|a| a == "--dump") {
                print!("{}", msx_pascal::dump(p));
            }
            println!(
                "ok: {} routines, {} globals, {} types, {} statements",
                p.routines.len(),
                p.globals.len(),
                p.types.len(),
                p.body.len()
            );
        }
        Err(failed) => {
            eprint!(
                "{}",
                render_diagnostics(&failed.diagnostics, &failed.sources)
            );
            eprintln!("{failed}");
            std::process::exit(1);
        }
    }
}
