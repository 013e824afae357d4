//! What the command line prints on stderr for calls Salt rejects before or instead of
//! returning data (the golden cases compare only stdout and the exit status).

use std::path::Path;
use std::process::{Command, Output};

/// Runs `halite --local --out json ARGS` over a state tree holding `files`.
fn run(files: &[(&str, &str)], args: &[&str]) -> Output {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    let srv = root.join("srv");
    for (name, text) in files {
        let path = srv.join(name);
        std::fs::create_dir_all(path.parent().unwrap_or(&srv)).expect("mkdir");
        std::fs::write(&path, text).expect("write");
    }
    std::fs::create_dir_all(srv.join("pillar")).expect("mkdir");
    let conf = root.join("conf");
    std::fs::create_dir_all(&conf).expect("mkdir");
    let p = |s: &str| root.join(s).to_string_lossy().into_owned();
    let minion = format!(
        "file_client: local\nid: testminion\nfile_roots: {{base: ['{}']}}\npillar_roots: {{base: ['{}']}}\ncachedir: '{}'\npki_dir: '{}'\nsock_dir: '{}'\nlog_file: '{}'\n",
        p("srv/salt"),
        p("srv/pillar"),
        p("cache"),
        p("pki"),
        p("run"),
        p("log/minion"),
    );
    std::fs::write(conf.join("minion"), minion).expect("write");
    Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(Path::new(&conf))
        .args(["--out", "json", "-l", "quiet"])
        .args(args)
        .output()
        .expect("run halite")
}

#[test]
fn unknown_function_is_reported_once_with_status_255() {
    // salt-call --local foo.bar (Salt 3007.8, with or without --out json): nothing on
    // stdout, this one line on stderr, `sys.exit(-1)`.
    for fun in ["foo.bar", "foo", "state.nosuch"] {
        let out = run(&[("salt/a.sls", "a: {test.nop: []}\n")], &[fun]);
        assert_eq!(out.status.code(), Some(255), "{fun}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{fun}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("'{fun}' is not available.\n"),
            "{fun}"
        );
    }
}

#[test]
fn top_file_that_is_a_list_is_named_on_stderr() {
    // Salt crashes on it (AttributeError: 'list' object has no attribute 'items'): stdout
    // empty, exit 1 (tests/cases/top_shapes); halite also says what is wrong.
    let files = [
        ("salt/top.sls", "- base:\n    '*':\n      - a\n"),
        ("salt/a.sls", "a: {test.nop: []}\n"),
    ];
    for fun in [
        "state.show_top",
        "state.show_highstate",
        "state.show_lowstate",
    ] {
        let out = run(&files, &[fun]);
        assert_eq!(out.status.code(), Some(1), "{fun}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{fun}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains("The top file of saltenv 'base' renders to a list, not to a dict"),
            "{fun}: {err}"
        );
    }
}

#[test]
fn top_targets_that_are_a_list_are_named_on_stderr() {
    let files = [
        ("salt/top.sls", "base:\n  - a\n"),
        ("salt/a.sls", "a: {test.nop: []}\n"),
    ];
    let out = run(&files, &["state.show_top"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("the targets of saltenv 'base' in the top file are a list"),
        "{err}"
    );
}

#[test]
fn show_functions_refuse_a_failed_pillar_on_stderr() {
    // Salt 3007.8: CommandExecutionError("Pillar failed to render", info=errors), printed
    // by salt-call as below; stdout empty, exit 1 (tests/cases/pillar_failure_calls).
    let files = [
        ("salt/top.sls", "base:\n  '*':\n    - a\n"),
        ("salt/a.sls", "a: {test.nop: []}\n"),
        ("pillar/top.sls", "base:\n  '*':\n    - bad\n"),
        ("pillar/bad.sls", "x: {{ nope }}\n"),
    ];
    for call in [
        &["state.show_sls", "a"][..],
        &["state.show_low_sls", "a"],
        &["state.show_top"],
        &["state.show_highstate"],
        &["state.show_lowstate"],
    ] {
        let out = run(&files, call);
        assert_eq!(out.status.code(), Some(1), "{call:?}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{call:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!(
                "Error running '{}': Pillar failed to render. Additional info follows:\n\n- Rendering SLS 'bad' failed. Please see master log for details.\n",
                call[0]
            ),
            "{call:?}"
        );
    }
}

#[test]
fn log_lines_on_a_pipe_carry_no_colour_codes() {
    // stderr is a pipe here: the log line is plain text (colour only on a terminal).
    let dir = tempfile::tempdir().expect("tempdir");
    let conf = dir.path().join("conf");
    std::fs::create_dir_all(&conf).expect("mkdir");
    std::fs::create_dir_all(dir.path().join("srv")).expect("mkdir");
    std::fs::write(
        conf.join("minion"),
        format!(
            "file_client: local\nfile_roots: {{base: ['{}']}}\ncachedir: '{}'\n",
            dir.path().join("srv").display(),
            dir.path().join("cache").display()
        ),
    )
    .expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(&conf)
        .args([
            "--out",
            "json",
            "-l",
            "error",
            "cp.get_file_str",
            "salt://missing.txt",
        ])
        .output()
        .expect("run halite");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Unable to cache file 'salt://missing.txt'"),
        "{err}"
    );
    assert!(!err.contains('\x1b'), "{err:?}");
}
