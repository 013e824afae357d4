//! Real Salt formulas (issue 4): `tests/formulas/<formula>/` holds the halite-authored
//! setup for one saltstack-formulas checkout (pillar `top.sls`, the `minion` config template,
//! `pillar-source` naming the formula's pillar file, a `commands` list) and Salt 3007.8's
//! recorded answers `expected/NN.json` + `NN.rc` (see scripts/formulas/formulas.py).
//!
//! The formula sources themselves are not in the repository: the test runs halite against
//! the checkouts in `$HALITE_FORMULAS` (default /work/formulas) and, when they are absent,
//! prints a skip message and passes.
//!
//! The recordings are host-dependent: both Salt and halite use this host's real grains
//! (os_family, osarch, ...), which the formulas' map.jinja files read. They were recorded on
//! the development host; on a different OS, re-record them first with
//! `scripts/formulas/formulas.py record` (needs the Salt oracle).
//!
//! `tests/formulas/known-failures.txt` lists `formula/NN cause` for commands halite does not
//! match yet; those must still differ (so the list stays honest), every other one must match.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repo root")
}

fn formulas_dir() -> PathBuf {
    std::env::var_os("HALITE_FORMULAS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/work/formulas"))
}

fn fixtures(root: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("tests/formulas"))
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.join("commands").is_file() && p.join("expected").is_dir())
                .collect()
        })
        .unwrap_or_default();
    dirs.sort();
    dirs
}

fn commands(fixture: &Path) -> Vec<Vec<String>> {
    std::fs::read_to_string(fixture.join("commands"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

fn known_failures(root: &Path) -> BTreeMap<String, String> {
    std::fs::read_to_string(root.join("tests/formulas/known-failures.txt"))
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(' ') {
            Some((k, why)) => (k.to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// The temp tree scripts/formulas/formulas.py `setup_scratch()` builds.
fn setup_scratch(
    fixture: &Path,
    checkout: &Path,
    formulas: &Path,
    compat: &str,
) -> std::io::Result<tempfile::TempDir> {
    let scratch = tempfile::Builder::new()
        .prefix("halite-formula-")
        .tempdir()?;
    let pillar = scratch.path().join("pillar");
    let conf = scratch.path().join("conf");
    std::fs::create_dir_all(&pillar)?;
    std::fs::create_dir_all(&conf)?;
    std::fs::copy(fixture.join("top.sls"), pillar.join("top.sls"))?;
    let source = std::fs::read_to_string(fixture.join("pillar-source"))?;
    std::fs::copy(checkout.join(source.trim()), pillar.join("formula.sls"))?;
    let mut minion = std::fs::read_to_string(fixture.join("minion"))?
        .replace("@FORMULAS@", &formulas.to_string_lossy())
        .replace("@SCRATCH@", &scratch.path().to_string_lossy());
    // `expected/` is Salt 3007.8's answers, `expected-3008/` Salt 3008.4's: halite behaves as
    // the release it is compared with.
    minion.push_str(&format!("\nsalt_compat: '{compat}'\n"));
    std::fs::write(conf.join("minion"), minion)?;
    Ok(scratch)
}

struct Outcome {
    key: String,
    ok: bool,
    report: String,
}

/// The wall-clock stamps `YY-MM-DD_HH:MM:SS` that postgres' pillar.example renders with
/// `salt['status.time']` become `@TIME@`: the recording's time can never be replayed.
fn mask_clock(text: &str) -> String {
    const SHAPE: &[u8] = b"dd-dd-dd_dd:dd:dd";
    let bytes = text.as_bytes();
    let fits = |at: usize| {
        bytes.len() >= at + SHAPE.len()
            && SHAPE.iter().zip(&bytes[at..]).all(|(s, b)| match s {
                b'd' => b.is_ascii_digit(),
                other => other == b,
            })
    };
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if fits(i) {
            out.push_str("@TIME@");
            i += SHAPE.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or(' ');
            out.push(ch);
            i += ch.len_utf8().max(1);
        }
    }
    out
}

fn run_one(
    scratch: &Path,
    formulas: &Path,
    key: String,
    argv: &[String],
    want: &str,
    want_rc: i32,
) -> Outcome {
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(scratch.join("conf"))
        .args(["--out", "json", "-l", "quiet"])
        .args(argv)
        .output();
    let (have, rc) = match out {
        Ok(o) => (
            String::from_utf8_lossy(&o.stdout).into_owned(),
            o.status.code().unwrap_or(-1),
        ),
        Err(e) => (format!("<could not run halite: {e}>"), -1),
    };
    let have = mask_clock(
        &have
            .replace(&*scratch.to_string_lossy(), "@SCRATCH@")
            .replace(&*formulas.to_string_lossy(), "@FORMULAS@"),
    );
    let want = mask_clock(want);
    let want = want.as_str();
    let ok = have.trim_end() == want.trim_end() && rc == want_rc;
    let report = if ok {
        String::new()
    } else {
        let diff = similar::TextDiff::from_lines(want.trim_end(), have.trim_end())
            .unified_diff()
            .context_radius(2)
            .header("salt", "halite")
            .to_string();
        let diff: String = diff.lines().take(40).collect::<Vec<_>>().join("\n");
        format!(
            "{key} `{}`: exit salt={want_rc} halite={rc}\n{diff}",
            argv.join(" ")
        )
    };
    Outcome { key, ok, report }
}

#[test]
fn formulas_match_salt() {
    let root = repo_root();
    let formulas = formulas_dir();
    if !formulas.is_dir() {
        halite_testkit::skip(
            "formulas_match_salt (tests/formulas)",
            &format!(
                "no formula checkouts at {} (set HALITE_FORMULAS to run this test)",
                formulas.display()
            ),
        );
        return;
    }
    let formulas = formulas.canonicalize().unwrap_or(formulas);
    let known = known_failures(&root);
    // HALITE_FORMULAS_FILTER=nginx runs only the formulas whose name contains it.
    let filter = std::env::var("HALITE_FORMULAS_FILTER").unwrap_or_default();
    let mut outcomes = Vec::new();
    let mut problems = Vec::new();
    // (expected folder, salt_compat, known-failures key suffix); HALITE_FORMULAS_COMPAT=3008
    // replays one release only.
    let only = std::env::var("HALITE_FORMULAS_COMPAT").unwrap_or_default();
    let releases: Vec<(&str, &str, &str)> =
        [("expected", "3007", ""), ("expected-3008", "3008", "@3008")]
            .into_iter()
            .filter(|(_, c, _)| only.is_empty() || only == *c)
            .collect();
    for fixture in fixtures(&root) {
        for &(expected_dir, compat, suffix) in &releases {
            if !fixture.join(expected_dir).is_dir() {
                continue;
            }
            let name = fixture
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !name.contains(&filter) {
                continue;
            }
            let checkout = formulas.join(&name);
            if !checkout.is_dir() {
                println!(
                    "SKIP formulas/{name}: no checkout at {}",
                    checkout.display()
                );
                continue;
            }
            let scratch = match setup_scratch(&fixture, &checkout, &formulas, compat) {
                Ok(s) => s,
                Err(e) => {
                    problems.push(format!("{name}: cannot set up its temp tree: {e}"));
                    continue;
                }
            };
            let mut jobs = Vec::new();
            for (n, argv) in commands(&fixture).into_iter().enumerate() {
                let stem = fixture.join(expected_dir).join(format!("{n:02}"));
                match (
                std::fs::read_to_string(stem.with_extension("json")),
                std::fs::read_to_string(stem.with_extension("rc")),
            ) {
                (Ok(want), Ok(rc)) => {
                    jobs.push((format!("{name}/{n:02}{suffix}"), argv, want, rc.trim().parse().unwrap_or(-1)))
                }
                _ => problems.push(format!(
                    "{name}/{n:02}{suffix}: no recorded output in {expected_dir}/ (run scripts/formulas/formulas.py record {name})"
                )),
            }
            }
            // A few halite processes at a time: the debug binary is slow on big formulas.
            let workers = 4;
            let chunks: Vec<Vec<_>> = (0..workers)
                .map(|w| jobs.iter().skip(w).step_by(workers).collect())
                .collect();
            let scratch_path = scratch.path();
            let formulas_ref = formulas.as_path();
            std::thread::scope(|s| {
                let handles: Vec<_> = chunks
                    .into_iter()
                    .map(|chunk| {
                        s.spawn(move || {
                            chunk
                                .into_iter()
                                .map(|(key, argv, want, rc)| {
                                    run_one(
                                        scratch_path,
                                        formulas_ref,
                                        key.clone(),
                                        argv,
                                        want,
                                        *rc,
                                    )
                                })
                                .collect::<Vec<_>>()
                        })
                    })
                    .collect();
                for h in handles {
                    match h.join() {
                        Ok(v) => outcomes.extend(v),
                        Err(_) => problems.push(format!("{name}: a worker thread panicked")),
                    }
                }
            });
        }
    }
    outcomes.sort_by(|a, b| a.key.cmp(&b.key));
    let (mut passed, mut known_failed) = (0, 0);
    let mut unexpected_passes = Vec::new();
    for o in &outcomes {
        match (o.ok, known.contains_key(&o.key)) {
            (true, false) => passed += 1,
            (true, true) => unexpected_passes.push(o.key.clone()),
            (false, true) => known_failed += 1,
            (false, false) => problems.push(o.report.clone()),
        }
    }
    println!(
        "formulas: {passed} match, {known_failed} known failures (tests/formulas/known-failures.txt), {} of {} commands",
        passed + known_failed,
        outcomes.len()
    );
    assert!(
        unexpected_passes.is_empty(),
        "these now match Salt: remove them from tests/formulas/known-failures.txt: {unexpected_passes:?}"
    );
    assert!(
        problems.is_empty(),
        "{} formula command(s) differ from Salt:\n\n{}",
        problems.len(),
        problems.join("\n\n")
    );
}
