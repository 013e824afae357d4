//! Finding node and class files (`*.yml`/`*.yaml`, `init.yml`, dotted names as folders).

use crate::config::lexical_absolute;
use crate::error::ReclassError;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Node,
    Class,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Node => "node",
            Kind::Class => "class",
        }
    }

    fn plural(self) -> &'static str {
        match self {
            Kind::Node => "Nodes",
            Kind::Class => "Classes",
        }
    }
}

/// Where an entity's file is.
#[derive(Debug, Clone)]
pub(crate) struct EntityFile {
    /// Path relative to the nodes/classes directory.
    pub relpath: PathBuf,
    /// The directory relative class names are anchored to, as class path components.
    pub loc: Vec<String>,
}

/// Walks `root` (following symlinks) and maps entity names to files.
pub(crate) fn discover(
    kind: Kind,
    root: &str,
    compose_node_name: bool,
) -> Result<HashMap<String, EntityFile>, ReclassError> {
    let context = match kind {
        Kind::Node => "Error while discovering nodes",
        Kind::Class => "Error while discovering classes",
    };
    let err = |m: String| ReclassError::Discovery(format!("{context}: {m}"));
    let abs_root = lexical_absolute(Path::new(root));
    let mut files = Vec::new();
    walk(Path::new(root), &mut Vec::new(), &mut files).map_err(err)?;
    let mut out: HashMap<String, EntityFile> = HashMap::with_capacity(files.len());
    for file in files {
        let abs = lexical_absolute(&file);
        let Ok(rel) = abs.strip_prefix(&abs_root) else {
            continue;
        };
        let (name, file) = entity_name(kind, rel, compose_node_name);
        if let Some(prev) = out.get(&name) {
            return Err(err(collision(kind, root, &prev.relpath, rel, &name)));
        }
        out.insert(name, file);
    }
    Ok(out)
}

/// Collects YAML files below `dir`, following symlinks; `ancestors` (canonical paths of the
/// directories being walked) detects symlink loops.
fn walk(dir: &Path, ancestors: &mut Vec<PathBuf>, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let io_err = |e: std::io::Error| format!("IO error for operation on {}: {e}", dir.display());
    let canonical = dir.canonicalize().map_err(io_err)?;
    if let Some(a) = ancestors.iter().find(|a| **a == canonical) {
        return Err(format!(
            "File system loop found: {} points to an ancestor {}",
            dir.display(),
            a.display()
        ));
    }
    ancestors.push(canonical);
    for entry in std::fs::read_dir(dir).map_err(io_err)? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            walk(&path, ancestors, out)?;
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("yml" | "yaml")
        ) {
            out.push(path);
        }
    }
    ancestors.pop();
    Ok(())
}

fn components(p: &Path) -> Vec<String> {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect()
}

/// The entity name for a file, and where its relative class names are anchored.
fn entity_name(kind: Kind, rel: &Path, compose_node_name: bool) -> (String, EntityFile) {
    let stem = rel.with_extension("");
    let mut parts = components(&stem);
    let dir = components(rel.parent().unwrap_or(Path::new("")));
    let loc = if parts.last().map(String::as_str) == Some("init") {
        parts.pop();
        dir[..dir.len().saturating_sub(1)].to_vec()
    } else {
        dir
    };
    let shorten = kind == Kind::Node
        && (!compose_node_name || parts.first().is_some_and(|p| p.starts_with('_')));
    let (name, loc) = if shorten {
        (parts.last().cloned().unwrap_or_default(), Vec::new())
    } else {
        (parts.join("."), loc)
    };
    (
        name,
        EntityFile {
            relpath: rel.to_path_buf(),
            loc,
        },
    )
}

fn collision(kind: Kind, root: &str, prev: &Path, cur: &Path, name: &str) -> String {
    let a = Path::new(root).join(prev).display().to_string();
    let b = Path::new(root).join(cur).display().to_string();
    let (first, second) = if a < b { (a, b) } else { (b, a) };
    format!(
        "Definition of {} '{name}' in '{first}' collides with definition in '{second}'. \
         {} can only be defined once per inventory.",
        kind.name(),
        kind.plural()
    )
}
