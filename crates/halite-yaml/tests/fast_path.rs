//! The fast path (`load` on plain block YAML, Salt's rules) against the full loader: wherever
//! the fast path accepts a text, its value must be exactly the full loader's (variants,
//! float bits, strings, key order), and the full loader must not fail on it.
//!
//! Inputs: every YAML-ish file of the repository (SLS trees of the golden and unit tests,
//! examples, reclass inventories, formulas' pillars), the recorded corpora, generated block
//! YAML, and mutations of both. (Debug builds also compare the two on every `load` call, so
//! the whole test suite's rendered SLS text is checked as well.)

mod common;

use common::{fixture, input, Rng};
use halite_value::Value;
use halite_yaml::fast_path::{identical, load_fast, load_full};
use halite_yaml::Schema;
use std::path::{Path, PathBuf};

/// Checks one text; returns whether the fast path accepted it.
#[track_caller]
fn check(text: &str, origin: &str) -> bool {
    let Some(fast) = load_fast(text) else {
        return false;
    };
    match load_full(text, Schema::Salt) {
        Ok(full) => assert!(
            identical(&fast, &full),
            "{origin}: fast path and full loader differ on {text:?}\nfast: {fast:?}\nfull: {full:?}"
        ),
        Err(e) => panic!("{origin}: fast path accepted {text:?} ({fast:?}), full loader: {e}"),
    }
    true
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn yaml_like(path: &Path) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    matches!(ext, "sls" | "yaml" | "yml" | "jinja" | "j2" | "example")
        || matches!(name, "minion" | "master" | "pillar-source" | "pillar")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !(name.starts_with('.') || name.starts_with("target") || name == "vendor") {
                walk(&path, out);
            }
        } else if yaml_like(&path) {
            out.push(path);
        }
    }
}

/// Every YAML-ish file of the repository. Raw SLS files may hold Jinja: those are YAML
/// texts too (mostly declined, or plain strings where Jinja hides in a scalar).
fn repo_texts() -> Vec<(String, String)> {
    let root = repo_root();
    let mut files = Vec::new();
    for dir in ["crates", "tests", "examples", "benches", "fuzz", "scripts"] {
        walk(&root.join(dir), &mut files);
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            Some((p.display().to_string(), text))
        })
        .collect()
}

/// The inputs (and the recorded PyYAML dumps, which are YAML too) of the fixtures.
fn fixture_texts() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for name in ["load_salt", "yaml12", "yamlify", "dump"] {
        for case in fixture(name) {
            let origin = format!("{name}:{}", common::name(&case));
            out.push((origin.clone(), input(&case)));
            if let Some(dumps) = case["expected"].as_object() {
                for (style, text) in dumps {
                    if let Some(text) = text.as_str() {
                        out.push((format!("{origin}:{style}"), text.to_string()));
                    }
                }
            }
        }
    }
    out
}

#[test]
fn repository_yaml_files() {
    let texts = repo_texts();
    assert!(texts.len() > 500, "only {} files found", texts.len());
    let accepted = texts.iter().filter(|(o, t)| check(t, o)).count();
    eprintln!("fast path: {accepted} of {} repository files", texts.len());
    // most SLS, pillar and reclass files without Jinja are plain block YAML
    assert!(accepted * 3 > texts.len(), "{accepted} of {}", texts.len());
}

#[test]
fn fixture_texts_and_dumps() {
    let texts = fixture_texts();
    let accepted = texts.iter().filter(|(o, t)| check(t, o)).count();
    eprintln!("fast path: {accepted} of {} fixture texts", texts.len());
    assert!(accepted > 300, "{accepted} of {}", texts.len());
}

/// The bench documents of `benches/load.rs` (the 4th state kind's block scalar makes the
/// first go to the full loader).
#[test]
fn bench_like_documents() {
    let mut doc = String::new();
    for i in 0..200 {
        doc.push_str(&format!(
            "/etc/app{i}/config.conf:\n  file.managed:\n    - source: salt://app/files/config.conf\n    - user: root\n    - mode: 0644\n    - context:\n        port: {}\n        enabled: yes\n        ratio: 1.5\n    - require:\n      - pkg: pkg{i}\npkg{i}:\n  pkg.installed:\n    - name: package-{i}\n    - version: '1.2.{i}'\nservice{i}:\n  service.running:\n    - enable: True\n    - watch:\n      - file: /etc/app{i}/config.conf\n",
            8000 + i
        ));
    }
    assert!(check(&doc, "bench"));
    doc.push_str("run:\n  cmd.run:\n    - name: |\n        echo step\n");
    assert!(!check(&doc, "bench with a block scalar"));
}

// ---- generated documents ------------------------------------------------------------------

/// Scalars: ordinary, every implicit type of YAML 1.1 with Salt's quirks, texts close to
/// the subset's edges, and a few outside it.
const SCALARS: &[&str] = &[
    "a",
    "foo bar",
    "test.nop",
    "file.managed",
    "salt://app/files/x.conf",
    "http://host:8080/p?q=1#frag",
    "/etc/app/config.conf",
    "yes",
    "No",
    "on",
    "OFF",
    "y",
    "True",
    "false",
    "0644",
    "-0644",
    "0x1F",
    "0b101",
    "0o17",
    "1_000",
    "190:20:30",
    "190:20:30.15",
    "1.5",
    "-1.5e+3",
    "1e3",
    "1.",
    ".5",
    "-.inf",
    ".NaN",
    "2001-12-14",
    "2001-12-14 21:59:43.10 -5",
    "2001-12-14t21:59:43.10-05:00",
    "~",
    "null",
    "0",
    "-1",
    "+1",
    "12345678901234567890",
    "1.2.3",
    "a:b",
    "a#b",
    "x]",
    "y}",
    "z,w",
    "-x",
    "--",
    "---",
    "it's",
    "say \"hi\"",
    "日本語",
    "clé",
    "😀",
    "<",
    "=x",
    "0_",
    "09",
    "1:60",
    "a  b",
    "'q'",
    "'it''s'",
    "''",
    "'a: b # c'",
    "\"d\"",
    "\"\"",
    "\"\\t\\n\\\\\\\"\"",
    "\"\\x41\\u00e9\\U0001F600\"",
    "\"a: b\"",
    "[]",
    "{}",
];

/// Scalars and value starts outside the subset (the document goes to the full loader).
const OUTSIDE: &[&str] = &[
    "\"\\uD800\"",
    "\"\\q\"",
    "[a]",
    "{a: 1}",
    "&x a",
    "*x",
    "!!str 1",
    "|",
    ">-",
    "? a",
    "<<",
    "=",
    "@x",
    "%x",
];

fn scalar(rng: &mut Rng) -> String {
    let mut s = if rng.chance(3) {
        rng.pick(OUTSIDE).to_string()
    } else {
        rng.pick(SCALARS).to_string()
    };
    if rng.chance(10) {
        s.push_str(" # comment");
    } else if rng.chance(5) {
        s.push_str("   ");
    }
    s
}

/// Keys: mostly distinct words (a few repeat, to reach duplicate keys), plus scalars.
fn key(rng: &mut Rng) -> String {
    if rng.chance(70) {
        format!("k{}", rng.below(40))
    } else {
        rng.pick(SCALARS).to_string()
    }
}

fn comment_or_blank(rng: &mut Rng, out: &mut String) {
    if rng.chance(8) {
        let pad = " ".repeat(rng.below(8));
        out.push_str(if rng.chance(50) { "\n" } else { "# note\n" });
        if rng.chance(30) {
            out.push_str(&pad);
            out.push_str("# indented note\n");
        }
    }
}

/// A block node at `indent` (the current line already holds `prefix` up to the node).
fn node(rng: &mut Rng, out: &mut String, indent: usize, depth: usize, inline: bool) {
    let kind = if depth > 4 { 0 } else { rng.below(3) };
    match kind {
        0 => {
            // a scalar: on this line, or alone on the next one (more indented)
            if inline {
                out.push_str(&scalar(rng));
                out.push('\n');
            } else {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                out.push_str(&scalar(rng));
                out.push('\n');
            }
        }
        1 => mapping(rng, out, indent, depth, inline),
        _ => sequence(rng, out, indent, depth, inline),
    }
}

fn step(rng: &mut Rng) -> usize {
    1 + rng.below(4)
}

fn mapping(rng: &mut Rng, out: &mut String, indent: usize, depth: usize, inline: bool) {
    if !inline {
        out.push('\n');
    }
    for i in 0..1 + rng.below(4) {
        if i > 0 || !inline {
            comment_or_blank(rng, out);
            out.push_str(&" ".repeat(indent));
        }
        out.push_str(&key(rng));
        out.push(':');
        match rng.below(6) {
            0 => out.push('\n'),
            1 if depth < 4 => {
                // an indentless sequence at the key's column
                for _ in 0..1 + rng.below(3) {
                    if !out.ends_with('\n') {
                        out.push('\n');
                    }
                    out.push_str(&" ".repeat(indent));
                    out.push('-');
                    out.push(' ');
                    node(rng, out, indent + 2, depth + 1, true);
                }
            }
            2 | 3 if depth < 4 => {
                let deeper = indent + step(rng);
                node(rng, out, deeper, depth + 1, false)
            }
            _ => {
                out.push(' ');
                out.push_str(&scalar(rng));
                out.push('\n');
            }
        }
    }
}

fn sequence(rng: &mut Rng, out: &mut String, indent: usize, depth: usize, inline: bool) {
    if !inline {
        out.push('\n');
    }
    for i in 0..1 + rng.below(4) {
        if i > 0 || !inline {
            comment_or_blank(rng, out);
            out.push_str(&" ".repeat(indent));
        }
        out.push('-');
        match rng.below(5) {
            0 => out.push('\n'),
            1 if depth < 4 => {
                let deeper = indent + step(rng);
                node(rng, out, deeper, depth + 1, false)
            }
            _ => {
                let spaces = 1 + rng.below(3);
                out.push_str(&" ".repeat(spaces));
                node(rng, out, indent + 1 + spaces, depth + 1, true);
            }
        }
    }
}

fn document(rng: &mut Rng) -> String {
    let mut out = String::new();
    let indent = if rng.chance(10) { rng.below(3) } else { 0 };
    out.push_str(&" ".repeat(indent));
    match rng.below(5) {
        0 => sequence(rng, &mut out, indent, 0, true),
        _ => mapping(rng, &mut out, indent, 0, true),
    }
    if rng.chance(10) {
        out.pop();
    }
    out
}

/// Line-level mutations: indentation moved, lines dropped, doubled, swapped or split,
/// pieces of YAML syntax inserted.
fn mutate(rng: &mut Rng, text: &str) -> String {
    const PIECES: &[&str] = &[
        ":", ": ", "- ", " #", "#", "'", "\"", "[", "]", "{", "}", ",", "&a ", "*a", "!", "|", ">",
        "? ", "---", "...", "%", "\t", "\r", "\\", " ", "  ", "é", "\u{85}", "\u{2028}",
        "\u{feff}", "0", ".", "~", "<<", "=",
    ];
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        return text.to_string();
    }
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(lines.len());
        match rng.below(7) {
            0 => {
                let l = format!("{}{}", " ".repeat(1 + rng.below(3)), lines[at]);
                lines[at] = l;
            }
            1 => {
                let trimmed = lines[at].strip_prefix(' ').map(str::to_string);
                if let Some(t) = trimmed {
                    lines[at] = t;
                }
            }
            2 if lines.len() > 1 => {
                lines.remove(at);
            }
            3 => {
                let l = lines[at].clone();
                lines.insert(at, l);
            }
            4 if at + 1 < lines.len() => lines.swap(at, at + 1),
            _ => {
                let line = &lines[at];
                let cut = rng.below(line.len() + 1);
                let cut = (0..=cut)
                    .rev()
                    .find(|c| line.is_char_boundary(*c))
                    .unwrap_or(0);
                let piece = rng.pick(PIECES);
                let l = format!("{}{piece}{}", &line[..cut], &line[cut..]);
                lines[at] = l;
            }
        }
    }
    let mut out = lines.join("\n");
    if rng.chance(90) {
        out.push('\n');
    }
    out
}

/// `HALITE_FAST_PATH_ROUNDS=N` runs the generated and mutated documents N times over (with
/// other seeds): a longer search than the default run.
fn rounds() -> u64 {
    std::env::var("HALITE_FAST_PATH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(1)
}

#[test]
fn generated_documents() {
    let (mut total, mut accepted) = (0, 0);
    for round in 0..rounds() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ round.wrapping_mul(0x9e37_79b9));
        for _ in 0..6_000 {
            let doc = document(&mut rng);
            total += 1;
            accepted += usize::from(check(&doc, "generated"));
        }
    }
    eprintln!("fast path: {accepted} of {total} generated documents");
    // outside-the-subset scalars and repeated keys make some go to the full loader
    assert!(accepted * 4 > total, "{accepted} of {total}");
}

#[test]
fn mutated_documents() {
    let corpus: Vec<String> = fixture("load_salt")
        .iter()
        .map(input)
        .filter(|t| load_fast(t).is_some())
        .collect();
    let (mut total, mut accepted) = (0, 0);
    for round in 0..rounds() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ round.wrapping_mul(0x2545_f491));
        let mut bases: Vec<String> = (0..300).map(|_| document(&mut rng)).collect();
        bases.extend(corpus.iter().cloned());
        for i in 0..12_000 {
            let text = mutate(&mut rng, &bases[i % bases.len()]);
            total += 1;
            accepted += usize::from(check(&text, "mutated"));
        }
    }
    eprintln!("fast path: {accepted} of {total} mutated documents");
    assert!(accepted > 0);
}

/// Python equality would hide a variant change (`1 == 1.0 == True`): the comparison used
/// here must not.
#[test]
fn identical_is_strict() {
    let v = |t: &str| load_full(t, Schema::Salt).unwrap_or(Value::Null);
    assert!(!identical(&v("a: 1"), &v("a: 1.0")));
    assert!(!identical(&v("a: 1"), &v("a: true")));
    assert!(!identical(&v("a: 1\nb: 2"), &v("b: 2\na: 1")));
    assert!(identical(&v("a: [1, x]"), &v("a:\n- 1\n- x")));
}
