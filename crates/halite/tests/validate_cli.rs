//! `halite validate` as a user runs it: the idem-recorded cases of halite-validate, through
//! the `halite` binary (the crate's own tests cover the library on all cases).

use std::path::PathBuf;
use std::process::Command;

#[test]
fn validate_subcommand_matches_idem() {
    let cases = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../halite-validate/tests/cases");
    let mut checked = 0;
    for name in ["basic", "bool_defaults", "attribute_access"] {
        let case = cases.join(name);
        let (Ok(args), Ok(expected), Ok(rc)) = (
            std::fs::read_to_string(case.join("args")),
            std::fs::read_to_string(case.join("expected.out")),
            std::fs::read_to_string(case.join("expected.rc")),
        ) else {
            continue;
        };
        let out = Command::new(env!("CARGO_BIN_EXE_halite"))
            .arg("validate")
            .args(args.split_whitespace())
            .current_dir(case.join("sls"))
            .output()
            .expect("run halite validate");
        assert_eq!(
            String::from_utf8_lossy(&out.stdout).trim_end(),
            expected.trim_end(),
            "case {name}"
        );
        assert_eq!(
            out.status.code(),
            rc.trim().parse().ok(),
            "exit status of case {name}"
        );
        checked += 1;
    }
    assert!(checked >= 2, "validate cases found");
}
