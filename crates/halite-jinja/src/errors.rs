//! Salt's error texts for template failures (`render_jinja_tmpl` + `SaltRenderError`).

use crate::loader::SourceCache;
use crate::JinjaError;
use halite_value::Map;
use minijinja::{Error, ErrorKind};
use std::sync::Arc;

pub fn to_salt_error(
    e: &Error,
    source: &str,
    name: &str,
    _vars: &Map,
    _cache: &Arc<SourceCache>,
) -> JinjaError {
    let line = e.line();
    let detail = e.detail().unwrap_or("").to_string();
    let head = match e.kind() {
        ErrorKind::UndefinedError => format!("Jinja variable {detail}"),
        ErrorKind::SyntaxError => format!("Jinja syntax error: {detail}"),
        _ => format!("Jinja error: {detail}"),
    };
    let _ = name;
    let message = match line {
        Some(l) => format!(
            "{head}; line {l}\n\n{}",
            get_context(source, l, "    <======================")
        ),
        None => head,
    };
    JinjaError { message, line }
}

/// `salt.utils.stringutils.get_context`: five lines either side, `[...]` elisions, and the
/// marker appended to the error line.
pub fn get_context(template: &str, line: usize, marker: &str) -> String {
    let lines: Vec<&str> = py_splitlines(template);
    let n = lines.len();
    if line > n {
        return template.to_string();
    }
    let start = line.saturating_sub(6);
    let end = n.min(line + 5);
    let mut err_idx = line as i64 - start as i64 - 1;
    let mut buf: Vec<String> = Vec::new();
    if start > 0 {
        buf.push("[...]".into());
        err_idx += 1;
    }
    buf.extend(lines[start..end].iter().map(|s| s.to_string()));
    if end < n {
        buf.push("[...]".into());
    }
    if let Some(b) = usize::try_from(err_idx).ok().and_then(|i| buf.get_mut(i)) {
        b.push_str(marker);
    } else if let Some(b) = buf.last_mut() {
        // Python's negative index: buf[-1]
        b.push_str(marker);
    }
    format!("---\n{}\n---", buf.join("\n"))
}

fn py_splitlines(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        match rest.find(['\n', '\r']) {
            Some(i) => {
                out.push(&rest[..i]);
                let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
                rest = &rest[i + skip..];
            }
            None => {
                out.push(rest);
                break;
            }
        }
    }
    out
}
