//! YAML errors shaped like PyYAML's `MarkedYAMLError` as raised by libyaml's `CParser`
//! (Salt 3007.8 loads with `yaml.CSafeLoader`, so the texts are libyaml's, not pure PyYAML's).

/// Which PyYAML exception class the error corresponds to. Salt's yaml renderer treats them
/// differently (see [`salt_render_error_message`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ErrorKind {
    /// `yaml.scanner.ScannerError`
    #[default]
    Scanner,
    /// `yaml.parser.ParserError`
    Parser,
    /// `yaml.composer.ComposerError` (undefined alias, several documents)
    Composer,
    /// `yaml.constructor.ConstructorError` (duplicate key, bad merge, unknown tag ...)
    Constructor,
    /// A plain Python exception escaping the constructor (e.g. `ValueError` from `!!int x`).
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, thiserror::Error)]
#[error("{problem}; line {line}")]
pub struct YamlError {
    /// PyYAML's `problem` text, e.g. "mapping values are not allowed in this context".
    pub problem: String,
    /// 1-based line of the problem mark.
    pub line: usize,
    /// 1-based column of the problem mark.
    pub column: usize,
    /// PyYAML's `context` text, e.g. "while parsing a block mapping".
    pub context: Option<String>,
    /// 1-based (line, column) of the context mark.
    pub context_mark: Option<(usize, usize)>,
    pub kind: ErrorKind,
}

/// A 0-based position as libyaml counts it (characters, not bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Mark {
    pub line: usize,
    pub col: usize,
}

impl Mark {
    pub(crate) fn from_saphyr(m: &saphyr_parser::Marker) -> Mark {
        // saphyr lines are 1-based, columns 0-based.
        Mark {
            line: m.line().saturating_sub(1),
            col: m.col(),
        }
    }

    /// The mark one character to the left (for a token whose span ends after it).
    pub(crate) fn prev_col(self) -> Mark {
        Mark {
            line: self.line,
            col: self.col.saturating_sub(1),
        }
    }
}

impl YamlError {
    pub(crate) fn new(kind: ErrorKind, problem: impl Into<String>, mark: Mark) -> YamlError {
        YamlError {
            problem: problem.into(),
            line: mark.line + 1,
            column: mark.col + 1,
            context: None,
            context_mark: None,
            kind,
        }
    }

    pub(crate) fn with_context(mut self, context: impl Into<String>, mark: Option<Mark>) -> Self {
        self.context = Some(context.into());
        self.context_mark = mark.map(|m| (m.line + 1, m.col + 1));
        self
    }

    /// True when Salt's yaml renderer does *not* catch this error as a `SaltRenderError`
    /// (ComposerError: undefined alias, several documents; and plain Python exceptions such
    /// as the ValueError of `!!int x`). Salt then reports
    /// `Rendering SLS <sls> failed, render error: <message>\n<traceback>` instead of
    /// `Rendering SLS '<saltenv>:<sls>' failed: <message>`.
    pub fn escapes_renderer(&self) -> bool {
        matches!(self.kind, ErrorKind::Composer | ErrorKind::Other)
    }

    /// How serde_yaml 0.9 (reclass-rs) prints the error: `<problem> at line L column C`.
    pub fn serde_yaml_message(&self) -> String {
        format!(
            "{} at line {} column {}",
            self.problem, self.line, self.column
        )
    }

    /// `str(exc)` of the PyYAML exception: context, context mark, problem, problem mark,
    /// each mark as `  in "<unicode string>", line L, column C` (libyaml marks carry no
    /// buffer, so there is never a source snippet).
    pub fn pyyaml_str(&self) -> String {
        if self.kind == ErrorKind::Other {
            return self.problem.clone();
        }
        let mut lines = Vec::new();
        if let Some(ctx) = &self.context {
            lines.push(ctx.clone());
        }
        if let Some((l, c)) = self.context_mark {
            // MarkedYAMLError.__str__ omits the context mark when it equals the problem mark.
            if (l, c) != (self.line, self.column) {
                lines.push(mark_str(l, c));
            }
        }
        lines.push(self.problem.clone());
        lines.push(mark_str(self.line, self.column));
        lines.join("\n")
    }
}

fn mark_str(line: usize, column: usize) -> String {
    format!("  in \"<unicode string>\", line {line}, column {column}")
}

/// The text Salt 3007.8's yaml renderer (salt/renderers/yaml.py) puts after
/// `Rendering SLS 'saltenv:sls' failed: `.
///
/// - `ScannerError`: only `exc.problem`. The renderer passes `problem_mark.buffer` to
///   `SaltRenderError` for a context snippet, but libyaml marks have no buffer, so neither
///   `; line N` nor the snippet is added.
/// - `ParserError` / `ConstructorError`: `str(exc)`, with both marks.
/// - `ComposerError` (undefined alias, a second document) is *not* caught by the renderer:
///   Salt reports `Rendering SLS <sls> failed, render error: <this text>\n<traceback>`; this
///   function returns the `str(exc)` part only.
pub fn salt_render_error_message(err: &YamlError, source: &str) -> String {
    let _ = source;
    match err.kind {
        ErrorKind::Scanner => {
            // _ERROR_MAP maps PyYAML's pure-Python tab message; libyaml never produces it,
            // but keep the mapping for fidelity.
            if err.problem == "found character '\\t' that cannot start any token" {
                "Illegal tab character".to_string()
            } else {
                err.problem.clone()
            }
        }
        _ => err.pyyaml_str(),
    }
}
