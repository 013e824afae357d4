//! Shared by the `salt_path` fuzz target (fuzz/) and the randomized `salt_path_fuzz` test:
//! a temp tree with a file root, files beside it and symlinks in it that point out, and the
//! invariant every `FileRoots::find`/`find_dir` answer must keep.

use halite_exec::FileRoots;
use std::path::{Component, Path, PathBuf};

/// `TOP/srv/salt` is the root (files `sub/in.txt`, `sub/deep/x.txt`, `a?b`, `|p.txt`, `..x/f`,
/// a link `sub/inlink.txt` -> `in.txt`, links `sub/link.txt` -> `TOP/secret.txt` and
/// `sub/linkdir` -> `TOP/outside`); `TOP/secret.txt`, `TOP/srv/secret.txt` and
/// `TOP/outside/secret.txt` hold SECRET.
pub struct Tree {
    pub top: PathBuf,
    pub root: PathBuf,
}

impl Tree {
    pub fn new(tag: &str) -> Tree {
        let top = std::env::temp_dir().join(format!("halite-path-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&top);
        let root = top.join("srv/salt");
        for d in ["sub/deep", "..x", "outside"] {
            let dir = if d == "outside" {
                top.join(d)
            } else {
                root.join(d)
            };
            std::fs::create_dir_all(dir).expect("temp tree");
        }
        let write = |p: PathBuf, text: &str| std::fs::write(p, text).expect("temp tree");
        write(root.join("sub/in.txt"), "inside");
        write(root.join("sub/deep/x.txt"), "inside");
        write(root.join("a?b"), "inside");
        write(root.join("|p.txt"), "inside");
        write(root.join("..x/f"), "inside");
        write(top.join("secret.txt"), "SECRET");
        write(top.join("srv/secret.txt"), "SECRET");
        write(top.join("outside/secret.txt"), "SECRET");
        let link = |target: &Path, at: &str| {
            std::os::unix::fs::symlink(target, root.join(at)).expect("temp tree")
        };
        link(Path::new("in.txt"), "sub/inlink.txt");
        link(&top.join("secret.txt"), "sub/link.txt");
        link(&top.join("outside"), "sub/linkdir");
        Tree { top, root }
    }

    pub fn roots(&self, confine_symlinks: bool) -> FileRoots {
        let mut roots = FileRoots {
            confine_symlinks,
            ..FileRoots::default()
        };
        roots.envs.insert("base".into(), vec![self.root.clone()]);
        roots.envs.insert("dev".into(), vec![self.root.join("sub")]);
        roots
    }

    /// Looks `url` up in both envs, as a file and as a directory, with symlinks followed and
    /// confined; panics when an answer breaks the invariant. The number of paths found.
    pub fn check(&self, url: &str) -> usize {
        let mut found = 0;
        for confine in [false, true] {
            let roots = self.roots(confine);
            for env in ["base", "dev", "nope"] {
                for (kind, hit) in [
                    ("file", roots.find(env, url)),
                    ("dir", roots.find_dir(env, url)),
                ] {
                    if let Some(p) = hit {
                        found += 1;
                        self.assert_inside(&roots, url, env, kind, confine, &p);
                    }
                }
            }
        }
        found
    }

    fn assert_inside(
        &self,
        roots: &FileRoots,
        url: &str,
        env: &str,
        kind: &str,
        confine: bool,
        p: &Path,
    ) {
        let ctx = || {
            format!(
                "{url:?} ({env}, {kind}, confine={confine}) -> {}",
                p.display()
            )
        };
        // (a `?saltenv=` query may pick another env's roots; `base`'s root holds `dev`'s, so
        // the innermost root that holds the path is the one it was found under)
        let root = roots
            .envs
            .values()
            .flatten()
            .filter(|r| p.starts_with(r))
            .max_by_key(|r| r.components().count())
            .unwrap_or_else(|| panic!("outside every root: {}", ctx()));
        let rel = p.strip_prefix(root).unwrap_or_else(|_| panic!("{}", ctx()));
        assert!(
            rel.components().all(|c| matches!(c, Component::Normal(_))),
            "not a plain path below the root: {}",
            ctx()
        );
        let real = p.canonicalize().unwrap_or_else(|_| panic!("{}", ctx()));
        let real_root = root.canonicalize().unwrap_or_else(|_| panic!("{}", ctx()));
        if !real.starts_with(&real_root) {
            // only through a symlink inside the root, and only when symlinks are followed
            assert!(!confine, "confined lookup left the root: {}", ctx());
            let mut at = root.to_path_buf();
            let through_link = rel.components().any(|c| {
                at.push(c);
                at.is_symlink()
            });
            assert!(through_link, "left the root without a symlink: {}", ctx());
        }
        if kind == "file" && confine {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            assert!(!text.contains("SECRET"), "read a secret: {}", ctx());
        }
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.top);
    }
}

/// Pieces random paths are made of: every spelling of a climb, the tree's names, queries,
/// escapes, absolute paths (`ABS` stands for the tree's top folder).
pub const TOKENS: &[&str] = &[
    "salt://",
    "salt:///",
    "/",
    "//",
    "..",
    "../",
    "./",
    ".",
    "...",
    "sub",
    "deep",
    "in.txt",
    "x.txt",
    "inlink.txt",
    "link.txt",
    "linkdir",
    "secret.txt",
    "outside",
    "srv",
    "salt",
    "a?b",
    "?",
    "?saltenv=base",
    "?saltenv=dev",
    "?saltenv=",
    "?env=base",
    "&saltenv=base",
    "&x=1",
    "?x=1&saltenv=base",
    "|",
    "||",
    "%2e%2e",
    "%2f",
    "\\",
    "..\\",
    "..x",
    "f",
    "\0",
    "ABS",
    "~",
    "*",
    "é",
    " ",
    "\n",
];

/// `tokens` joined, `ABS` replaced by the tree's top folder.
pub fn assemble(tree: &Tree, tokens: impl IntoIterator<Item = usize>) -> String {
    let abs = tree.top.to_string_lossy();
    tokens
        .into_iter()
        .map(|i| TOKENS[i % TOKENS.len()])
        .map(|t| if t == "ABS" { abs.as_ref() } else { t })
        .collect()
}
