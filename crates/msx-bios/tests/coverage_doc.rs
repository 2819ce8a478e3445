//! docs/bios-coverage.md must list every entry of `msx_bios::entries` with the
//! same address and status, and nothing else.

use msx_bios::entries::{self, Status};

fn doc_rows(section: &str) -> Vec<(u16, String, String)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/bios-coverage.md");
    let text = std::fs::read_to_string(path).unwrap();
    let start = text.find(section).expect("section heading");
    let rest = &text[start..];
    let end = rest[1..].find("\n## ").map_or(rest.len(), |i| i + 1);
    rest[..end]
        .lines()
        .filter_map(|line| {
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let addr = cells.get(1)?.strip_suffix('h')?;
            let addr = u16::from_str_radix(addr, 16).ok()?;
            Some((addr, cells[2].to_string(), cells[3].to_string()))
        })
        .collect()
}

fn check(section: &str, table: &[entries::Entry]) {
    let rows = doc_rows(section);
    assert_eq!(rows.len(), table.len(), "{section}: row count");
    for (row, entry) in rows.iter().zip(table) {
        let status = match entry.status {
            Status::Implemented => "implemented",
            Status::Harmless => "returns harmlessly",
        };
        assert_eq!(
            (row.0, row.1.as_str(), row.2.as_str()),
            (entry.addr, entry.name, status),
            "{section}"
        );
    }
}

#[test]
fn coverage_doc_matches_the_entry_tables() {
    check("## Main ROM", entries::MAIN);
    check("## SUB-ROM", entries::SUB);
}
