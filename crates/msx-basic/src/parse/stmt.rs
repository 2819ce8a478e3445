//! Statements. One function per statement family; the dispatch is a match
//! on the statement's first token, as in the ROM's statement table.

use super::ast::{
    BloadOption, Event, EventAction, Expr, FileMode, LValue, LineShape, Point, PrintItem, Resume,
    Stmt, StmtKind, Type, Var,
};
use super::cursor::Lex;
use super::{data, DiagnosticKind, PResult, Parser};
use crate::keywords::Keyword as K;

/// Statements MSX-BASIC has that the compiler refuses, with the words the
/// diagnostic uses. Anything else unknown is refused by its own spelling.
const UNSUPPORTED: &[(K, &str)] = &[(K::Llist, "LLIST")];

/// MSX-BASIC's error code 2, "Syntax error".
const SYNTAX_ERROR: u8 = 2;

impl Parser<'_, '_> {
    /// Statements up to the end of the line; in a THEN or ELSE branch
    /// (`in_branch`), also up to a `:ELSE`, which the enclosing IF takes.
    pub fn statements(&mut self, in_branch: bool) -> PResult<Vec<Stmt>> {
        let mut out = Vec::new();
        loop {
            if self.cur.peek().is_none() || (in_branch && self.cur.at_else()) {
                break;
            }
            if self.cur.eat_char(b':') {
                continue;
            }
            self.statement = self.statement.saturating_add(1);
            self.stmt_offset = self.cur.offset();
            let span = self.span();
            let depth = self.depth;
            let kind = match self.statement_kind() {
                Ok(kind) => kind,
                Err(e) => {
                    self.depth = depth;
                    out.push(self.fails_at_run_time(e, span, in_branch)?);
                    break;
                }
            };
            out.push(Stmt { kind, span });
            if self.cur.peek().is_none() || (in_branch && self.cur.at_else()) {
                break;
            }
            if !self.cur.eat_char(b':') {
                // MSX ran the statement; its NEWSTT then finds no `:`.
                let e = self.error(DiagnosticKind::Syntax("end of statement expected".into()));
                out.push(self.fails_at_run_time(e, span, in_branch)?);
                break;
            }
        }
        Ok(out)
    }

    /// A syntax error becomes what MSX makes of it: "Syntax error" when the
    /// statement runs (a line that never runs, or a branch not taken, is no
    /// error), with a warning. The rest of the line (of the branch, in a
    /// THEN or ELSE) can never run and is skipped. Other errors (what the
    /// compiler does not support) stay errors.
    fn fails_at_run_time(
        &mut self,
        e: super::Diagnostic,
        span: super::Span,
        in_branch: bool,
    ) -> PResult<Stmt> {
        let DiagnosticKind::Syntax(what) = &e.kind else {
            return Err(e);
        };
        let message = format!(
            "Syntax error: {what} (byte {}); compiled to a run-time \"Syntax error\", as MSX reports it when this statement runs",
            e.offset
        );
        self.note(message);
        self.skip_to_branch_end(in_branch);
        Ok(Stmt {
            kind: StmtKind::Fails(SYNTAX_ERROR),
            span,
        })
    }

    /// Skips to the end of the line, or in a branch to the `:ELSE` of its
    /// IF (an IF inside the skipped text takes the next ELSE, as MSX's
    /// ELSE search counts them).
    /// The DATA statements in what is skipped still hold items, as READ
    /// finds DATA by its token whatever the rest of the line is.
    fn skip_to_branch_end(&mut self, in_branch: bool) {
        let mut ifs = 0u32;
        while let Some(l) = self.cur.peek() {
            if in_branch && self.cur.at_else() {
                if ifs == 0 {
                    return;
                }
                ifs -= 1;
            } else if l == Lex::Kw(K::If) {
                ifs += 1;
            } else if let Lex::Data(raw) = l {
                let items = data::split(self.line, raw);
                self.state.data.extend(items);
            }
            self.cur.bump();
        }
    }

    fn statement_kind(&mut self) -> PResult<StmtKind> {
        let k = match self.cur.peek() {
            Some(Lex::Char(c)) if c.is_ascii_uppercase() => return self.assignment(),
            Some(Lex::Char(b'_')) => {
                self.cur.bump();
                return Ok(self.call_statement());
            }
            Some(Lex::Kw(k)) => k,
            _ => return self.syntax("statement expected"),
        };
        if let Some((_, what)) = UNSUPPORTED.iter().find(|(u, _)| *u == k) {
            return self.unsupported(*what);
        }
        self.cur.bump();
        Ok(match k {
            K::Let => self.assignment()?,
            K::Call => self.call_statement(),
            K::Run => match self.cur.peek() {
                Some(Lex::Str(_)) => self.run_file(false)?,
                _ => StmtKind::Run(self.optional_line_number()),
            },
            K::Load => self.run_file(true)?,
            K::Save => {
                // SAVE writes the BASIC program in memory, which a compiled
                // program does not have: nothing to write, and the program
                // goes on (one that saves itself as it starts still runs).
                while !self.cur.at_statement_end() {
                    self.cur.bump();
                }
                self.note(
                    "SAVE writes the BASIC program in memory, which a compiled program does not have: left out",
                );
                StmtKind::Rem
            }
            K::Erase => {
                let mut arrays = vec![self.name_and_type()?];
                while self.cur.eat_char(b',') {
                    arrays.push(self.name_and_type()?);
                }
                StmtKind::Erase(arrays)
            }
            K::Print => self.print()?,
            K::Lprint => match self.print()? {
                StmtKind::PrintFile { .. } => return self.syntax("LPRINT takes no file number"),
                body => StmtKind::Lprint(Box::new(body)),
            },
            K::Goto => StmtKind::Goto(self.line_number()?),
            K::Gosub => StmtKind::Gosub(self.line_number()?),
            K::Return => StmtKind::Return(self.optional_line_number()),
            K::On => self.on()?,
            K::If => self.if_statement()?,
            K::For => self.for_statement()?,
            K::Next => self.next()?,
            K::Dim => self.dim()?,
            K::Read => StmtKind::Read(self.lvalue_list()?),
            K::Data => self.data_statement(),
            K::Restore => StmtKind::Restore(self.optional_line_number()),
            K::Def => self.def()?,
            K::Defint => self.def_type(Type::Integer)?,
            K::Defsng => self.def_type(Type::Single)?,
            K::Defdbl => self.def_type(Type::Double)?,
            K::Defstr => self.def_type(Type::String)?,
            // NEW in a program ends it (and erases it, which a compiled
            // program has no need of): END.
            K::End | K::New => StmtKind::End,
            K::Stop => {
                if matches!(self.cur.peek(), Some(Lex::Kw(K::On | K::Off | K::Stop))) {
                    return self.event_switch(Event::Stop, None);
                }
                StmtKind::Stop
            }
            K::Strig => {
                let n = self.arguments(1, 1)?.remove(0);
                self.event_switch(Event::Strig, Some(n))?
            }
            // INTERVAL is no keyword: it crunches as INT ER VAL.
            K::Int if self.interval_tail(0) => {
                self.cur.bump();
                self.cur.bump();
                self.cur.bump();
                self.event_switch(Event::Interval, None)?
            }
            // ELSE met as a statement (after a THEN branch ran, or stray)
            // skips the rest of the line, like REM.
            K::Rem | K::Apostrophe | K::Else => {
                self.cur.skip_line();
                StmtKind::Rem
            }
            K::Cls => StmtKind::Cls,
            K::Beep => StmtKind::Beep,
            K::Key => self.key()?,
            K::Locate => {
                let mut a = self.optional_args(3)?.into_iter();
                StmtKind::Locate {
                    x: a.next().flatten(),
                    y: a.next().flatten(),
                    cursor: a.next().flatten(),
                }
            }
            K::Color if self.cur.peek() == Some(Lex::Kw(K::Sprite)) => {
                self.cur.bump();
                let lines = self.cur.eat_char(b'$');
                let plane = self.arguments(1, 1)?.remove(0);
                self.expect_kw(K::Equal)?;
                StmtKind::SpriteColor {
                    plane,
                    color: self.expr()?,
                    lines,
                }
            }
            K::Color => {
                if self.cur.eat_kw(K::Equal) {
                    if self.cur.eat_kw(K::New) {
                        return Ok(StmtKind::ResetPalette { restore: false });
                    }
                    if self.cur.eat_kw(K::Restore) {
                        return Ok(StmtKind::ResetPalette { restore: true });
                    }
                    return Ok(StmtKind::SetPalette(self.arguments(4, 4)?));
                }
                let mut a = self.optional_args(3)?.into_iter();
                StmtKind::Color {
                    fg: a.next().flatten(),
                    bg: a.next().flatten(),
                    border: a.next().flatten(),
                }
            }
            K::Screen => StmtKind::Screen(self.optional_args(6)?),
            K::Width => StmtKind::Width(self.expr()?),
            K::Vpoke => {
                let (address, value) = self.two_args()?;
                StmtKind::Vpoke { address, value }
            }
            K::Poke => {
                let (address, value) = self.two_args()?;
                StmtKind::Poke { address, value }
            }
            K::Out => {
                let (port, value) = self.two_args()?;
                StmtKind::Out { port, value }
            }
            K::Sound => {
                let (register, value) = self.two_args()?;
                StmtKind::Sound { register, value }
            }
            K::Input => self.input()?,
            K::Open => self.open()?,
            K::Close => self.close()?,
            K::Kill => StmtKind::Kill(self.expr()?),
            K::Files => StmtKind::Files(if self.cur.at_statement_end() {
                None
            } else {
                Some(self.expr()?)
            }),
            K::Name => {
                let from = self.expr()?;
                if !self.eat_word("AS") {
                    return self.syntax("AS expected");
                }
                StmtKind::Rename {
                    from,
                    to: self.expr()?,
                }
            }
            // MAXFILES crunches as MAX FILES.
            K::Max if self.cur.eat_kw(K::Files) => {
                self.expect_kw(K::Equal)?;
                StmtKind::MaxFiles(self.expr()?)
            }
            K::Line => {
                if self.cur.eat_kw(K::Input) {
                    self.line_input()?
                } else {
                    self.line()?
                }
            }
            K::Swap => {
                let a = self.variable()?;
                self.expect_char(b',')?;
                StmtKind::Swap(a, self.variable()?)
            }
            K::Clear => {
                self.optional_args(3)?;
                // CLEAR's run-clear sets every letter's type back to double
                // (ROM 62A7h); in program order here, as the DEFxxx are.
                // `CLEAR:RUN` goes back to the start, whose DEFxxx run again.
                let restarts = self.cur.peek() == Some(Lex::Char(b':'))
                    && self.cur.peek_at(1) == Some(Lex::Kw(K::Run));
                if !restarts {
                    self.state.types = [Type::Double; 26];
                }
                StmtKind::Clear
            }
            K::Pset | K::Preset => {
                let at = self.point()?;
                let mut color = None;
                let mut op = None;
                if self.cur.eat_char(b',') {
                    if self.cur.peek() != Some(Lex::Char(b',')) {
                        color = Some(self.expr()?);
                    }
                    if self.cur.eat_char(b',') {
                        op = Some(self.logical_op()?);
                    }
                }
                StmtKind::Pset {
                    set: k == K::Pset,
                    at,
                    color,
                    op,
                }
            }
            K::Circle => {
                let at = self.point()?;
                self.expect_char(b',')?;
                let radius = self.expr()?;
                let args = if self.cur.eat_char(b',') {
                    self.optional_args(4)?
                } else {
                    Vec::new()
                };
                StmtKind::Circle { at, radius, args }
            }
            K::Paint => {
                let at = self.point()?;
                let mut a = if self.cur.eat_char(b',') {
                    self.optional_args(2)?
                } else {
                    Vec::new()
                }
                .into_iter();
                StmtKind::Paint {
                    at,
                    color: a.next().flatten(),
                    border: a.next().flatten(),
                }
            }
            K::Put if self.cur.peek() != Some(Lex::Kw(K::Sprite)) => self.get_put(true)?,
            K::Put => self.put_sprite()?,
            K::Get => self.get_put(false)?,
            K::Field => self.field()?,
            K::Lset | K::Rset => {
                let target = self.variable()?;
                self.expect_kw(K::Equal)?;
                StmtKind::SetField {
                    target,
                    value: self.expr()?,
                    right: k == K::Rset,
                }
            }
            K::Bsave => self.bsave()?,
            K::Bload => self.bload()?,
            K::Sprite => {
                if !self.cur.eat_char(b'$') {
                    return self.event_switch(Event::Sprite, None);
                }
                let number = self.arguments(1, 1)?.remove(0);
                self.expect_kw(K::Equal)?;
                StmtKind::SetSprite {
                    number,
                    value: self.expr()?,
                }
            }
            K::Time => {
                self.expect_kw(K::Equal)?;
                StmtKind::SetTime(self.expr()?)
            }
            K::MidStr => self.mid_assign()?,
            K::Error => StmtKind::RaiseError(self.expr()?),
            K::Draw => {
                let e = self.expr()?;
                StmtKind::Draw(self.with_macros(e))
            }
            K::Copy => self.copy_screen()?,
            // PAGE is no keyword: its letters follow SET.
            K::Set if (0..4).all(|i| self.cur.peek_at(i) == Some(Lex::Char(b"PAGE"[i]))) => {
                for _ in 0..4 {
                    self.cur.bump();
                }
                let mut a = self.optional_args(2)?.into_iter();
                StmtKind::SetPage {
                    display: a.next().flatten(),
                    active: a.next().flatten(),
                }
            }
            K::Resume => {
                if self.cur.eat_kw(K::Next) {
                    StmtKind::Resume(Resume::Next)
                } else {
                    match self.cur.peek() {
                        Some(Lex::LineNum(0)) => {
                            self.cur.bump();
                            StmtKind::Resume(Resume::Same)
                        }
                        Some(Lex::LineNum(n)) => {
                            self.cur.bump();
                            StmtKind::Resume(Resume::Line(n))
                        }
                        _ => StmtKind::Resume(Resume::Same),
                    }
                }
            }
            K::Base => {
                let number = self.arguments(1, 1)?.remove(0);
                self.expect_kw(K::Equal)?;
                StmtKind::SetBase {
                    number,
                    value: self.expr()?,
                }
            }
            K::Vdp => {
                let number = self.arguments(1, 1)?.remove(0);
                self.expect_kw(K::Equal)?;
                StmtKind::SetVdp {
                    number,
                    value: self.expr()?,
                }
            }
            K::Play => {
                let e = self.expr()?;
                let mut strings = vec![self.with_macros(e)];
                while self.cur.eat_char(b',') {
                    let e = self.expr()?;
                    strings.push(self.with_macros(e));
                }
                if strings.len() > 3 {
                    return self.syntax("PLAY takes at most 3 strings");
                }
                StmtKind::Play(strings)
            }
            K::Set if !self.set_word_known() => {
                // `SET HAN` (a Korean MSX's) and the like: MSX2's own SET
                // takes no such word.
                return self.syntax("no SET statement of that name");
            }
            other => return self.unsupported_at_keyword(other),
        })
    }

    /// `CALL name[(args)]` / `_name[(args)]`: a statement of an extension
    /// ROM. MSX-BASIC-kun's `CALL TURBO ON/OFF` (compile the lines between
    /// them) means nothing to a program that is compiled whole: ignored.
    /// Any other is a run-time "Syntax error", as on an MSX without the
    /// extension (the free ROMs have none that a program calls). Both warn.
    fn call_statement(&mut self) -> StmtKind {
        let mut name = String::new();
        loop {
            match self.cur.peek() {
                Some(Lex::Char(c)) if c.is_ascii_alphanumeric() => name.push(char::from(c)),
                Some(Lex::Kw(k)) if k.spelling().bytes().all(|b| b.is_ascii_alphabetic()) => {
                    name.push_str(k.spelling())
                }
                _ => break,
            }
            self.cur.bump();
        }
        while !self.cur.at_statement_end() {
            self.cur.bump();
        }
        // The ROM keeps CALL's text uncrunched and the cursor drops blanks:
        // `CALL TURBO ON` reads as TURBOON.
        if matches!(name.as_str(), "TURBO" | "TURBOON" | "TURBOOFF") {
            self.note(
                "CALL TURBO (MSX-BASIC-kun's directive) ignored: the whole program is compiled",
            );
            return StmtKind::Rem;
        }
        self.note(format!(
            "CALL {name}: no extension ROM here provides it; compiled to a run-time \"Syntax error\", as an MSX without that extension gives"
        ));
        StmtKind::Fails(SYNTAX_ERROR)
    }

    /// A DRAW or PLAY string constant with `X var;` or `=var;` as the
    /// concatenation MSX's substitution makes ([`super::macros`]).
    fn with_macros(&self, e: Expr) -> Expr {
        if let super::ast::ExprKind::Str(t) = &e.kind {
            if let Some(x) = super::macros::expand(t, e.span, &self.state.types) {
                return x;
            }
        }
        e
    }

    /// Whether the word after SET is one of MSX2's SET statements (MSX2
    /// Technical Handbook chapter 2: ADJUST, BEEP, DATE, PAGE, PASSWORD,
    /// PROMPT, SCREEN, TIME, TITLE, VIDEO); the cruncher makes BEEP, SCREEN
    /// and TIME keywords, and PASSWORD PASSW+OR+D.
    fn set_word_known(&self) -> bool {
        if matches!(
            self.cur.peek(),
            Some(Lex::Kw(K::Beep | K::Screen | K::Time))
        ) {
            return true;
        }
        let mut word = Vec::new();
        let mut i = 0;
        while let Some(Lex::Char(c)) = self.cur.peek_at(i) {
            if !c.is_ascii_uppercase() {
                break;
            }
            word.push(c);
            i += 1;
        }
        [
            "ADJUST", "DATE", "PAGE", "PASSW", "PROMPT", "TITLE", "VIDEO",
        ]
        .iter()
        .any(|w| word.starts_with(w.as_bytes()))
    }

    /// The diagnostic for a keyword that starts no supported statement; it
    /// points at the keyword itself.
    fn unsupported_at_keyword<T>(&self, k: K) -> PResult<T> {
        let mut e = self.error(DiagnosticKind::Unsupported(
            k.spelling().trim_end_matches('(').to_string(),
        ));
        e.offset = u16::try_from(self.stmt_offset).unwrap_or(u16::MAX);
        Err(e)
    }

    fn assignment(&mut self) -> PResult<StmtKind> {
        let target = self.variable()?;
        self.expect_kw(K::Equal)?;
        Ok(StmtKind::Let {
            target,
            value: self.expr()?,
        })
    }

    fn optional_line_number(&mut self) -> Option<u16> {
        match self.cur.peek() {
            Some(Lex::LineNum(n)) => {
                self.cur.bump();
                Some(n)
            }
            _ => None,
        }
    }

    fn two_args(&mut self) -> PResult<(Expr, Expr)> {
        let a = self.expr()?;
        self.expect_char(b',')?;
        Ok((a, self.expr()?))
    }

    /// Up to `max` comma-separated expressions, any of which may be left
    /// out (`LOCATE ,5`, `COLOR 15,,1`).
    fn optional_args(&mut self, max: usize) -> PResult<Vec<Option<Expr>>> {
        let mut out = Vec::new();
        if self.cur.at_statement_end() {
            return Ok(out);
        }
        loop {
            if self.cur.peek() == Some(Lex::Char(b',')) {
                out.push(None);
            } else {
                out.push(Some(self.expr()?));
            }
            if out.len() > max {
                return self.syntax(format!("at most {max} arguments"));
            }
            if !self.cur.eat_char(b',') {
                break;
            }
            if self.cur.at_statement_end() {
                return self.syntax("missing operand");
            }
        }
        Ok(out)
    }

    fn lvalue_list(&mut self) -> PResult<Vec<LValue>> {
        let mut out = vec![self.variable()?];
        while self.cur.eat_char(b',') {
            out.push(self.variable()?);
        }
        Ok(out)
    }

    /// `#n,` after PRINT, INPUT, LINE INPUT (the comma is required, as in
    /// the ROM, unless the statement ends there and `comma_optional`).
    fn file_number(&mut self, comma_optional: bool) -> PResult<Option<Expr>> {
        if !self.cur.eat_char(b'#') {
            return Ok(None);
        }
        let n = self.expr()?;
        if !(self.cur.eat_char(b',') || comma_optional && self.cur.at_statement_end()) {
            return self.syntax("',' expected after the file number");
        }
        Ok(Some(n))
    }

    /// A word that is no keyword of its own (`AS`, `APPEND`, `OUTPUT`):
    /// the items that spell it, letters or keywords (OUTPUT crunches as
    /// OUT PUT), are taken when they spell exactly it.
    fn eat_word(&mut self, word: &str) -> bool {
        let mut spelled = String::new();
        let mut n = 0;
        while spelled.len() < word.len() {
            match self.cur.peek_at(n) {
                Some(Lex::Char(c)) => spelled.push(char::from(c)),
                Some(Lex::Kw(k)) => spelled.push_str(k.spelling()),
                _ => return false,
            }
            n += 1;
            if !word.starts_with(spelled.as_str()) {
                return false;
            }
        }
        if spelled != word {
            return false;
        }
        for _ in 0..n {
            self.cur.bump();
        }
        true
    }

    /// `OPEN name [FOR INPUT|OUTPUT|APPEND] AS [#]n [LEN=r]`: without FOR
    /// a random file, which alone takes `LEN=` (ROM C6AB7, disk ROM H.NOFO).
    fn open(&mut self) -> PResult<StmtKind> {
        let name = self.expr()?;
        let mode = if !self.cur.eat_kw(K::For) {
            FileMode::Random
        } else if self.cur.eat_kw(K::Input) {
            FileMode::Input
        } else if self.eat_word("OUTPUT") {
            FileMode::Output
        } else if self.eat_word("APPEND") {
            FileMode::Append
        } else {
            return self.syntax("INPUT, OUTPUT or APPEND expected after FOR");
        };
        if !self.eat_word("AS") {
            return self.syntax("AS expected");
        }
        self.cur.eat_char(b'#');
        let number = self.expr()?;
        let mut len = None;
        if mode == FileMode::Random && self.cur.eat_kw(K::Len) {
            self.expect_kw(K::Equal)?;
            len = Some(self.expr()?);
        }
        if !self.cur.at_statement_end() {
            return self.syntax("end of statement expected (LEN= is for random files)");
        }
        Ok(StmtKind::Open {
            name,
            mode,
            number,
            len,
        })
    }

    /// `FIELD [#]n, w AS v$[, w AS v$…]`.
    fn field(&mut self) -> PResult<StmtKind> {
        self.cur.eat_char(b'#');
        let number = self.expr()?;
        let mut fields = Vec::new();
        while self.cur.eat_char(b',') {
            let width = self.expr()?;
            if !self.eat_word("AS") {
                return self.syntax("AS expected");
            }
            fields.push((width, self.variable()?));
        }
        Ok(StmtKind::Field { number, fields })
    }

    /// `GET|PUT [#]n[,record]`.
    fn get_put(&mut self, put: bool) -> PResult<StmtKind> {
        self.cur.eat_char(b'#');
        let number = self.expr()?;
        let record = if self.cur.eat_char(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        Ok(StmtKind::GetPut {
            put,
            number,
            record,
        })
    }

    /// `BSAVE name, start, end[, exec]` or `…, end, S` (disk ROM A69E7).
    fn bsave(&mut self) -> PResult<StmtKind> {
        let name = self.expr()?;
        self.expect_char(b',')?;
        let start = self.expr()?;
        self.expect_char(b',')?;
        let end = self.expr()?;
        let mut exec = None;
        let mut vram = false;
        if self.cur.eat_char(b',') {
            if self.cur.eat_char(b'S') {
                vram = true;
            } else {
                exec = Some(self.expr()?);
            }
        }
        Ok(StmtKind::Bsave {
            name,
            start,
            end,
            exec,
            vram,
        })
    }

    /// `BLOAD name[,R|,S][,offset]` (disk ROM A6AA7: a letter R or S
    /// right after the comma is the option).
    fn bload(&mut self) -> PResult<StmtKind> {
        let name = self.expr()?;
        let mut option = BloadOption::None;
        let mut offset = None;
        if self.cur.eat_char(b',') {
            if self.cur.eat_char(b'R') {
                option = BloadOption::Run;
            } else if self.cur.eat_char(b'S') {
                option = BloadOption::Vram;
            } else {
                offset = Some(self.expr()?);
            }
            if option != BloadOption::None && self.cur.eat_char(b',') {
                offset = Some(self.expr()?);
            }
        }
        Ok(StmtKind::Bload {
            name,
            option,
            offset,
        })
    }

    /// `RUN "file"[,R]`, `LOAD "file"[,R]` (the disk ROM takes an R after
    /// the comma).
    fn run_file(&mut self, load: bool) -> PResult<StmtKind> {
        let file = self.expr()?;
        let keep_open = self.cur.eat_char(b',');
        if keep_open && !self.cur.eat_char(b'R') {
            return self.syntax("R expected");
        }
        Ok(StmtKind::RunFile {
            load,
            file,
            keep_open,
        })
    }

    /// `CLOSE [[#]n[,[#]n…]]`.
    fn close(&mut self) -> PResult<StmtKind> {
        let mut numbers = Vec::new();
        if self.cur.at_statement_end() {
            return Ok(StmtKind::Close(numbers));
        }
        loop {
            self.cur.eat_char(b'#');
            numbers.push(self.expr()?);
            if !self.cur.eat_char(b',') {
                break;
            }
        }
        Ok(StmtKind::Close(numbers))
    }

    fn print(&mut self) -> PResult<StmtKind> {
        if let Some(number) = self.file_number(true)? {
            let body = Box::new(self.print()?);
            return Ok(StmtKind::PrintFile { number, body });
        }
        let mut items = Vec::new();
        while !self.cur.at_statement_end() {
            let item = match self.cur.peek() {
                Some(Lex::Char(b';')) => {
                    self.cur.bump();
                    PrintItem::Semicolon
                }
                Some(Lex::Char(b',')) => {
                    self.cur.bump();
                    PrintItem::Comma
                }
                Some(Lex::Kw(K::Using)) if items.is_empty() => {
                    self.cur.bump();
                    return self.print_using();
                }
                // The TAB( and SPC( tokens include their parenthesis.
                Some(Lex::Kw(k @ (K::Tab | K::Spc))) => {
                    self.cur.bump();
                    let e = self.expr()?;
                    self.expect_char(b')')?;
                    if k == K::Tab {
                        PrintItem::Tab(e)
                    } else {
                        PrintItem::Spc(e)
                    }
                }
                _ => PrintItem::Expr(self.expr()?),
            };
            items.push(item);
        }
        Ok(StmtKind::Print(items))
    }

    /// The rest of INTERVAL after INT (`E`, `R`, the VAL token) `at` items
    /// ahead, as the ROM checks it (J77B1).
    fn interval_tail(&self, at: usize) -> bool {
        self.cur.peek_at(at) == Some(Lex::Char(b'E'))
            && self.cur.peek_at(at + 1) == Some(Lex::Char(b'R'))
            && self.cur.peek_at(at + 2) == Some(Lex::Kw(K::Val))
    }

    /// `ON`, `OFF` or `STOP` after an event (ROM C77FE).
    fn event_switch(&mut self, event: Event, number: Option<Expr>) -> PResult<StmtKind> {
        let action = if self.cur.eat_kw(K::On) {
            EventAction::On
        } else if self.cur.eat_kw(K::Off) {
            EventAction::Off
        } else if self.cur.eat_kw(K::Stop) {
            EventAction::Stop
        } else {
            return self.syntax(format!("ON, OFF or STOP expected after {}", event.name()));
        };
        Ok(StmtKind::EventSwitch {
            event,
            number,
            action,
        })
    }

    /// `ON event GOSUB l1[,l2…]` (ROM J490D): up to as many lines as the
    /// event has entries; an empty entry or line 0 is "no handler".
    fn on_event(&mut self, event: Event) -> PResult<StmtKind> {
        let interval = if event == Event::Interval {
            self.expect_kw(K::Equal)?;
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_kw(K::Gosub)?;
        let (_, max) = event.slots();
        let mut targets = Vec::new();
        loop {
            let t = match self.cur.peek() {
                Some(Lex::LineNum(n)) => {
                    self.cur.bump();
                    (n != 0).then_some(n)
                }
                Some(Lex::Char(b',')) => None,
                _ if self.cur.at_statement_end() => None,
                _ => return self.syntax("line number expected"),
            };
            targets.push(t);
            if targets.len() > usize::from(max) {
                return self.syntax(format!(
                    "ON {} GOSUB takes at most {max} lines",
                    event.name()
                ));
            }
            if !self.cur.eat_char(b',') {
                break;
            }
        }
        Ok(StmtKind::OnEvent {
            event,
            interval,
            targets,
        })
    }

    /// `PRINT USING format; items` (items separated by `;` or `,`).
    fn print_using(&mut self) -> PResult<StmtKind> {
        let format = self.expr()?;
        if !self.cur.eat_char(b';') {
            return self.syntax("';' expected after the PRINT USING format");
        }
        let mut items = Vec::new();
        let mut newline = true;
        while !self.cur.at_statement_end() {
            items.push(self.expr()?);
            newline = !(self.cur.eat_char(b';') || self.cur.eat_char(b','));
            if newline && !self.cur.at_statement_end() {
                return self.syntax("';' or ',' expected");
            }
        }
        Ok(StmtKind::PrintUsing {
            format,
            items,
            newline,
        })
    }

    fn on(&mut self) -> PResult<StmtKind> {
        let event = match self.cur.peek() {
            Some(Lex::Kw(K::Error)) => {
                self.cur.bump();
                self.expect_kw(K::Goto)?;
                return Ok(StmtKind::OnErrorGoto(self.line_number()?));
            }
            Some(Lex::Kw(K::Key)) => Some(Event::Key),
            Some(Lex::Kw(K::Stop)) => Some(Event::Stop),
            Some(Lex::Kw(K::Sprite)) => Some(Event::Sprite),
            Some(Lex::Kw(K::Strig)) => Some(Event::Strig),
            Some(Lex::Kw(K::Int)) if self.interval_tail(1) => {
                self.cur.bump();
                self.cur.bump();
                self.cur.bump();
                Some(Event::Interval)
            }
            _ => None,
        };
        if let Some(event) = event {
            self.cur.bump();
            return self.on_event(event);
        }
        let selector = self.expr()?;
        let gosub = if self.cur.eat_kw(K::Goto) {
            false
        } else if self.cur.eat_kw(K::Gosub) {
            true
        } else {
            return self.syntax("GOTO or GOSUB expected");
        };
        let mut targets = vec![self.line_number()?];
        while self.cur.eat_char(b',') {
            targets.push(self.line_number()?);
        }
        Ok(StmtKind::On {
            selector,
            gosub,
            targets,
        })
    }

    fn if_statement(&mut self) -> PResult<StmtKind> {
        self.enter()?;
        let r = self.if_body();
        self.leave();
        r
    }

    fn if_body(&mut self) -> PResult<StmtKind> {
        let cond = self.expr()?;
        let then = if self.cur.eat_kw(K::Then) {
            self.branch()?
        } else if self.cur.peek() == Some(Lex::Kw(K::Goto)) {
            // IF … GOTO n: the GOTO is the branch.
            self.branch()?
        } else {
            return self.syntax("THEN or GOTO expected");
        };
        let otherwise = if self.cur.at_else() {
            self.cur.bump();
            self.cur.bump();
            self.branch()?
        } else {
            Vec::new()
        };
        Ok(StmtKind::If {
            cond,
            then,
            otherwise,
        })
    }

    /// What follows THEN or ELSE: a line number (a GOTO) or statements.
    fn branch(&mut self) -> PResult<Vec<Stmt>> {
        if let Some(Lex::LineNum(n)) = self.cur.peek() {
            let span = self.span();
            self.cur.bump();
            let mut out = vec![Stmt {
                kind: StmtKind::Goto(n),
                span,
            }];
            if self.cur.at_else() || self.cur.peek().is_none() {
                return Ok(out);
            }
            // `THEN 100:PRINT` — the rest can never run, but must parse.
            if !self.cur.eat_char(b':') {
                return self.syntax("end of statement expected");
            }
            out.extend(self.statements(true)?);
            return Ok(out);
        }
        self.statements(true)
    }

    fn for_statement(&mut self) -> PResult<StmtKind> {
        let var = self.name_and_type()?;
        if matches!(self.cur.peek(), Some(Lex::Char(b'(' | b'['))) {
            return self.syntax("FOR needs a simple variable");
        }
        self.expect_kw(K::Equal)?;
        let start = self.expr()?;
        self.expect_kw(K::To)?;
        let end = self.expr()?;
        let step = if self.cur.eat_kw(K::Step) {
            Some(self.expr()?)
        } else {
            None
        };
        Ok(StmtKind::For {
            var,
            start,
            end,
            step,
        })
    }

    fn next(&mut self) -> PResult<StmtKind> {
        let mut vars = Vec::new();
        if !self.cur.at_statement_end() {
            vars.push(self.name_and_type()?);
            while self.cur.eat_char(b',') {
                vars.push(self.name_and_type()?);
            }
        }
        Ok(StmtKind::Next(vars))
    }

    fn dim(&mut self) -> PResult<StmtKind> {
        let mut arrays = Vec::new();
        loop {
            match self.variable()? {
                LValue::Element(v, dims) => arrays.push((v, dims)),
                LValue::Scalar(_) => return self.syntax("'(' expected"),
            }
            if !self.cur.eat_char(b',') {
                break;
            }
        }
        Ok(StmtKind::Dim(arrays))
    }

    fn data_statement(&mut self) -> StmtKind {
        let raw: &[u8] = match self.cur.peek() {
            Some(Lex::Data(d)) => {
                self.cur.bump();
                d
            }
            _ => &[],
        };
        let items = data::split(self.line, raw);
        let first = self.state.data.len();
        let count = items.len();
        self.state.data.extend(items);
        StmtKind::Data { first, count }
    }

    fn def(&mut self) -> PResult<StmtKind> {
        if self.cur.eat_kw(K::Usr) {
            // DEF USR[n] = address (ROM J500E).
            let number = self.usr_number()?;
            self.expect_kw(K::Equal)?;
            return Ok(StmtKind::DefUsr {
                number,
                address: self.expr()?,
            });
        }
        self.expect_kw(K::Fn)?;
        let name = self.name_and_type()?;
        let mut params = Vec::new();
        if self.cur.eat_char(b'(') {
            params.push(self.name_and_type()?);
            while self.cur.eat_char(b',') {
                params.push(self.name_and_type()?);
            }
            self.expect_char(b')')?;
        }
        self.expect_kw(K::Equal)?;
        Ok(StmtKind::DefFn {
            name,
            params,
            body: self.expr()?,
        })
    }

    /// `DEFINT A-C,X`: applies from here on, in program order.
    fn def_type(&mut self, ty: Type) -> PResult<StmtKind> {
        let mut ranges = Vec::new();
        loop {
            let from = self.letter()?;
            let to = if self.cur.eat_kw(K::Minus) {
                self.letter()?
            } else {
                from
            };
            if to < from {
                return self.syntax("letter range backwards");
            }
            for l in from..=to {
                self.state.types[usize::from(l - b'A')] = ty;
            }
            ranges.push((from, to));
            if !self.cur.eat_char(b',') {
                break;
            }
        }
        Ok(StmtKind::DefType(ty, ranges))
    }

    fn letter(&mut self) -> PResult<u8> {
        match self.cur.peek() {
            Some(Lex::Char(c)) if c.is_ascii_uppercase() => {
                self.cur.bump();
                Ok(c)
            }
            _ => self.syntax("letter expected"),
        }
    }

    fn key(&mut self) -> PResult<StmtKind> {
        if self.cur.eat_kw(K::Off) {
            return Ok(StmtKind::KeyDisplay(false));
        }
        if self.cur.eat_kw(K::On) {
            return Ok(StmtKind::KeyDisplay(true));
        }
        match self.cur.peek() {
            Some(Lex::Kw(K::List)) => {
                self.cur.bump();
                Ok(StmtKind::KeyList)
            }
            Some(Lex::Char(b'(')) => {
                let n = self.arguments(1, 1)?.remove(0);
                self.event_switch(Event::Key, Some(n))
            }
            _ => {
                let (number, text) = self.two_args()?;
                Ok(StmtKind::KeyDef { number, text })
            }
        }
    }

    /// `["prompt";]`
    fn prompt(&mut self) -> PResult<Option<Vec<u8>>> {
        if let Some(Lex::Str(s)) = self.cur.peek() {
            self.cur.bump();
            self.expect_char(b';')?;
            return Ok(Some(s.to_vec()));
        }
        Ok(None)
    }

    fn input(&mut self) -> PResult<StmtKind> {
        if let Some(number) = self.file_number(false)? {
            return Ok(StmtKind::InputFile {
                number,
                targets: self.lvalue_list()?,
            });
        }
        let prompt = self.prompt()?;
        Ok(StmtKind::Input {
            prompt,
            targets: self.lvalue_list()?,
        })
    }

    fn line_input(&mut self) -> PResult<StmtKind> {
        let number = self.file_number(false)?;
        let prompt = if number.is_none() {
            self.prompt()?
        } else {
            None
        };
        let target = self.variable()?;
        if target.var().ty != Type::String {
            return self.syntax("LINE INPUT needs a string variable");
        }
        Ok(match number {
            Some(number) => StmtKind::LineInputFile { number, target },
            None => StmtKind::LineInput { prompt, target },
        })
    }

    /// `COPY (x1,y1)-(x2,y2)[,page] TO (x3,y3)[,page][,op]`; the forms
    /// with files or arrays are refused.
    fn copy_screen(&mut self) -> PResult<StmtKind> {
        if !matches!(self.cur.peek(), Some(Lex::Char(b'(') | Lex::Kw(K::Step))) {
            return self.unsupported("COPY of files or arrays");
        }
        let from = self.point()?;
        self.expect_kw(K::Minus)?;
        let to = self.point()?;
        let src_page = if self.cur.eat_char(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_kw(K::To)?;
        if !matches!(self.cur.peek(), Some(Lex::Char(b'(') | Lex::Kw(K::Step))) {
            return self.unsupported("COPY to files or arrays");
        }
        let dest = self.point()?;
        let mut dst_page = None;
        let mut op = None;
        if self.cur.eat_char(b',') {
            if self.cur.peek() != Some(Lex::Char(b',')) {
                dst_page = Some(self.expr()?);
            }
            if self.cur.eat_char(b',') {
                op = Some(self.logical_op()?);
            }
        }
        Ok(StmtKind::CopyScreen {
            from,
            to,
            src_page,
            dest,
            dst_page,
            op,
        })
    }

    /// `[STEP](x,y)`
    fn point(&mut self) -> PResult<Point> {
        let step = self.cur.eat_kw(K::Step);
        self.expect_char(b'(')?;
        let x = self.expr()?;
        self.expect_char(b',')?;
        let y = self.expr()?;
        self.expect_char(b')')?;
        Ok(Point { step, x, y })
    }

    /// A logical operation of the graphics statements: AND OR PRESET PSET
    /// XOR, optionally prefixed with T (transparent).
    fn logical_op(&mut self) -> PResult<Vec<u8>> {
        let mut out = Vec::new();
        // TAND and TOR crunch as TAN+D and TO+R (the ROM's graphics
        // statements look for these token pairs too).
        for (k, c, op) in [(K::Tan, b'D', &b"TAND"[..]), (K::To, b'R', &b"TOR"[..])] {
            if self.cur.peek() == Some(Lex::Kw(k)) && self.cur.peek_at(1) == Some(Lex::Char(c)) {
                self.cur.bump();
                self.cur.bump();
                return Ok(op.to_vec());
            }
        }
        if self.cur.eat_char(b'T') {
            out.push(b'T');
        }
        match self.cur.peek() {
            Some(Lex::Kw(k @ (K::And | K::Or | K::Preset | K::Pset | K::Xor))) => {
                self.cur.bump();
                out.extend(k.spelling().bytes());
                Ok(out)
            }
            _ => self.syntax("logical operation expected"),
        }
    }

    fn line(&mut self) -> PResult<StmtKind> {
        let from = if self.cur.peek() == Some(Lex::Kw(K::Minus)) {
            None
        } else {
            Some(self.point()?)
        };
        self.expect_kw(K::Minus)?;
        let to = self.point()?;
        let mut color = None;
        let mut shape = LineShape::Line;
        let mut op = None;
        if self.cur.eat_char(b',') {
            if !matches!(self.cur.peek(), Some(Lex::Char(b','))) && !self.cur.at_statement_end() {
                color = Some(self.expr()?);
            }
            if self.cur.eat_char(b',') {
                if self.cur.eat_char(b'B') {
                    shape = if self.cur.eat_char(b'F') {
                        LineShape::FilledBox
                    } else {
                        LineShape::Box
                    };
                }
                if self.cur.eat_char(b',') {
                    op = Some(self.logical_op()?);
                }
            }
        }
        Ok(StmtKind::Line {
            from,
            to,
            color,
            shape,
            op,
        })
    }

    fn put_sprite(&mut self) -> PResult<StmtKind> {
        if !self.cur.eat_kw(K::Sprite) {
            return self.unsupported("PUT (files)");
        }
        let plane = self.expr()?;
        let mut at = None;
        let mut color = None;
        let mut pattern = None;
        if self.cur.eat_char(b',') {
            if !matches!(self.cur.peek(), Some(Lex::Char(b','))) {
                at = Some(self.point()?);
            }
            if self.cur.eat_char(b',') {
                if !matches!(self.cur.peek(), Some(Lex::Char(b','))) {
                    color = Some(self.expr()?);
                }
                if self.cur.eat_char(b',') {
                    pattern = Some(self.expr()?);
                }
            }
        }
        Ok(StmtKind::PutSprite {
            plane,
            at,
            color,
            pattern,
        })
    }

    /// `MID$(a$, start[, len]) = value`
    fn mid_assign(&mut self) -> PResult<StmtKind> {
        self.expect_char(b'(')?;
        let target = self.variable()?;
        if target.var().ty != Type::String {
            return self.syntax("MID$ needs a string variable");
        }
        self.expect_char(b',')?;
        let start = self.expr()?;
        let len = if self.cur.eat_char(b',') {
            Some(self.expr()?)
        } else {
            None
        };
        self.expect_char(b')')?;
        self.expect_kw(K::Equal)?;
        Ok(StmtKind::MidAssign {
            target,
            start,
            len,
            value: self.expr()?,
        })
    }
}

/// The loop variables a NEXT names (used by the FOR/NEXT check).
pub(crate) fn next_vars(kind: &StmtKind) -> Option<&[Var]> {
    match kind {
        StmtKind::Next(v) => Some(v),
        _ => None,
    }
}
