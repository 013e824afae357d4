//! Diagnostics for render errors, and placing a compile or runtime diagnostic (an SLS and the
//! keys that lead to the mistake) on the line of the file the user wrote.
//!
//! A YAML error names a line of the rendered text; the Jinja step's [`LineMap`] tells which
//! template line wrote it, so the diagnostic points at the file, with the rendered line as a
//! note when the two differ.

use crate::fileclient::get_state;
use crate::template::TemplateJob;
use halite_exec::FileRoots;
use halite_jinja::{JinjaError, JinjaPlace};
use halite_value::diag::{self, Diagnostic, Label, LineMap, Place, Span};

/// The root a job's file lies under (`/srv/salt/` for `/srv/salt/web/init.sls`, sls `web`).
fn root_of(job: &TemplateJob) -> String {
    let path = job.path.to_string_lossy().replace('\\', "/");
    let base = job.sls.replace('.', "/");
    for tail in [format!("{base}.sls"), format!("{base}/init.sls")] {
        if let Some(root) = path.strip_suffix(&tail) {
            return root.to_string();
        }
    }
    match path.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/"),
        None => String::new(),
    }
}

/// Byte column `col` of `line` as a 1-based character column.
fn char_col(line: &str, col: usize) -> usize {
    let mut col = col.min(line.len());
    while !line.is_char_boundary(col) {
        col -= 1;
    }
    line[..col].chars().count() + 1
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path).ok()
}

/// A rendered position (1-based line, 1-based character column of `rendered`) in the file:
/// (line, column, exact).
fn to_source(
    rendered: &str,
    map: Option<&LineMap>,
    source: Option<&str>,
    line: usize,
    col: usize,
) -> (usize, usize, bool) {
    let Some(map) = map else {
        return (line, col, true);
    };
    let located =
        diag::offset_of(rendered, line, col).and_then(|offset| map.locate(rendered, offset));
    match located {
        Some(at) => {
            let text = source
                .and_then(|s| diag::line_text(s, at.line))
                .unwrap_or("");
            (at.line, char_col(text, at.col), at.exact)
        }
        None => (line, col, false),
    }
}

/// A YAML error in the text a job rendered (`map`: where the Jinja step wrote each line).
pub fn yaml_error(
    job: &TemplateJob,
    rendered: &str,
    map: Option<&LineMap>,
    e: &halite_yaml::YamlError,
) -> Diagnostic {
    let file = job.path.to_string_lossy().to_string();
    let source = read(&file);
    let (line, col, exact) = to_source(rendered, map, source.as_deref(), e.line, e.column);
    let mut d = Diagnostic::new(format!("invalid YAML: {}", e.problem), file.clone()).at(
        Span { line, col, len: 1 },
        if exact {
            e.problem.clone()
        } else {
            format!(
                "{} (in the text this line's template tags wrote)",
                e.problem
            )
        },
    );
    if let (Some(ctx), Some((cl, cc))) = (&e.context, e.context_mark) {
        if (cl, cc) != (e.line, e.column) {
            let (l, c, _) = to_source(rendered, map, source.as_deref(), cl, cc);
            d.secondary.push(Label {
                file: file.clone(),
                span: Span {
                    line: l,
                    col: c,
                    len: 1,
                },
                text: ctx.clone(),
            });
        }
    }
    let rendered_line = diag::line_text(rendered, e.line).unwrap_or("");
    let source_line = source
        .as_deref()
        .and_then(|s| diag::line_text(s, line))
        .unwrap_or("");
    if e.line != line || rendered_line != source_line {
        d = d.note(format!(
            "Jinja rendered this as line {}, column {}: `{}`",
            e.line, e.column, rendered_line
        ));
    }
    let indent: String = rendered_line
        .chars()
        .take_while(|c| c.is_whitespace())
        .collect();
    if indent.contains('\t') || e.problem.contains("'\\t'") {
        d = d.hint("YAML indentation must be spaces: this line is indented with a tab");
    } else if e.problem.starts_with("mapping values are not allowed") {
        d = d.hint(
            "a `key: value` where a plain value was expected: quote the value if the colon \
             belongs to it, else indent this line like its siblings",
        );
    } else if e.problem.contains("expected <block end>")
        || e.problem.contains("did not find expected key")
        || e.problem.contains("expected '-' indicator")
    {
        d = d.hint("this line is indented differently from the lines it belongs with");
    } else if e.problem.contains("found duplicate") || e.problem.contains("conflicting ID") {
        d = d.hint("each ID may appear once in a file");
    }
    d
}

/// A Jinja error in a job's template, or in a template it imported.
pub fn jinja_error(job: &TemplateJob, source: &str, e: &JinjaError) -> Diagnostic {
    let main = job.path.to_string_lossy().to_string();
    let root = root_of(job);
    let path_of = |name: &str| -> String {
        if name == main || name.starts_with('/') {
            name.to_string()
        } else {
            format!("{root}{name}")
        }
    };
    let head = e
        .message
        .split("; line ")
        .next()
        .unwrap_or("")
        .lines()
        .next()
        .unwrap_or("")
        .to_string();
    let Some(at) = &e.at else {
        let mut d = Diagnostic::new(format!("Jinja: {head}"), main.clone());
        if let Some(l) = e.line {
            d = d.at(
                Span {
                    line: l,
                    col: 1,
                    len: 1,
                },
                head.clone(),
            );
        }
        return d;
    };
    let file = path_of(&at.name);
    let text = if file == main {
        Some(source.to_string())
    } else {
        read(&file)
    };
    let span = span_of(at, text.as_deref());
    let mut d = Diagnostic::new(format!("Jinja: {head}"), file).at(span, label_of(&head));
    for link in &e.chain {
        let ltext = if path_of(&link.name) == main {
            Some(source.to_string())
        } else {
            read(&path_of(&link.name))
        };
        d.secondary.push(Label {
            file: path_of(&link.name),
            span: span_of(link, ltext.as_deref()),
            text: "imported from here".into(),
        });
    }
    if let Some(var) = head
        .strip_prefix('\'')
        .and_then(|r| r.split_once("' is undefined"))
        .map(|(v, _)| v)
    {
        if !var.contains(['.', '[']) {
            d = d.hint(format!(
                "`{var}` is not a variable here: set it, pass it in the context, or guard it \
                 with `{{% if {var} is defined %}}`"
            ));
        }
    }
    d
}

fn label_of(head: &str) -> String {
    head.strip_prefix("Jinja syntax error: ")
        .or_else(|| head.strip_prefix("Jinja variable "))
        .or_else(|| head.strip_prefix("Jinja error: "))
        .unwrap_or(head)
        .to_string()
}

fn span_of(p: &JinjaPlace, text: Option<&str>) -> Span {
    let line_text = text.and_then(|t| diag::line_text(t, p.line)).unwrap_or("");
    match &p.cols {
        Some(r) if r.end <= line_text.len() => {
            let col = char_col(line_text, r.start);
            let end = char_col(line_text, r.end);
            Span {
                line: p.line,
                col,
                len: end.saturating_sub(col).max(1),
            }
        }
        _ => {
            let indent = line_text.len() - line_text.trim_start().len();
            Span {
                line: p.line,
                col: indent + 1,
                len: line_text.trim().chars().count().max(1),
            }
        }
    }
}

/// Fills `file` and `span` of a diagnostic that has a [`Place`]: the SLS file's path from the
/// file roots, the line from its remembered render (mapped back through Jinja).
pub fn resolve(d: &mut Diagnostic, roots: &FileRoots) {
    let Some(place) = d.place.clone() else {
        return;
    };
    let Some(state_file) = get_state(roots, &place.sls, &place.saltenv) else {
        return;
    };
    let path = state_file.path.to_string_lossy().to_string();
    d.file = path.clone();
    let source = read(&path);
    let rendered = diag::rendered(&path);
    let (text, map) = match &rendered {
        Some(r) => (r.text.as_str(), r.map.as_ref()),
        None => match &source {
            Some(s) => (s.as_str(), None),
            None => return,
        },
    };
    let keys: Vec<&str> = place.keys.iter().map(String::as_str).collect();
    if let Some((line, col, len)) = find_keys(text, &keys) {
        let (l, c, _) = to_source(text, map, source.as_deref(), line, col);
        d.span = Some(Span {
            line: l,
            col: c,
            len,
        });
        let rline = diag::line_text(text, line).unwrap_or("");
        let sline = source
            .as_deref()
            .and_then(|s| diag::line_text(s, l))
            .unwrap_or("");
        if rline.trim() != sline.trim() {
            d.notes.push(format!(
                "Jinja rendered this as line {line}: `{}`",
                rline.trim_end()
            ));
        }
    }
}

/// Where the keys `keys` lead in YAML `text`: (1-based line, 1-based column, length) of the
/// last one found. An indentation walk (block style, as SLS files are written); flow-style
/// data is searched by the text of the key.
pub fn find_keys(text: &str, keys: &[&str]) -> Option<(usize, usize, usize)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut from = 0;
    let mut parent_indent: Option<usize> = None;
    let mut found = None;
    for key in keys {
        let mut hit = None;
        for (i, raw) in lines.iter().enumerate().skip(from) {
            let trimmed = raw.trim_start();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let indent = raw.len() - trimmed.len();
            if let Some(p) = parent_indent {
                if indent <= p && i > from && !trimmed.starts_with('-') {
                    break;
                }
                if indent < p {
                    break;
                }
            }
            let item = trimmed.trim_start_matches(['-', ' ']);
            let item_col = raw.len() - item.len();
            if key_matches(item, key) {
                hit = Some((i, item_col, indent));
                break;
            }
        }
        let Some((i, col, indent)) = hit else {
            break;
        };
        let len = key.chars().count().max(1);
        found = Some((i + 1, col + 1, len));
        from = i + 1;
        parent_indent = Some(indent);
    }
    found
}

fn unquote(s: &str) -> &str {
    let s = s.trim();
    s.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .or_else(|| s.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')))
        .unwrap_or(s)
}

fn key_matches(item: &str, key: &str) -> bool {
    let item = item.trim_end();
    if let Some((k, v)) = key.split_once(": ") {
        // a requisite `- file: missing`
        return match item.split_once(':') {
            Some((ik, iv)) => unquote(ik) == k && unquote(iv) == v,
            None => false,
        };
    }
    let head = match item.split_once(": ") {
        Some((k, _)) => k,
        None => item.strip_suffix(':').unwrap_or(item),
    };
    let head = unquote(head);
    head == key || head.split_once('.').is_some_and(|(m, _)| m == key) || (unquote(item) == key)
}

/// Places a diagnostic about SLS `sls` (saltenv `saltenv`) at `keys`, attached to Salt's
/// `text`.
pub fn attach_in_sls(
    text: &str,
    message: &str,
    saltenv: &str,
    sls: &str,
    keys: &[&str],
    label: &str,
) {
    diag::attach(
        text,
        Diagnostic::in_sls(message, Place::new(saltenv, sls, keys), label),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_keys_walks_nested_block_yaml() {
        let text = "a:\n  pkg.installed: []\nweb:\n  file.managed:\n    - name: /x\n    - require:\n      - file: missing\n";
        assert_eq!(find_keys(text, &["web"]), Some((3, 1, 3)));
        assert_eq!(
            find_keys(text, &["web", "file", "require"]),
            Some((6, 7, 7))
        );
        assert_eq!(
            find_keys(text, &["web", "file", "require", "file: missing"]),
            Some((7, 9, 13))
        );
    }
}
