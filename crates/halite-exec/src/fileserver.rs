//! The local file server: `file_roots` per environment and `salt://` resolution, as Salt's
//! `roots` fileserver backend does it (first root that has the file wins).

use indexmap::IndexMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FileRoots {
    pub envs: IndexMap<String, Vec<PathBuf>>,
}

impl FileRoots {
    pub fn roots(&self, saltenv: &str) -> &[PathBuf] {
        self.envs.get(saltenv).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The file for `rel` (a path relative to the root, or a `salt://` URL, with an optional
    /// `?saltenv=` query) in `saltenv`.
    pub fn find(&self, saltenv: &str, rel: &str) -> Option<PathBuf> {
        let (rel, env) = split_salt_url(rel, saltenv);
        let rel = rel.trim_start_matches('/');
        self.roots(&env)
            .iter()
            .map(|root| root.join(rel))
            .find(|p| p.is_file())
    }

    pub fn find_dir(&self, saltenv: &str, rel: &str) -> Option<PathBuf> {
        let (rel, env) = split_salt_url(rel, saltenv);
        let rel = rel.trim_start_matches('/');
        self.roots(&env)
            .iter()
            .map(|root| root.join(rel))
            .find(|p| p.is_dir())
    }

    /// All files below the roots of `saltenv`, as `/`-separated relative paths, sorted and
    /// de-duplicated (Salt's `cp.list_master`).
    pub fn list_files(&self, saltenv: &str) -> Vec<String> {
        let mut out = Vec::new();
        for root in self.roots(saltenv) {
            walk(root, root, &mut out);
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
            walk_dirs(root, root, &mut out);
        }
        out.sort();
        out.dedup();
        out
    }
}

fn walk_dirs(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if let Ok(rel) = path.strip_prefix(root) {
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
            walk_dirs(root, &path, out);
        }
    }
}

/// `salt://path?saltenv=dev` -> (`path`, `dev`); plain paths keep the given env.
pub fn split_salt_url(url: &str, default_env: &str) -> (String, String) {
    let rest = url.strip_prefix("salt://").unwrap_or(url);
    match rest.split_once('?') {
        Some((path, query)) => {
            let env = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("saltenv="))
                .unwrap_or(default_env);
            (path.to_string(), env.to_string())
        }
        None => (rest.to_string(), default_env.to_string()),
    }
}

fn walk(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(root, &path, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            out.push(rel.to_string_lossy().replace('\\', "/"));
        }
    }
}
