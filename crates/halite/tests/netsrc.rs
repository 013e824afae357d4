//! Remote sources need the system's `curl` (halite-exec's `http` module): without it on
//! PATH a fetch fails saying so, instead of an opaque error. (What Salt prints for remote
//! sources is compared by tests/cases/netsrc_unreachable and tests/host-cases/netsrc_*.)

use std::path::Path;
use std::process::{Command, Output};

/// Runs `halite --local --out json ARGS` over a state tree holding `files`, with PATH an
/// empty folder (no curl).
fn run_without_curl(files: &[(&str, &str)], args: &[&str]) -> Output {
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
    let empty_path = root.join("empty-path");
    std::fs::create_dir_all(&empty_path).expect("mkdir");
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
        .env("PATH", &empty_path)
        .args(["--local", "-c"])
        .arg(Path::new(&conf))
        .args(["--out", "json", "-l", "quiet"])
        .args(args)
        .output()
        .expect("run halite")
}

#[test]
fn file_managed_http_source_without_curl_says_curl_is_needed() {
    let out = run_without_curl(
        &[(
            "salt/remote.sls",
            "fetched:\n  file.managed:\n    - name: /tmp/halitetestnw-never-written\n    - source: http://127.0.0.1:9/x.txt\n    - skip_verify: True\n",
        )],
        &["state.sls", "remote"],
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains(
            "Failed to cache http://127.0.0.1:9/x.txt: halite: fetching http://127.0.0.1:9/x.txt needs curl on this host (not found on PATH)"
        ),
        "{stdout}"
    );
    assert!(!Path::new("/tmp/halitetestnw-never-written").exists());
}

#[test]
fn cp_cache_file_without_curl_says_curl_is_needed() {
    let out = run_without_curl(&[], &["cp.cache_file", "https://127.0.0.1:9/x.txt"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("needs curl on this host"), "{stderr}");
    assert!(out.stdout.is_empty(), "{:?}", out.stdout);
}
