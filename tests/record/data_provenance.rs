//! The test data is what `tests/data/README.md` says it is: every file of
//! `tests/data/` has the SHA-256 listed there, and the list names every file.

use crate::common;

use mcr_rules_lang::provenance;
use provenance::sha256;

#[test]
fn sha256_known_answers() {
    assert_eq!(sha256(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    assert_eq!(sha256(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // Two blocks of padding (56 bytes).
    assert_eq!(
        sha256(b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
        "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    );
}

/// `(sha256, file name)` of the ```` ```sha256 ```` block of the README.
fn listed() -> Vec<(String, String)> {
    let readme = std::fs::read_to_string(common::data("README.md")).expect("tests/data/README.md");
    let block = readme
        .split("```sha256\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("tests/data/README.md has a ```sha256 block");
    block
        .lines()
        .map(|l| {
            let (hash, name) =
                l.split_once("  ").unwrap_or_else(|| panic!("tests/data/README.md: bad checksum line {l:?}"));
            assert!(
                hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_hexdigit()),
                "tests/data/README.md: bad hash in {l:?}"
            );
            (hash.to_string(), name.to_string())
        })
        .collect()
}

/// Every file below `dir`, as a path relative to it (`variants/x.jsonl.gz`).
fn files_under(dir: &std::path::Path, prefix: &str) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let name = format!("{prefix}{}", e.file_name().into_string().unwrap());
        if e.file_type().unwrap().is_dir() {
            out.extend(files_under(&e.path(), &format!("{name}/")));
        } else {
            out.push(name);
        }
    }
    out
}

/// A folder's README.md (this list's, or a subfolder's telling where its
/// files come from): not data.
fn is_readme(name: &str) -> bool {
    name == "README.md" || name.ends_with("/README.md")
}

#[test]
fn every_data_file_has_its_recorded_checksum() {
    let listed = listed();
    let mut present: Vec<String> = files_under(&common::data(""), "").into_iter().filter(|n| !is_readme(n)).collect();
    present.sort();
    let mut names: Vec<String> = listed.iter().map(|(_, n)| n.clone()).collect();
    names.sort();
    assert_eq!(present, names, "files of tests/data/ (left) and files listed in tests/data/README.md (right) differ");
    let mut wrong = Vec::new();
    for (want, name) in &listed {
        let bytes = std::fs::read(common::data(name)).unwrap_or_else(|e| panic!("tests/data/{name}: {e}"));
        let got = sha256(&bytes);
        if &got != want {
            wrong.push(format!("tests/data/{name}: SHA-256 {got}, tests/data/README.md says {want}"));
        }
    }
    assert!(
        wrong.is_empty(),
        "test data changed (restore it, or record where the new file comes from):\n{}",
        wrong.join("\n")
    );
}
