//! The diagnostics corpus: `tests/diagnostics/NAME/` is a broken tree (`srv/salt`, one
//! mistake each, a `README` saying where it is when that is not obvious, an optional
//! `command`, default `state.apply test=True`). halite runs it; what it prints on standard
//! error (the annotated diagnostic) is compared with `NAME/diagnostic.snap` (insta). A
//! snapshot must point at the line of the real mistake: each was checked by eye when it was
//! accepted. Standard output is Salt's text and is not part of the snapshot. Each tree runs
//! as Salt 3008 (`diagnostic.snap`) and as Salt 3007 (the same snapshot, or
//! `diagnostic-3007.snap` where the releases report the mistake differently: 3008 finds a
//! requisite naming nothing or a cycle when compiling, 3007 when running).
//!
//! A tree may also hold Salt's answer to its command, recorded as for a golden case
//! (`commands` with the one command, then `scripts/oracle/record.py` for `expected/` from
//! Salt 3007.8 and `expected-3008/` from Salt 3008.4): standard output and the exit status
//! must then be Salt's, the diagnostic being only beside them.

use halite_value::{Map, Value};
use std::path::{Path, PathBuf};
use std::process::Command;

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/diagnostics")
}

fn roots(dir: &Path) -> Value {
    let mut m = Map::new();
    m.insert(
        "base",
        Value::List(vec![Value::str(dir.to_string_lossy())].into()),
    );
    Value::Map(m)
}

/// Runs `argv` on the case as Salt `release`; returns (stdout, stderr, exit code) with the
/// case and scratch paths replaced by `@CASE@` and `@SCRATCH@`.
fn run(case: &Path, argv: &[&str], release: &str) -> (String, String, i32) {
    let scratch = tempfile::tempdir().expect("scratch dir");
    let conf_dir = config(case, scratch.path(), release);
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(&conf_dir)
        .args(["--out", "json", "-l", "quiet"])
        .args(argv)
        .current_dir(case)
        .output()
        .expect("run halite");
    let clean = |b: &[u8]| {
        String::from_utf8_lossy(b)
            .replace(&*scratch.path().to_string_lossy(), "@SCRATCH@")
            .replace(&*case.to_string_lossy(), "@CASE@")
    };
    (
        clean(&out.stdout),
        clean(&out.stderr),
        out.status.code().unwrap_or(-1),
    )
}

/// Writes the minion config of `case` under `scratch`; returns its folder.
fn config(case: &Path, scratch: &Path, release: &str) -> PathBuf {
    let conf_dir = scratch.join("conf");
    std::fs::create_dir_all(&conf_dir).expect("conf dir");
    let mut conf = Map::new();
    let s = |p: &str| Value::str(scratch.join(p).to_string_lossy());
    conf.insert("file_client", Value::str("local"));
    conf.insert("id", Value::str("testminion"));
    conf.insert("file_roots", roots(&case.join("srv/salt")));
    conf.insert("pillar_roots", roots(&case.join("srv/pillar")));
    conf.insert("cachedir", s("cache"));
    conf.insert("pki_dir", s("pki"));
    conf.insert("sock_dir", s("run"));
    conf.insert("log_file", s("log/minion"));
    conf.insert("salt_compat", Value::str(release));
    // as scripts/oracle/record.py configures the recording
    let mut grains = Map::new();
    grains.insert("roles", Value::List(vec![Value::str("web")].into()));
    conf.insert("grains", Value::Map(grains));
    std::fs::write(conf_dir.join("minion"), Value::Map(conf).to_json()).expect("config");
    conf_dir
}

/// On a terminal, the default highstate output shows each error's diagnostic in place of
/// Salt's text, which stays as its last line; with `--out json` standard output stays
/// Salt's even on a terminal. The terminal is `script`'s pseudo-terminal.
#[test]
fn on_a_terminal_the_highstate_output_shows_the_diagnostic_then_salts_text() {
    if Command::new("script").arg("--version").output().is_err() {
        halite_testkit::skip_this_test("no `script` command to give halite a terminal");
        return;
    }
    let case = corpus()
        .join("top_names_missing_sls_typo")
        .canonicalize()
        .expect("case path");
    let scratch = tempfile::tempdir().expect("scratch dir");
    let conf_dir = config(&case, scratch.path(), "3008");
    let on_terminal = |out: &str| {
        let cmd = format!(
            "{} --local -c {} -l quiet --no-color {out} state.apply test=True 2>/dev/null",
            env!("CARGO_BIN_EXE_halite"),
            conf_dir.display()
        );
        let o = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .output()
            .expect("run script");
        String::from_utf8_lossy(&o.stdout).replace('\r', "")
    };
    let shown = on_terminal("");
    let salt = "No matching sls found for 'webb' in env 'base'";
    let at = shown
        .find("top.sls:4:7")
        .expect("the diagnostic on standard output");
    let hint = shown.find("did you mean `web`?").expect("the hint");
    let salt_at = shown.rfind(salt).expect("Salt's text");
    assert!(
        at < hint && hint < salt_at,
        "Salt's text must follow the diagnostic:\n{shown}"
    );
    let json = on_terminal("--out json");
    assert!(
        !json.contains("┌─") && json.contains(salt),
        "--out json on a terminal must stay Salt's:\n{json}"
    );
}

/// A diagnostic names its file normalised: a config folder given as `conf/../conf`, a
/// relative file_roots entry (`../tree/srv/salt`, resolved against the config folder) and an
/// absolute one with `.` and `..` in it are shown without them (the example tree's config
/// is written this way).
#[test]
fn a_diagnostic_names_its_file_without_dot_dot() {
    let case = corpus()
        .join("include_missing_sls")
        .canonicalize()
        .expect("case path");
    let scratch = tempfile::tempdir().expect("scratch dir");
    let scratch_path = scratch.path().canonicalize().expect("scratch path");
    let tree = scratch_path.join("tree/srv/salt");
    std::fs::create_dir_all(&tree).expect("tree dir");
    for f in ["top.sls", "web.sls"] {
        std::fs::copy(case.join("srv/salt").join(f), tree.join(f)).expect("copy the case");
    }
    let conf_dir = config(&case, &scratch_path, "3008");
    let minion = std::fs::read_to_string(conf_dir.join("minion")).expect("minion config");
    let mut conf = Value::from_json_str(&minion).expect("the config is JSON");
    let relative = "./../tree/srv/../srv/salt".to_string();
    let absolute = format!("{}/srv/./../srv/salt", case.display());
    for (entry, file) in [
        (relative, tree.join("web.sls")),
        (absolute, case.join("srv/salt/web.sls")),
    ] {
        if let Value::Map(m) = &mut conf {
            m.insert("file_roots", roots(Path::new(&entry)));
        }
        std::fs::write(conf_dir.join("minion"), conf.to_json()).expect("config");
        let out = Command::new(env!("CARGO_BIN_EXE_halite"))
            .args([
                "--local",
                "-c",
                "conf/../conf",
                "--out",
                "json",
                "-l",
                "quiet",
            ])
            .args(["state.apply", "test=True"])
            .current_dir(&scratch_path)
            .output()
            .expect("run halite");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let want = format!("┌─ {}:2:5", file.display());
        assert!(
            stderr.contains(&want) && !stderr.contains("/../") && !stderr.contains("/./"),
            "file_roots {entry}: want `{want}`, normalised, in:\n{stderr}"
        );
    }
}

fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("tests/diagnostics")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("srv/salt").is_dir())
        .collect();
    v.sort();
    v
}

#[test]
fn each_broken_tree_gets_a_diagnostic_at_its_mistake() {
    let only = std::env::var("HALITE_DIAG").ok();
    let all = cases();
    assert!(all.len() >= 40, "the corpus has {} trees", all.len());
    let mut missing = Vec::new();
    for case in all {
        let case = case.canonicalize().expect("case path");
        let name = case.file_name().unwrap().to_string_lossy().to_string();
        if only.as_deref().is_some_and(|o| !name.contains(o)) {
            continue;
        }
        let command = std::fs::read_to_string(case.join("command"))
            .or_else(|_| std::fs::read_to_string(case.join("commands")))
            .map(|c| {
                c.lines()
                    .map(str::trim)
                    .find(|l| !l.is_empty() && !l.starts_with('#'))
                    .unwrap_or("")
                    .to_string()
            })
            .unwrap_or_else(|_| "state.apply test=True".into());
        let argv: Vec<&str> = command.split_whitespace().collect();
        let (stdout, stderr, rc) = run(&case, &argv, "3008");
        let (stdout_3007, stderr_3007, rc_3007) = run(&case, &argv, "3007");
        for (dir, out, code) in [
            ("expected-3008", &stdout, rc),
            ("expected", &stdout_3007, rc_3007),
        ] {
            let Ok(want) = std::fs::read_to_string(case.join(dir).join("00.json")) else {
                continue;
            };
            let want_rc: i32 = std::fs::read_to_string(case.join(dir).join("00.rc"))
                .ok()
                .and_then(|r| r.trim().parse().ok())
                .expect("00.rc beside 00.json");
            let same = |a: &str| match Value::from_json_str(a) {
                Ok(v) => v.to_json(),
                Err(_) => a.trim().to_string(),
            };
            if same(out) != same(&want) || code != want_rc {
                missing.push(format!(
                    "{name}: standard output or exit status differ from Salt's ({dir}): \
                     want rc {want_rc}\n{want}\ngot rc {code}\n{out}"
                ));
            }
        }
        // Salt's text stays on standard output, untouched: the diagnostic is only beside it.
        assert!(
            !stdout.contains("┌─") && !stdout_3007.contains("┌─"),
            "{name}: a diagnostic reached standard output"
        );
        let mut checked = false;
        for (release, stderr) in [("3008", &stderr), ("3007", &stderr_3007)] {
            if !stderr.contains("@CASE@/srv/") {
                missing.push(format!(
                    "{name} as {release}: no diagnostic naming a file of the tree:\n{stderr}"
                ));
                checked = true;
            }
        }
        if checked {
            continue;
        }
        let snapshot_3007 = case.join("diagnostic-3007.snap");
        insta::with_settings!({
            snapshot_path => case.clone(),
            prepend_module_to_snapshot => false,
            omit_expression => true,
            description => format!("halite --out json {command}").trim().to_string(),
        }, {
            insta::assert_snapshot!("diagnostic", stderr);
            if stderr_3007 == stderr {
                assert!(
                    !snapshot_3007.exists(),
                    "{name}: both releases print diagnostic.snap; remove diagnostic-3007.snap"
                );
            } else {
                insta::assert_snapshot!("diagnostic-3007", stderr_3007);
            }
        });
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
