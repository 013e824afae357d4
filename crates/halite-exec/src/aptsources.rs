//! APT one-line sources as Salt 3007.8 reads and writes them without python-apt (the
//! `SourceEntry`/`SourcesList` fallback classes in salt/modules/aptpkg.py): every `*.list`
//! file under /etc/apt/sources.list.d (and /etc/apt/sources.list), one entry per line,
//! deb822 `*.sources` files not read. Shared by aptpkg's repository functions and the
//! `pkgrepo` states (which, like Salt's, parse a repository line themselves:
//! [`expand_repo_def`]).
//!
//! Salt 3008 reads the deb822 `*.sources` files too (salt/utils/pkg/deb.py): [`Sources3008`]
//! is that reading, for `pkg.list_repos`/`pkg.get_repo`; halite never writes a `*.sources`
//! file (`mod_repo`/`del_repo` keep 3007's one-line handling).

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
/// /etc/apt/sources.list.d (files in directory order, as Salt's glob finds them).
#[derive(Debug, Clone, Default)]
pub struct SourcesList {
    pub list: Vec<SourceEntry>,
}

/// The entries of `dir` in directory order (`os.scandir`/`os.listdir`, which Salt's
/// `Path.glob` and `os.listdir` both follow).
fn dir_entries(dir: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(_) => Vec::new(),
    }
}

/// `Path("/etc/apt/sources.list.d").glob("**/*.list")`: the directory's own files first,
/// then each subdirectory's, in directory order.
fn list_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = dir_entries(dir);
    for p in entries.iter().filter(|p| !p.is_dir()) {
        if p.extension().is_some_and(|e| e == "list") {
            out.push(p.clone());
        }
    }
    for p in entries.iter().filter(|p| p.is_dir()) {
        list_files(p, out);
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

/// One deb822 stanza of a `*.sources` file (`Deb822SourceEntry`), read only: its fields in
/// file order (comment lines left out).
#[derive(Debug, Clone, Default)]
pub struct Deb822Entry {
    pub file: String,
    tags: Vec<(String, String)>,
}

/// `Deb822Section._parse_section_string`: the `Tag: value` fields (continuation lines
/// joined with newlines, values stripped); `#` lines are comments.
fn parse_deb822_section(section: &str) -> Vec<(String, String)> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let store = |tags: &mut Vec<(String, String)>, tag: &str, value: &str| {
        let value = value.trim().to_string();
        match tags.iter_mut().find(|(t, _)| t == tag) {
            Some(slot) => slot.1 = value,
            None => tags.push((tag.to_string(), value)),
        }
    };
    // `\A(\S+):\s*(\S.*|)`: the last colon of the first word (greedy `\S+`).
    let tag_match = |line: &str| -> Option<(String, String)> {
        if line.starts_with(char::is_whitespace) {
            return None;
        }
        let word_end = line.find(char::is_whitespace).unwrap_or(line.len());
        let colon = line[..word_end].rfind(':').filter(|&i| i > 0)?;
        Some((
            line[..colon].to_string(),
            line[colon + 1..].trim_start().to_string(),
        ))
    };
    let mut current: Option<(String, String)> = None;
    for line in section.lines().filter(|l| !l.starts_with('#')) {
        if let Some((tag, value)) = tag_match(line) {
            if let Some((t, v)) = current.take() {
                store(&mut tags, &t, &v);
            }
            current = Some((tag, value));
        } else if line.is_empty() {
            if let Some((t, v)) = &current {
                store(&mut tags, t, v);
            }
        } else if let Some((_, v)) = current.as_mut() {
            v.push('\n');
            v.push_str(line);
        }
    }
    if let Some((t, v)) = current {
        store(&mut tags, &t, &v);
    }
    tags
}

/// `SourceEntry.split_source_line`: words, a `[...]` group kept whole.
fn split_source_line(line: &str) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut tmp = String::new();
    let (mut in_brackets, mut space_found) = (false, false);
    for c in line.trim().chars() {
        if c == '[' {
            if space_found {
                space_found = false;
                pieces.push(std::mem::take(&mut tmp));
            }
            in_brackets = true;
            tmp.push(c);
        } else if c == ']' {
            in_brackets = false;
            tmp.push(c);
        } else if space_found && !c.is_whitespace() {
            space_found = false;
            pieces.push(std::mem::take(&mut tmp));
            tmp.push(c);
        } else if c.is_whitespace() && !in_brackets {
            space_found = true;
        } else {
            tmp.push(c);
        }
    }
    if !tmp.is_empty() {
        pieces.push(tmp);
    }
    pieces
}

/// `salt.utils.pkg.deb.string_to_bool`.
fn string_to_bool(s: &str) -> Result<bool, String> {
    match s.to_lowercase().as_str() {
        "no" | "false" | "without" | "off" | "disable" | "0" => Ok(false),
        "yes" | "true" | "with" | "on" | "enable" | "1" => Ok(true),
        other => Err(format!("Unable to convert to boolean: {other}")),
    }
}

impl Deb822Entry {
    /// A field, its name matched without case.
    pub fn get(&self, key: &str) -> Option<&str> {
        let key = key.to_lowercase();
        self.tags
            .iter()
            .rev()
            .find(|(t, _)| t.to_lowercase() == key)
            .map(|(_, v)| v.as_str())
    }

    fn multi(&self, key: &str) -> Vec<String> {
        split_source_line(self.get(key).unwrap_or(""))
    }

    /// `disabled`: `Enabled: no` (Salt raises ValueError on a value it cannot read).
    fn disabled(&self) -> Result<bool, String> {
        string_to_bool(self.get("Enabled").unwrap_or("yes")).map(|b| !b)
    }
}

/// One entry of Salt 3008's `SourcesList`.
#[derive(Debug, Clone)]
pub enum Source3008 {
    Line(SourceEntry),
    Deb822(Deb822Entry),
}

/// Salt 3008's `SourcesList()` (salt/utils/pkg/deb.py): /etc/apt/sources.list, then each
/// regular file named `*.sources` (deb822 stanzas, split at blank lines) or `*.list` (one
/// entry a line) directly in /etc/apt/sources.list.d, in directory order.
#[derive(Debug, Clone, Default)]
pub struct Sources3008 {
    pub list: Vec<Source3008>,
}

impl Sources3008 {
    pub fn load() -> Self {
        let mut files = Vec::new();
        if Path::new(SOURCES_LIST).is_file() {
            files.push(PathBuf::from(SOURCES_LIST));
        }
        for p in dir_entries(Path::new(SOURCES_DIR)) {
            let name = p.to_string_lossy();
            if (name.ends_with(".sources") || name.ends_with(".list")) && p.is_file() {
                files.push(p);
            }
        }
        let mut list = Vec::new();
        for f in files {
            let Ok(text) = std::fs::read_to_string(&f) else {
                continue;
            };
            let name = f.to_string_lossy().to_string();
            if name.ends_with(".sources") {
                // load_deb822_sections: a line of only whitespace ends a stanza.
                let mut section = String::new();
                let flush = |section: &mut String, list: &mut Vec<Source3008>| {
                    if !section.is_empty() {
                        list.push(Source3008::Deb822(Deb822Entry {
                            file: name.clone(),
                            tags: parse_deb822_section(section),
                        }));
                        section.clear();
                    }
                };
                for line in text.split_inclusive('\n') {
                    if line.chars().all(char::is_whitespace) {
                        flush(&mut section, &mut list);
                    } else {
                        section.push_str(line);
                    }
                }
                flush(&mut section, &mut list);
            } else {
                for line in text.split_inclusive('\n') {
                    list.push(Source3008::Line(SourceEntry::new(line, Some(&name))));
                }
            }
        }
        Sources3008 { list }
    }

    /// `pkg.list_repos()`'s entries in order: a deb822 stanza gives one entry for each of
    /// its URIs, suites and types (in that nesting), with a one-line `line` built from it.
    /// `Err` is the ValueError of an `Enabled` value Salt cannot read.
    pub fn repos(&self) -> Result<Vec<Map>, String> {
        let strs = |v: &[String]| Value::List(v.iter().map(|s| Value::str(s.as_str())).collect());
        let mut out = Vec::new();
        for source in &self.list {
            match source {
                Source3008::Line(e) => {
                    if e.invalid {
                        continue;
                    }
                    let mut m = Map::new();
                    m.insert("file", Value::str(e.file.as_str()));
                    m.insert("comps", strs(&e.comps));
                    m.insert("disabled", Value::Bool(e.disabled));
                    m.insert("enabled", Value::Bool(!e.disabled));
                    m.insert("dist", Value::str(e.dist.as_str()));
                    m.insert("suites", strs(std::slice::from_ref(&e.dist)));
                    m.insert("type", Value::str(e.kind.as_str()));
                    m.insert("types", strs(std::slice::from_ref(&e.kind)));
                    m.insert("uri", Value::str(e.uri.as_str()));
                    m.insert("uris", strs(std::slice::from_ref(&e.uri)));
                    m.insert("line", Value::str(e.line.trim()));
                    m.insert("architectures", strs(&e.architectures));
                    m.insert("signedby", Value::str(e.signedby.as_str()));
                    out.push(m);
                }
                Source3008::Deb822(d) => {
                    // _skip_source: a stanza without fields has no URI.
                    if d.tags.is_empty() {
                        continue;
                    }
                    let disabled = d.disabled()?;
                    let (uris, suites, types) =
                        (d.multi("URIs"), d.multi("Suites"), d.multi("Types"));
                    let (comps, arches) = (d.multi("Components"), d.multi("Architectures"));
                    let signedby = d.get("Signed-By");
                    let trusted = match d.get("Trusted") {
                        Some(t) => string_to_bool(t)?,
                        None => false,
                    };
                    for uri in &uris {
                        for suite in &suites {
                            for kind in &types {
                                let line = deb822_compat_line(
                                    kind, uri, suite, &comps, disabled, &arches, signedby, trusted,
                                );
                                let mut m = Map::new();
                                m.insert("file", Value::str(d.file.as_str()));
                                m.insert("comps", strs(&comps));
                                m.insert("disabled", Value::Bool(disabled));
                                m.insert("enabled", Value::Bool(!disabled));
                                m.insert("dist", Value::str(suite.as_str()));
                                m.insert("suites", strs(&suites));
                                m.insert("type", Value::str(kind.as_str()));
                                m.insert("types", strs(&types));
                                m.insert("uri", Value::str(uri.as_str()));
                                m.insert("uris", strs(&uris));
                                m.insert("line", Value::str(line));
                                m.insert("architectures", strs(&arches));
                                m.insert("signedby", signedby.map(Value::str).unwrap_or_default());
                                out.push(m);
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

/// The `line` Salt 3008's `list_repos` gives a deb822 entry: `str()` of
/// `SourceEntry(f"{type} {uri} {suite} {comps}")` with the stanza's `disabled`,
/// `architectures`, `signedby` (a missing `Signed-By` is Python's `str(None)`, "None") and
/// `trusted` set on it.
#[allow(clippy::too_many_arguments)]
fn deb822_compat_line(
    kind: &str,
    uri: &str,
    suite: &str,
    comps: &[String],
    disabled: bool,
    arches: &[String],
    signedby: Option<&str>,
    trusted: bool,
) -> String {
    let text = format!("{kind} {uri} {suite} {}", comps.join(" "));
    let mut e = SourceEntry::new(&text, None);
    if e.invalid {
        return text.trim().to_string();
    }
    let mut opts = Vec::new();
    if !arches.is_empty() {
        opts.push(format!("arch={}", arches.join(",")));
    }
    let signedby = signedby.unwrap_or("None");
    if !signedby.is_empty() {
        opts.push(format!("signed-by={signedby}"));
    }
    if trusted {
        opts.push("trusted=yes".to_string());
    }
    e.disabled = disabled;
    let mut parts: Vec<String> = Vec::new();
    if e.disabled {
        parts.push("#".into());
    }
    parts.push(e.kind.clone());
    if !opts.is_empty() {
        parts.push(format!("[{}]", opts.join(" ")));
    }
    parts.push(e.uri.clone());
    parts.push(e.dist.clone());
    parts.push(e.comps.join(" "));
    if !e.comment.is_empty() {
        parts.push(format!("#{}", e.comment));
    }
    parts.join(" ").trim().to_string()
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

    #[test]
    fn deb822_stanzas_read_as_salt_3008_reads_them() {
        let tags = parse_deb822_section(
            "# header\nTypes: deb deb-src\nURIs: http://x/debian\nSuites: a b\n\
             Components: main\nSigned-By:\n -----BEGIN\n .\n# footer\n",
        );
        let e = Deb822Entry {
            file: "/etc/apt/sources.list.d/x.sources".into(),
            tags,
        };
        assert_eq!(e.multi("types"), vec!["deb", "deb-src"]);
        assert_eq!(e.multi("SUITES"), vec!["a", "b"]);
        assert_eq!(e.get("Signed-By"), Some("-----BEGIN\n ."));
        assert_eq!(e.disabled(), Ok(false));
        assert_eq!(
            split_source_line("deb [a=b c=d] u  s"),
            vec!["deb", "[a=b c=d]", "u", "s"]
        );
        assert_eq!(
            deb822_compat_line(
                "deb",
                "http://x",
                "a",
                &["main".into()],
                true,
                &[],
                None,
                false
            ),
            "# deb [signed-by=None] http://x a main"
        );
        assert_eq!(
            deb822_compat_line(
                "deb",
                "http://x",
                "a",
                &[],
                false,
                &["amd64".into()],
                Some("/k"),
                true
            ),
            "deb [arch=amd64 signed-by=/k trusted=yes] http://x a"
        );
    }
}
