//! SLS reference handling as idem does it (`idem/idem/sls_source/init.py` `normalize`,
//! `de_normalize`, `process`; `idem/idem/get.py` `ref`, `locations`; the `file` source).

use std::path::{Path, PathBuf};

/// `pathlib.PurePosixPath(p)` string form: collapses `//` and `.` components.
fn pure_posix(p: &str) -> String {
    let absolute = p.starts_with('/');
    let parts: Vec<&str> = p
        .split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect();
    let joined = parts.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_string(),
        (false, false) => joined,
    }
}

fn posix_parent(p: &str) -> String {
    match p.rfind('/') {
        Some(0) => "/".to_string(),
        Some(i) => p[..i].to_string(),
        None => ".".to_string(),
    }
}

fn join_posix(a: &str, b: &str) -> String {
    if a == "." {
        b.to_string()
    } else if a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

/// `normalize`: a file path to an SLS ref (`foo/bar.sls` -> `foo.bar`); refs without `/`
/// are kept as they are (so `main.sls` stays `main.sls`).
pub fn normalize(path: &str) -> String {
    let p = pure_posix(path);
    if p.contains('\u{8}') || !p.contains('/') {
        return path.to_string();
    }
    let name = p.rsplit('/').next().unwrap_or("");
    let last = match name.strip_suffix(".sls") {
        Some(stem) if !stem.is_empty() => stem,
        _ => name,
    };
    let full = join_posix(&posix_parent(&p), last);
    full.replace("../", "\0")
        .replace('.', "\u{8}")
        .replace(['/', '\0'], ".")
}

/// `de_normalize`: an SLS ref back to a relative path (`..a.b` -> `../../a/b`).
pub fn de_normalize(sls: &str) -> String {
    if sls.contains('/') {
        return sls.to_string();
    }
    let levels = sls.len() - sls.trim_start_matches('.').len();
    let rest = &sls[levels..];
    let prepend = "../".repeat(levels);
    format!("{prepend}{}", rest.replace('.', "/").replace('\u{8}', "."))
}

/// `locations`: the (path, ref) pairs tried for an SLS ref, POSIX forms only (the Windows
/// forms idem also tries only match files whose names contain backslashes).
pub fn locations(sls: &str) -> Vec<(String, String)> {
    let de = de_normalize(sls);
    let posix = pure_posix(&de);
    vec![
        (format!("{posix}.sls"), sls.to_string()),
        (join_posix(&posix, "init.sls"), format!("{sls}.init")),
        (posix.clone(), sls.to_string()),
        (de.clone(), de.clone()),
        (format!("{de}.init"), format!("{de}.init")),
        (sls.to_string(), sls.to_string()),
        (format!("{sls}.init"), format!("{sls}.init")),
    ]
}

/// The SLS sources (directories) and refs named on the command line (`get_refs`/`process`).
#[derive(Debug, Default, Clone)]
pub struct Sources {
    pub dirs: Vec<PathBuf>,
    pub refs: Vec<String>,
}

/// `process` for each command-line file: its directory becomes an implied source.
pub fn command_line_refs(cwd: &Path, files: &[String]) -> Sources {
    let mut out = Sources::default();
    for file in files {
        let normalized = normalize(file);
        let mut returned = false;
        for (loc, _) in locations(file) {
            let path = cwd.join(&loc);
            if path.is_file() {
                out.refs.push(normalized.clone());
                let parent = path
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_else(|| cwd.to_path_buf());
                let implied = std::fs::canonicalize(&parent).unwrap_or(parent);
                if !out.dirs.contains(&implied) {
                    out.dirs.push(implied);
                    returned = true;
                    break;
                }
            }
        }
        if !returned {
            // idem's for/else appends the ref again when the loop was not left early
            out.refs.push(normalized);
        }
    }
    out
}

/// A resolved SLS file: its ref (as idem names it), path and content.
#[derive(Debug, Clone)]
pub struct Resolved {
    pub sls_ref: String,
    pub path: PathBuf,
    pub content: Vec<u8>,
}

/// `get.ref`: looks the ref up in the sources, implying one more parent level after each
/// failed round. Only sources that are deeper than every earlier one are searched (idem
/// keeps a context only for those).
pub fn resolve(sls: &str, sources: &[PathBuf]) -> Option<Resolved> {
    let mut rounds = 0usize;
    let mut usable: Vec<&PathBuf> = Vec::new();
    for src in sources {
        let data = src.to_string_lossy();
        let depth = data.split(['.', '/', '\\']).count();
        if depth > rounds {
            rounds = depth;
            usable.push(src);
        }
    }
    let mut sls = sls.to_string();
    for _ in 0..rounds {
        for src in &usable {
            for (location, actual_ref) in locations(&sls) {
                let full = src.join(&location);
                if full.is_file() {
                    let content = halite_value::limits::read_input(&full).ok()?;
                    return Some(Resolved {
                        sls_ref: actual_ref,
                        path: full,
                        content,
                    });
                }
            }
        }
        sls = format!(".{sls}");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_forms() {
        assert_eq!(normalize("main.sls"), "main.sls");
        assert_eq!(normalize("sub/x.sls"), "sub.x");
        assert_eq!(normalize("/tmp/v2/sub/x.sls"), ".tmp.v2.sub.x");
        assert_eq!(de_normalize("...tmp.v2"), "../../../tmp/v2");
    }
}
