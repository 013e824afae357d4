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

/// Python's `shlex.split`, as scripts/oracle/record.py splits the commands files' lines.
pub fn shlex_split(line: &str) -> Vec<String> {
    halite_states::cmd::shlex_split(line)
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

/// The KEY=VALUE lines of a case's optional `env` file: extra environment for every
/// command, as record.py sets it.
pub fn case_env(case: &Path) -> Vec<(String, String)> {
    lines(&case.join("env"))
        .into_iter()
        .map(|l| {
            let (k, v) = l.split_once('=').unwrap_or((&l, ""));
            (k.trim().to_string(), v.trim().to_string())
        })
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
