//! The README's catalog commands ("A fleet over SSH": compile, apply test=True, diff on the
//! example tree) work as written from a fresh clone. The test reads them from README.md,
//! runs each with `sh` from a copy of the checkout's `examples/` in a scratch folder
//! (`/tmp/` in the commands and the example's configs becomes `SCRATCH/tmp/`, so parallel
//! runs do not share files) with this build's `halite` first on PATH, and checks the exit
//! statuses and outputs the README describes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The commands of README.md's sh block that compiles the example's catalog, a command
/// continued with `\` joined into one.
fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let blocks: Vec<&str> = readme.split("```").collect();
    let block = blocks
        .iter()
        .skip(1)
        .step_by(2)
        .find(|b| b.starts_with("sh\n") && b.contains("halite catalog compile -c examples/webapp"))
        .expect("README.md has an sh block compiling the example's catalog");
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in block.lines().skip(1) {
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(head) => current.push_str(head),
            None => {
                current.push_str(line);
                commands.push(std::mem::take(&mut current));
            }
        }
    }
    commands
}

/// Copies `from` into `to` (files and folders), `/tmp/` in each file's text rewritten to
/// `tmp/` (the scratch folder's own).
fn copy_tree(from: &Path, to: &Path, tmp: &str) {
    std::fs::create_dir_all(to).expect("scratch tree");
    for entry in std::fs::read_dir(from).expect("example tree").flatten() {
        let (src, dst) = (entry.path(), to.join(entry.file_name()));
        if src.is_dir() {
            copy_tree(&src, &dst, tmp);
        } else {
            let text = std::fs::read_to_string(&src).expect("example file");
            std::fs::write(&dst, text.replace("/tmp/", tmp)).expect("scratch file");
        }
    }
}

/// Every file under `dir`, relative to it, sorted.
fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if let Ok(rel) = p.strip_prefix(dir) {
                out.push(rel.to_path_buf());
            }
        }
    }
    out.sort();
    out
}

#[test]
fn the_readme_catalog_commands_work_on_the_example_tree() {
    let commands = readme_commands();
    let kinds: Vec<&str> = commands
        .iter()
        .filter_map(|c| c.strip_prefix("halite catalog "))
        .filter_map(|c| c.split_whitespace().next())
        .collect();
    assert!(
        ["compile", "apply", "diff"]
            .iter()
            .all(|k| kinds.contains(k)),
        "the README's catalog block must compile, apply and diff: {commands:?}"
    );
    // What the README's commands write is only under /tmp.
    for c in &commands {
        for word in c.split_whitespace() {
            let path = word.trim_matches(|ch| ch == '\'' || ch == '"');
            assert!(
                !path.starts_with('/') || path.starts_with("/tmp/halite-"),
                "`{c}` names {path}, outside /tmp/halite-*"
            );
        }
    }
    let scratch = tempfile::tempdir().expect("scratch dir");
    let s = scratch.path().canonicalize().expect("scratch path");
    let tmp = format!("{}/tmp/", s.display());
    std::fs::create_dir_all(&tmp).expect("scratch tmp");
    copy_tree(&repo_root().join("examples"), &s.join("examples"), &tmp);
    let tree_before = files(&s.join("examples"));
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_halite"))
        .parent()
        .expect("the binary's folder")
        .to_path_buf();
    let path = match std::env::var_os("PATH") {
        Some(p) => {
            let mut dirs = vec![bin_dir];
            dirs.extend(std::env::split_paths(&p));
            std::env::join_paths(dirs).expect("PATH")
        }
        None => bin_dir.into_os_string(),
    };
    for c in &commands {
        let run = c.replace("/tmp/", &tmp);
        let out = Command::new("sh")
            .args(["-c", &run])
            .current_dir(&s)
            .env("PATH", &path)
            .output()
            .expect("run sh");
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        let rc = out.status.code().unwrap_or(-1);
        let shown = format!("`{c}`: exit {rc}\n{stdout}\n{stderr}");
        if c.starts_with("halite catalog diff") {
            // the two catalogs differ in the reload command's port and the config's contents
            assert_eq!(rc, 1, "{shown}");
            assert!(
                stdout.contains("~ state file_|-webapp_config_|-")
                    && stdout.contains("+ state cmd_|-webapp_reload_|-"),
                "{shown}"
            );
        } else {
            assert_eq!(rc, 0, "{shown}");
        }
        if c.starts_with("halite catalog compile") {
            assert!(
                stdout.trim().len() == 64 && stdout.trim().bytes().all(|b| b.is_ascii_hexdigit()),
                "compile prints the archive's sha256: {shown}"
            );
        }
        if c.starts_with("halite catalog apply") {
            assert!(
                stdout.contains("Result: None") && stdout.contains("Succeeded: 5"),
                "a dry run of the example's 5 states: {shown}"
            );
        }
    }
    // test=True wrote nothing where the states would write, and nothing went into the tree
    assert!(
        !Path::new(&tmp).join("halite-example").exists(),
        "the dry run created the example's scratch folder"
    );
    assert_eq!(
        files(&s.join("examples")),
        tree_before,
        "the commands wrote into the example tree"
    );
}
