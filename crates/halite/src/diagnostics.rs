//! Prints the diagnostics behind a call's errors on standard error: the file, line and
//! column the user wrote, the source lines annotated (colour on a terminal only), notes and
//! a hint. Standard output keeps Salt's text untouched.

use codespan_reporting::diagnostic::{Diagnostic as Report, Label as ReportLabel};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use halite_exec::FileRoots;
use halite_value::diag::{self, Diagnostic, Span};
use halite_value::Value;

/// Salt's error texts in a call's return: a list of render/compile errors, a string, or the
/// comments of failed states.
pub fn error_texts(ret: &Value) -> Vec<String> {
    match ret {
        Value::Str(s) => vec![s.to_string()],
        Value::List(items) => items
            .iter()
            .filter_map(|v| match v {
                Value::Str(s) => Some(s.to_string()),
                _ => None,
            })
            .collect(),
        Value::Map(states) => states
            .values()
            .filter_map(|r| match r {
                Value::Map(r) if r.get("result").is_some_and(|v| *v == Value::Bool(false)) => {
                    r.get("comment").map(Value::py_str)
                }
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// The diagnostics for `ret`'s errors, placed in their files.
pub fn collect(ret: &Value, roots: &FileRoots) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    for text in error_texts(ret) {
        let Some(mut d) = diag::for_error(&text) else {
            continue;
        };
        halite_render::diagnose::resolve(&mut d, roots);
        if d.file.is_empty() || out.contains(&d) {
            continue;
        }
        out.push(d);
    }
    out
}

/// Byte range of a span in `source`.
fn range(source: &str, span: Span) -> std::ops::Range<usize> {
    let start = diag::offset_of(source, span.line, span.col).unwrap_or(source.len());
    let rest = &source[start..];
    let line_end = rest.find('\n').unwrap_or(rest.len());
    let len = rest[..line_end]
        .char_indices()
        .nth(span.len.max(1))
        .map_or(line_end, |(i, _)| i);
    start..start + len.max(usize::from(line_end > 0))
}

/// One diagnostic as text (`color`: ANSI colours).
pub fn render(d: &Diagnostic, color: bool) -> String {
    let mut files = SimpleFiles::new();
    let mut ids: Vec<(String, usize)> = Vec::new();
    let mut id_of = |files: &mut SimpleFiles<String, String>, name: &str| -> Option<usize> {
        if let Some((_, id)) = ids.iter().find(|(n, _)| n == name) {
            return Some(*id);
        }
        let text = std::fs::read_to_string(name).ok()?;
        let id = files.add(name.to_string(), text);
        ids.push((name.to_string(), id));
        Some(id)
    };
    let mut labels = Vec::new();
    let mut notes = Vec::new();
    if let Some(span) = d.span {
        match id_of(&mut files, &d.file) {
            Some(id) => {
                let r = range(
                    files.get(id).map(|f| f.source().as_str()).unwrap_or(""),
                    span,
                );
                labels.push(ReportLabel::primary(id, r).with_message(&d.label));
            }
            None => notes.push(format!("at {}", d.location())),
        }
    } else if !d.file.is_empty() {
        notes.push(format!("in {}", d.file));
    }
    for l in &d.secondary {
        if let Some(id) = id_of(&mut files, &l.file) {
            let r = range(
                files.get(id).map(|f| f.source().as_str()).unwrap_or(""),
                l.span,
            );
            labels.push(ReportLabel::secondary(id, r).with_message(&l.text));
        }
    }
    notes.extend(d.notes.iter().cloned());
    if let Some(h) = &d.hint {
        notes.push(format!("hint: {h}"));
    }
    let report = Report::error()
        .with_message(&d.message)
        .with_labels(labels)
        .with_notes(notes);
    let config = Config::default();
    if color {
        let mut buf = term::termcolor::Buffer::ansi();
        let styles = term::Styles::default();
        let mut w = term::StylesWriter::new(&mut buf, &styles);
        if term::emit_to_write_style(&mut w, &config, &files, &report).is_ok() {
            return String::from_utf8_lossy(buf.as_slice()).into_owned();
        }
    }
    term::emit_into_string(&config, &files, &report)
        .unwrap_or_else(|_| format!("error: {}\n  at {}\n", d.message, d.location()))
}

/// Prints the diagnostics of `ret`'s errors on standard error.
pub fn report(ret: &Value, roots: &FileRoots, color: bool) {
    use std::io::Write as _;
    let found = collect(ret, roots);
    if found.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    for d in &found {
        let _ = err.write_all(render(d, color).as_bytes());
    }
}
