//! The directives that place data or change where code goes: ORG, PHASE,
//! DB/DW/DS, ALIGN, INCLUDE, INCBIN, ASSERT, END. (Symbol assignment and IF
//! live in `pass.rs`, MACRO and REPT in `macros.rs`.)

use crate::lexer::{Tok, Token};
use crate::operand::split_commas;
use crate::pass::{Line, Pass, MAX_DEPTH};

impl Pass<'_> {
    pub(crate) fn directive(&mut self, line: &Line, word: &str, col: u32, args: &[Token]) {
        match word {
            "org" => {
                if let Some(v) = self.address(line, args, col) {
                    if self.phased {
                        self.error(line, col, "ORG inside PHASE; end it with DEPHASE first");
                    } else {
                        self.pc = v;
                        self.phys = v;
                    }
                }
            }
            "phase" | ".phase" => {
                if let Some(v) = self.address(line, args, col) {
                    if self.phased {
                        self.error(line, col, "PHASE inside PHASE; end the first with DEPHASE");
                    } else {
                        self.pc = v;
                        self.phased = true;
                    }
                }
            }
            "dephase" | ".dephase" => {
                if !self.phased {
                    self.error(line, col, "DEPHASE without PHASE");
                }
                self.no_args(line, args);
                self.pc = self.phys;
                self.phased = false;
            }
            "db" | "defb" | "defm" => self.data(line, args, col, 1),
            "dw" | "defw" => self.data(line, args, col, 2),
            "ds" | "defs" => self.space(line, args, col),
            "align" => self.align(line, args, col),
            "include" => self.include(line, args, col),
            "incbin" => self.incbin(line, args, col),
            "assert" => self.assert(line, args, col),
            "end" => {
                if !args.is_empty() {
                    self.entry = self.address(line, args, col);
                }
                self.ended = true;
            }
            "endm" => self.error(line, col, "ENDM without MACRO or REPT"),
            "exitm" => {
                if line.exp.is_none() {
                    self.error(line, col, "EXITM outside a macro");
                }
                self.exit_macro = true;
            }
            // LOCAL lines are consumed when the macro is expanded.
            "local" => {
                if line.exp.is_none() {
                    self.error(line, col, "LOCAL outside a macro");
                }
            }
            _ => self.error(line, col, format!("directive `{word}` cannot be used here")),
        }
    }

    fn no_args(&mut self, line: &Line, args: &[Token]) {
        if let Some(t) = args.first() {
            self.error(line, t.col, "unexpected operand");
        }
    }

    /// One expression that must be a known address 0..FFFFh.
    fn address(&mut self, line: &Line, args: &[Token], col: u32) -> Option<i64> {
        let v = self.eval_args(line, args, col)?;
        if !(0..=0xFFFF).contains(&v) {
            self.error(
                line,
                args[0].col,
                format!("address {v} out of range (0..FFFFh)"),
            );
            return None;
        }
        Some(v)
    }

    /// The comma-separated arguments, each with the column after it.
    fn parts<'t>(&self, line: &Line, args: &'t [Token]) -> Vec<(&'t [Token], u32)> {
        let end = line.text.chars().count() as u32 + 1;
        split_commas(args)
            .into_iter()
            .map(|p| (p, crate::pass::end_of(p, args, end)))
            .collect()
    }

    /// DB/DW: a list of values (and, for DB, strings).
    fn data(&mut self, line: &Line, args: &[Token], col: u32, width: usize) {
        if args.is_empty() {
            self.error(line, col, "expected at least one value");
            return;
        }
        let mut out = Vec::new();
        for (part, end) in self.parts(line, args) {
            if let [Token {
                kind: Tok::Str(s), ..
            }] = part
            {
                if width == 1 || s.len() != 1 {
                    if width == 2 {
                        self.error(line, part[0].col, "DW takes numbers; use DB for strings");
                    }
                    out.extend_from_slice(s);
                    continue;
                }
            }
            let pcol = part.first().map_or(end, |t| t.col);
            let v = if part.is_empty() {
                self.error(line, end, "missing value");
                None
            } else {
                self.eval_args(line, part, pcol)
            };
            let v = v.unwrap_or(0);
            if width == 1 {
                if !(-128..=255).contains(&v) {
                    self.error(
                        line,
                        pcol,
                        format!("byte value {v} out of range (-128..255)"),
                    );
                }
                out.push(v as u8);
            } else {
                if !(-32768..=65535).contains(&v) {
                    self.error(
                        line,
                        pcol,
                        format!("word value {v} out of range (-32768..65535)"),
                    );
                }
                out.extend_from_slice(&(v as u16).to_le_bytes());
            }
        }
        self.emit(line, &out);
    }

    /// A count (and optional fill byte) for DS and ALIGN.
    fn count_and_fill(&mut self, line: &Line, args: &[Token], col: u32) -> Option<(i64, u8)> {
        let parts = self.parts(line, args);
        if parts.is_empty() || parts.len() > 2 {
            self.error(line, col, "expected a count and an optional fill byte");
            return None;
        }
        let n = self.eval_args(line, parts[0].0, col)?;
        let fill = match parts.get(1) {
            Some((p, end)) => {
                let fcol = p.first().map_or(*end, |t| t.col);
                let f = self.eval_args(line, p, fcol)?;
                if !(-128..=255).contains(&f) {
                    self.error(
                        line,
                        fcol,
                        format!("fill byte {f} out of range (-128..255)"),
                    );
                    return None;
                }
                f as u8
            }
            None => 0,
        };
        Some((n, fill))
    }

    fn space(&mut self, line: &Line, args: &[Token], col: u32) {
        let Some((n, fill)) = self.count_and_fill(line, args, col) else {
            return;
        };
        if !(0..=0x10000).contains(&n) {
            self.error(
                line,
                args[0].col,
                format!("space size {n} out of range (0..10000h)"),
            );
            return;
        }
        self.emit(line, &vec![fill; n as usize]);
    }

    fn align(&mut self, line: &Line, args: &[Token], col: u32) {
        let Some((n, fill)) = self.count_and_fill(line, args, col) else {
            return;
        };
        if !(1..=0x10000).contains(&n) {
            self.error(
                line,
                args[0].col,
                format!("alignment {n} out of range (1..10000h)"),
            );
            return;
        }
        let pad = (n - self.pc.rem_euclid(n)) % n;
        self.emit(line, &vec![fill; pad as usize]);
    }

    /// A file name: a quoted string, or the bare text up to the first comma.
    fn file_name(&mut self, line: &Line, args: &[Token], col: u32) -> Option<String> {
        match args.first() {
            Some(Token {
                kind: Tok::Str(s), ..
            }) => Some(s.iter().map(|&b| b as char).collect()),
            Some(t) => {
                let text: String = line.text.chars().skip(t.col as usize - 1).collect();
                let name = text
                    .split([',', ';'])
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_string();
                Some(name)
            }
            None => {
                self.error(line, col, "expected a file name");
                None
            }
        }
    }

    fn include(&mut self, line: &Line, args: &[Token], col: u32) {
        let Some(name) = self.file_name(line, args, col) else {
            return;
        };
        if self.depth >= MAX_DEPTH {
            // Stops the assembly, as for macros (see `expand`).
            self.abort(
                line,
                format!("includes nested more than {MAX_DEPTH} levels deep (does a file include itself?)"),
            );
            return;
        }
        match self.src.include(&name, line.file, self.opts) {
            Ok(id) => {
                self.depth += 1;
                self.run_file(id);
                self.depth -= 1;
            }
            Err(msg) => self.error(line, args[0].col, msg),
        }
    }

    fn incbin(&mut self, line: &Line, args: &[Token], col: u32) {
        let Some(name) = self.file_name(line, args, col) else {
            return;
        };
        let parts = self.parts(line, args);
        let mut nums = Vec::new();
        for (p, end) in parts.iter().skip(1) {
            let c = p.first().map_or(*end, |t| t.col);
            match self.eval_args(line, p, c) {
                Some(v) if v >= 0 => nums.push(v as usize),
                Some(v) => {
                    self.error(line, c, format!("negative offset or length {v}"));
                    return;
                }
                None => return,
            }
        }
        if nums.len() > 2 {
            self.error(
                line,
                col,
                "INCBIN takes a file name, an optional offset and length",
            );
            return;
        }
        let data = match self.src.binary(&name, line.file, self.opts) {
            Ok(d) => d,
            Err(msg) => {
                self.error(line, args[0].col, msg);
                return;
            }
        };
        let skip = nums.first().copied().unwrap_or(0);
        let len = nums
            .get(1)
            .copied()
            .unwrap_or(data.len().saturating_sub(skip));
        if skip + len > data.len() {
            self.error(
                line,
                args[0].col,
                format!(
                    "`{name}` has {} bytes; offset {skip} + length {len} goes past its end",
                    data.len()
                ),
            );
            return;
        }
        self.emit(line, &data[skip..skip + len]);
    }

    fn assert(&mut self, line: &Line, args: &[Token], col: u32) {
        let parts = self.parts(line, args);
        let Some((cond, _)) = parts.first() else {
            self.error(line, col, "ASSERT needs a condition");
            return;
        };
        let message = match parts.get(1) {
            Some((
                [Token {
                    kind: Tok::Str(s), ..
                }],
                _,
            )) => Some(s.iter().map(|&b| b as char).collect::<String>()),
            Some((p, end)) => {
                self.error(
                    line,
                    p.first().map_or(*end, |t| t.col),
                    "the ASSERT message must be a string",
                );
                return;
            }
            None => None,
        };
        let ccol = cond.first().map_or(col, |t| t.col);
        if let Some(0) = self.eval_args(line, cond, ccol) {
            let text: String = line.text.chars().skip(ccol as usize - 1).collect();
            let shown = text
                .split([',', ';'])
                .next()
                .unwrap_or("")
                .trim()
                .to_string();
            let msg = match message {
                Some(m) => format!("assertion failed: {m}"),
                None => format!("assertion failed: {shown}"),
            };
            self.error(line, ccol, msg);
        }
    }
}
