//! Event traps (ON KEY/STOP/SPRITE/STRIG/INTERVAL GOSUB), compiled and run
//! on the emulated MSX2 with the free BIOS; keys come from key scripts.
//!
//! Expected behaviour, from the MSX-BASIC ROM source reconstruction
//! (apoloval/msx-system, base200/basic2.asm): the trap table's flags (J631B
//! ON, J632B OFF, C6331 STOP, C6358 acknowledge, C633E the RETURN of a
//! handler), the check before statements (C4601/C6389: the handler is
//! GOSUBbed with its trap stopped until RETURN), and bios.asm KEYINT (J0C3C:
//! INTERVAL counts interrupts, SPRITE is S#0 bit 5, STRIG on press); and
//! the MSX2 Technical Handbook's description of these statements (chapter 2,
//! "ON … GOSUB", "INTERVAL ON/OFF/STOP": an event during STOP is remembered
//! and trapped at the next ON).

#[path = "compile_harness.rs"]
mod harness;

use harness::{
    boot_com, build_com, run_lines as run, run_lines_keys as run_keys, run_until_text, screen,
};

#[test]
fn interval_traps_every_n_interrupts_and_off_stops_them() {
    // ON INTERVAL=n GOSUB: the handler runs every n interrupts while
    // INTERVAL is ON; INTERVAL OFF forgets it. Line 30 loops on itself, so
    // the trap is seen at the line start.
    let got = run(concat!(
        "10 ON INTERVAL=10 GOSUB 100\n",
        "20 INTERVAL ON\n",
        "30 IF C<3 THEN 30\n",
        "40 INTERVAL OFF:T=TIME\n",
        "50 IF TIME-T<40 THEN 50\n",
        "60 PRINT \"DONE\";C:END\n",
        "100 C=C+1:PRINT \"T\";C:RETURN\n",
    ));
    assert_eq!(got, ["T 1", "T 2", "T 3", "DONE 3"]);
}

#[test]
fn a_loop_on_one_line_is_interrupted_at_next() {
    // A FOR loop inside one line passes no line start: NEXT checks too.
    let got = run(concat!(
        "10 ON INTERVAL=2 GOSUB 100:INTERVAL ON:FOR I=1 TO 3000:NEXT:INTERVAL OFF\n",
        "20 PRINT C>0:END\n",
        "100 C=C+1:RETURN\n",
    ));
    assert_eq!(got, ["-1"]);
}

#[test]
fn a_handler_is_not_reentered_and_a_missed_event_waits_for_return() {
    // C6389 stops the trap (C6331) before GOSUBbing the handler; events
    // during the handler are remembered (one), and the RETURN (C633E)
    // starts the trap again, so the remembered event is trapped at once:
    // the handler takes 25 interrupts with INTERVAL=10, and it is entered
    // again right after it returns (25 or 26 interrupts later, never
    // nested: the depth D is never above 1).
    let got = run(concat!(
        "10 ON INTERVAL=10 GOSUB 100:INTERVAL ON\n",
        "20 IF N<2 THEN 20\n",
        "30 INTERVAL OFF:PRINT M;T(2)-T(1)>=25 AND T(2)-T(1)<=26\n",
        "40 END\n",
        "100 D=D+1:IF D>M THEN M=D\n",
        "110 N=N+1:T(N)=TIME\n",
        "120 IF TIME-T(N)<25 THEN 120\n",
        "130 D=D-1:RETURN\n",
    ));
    assert_eq!(got, [" 1 -1"]);
}

#[test]
fn an_event_during_stop_is_trapped_at_the_next_on() {
    // INTERVAL STOP: events are remembered, not trapped; INTERVAL ON traps
    // the remembered one at once (J631B counts it again).
    let got = run(concat!(
        "10 ON INTERVAL=5 GOSUB 100:INTERVAL ON:INTERVAL STOP:T=TIME\n",
        "20 IF TIME-T<20 THEN 20\n",
        "30 PRINT \"S\";C\n",
        "40 INTERVAL ON\n",
        "50 PRINT \"O\";C:INTERVAL OFF:T=TIME\n",
        "60 IF TIME-T<20 THEN 60\n",
        "70 PRINT \"F\";C:END\n",
        "100 C=C+1:RETURN\n",
    ));
    assert_eq!(got, ["S 0", "O 1", "F 1"]);
}

#[test]
fn function_keys_trap_key_n() {
    // ON KEY GOSUB l1,l2…: F1 is KEY(1); SHIFT+F1 is F6, KEY(6). An empty
    // entry has no handler. KEY(2) is OFF: F2 does nothing.
    let got = run_keys(
        concat!(
            "10 ON KEY GOSUB 100,200,,,,600\n",
            "20 KEY(1) ON:KEY(6) ON\n",
            "30 IF N<2 THEN 30\n",
            "40 PRINT \"END\":END\n",
            "100 PRINT \"F1\":N=N+1:RETURN\n",
            "200 PRINT \"F2\":N=N+1:RETURN\n",
            "600 PRINT \"F6\":N=N+1:RETURN\n",
        ),
        "at 200 press F2 for 6\nat 260 press F1 for 6\nat 320 press SHIFT+F1 for 6\n",
    );
    assert_eq!(got, ["F1", "F6", "END"]);
}

#[test]
fn space_bar_traps_strig_0() {
    let got = run_keys(
        concat!(
            "10 ON STRIG GOSUB 100:STRIG(0) ON\n",
            "20 IF N=0 THEN 20\n",
            "30 STRIG(0) OFF:PRINT \"N\";N:END\n",
            "100 N=N+1:RETURN\n",
        ),
        "at 200 press SPACE for 6\n",
    );
    assert_eq!(got, ["N 1"]);
}

#[test]
fn ctrl_stop_traps_on_stop() {
    let got = run_keys(
        concat!(
            "10 ON STOP GOSUB 100:STOP ON\n",
            "20 IF N=0 THEN 20\n",
            "30 STOP OFF:PRINT \"STOP\";N:END\n",
            "100 N=N+1:RETURN\n",
        ),
        "at 200 press CTRL+STOP for 6\n",
    );
    assert_eq!(got, ["STOP 1"]);
}

#[test]
fn colliding_sprites_trap_on_sprite() {
    // Two sprites on the same place: the VDP sets S#0 bit 5.
    let got = run(concat!(
        "10 SCREEN 1:SPRITE$(0)=STRING$(8,255)\n",
        "20 ON SPRITE GOSUB 100:SPRITE ON\n",
        "30 PUT SPRITE 0,(100,100),15,0:PUT SPRITE 1,(100,100),8,0\n",
        "40 IF N=0 THEN 40\n",
        "50 SPRITE OFF:PRINT \"HIT\":END\n",
        "100 N=1:PUT SPRITE 1,(0,209):RETURN\n",
    ));
    // SCREEN 1's text has a margin.
    assert_eq!(got.last().map(|l| l.trim()), Some("HIT"), "{got:?}");
}

#[test]
fn gosub_and_return_inside_a_handler_keep_the_trap_stopped() {
    // A plain GOSUB/RETURN inside the handler is not the handler's RETURN:
    // the trap stays stopped until the handler's own RETURN (M, the depth,
    // stays 1). Each handler takes 8 interrupts with INTERVAL=3, so an
    // event is always remembered meanwhile: after the third RETURN it is
    // trapped at once, at the next check, before INTERVAL OFF runs, so N
    // ends at 4.
    let got = run(concat!(
        "10 ON INTERVAL=3 GOSUB 100:INTERVAL ON\n",
        "20 IF N<3 THEN 20\n",
        "30 INTERVAL OFF:PRINT N;M:END\n",
        "100 D=D+1:IF D>M THEN M=D\n",
        "110 GOSUB 200:N=N+1:D=D-1:RETURN\n",
        "200 T=TIME\n",
        "210 IF TIME-T<8 THEN 210\n",
        "220 RETURN\n",
    ));
    assert_eq!(got, [" 4  1"]);
}

#[test]
fn trap_numbers_out_of_range_are_illegal_function_calls() {
    // ROM J77D4: KEY(n) takes 1-10; C7810: ON INTERVAL=0 is refused.
    assert_eq!(run("10 KEY(11) ON\n"), ["Illegal function call in 10"]);
    assert_eq!(run("10 STRIG(5) ON\n"), ["Illegal function call in 10"]);
    assert_eq!(
        run("10 ON INTERVAL=0 GOSUB 20\n20 END\n"),
        ["Illegal function call in 10"]
    );
    // An address operand: up to 65535.
    assert_eq!(
        run("10 ON INTERVAL=65535! GOSUB 20:PRINT \"OK\"\n20 END\n"),
        ["OK"]
    );
}

/// An MSX-DOS program (`Target::Com`, at 0100h: page 0, which the
/// environment replaces by the BIOS while it serves the interrupt) hooks
/// H.TIMI by an inter-slot call; traps and PLAY work, and at its end
/// H.TIMI is as it was (MSX-DOS reuses the program's memory).
#[test]
fn traps_and_play_work_in_an_msx_dos_program() {
    use msx_machine::machine::Until;
    let src = concat!(
        "10 ON INTERVAL=10 GOSUB 100:INTERVAL ON:ON KEY GOSUB 100:KEY(1) ON\n",
        "20 PLAY \"T255L64CDE\"\n",
        "30 IF N<3 THEN 30\n",
        "40 INTERVAL OFF:IF PLAY(0) THEN 40\n",
        "50 PRINT \"TICKS\";N:END\n",
        "100 N=N+1:RETURN\n",
    );
    let out = build_com(src);
    let mut m = boot_com(&out);
    // The interrupt reaches the handlers in the program's page 0.
    for handler in ["rt_bas_timi", "rt_bas_pltimi"] {
        let at = out.symbol(handler).unwrap();
        assert!(at < 0x4000, "{handler} at {at:04x}: not in page 0");
        let r = m.run_until(&Until::PcReached(at), 3000);
        assert!(r.reached(), "{handler}: {r:?}");
    }
    run_until_text(&mut m, "TICKS 3", 3000);
    run_until_text(&mut m, "A>", 300);
    // Back at the prompt: H.TIMI no longer calls into the program, and
    // the machine keeps running (interrupts are served) for a while.
    // FNKFLG is clear and CURLIN is direct mode again (F-keys type text).
    assert_eq!(m.peek_range(0xFBCE, 10), [0; 10]);
    assert_eq!(m.peek_range(0xF41C, 2), [0xFF, 0xFF]);
    let hook = m.peek_range(0xFD9F, 5);
    let target = u16::from_le_bytes([hook[2], hook[3]]);
    for handler in ["rt_bas_timi", "rt_bas_pltimi"] {
        assert_ne!(Some(target), out.symbol(handler), "{hook:02x?}");
    }
    let f = m.frame_count();
    m.run_until(&Until::TextOnScreen("never".into()), 30);
    assert!(m.frame_count() >= f + 30);
    assert!(screen(&m).contains("A>"));
}

#[test]
fn a_trapped_function_key_types_no_text() {
    // KEY(1) ON sets FNKFLG (ROM C77E8): the BIOS then raises the trap
    // instead of typing F1's text; after KEY(1) OFF it types the text
    // again. (The free BIOS's keys have no text at power-on: KEY 1 gives
    // F1 one.)
    let got = run_keys(
        concat!(
            "10 KEY 1,\"XY\":ON KEY GOSUB 100:KEY(1) ON\n",
            "20 IF N<1 THEN 20\n",
            "30 FOR I=1 TO 300:NEXT:PRINT \"[\";INKEY$;\"]\";PEEK(&HFBCE)\n",
            "40 KEY(1) STOP:PRINT PEEK(&HFBCE);:KEY(1) OFF:PRINT PEEK(&HFBCE)\n",
            "50 A$=INKEY$:IF A$=\"\" THEN 50\n",
            "60 PRINT \"[\";A$;INKEY$;\"]\":END\n",
            "100 N=N+1:RETURN\n",
        ),
        "at 200 press F1 for 6\nat 400 press F1 for 6\n",
    );
    assert_eq!(got, ["[] 1", " 1  0", "[XY]"]);
}
