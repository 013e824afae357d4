//! Prints the diagnostics behind a call's errors on standard error: the file, line and
//! column the user wrote, the source lines annotated (colour on a terminal only), notes and
//! a hint. Standard output keeps Salt's text untouched.

use codespan_reporting::diagnostic::{Diagnostic as Report, Label as ReportLabel};
use codespan_reporting::files::SimpleFiles;
use codespan_reporting::term::{self, Config};
use halite_exec::FileRoots;
use halite_value::diag::Place;
use halite_value::diag::{self, Diagnostic, Span};
use halite_value::{Map, Value};

/// (state module, ID, name) of each state in a running dict, from its tag.
fn chunks(states: &Map) -> Vec<(String, String, String)> {
    states
        .keys()
        .filter_map(|tag| {
            let tag = tag.py_str();
            let mut parts = tag.split("_|-");
            Some((
                parts.next()?.to_string(),
                parts.next()?.to_string(),
                parts.next()?.to_string(),
            ))
        })
        .collect()
}

/// Diagnostics for the failures the runtime reports in a state's result: a requisite
/// naming no state, a requisite cycle, a state function that does not exist.
fn runtime(states: &Map) -> Vec<Diagnostic> {
    let all = chunks(states);
    let mut out = Vec::new();
    for (tag, r) in states.iter() {
        let Value::Map(r) = r else { continue };
        if r.get("result") != Some(&Value::Bool(false)) {
            continue;
        }
        let comment = r.get("comment").map(Value::py_str).unwrap_or_default();
        let tag = tag.py_str();
        let mut parts = tag.split("_|-");
        let state = parts.next().unwrap_or("").to_string();
        let id = match r.get("__id__") {
            Some(v) => v.py_str(),
            None => parts.next().unwrap_or("").to_string(),
        };
        let sls = match r.get("__sls__") {
            Some(v) => v.py_str(),
            // an error result has no `__sls__`; its comment names the SLS
            None => comment
                .split_once("' was not found in SLS '")
                .and_then(|(_, rest)| rest.split_once('\''))
                .map(|(sls, _)| sls.to_string())
                .unwrap_or_default(),
        };
        if let Some(rest) = comment.strip_prefix("The following requisites were not found:\n") {
            let mut kind = String::new();
            for line in rest.lines() {
                let t = line.trim();
                if let Some(k) = t.strip_suffix(':') {
                    kind = k.to_string();
                    continue;
                }
                let Some((k, v)) = t.split_once(": ") else {
                    continue;
                };
                let item = if k == "id" {
                    v.to_string()
                } else {
                    t.to_string()
                };
                let mut d = Diagnostic::in_sls(
                    format!("`{kind}` names `{k}: {v}`, which is not a state in this run"),
                    Place::new("", &sls, &[&id, &state, &kind, &item]),
                    "no state matches this requisite",
                );
                d.hint = Some(halite_compile::requisite_hint(k, v, &all));
                out.push(d);
            }
        } else if comment == "Recursive requisite found" {
            out.push(
                Diagnostic::in_sls(
                    format!("state '{id}' is part of a requisite cycle"),
                    Place::new("", &sls, &[&id, &state]),
                    "this state waits, through its requisites, for itself",
                )
                .hint("follow its require/watch/onchanges chain and remove one link"),
            );
        } else if let Some(rest) = comment.strip_prefix("State '") {
            let Some((full, _)) = rest.split_once("' was not found in SLS '") else {
                continue;
            };
            let mut d = Diagnostic::in_sls(
                format!("there is no state function `{full}`"),
                Place::new("", &sls, &[&id, &state]),
                "unknown state function",
            );
            let names = halite_states::StateRegistry::standard().names();
            if let Some(near) = diag::closest(full, names.iter().copied()) {
                d.hint = Some(format!("did you mean `{near}`?"));
            }
            out.push(d);
        }
    }
    out
}

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
    let mut found: Vec<Diagnostic> = error_texts(ret)
        .iter()
        .filter_map(|t| diag::for_error(t))
        .collect();
    if let Value::Map(states) = ret {
        found.extend(runtime(states));
    }
    for mut d in found {
        halite_render::diagnose::resolve(&mut d, roots);
        // states a Jinja loop wrote from one line share its diagnostic
        let same = |o: &Diagnostic| {
            o.message == d.message && o.file == d.file && o.span == d.span && o.hint == d.hint
        };
        if d.file.is_empty() || out.iter().any(same) {
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

/// The most characters a diagnostic echoes of one thing the user wrote (an ID, a name in
/// a message or label), and of one source line: a 10 MB ID is shown cut, with its length.
const ECHO_CHARS: usize = 240;
const SOURCE_LINE_CHARS: usize = 160;

/// `text` with every line longer than [`SOURCE_LINE_CHARS`] cut (with `…`).
fn cut_lines(text: String) -> String {
    if text.lines().all(|l| l.len() <= SOURCE_LINE_CHARS) {
        return text;
    }
    let mut out = String::with_capacity(text.len().min(1 << 20));
    for line in text.split_inclusive('\n') {
        let (body, nl) = match line.strip_suffix('\n') {
            Some(b) => (b, "\n"),
            None => (line, ""),
        };
        match body.char_indices().nth(SOURCE_LINE_CHARS) {
            Some((end, _)) => {
                out.push_str(&body[..end]);
                out.push('…');
            }
            None => out.push_str(body),
        }
        out.push_str(nl);
    }
    out
}

/// A span moved inside its cut line (a column past the cut points at the `…`).
fn cut_span(mut span: Span) -> Span {
    if span.col > SOURCE_LINE_CHARS {
        span.col = SOURCE_LINE_CHARS + 1;
        span.len = 1;
    }
    span.len = span.len.min(SOURCE_LINE_CHARS + 2 - span.col);
    span
}

/// One diagnostic as text (`color`: ANSI colours). Files are named normalised
/// (`diag::shown_path`: `conf/../srv/web.sls` as `srv/web.sls`) and read by the path they
/// were found at.
pub fn render(d: &Diagnostic, color: bool) -> String {
    let cut = |t: &str| halite_value::limits::cut(t, ECHO_CHARS).into_owned();
    let mut files = SimpleFiles::new();
    let mut ids: Vec<(String, usize)> = Vec::new();
    let mut id_of = |files: &mut SimpleFiles<String, String>, name: &str| -> Option<usize> {
        if let Some((_, id)) = ids.iter().find(|(n, _)| n == name) {
            return Some(*id);
        }
        let text = halite_value::limits::read_input_to_string(std::path::Path::new(name)).ok()?;
        let id = files.add(diag::shown_path(name), cut_lines(text));
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
                    cut_span(span),
                );
                labels.push(ReportLabel::primary(id, r).with_message(cut(&d.label)));
            }
            None => notes.push(cut(&format!("at {}", d.location()))),
        }
    } else if !d.file.is_empty() {
        notes.push(cut(&format!("in {}", diag::shown_path(&d.file))));
    }
    for l in &d.secondary {
        if let Some(id) = id_of(&mut files, &l.file) {
            let r = range(
                files.get(id).map(|f| f.source().as_str()).unwrap_or(""),
                cut_span(l.span),
            );
            labels.push(ReportLabel::secondary(id, r).with_message(cut(&l.text)));
        }
    }
    notes.extend(d.notes.iter().map(|n| cut(n)));
    if let Some(h) = &d.hint {
        notes.push(cut(&format!("hint: {h}")));
    }
    let report = if d.warning {
        Report::warning()
    } else {
        Report::error()
    };
    let report = report
        .with_message(cut(&d.message))
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
        .unwrap_or_else(|_| format!("error: {}\n  at {}\n", cut(&d.message), cut(&d.location())))
}

/// Replaces each error of an error list that has a diagnostic by the diagnostic (without
/// colour: the highstate outputter colours the block), Salt's text kept as its last line.
pub fn inline(ret: &mut Value, roots: &FileRoots) {
    let Value::List(items) = ret else {
        return;
    };
    for item in items.iter_mut() {
        let Value::Str(text) = item else { continue };
        let Some(mut d) = diag::for_error(text) else {
            continue;
        };
        halite_render::diagnose::resolve(&mut d, roots);
        if d.file.is_empty() {
            continue;
        }
        let shown = render(&d, false);
        *item = Value::str(format!("{}\n{text}", shown.trim_end()));
    }
}

/// Prints the diagnostics of `ret`'s errors on standard error.
pub fn report(ret: &Value, roots: &FileRoots, color: bool) {
    use std::io::Write as _;
    let found = collect(ret, roots);
    let found: Vec<Diagnostic> = diag::warnings().into_iter().chain(found).collect();
    if found.is_empty() {
        return;
    }
    let mut err = std::io::stderr().lock();
    for d in &found {
        let _ = err.write_all(render(d, color).as_bytes());
    }
}
