//! Diagnostics: where in the files the user wrote a render or compile error comes from.
//!
//! Salt's error texts stay what `--out json` prints; a [`Diagnostic`] travels beside them:
//! the stage that knows the position attaches it to the exact Salt text ([`attach`]) and the
//! CLI, which alone knows about terminals, looks it up by that text ([`for_error`]) and
//! prints it annotated on standard error. A render also keeps each SLS file's rendered text
//! and its [`LineMap`] ([`remember_rendered`]), so an error found later (compile, runtime)
//! can still be placed on the line the user wrote.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A place in a file: 1-based line, 1-based column (characters), length in characters
/// (at least 1 when shown).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Span {
    pub line: usize,
    pub col: usize,
    pub len: usize,
}

/// A secondary place worth showing (the `{% import %}` that led to the error, the context
/// of a YAML error, the ID a requisite names).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    pub file: String,
    pub span: Span,
    pub text: String,
}

/// One error, placed in the source the user wrote.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diagnostic {
    /// What is wrong, in one line.
    pub message: String,
    /// The file, as a path the user can open.
    pub file: String,
    /// Where in `file`; `None` when only the file is known.
    pub span: Option<Span>,
    /// Text shown at the span.
    pub label: String,
    pub secondary: Vec<Label>,
    /// Extra facts (the rendered line when it differs from the source line, ...).
    pub notes: Vec<String>,
    /// A short suggestion when the mistake is a common one.
    pub hint: Option<String>,
    /// For a stage that works on data, not files (compile, runtime): where in which SLS the
    /// mistake is, as the keys leading to it; the CLI finds `file` and `span` from it in the
    /// remembered render (halite-render's `diagnose::resolve`).
    pub place: Option<Place>,
    /// A warning (Salt went on without an error), not an error.
    pub warning: bool,
}

/// A position in an SLS file's data: `keys` lead from the top of the file to the mistake,
/// e.g. `["web", "file", "require", "file: missing"]` (a state key matches `file` or
/// `file.managed`; a list item matches its text).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Place {
    pub saltenv: String,
    pub sls: String,
    pub keys: Vec<String>,
}

impl Place {
    pub fn new(saltenv: &str, sls: &str, keys: &[&str]) -> Place {
        Place {
            saltenv: saltenv.to_string(),
            sls: sls.to_string(),
            keys: keys.iter().map(|k| k.to_string()).collect(),
        }
    }
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, file: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            file: file.into(),
            ..Diagnostic::default()
        }
    }

    pub fn at(mut self, span: Span, label: impl Into<String>) -> Diagnostic {
        self.span = Some(span);
        self.label = label.into();
        self
    }

    pub fn note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn hint(mut self, hint: impl Into<String>) -> Diagnostic {
        self.hint = Some(hint.into());
        self
    }

    /// A diagnostic to be placed later from `place`.
    pub fn in_sls(
        message: impl Into<String>,
        place: Place,
        label: impl Into<String>,
    ) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            file: String::new(),
            label: label.into(),
            place: Some(place),
            ..Diagnostic::default()
        }
    }

    /// `file:line:col` (or the file alone), the file named as [`shown_path`] names it.
    pub fn location(&self) -> String {
        let file = shown_path(&self.file);
        match self.span {
            Some(s) => format!("{file}:{}:{}", s.line, s.col),
            None => file,
        }
    }
}

type Attached = Vec<(String, Diagnostic)>;

fn warnings_table() -> &'static Mutex<Vec<Diagnostic>> {
    static TABLE: Mutex<Vec<Diagnostic>> = Mutex::new(Vec::new());
    &TABLE
}

/// Records a warning for something Salt only logs (a renderer it does not have, ...): the
/// CLI prints it whatever the call's outcome.
pub fn warn(mut diag: Diagnostic) {
    diag.warning = true;
    if let Ok(mut t) = warnings_table().lock() {
        if !t.contains(&diag) {
            t.push(diag);
        }
    }
}

/// Records an error Salt only logs, its answer not naming it (a top file that fails to
/// render: Salt answers that no top file matched): the CLI prints it whatever the call's
/// outcome, as a warning is.
pub fn logged(diag: Diagnostic) {
    if let Ok(mut t) = warnings_table().lock() {
        if !t.contains(&diag) {
            t.push(diag);
        }
    }
}

/// The warnings and logged errors recorded so far.
pub fn warnings() -> Vec<Diagnostic> {
    warnings_table()
        .lock()
        .map(|t| t.clone())
        .unwrap_or_default()
}

fn table() -> &'static Mutex<Attached> {
    static TABLE: Mutex<Attached> = Mutex::new(Vec::new());
    &TABLE
}

/// Attaches `diag` to Salt's error text `salt_text` (or to its tail: the renderers know the
/// message, the walk adds Salt's `Rendering SLS '...' failed: ` head).
pub fn attach(salt_text: impl Into<String>, diag: Diagnostic) {
    let key = salt_text.into();
    if key.is_empty() {
        return;
    }
    if let Ok(mut t) = table().lock() {
        if let Some(slot) = t.iter_mut().find(|(k, _)| *k == key) {
            slot.1 = diag;
        } else {
            t.push((key, diag));
        }
    }
}

/// The diagnostic attached to `text` or to the longest tail of it.
pub fn for_error(text: &str) -> Option<Diagnostic> {
    let t = table().lock().ok()?;
    t.iter()
        .filter(|(k, _)| text.ends_with(k.as_str()))
        .max_by_key(|(k, _)| k.len())
        .map(|(_, d)| d.clone())
}

/// Which template position produced each piece of a Jinja render's output.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LineMap {
    /// Verbatim template text copied to the output, in output order.
    pub marks: Vec<MapMark>,
}

/// `len` bytes of output from byte `out` are the template text at byte `src` of the
/// compiled template source (lines and columns are worked out only when asked, from that
/// source: the render itself pays one push a piece).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MapMark {
    pub out: u32,
    pub len: u32,
    pub src: u32,
}

/// A template position found for an output position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Located {
    /// 1-based template line.
    pub line: usize,
    /// 0-based byte column in that line.
    pub col: usize,
    /// False when the output there was written by an expression or an included template:
    /// the position is then the end of the template text before it (the tag that wrote it).
    pub exact: bool,
}

impl LineMap {
    /// The template position that wrote byte `offset` of `output` (the text this map was
    /// recorded for); `compiled` is the template source the render compiled.
    pub fn locate(&self, output: &str, offset: usize, compiled: &str) -> Option<Located> {
        let idx = self.marks.partition_point(|m| m.out as usize <= offset);
        let m = self.marks.get(idx.checked_sub(1)?)?;
        let start = m.out as usize;
        let end = start + m.len as usize;
        // Past the piece: exact still when only whitespace lies between (the newline the
        // render re-adds at the end, the end of the text).
        let gap_blank = output
            .get(end.min(output.len())..(offset + 1).min(output.len()))
            .is_some_and(|g| g.trim().is_empty());
        let (upto, exact) = if offset < end || gap_blank {
            (offset.min(output.len()), true)
        } else {
            (end, false)
        };
        let before = compiled.get(..m.src as usize)?;
        let line = before.matches('\n').count() + 1;
        let col = before.len() - before.rfind('\n').map_or(0, |n| n + 1);
        let piece = output.get(start..upto)?;
        let newlines = piece.matches('\n').count();
        let col = match piece.rfind('\n') {
            Some(nl) => piece.len() - nl - 1,
            None => col + piece.len(),
        };
        Some(Located {
            line: line + newlines,
            col,
            exact,
        })
    }
}

/// An SLS file as rendered: its text before the YAML step and the map back to the template.
#[derive(Debug, Clone, Default)]
pub struct RenderedFile {
    pub text: String,
    pub map: Option<LineMap>,
}

fn rendered_table() -> &'static Mutex<HashMap<String, Arc<RenderedFile>>> {
    static TABLE: std::sync::OnceLock<Mutex<HashMap<String, Arc<RenderedFile>>>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(Mutex::default)
}

/// Keeps what `path` rendered to (for errors found after the render).
pub fn remember_rendered(path: &str, file: RenderedFile) {
    if let Ok(mut t) = rendered_table().lock() {
        t.insert(path.to_string(), Arc::new(file));
    }
}

/// What `path` rendered to, when it was rendered in this process.
pub fn rendered(path: &str) -> Option<Arc<RenderedFile>> {
    rendered_table().lock().ok()?.get(path).cloned()
}

/// Every remembered render, by path (sorted).
pub fn rendered_all() -> Vec<(String, Arc<RenderedFile>)> {
    let mut all: Vec<(String, Arc<RenderedFile>)> = match rendered_table().lock() {
        Ok(t) => t.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
        Err(_) => Vec::new(),
    };
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

/// `path` as a diagnostic shows it: `.` and `name/..` components folded lexically
/// (`/srv/conf/../salt/./web.sls` is `/srv/salt/web.sls`), doubled slashes merged, symlinks
/// not resolved. A relative path keeps its leading `..`; `/..` is `/`. The file is still
/// read by the path it was found at: this is only its name.
pub fn shown_path(path: &str) -> String {
    let absolute = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        match comp {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if absolute => {}
                _ => parts.push(".."),
            },
            other => parts.push(other),
        }
    }
    let joined = parts.join("/");
    match (absolute, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) if path.is_empty() => String::new(),
        (false, true) => ".".into(),
        (false, false) => joined,
    }
}

/// 0-based byte offset of 1-based `line`, 1-based character `col` in `text`.
pub fn offset_of(text: &str, line: usize, col: usize) -> Option<usize> {
    let mut start = 0;
    for _ in 1..line {
        start += text.get(start..)?.find('\n')? + 1;
    }
    let rest = text.get(start..)?;
    let col_bytes = rest
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    Some(start + col_bytes)
}

/// The 1-based `line` of `text` (without its newline).
pub fn line_text(text: &str, line: usize) -> Option<&str> {
    text.split('\n')
        .nth(line.checked_sub(1)?)
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// The closest of `candidates` to `word` when close enough to be a likely typo.
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (word.chars().count() / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != word)
        .map(|c| (levenshtein(word, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c)
}

/// Edit distance counting a swap of two neighbours as one edit (optimal string alignment).
fn levenshtein(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_maps_output_inside_and_after_template_text() {
        let template = "a: 1\n{{ x }}\nb: 2\n";
        // rendering x = "zz"
        let out = "a: 1\nzz\nb: 2\n";
        let map = LineMap {
            marks: vec![
                MapMark {
                    out: 0,
                    len: 5,
                    src: 0,
                },
                MapMark {
                    out: 7,
                    len: 6,
                    src: 12,
                },
            ],
        };
        assert_eq!(
            map.locate(out, 2, template),
            Some(Located {
                line: 1,
                col: 2,
                exact: true
            })
        );
        // "zz" was written by the expression at the end of the first text piece
        assert_eq!(
            map.locate(out, 5, template),
            Some(Located {
                line: 2,
                col: 0,
                exact: false
            })
        );
        assert_eq!(
            map.locate(out, 8, template),
            Some(Located {
                line: 3,
                col: 0,
                exact: true
            })
        );
    }

    #[test]
    fn closest_finds_a_typo_and_not_a_stranger() {
        assert_eq!(closest("ngnix", ["nginx", "apache"]), Some("nginx"));
        assert_eq!(closest("redis", ["nginx", "apache"]), None);
    }

    #[test]
    fn shown_path_folds_dot_and_dotdot_lexically() {
        assert_eq!(
            shown_path("/work/ex/conf/../srv/salt/./web.sls"),
            "/work/ex/srv/salt/web.sls"
        );
        assert_eq!(shown_path("/a//b/c/../../d"), "/a/d");
        assert_eq!(shown_path("/../x"), "/x");
        assert_eq!(shown_path("/"), "/");
        assert_eq!(shown_path("../a/./b/.."), "../a");
        assert_eq!(shown_path("a/.."), ".");
        assert_eq!(shown_path("srv/web.sls"), "srv/web.sls");
        assert_eq!(shown_path(""), "");
    }

    #[test]
    fn offset_of_counts_characters() {
        assert_eq!(offset_of("ab\néx: 1\n", 2, 2), Some(5));
    }
}
