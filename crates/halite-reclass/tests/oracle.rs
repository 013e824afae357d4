//! Replays the inventories in tests/inventories/ and compares with the outputs recorded from
//! reclass-rs 0.11.0 by scripts/oracle/reclass_record.py (see that script for the layout).

use halite_reclass::{inventory_value, Inventory, ReclassConfig, ReclassError};
use std::fs;
use std::path::{Path, PathBuf};

/// Errors whose tail is a YAML parser message: serde_yaml's wording is not reproduced, only
/// the text before it (which names the node, class or reference) must match.
const YAML_MESSAGE_ERRORS: &[&str] = &["bad_yaml_class", "bad_yaml_node", "ref_default_bad"];

/// Known differences, with the reason. They are reported, not failed; an entry that starts
/// matching fails the test so that the list is kept honest.
/// Inventories whose output is known to differ from reclass-rs's (none at present).
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[];

fn inventories() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/inventories");
    let mut dirs: Vec<PathBuf> = fs::read_dir(root)
        .expect("tests/inventories")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.join("expected").is_dir())
        .collect();
    dirs.sort();
    dirs
}

fn name_of(dir: &Path) -> String {
    dir.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Compares one output; returns a description of the difference. serde_yaml's
/// ` at line L column C` suffix is not compared (halite's values carry no positions).
fn compare(label: &str, inv: &str, got: &str, expected_file: &Path, loose: bool) -> Option<String> {
    let expected = fs::read_to_string(expected_file).ok()?;
    let got = format!("{}\n", got.replace(inv, "<INV>"));
    // A bad default value's message ends in the YAML parser's words.
    let loose = loose || expected.contains("Error parsing default value for reference");
    let same = if loose {
        head(&got) == head(&expected)
    } else {
        got == expected || without_position(&got) == without_position(&expected)
    };
    (!same).then(|| format!("{label}: expected\n{expected}got\n{got}"))
}

fn without_position(msg: &str) -> String {
    let msg = msg.trim_end();
    let Some(at) = msg.rfind(" at line ") else {
        return msg.to_string();
    };
    let tail = &msg[at + " at line ".len()..];
    let is_position = tail
        .split_once(" column ")
        .is_some_and(|(l, c)| l.parse::<u32>().is_ok() && c.parse::<u32>().is_ok());
    if is_position {
        msg[..at].to_string()
    } else {
        msg.to_string()
    }
}

/// reclass-rs reports whichever failing node its hash map yields first; any failing node
/// whose own error matches the oracle's is as good.
fn inventory_error_ok(err: &ReclassError, expected: &Path, inv: &str, loose: bool) -> bool {
    let ReclassError::Inventory { node, message } = err else {
        return false;
    };
    let node_error = format!("Error while rendering {node}: {message}");
    let file = expected.join(format!("nodes/{node}.error"));
    file.exists() && compare("", inv, &node_error, &file, loose).is_none()
}

/// The text before a trailing YAML parser message.
fn head(msg: &str) -> &str {
    msg.rfind(": ").map_or(msg, |i| &msg[..i])
}

fn outcome(r: Result<String, ReclassError>) -> (String, &'static str) {
    match r {
        Ok(json) => (json, "json"),
        Err(e) => (e.to_string(), "error"),
    }
}

fn check_inventory(dir: &Path) -> Vec<String> {
    let name = name_of(dir);
    let loose = YAML_MESSAGE_ERRORS.contains(&name.as_str());
    let inv_path = dir.display().to_string();
    let expected = dir.join("expected");
    let mut problems = Vec::new();
    let loaded = ReclassConfig::from_base_uri(&inv_path).and_then(|c| Inventory::load(&c));
    let inv = match loaded {
        Ok(inv) => inv,
        Err(e) => {
            let file = expected.join("load.error");
            if !file.exists() {
                return vec![format!("load failed: {e}")];
            }
            return compare("load", &inv_path, &e.to_string(), &file, loose)
                .into_iter()
                .collect();
        }
    };
    if expected.join("load.error").exists() {
        return vec!["expected a load error".into()];
    }
    if expected.join("crash").exists() {
        // reclass-rs overflows its stack; halite must report an error instead.
        for node in inv.node_names() {
            if inv.render_node(&node).is_ok() {
                problems.push(format!("{node}: expected an error (reclass-rs crashes)"));
            }
        }
        return problems;
    }
    for node in inv.node_names() {
        let r = inv
            .render_node(&node)
            .map(|i| i.to_value("<TIMESTAMP>").to_json());
        let (text, kind) = outcome(r);
        if expected.join(format!("nodes/{node}.panic")).exists() {
            // reclass-rs panics (a bug of its own); any error will do.
            if kind != "error" {
                problems.push(format!("node {node}: reclass-rs panics, halite must fail"));
            }
            continue;
        }
        let file = expected.join(format!("nodes/{node}.{kind}"));
        if !file.exists() {
            problems.push(format!(
                "node {node}: got {kind} but oracle did not:\n{text}"
            ));
            continue;
        }
        problems.extend(compare(
            &format!("node {node}"),
            &inv_path,
            &text,
            &file,
            loose,
        ));
    }
    let r = inv.render_all();
    if expected.join("inventory.panic").exists() {
        if r.is_ok() {
            problems.push("inventory: reclass-rs panics, halite must fail".into());
        }
        return problems;
    }
    if let Err(e) = &r {
        if inventory_error_ok(e, &expected, &inv_path, loose) {
            return problems;
        }
    }
    let (text, kind) = outcome(r.map(|infos| inventory_value(infos, "<TIMESTAMP>").to_json()));
    let file = expected.join(format!("inventory.{kind}"));
    if file.exists() {
        problems.extend(compare("inventory", &inv_path, &text, &file, loose));
    } else {
        problems.push(format!("inventory: got {kind} but oracle did not:\n{text}"));
    }
    problems
}

#[test]
fn inventories_match_reclass_rs() {
    let dirs = inventories();
    assert!(
        dirs.len() >= 40,
        "expected 40+ inventories, found {}",
        dirs.len()
    );
    let mut failed = Vec::new();
    let mut known = 0;
    for dir in &dirs {
        let name = name_of(dir);
        let problems = check_inventory(dir);
        match KNOWN_DIFFERENCES.iter().find(|(n, _)| *n == name) {
            Some((_, why)) if !problems.is_empty() => {
                known += 1;
                eprintln!("known difference in {name}: {why}");
            }
            Some(_) => failed.push(format!(
                "### {name}\nmatches now: remove it from KNOWN_DIFFERENCES"
            )),
            None if !problems.is_empty() => {
                failed.push(format!("### {name}\n{}", problems.join("\n")))
            }
            None => {}
        }
    }
    let matching = dirs.len() - failed.len() - known;
    eprintln!(
        "{matching} of {} inventories match reclass-rs ({known} known differences)",
        dirs.len()
    );
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}
