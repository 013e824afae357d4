//! Golden cases recorded from idem 25.0.1 (`scripts/oracle/validate_record.py`):
//! each tests/cases/<name>/ holds `args`, the SLS tree in `sls/`, and idem's
//! `expected.out` / `expected.rc` / `expected.err`.

use clap::Parser;
use halite_validate::cli::{run_in, ValidateArgs};
use halite_validate::ValidateError;
use std::path::{Path, PathBuf};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: ValidateArgs,
}

struct Case {
    name: String,
    dir: PathBuf,
}

fn cases() -> Vec<Case> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let mut out: Vec<Case> = std::fs::read_dir(&root)
        .expect("tests/cases")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("args").is_file())
        .map(|e| Case {
            name: e.file_name().to_string_lossy().into_owned(),
            dir: e.path(),
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_default()
}

/// idem's last stderr line for a render failure: `rend.exc.RenderException: Error while
/// parsing 'x.sls': <kind>: <detail>`. The details come from Jinja2 / libyaml and differ
/// in wording from minijinja / halite-yaml, so the ref and the kind (`Jinja syntax error`,
/// `Jinja variable`, `Yaml render error`) are compared, and a line must be known.
fn check_error(case: &Case, err: &ValidateError, expected_err: &str) -> Result<(), String> {
    let expected = expected_err.trim();
    match err {
        ValidateError::Render {
            sls, message, line, ..
        } => {
            let ours = format!("Error while parsing '{sls}': {message}");
            if line.is_none() {
                return Err(format!("{}: no line in {ours}", case.name));
            }
            // an undefined name: idem's whole message, the name included
            if message.starts_with("Jinja variable: ") {
                let theirs = expected.rsplit("RenderException: ").next().unwrap_or("");
                return if theirs == ours {
                    Ok(())
                } else {
                    Err(format!("{}: idem: {theirs}\nhalite: {ours}", case.name))
                };
            }
            let kind_end = message.find(':').unwrap_or(message.len());
            let prefix = format!("Error while parsing '{sls}': {}", &message[..kind_end]);
            if expected.contains(&prefix) {
                Ok(())
            } else {
                Err(format!(
                    "{}: expected {expected:?}, got {ours:?}",
                    case.name
                ))
            }
        }
        ValidateError::Crash(msg) if expected == msg => Ok(()),
        other => Err(format!(
            "{}: expected {expected:?}, got error {other}",
            case.name
        )),
    }
}

fn check(case: &Case) -> Result<(), String> {
    let argv: Vec<String> = std::iter::once("halite-validate".to_string())
        .chain(
            read(&case.dir, "args")
                .split_whitespace()
                .map(str::to_string),
        )
        .collect();
    let cli = Cli::try_parse_from(&argv).map_err(|e| format!("{}: {e}", case.name))?;
    let expected_rc: i32 = read(&case.dir, "expected.rc").trim().parse().unwrap_or(-1);
    let expected_out = read(&case.dir, "expected.out");
    match run_in(&case.dir.join("sls"), &cli.args) {
        Ok((out, rc)) => {
            if rc != expected_rc || out != expected_out {
                let diff = similar_lines(&expected_out, &out);
                return Err(format!(
                    "{}: rc {rc} (want {expected_rc})\n{diff}",
                    case.name
                ));
            }
            Ok(())
        }
        Err(e) => {
            if expected_rc != halite_validate::EXIT_EXCEPTION {
                return Err(format!("{}: unexpected error {e}", case.name));
            }
            check_error(case, &e, &read(&case.dir, "expected.err"))
        }
    }
}

/// The first differing line, enough to debug a failure.
fn similar_lines(want: &str, got: &str) -> String {
    for (i, (a, b)) in want.lines().zip(got.lines()).enumerate() {
        if a != b {
            return format!("line {}: want {a:?}\n         got  {b:?}", i + 1);
        }
    }
    format!(
        "lengths differ: want {} lines, got {}",
        want.lines().count(),
        got.lines().count()
    )
}

#[test]
fn golden_cases_match_idem() {
    let all = cases();
    assert!(
        all.len() >= 20,
        "expected at least 20 cases, found {}",
        all.len()
    );
    let failures: Vec<String> = all.iter().filter_map(|c| check(c).err()).collect();
    let passed = all.len() - failures.len();
    eprintln!("{passed}/{} golden cases match idem", all.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
