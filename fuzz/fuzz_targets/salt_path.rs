//! `salt://` path resolution on arbitrary input: whatever `FileRoots::find`/`find_dir` find
//! over a temp tree stays inside the root (through a symlink in the root only when symlinks are
//! followed). The input is used as a path as it is, and read as token indexes
//! (`..`, `/`, `?saltenv=`, `|`, the tree's names...) for a second path.
#![no_main]

#[path = "../../crates/halite-exec/tests/support/salt_path_check.rs"]
mod check;

use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn tree() -> &'static check::Tree {
    static TREE: OnceLock<check::Tree> = OnceLock::new();
    TREE.get_or_init(|| check::Tree::new("libfuzzer"))
}

fuzz_target!(|data: &[u8]| {
    let t = tree();
    t.check(&String::from_utf8_lossy(data));
    t.check(&check::assemble(t, data.iter().map(|b| *b as usize)));
});
