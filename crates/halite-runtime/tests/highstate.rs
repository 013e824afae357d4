//! halite-output's highstate outputter against Salt's own outputter on the recorded runs
//! (scripts/oracle/runtime-highstate.py writes tests/highstate/CASE_NN_VARIANT.txt from
//! tests/cases/CASE/expected/NN.json), compared byte for byte. It lives here because the
//! fixtures do, and because parsing the durations needs serde_json's `float_roundtrip`
//! (enabled in this crate's dev-dependencies).

use halite_output::highstate::{highstate, HighstateOptions};
use halite_value::Value;
use std::path::Path;

#[test]
fn salt_highstate_fixtures() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let dir = root.join("highstate");
    let cases = root.join("cases");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut names: Vec<_> = rd
        .flatten()
        .map(|e| e.file_name().to_string_lossy().to_string())
        .collect();
    names.sort();
    let (mut pass, mut fail) = (0, Vec::new());
    for n in names {
        let Some(stem) = n.strip_suffix(".txt") else {
            continue;
        };
        let mut parts: Vec<&str> = stem.rsplitn(3, '_').collect();
        parts.reverse();
        let [case, nn, variant] = parts[..] else {
            continue;
        };
        let Ok(json) =
            std::fs::read_to_string(cases.join(case).join("expected").join(format!("{nn}.json")))
        else {
            continue;
        };
        let Ok(data) = Value::from_json_str(&json) else {
            continue;
        };
        let mut o = HighstateOptions::default();
        match variant {
            "terse" | "mixed" | "changes" => o.state_output = variant.into(),
            "fullid" => o.state_output = "full_id".into(),
            "quiet" => o.state_verbose = false,
            "color" => o.color = true,
            "noprofile" => o.state_output_profile = false,
            "pct" => o.state_output_pct = true,
            "tabular" => {
                o.state_output = "terse".into();
                o.state_tabular = true;
            }
            "diffonly" => o.state_output_diff = true,
            "changesid" => o.state_output = "changes_id".into(),
            _ => {}
        }
        let want = std::fs::read_to_string(dir.join(&n)).unwrap_or_default();
        let got = highstate(&data, &o);
        if got == want {
            pass += 1;
        } else {
            let first = want
                .lines()
                .zip(got.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            fail.push(format!(
                "{n}: first difference at line {first}:\n want {:?}\n  got {:?}",
                want.lines().nth(first),
                got.lines().nth(first)
            ));
        }
    }
    eprintln!("highstate fixtures passed: {pass}, failed: {}", fail.len());
    for f in fail.iter().take(20) {
        eprintln!("{f}");
    }
    assert!(fail.is_empty());
}
