//! What the case runners (golden.rs, systemd_booted.rs) share: the repository, the
//! recordings' folder and known-failures key per release, the commands files' quoting.
#![allow(dead_code)] // each test binary uses its own part

use halite_value::SaltCompat;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repo root")
}

/// The folder of a case holding the recording of one Salt release.
pub fn expected_dir(compat: SaltCompat) -> &'static str {
    match compat {
        SaltCompat::V3007 => "expected",
        SaltCompat::V3008 => "expected-3008",
    }
}

/// The known-failures key of command N of case NAME for a release.
pub fn job_key(name: &str, n: usize, compat: SaltCompat) -> String {
    match compat {
        SaltCompat::V3007 => format!("{name}/{n:02}"),
        other => format!("{name}/{n:02}@{other}"),
    }
}

/// Python's `shlex.split` for the simple quoting the commands files use.
pub fn shlex_split(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n)
                }
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                    in_word = true;
                }
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

pub fn lines(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// tests/known-failures.txt: `key reason` a line.
pub fn known_failures(root: &Path) -> BTreeMap<String, String> {
    lines(&root.join("tests/known-failures.txt"))
        .into_iter()
        .map(|l| match l.split_once(' ') {
            Some((k, why)) => (k.to_string(), why.trim().to_string()),
            None => (l, String::new()),
        })
        .collect()
}
