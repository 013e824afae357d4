//! Salt's error texts for template failures: `render_jinja_tmpl` wraps Jinja2's exception
//! text (`Jinja variable ...`, `Jinja syntax error: ...`, `Jinja error: ...`) and
//! `SaltRenderError` appends `; line N` and `get_context`'s snippet of the template.

use crate::loader::LoadedTemplate;
use crate::mutable::{take_last_miss, Miss};
use crate::preprocess::NO_CONTEXT_PREFIX;
use crate::repr::py_repr;
use crate::salt::{EXEC_ERROR_PREFIX, RENDER_ERROR_PREFIX};
use crate::JinjaError;
use minijinja::value::Value;
use minijinja::{Error, ErrorKind};

/// What the error mapper needs to know about names: whether a chain's base variable exists.
pub trait NameInfo {
    fn is_defined(&self, name: &str) -> bool;
}

/// Maps a render error. `templates[0]` is the rendered template, the rest were loaded by
/// it; `cache_dir` is where Salt's file client keeps them (`{cachedir}/files/{saltenv}`).
pub fn to_salt_error(
    outer: &Error,
    templates: &[LoadedTemplate],
    cache_dir: &str,
    names: &dyn NameInfo,
) -> JinjaError {
    let e = innermost(outer);
    let main = &templates[0];
    let origin_name = e
        .name()
        .map(|n| n.strip_prefix(NO_CONTEXT_PREFIX).unwrap_or(n))
        .unwrap_or(&main.name);
    let mut origin = templates
        .iter()
        .find(|t| t.name == origin_name)
        .unwrap_or(main);
    let mut span_expr = None;
    // With a failed lookup pending, its text is the message (see undefined_text).
    if e.kind() == ErrorKind::UndefinedError
        && e.detail().unwrap_or("").is_empty()
        && !crate::mutable::has_last_miss()
    {
        // No expression in the message: take it from the error's span. A macro imported
        // from another file reports the caller's name with its own file's offsets.
        let candidates = || std::iter::once(origin).chain(templates.iter());
        let is_name_start = |x: &str| {
            x.chars()
                .next()
                .is_some_and(|c| c.is_alphabetic() || c == '_')
        };
        // a span that is exactly a variable chain identifies its template; failing that,
        // the chain a filter or call expression starts with
        let found = candidates()
            .find_map(|t| {
                span_text(e, t)
                    .filter(|x| is_name_start(x) && chain_len(x) == x.len())
                    .map(|x| (t, x))
            })
            .or_else(|| {
                if crate::mutable::has_last_miss() {
                    return None;
                }
                candidates().find_map(|t| {
                    span_text(e, t)
                        .map(|x| &x[..chain_len(x)])
                        .filter(|x| is_name_start(x))
                        .map(|x| (t, x))
                })
            });
        if let Some((t, x)) = found {
            origin = t;
            span_expr = Some(x.to_string());
        }
    }
    let line = e.line();
    let locals = Locals::of(e);
    // Jinja2 reports a run-time error at the line of the statement (or output expression)
    // it is in, which for a tag spanning lines (a `{% set %}` of a dict written over
    // several lines) is where the tag starts; minijinja at the failing expression's own
    // line, which the diagnostic keeps.
    let compile_time = matches!(
        e.kind(),
        ErrorKind::SyntaxError | ErrorKind::UnknownFilter | ErrorKind::UnknownTest
    );
    let salt_line = match line {
        Some(l) if !compile_time => statement_line(e, origin).filter(|s| *s < l).or(line),
        _ => line,
    };
    let mut j = describe(e, &origin.raw, span_expr, names, &locals, salt_line);
    j.at = if compile_time {
        place_of(e, origin, j.line.or(line))
    } else {
        place_of(e, origin, line)
    };
    j.chain = chain_of(outer, templates);
    complete_chain(&mut j.chain, &origin.name, templates);
    if !std::ptr::eq(origin, main) {
        // salt.utils.templates._get_jinja_error: the offending file and its context, no line
        let l = j.line.unwrap_or(0);
        let head = j.message.split("; line ").next().unwrap_or("").to_string();
        j.message = format!(
            "{head}\n{cache_dir}/{}({l}):\n{}",
            origin.name,
            get_context(&origin.raw, l, "    <======================")
        );
        j.line = None;
    }
    j
}

/// The line Jinja2 gives a run-time error at: the first token of the tag holding `e`'s
/// span (after `{{`, or the statement after `{%`), when the span is inside one.
fn statement_line(e: &Error, t: &LoadedTemplate) -> Option<usize> {
    let r = e.range()?;
    let before = t.compiled.get(..r.start)?;
    // the last `{{`/`{%` before the span not closed before it
    let mut open = None;
    let mut i = 0;
    while let Some(at) = before[i..].find('{') {
        let p = i + at;
        let close = match before.get(p..p + 2) {
            Some("{{") => "}}",
            Some("{%") => "%}",
            _ => {
                i = p + 1;
                continue;
            }
        };
        match before[p + 2..].find(close) {
            Some(c) => i = p + 2 + c + 2,
            None => {
                open = Some(p);
                break;
            }
        }
    }
    let p = open?;
    let rest = &before[p + 2..];
    let first = rest.len() - rest.trim_start_matches(['-', '+']).trim_start().len();
    Some(before[..p + 2 + first].matches('\n').count() + 1)
}

/// Where `e` points in `t`: the line, and the span's columns when it lies on that line.
fn place_of(e: &Error, t: &LoadedTemplate, line: Option<usize>) -> Option<crate::JinjaPlace> {
    let line = line?;
    let start = nth_line_start(&t.compiled, line);
    let cols = e.range().and_then(|r| {
        let end_of_line = t.compiled[start..]
            .find('\n')
            .map_or(t.compiled.len(), |i| start + i);
        (r.start >= start && r.end <= end_of_line && r.end > r.start)
            .then(|| r.start - start..r.end - start)
    });
    // the columns are the compiled text's, which the preprocessor may have rewritten (a
    // header of `{% set %}`s on the first line of a template imported without context, a
    // dict literal wrapped in `__m(...)`): find the same expression in the line as written,
    // at or before where it is compiled
    let raw_line = t.raw.lines().nth(line.saturating_sub(1)).unwrap_or("");
    let cols = cols.and_then(|c| {
        let expr = t.compiled.get(start + c.start..start + c.end)?;
        if raw_line.get(c.clone()) == Some(expr) {
            return Some(c);
        }
        raw_line
            .match_indices(expr)
            .map(|(i, _)| i)
            .filter(|i| *i <= c.start)
            .last()
            .map(|i| i..i + expr.len())
    });
    Some(crate::JinjaPlace {
        name: t.name.clone(),
        line,
        cols,
    })
}

/// The templates that included or imported the one `outer`'s innermost error is in,
/// outermost first (minijinja wraps the error once for each).
fn chain_of(outer: &Error, templates: &[LoadedTemplate]) -> Vec<crate::JinjaPlace> {
    let mut out = Vec::new();
    let mut cur = outer;
    while let Some(next) = std::error::Error::source(cur).and_then(|s| s.downcast_ref::<Error>()) {
        if let (Some(name), Some(line)) = (cur.name(), cur.line()) {
            let name = name.strip_prefix(NO_CONTEXT_PREFIX).unwrap_or(name);
            let cols = templates
                .iter()
                .find(|t| t.name == name)
                .and_then(|t| place_of(cur, t, Some(line)))
                .and_then(|p| p.cols);
            out.push(crate::JinjaPlace {
                name: name.to_string(),
                line,
                cols,
            });
        }
        cur = next;
    }
    out
}

/// Adds the links minijinja's wrappers leave out: an error raised while a template is
/// loaded (a syntax error in an imported, included or macro file) is not wrapped by the
/// template that asked for it, so the tags leading to `origin` are found by their text: each
/// missing link is the `{% import/from/include/extends %}` naming the template one step in,
/// searched in the templates the render loaded, up to one the chain already has (or the
/// rendered template).
fn complete_chain(chain: &mut Vec<crate::JinjaPlace>, origin: &str, templates: &[LoadedTemplate]) {
    let main = &templates[0].name;
    // a link minijinja made has the columns of the compiled text, which the preprocessor
    // may have rewritten: point at the tag's inner text in the file, as for the others
    for link in chain.iter_mut() {
        let line = templates
            .iter()
            .find(|t| t.name == link.name)
            .and_then(|t| t.raw.lines().nth(link.line.saturating_sub(1)));
        if let Some(c) = line
            .filter(|l| l.trim().starts_with("{%"))
            .and_then(tag_inner_cols)
        {
            link.cols = Some(c);
        }
    }
    let mut target = origin.to_string();
    let mut found = Vec::new();
    while &target != main && found.len() < templates.len() {
        if let Some(last) = chain.last() {
            let text = templates.iter().find(|t| t.name == last.name);
            if text.is_some_and(|t| names_template_at(&t.raw, last.line, &target)) {
                break;
            }
        }
        // the rendered template first, then the ones loaded, in load order
        let Some((t, place)) = templates
            .iter()
            .filter(|t| t.name != target)
            .find_map(|t| tag_naming(&t.raw, &target).map(|p| (t, p)))
        else {
            break;
        };
        found.push(crate::JinjaPlace {
            name: t.name.clone(),
            line: place.0,
            cols: place.1,
        });
        target = t.name.clone();
    }
    found.reverse();
    // outermost first: the new links come before the innermost error and after any link
    // the chain had
    chain.extend(found);
}

/// Whether line `line` of `raw` holds a tag loading template `name`.
fn names_template_at(raw: &str, line: usize, name: &str) -> bool {
    tag_naming(raw, name).is_some_and(|(l, _)| l == line)
        || raw
            .lines()
            .nth(line.saturating_sub(1))
            .is_some_and(|l| loads_name(l, name))
}

/// Whether a line's text has a loading tag (`import`, `from`, `include`, `extends`) whose
/// quoted name is `name` (or a `./`-relative name ending in it).
fn loads_name(line: &str, name: &str) -> bool {
    let Some(open) = line.find("{%") else {
        return false;
    };
    let inner = line[open + 2..].trim_start_matches(['-', '+']).trim_start();
    if !["import", "from", "include", "extends"]
        .iter()
        .any(|k| inner.starts_with(k))
    {
        return false;
    }
    for q in ['\'', '"'] {
        let mut rest = inner;
        while let Some(a) = rest.find(q) {
            let after = &rest[a + 1..];
            let Some(b) = after.find(q) else { break };
            let quoted = &after[..b];
            let relative = quoted.trim_start_matches("./");
            if quoted == name
                || (quoted.starts_with("./") && name.ends_with(relative))
                || (quoted.starts_with("../") && name.ends_with(quoted.trim_start_matches("../")))
            {
                return true;
            }
            rest = &after[b + 1..];
        }
    }
    false
}

/// The first tag of `raw` loading template `name`: its 1-based line and the byte range of
/// the tag's inner text on that line.
fn tag_naming(raw: &str, name: &str) -> Option<(usize, Option<std::ops::Range<usize>>)> {
    raw.lines().enumerate().find_map(|(i, l)| {
        if !loads_name(l, name) {
            return None;
        }
        Some((i + 1, tag_inner_cols(l)))
    })
}

/// The byte range of the first tag's inner text on a line (`from 'x' import y` in
/// `{% from 'x' import y %}`), when the tag closes on that line.
fn tag_inner_cols(l: &str) -> Option<std::ops::Range<usize>> {
    let body = l.find("{%")? + 2;
    let start =
        body + (l[body..].len() - l[body..].trim_start_matches(['-', '+']).trim_start().len());
    l[start..].find("%}").map(|c| {
        let inner = l[start..start + c].trim_end_matches(['-', '+']).trim_end();
        start..start + inner.len()
    })
}

fn span_text<'t>(e: &Error, t: &'t LoadedTemplate) -> Option<&'t str> {
    let r = e.range()?;
    let text = t.compiled.get(r.clone())?.trim();
    // a filter's span is its name: the undefined value is the expression piped into it
    let before = t.compiled.get(..r.start)?.trim_end();
    if let Some(piped) = before.strip_suffix('|') {
        let piped = piped.trim_end();
        let start = piped
            .char_indices()
            .rev()
            .take_while(|(_, c)| {
                c.is_alphanumeric() || matches!(c, '_' | '.' | '[' | ']' | '\'' | '"')
            })
            .last()
            .map(|(i, _)| i)
            .unwrap_or(piped.len());
        let chain = &piped[start..];
        if !chain.is_empty() {
            return Some(chain);
        }
    }
    Some(text)
}

/// The error a chain of "error in template X" wrappers started from.
fn innermost(e: &Error) -> &Error {
    let mut cur = e;
    while let Some(next) = std::error::Error::source(cur).and_then(|s| s.downcast_ref::<Error>()) {
        cur = next;
    }
    cur
}

fn describe(
    e: &Error,
    source: &str,
    span_expr: Option<String>,
    names: &dyn NameInfo,
    locals: &Locals,
    line: Option<usize>,
) -> JinjaError {
    let mut detail = e.detail().unwrap_or("").to_string();
    // Some of minijinja's own checks leave the detail empty: name the kind ("too many
    // arguments") so that no message is ever empty ("Jinja error: ").
    if detail.is_empty() && e.kind() != ErrorKind::UndefinedError {
        detail = e.kind().to_string();
    }
    if let Some(expr) = span_expr {
        detail = format!("`{expr}` is undefined");
    }
    let mut line = line;
    // minijinja: "value of type undefined is not callable (`salt['x.y']` is undefined)"
    // minijinja: "tried to use + operator on ... (`opts['x']` is undefined)"
    let undefined_call = detail
        .rfind(" (`")
        .filter(|_| detail.ends_with("` is undefined)"))
        .map(|i| detail[i + 2..detail.len() - 1].to_string());
    let head = match e.kind() {
        _ if undefined_call.is_some() => {
            format!(
                "Jinja variable {}",
                undefined_text(undefined_call.as_deref().unwrap_or(""), names, locals)
            )
        }
        ErrorKind::UndefinedError => {
            format!("Jinja variable {}", undefined_text(&detail, names, locals))
        }
        ErrorKind::UnknownMethod => format!("Jinja variable {detail}"),
        ErrorKind::UnknownFilter | ErrorKind::UnknownTest => {
            let what = if e.kind() == ErrorKind::UnknownFilter {
                "filter"
            } else {
                "test"
            };
            let name = detail
                .strip_prefix(&format!("{what} "))
                .and_then(|d| d.strip_suffix(" is unknown"))
                .unwrap_or(&detail);
            format!("Jinja syntax error: No {what} named '{name}'.")
        }
        ErrorKind::SyntaxError => {
            let (text, l) = crate::errors::syntax_text(&detail, source, line);
            line = l;
            format!("Jinja syntax error: {text}")
        }
        ErrorKind::TemplateNotFound if missing_template_name(&detail).is_some() => {
            // Jinja2's TemplateNotFound, which render_jinja_tmpl reports with its traceback
            // (halite has no Python stack: one frame stands for it).
            let name = missing_template_name(&detail).unwrap_or_default();
            format!(
                "Jinja error: {name}\nTraceback (most recent call last):\n  File \"halite\", in get_source\njinja2.exceptions.TemplateNotFound: {name}\n\n"
            )
        }
        _ if detail.starts_with(RENDER_ERROR_PREFIX) => {
            // Salt's `except Exception` in render_jinja_tmpl: no template line is found in
            // the traceback, so no context follows; the traceback (halite has no Python
            // frames: one stands for them) ends with the inner error.
            let msg = &detail[RENDER_ERROR_PREFIX.len()..];
            line = None;
            format!(
                "Jinja error: {msg}\nTraceback (most recent call last):\n  File \"halite\", in render\nsalt.exceptions.SaltRenderError: {msg}"
            )
        }
        _ => match detail.strip_prefix(EXEC_ERROR_PREFIX) {
            Some(msg) => format!("Problem running salt function in Jinja template: {msg}"),
            // A Python exception in Jinja2 (a filter's TypeError, `raise()`'s TemplateError):
            // Salt's `except Exception` in render_jinja_tmpl, whose SaltRenderError carries
            // the traceback before the template line (halite has no Python frames: one
            // stands for them, ending with the error).
            None => format!(
                "Jinja error: {detail}\nTraceback (most recent call last):\n  File \"halite\", in render\nsalt.exceptions.SaltRenderError: {detail}\n\n"
            ),
        },
    };
    let message = match line {
        Some(l) if l > 0 => format!(
            "{head}; line {l}\n\n{}",
            get_context(source, l, "    <======================")
        ),
        _ => head,
    };
    JinjaError {
        message,
        line,
        at: None,
        chain: Vec::new(),
    }
}

/// The template name in minijinja's "tried to include non-existing template 'NAME'" or
/// "template \"NAME\" does not exist" (quoted Rust- or minijinja-style), without the marker of
/// an import without context.
fn missing_template_name(detail: &str) -> Option<String> {
    let quoted = detail
        .strip_prefix("tried to include non-existing template ")
        .or_else(|| {
            detail
                .strip_prefix("template ")
                .and_then(|d| d.strip_suffix(" does not exist"))
        })?;
    let q = quoted.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let inner = quoted.strip_prefix(q)?.strip_suffix(q)?;
    let mut name = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            name.push(c);
            continue;
        }
        match chars.next() {
            Some('x') => {
                let hex: String = chars.by_ref().take(2).collect();
                name.push(u8::from_str_radix(&hex, 16).map(char::from).unwrap_or('?'));
            }
            Some('u') => {
                let code: String = chars.by_ref().skip(1).take_while(|c| *c != '}').collect();
                name.push(
                    u32::from_str_radix(&code, 16)
                        .ok()
                        .and_then(char::from_u32)
                        .unwrap_or('?'),
                );
            }
            Some('n') => name.push('\n'),
            Some('t') => name.push('\t'),
            Some(other) => name.push(other),
            None => name.push('\\'),
        }
    }
    Some(
        name.strip_prefix(NO_CONTEXT_PREFIX)
            .map(str::to_string)
            .unwrap_or(name),
    )
}

/// Jinja2's `StrictUndefined` text for minijinja's "`EXPR` is undefined".
fn undefined_text(detail: &str, names: &dyn NameInfo, locals: &Locals) -> String {
    if let Some(done) = detail.strip_prefix('\u{2}') {
        return done.to_string();
    }
    let miss = take_last_miss();
    let Some(expr) = detail
        .strip_prefix('`')
        .and_then(|d| d.split_once("` is undefined"))
        .map(|(e, _)| e)
    else {
        return miss
            .map(|m| miss_text(&m))
            .unwrap_or_else(|| detail.to_string());
    };
    let (base, keys) = parse_chain(expr);
    let is_chain = expr.len() == chain_len(expr);
    if !is_chain {
        // a filter or call result: trust a miss whose key the expression names
        if let Some(m) = miss
            .as_ref()
            .filter(|m| expr.contains(&crate::repr::py_str(&m.key)))
        {
            return miss_text(m);
        }
    } else if keys.is_empty() || !names.is_defined(&base) {
        return format!("'{base}' is undefined");
    }
    if let Some(m) = miss.filter(|m| keys.contains(&m.key)) {
        return miss_text(&m);
    }
    let last = keys.last().cloned().unwrap_or_default();
    // no lookup on a dict or list failed: the chain ended on a value of another type (an
    // attribute of an int, of None...), found by walking the chain's base variable
    if is_chain {
        if let Some(container) = locals.container_of(&base, &keys) {
            return miss_text(&Miss {
                container,
                key: last,
            });
        }
    }
    miss_text(&Miss {
        container: if last.is_number() {
            "list object"
        } else {
            "'str object'"
        },
        key: last,
    })
}

/// The variables an error's template code referenced, as minijinja's debug info shows them
/// (`name: repr`, one a line; template dicts and lists print their Python repr). Read on
/// first use: the text holds every referenced variable, the whole pillar included.
pub(crate) struct Locals<'e> {
    error: &'e Error,
    vars: std::cell::OnceCell<Vec<(String, String)>>,
}

impl<'e> Locals<'e> {
    fn of(error: &'e Error) -> Locals<'e> {
        Locals {
            error,
            vars: std::cell::OnceCell::new(),
        }
    }

    fn vars(&self) -> &[(String, String)] {
        self.vars.get_or_init(|| Self::read(self.error))
    }

    fn read(e: &Error) -> Vec<(String, String)> {
        let text = e.display_debug_info().to_string();
        let mut vars = Vec::new();
        let mut inside = false;
        for line in text.lines() {
            if line.starts_with("Referenced variables: {") {
                inside = true;
            } else if inside && line.starts_with('}') {
                break;
            } else if inside {
                let Some(entry) = line.strip_prefix("    ") else {
                    continue;
                };
                if entry.starts_with(' ') {
                    continue;
                }
                if let Some((name, repr)) = entry.split_once(": ") {
                    vars.push((name.to_string(), repr.trim_end_matches(',').to_string()));
                }
            }
        }
        vars
    }

    /// Jinja2's `object_type_repr` of the value `base.keys[..-1]` holds, when that value
    /// is not a dict or list (their own lookups record misses) and the walk is certain.
    fn container_of(&self, base: &str, keys: &[Value]) -> Option<&'static str> {
        let literal = match base {
            "none" | "None" => Some(Lit::None),
            "true" | "True" => Some(Lit::Bool),
            "false" | "False" => Some(Lit::Bool),
            _ => None,
        };
        let root = match literal {
            Some(l) => l,
            None => {
                let repr = &self.vars().iter().find(|(n, _)| n == base)?.1;
                let mut p = LitParser {
                    s: repr.as_bytes(),
                    i: 0,
                };
                let v = p.value()?;
                (p.i == repr.len()).then_some(v)?
            }
        };
        let (_, path) = keys.split_last()?;
        let mut cur = &root;
        for k in path {
            cur = cur.get(k)?;
        }
        cur.type_label()
    }
}

/// A Python literal, as `repr` prints it (enough to walk a chain and name a type).
enum Lit {
    None,
    Bool,
    Int(i64),
    Float,
    Str(String),
    List(Vec<Lit>),
    Dict(Vec<(Lit, Lit)>),
}

impl Lit {
    fn get(&self, key: &Value) -> Option<&Lit> {
        match self {
            Lit::Dict(pairs) => pairs.iter().find(|(k, _)| k.is_key(key)).map(|(_, v)| v),
            Lit::List(items) => {
                let i = key.as_i64()?;
                let i = if i < 0 { i + items.len() as i64 } else { i };
                items.get(usize::try_from(i).ok()?)
            }
            _ => None,
        }
    }

    fn is_key(&self, key: &Value) -> bool {
        match self {
            Lit::Str(s) => key.as_str() == Some(s.as_str()),
            Lit::Int(i) => key.as_i64() == Some(*i) && key.is_integer(),
            _ => false,
        }
    }

    fn type_label(&self) -> Option<&'static str> {
        Some(match self {
            Lit::None => "'None'",
            Lit::Bool => "'bool object'",
            Lit::Int(_) => "'int object'",
            Lit::Float => "'float object'",
            Lit::Str(_) => "'str object'",
            Lit::List(_) | Lit::Dict(_) => return None,
        })
    }
}

struct LitParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl LitParser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn eat(&mut self, text: &str) -> bool {
        if self.s[self.i..].starts_with(text.as_bytes()) {
            self.i += text.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self) -> Option<Lit> {
        match self.peek()? {
            b'{' => {
                self.i += 1;
                let mut pairs = Vec::new();
                while !self.eat("}") {
                    if !pairs.is_empty() && !self.eat(", ") {
                        return None;
                    }
                    let k = self.value()?;
                    if !self.eat(": ") {
                        return None;
                    }
                    pairs.push((k, self.value()?));
                }
                Some(Lit::Dict(pairs))
            }
            open @ (b'[' | b'(') => {
                self.i += 1;
                let close = if open == b'[' { "]" } else { ")" };
                let mut items = Vec::new();
                while !self.eat(close) {
                    if !items.is_empty() && !self.eat(",") {
                        return None;
                    }
                    self.eat(" ");
                    if self.eat(close) {
                        break;
                    }
                    items.push(self.value()?);
                }
                Some(Lit::List(items))
            }
            b'\'' | b'"' => self.string(),
            _ if self.eat("None") => Some(Lit::None),
            _ if self.eat("True") || self.eat("False") => Some(Lit::Bool),
            _ => {
                let start = self.i;
                while self
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, b'-' | b'+' | b'.'))
                {
                    self.i += 1;
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).ok()?;
                if let Ok(i) = text.parse::<i64>() {
                    Some(Lit::Int(i))
                } else if matches!(text, "inf" | "-inf" | "nan") || text.parse::<f64>().is_ok() {
                    Some(Lit::Float)
                } else {
                    None
                }
            }
        }
    }

    /// A Python string repr: its quote, and backslash escapes (kept undecoded but for the
    /// quote and the backslash: keys that need others are not worth matching).
    fn string(&mut self) -> Option<Lit> {
        let quote = self.peek()?;
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let c = self.peek()?;
            self.i += 1;
            match c {
                b'\\' => {
                    let n = self.peek()?;
                    self.i += 1;
                    match n {
                        b'\\' | b'\'' | b'"' => out.push(n),
                        b'n' => out.push(b'\n'),
                        b't' => out.push(b'\t'),
                        _ => {
                            out.push(b'\\');
                            out.push(n);
                        }
                    }
                }
                c if c == quote => break,
                c => out.push(c),
            }
        }
        Some(Lit::Str(String::from_utf8(out).ok()?))
    }
}

/// The error for using an undefined value (Jinja2's StrictUndefined raises on any use, with
/// the text of the lookup that produced it).
pub(crate) fn undefined_use() -> Error {
    match take_last_miss() {
        Some(m) => Error::new(ErrorKind::UndefinedError, format!("\u{2}{}", miss_text(&m))),
        None => Error::from(ErrorKind::UndefinedError),
    }
}

pub(crate) fn miss_text(m: &Miss) -> String {
    if m.key.as_str().is_some() {
        format!("{} has no attribute {}", m.container, py_repr(&m.key))
    } else {
        format!(
            "{} has no element {}",
            m.container.trim_matches('\''),
            py_repr(&m.key)
        )
    }
}

/// How much of `expr` is a plain `a.b['c'][0]` chain.
fn chain_len(expr: &str) -> usize {
    let mut depth = 0;
    for (i, c) in expr.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == '.') => return i,
            _ => {}
        }
    }
    expr.len()
}

/// `a.b['c'][0]` -> (`a`, [`b`, `c`, `0`]).
fn parse_chain(expr: &str) -> (String, Vec<Value>) {
    let expr = expr.trim();
    let end = expr
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(expr.len());
    let base = expr[..end].to_string();
    let mut keys = Vec::new();
    let mut rest = &expr[end..];
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let e = r
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(r.len());
            keys.push(Value::from(&r[..e]));
            rest = &r[e..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let e = r.find(']').unwrap_or(r.len());
            let k = r[..e].trim();
            let key = if let Some(s) = k.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')) {
                Value::from(s)
            } else if let Some(s) = k.strip_prefix('"').and_then(|s| s.strip_suffix('"')) {
                Value::from(s)
            } else if let Ok(i) = k.parse::<i64>() {
                Value::from(i)
            } else {
                Value::from(k)
            };
            keys.push(key);
            rest = r.get(e + 1..).unwrap_or("");
        } else {
            break;
        }
    }
    (base, keys)
}

/// Jinja2's wording and line for common syntax errors minijinja words differently.
pub fn syntax_text(detail: &str, source: &str, line: Option<usize>) -> (String, Option<usize>) {
    if detail.starts_with("unexpected end of input") {
        if let Some((block, l)) = unclosed_block(source) {
            return (end_of_template_text(&block), Some(l));
        }
    }
    if let Some(rest) = detail.strip_prefix("unexpected `") {
        if let Some((tok, tail)) = rest.split_once('`') {
            if tail.starts_with(", expected identifier") {
                return (format!("expected token 'name', got '{tok}'"), line);
            }
            if let Some(open) = line.and_then(|l| innermost_open_bracket(source, l, tok)) {
                // Jinja2's parse_dict wants the ':' after a key: `{{ x }}` inside a
                // statement is a dict literal `{ {x} }` whose key is not followed by one
                if open == '{' && tok == "}" {
                    return ("expected token ':', got '}'".into(), line);
                }
                let close = match open {
                    '(' => ')',
                    '[' => ']',
                    _ => '}',
                };
                return (format!("unexpected '{tok}', expected '{close}'"), line);
            }
            return (format!("unexpected '{tok}'"), line);
        }
    }
    if detail == "unexpected end of variable block" {
        // Jinja2's parse_tuple: no expression at all (`{{ }}`)
        if line.is_some_and(|l| line_has_empty_tag(source, l, false)) {
            return (
                "Expected an expression, got 'end of print statement'".into(),
                line,
            );
        }
        return ("unexpected 'end of print statement'".into(), line);
    }
    if detail == "unexpected end of block" {
        // `{% if %}`, `{% set x = %}`: parse_tuple found no expression
        if line.is_some_and(|l| line_has_empty_tag(source, l, true)) {
            return (
                "Expected an expression, got 'end of statement block'".into(),
                line,
            );
        }
        return ("unexpected 'end of statement block'".into(), line);
    }
    if let Some(name) = detail.strip_prefix("unknown statement ") {
        let upto = line
            .map(|l| nth_line_start(source, l))
            .unwrap_or(source.len());
        let text = match open_blocks(&source[..upto]).pop() {
            Some((block, _)) => format!(
                "Encountered unknown tag '{name}'. Jinja was looking for the following tags: {}. The innermost block that needs to be closed is '{block}'.",
                wanted_tags(&block)
            ),
            None => format!("Encountered unknown tag '{name}'."),
        };
        return (text, line);
    }
    (detail.to_string(), line)
}

/// Whether line `line` of `source` holds a print tag with nothing in it (`{{ }}`), or with
/// `block`, a statement whose expression is missing (`{% if %}`, `{% elif %}`,
/// `{% set x = %}`).
fn line_has_empty_tag(source: &str, line: usize, block: bool) -> bool {
    let start = nth_line_start(source, line);
    let text = source[start..].lines().next().unwrap_or("");
    let (open, close) = if block { ("{%", "%}") } else { ("{{", "}}") };
    let mut rest = text;
    while let Some(i) = rest.find(open) {
        let after = &rest[i + 2..];
        let Some(j) = after.find(close) else {
            return false;
        };
        let body = after[..j]
            .trim_start_matches(['-', '+'])
            .trim_end_matches(['-', '+'])
            .trim();
        let empty = if block {
            let words: Vec<&str> = body.split_whitespace().collect();
            matches!(words.as_slice(), ["if"] | ["elif"])
                || (words.first() == Some(&"set") && body.ends_with('='))
        } else {
            body.is_empty()
        };
        if empty {
            return true;
        }
        rest = &after[j + 2..];
    }
    false
}

fn nth_line_start(source: &str, line: usize) -> usize {
    if line <= 1 {
        return 0;
    }
    source
        .match_indices('\n')
        .nth(line - 2)
        .map(|(i, _)| i + 1)
        .unwrap_or(source.len())
}

/// Jinja2's message for a block left open at the end of the template.
fn end_of_template_text(block: &str) -> String {
    format!(
        "Unexpected end of template. Jinja was looking for the following tags: {}. The innermost block that needs to be closed is '{block}'.",
        wanted_tags(block)
    )
}

fn wanted_tags(block: &str) -> &'static str {
    match block {
        "if" => "'elif' or 'else' or 'endif'",
        "for" => "'endfor' or 'else'",
        "macro" => "'endmacro'",
        "call" => "'endcall'",
        "filter" => "'endfilter'",
        "set" => "'endset'",
        "with" => "'endwith'",
        "block" => "'endblock'",
        "raw" => "'endraw'",
        _ => "'end'",
    }
}

/// The innermost block tag still open at the end of `source`, and the line Jinja2 reports
/// (where its last token starts: about the line of the last tag's closing delimiter).
fn unclosed_block(source: &str) -> Option<(String, usize)> {
    let trimmed = source.strip_suffix('\n').unwrap_or(source);
    let line_of = |p: usize| trimmed[..p].matches('\n').count() + 1;
    let last_var = trimmed.rfind("}}").map(line_of).unwrap_or(0);
    let last_tag = trimmed.rfind("%}").map(line_of).unwrap_or(0);
    open_blocks(source)
        .pop()
        .map(|(b, _)| (b, last_var.max(last_tag).max(1)))
}

/// The block tags still open at the end of `source`, innermost last, with their lines.
pub fn open_blocks(source: &str) -> Vec<(String, usize)> {
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut offset = 0;
    while let Some(p) = source[offset..].find("{%") {
        let start = offset + p;
        let end = source[start..]
            .find("%}")
            .map(|e| start + e + 2)
            .unwrap_or(source.len());
        let inner = source
            .get(start + 2..end.saturating_sub(2).max(start + 2))
            .unwrap_or("");
        let body = inner.trim_matches(|c: char| c == '-' || c == '+' || c.is_whitespace());
        let word = body.split_whitespace().next().unwrap_or("");
        let line = source[..start].matches('\n').count() + 1;
        match word {
            "if" | "for" | "macro" | "call" | "filter" | "with" | "block" | "raw" => {
                stack.push((word.to_string(), line))
            }
            "set" if !body.contains('=') => stack.push((word.to_string(), line)),
            w if w.starts_with("end") => {
                stack.pop();
            }
            _ => {}
        }
        offset = end;
    }
    stack
}

/// The innermost bracket left open before the first `tok` on line `line`.
fn innermost_open_bracket(source: &str, line: usize, tok: &str) -> Option<char> {
    let text = source.lines().nth(line.checked_sub(1)?)?;
    let upto = text.find(&format!(" {tok}")).or_else(|| text.find(tok))?;
    let mut stack = Vec::new();
    let mut in_str: Option<char> = None;
    // the first tag on the line opens the code (a `{{` after `{%` is a dict literal)
    let code_start = [text.find("{{"), text.find("{%")]
        .into_iter()
        .flatten()
        .min()
        .map(|p| p + 2)
        .unwrap_or(0);
    for c in text[code_start.min(upto)..upto].chars() {
        match (in_str, c) {
            (Some(q), c) if c == q => in_str = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => in_str = Some(c),
            (None, '(' | '[' | '{') => stack.push(c),
            (None, ')' | ']' | '}') => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.pop()
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
