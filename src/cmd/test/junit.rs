//! `msx test --junit FILE`: the results as JUnit XML, which CI systems show
//! as a test report (GitLab's `artifacts:reports:junit`, GitHub actions that
//! read it). Written with quick-junit, cargo-nextest's serializer.

use anyhow::{Context, Result};
use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};
use std::path::Path;
use std::time::Duration;

use super::Outcome;

/// One suite named after the manifest, one test case per run.
pub fn report(manifest: &Path, outcomes: &[Outcome], time: Duration) -> Result<String> {
    let suite_name = manifest.display().to_string();
    let mut suite = TestSuite::new(suite_name.clone());
    for o in outcomes {
        let status = match o.failures.first() {
            None => TestCaseStatus::success(),
            Some(first) => {
                let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
                status
                    .set_message(first.clone())
                    .set_description(o.failures.join("\n"));
                status
            }
        };
        let mut case = TestCase::new(o.name.clone(), status);
        case.set_classname(suite_name.clone()).set_time(o.time);
        suite.add_test_case(case);
    }
    suite.set_time(time);
    let mut report = Report::new("msx test");
    report.set_time(time).add_test_suite(suite);
    report.to_string().context("writing the JUnit report")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_carries_its_message() {
        let outcomes = [
            Outcome {
                name: "title".into(),
                place: "msx.toml:1:1".into(),
                failures: vec![],
                blessed: vec![],
                time: Duration::from_millis(250),
            },
            Outcome {
                name: "end/compiled".into(),
                place: "msx.toml:5:1".into(),
                failures: vec![
                    "end.png: 3 pixels differ".into(),
                    "score.bin: 1 byte differs".into(),
                ],
                blessed: vec![],
                time: Duration::from_millis(500),
            },
        ];
        let xml = report(Path::new("msx.toml"), &outcomes, Duration::from_secs(1)).unwrap();
        assert!(
            xml.contains(
                r#"<testsuites name="msx test" tests="2" skipped="0" failures="1" errors="0""#
            ),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<testcase name="title" classname="msx.toml" time="0.250"/>"#),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<failure message="end.png: 3 pixels differ">"#),
            "{xml}"
        );
        assert!(xml.contains("score.bin: 1 byte differs"), "{xml}");
    }
}
