//! APT one-line sources as Salt 3007.8 reads and writes them without python-apt (the
//! `SourceEntry`/`SourcesList` fallback classes in salt/modules/aptpkg.py): every `*.list`
//! file under /etc/apt/sources.list.d (and /etc/apt/sources.list), one entry per line,
//! deb822 `*.sources` files not read. Shared by aptpkg's repository functions and the
//! `pkgrepo` states (which, like Salt's, parse a repository line themselves:
//! [`expand_repo_def`]).

use halite_value::{Map, Value};
use std::path::{Path, PathBuf};

pub const SOURCES_LIST: &str = "/etc/apt/sources.list";
pub const SOURCES_DIR: &str = "/etc/apt/sources.list.d";

/// One line of a sources file (`SourceEntry`).
#[derive(Debug, Clone, Default)]
pub struct SourceEntry {
    pub invalid: bool,
    pub comps: Vec<String>,
    pub disabled: bool,
    pub comment: String,
    pub dist: String,
    pub kind: String,
    pub uri: String,
    pub line: String,
    pub architectures: Vec<String>,
    pub signedby: String,
    pub file: String,
}

/// `_get_opts(line)`: the `[key=value ...]` options, in order: (key, full text, value).
fn get_opts(line: &str) -> Vec<(String, String, Vec<String>)> {
    let mut ret: Vec<(String, String, Vec<String>)> = Vec::new();
    let Some(start) = line.find('[') else {
        return ret;
    };
    let Some(end) = line.rfind(']').filter(|&e| e > start) else {
        return ret;
    };
    let group = &line[start..=end];
    if !group[1..group.len() - 1].contains('=') {
        return ret;
    }
    let opts = group.trim_matches(['[', ']']);
    let mut arches: Vec<String> = Vec::new();
    for opt in opts.split_whitespace() {
        let value = opt.split_once('=').map(|(_, v)| v).unwrap_or("");
        let (key, val) = if opt.starts_with("arch") {
            arches.extend(value.split(',').map(String::from));
            ("arch".to_string(), arches.clone())
        } else if opt.starts_with("signed-by") {
            ("signedby".to_string(), vec![value.to_string()])
        } else {
            (
                opt.split('=').next().unwrap_or(opt).to_string(),
                vec![value.to_string()],
            )
        };
        match ret.iter_mut().find(|(k, _, _)| *k == key) {
            Some(slot) => *slot = (key, opt.to_string(), val),
            None => ret.push((key, opt.to_string(), val)),
        }
    }
    ret
}

/// `_invalid(line)`: (disabled, invalid, comment, words).
fn invalid(line: &str) -> (bool, bool, String, Vec<String>) {
    let mut line = line.trim();
    let mut disabled = false;
    let mut comment = String::new();
    if line.is_empty() {
        return (false, true, comment, Vec::new());
    }
    if let Some(rest) = line.strip_prefix('#') {
        disabled = true;
        line = rest;
    }
    if let Some(idx) = line.find('#').filter(|&i| i > 0) {
        comment = line[idx + 1..].to_string();
        line = &line[..idx];
    }
    let words: Vec<String> = line.split_whitespace().map(String::from).collect();
    if words.is_empty()
        || !["deb", "deb-src", "rpm", "rpm-src"].contains(&words[0].as_str())
        || words.len() < 3
    {
        return (disabled, true, comment, words);
    }
    if words[1].starts_with('[') && !words[1..].iter().any(|w| w.ends_with(']')) {
        return (disabled, true, comment, words);
    }
    (disabled, false, comment, words)
}

impl SourceEntry {
    /// `SourceEntry(line, file)`; without a file, /etc/apt/sources.list.
    pub fn new(line: &str, file: Option<&str>) -> Self {
        let mut e = SourceEntry {
            line: line.to_string(),
            file: file.unwrap_or(SOURCES_LIST).to_string(),
            ..Default::default()
        };
        let (disabled, inv, comment, mut words) = invalid(line);
        e.disabled = disabled;
        e.invalid = inv;
        e.comment = comment;
        if inv {
            return e;
        }
        if words[1].starts_with('[') {
            words = words
                .iter()
                .map(|w| w.trim_matches(['[', ']']).to_string())
                .filter(|w| !w.is_empty())
                .collect();
            for (key, full, val) in get_opts(line) {
                if key == "arch" {
                    e.architectures.extend(val.iter().cloned());
                }
                if key == "signedby" {
                    e.signedby = val.first().cloned().unwrap_or_default();
                }
                if !full.is_empty() {
                    if let Some(i) = words
                        .iter()
                        .position(|w| *w == full || *w == format!("[{full}]"))
                    {
                        words.remove(i);
                    }
                }
            }
        }
        if words.len() < 3 {
            e.invalid = true;
            return e;
        }
        e.kind = words[0].clone();
        e.uri = words[1].clone();
        e.dist = words[2].clone();
        e.comps = words[3..].to_vec();
        e
    }

    /// `repo_line()`: the line as Salt writes it back.
    pub fn repo_line(&self) -> String {
        if self.invalid {
            return self.line.clone();
        }
        let mut parts: Vec<String> = Vec::new();
        if self.disabled {
            parts.push("#".into());
        }
        parts.push(self.kind.clone());
        let mut opts: Vec<(String, String)> = get_opts(&self.line)
            .into_iter()
            .map(|(k, full, _)| (k, full))
            .collect();
        let mut set = |key: &str, full: String| match opts.iter_mut().find(|(k, _)| k == key) {
            Some(slot) => slot.1 = full,
            None => opts.push((key.to_string(), full)),
        };
        if !self.architectures.is_empty() {
            set("arch", format!("arch={}", self.architectures.join(",")));
        }
        if !self.signedby.is_empty() {
            set("signedby", format!("signed-by={}", self.signedby));
        }
        let ordered: Vec<&str> = opts
            .iter()
            .map(|(_, f)| f.as_str())
            .filter(|f| !f.is_empty())
            .collect();
        if !ordered.is_empty() {
            parts.push(format!("[{}]", ordered.join(" ")));
        }
        parts.push(self.uri.clone());
        parts.push(self.dist.clone());
        parts.push(self.comps.join(" "));
        if !self.comment.is_empty() {
            parts.push(format!("#{}", self.comment));
        }
        parts.join(" ") + "\n"
    }

    /// A `list_repos` entry.
    pub fn to_map(&self) -> Map {
        let strs = |v: &[String]| Value::List(v.iter().map(|s| Value::str(s.as_str())).collect());
        let mut m = Map::new();
        m.insert("file", Value::str(self.file.as_str()));
        m.insert("comps", strs(&self.comps));
        m.insert("disabled", Value::Bool(self.disabled));
        m.insert("dist", Value::str(self.dist.as_str()));
        m.insert("type", Value::str(self.kind.as_str()));
        m.insert("uri", Value::str(self.uri.as_str()));
        m.insert("line", Value::str(self.line.trim()));
        m.insert("architectures", strs(&self.architectures));
        m.insert("signedby", Value::str(self.signedby.as_str()));
        m
    }
}

/// `SourcesList()`: every line of /etc/apt/sources.list and of each `*.list` under
/// /etc/apt/sources.list.d (files in name order).
#[derive(Debug, Clone, Default)]
pub struct SourcesList {
    pub list: Vec<SourceEntry>,
}

fn list_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            list_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "list") {
            out.push(p);
        }
    }
}

impl SourcesList {
    pub fn load() -> Self {
        let mut files = vec![PathBuf::from(SOURCES_LIST)];
        list_files(Path::new(SOURCES_DIR), &mut files);
        let mut list = Vec::new();
        for f in files {
            let Ok(text) = std::fs::read_to_string(&f) else {
                continue;
            };
            let name = f.to_string_lossy().to_string();
            for line in text.split_inclusive('\n') {
                list.push(SourceEntry::new(line, Some(&name)));
            }
        }
        SourcesList { list }
    }

    /// `save()`: each file that still has entries is rewritten from them.
    pub fn save(&self) -> std::io::Result<()> {
        let mut files: Vec<(String, String)> = Vec::new();
        for s in &self.list {
            let line = s.repo_line();
            match files.iter_mut().find(|(f, _)| *f == s.file) {
                Some((_, text)) => text.push_str(&line),
                None => files.push((s.file.clone(), line)),
            }
        }
        for (file, text) in files {
            if let Some(dir) = Path::new(&file).parent() {
                std::fs::create_dir_all(dir)?;
            }
            std::fs::write(&file, text)?;
        }
        Ok(())
    }
}

/// `_split_repo_str(repo)`.
pub fn split_repo_str(repo: &str) -> SourceEntry {
    SourceEntry::new(repo, None)
}

/// `salt.utils.pkg.deb.strip_uri`: http(s)/ftp URIs without a trailing slash.
pub fn strip_uri(repo: &str) -> String {
    repo.split_whitespace()
        .map(|w| {
            if ["http://", "https://", "ftp://"]
                .iter()
                .any(|p| w.starts_with(p))
            {
                w.trim_end_matches('/')
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// `aptpkg._expand_repo_def(repo=..., **kwargs)` for non-PPA lines: the repository as the
/// `pkgrepo` states compare it (`file` is always /etc/apt/sources.list, as in Salt).
pub fn expand_repo_def(repo: &str, kwargs: &Map) -> Map {
    let mut e = SourceEntry::new(repo, None);
    let list_arg = |k: &str| -> Option<Vec<String>> {
        kwargs.get(k).map(|v| {
            v.py_str()
                .split(',')
                .map(|s| s.trim().to_string())
                .collect()
        })
    };
    if let Some(v) = kwargs.get("uri") {
        e.uri = v.py_str();
    }
    if let Some(v) = list_arg("comps") {
        e.comps = v;
    }
    if let Some(v) = list_arg("architectures") {
        e.architectures = v;
    }
    if let Some(v) = kwargs.get("disabled") {
        e.disabled = v.truthy();
    }
    if let Some(v) = kwargs.get("dist") {
        e.dist = v.py_str();
    }
    if let Some(v) = kwargs.get("signedby") {
        e.signedby = v.py_str();
    }
    // SourcesList.add(type, uri, dist, comps, architectures, signedby)
    let mut opts = Vec::new();
    if !e.architectures.is_empty() {
        opts.push(format!("arch={}", e.architectures.join(",")));
    }
    if !e.signedby.is_empty() {
        opts.push(format!("signed-by={}", e.signedby));
    }
    let opts_line = if opts.is_empty() {
        String::new()
    } else {
        format!("[{}]", opts.join(" "))
    };
    let parts = [
        e.kind.clone(),
        opts_line,
        e.uri.clone(),
        e.dist.clone(),
        e.comps.join(" "),
    ];
    let joined: Vec<&str> = parts
        .iter()
        .map(String::as_str)
        .filter(|p| !p.trim().is_empty())
        .collect();
    let mut added = SourceEntry::new(&joined.join(" "), None);
    added.disabled = e.disabled;
    added.line = added.repo_line();
    let mut m = added.to_map();
    m.insert("signedby", Value::str(e.signedby.as_str()));
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_parsed_and_written_back() {
        let e = SourceEntry::new(
            "deb [arch=amd64 signed-by=/k.gpg] http://x/debian bookworm main contrib\n",
            Some("/etc/apt/sources.list.d/x.list"),
        );
        assert!(!e.invalid);
        assert_eq!(e.architectures, vec!["amd64"]);
        assert_eq!(e.signedby, "/k.gpg");
        assert_eq!(e.uri, "http://x/debian");
        assert_eq!(e.comps, vec!["main", "contrib"]);
        assert_eq!(
            e.repo_line(),
            "deb [arch=amd64 signed-by=/k.gpg] http://x/debian bookworm main contrib\n"
        );
        let flat = SourceEntry::new("deb [trusted=yes] file:/r ./\n", None);
        assert_eq!(flat.repo_line(), "deb [trusted=yes] file:/r ./ \n");
        assert!(SourceEntry::new("# a comment\n", None).invalid);
    }
}
