//! The local file server: `file_roots` per environment and `salt://` resolution, as Salt's
//! `roots` fileserver backend does it (first root that has the file wins).
//!
//! Every lookup of a `salt://` URL or a root-relative name goes through [`clean_rel`], which
//! keeps it inside the root the way Salt 3007.8 does: the file server refuses an absolute path
//! or one containing `../` (`Fileserver.find_file`), and `roots.find_file` normalises the rest
//! (`os.path.normpath`) and refuses what lands outside the root (`salt.utils.verify.clean_path`).
//! Symlinks inside a root are followed wherever they point (Salt's default
//! `fileserver_followsymlinks: True`); with that option false ([`FileRoots::confine_symlinks`])
//! the real path must stay under the root's real path too.

use indexmap::IndexMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileRoots {
    pub envs: IndexMap<String, Vec<PathBuf>>,
    /// Salt's `fileserver_followsymlinks: False`: a found path must also resolve (symlinks
    /// followed) to somewhere under the root's own resolved path.
    pub confine_symlinks: bool,
}

impl FileRoots {
    pub fn roots(&self, saltenv: &str) -> &[PathBuf] {
        self.envs.get(saltenv).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The file for `rel` (a path relative to the root, or a `salt://` URL, with an optional
    /// `?saltenv=` query) in `saltenv`. Never a path outside the root (see [`clean_rel`]).
    pub fn find(&self, saltenv: &str, rel: &str) -> Option<PathBuf> {
        self.locate(saltenv, rel, Path::is_file)
    }

    /// The directory for `rel`, under the same rules as [`find`](Self::find).
    pub fn find_dir(&self, saltenv: &str, rel: &str) -> Option<PathBuf> {
        self.locate(saltenv, rel, Path::is_dir)
    }

    fn locate(&self, saltenv: &str, rel: &str, kind: fn(&Path) -> bool) -> Option<PathBuf> {
        let (rel, env) = split_salt_url(rel, saltenv);
        let rel = clean_rel(&rel)?;
        self.roots(&env)
            .iter()
            .map(|root| {
                (
                    root,
                    if rel.is_empty() {
                        root.clone()
                    } else {
                        root.join(&rel)
                    },
                )
            })
            .find(|(root, p)| kind(p) && (!self.confine_symlinks || resolves_under(root, p)))
            .map(|(_, p)| p)
    }
    /// All files below the roots of `saltenv`, as `/`-separated relative paths, sorted and
    /// de-duplicated (Salt's `cp.list_master`).
    pub fn list_files(&self, saltenv: &str) -> Vec<String> {
        let mut out = Vec::new();
        for root in self.roots(saltenv) {
            walk(root, root, !self.confine_symlinks, &mut out);
        }
        out.sort();
        out.dedup();
        out
    }

    /// All directories below the roots of `saltenv` (every parent of a file or directory),
    /// relative, sorted and de-duplicated (Salt's `cp.list_master_dirs`).
    pub fn list_dirs(&self, saltenv: &str) -> Vec<String> {
        let mut out = Vec::new();
        for root in self.roots(saltenv) {
            walk_dirs(root, root, !self.confine_symlinks, &mut out);
        }
        out.sort();
        out.dedup();
        out
    }
}

/// `os.walk(root, followlinks=follow)`: a symlink to a directory is listed, and entered only
/// when `follow`.
fn walk_dirs(root: &Path, dir: &Path, follow: bool, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if let Ok(rel) = path.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
            if follow || !path.is_symlink() {
                walk_dirs(root, &path, follow, out);
            }
        }
    }
}

/// `salt://path?saltenv=dev` -> (`path`, `dev`); plain paths keep the given env. As Salt's
/// file client reads it: `salt.utils.url.parse` takes what follows `?saltenv=` as the env (or
/// drops a `?env=` query); a path starting with `|` is escaped (the `|`s are dropped and any
/// other `?` belongs to the file name), otherwise the file server splits off a `?k=v&...`
/// query, whose `saltenv` wins. An empty env is the default one.
pub fn split_salt_url(url: &str, default_env: &str) -> (String, String) {
    let rest = url.strip_prefix("salt://").unwrap_or(url);
    let (path, mut env) = if let Some(i) = rest.find("?env=") {
        (&rest[..i], None)
    } else if let Some((p, e)) = rest.split_once("?saltenv=") {
        (p, Some(e))
    } else {
        (rest, None)
    };
    // `salt:///x` is `x`, and `salt://|/x` the absolute `/x` (refused later)
    let mut path = path.strip_prefix('/').unwrap_or(path);
    if let Some(unescaped) = path.strip_prefix('|') {
        path = unescaped.trim_start_matches('|');
    } else if let Some((p, query)) = path.split_once('?') {
        path = p;
        for (k, v) in query.split('&').filter_map(|kv| kv.split_once('=')) {
            if k == "saltenv" {
                env = Some(v);
            }
        }
    }
    let env = env.filter(|e| !e.is_empty()).unwrap_or(default_env);
    (path.to_string(), env.to_string())
}

/// A `salt://` path (query already split off) as a clean `/`-separated path relative to the
/// root (`""` for the root itself), or `None` when Salt refuses it: an absolute path (what
/// is left after [`split_salt_url`] dropped the one leading `/` of `salt:///x`), any `../`, or
/// a trailing `..` that climbs above the root.
/// `.` and empty components go away and `a/..` collapses, as `os.path.normpath` does. No
/// percent-decoding and no backslash handling: Salt does neither on Linux (`%2e%2e` and
/// `a\b` are plain file names).
pub fn clean_rel(path: &str) -> Option<String> {
    if path.starts_with('/') || path.contains("../") || path.contains('\0') {
        return None;
    }
    let mut parts: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            c => parts.push(c),
        }
    }
    Some(parts.join("/"))
}

/// Whether `path` (found under `root`) still is under `root` with every symlink resolved.
fn resolves_under(root: &Path, path: &Path) -> bool {
    match (root.canonicalize(), path.canonicalize()) {
        (Ok(r), Ok(p)) => p.starts_with(r),
        _ => false,
    }
}

fn walk(root: &Path, dir: &Path, follow: bool, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if follow || !path.is_symlink() {
                walk(root, &path, follow, out);
            }
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `ROOT/sub/in.txt` and `ROOT/../secret.txt`; returns (roots, root, outside dir).
    fn tree(tag: &str) -> (FileRoots, PathBuf, PathBuf) {
        let top = std::env::temp_dir().join(format!("halite-fs-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&top);
        let root = top.join("srv/salt");
        std::fs::create_dir_all(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/in.txt"), "inside").unwrap();
        std::fs::write(top.join("srv/secret.txt"), "secret").unwrap();
        std::fs::write(top.join("secret.txt"), "secret").unwrap();
        let mut roots = FileRoots::default();
        roots.envs.insert("base".into(), vec![root.clone()]);
        (roots, root, top)
    }

    #[test]
    fn find_refuses_every_spelling_of_a_climb_out_of_the_root() {
        let (roots, _root, top) = tree("climb");
        for url in [
            "salt://sub/../../secret.txt",
            "salt://./../secret.txt",
            "salt://sub/./../../secret.txt",
            "salt://sub//../../secret.txt",
            "salt://sub/in.txt/../../../secret.txt",
            "salt://../secret.txt",
            "salt://../../secret.txt",
            "salt://sub/../../secret.txt?saltenv=base",
            "salt://|sub/../../secret.txt",
            "salt://||../secret.txt",
            "salt://sub/../../secret.txt?x=1",
            "sub/../../secret.txt",
            "../secret.txt",
            "/../secret.txt",
            "salt:///../secret.txt",
            "salt://..",
            "salt://sub/../..",
        ] {
            assert_eq!(roots.find("base", url), None, "{url}");
            assert_eq!(roots.find_dir("base", url), None, "{url}");
        }
        // absolute paths: only the one slash of `salt:///x` is dropped
        let abs = top.join("srv/secret.txt").to_string_lossy().into_owned();
        assert_eq!(roots.find("base", &format!("salt:///{abs}")), None);
        assert_eq!(roots.find("base", &format!("salt://|{abs}")), None);
        assert_eq!(roots.find("base", "salt://|/sub/in.txt"), None);
        assert_eq!(roots.find("base", "salt:////sub/in.txt"), None);
        let _ = std::fs::remove_dir_all(top);
    }

    #[test]
    fn find_normalises_paths_that_stay_inside_the_root() {
        let (roots, root, top) = tree("inside");
        let want = Some(root.join("sub/in.txt"));
        for url in [
            "salt://sub/in.txt",
            "salt://./sub/in.txt",
            "salt://sub/./in.txt",
            "salt://sub//in.txt",
            "salt:///sub/in.txt",
            "salt://sub/in.txt?saltenv=base",
            "salt://sub/in.txt?saltenv=",
            "salt://sub/in.txt?env=dev",
            "salt://sub/in.txt?x=1",
            "salt://|sub/in.txt",
            "salt://|sub/in.txt?saltenv=base",
            "sub/in.txt",
        ] {
            assert_eq!(roots.find("base", url), want, "{url}");
        }
        // Salt's file server refuses any `../`, even one that stays inside
        assert_eq!(roots.find("base", "salt://sub/../sub/in.txt"), None);
        assert_eq!(roots.find_dir("base", "salt://sub"), Some(root.join("sub")));
        assert_eq!(roots.find_dir("base", "salt://sub/.."), Some(root.clone()));
        // the env of the query, Salt's way
        assert_eq!(roots.find("base", "salt://sub/in.txt?saltenv=dev"), None);
        assert_eq!(
            roots.find("base", "salt://sub/in.txt?saltenv=base&x=1"),
            None
        );
        assert_eq!(
            roots.find("base", "salt://sub/in.txt?x=1&saltenv=dev"),
            None
        );
        let _ = std::fs::remove_dir_all(top);
    }

    #[test]
    fn symlinks_out_of_the_root_are_followed_unless_confined() {
        let (mut roots, root, top) = tree("links");
        std::os::unix::fs::symlink(top.join("secret.txt"), root.join("sub/link.txt")).unwrap();
        std::os::unix::fs::symlink(&top, root.join("sub/linkdir")).unwrap();
        assert!(roots.find("base", "salt://sub/link.txt").is_some());
        assert!(roots
            .find("base", "salt://sub/linkdir/secret.txt")
            .is_some());
        roots.confine_symlinks = true;
        assert_eq!(roots.find("base", "salt://sub/link.txt"), None);
        assert_eq!(roots.find("base", "salt://sub/linkdir/secret.txt"), None);
        assert_eq!(roots.find_dir("base", "salt://sub/linkdir"), None);
        assert_eq!(
            roots.find("base", "salt://sub/in.txt"),
            Some(root.join("sub/in.txt"))
        );
        let _ = std::fs::remove_dir_all(top);
    }

    #[test]
    fn clean_rel_matches_salts_refusals() {
        assert_eq!(clean_rel("a/b"), Some("a/b".into()));
        assert_eq!(clean_rel("/a/b"), None);
        assert_eq!(clean_rel("a/../b"), None);
        assert_eq!(clean_rel("a/b/.."), Some("a".into()));
        assert_eq!(clean_rel(".."), None);
        assert_eq!(clean_rel("..x/f"), Some("..x/f".into()));
        assert_eq!(clean_rel("x../f"), None);
        assert_eq!(clean_rel("%2e%2e/f"), Some("%2e%2e/f".into()));
        assert_eq!(clean_rel("a\\..\\..\\f"), Some("a\\..\\..\\f".into()));
        assert_eq!(clean_rel(""), Some("".into()));
    }
}
