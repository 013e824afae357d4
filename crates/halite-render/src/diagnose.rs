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
    halite_value::limits::read_input_to_string(std::path::Path::new(path)).ok()
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
    // the marks are offsets in the source as compiled: the file after the preprocessor
    let compiled = halite_jinja::preprocess(source.unwrap_or(""));
    let located = diag::offset_of(rendered, line, col)
        .and_then(|offset| map.locate(rendered, offset, &compiled));
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
    // An unclosed quote or bracket is reported where the text ends or the next token is:
    // the mistake is where it opened (the context mark).
    let opened = e.context.as_deref().is_some_and(|c| {
        c.starts_with("while scanning a quoted scalar")
            || c.starts_with("while parsing a flow")
            || c.starts_with("while scanning a block scalar")
    });
    if let (true, Some(ctx), Some((cl, cc))) = (opened, &e.context, e.context_mark) {
        let (l, c, _) = to_source(rendered, map, source.as_deref(), cl, cc);
        let (pl, pc, _) = to_source(rendered, map, source.as_deref(), e.line, e.column);
        let what = ctx
            .trim_start_matches("while scanning ")
            .trim_start_matches("while parsing ");
        let mut d = Diagnostic::new(format!("invalid YAML: {}", e.problem), file.clone()).at(
            Span {
                line: l,
                col: c,
                len: 1,
            },
            format!("{what} opened here is never closed"),
        );
        d.secondary.push(Label {
            file: file.clone(),
            span: Span {
                line: pl,
                col: pc,
                len: 1,
            },
            text: e.problem.clone(),
        });
        if l != cl {
            d = d.note(format!("Jinja rendered this as line {cl}, column {cc}"));
        }
        return d.hint(if what.contains("quoted") {
            "close the quote on the same value"
        } else {
            "close the bracket"
        });
    }
    // A quoted scalar that runs over lines ends where the next quote of its kind is: an
    // error just after that quote is the quote left open on an earlier line
    // (saltstack/salt#31680: `"web::` ... `"db':`).
    if let Some((ql, qc)) = open_quote_before(rendered, e.line, e.column) {
        let (l, c, _) = to_source(rendered, map, source.as_deref(), ql, qc);
        if l < line {
            let mut d = Diagnostic::new(format!("invalid YAML: {}", e.problem), file.clone()).at(
                Span {
                    line: l,
                    col: c,
                    len: 1,
                },
                format!("this quote is closed only on line {line}"),
            );
            d.secondary.push(Label {
                file: file.clone(),
                span: Span { line, col, len: 1 },
                text: e.problem.clone(),
            });
            return d.hint("close the quote on the line where it opens");
        }
    }
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

/// When the character before rendered position (`line`, `col`, 1-based) closes a quote
/// opened on an earlier line: where it opened (1-based line, column).
fn open_quote_before(rendered: &str, line: usize, col: usize) -> Option<(usize, usize)> {
    let at = diag::offset_of(rendered, line, col)?;
    let before = rendered.get(..at)?;
    let q = before
        .chars()
        .next_back()
        .filter(|c| *c == '"' || *c == '\'')?;
    let inner = &before[..before.len() - 1];
    let open = inner.rfind(q)?;
    let open_line = inner[..open].matches('\n').count() + 1;
    if open_line >= line {
        return None;
    }
    let line_start = inner[..open].rfind('\n').map_or(0, |n| n + 1);
    Some((open_line, inner[line_start..open].chars().count() + 1))
}

/// A render pipe naming a renderer Salt does not have (Salt logs it and renders `{}`), or
/// one halite does not implement. Points at the file's `#!` line when it has one.
pub fn bad_renderer(job: &TemplateJob, shebang: &str, pipe: &str) -> Diagnostic {
    let file = job.path.to_string_lossy().to_string();
    let first = read(&file)
        .and_then(|t| t.lines().next().map(str::to_string))
        .unwrap_or_default();
    let mut d = Diagnostic::new(
        format!("the renderer \"{pipe}\" is not available: this file renders to nothing"),
        file,
    );
    if first.starts_with("#!") && (shebang.is_empty() || first.trim() == shebang.trim()) {
        let known = [
            "jinja",
            "yaml",
            "json",
            "yamlex",
            "py",
            "mako",
            "jinja|yaml",
            "jinja|json",
        ];
        let bad = pipe
            .split('|')
            .find(|p| !known.contains(&p.trim()))
            .unwrap_or(pipe);
        let col = first.find(bad).map_or(3, |i| i + 1);
        d = d.at(
            Span {
                line: 1,
                col,
                len: bad.chars().count().max(1),
            },
            "unknown renderer",
        );
        if let Some(near) = diag::closest(bad.trim(), known.iter().copied()) {
            d.hint = Some(format!("did you mean `{near}`?"));
        }
    } else {
        d = d.note("the `renderer` option names it");
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
    let mut span = span_of(at, text.as_deref());
    let mut secondary_first = None;
    let mut unclosed_hint = None;
    if head.starts_with("Jinja syntax error") {
        if let Some((l, c, open)) = text.as_deref().and_then(|t| unclosed_tag(t, at.line)) {
            if l != at.line {
                secondary_first = Some(Label {
                    file: path_of(&at.name),
                    span,
                    text: label_of(&head),
                });
                span = Span {
                    line: l,
                    col: c,
                    len: 2,
                };
                unclosed_hint = Some(format!(
                    "close this `{open}` with `{}` on its own line",
                    if open == "{{" { "}}" } else { "%}" }
                ));
            }
        }
    }
    let message = if head.starts_with("Jinja") {
        head.clone()
    } else {
        format!("Jinja: {head}")
    };
    let label = if secondary_first.is_some() {
        "this tag is never closed".to_string()
    } else {
        label_of(&head)
    };
    let mut d = Diagnostic::new(message, file).at(span, label);
    d.secondary.extend(secondary_first);
    d.hint = unclosed_hint;
    // A block left open (`{% if %}` without `{% endif %}`): Jinja notices at a later tag
    // (`{% endmacro %}`) or at the end; the mistake is where the block was opened.
    if let Some(block) = head
        .split_once("The innermost block that needs to be closed is '")
        .and_then(|(_, rest)| rest.split_once('\''))
        .map(|(b, _)| b)
    {
        if let Some(t) = text.as_deref() {
            let upto = if head.starts_with("Unexpected end of template") {
                t.len()
            } else {
                diag::offset_of(t, at.line, 1).unwrap_or(t.len())
            };
            let opened = halite_jinja::open_blocks(&t[..upto])
                .into_iter()
                .rev()
                .find(|(b, _)| b == block);
            if let Some((_, line)) = opened.filter(|(_, l)| *l != at.line) {
                let col = diag::line_text(t, line)
                    .and_then(|l| l.find("{%"))
                    .map_or(1, |c| c + 1);
                d.secondary.push(Label {
                    file: path_of(&at.name),
                    span: Span { line, col, len: 2 },
                    text: format!("this `{block}` block is never closed"),
                });
                d.hint = Some(format!(
                    "close the `{{% {block} %}}` of line {line} with `{{% end{block} %}}` before line {}",
                    at.line
                ));
            }
        }
    }
    for link in &e.chain {
        let ltext = if path_of(&link.name) == main {
            Some(source.to_string())
        } else {
            read(&path_of(&link.name))
        };
        let tag = ltext
            .as_deref()
            .and_then(|t| diag::line_text(t, link.line))
            .and_then(|l| l.find("{%").map(|i| &l[i + 2..]))
            .map(|t| t.trim_start_matches(['-', '+']).trim_start())
            .unwrap_or("");
        d.secondary.push(Label {
            file: path_of(&link.name),
            span: span_of(link, ltext.as_deref()),
            text: if tag.starts_with("include") {
                "included from here"
            } else if tag.starts_with("extends") {
                "extended from here"
            } else {
                "imported from here"
            }
            .into(),
        });
    }
    if let Some(var) = head
        .split_once("' is undefined")
        .and_then(|(before, _)| before.rsplit_once('\''))
        .map(|(_, v)| v)
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

/// The last `{{` or `{%` before line `line` of `text` (1-based) not closed before that line:
/// (line, 1-based column, the opener).
fn unclosed_tag(text: &str, line: usize) -> Option<(usize, usize, &'static str)> {
    let upto = diag::offset_of(text, line, 1)?;
    let before = &text[..upto];
    let mut last = None;
    let mut i = 0;
    while let Some(at) = before[i..].find('{') {
        let p = i + at;
        let open = match before.get(p..p + 2) {
            Some("{{") => "{{",
            Some("{%") => "{%",
            _ => {
                i = p + 1;
                continue;
            }
        };
        let close = if open == "{{" { "}}" } else { "%}" };
        match before[p + 2..].find(close) {
            Some(c) => i = p + 2 + c + 2,
            None => {
                last = Some((p, open));
                break;
            }
        }
    }
    let (p, open) = last?;
    let l = before[..p].matches('\n').count() + 1;
    let line_start = before[..p].rfind('\n').map_or(0, |n| n + 1);
    Some((l, before[line_start..p].chars().count() + 1, open))
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
    let keys: Vec<&str> = place.keys.iter().map(String::as_str).collect();
    let path = if place.sls.is_empty() {
        // only the ID is known: the file whose render declares it
        let found = diag::rendered_all().into_iter().find(|(_, r)| {
            keys.first()
                .is_some_and(|k| find_keys(&r.text, &[k]).is_some())
        });
        match found {
            Some((path, _)) => path,
            None => return,
        }
    } else {
        let env = if place.saltenv.is_empty() {
            "base"
        } else {
            &place.saltenv
        };
        match get_state(roots, &place.sls, env) {
            Some(sf) => sf.path.to_string_lossy().to_string(),
            None => return,
        }
    };
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
    if let Some((line, col, len)) = find_keys(text, &keys) {
        let (l, c, _) = to_source(text, map, source.as_deref(), line, col);
        d.span = Some(Span {
            line: l,
            col: c,
            len,
        });
        note_rendered_line(d, text, source.as_deref(), line, l);
    }
}

/// Where the keys `keys` lead in YAML `text`: (1-based line, 1-based column, length) of the
/// last one found. An indentation walk (block style, as SLS files are written); flow-style
/// data is searched by the text of the key.
pub fn find_keys(text: &str, keys: &[&str]) -> Option<(usize, usize, usize)> {
    walk_keys(text, keys).0
}

/// [`find_keys`], only when every key is found.
pub fn find_all_keys(text: &str, keys: &[&str]) -> Option<(usize, usize, usize)> {
    match walk_keys(text, keys) {
        (found, n) if n == keys.len() => found,
        _ => None,
    }
}

/// The keys directly under top-level key `key` of block YAML `text`, as written (unquoted).
fn child_keys(text: &str, key: &str) -> Vec<String> {
    let Some((line, _, _)) = find_all_keys(text, &[key]) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut indent = None;
    for raw in text.split('\n').skip(line) {
        let trimmed = raw.trim_start();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let here = raw.len() - trimmed.len();
        if here == 0 {
            break;
        }
        if *indent.get_or_insert(here) != here || trimmed.starts_with('-') {
            continue;
        }
        let head = match trimmed.split_once(": ") {
            Some((k, _)) => k,
            None => trimmed.trim_end().strip_suffix(':').unwrap_or(trimmed),
        };
        out.push(unquote(head).to_string());
    }
    out
}

/// Places a mistake in a top file: the first of the files `paths` (rendered in this run)
/// where `keys` lead, each `None` key standing for any target of the saltenv before it
/// (the first that has the rest). The diagnostic gets the file, the span on the line the
/// user wrote and, when Jinja changed that line, the rendered one as a note.
pub fn place_in_top(d: &mut Diagnostic, paths: &[String], keys: &[Option<&str>]) -> bool {
    for path in paths {
        let source = read(path);
        let rendered = diag::rendered(path);
        let (text, map) = match &rendered {
            Some(r) => (r.text.as_str(), r.map.as_ref()),
            None => match &source {
                Some(s) => (s.as_str(), None),
                None => continue,
            },
        };
        let choices: Vec<Vec<String>> = match keys.iter().position(Option::is_none) {
            Some(i) if i > 0 => child_keys(text, keys[0].unwrap_or(""))
                .into_iter()
                .map(|tgt| {
                    keys.iter()
                        .enumerate()
                        .map(|(j, k)| {
                            if j == i {
                                tgt.clone()
                            } else {
                                k.unwrap_or("").to_string()
                            }
                        })
                        .collect()
                })
                .collect(),
            _ => vec![keys.iter().map(|k| k.unwrap_or("").to_string()).collect()],
        };
        for c in choices {
            let c: Vec<&str> = c.iter().map(String::as_str).collect();
            let Some((line, col, len)) = find_all_keys(text, &c) else {
                continue;
            };
            let (l, col, _) = to_source(text, map, source.as_deref(), line, col);
            d.file = path.clone();
            d.span = Some(Span { line: l, col, len });
            note_rendered_line(d, text, source.as_deref(), line, l);
            return true;
        }
    }
    false
}

/// The diagnostic of a top file mistake `verify_tops` found, placed in the top files.
pub fn top_mistake(m: &crate::top::TopMistake, paths: &[String]) -> Option<Diagnostic> {
    let (message, label, hint) = if m.text.starts_with("Malformed topfile") {
        let hint = match &m.value {
            halite_value::Value::Str(s) => {
                format!("write the SLS names of a target as a list: `- {s}`")
            }
            _ => "write the SLS names of a target as a list of `- name` items".to_string(),
        };
        let what = match &m.value {
            halite_value::Value::Str(_) => "a string",
            halite_value::Value::Map(_) => "a mapping",
            halite_value::Value::Null => "empty",
            halite_value::Value::Bool(_) => "a boolean",
            _ => "a number",
        };
        (
            format!(
                "the SLS names of target `{}` are {what}, not a list",
                m.target
            ),
            "expected a list (`- name`)",
            Some(hint),
        )
    } else if m.text.starts_with("Improperly formatted top file matcher") {
        (
            m.text.clone(),
            "this option has no value",
            Some("give the option a value, e.g. `- match: grain`".to_string()),
        )
    } else if m.text.contains("empty sls index") {
        (
            m.text.clone(),
            "an empty SLS name",
            Some("remove the empty `-` item".to_string()),
        )
    } else {
        return None;
    };
    let mut d = Diagnostic::new(message, "");
    let value = m.value.as_str().map(str::to_string);
    let tried: Vec<Vec<Option<&str>>> = vec![
        vec![Some(&m.env), Some(&m.target), value.as_deref()],
        vec![Some(&m.env), Some(&m.target)],
        vec![Some(&m.env)],
    ];
    let placed = tried
        .iter()
        .filter(|k| k.iter().all(Option::is_some))
        .any(|k| place_in_top(&mut d, paths, k));
    if !placed {
        return None;
    }
    d.label = label.to_string();
    d.hint = hint;
    Some(d)
}

/// The diagnostic of a top file naming an SLS that does not exist in `saltenv` (Salt's
/// "No matching sls found"), at the line naming it, with the closest existing SLS name.
pub fn top_missing_sls(
    sls: &str,
    saltenv: &str,
    paths: &[String],
    avail: &[String],
) -> Option<Diagnostic> {
    let mut d = Diagnostic::new(
        format!("the top file names SLS `{sls}`, which is not in saltenv `{saltenv}`"),
        "",
    );
    if !place_in_top(&mut d, paths, &[Some(saltenv), None, Some(sls)]) {
        return None;
    }
    d.label = "no such SLS".into();
    d.hint = match diag::closest(sls, avail.iter().map(String::as_str)) {
        Some(near) => Some(format!("did you mean `{near}`?")),
        None => Some(format!(
            "no file `{}.sls` or `{}/init.sls` under the file roots of `{saltenv}`",
            sls.replace('.', "/"),
            sls.replace('.', "/")
        )),
    };
    Some(d)
}

fn walk_keys(text: &str, keys: &[&str]) -> (Option<(usize, usize, usize)>, usize) {
    let mut count = 0;
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
            if parent_indent.is_none() && indent > 0 {
                continue;
            }
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
                let shown = if key.contains(": ") {
                    item.trim_end()
                } else {
                    item.split_once(": ")
                        .map(|(k, _)| k)
                        .unwrap_or(item)
                        .trim_end()
                        .trim_end_matches(':')
                };
                hit = Some((i, item_col, indent, shown.chars().count()));
                break;
            }
        }
        let Some((i, col, indent, len)) = hit else {
            break;
        };
        let len = len.max(1);
        found = Some((i + 1, col + 1, len));
        count += 1;
        from = i + 1;
        parent_indent = Some(indent);
    }
    (found, count)
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

/// A note with the rendered line `line` when it reads differently from the source line
/// `source_line` the diagnostic points at.
fn note_rendered_line(
    d: &mut Diagnostic,
    text: &str,
    source: Option<&str>,
    line: usize,
    source_line: usize,
) {
    let rline = diag::line_text(text, line).unwrap_or("");
    let sline = source
        .and_then(|s| diag::line_text(s, source_line))
        .unwrap_or("");
    if rline.trim() != sline.trim() {
        d.notes.push(format!(
            "Jinja rendered this as line {line}: `{}`",
            rline.trim_end()
        ));
    }
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
