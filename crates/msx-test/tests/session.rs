//! The crate's own promises, on the emulated machine.

use msx_test::{Mode, Session, Until, Verdict};

/// A program that draws the same screen whether interpreted or compiled.
const PROGRAM: &[u8] = b"10 KEY OFF:CLS:PRINT \"HELLO FROM BASIC\"\n20 PRINT 6*7\n30 GOTO 30\n";

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("msx-test-crate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn interpreted_and_compiled_show_the_same_screen() {
    let mut screens = Vec::new();
    for mode in [Mode::Interpreted, Mode::Compiled] {
        let mut s = Session::basic(PROGRAM, mode).unwrap();
        s.run_until(Until::TextOnScreen(" 42".into()), 1200)
            .unwrap_or_else(|e| panic!("{mode:?}: {e}"));
        let text = s.screen_text().unwrap();
        assert!(text.contains("HELLO FROM BASIC"), "{mode:?}:\n{text}");
        screens.push(text);
    }
    assert_eq!(screens[0], screens[1]);
}

#[test]
fn a_picture_is_blessed_then_compared_then_differs_with_a_difference_picture() {
    let dir = scratch("png");
    let golden = dir.join("hello.png");
    let mut s = Session::empty().unwrap();
    s.type_text(150, "PRINT 6*7\n").unwrap();
    s.run_until(Until::TextOnScreen(" 42".into()), 600).unwrap();
    assert_eq!(
        s.check_png(&golden, true).unwrap(),
        Verdict::Blessed { created: true }
    );
    assert_eq!(s.check_png(&golden, false).unwrap(), Verdict::Same);
    // The same machine a little later: the cursor has blinked or not, the
    // screen is the same text; type more to make it differ for sure.
    s.type_text(s.machine().frame_count() + 1, "PRINT 12345\n")
        .unwrap();
    s.run_until(Until::TextOnScreen(" 12345".into()), 300)
        .unwrap();
    let err = s.check_png(&golden, false).unwrap_err().to_string();
    assert!(err.contains("pixels differ (of "), "{err}");
    assert!(err.contains("all within x "), "{err}");
    let diff = image::open(dir.join("hello.diff.png")).unwrap().to_rgb8();
    assert!(diff.pixels().any(|p| *p == msx_test::picture::HIGHLIGHT));
    assert!(dir.join("hello.actual.png").exists());
}

#[test]
fn a_condition_that_never_comes_is_an_error() {
    let mut s = Session::empty().unwrap();
    let err = s
        .run_until(Until::TextOnScreen("NEVER".into()), 30)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "text \"NEVER\" on screen did not happen in 30 frames"
    );
}
