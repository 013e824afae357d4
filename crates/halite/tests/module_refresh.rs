//! Modules that become available during a run (issue 32; Salt's `State.check_refresh` and
//! `module_refresh`): a state that installs the program a module needs, with changes and
//! `reload_modules: True` (or any `pkg` state with changes), makes the rest of the run see
//! the module, as Salt's loader reload does; without the reload the module stays missing
//! for the run, as in Salt.
//!
//! The program is `debconf-get-selections` (`debconfmod`'s `__virtual__`). The run happens
//! in a private mount namespace (`unshare -m`, root only) where /usr/local/bin is a fresh
//! tmpfs and the host's own copy, if any, is hidden under a bind of /dev/null: the tools the
//! run installs land in that tmpfs and vanish with the namespace. The package case installs
//! a tiny .deb the test builds (`halitetest-refresh-tools`, the two tools in
//! /usr/local/bin) with `pkg.installed` `sources`, as mysql-formula installs debconf-utils
//! before its `debconf.set`; it is purged in the namespace after the run (and before, in case
//! an interrupted run left it in dpkg's database). Skipped, saying why, without root,
//! `unshare` or `dpkg-deb`.

use std::path::Path;
use std::process::Command;

fn skip_reason() -> Option<String> {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return Some("needs root (a private mount namespace)".into());
    }
    let ok = Command::new("unshare")
        .args(["-m", "--propagation", "private", "true"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        return Some("unshare -m does not work here".into());
    }
    if Command::new("dpkg-deb").arg("--version").output().is_err() {
        return Some("no dpkg-deb to build the test package".into());
    }
    None
}

/// The state that needs the module (debconfmod), requiring what installs its program.
const ANSWER: &str = "answer:
  debconf.set:
    - name: halitetest-refresh
    - data:
        'halitetest-refresh/question': {'type': 'string', 'value': 'yes'}
    - require:
";

/// The SLS: the tools written by a cmd.run (with or without `reload_modules`), then a
/// debconf.set that needs them.
fn sls(reload: bool) -> String {
    format!(
        r#"install_tools:
  cmd.run:
    - name: printf '#!/bin/sh\nexit 0\n' > /usr/local/bin/debconf-get-selections && printf '#!/bin/sh\nexit 0\n' > /usr/local/bin/debconf-set-selections && chmod 755 /usr/local/bin/debconf-get-selections /usr/local/bin/debconf-set-selections
    - reload_modules: {reload}

{answer}      - cmd: install_tools
"#,
        answer = ANSWER,
        reload = if reload { "True" } else { "False" }
    )
}

/// The package case's SLS: the tools from a package file, then the debconf.set.
fn pkg_sls(deb: &Path) -> String {
    format!(
        r#"install_tools:
  pkg.installed:
    - name: halitetest-refresh-tools
    - refresh: False
    - sources:
      - halitetest-refresh-tools: {deb}

{answer}      - pkg: install_tools
"#,
        answer = ANSWER,
        deb = deb.display()
    )
}

/// A package shipping the two tools in /usr/local/bin, built with dpkg-deb.
fn tools_deb(dir: &Path) -> std::path::PathBuf {
    let root = dir.join("deb");
    std::fs::create_dir_all(root.join("DEBIAN")).expect("DEBIAN");
    std::fs::create_dir_all(root.join("usr/local/bin")).expect("bin");
    std::fs::write(
        root.join("DEBIAN/control"),
        "Package: halitetest-refresh-tools\nVersion: 1.0\nArchitecture: all\nMaintainer: halite tests <halitetest@localhost>\nDescription: halite test package: fake debconf tools\n",
    )
    .expect("control");
    for tool in ["debconf-get-selections", "debconf-set-selections"] {
        let p = root.join("usr/local/bin").join(tool);
        std::fs::write(&p, "#!/bin/sh\nexit 0\n").expect("tool");
        std::fs::set_permissions(&p, std::os::unix::fs::PermissionsExt::from_mode(0o755))
            .expect("chmod");
    }
    let deb = dir.join("halitetest-refresh-tools_1.0_all.deb");
    let st = Command::new("dpkg-deb")
        .args(["--root-owner-group", "--build"])
        .arg(&root)
        .arg(&deb)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("dpkg-deb");
    assert!(st.success(), "dpkg-deb failed");
    deb
}

/// Runs the SLS in the namespace; the running dict.
fn run(dir: &Path, reload: bool) -> serde_json::Value {
    std::fs::write(dir.join("srv/refresh.sls"), sls(reload)).expect("sls");
    run_sls(dir)
}

fn run_sls(dir: &Path) -> serde_json::Value {
    let halite = env!("CARGO_BIN_EXE_halite");
    let script = format!(
        "set -e\n\
         mount -t tmpfs halitetest-refresh /usr/local/bin\n\
         for d in /usr/bin /bin /usr/sbin /sbin; do\n\
           if [ -f $d/debconf-get-selections ]; then mount --bind /dev/null $d/debconf-get-selections; fi\n\
         done\n\
         dpkg -P halitetest-refresh-tools >/dev/null 2>&1 || true\n\
         {halite} -c {dir} --out json -l quiet state.apply refresh; rc=$?\n\
         dpkg -P halitetest-refresh-tools >/dev/null 2>&1 || true\n\
         exit $rc\n",
        dir = dir.display()
    );
    let out = Command::new("unshare")
        .args(["-m", "--propagation", "private", "sh", "-c", &script])
        .output()
        .expect("unshare");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

fn answer(v: &serde_json::Value) -> &serde_json::Value {
    &v["local"]["debconf_|-answer_|-halitetest-refresh_|-set"]
}

#[test]
fn a_module_whose_program_a_state_installed_loads_for_the_rest_of_the_run() {
    if let Some(why) = skip_reason() {
        halite_testkit::skip(
            "a_module_whose_program_a_state_installed_loads_for_the_rest_of_the_run",
            &why,
        );
        return;
    }
    let scratch = tempfile::tempdir().expect("tempdir");
    let dir = scratch.path();
    std::fs::create_dir_all(dir.join("srv")).expect("srv");
    std::fs::write(
        dir.join("minion"),
        format!(
            "file_client: local\nid: refreshminion\ncachedir: {0}/cache\nfile_roots: {{base: [{0}/srv]}}\npillar_roots: {{base: []}}\n",
            dir.display()
        ),
    )
    .expect("minion");
    // without a reload the module stays missing for the run, as in Salt
    let v = run(dir, false);
    let a = answer(&v);
    assert_eq!(a["result"], false, "{v:#}");
    assert!(
        a["comment"]
            .as_str()
            .is_some_and(|c| c.contains("was not found in SLS 'refresh'")),
        "{v:#}"
    );
    // with it, debconf.set runs
    let v = run(dir, true);
    let a = answer(&v);
    assert_eq!(a["result"], true, "{v:#}");
    assert!(
        a["changes"].as_object().is_some_and(|c| !c.is_empty()),
        "{v:#}"
    );
    // a package that installs the tools: its changes reload the modules (no flag needed)
    if let Err(busy) = halite_testkit::dpkg::wait_for_dpkg() {
        halite_testkit::skip(
            "a_module_whose_program_a_state_installed_loads_for_the_rest_of_the_run (the package case)",
            &format!("{busy}"),
        );
        return;
    }
    let deb = tools_deb(dir);
    std::fs::write(dir.join("srv/refresh.sls"), pkg_sls(&deb)).expect("sls");
    let v = run_sls(dir);
    let p = &v["local"]["pkg_|-install_tools_|-halitetest-refresh-tools_|-installed"];
    assert_eq!(p["result"], true, "{v:#}");
    assert!(
        p["changes"].as_object().is_some_and(|c| !c.is_empty()),
        "{v:#}"
    );
    let a = answer(&v);
    assert_eq!(
        a["result"], true,
        "the package's module loaded for the rest of the run: {v:#}"
    );
    let left = Command::new("dpkg-query")
        .args([
            "-W",
            "-f",
            "${db:Status-Status}",
            "halitetest-refresh-tools",
        ])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    assert!(
        left.is_empty() || left == "not-installed",
        "the package was purged: {left}"
    );
    // nothing of the namespace's reached the host
    assert!(
        !Path::new("/usr/local/bin/debconf-set-selections").exists()
            || std::fs::read_to_string("/usr/local/bin/debconf-set-selections")
                .is_ok_and(|t| t != "#!/bin/sh\nexit 0\n"),
        "the tools were written in the namespace only"
    );
}
