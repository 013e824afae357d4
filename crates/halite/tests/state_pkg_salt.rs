//! `state.pkg` on an archive built by salt-ssh's own `prep_trans_tar` (recorded with Salt
//! 3007.8 by scripts/oracle/state_pkg_record.py, tests/state-pkg-cases/NAME): halite applies
//! the very tarball and must print what `salt-call --local state.pkg` printed (times,
//! durations and pids aside), write what Salt's run wrote, and converge on the second run.
//! The chunks write under /tmp/halitetest-ssh-pkg (removed before and after).

use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn normalize(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for key in ["start_time", "duration", "pid"] {
                if m.contains_key(key) {
                    m.insert(key.into(), Value::String("<volatile>".into()));
                }
            }
            m.values_mut().for_each(normalize);
        }
        Value::Array(a) => a.iter_mut().for_each(normalize),
        _ => {}
    }
}

fn sha256(p: &Path) -> String {
    let out = Command::new("sha256sum")
        .arg(p)
        .output()
        .expect("sha256sum");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn salt_ssh_tarball_applies_as_salt_applies_it() {
    let case =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/state-pkg-cases/salt_tarball");
    let out_dir = Path::new("/tmp/halitetest-ssh-pkg");
    let _ = std::fs::remove_dir_all(out_dir);
    let scratch = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        scratch.path().join("minion"),
        format!(
            "file_client: local\nid: pkgminion\ncachedir: {}/cache\nfile_roots: {{base: []}}\npillar_roots: {{base: []}}\n",
            scratch.path().display()
        ),
    )
    .expect("minion");
    // A copy in the scratch folder: state.pkg unpacks beside the archive.
    let archive = scratch.path().join("salt_state.tgz");
    std::fs::copy(case.join("salt_state.tgz"), &archive).expect("copy");
    let sum = sha256(&archive);
    let mut failures = Vec::new();
    for n in ["01", "02"] {
        let out = Command::new(env!("CARGO_BIN_EXE_halite"))
            .args(["--local", "-c"])
            .arg(scratch.path())
            .args(["--out", "json", "-l", "quiet", "state.pkg"])
            .arg(&archive)
            .arg(format!("pkg_sum={sum}"))
            .arg("hash_type=sha256")
            .output()
            .expect("halite");
        let rc: i32 = std::fs::read_to_string(case.join(format!("expected/{n}.rc")))
            .expect("rc")
            .trim()
            .parse()
            .expect("rc");
        if out.status.code() != Some(rc) {
            failures.push(format!("{n}: exit {:?}, Salt {rc}", out.status.code()));
        }
        let mut want: Value = serde_json::from_str(
            &std::fs::read_to_string(case.join(format!("expected/{n}.json"))).expect("json"),
        )
        .expect("json");
        let mut got: Value = match serde_json::from_slice(&out.stdout) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!(
                    "{n}: not JSON ({e}): {}",
                    String::from_utf8_lossy(&out.stdout)
                ));
                continue;
            }
        };
        normalize(&mut want);
        normalize(&mut got);
        if want != got {
            failures.push(format!(
                "{n}: differs\n--- Salt\n{want:#}\n+++ halite\n{got:#}"
            ));
        }
        if n == "01" {
            let wrote = std::fs::read_to_string(out_dir.join("motd")).unwrap_or_default();
            let salt = std::fs::read_to_string(case.join("expected/motd")).expect("motd");
            if wrote != salt {
                failures.push(format!("motd: Salt wrote {salt:?}, halite {wrote:?}"));
            }
        }
    }
    let _ = std::fs::remove_dir_all(out_dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn state_pkg_refuses_a_wrong_sum() {
    let case =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/state-pkg-cases/salt_tarball");
    let scratch = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        scratch.path().join("minion"),
        format!(
            "file_client: local\ncachedir: {}/cache\n",
            scratch.path().display()
        ),
    )
    .expect("minion");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(scratch.path())
        .args(["--out", "json", "state.pkg"])
        .arg(case.join("salt_state.tgz"))
        .arg(format!("pkg_sum={}", "0".repeat(64)))
        .arg("hash_type=sha256")
        .output()
        .expect("halite");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("is not the pkg_sum"), "{text}");
}
