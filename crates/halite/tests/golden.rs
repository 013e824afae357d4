//! Golden cases: each case folder (`tests/cases/*` and `crates/*/tests/cases/*`, layout in
//! scripts/oracle/record.py) holds a state tree, the salt-call commands to run and Salt's
//! recorded output: `expected/` from Salt 3007.8, `expected-3008/` from Salt 3008.4. Each
//! command is replayed through the `halite` binary with the same minion config, `salt_compat`
//! set to the release of the recording, and compared: stdout JSON and exit status.
//! `HALITE_GOLDEN_COMPAT=3007` (or `3008`) replays one release only.
//!
//! `tests/known-failures.txt` lists `case/NN reason` (Salt 3007.8) and `case/NN@3008 reason`
//! (Salt 3008.4) for commands halite does not match yet; such a command must still fail (so
//! the list stays true), every other one must pass.
//!
//! Host cases (`tests/host-cases/*`, a case folder with a `reset` script) change the machine
//! for real: packages from the local test repository, users, services, files with the
//! `halitetest` prefix. They need root (skipped with that reason otherwise) and run one at a
//! time, commands in order, with `sh reset` before and after each case (the state the
//! recording started from; record.py runs it the same way). A host case's `needs` file names
//! programs (one a line, `#` comments) its recording ran with, looked up on PATH as Salt's
//! `__virtual__` looks them up, and `formulas/PATH` folders of the saltstack-formulas
//! checkouts in `$HALITE_FORMULAS` (which a case's `minion` names `@FORMULAS@`); without one
//! the case is skipped, with that reason.

mod support;

use halite_value::{Map, SaltCompat, Value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use support::{case_env, expected_dir, job_key, known_failures, repo_root, shlex_split};

fn case_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut parents = vec![root.join("tests/cases"), root.join("tests/host-cases")];
    if let Ok(crates) = std::fs::read_dir(root.join("crates")) {
        parents.extend(crates.flatten().map(|c| c.path().join("tests/cases")));
    }
    for parent in parents {
        let Ok(entries) = std::fs::read_dir(&parent) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let recorded = SaltCompat::ALL
                .iter()
                .any(|c| p.join(expected_dir(*c)).is_dir());
            if p.join("commands").is_file() && recorded {
                dirs.push(p);
            }
        }
    }
    dirs.sort();
    dirs
}

fn commands(case: &Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(case.join("commands")).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(shlex_split)
        .collect()
}

fn roots(case: &Path, prefix: &str, base: &str) -> Value {
    let srv = case.join("srv");
    let mut m = Map::new();
    m.insert(
        "base",
        Value::List(vec![Value::str(srv.join(base).to_string_lossy())].into()),
    );
    let mut names: Vec<String> = std::fs::read_dir(&srv)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    for name in names {
        if let Some(env) = name.strip_prefix(prefix) {
            m.insert(
                env,
                Value::List(vec![Value::str(srv.join(&name).to_string_lossy())].into()),
            );
        }
    }
    Value::Map(m)
}

/// The same config as scripts/oracle/record.py `minion_config()`.
fn minion_config(case: &Path, scratch: &Path, compat: SaltCompat) -> Map {
    let mut conf = Map::new();
    let s = |p: &str| Value::str(scratch.join(p).to_string_lossy());
    conf.insert("file_client", Value::str("local"));
    conf.insert("id", Value::str("testminion"));
    conf.insert("file_roots", roots(case, "salt-", "salt"));
    conf.insert("pillar_roots", roots(case, "pillar-", "pillar"));
    conf.insert("cachedir", s("cache"));
    conf.insert("pki_dir", s("pki"));
    conf.insert("sock_dir", s("run"));
    conf.insert("log_file", s("log/minion"));
    let mut grains = Map::new();
    grains.insert("roles", Value::List(vec![Value::str("web")].into()));
    conf.insert("grains", Value::Map(grains));
    conf.insert("salt_compat", Value::str(compat.name()));
    if let Ok(extra) = std::fs::read_to_string(case.join("minion")) {
        let extra = extra
            .replace("@CASE@", &case.to_string_lossy())
            .replace("@SCRATCH@", &scratch.to_string_lossy())
            .replace("@FORMULAS@", &formulas_dir().to_string_lossy());
        if let Ok(Value::Map(extra)) = halite_yaml::load(&extra, halite_yaml::Schema::Salt) {
            for (k, v) in extra {
                conf.insert(k, v);
            }
        }
    }
    conf
}

/// A Python traceback in a comment: halite has no Python stack, so only the first line
/// (`... Traceback (most recent call last):`) and the exception line are compared.
fn traceback_ends(s: &str) -> Option<String> {
    let start = s.find("Traceback (most recent call last):")?;
    let head = &s[..start + "Traceback (most recent call last):".len()];
    let last = s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("");
    Some(format!("{head} ... {last}"))
}

/// "One or more requisite failed: a, b" is built from a Python set in Salt (random order).
fn sorted_requisite_list(s: &str) -> Option<String> {
    let rest = s.strip_prefix("One or more requisite failed: ")?;
    let mut parts: Vec<&str> = rest.split(", ").collect();
    parts.sort_unstable();
    Some(format!(
        "One or more requisite failed: {}",
        parts.join(", ")
    ))
}

/// `__salt.tmp.` + 8 random characters (`tempfile.mkstemp`'s names, as file.managed's
/// `check_cmd` makes them); file.serialize leaks one into its comment.
/// file.patch's "Patch would not apply cleanly" comment prints the dry run's `cmd.run_all`
/// dict (`out_format`: JSON under `--out json`, else nested): its pid differs run to run.
fn patch_dry_run_pid(s: &str) -> Option<String> {
    if !s.starts_with("Patch would not apply cleanly") {
        return None;
    }
    let mut out = String::new();
    let mut rest = s;
    for key in ["\"pid\": ", "pid:\n"] {
        if let Some(i) = rest.find(key) {
            let after = &rest[i + key.len()..];
            let spaces = after.len() - after.trim_start_matches(' ').len();
            let digits = after[spaces..]
                .bytes()
                .take_while(u8::is_ascii_digit)
                .count();
            out.push_str(&rest[..i + key.len() + spaces]);
            out.push_str("<normalized>");
            rest = &after[spaces + digits..];
            break;
        }
    }
    out.push_str(rest);
    Some(out)
}

fn salt_tmp_names(s: &str) -> Option<String> {
    random_suffix(s, "__salt.tmp.", 8, |b| {
        b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
    })
}

/// `apt-key` runs gpg in a fresh `mktemp --tmpdir apt-key-gpghome.XXXXXXXXXX` folder and
/// names it in `apt-key adv`'s output (pkg.mod_repo's "Error: key retrieval failed: Executing:
/// /tmp/apt-key-gpghome.XXXXXXXXXX/gpg.1.sh ..."): the ten random characters are compared as
/// `XXXXXXXXXX`.
fn apt_key_gpghome(s: &str) -> Option<String> {
    random_suffix(s, "apt-key-gpghome.", 10, |b| b.is_ascii_alphanumeric())
}

/// `s` with the `len` random characters after each `prefix` written as `X`s (only where all
/// `len` are characters `allowed` takes); `None` when `s` has no `prefix`.
fn random_suffix(s: &str, prefix: &str, len: usize, allowed: fn(u8) -> bool) -> Option<String> {
    if !s.contains(prefix) {
        return None;
    }
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find(prefix) {
        let after = &rest[i + prefix.len()..];
        let n = after.bytes().take(len).take_while(|b| allowed(*b)).count();
        out.push_str(&rest[..i + prefix.len()]);
        if n == len {
            out.push_str(&"X".repeat(len));
            rest = &after[len..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    Some(out)
}

/// `file.recurse` manages its files and directories in the order of a Python `set` (random per
/// process), so its `changes` keys and its "#### path ####" comment blocks (and the lines of its
/// "#### removed ####" block) are compared sorted.
fn normalize_recurse(ret: &mut Value) {
    let Value::Map(m) = ret else {
        return;
    };
    if let Some(Value::Map(ch)) = m.get_mut("changes") {
        ch.sort_keys();
    }
    let Some(Value::Str(c)) = m.get("comment") else {
        return;
    };
    if !c.starts_with("#### ") {
        return;
    }
    let text = format!("\n{c}");
    let mut blocks: Vec<String> = text
        .split("\n\n#### ")
        .map(|b| {
            b.trim_start_matches('\n')
                .trim_start_matches("#### ")
                .to_string()
        })
        .filter(|b| !b.is_empty())
        .map(|b| match b.strip_prefix("removed ####\n") {
            Some(rest) => {
                let mut lines: Vec<&str> = rest.split('\n').collect();
                lines.sort_unstable();
                format!("removed ####\n{}", lines.join("\n"))
            }
            None => b,
        })
        .collect();
    blocks.sort();
    m.insert("comment", Value::Str(blocks.join("\n<block>\n").into()));
}

fn is_old_new(v: &Value) -> bool {
    matches!(v, Value::Map(c) if c.len() == 2 && c.contains_key("old") && c.contains_key("new"))
}

fn is_str_list(v: &Value) -> bool {
    matches!(v, Value::List(l) if l.iter().all(|x| matches!(x, Value::Str(_))))
}

/// Times, durations and pids differ run to run; tracebacks and set-ordered lists are
/// compared as described above; everything else must match.
fn normalize(text: &str) -> String {
    fn walk(v: &mut Value) {
        if let Value::Str(s) = v {
            if let Some(n) = traceback_ends(s).or_else(|| sorted_requisite_list(s)) {
                *s = n.into();
            }
            if let Some(n) = salt_tmp_names(s) {
                *s = n.into();
            }
            if let Some(n) = patch_dry_run_pid(s) {
                *s = n.into();
            }
            if let Some(n) = apt_key_gpghome(s) {
                *s = n.into();
            }
            return;
        }
        match v {
            Value::Map(m) => {
                // salt.utils.data.compare_dicts (pkg.install/remove changes) iterates a set:
                // a dict of several {"old", "new"} dicts comes in Python's per-process order.
                if m.len() > 1 && m.values().all(is_old_new) {
                    m.sort_keys();
                }
                for (k, val) in m.iter_mut() {
                    match k.as_str() {
                        Some("start_time") | Some("duration") | Some("pid") => {
                            *val = Value::str("<normalized>")
                        }
                        // pkg.info_installed: the mtime of /var/lib/dpkg/info/NAME.list,
                        // i.e. when the case installed the package
                        Some("install_date") if matches!(val, Value::Str(_)) => {
                            *val = Value::str("<normalized>")
                        }
                        // file.directory `clean`: `changes.removed` is `list(set)` in Salt, in
                        // Python's per-process set order; compared sorted.
                        Some("removed") if is_str_list(val) => {
                            if let Value::List(l) = val {
                                l.sort_by_key(Value::py_str);
                            }
                        }
                        Some(tag) if tag.ends_with("_|-recurse") => {
                            normalize_recurse(val);
                            walk(val);
                        }
                        _ => walk(val),
                    }
                }
            }
            Value::List(l) => l.iter_mut().for_each(walk),
            _ => {}
        }
    }
    match Value::from_json_str(text) {
        Ok(mut v) => {
            walk(&mut v);
            v.to_json()
        }
        Err(_) => text.trim().to_string(),
    }
}

struct Run {
    stdout: String,
    rc: i32,
}

/// The binary under test: this package's, or `HALITE_BIN` (e.g. the profile-guided build of
/// scripts/pgo-build.sh, checked against the same recordings).
fn halite_bin() -> std::ffi::OsString {
    std::env::var_os("HALITE_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_halite").into())
}

fn run_halite(case: &Path, argv: &[String], compat: SaltCompat) -> Run {
    let scratch = tempfile::tempdir().expect("scratch dir");
    let conf_dir = scratch.path().join("conf");
    std::fs::create_dir_all(&conf_dir).expect("conf dir");
    let conf = Value::Map(minion_config(case, scratch.path(), compat));
    std::fs::write(conf_dir.join("minion"), conf.to_json()).expect("write minion config");
    let out = Command::new(halite_bin())
        .args(["--local", "-c"])
        .arg(&conf_dir)
        .args(["--out", "json", "-l", "quiet"])
        .args(argv)
        .env("HALITE_SCRATCH", scratch.path())
        // cmd.run's shell is $SHELL, like Salt's; recordings were made with bash.
        .env("SHELL", "/bin/bash")
        .envs(case_env(case))
        .current_dir(case)
        .output()
        .expect("run halite");
    let stdout = String::from_utf8_lossy(&out.stdout)
        .replace(&*scratch.path().to_string_lossy(), "@SCRATCH@")
        .replace(&*case.to_string_lossy(), "@CASE@");
    Run {
        stdout,
        rc: out.status.code().unwrap_or(-1),
    }
}

/// Functions whose answer lists every service of the host: the entries the case made (named
/// `halitetest...`) are compared, the others are the machine's own (the recording machine's
/// `udev`, `cron`, ... are not this one's) and left out on both sides.
const HOST_WIDE_LISTS: &[&str] = &[
    "service.get_enabled",
    "service.get_disabled",
    "service.get_all",
];

/// A `{"local": [names]}` answer with only the `halitetest` names kept.
fn test_entries_only(text: &str) -> String {
    match Value::from_json_str(text) {
        Ok(Value::Map(mut m)) => {
            if let Some(Value::List(l)) = m.get_mut("local") {
                l.retain(|v| matches!(v, Value::Str(s) if s.starts_with("halitetest")));
            }
            Value::Map(m).to_json()
        }
        _ => text.to_string(),
    }
}

/// One recorded command of one case.
struct Job {
    case: PathBuf,
    /// A host case (it has a `reset` script): run serially, as root only.
    host: bool,
    rel: String,
    key: String,
    n: usize,
    argv: Vec<String>,
    /// The Salt release of the recording replayed (`expected/` or `expected-3008/`).
    compat: SaltCompat,
}

/// A job's verdict: `None` when it matched Salt, else the failure text (and its summary line).
type Verdict = Option<(String, String)>;

fn run_job(job: &Job) -> Verdict {
    let (n, argv) = (job.n, &job.argv);
    let rel = &match job.compat {
        SaltCompat::V3007 => job.rel.clone(),
        other => format!("{}@{other}", job.rel),
    };
    let stem = job
        .case
        .join(expected_dir(job.compat))
        .join(format!("{n:02}"));
    let (Ok(expected), Ok(rc)) = (
        std::fs::read_to_string(stem.with_extension("json")),
        std::fs::read_to_string(stem.with_extension("rc")),
    ) else {
        let msg = format!(
            "{rel}/{n:02}: no recorded output (run scripts/oracle/record.sh {})",
            job.rel
        );
        return Some((msg.clone(), msg));
    };
    let expected_rc: i32 = rc.trim().parse().unwrap_or(-1);
    let got = run_halite(&job.case, argv, job.compat);
    let (mut want, mut have) = (normalize(&expected), normalize(&got.stdout));
    if argv
        .iter()
        .find(|a| !a.starts_with('-'))
        .is_some_and(|f| HOST_WIDE_LISTS.contains(&f.as_str()))
    {
        want = test_entries_only(&want);
        have = test_entries_only(&have);
    }
    if want == have && expected_rc == got.rc {
        return None;
    }
    let summary = format!(
        "{rel}/{n:02} `{}` exit salt={expected_rc} halite={}",
        argv.join(" "),
        got.rc
    );
    let diff = similar::TextDiff::from_lines(&want, &have)
        .unified_diff()
        .header("salt", "halite")
        .to_string();
    Some((
        format!(
            "{rel}/{n:02} `{}`: exit salt={expected_rc} halite={}\n{diff}",
            argv.join(" "),
            got.rc
        ),
        summary,
    ))
}

/// Where the saltstack-formulas checkouts are (`$HALITE_FORMULAS`, default /work/formulas,
/// as tests/formulas.rs): a case's `minion` writes it `@FORMULAS@`.
fn formulas_dir() -> PathBuf {
    std::env::var_os("HALITE_FORMULAS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/formulas"))
}

/// What a case's `needs` file names that this host lacks: programs looked up on PATH,
/// `formulas/PATH` lines (folders under the formulas checkouts), and `if: SHELL TEST` lines,
/// a condition of the host the recording depends on (its zone, its locale, what PID 1 is),
/// run with `sh -c` and met when it exits 0. A line's `#` starts a comment, except in an
/// `if:` line, which is taken whole.
fn missing_needs(case: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(case.join("needs")).unwrap_or_default();
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut missing = Vec::new();
    for line in text.lines().map(str::trim) {
        if let Some(test) = line.strip_prefix("if:") {
            let test = test.trim();
            let met = Command::new("sh")
                .args(["-c", test])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !met {
                missing.push(format!("a host where `{test}` holds"));
            }
            continue;
        }
        let need = line.split('#').next().unwrap_or("").trim();
        if need.is_empty() {
            continue;
        }
        match need.strip_prefix("formulas/") {
            Some(rel) if !formulas_dir().join(rel).is_dir() => missing.push(format!(
                "the formula checkout {} (set HALITE_FORMULAS; .ci/run clones it)",
                formulas_dir().join(rel).display()
            )),
            None if !std::env::split_paths(&path).any(|d| d.join(need).is_file()) => {
                missing.push(format!("{need} on PATH"))
            }
            _ => {}
        }
    }
    missing
}

/// A progress line on the process's stderr, past libtest's capture (which hides `eprintln!`
/// output of a passing test), so that a long run says what it is doing.
fn progress(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// Runs the jobs on every core (`HALITE_TEST_THREADS` overrides), each worker taking the next
/// job in order; the verdicts come back in job order.
fn run_jobs(jobs: &[Job]) -> Vec<Verdict> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let threads = std::env::var("HALITE_TEST_THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 64);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let failed = AtomicUsize::new(0);
    let verdicts: Mutex<Vec<Option<Verdict>>> = Mutex::new((0..jobs.len()).map(|_| None).collect());
    let start = std::time::Instant::now();
    let last_report = Mutex::new(start);
    progress(&format!(
        "golden: {} commands on {threads} threads (`-- --nocapture` lists each one)",
        jobs.len()
    ));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let verdict = run_job(job);
                if verdict.is_some() {
                    failed.fetch_add(1, Ordering::Relaxed);
                }
                let k = done.fetch_add(1, Ordering::Relaxed) + 1;
                eprintln!(
                    "golden [{k}/{}] {} {}",
                    jobs.len(),
                    job.key,
                    if verdict.is_some() { "differs" } else { "ok" }
                );
                if let Ok(mut v) = verdicts.lock() {
                    v[i] = Some(verdict);
                }
                if let Ok(mut last) = last_report.lock() {
                    if last.elapsed() >= std::time::Duration::from_secs(10) {
                        *last = std::time::Instant::now();
                        progress(&format!(
                            "golden: {k}/{} commands done, {} differ so far ({} s), now {}",
                            jobs.len(),
                            failed.load(Ordering::Relaxed),
                            start.elapsed().as_secs(),
                            job.rel
                        ));
                    }
                }
            });
        }
    });
    progress(&format!(
        "golden: {} commands in {:.1} s",
        jobs.len(),
        start.elapsed().as_secs_f64()
    ));
    verdicts
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(|v| v.unwrap_or_else(|| Some(("a worker panicked".into(), "panic".into()))))
        .collect()
}

/// Runs `sh reset` of a host case (`sh reset after` once its commands ran: a reset may then
/// also remove what the case starts from); a failing reset is a failing case.
fn reset_host(case: &Path, after: bool) -> Result<(), String> {
    let out = Command::new("sh")
        .arg("reset")
        .args(after.then_some("after"))
        .current_dir(case)
        .output()
        .map_err(|e| format!("{}: cannot run reset: {e}", case.display()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}: reset failed ({}): {}",
            case.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}

/// Whether a host case runs apt: every such case confines apt to its own sources with an
/// `APT_CONFIG` in its `env` (tests/host-fixtures/pkg-repo.sh).
fn runs_apt(case: &Path) -> bool {
    case_env(case).iter().any(|(k, _)| k == "APT_CONFIG")
}

/// A case group whose commands or resets found apt's or dpkg's lock held by another
/// process (apt-daily, unattended-upgrades): the host was busy, the case says nothing about
/// halite; the reason to report it as a skip.
fn lock_taken_during(verdicts: &[Option<Verdict>], before: &Result<(), String>) -> Option<String> {
    // apt's or dpkg's message, which names the holder
    let said = verdicts
        .iter()
        .flatten()
        .flatten()
        .map(|(failure, _)| failure.as_str())
        .chain(before.as_ref().err().map(String::as_str))
        .find_map(halite_testkit::dpkg::lock_message)?;
    Some(format!(
        "apt or dpkg found its lock held by another process (apt-daily, \
         unattended-upgrades, ...) during the case: {said}"
    ))
}

/// The host cases, one at a time in order, each between two resets; `None` (with the reason
/// on stderr) when not root. A case that runs apt first waits (bounded) for apt's and
/// dpkg's locks to be free (halite_testkit::dpkg); when another process keeps one, or took
/// one while the case ran, the case's commands are skipped with that reason (`None` in
/// their place), not failed.
fn run_host_jobs(jobs: &[Job]) -> Option<Vec<Option<Verdict>>> {
    if jobs.is_empty() {
        return Some(Vec::new());
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } != 0 {
        halite_testkit::skip(
            &format!(
                "golden: {} host-case commands (tests/host-cases)",
                jobs.len()
            ),
            "they install packages from the test's own apt repository and create users, \
             services and files, which needs root",
        );
        return None;
    }
    let start = std::time::Instant::now();
    let mut verdicts = Vec::with_capacity(jobs.len());
    let mut i = 0;
    while i < jobs.len() {
        // One case's commands of one release between two resets.
        let (case, compat) = (&jobs[i].case, jobs[i].compat);
        let end = i + jobs[i..]
            .iter()
            .take_while(|j| &j.case == case && j.compat == compat)
            .count();
        let group = &jobs[i..end];
        let skip_group = |why: &str| {
            for job in group {
                halite_testkit::skip(&format!("golden host {}", job.key), why);
            }
        };
        if runs_apt(case) {
            if let Err(busy) = halite_testkit::dpkg::wait_for_dpkg() {
                skip_group(&busy.to_string());
                verdicts.extend(group.iter().map(|_| None));
                i = end;
                continue;
            }
        }
        let before = reset_host(case, false);
        let mut ran: Vec<Option<Verdict>> = Vec::with_capacity(group.len());
        for job in group {
            let verdict = match &before {
                Ok(()) => run_job(job),
                Err(e) => Some((e.clone(), format!("{}/{:02} reset failed", job.rel, job.n))),
            };
            eprintln!(
                "golden host {} {}",
                job.key,
                if verdict.is_some() { "differs" } else { "ok" }
            );
            ran.push(Some(verdict));
        }
        let after = reset_host(case, true);
        if let Err(e) = &after {
            if let Some(Some(last)) = ran.last_mut() {
                last.get_or_insert((
                    e.clone(),
                    format!("{} reset after the case failed", jobs[i].rel),
                ));
            }
        }
        match lock_taken_during(&ran, &before) {
            Some(why) if runs_apt(case) => {
                skip_group(&why);
                verdicts.extend(group.iter().map(|_| None));
            }
            _ => verdicts.extend(ran),
        }
        i = end;
    }
    // The cases' resets keep the shared fixture between cases (the built test apt
    // repository and its list file); once all have run, `clean` takes it off the host.
    // It purges packages with dpkg: first wait (bounded) for another apt or dpkg to finish.
    let fixture = "tests/host-fixtures/pkg-repo.sh";
    let cleaned = match halite_testkit::dpkg::wait_for_dpkg() {
        Ok(_) => Command::new("sh")
            .arg(repo_root().join(fixture))
            .arg("clean")
            .status()
            .is_ok_and(|s| s.success()),
        Err(busy) => {
            progress(&format!("golden: `sh {fixture} clean` not run: {busy}"));
            true
        }
    };
    if !cleaned {
        progress(&format!("golden: `sh {fixture} clean` failed"));
    }
    progress(&format!(
        "golden: {} host-case commands in {:.1} s",
        jobs.len(),
        start.elapsed().as_secs_f64()
    ));
    Some(verdicts)
}

/// Git keeps no empty folder: a case whose tree needs one lists it (relative to the case) in
/// `CASE/empty-dirs`, one a line, and it is made before the case runs (scripts/oracle/record.py
/// does the same when recording).
fn make_empty_dirs(case: &Path) {
    let Ok(list) = std::fs::read_to_string(case.join("empty-dirs")) else {
        return;
    };
    for line in list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let dir = case.join(line);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    }
}

#[test]
fn golden_cases_match_salt() {
    let root = repo_root();
    let known = known_failures(&root);
    // HALITE_GOLDEN=substring runs only the cases whose path in the repository contains it
    // (`tests/cases` leaves out the host cases, `tests/host-cases` runs only them).
    let filter = std::env::var("HALITE_GOLDEN").unwrap_or_default();
    // HALITE_GOLDEN_COMPAT=3007 or 3008 replays the recordings of one release only.
    let releases: Vec<SaltCompat> = match std::env::var("HALITE_GOLDEN_COMPAT") {
        Ok(v) if !v.is_empty() => match SaltCompat::parse(&Value::str(v.clone())) {
            Some(c) => vec![c],
            None => panic!("HALITE_GOLDEN_COMPAT={v}: not a release (3007 or 3008)"),
        },
        _ => SaltCompat::ALL.to_vec(),
    };
    let mut jobs = Vec::new();
    for case in case_dirs(&root) {
        let rel = case
            .strip_prefix(&root)
            .unwrap_or(&case)
            .to_string_lossy()
            .into_owned();
        // Matched against the path inside the repository, so the checkout's own folder
        // name (a worktree called `diag`, say) selects nothing.
        if !rel.contains(&filter) {
            continue;
        }
        make_empty_dirs(&case);
        let missing = missing_needs(&case);
        if !missing.is_empty() {
            halite_testkit::skip(
                &format!("golden {rel}"),
                &format!(
                    "it was recorded with {}, which this host lacks",
                    missing.join(", ")
                ),
            );
            continue;
        }
        let name = case
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for &compat in &releases {
            // A release without a recording in this case has nothing to replay.
            if !case.join(expected_dir(compat)).is_dir() {
                continue;
            }
            for (n, argv) in commands(&case).into_iter().enumerate() {
                jobs.push(Job {
                    case: case.clone(),
                    host: case.join("reset").is_file(),
                    rel: rel.clone(),
                    key: job_key(&name, n, compat),
                    n,
                    argv,
                    compat,
                });
            }
        }
    }
    let (host_jobs, jobs): (Vec<Job>, Vec<Job>) = jobs.into_iter().partition(|j| j.host);
    let mut verdicts = run_jobs(&jobs);
    let jobs: Vec<Job> = match run_host_jobs(&host_jobs) {
        Some(host_verdicts) => {
            // a skipped host case (its verdict `None`) neither passes nor fails
            let mut ran = Vec::new();
            for (job, verdict) in host_jobs.into_iter().zip(host_verdicts) {
                if let Some(v) = verdict {
                    ran.push(job);
                    verdicts.push(v);
                }
            }
            jobs.into_iter().chain(ran).collect()
        }
        None => jobs,
    };
    let mut failures = Vec::new();
    let mut unexpected_passes = Vec::new();
    let mut summary = Vec::new();
    let (mut passed, mut known_failed) = (0, 0);
    for (job, verdict) in jobs.iter().zip(verdicts) {
        match (verdict, known.contains_key(&job.key)) {
            (None, false) => passed += 1,
            (None, true) => unexpected_passes.push(job.key.clone()),
            (Some(_), true) => known_failed += 1,
            (Some((failure, line)), false) => {
                failures.push(failure);
                summary.push(line);
            }
        }
    }
    println!("golden: {passed} passed, {known_failed} known failures (tests/known-failures.txt)");
    assert!(
        unexpected_passes.is_empty(),
        "these now match Salt: remove them from tests/known-failures.txt: {unexpected_passes:?}"
    );
    assert!(
        failures.is_empty(),
        "{} command(s) differ from Salt:\n{}\n\n{}",
        failures.len(),
        summary.join("\n"),
        failures.join("\n\n")
    );
}

#[test]
fn shlex_split_handles_quotes() {
    assert_eq!(
        shlex_split(r#"pillar.items pillar='{"a": 1}' x"#),
        vec!["pillar.items", r#"pillar={"a": 1}"#, "x"]
    );
}

#[test]
fn a_case_that_met_a_held_dpkg_lock_is_a_skip_not_a_difference() {
    let differs = |text: &str| Some(Some((text.to_string(), "summary".to_string())));
    let ok: Option<Verdict> = Some(None);
    let locked = "+    \"comment\": \"E: Could not get lock /var/lib/dpkg/lock-frontend. \
                  It is held by process 4242 (unattended-upgr)\"";
    let why = lock_taken_during(&[ok.clone(), differs(locked)], &Ok(()));
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("held by process 4242 (unattended-upgr)")),
        "{why:?}"
    );
    assert!(lock_taken_during(
        &[],
        &Err(
            "reset failed: dpkg: error: dpkg frontend lock was locked by another process \
              with pid 4242"
                .into()
        )
    )
    .is_some());
    // a real difference stays one
    assert!(lock_taken_during(&[ok, differs("-  \"result\": true")], &Ok(())).is_none());
}
