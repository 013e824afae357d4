//! `halite graph --format svg` and `state.apply --graph FILE.svg`: the SVG is parsed and
//! checked against the graph Salt 3008.4 prints for the same tree (its recorded
//! `state.graph_highstate` DOT): every state a node, every requisite an edge.

use halite_value::{Map, Value};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn case() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/cases/state_graph_edges")
        .canonicalize()
        .expect("case")
}

fn conf(scratch: &Path, case: &Path) -> PathBuf {
    conf_as(scratch, case, "3008")
}

/// A minion config serving `case`'s `srv/salt`, as Salt `release` (`salt_compat`).
fn conf_as(scratch: &Path, case: &Path, release: &str) -> PathBuf {
    let mut roots = Map::new();
    roots.insert(
        "base",
        Value::List(vec![Value::str(case.join("srv/salt").to_string_lossy())].into()),
    );
    let mut conf = Map::new();
    let s = |p: &str| Value::str(scratch.join(p).to_string_lossy());
    conf.insert("file_client", Value::str("local"));
    conf.insert("id", Value::str("testminion"));
    conf.insert("file_roots", Value::Map(roots));
    conf.insert("cachedir", s("cache"));
    conf.insert("pki_dir", s("pki"));
    conf.insert("sock_dir", s("run"));
    conf.insert("log_file", s("log/minion"));
    conf.insert("salt_compat", Value::str(release));
    let dir = scratch.join("conf");
    std::fs::create_dir_all(&dir).expect("conf dir");
    std::fs::write(dir.join("minion"), Value::Map(conf).to_json()).expect("config");
    dir
}

/// The nodes and edges of Salt's DOT text.
fn salt_graph(dot: &str) -> (BTreeSet<String>, BTreeSet<(String, String, String)>) {
    let mut nodes = BTreeSet::new();
    let mut edges = BTreeSet::new();
    for line in dot.lines().map(str::trim) {
        let Some(rest) = line.strip_prefix('"') else {
            continue;
        };
        let (first, rest) = rest.split_once('"').expect("quoted node");
        match rest.trim_start().strip_prefix("-> \"") {
            Some(rest) => {
                let (second, rest) = rest.split_once('"').expect("quoted target");
                let label = rest
                    .split("label=\"")
                    .nth(1)
                    .and_then(|l| l.split('"').next())
                    .expect("edge label");
                edges.insert((first.to_string(), second.to_string(), label.to_string()));
            }
            None => {
                nodes.insert(first.to_string());
            }
        }
    }
    (nodes, edges)
}

fn unescape(s: &str) -> String {
    s.replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn attr(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(unescape(&tag[start..end]))
}

/// The `<g ...>` opening tags of class `class`.
fn groups<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    svg.match_indices("<g ")
        .filter_map(|(i, _)| {
            let end = svg[i..].find('>')? + i;
            let tag = &svg[i..end];
            tag.contains(&format!("class=\"{class}\"")).then_some(tag)
        })
        .collect()
}

fn svg_graph(svg: &str) -> (BTreeSet<String>, BTreeSet<(String, String, String)>) {
    assert!(svg.starts_with("<?xml"), "not an SVG document");
    assert!(svg.trim_end().ends_with("</svg>"), "SVG not closed");
    assert_eq!(
        svg.matches("<g ").count(),
        svg.matches("</g>").count(),
        "unbalanced groups"
    );
    let nodes = groups(svg, "state")
        .iter()
        .map(|t| attr(t, "data-tag").expect("data-tag"))
        .collect();
    let edges = groups(svg, "requisite")
        .iter()
        .map(|t| {
            (
                attr(t, "data-source").expect("source"),
                attr(t, "data-target").expect("target"),
                attr(t, "data-requisite").expect("requisite"),
            )
        })
        .collect();
    (nodes, edges)
}

fn recorded_dot(case: &Path) -> String {
    // command 02 of the case is `state.graph_highstate`
    let text = std::fs::read_to_string(case.join("expected-3008/02.json")).expect("recording");
    let v = Value::from_json_str(&text).expect("json");
    v.get("local").map(Value::py_str).expect("local")
}

#[test]
fn svg_has_every_state_and_requisite_of_salts_graph() {
    let case = case();
    let scratch = tempfile::tempdir().expect("scratch");
    let conf = conf(scratch.path(), &case);
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-l", "quiet", "-c"])
        .arg(&conf)
        .args(["graph", "--format", "svg"])
        .output()
        .expect("run halite graph");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).expect("utf-8");
    let (salt_nodes, salt_edges) = salt_graph(&recorded_dot(&case));
    assert!(salt_nodes.len() > 5 && salt_edges.len() > 5);
    let (nodes, edges) = svg_graph(&svg);
    assert_eq!(nodes, salt_nodes);
    assert_eq!(edges, salt_edges);
}

#[test]
fn dot_format_is_what_salt_3008_prints() {
    let case = case();
    let scratch = tempfile::tempdir().expect("scratch");
    let conf = conf(scratch.path(), &case);
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-l", "quiet", "-c"])
        .arg(&conf)
        .args(["graph", "--format", "dot"])
        .output()
        .expect("run halite graph");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim_end(),
        recorded_dot(&case)
    );
}

/// What a state's result says about how it ended (the colours of `--graph`).
fn outcome(r: &Value) -> &'static str {
    let comment = r.get("comment").map(Value::py_str).unwrap_or_default();
    match r.get("result") {
        Some(Value::Bool(false)) if comment.starts_with("One or more requisite failed") => {
            "not-run"
        }
        Some(Value::Bool(false)) => "failed",
        Some(Value::Null) => "would-change",
        Some(_) if comment.contains("was not run because") => "not-run",
        Some(_) if r.get("changes").is_some_and(Value::truthy) => "changed",
        _ => "unchanged",
    }
}

/// `state.apply test=True --graph FILE` on the tree at `case` as Salt `release`: the
/// `--out json` answer and the SVG written.
fn run_with_graph(case: &Path, release: &str, args: &[&str]) -> (Value, String) {
    let scratch = tempfile::tempdir().expect("scratch");
    let conf = conf_as(scratch.path(), case, release);
    let svg_path = scratch.path().join("run.svg");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-l", "quiet", "--out", "json", "-c"])
        .arg(&conf)
        .arg("state.apply")
        .args(args)
        .args(["test=True", "--graph"])
        .arg(&svg_path)
        .output()
        .expect("run halite");
    let ret = Value::from_json_str(&String::from_utf8_lossy(&out.stdout)).expect("json out");
    let svg = std::fs::read_to_string(&svg_path).expect("graph written");
    (ret, svg)
}

/// Every state box's outcome matches its result in the running dict; the outcomes seen.
fn check_colours(ret: &Value, svg: &str) -> BTreeSet<String> {
    let running = ret
        .get("local")
        .and_then(Value::as_map)
        .expect("running dict");
    let mut seen = BTreeSet::new();
    for g in groups(svg, "state") {
        let tag = attr(g, "data-tag").expect("tag");
        let got = attr(g, "data-outcome").expect("outcome");
        if tag.ends_with("_|-__prereq_test__") {
            continue;
        }
        let r = running
            .get(tag.as_str())
            .unwrap_or_else(|| panic!("{tag} not run"));
        assert_eq!(got, outcome(r), "{tag}");
        seen.insert(got);
    }
    seen
}

#[test]
fn run_graph_colours_each_state_by_its_result_3007() {
    // Salt 3007 runs a tree with a requisite naming nothing and a cycle: those states fail
    let (ret, svg) = run_with_graph(&case(), "3007", &[]);
    let seen = check_colours(&ret, &svg);
    for kind in ["failed", "would-change", "not-run"] {
        assert!(seen.contains(kind), "no {kind} state in {seen:?}");
    }
}

#[test]
fn run_graph_of_a_3008_compile_error_has_every_state_without_a_result() {
    // Salt 3008 reports the same tree's missing requisite and cycle as compile errors: no
    // state runs, so the graph has Salt's states and requisites, none with an outcome
    let case = case();
    let (ret, svg) = run_with_graph(&case, "3008", &[]);
    let errors: Vec<String> = ret
        .get("local")
        .and_then(Value::as_list)
        .expect("compile errors")
        .iter()
        .map(Value::py_str)
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e.starts_with("Referenced state does not exist"))
            && errors
                .iter()
                .any(|e| e.starts_with("Recursive requisites were found")),
        "{errors:?}"
    );
    let (salt_nodes, salt_edges) = salt_graph(&recorded_dot(&case));
    let (nodes, edges) = svg_graph(&svg);
    assert_eq!(nodes, salt_nodes);
    assert_eq!(edges, salt_edges);
    for g in groups(&svg, "state") {
        assert_eq!(attr(g, "data-outcome").as_deref(), Some("unknown"), "{g}");
    }
}

#[test]
fn run_graph_colours_each_state_by_its_result_3008() {
    // a tree that runs in 3008: a failure, a state its failure skips, a change under test
    let tree = tempfile::tempdir().expect("tree");
    let salt = tree.path().join("srv/salt");
    std::fs::create_dir_all(&salt).expect("srv/salt");
    std::fs::write(salt.join("top.sls"), "base:\n  '*':\n    - run\n").expect("top");
    std::fs::write(
        salt.join("run.sls"),
        "bad:\n  test.fail_without_changes: []\n\
         skipped:\n  test.nop:\n    - require:\n      - test: bad\n\
         change:\n  test.succeed_with_changes: []\n\
         same:\n  test.nop:\n    - require:\n      - test: change\n",
    )
    .expect("sls");
    let (ret, svg) = run_with_graph(tree.path(), "3008", &[]);
    let seen = check_colours(&ret, &svg);
    for kind in ["failed", "not-run", "would-change", "unchanged"] {
        assert!(seen.contains(kind), "no {kind} state in {seen:?}");
    }
}
