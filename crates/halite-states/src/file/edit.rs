//! Text edits: `file.append`, `file.prepend` (salt/states/file.py) and `file.replace`
//! (salt/states/file.py `replace` over salt/modules/file.py `replace`).

use super::difflib::{get_diff, unified_diff};
use super::pyre::PyRegex;
use super::{error, expanduser, not_absolute, ret_ncrc, write_atomic};
use crate::{StateCall, StateError};
use halite_value::{Map, Value};
use std::os::unix::fs::{MetadataExt, PermissionsExt};

/// `_check_file`.
fn check_file(name: &str) -> Result<(), String> {
    if let Some(err) = not_absolute(name) {
        Err(err)
    } else if !std::path::Path::new(name).exists() {
        Err(format!("{name}: file not found"))
    } else {
        Ok(())
    }
}

/// `_validate_str_list(text)`.
fn text_chunks(v: Option<&Value>) -> Vec<String> {
    match v {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(other) => vec![other.py_str()],
    }
}

/// `file.search(name, pattern, multiline=True)`: a regex search over the whole file.
fn search(content: &str, pattern: &str) -> bool {
    match PyRegex::new(&format!("(?m){}", python_regex(pattern))) {
        Ok(re) => re.is_match(content),
        Err(_) => content.contains(pattern),
    }
}

/// Python `re` syntax differences that matter here: named groups `(?P<n>...)` are accepted by
/// the regex crate already; look-around, backreferences and atomic groups are handled by
/// `PyRegex` falling back to fancy-regex; nothing else is translated.
fn python_regex(p: &str) -> String {
    p.to_string()
}

/// Python `str.splitlines()` (no line ends kept).
fn splitlines(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.trim_end_matches('\r').to_string())
        .collect()
}

/// `touch(name)` as `file.append` calls it when the file is missing; in test mode its return
/// is the state's return.
fn touch_for(call: &StateCall, name: &str) -> Result<(), Map> {
    let mut ret = Map::new();
    ret.insert("name", Value::str(name));
    if call.test {
        let mut ch = Map::new();
        ch.insert("new", Value::str(name));
        ret.insert("changes", Value::Map(ch));
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is set to be created").into()),
        );
        return Err(ret);
    }
    let parent = super::dirname(name);
    if call.arg("makedirs").is_some_and(|v| v.truthy()) && !super::is_dir(&parent) {
        let _ = super::managed::makedirs_(&parent, None);
    }
    // A failed touch is not reported: the caller's second `_check_file` fails instead.
    if super::is_dir(&parent) {
        let _ = write_atomic(name, b"", 0o666 & !super::umask());
    }
    Ok(())
}

/// `_unify_sources_and_hashes` + `_get_template_texts` as `file.append`/`file.prepend` run
/// them: `Ok(None)` without sources, else each source fetched (salt:// through the file roots,
/// or a local path) and rendered with `template` (jinja by default). `Err` is the state's
/// return.
fn unify_sources(call: &StateCall, ret: &Map) -> Result<(), Map> {
    let source = call.arg("source").filter(|v| v.truthy());
    let sources = call.arg("sources").filter(|v| v.truthy());
    if source.is_some() && sources.is_some() {
        return Err(error(
            ret.clone(),
            "source and sources are mutually exclusive",
        ));
    }
    if call.arg("source_hash").is_some_and(|v| v.truthy())
        && call.arg("source_hashes").is_some_and(|v| v.truthy())
    {
        return Err(error(
            ret.clone(),
            "source_hash and source_hashes are mutually exclusive",
        ));
    }
    Ok(())
}

fn source_texts(call: &StateCall, ret: &Map) -> Result<Option<Vec<String>>, Map> {
    unify_sources(call, ret)?;
    let source = call.arg("source").filter(|v| v.truthy());
    let sources = call.arg("sources").filter(|v| v.truthy());
    let list: Vec<Value> = match (source, sources) {
        (Some(s), _) => vec![s.clone()],
        (None, Some(Value::List(l))) => l.to_vec(),
        (None, Some(other)) => vec![other.clone()],
        (None, None) => return Ok(None),
    };
    // cp.get_template without a template (null, "") loads nothing.
    let template = match call.arg("template") {
        None => Some("jinja".to_string()),
        Some(v) if v.truthy() => Some(v.py_str().to_lowercase()),
        Some(_) => None,
    };
    let mut texts = Vec::new();
    for src in &list {
        let url = src.py_str();
        // `_get_template_texts`' own return (named after the source, with its `data`).
        let fail = |msg: String| {
            let mut r = Map::new();
            r.insert("name", Value::Str(url.clone().into()));
            r.insert("changes", Value::Map(Map::new()));
            r.insert("result", Value::Bool(false));
            r.insert("comment", Value::Str(msg.into()));
            r.insert("data", Value::List(Vec::new().into()));
            r
        };
        let Ok((_, path)) = super::managed::resolve_source(call, src) else {
            return Err(fail(format!("Failed to load template file {url}")));
        };
        let Ok(data) = std::fs::read(&path) else {
            return Err(fail(format!("Failed to load template file {url}")));
        };
        let text = String::from_utf8_lossy(&data).into_owned();
        let rendered = match template.as_deref() {
            None => return Err(fail(format!("Failed to load template file {url}"))),
            Some("jinja") => {
                let mut vars = Map::new();
                vars.insert(
                    "saltenv",
                    Value::Str(super::managed::saltenv_of(call).into()),
                );
                super::managed::apply_context(call, &mut vars);
                match super::managed::render_jinja(call, &text, &vars) {
                    Ok(r) => r,
                    Err(_) => return Err(fail(format!("Failed to load template file {url}"))),
                }
            }
            Some(other) => {
                return Err(fail(format!(
                    "halite: template '{other}' is not supported (only jinja)"
                )))
            }
        };
        if rendered.is_empty() {
            // The rendered copy lives in the minion cache (extrn_files/SALTENV/PATH).
            let shown = match url.strip_prefix("salt://") {
                Some(rel) => format!(
                    "{}/extrn_files/{}/{}",
                    super::cachedir(call),
                    super::managed::saltenv_of(call),
                    rel.split('?').next().unwrap_or(rel)
                ),
                None => path.clone(),
            };
            return Err(fail(format!(
                "Failed to read rendered template file {shown} ({url})"
            )));
        }
        texts.push(rendered);
    }
    Ok(Some(texts))
}

/// The `makedirs: True` step of `file.append`/`file.prepend`: the parent folders are made
/// (outside test mode) before the file is touched.
fn makedirs_for(call: &StateCall, name: &str, ret: &Map) -> Result<(), Map> {
    if call.test || !matches!(call.arg("makedirs"), Some(Value::Bool(true))) {
        return Ok(());
    }
    let dir = super::dirname(name);
    if super::is_dir(&dir) {
        return Ok(());
    }
    super::managed::makedirs_(&dir, None).map_err(|e| {
        error(
            ret.clone(),
            format!("Failed to create directory {dir}: {e}"),
        )
    })
}

/// Python's non-POSIX `shlex.shlex(line)` with `whitespace_split = True` and no commenters,
/// as `build_whitespace_split_regex` sets it up: the words of `line`, a quoted word kept with
/// its quotes. An unclosed quote is Python's `ValueError`.
fn shlex_words(line: &str) -> Result<Vec<String>, String> {
    let quotes: &[char] = if line.contains("'\"") {
        &[]
    } else if line.contains('\'') {
        &['"']
    } else if line.contains('"') {
        &['\'']
    } else {
        &['\'', '"']
    };
    let ws = |c: char| matches!(c, ' ' | '\t' | '\r' | '\n');
    let mut words = Vec::new();
    let mut chars = line.chars();
    // state ' ': skip whitespace, then a quoted token or a word.
    while let Some(c) = chars.by_ref().find(|c| !ws(*c)) {
        let mut token = String::from(c);
        if quotes.contains(&c) {
            loop {
                match chars.next() {
                    None => return Err("No closing quotation".into()),
                    Some(n) => {
                        token.push(n);
                        if n == c {
                            break;
                        }
                    }
                }
            }
        } else {
            for n in chars.by_ref() {
                if ws(n) {
                    break;
                }
                token.push(n);
            }
        }
        words.push(token);
    }
    Ok(words)
}

/// `salt.utils.stringutils.build_whitespace_split_regex(text)`.
fn whitespace_split_regex(text: &str) -> Result<String, String> {
    let mut regex = String::new();
    for line in splitlines(text) {
        let parts: Vec<String> = shlex_words(&line)?
            .iter()
            .map(|w| regex::escape(w))
            .collect();
        regex.push_str(&format!(
            "(?:[\\s]+)?{}(?:[\\s]+)?",
            parts.join("(?:[\\s]+)?")
        ));
    }
    Ok(format!("(?m)^{regex}$"))
}

/// Whether `chunk` is already in the file: `file.search` with the whitespace-split regex
/// (`ignore_whitespace`, prepend without `header`) or the chunk itself as the pattern.
fn chunk_present(orig: &str, chunk: &str, whitespace: bool) -> Result<bool, StateError> {
    if !whitespace {
        return Ok(search(orig, chunk));
    }
    let pat =
        whitespace_split_regex(chunk).map_err(|e| StateError::Other(format!("ValueError: {e}")))?;
    Ok(PyRegex::new(&pat).is_ok_and(|re| re.is_match(orig)))
}

/// What file.append and file.prepend do before their own work, as Salt's two functions do
/// it: the path, the empty return, the text chunks (from `source(s)`, else `text`) and the
/// file's current text. Err is the state's return.
fn edit_prologue(call: &StateCall, fun: &str) -> Result<(String, Map, Vec<String>, String), Map> {
    let name = expanduser(&call.name_str());
    let ret = ret_ncrc(&name);
    if name.is_empty() {
        return Err(error(ret, format!("Must provide name to {fun}")));
    }
    unify_sources(call, &ret)?;
    makedirs_for(call, &name, &ret)?;
    if let Err(msg) = check_file(&name) {
        touch_for(call, &name)?;
        if check_file(&name).is_err() {
            return Err(error(ret, msg));
        }
    }
    let text = source_texts(call, &ret)?.unwrap_or_else(|| text_chunks(call.arg("text")));
    let orig = std::fs::read_to_string(&name).unwrap_or_default();
    Ok((name, ret, text, orig))
}

pub fn append(call: &StateCall) -> Result<Map, StateError> {
    let (name, mut ret, text, orig) = match edit_prologue(call, "file.append") {
        Ok(p) => p,
        Err(r) => return Ok(r),
    };
    let slines = splitlines(&orig);
    let mut append_lines: Vec<String> = Vec::new();
    let ignore_whitespace = call.flag("ignore_whitespace", true);
    for chunk in &text {
        if chunk_present(&orig, chunk, ignore_whitespace)? {
            continue;
        }
        append_lines.extend(splitlines(chunk));
    }
    // Salt 3008 added `show_changes` to file.append (earlier releases ignore the argument).
    let show_changes = !call.salt_compat().is_3008() || call.flag("show_changes", true);
    let diff = |a: &[String], b: &[String]| {
        if show_changes {
            unified_diff(a, b, "", "", "\n").join("\n")
        } else {
            "<show_changes=False>".to_string()
        }
    };
    if call.test {
        let mut nlines = slines.clone();
        nlines.extend(append_lines.iter().cloned());
        if slines != nlines {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is set to be updated").into()),
            );
            ret.insert("result", Value::Null);
            super::changes_mut(&mut ret).insert("diff", Value::Str(diff(&slines, &nlines).into()));
        } else {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is in correct state").into()),
            );
            ret.insert("result", Value::Bool(true));
        }
        return Ok(ret);
    }
    if !append_lines.is_empty() {
        // file.append: a missing final newline is added first; each line ends with one.
        let mut new = orig.clone();
        if !new.is_empty() && !new.ends_with('\n') {
            new.push('\n');
        }
        for l in &append_lines {
            new.push_str(l);
            new.push('\n');
        }
        if let Err(e) = write_atomic(&name, new.as_bytes(), 0o644) {
            return Ok(error(ret, format!("Failed to append to {name}: {e}")));
        }
        ret.insert(
            "comment",
            Value::Str(format!("Appended {} lines", append_lines.len()).into()),
        );
    } else {
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is in correct state").into()),
        );
    }
    let nlines = splitlines(&std::fs::read_to_string(&name).unwrap_or_default());
    if slines != nlines {
        super::changes_mut(&mut ret).insert("diff", Value::Str(diff(&slines, &nlines).into()));
    }
    ret.insert("result", Value::Bool(true));
    Ok(ret)
}

pub fn prepend(call: &StateCall) -> Result<Map, StateError> {
    let (name, mut ret, text, orig) = match edit_prologue(call, "file.prepend") {
        Ok(p) => p,
        Err(r) => return Ok(r),
    };
    let mut pre: Vec<String> = Vec::new();
    let header = call.flag("header", false);
    for chunk in &text {
        if !header && chunk_present(&orig, chunk, true)? {
            continue;
        }
        pre.extend(splitlines(chunk));
    }
    let mut new = String::new();
    for l in &pre {
        new.push_str(l);
        new.push('\n');
    }
    new.push_str(&orig);
    // Salt 3008 added `show_changes` to file.prepend (earlier releases ignore the argument).
    let show_changes = !call.salt_compat().is_3008() || call.flag("show_changes", true);
    let diff = |a: &str, b: &str| {
        if show_changes {
            get_diff(a, b)
        } else {
            "<show_changes=False>".to_string()
        }
    };
    if call.test {
        if new != orig {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is set to be updated").into()),
            );
            ret.insert("result", Value::Null);
            super::changes_mut(&mut ret).insert("diff", Value::Str(diff(&orig, &new).into()));
        } else {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is in correct state").into()),
            );
            ret.insert("result", Value::Bool(true));
        }
        return Ok(ret);
    }
    // header: the text is written only when the file's first lines differ from it.
    let head: Vec<String> = splitlines(&orig).into_iter().take(pre.len()).collect();
    if header && head == pre {
        pre.clear();
    }
    if !pre.is_empty() {
        if let Err(e) = write_atomic(&name, new.as_bytes(), 0o644) {
            return Ok(error(ret, format!("Failed to prepend to {name}: {e}")));
        }
        ret.insert(
            "comment",
            Value::Str(format!("Prepended {} lines", pre.len()).into()),
        );
        super::changes_mut(&mut ret).insert("diff", Value::Str(diff(&orig, &new).into()));
    } else {
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is in correct state").into()),
        );
    }
    ret.insert("result", Value::Bool(true));
    Ok(ret)
}

/// Python's `re.sub` replacement syntax (`\1`, `\g<name>`) in the regex crate's (`${1}`).
fn python_repl(repl: &str) -> String {
    let mut out = String::new();
    let mut chars = repl.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' => out.push_str("$$"),
            '\\' => match chars.peek().copied() {
                Some(d) if d.is_ascii_digit() => {
                    let mut n = String::new();
                    while let Some(&d) = chars.peek() {
                        if d.is_ascii_digit() && n.len() < 2 {
                            n.push(d);
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    out.push_str(&format!("${{{n}}}"));
                }
                Some('g') => {
                    chars.next();
                    if chars.peek() == Some(&'<') {
                        chars.next();
                        let mut n = String::new();
                        for d in chars.by_ref() {
                            if d == '>' {
                                break;
                            }
                            n.push(d);
                        }
                        out.push_str(&format!("${{{n}}}"));
                    } else {
                        out.push_str("\\g");
                    }
                }
                Some('n') => {
                    chars.next();
                    out.push('\n');
                }
                Some('t') => {
                    chars.next();
                    out.push('\t');
                }
                Some('\\') => {
                    chars.next();
                    out.push('\\');
                }
                _ => out.push('\\'),
            },
            other => out.push(other),
        }
    }
    out
}

/// salt/modules/file.py `_get_flags` (default `8`, MULTILINE) as the regex crate's inline
/// flags; an unknown flag is the module's CommandExecutionError.
fn re_flags(v: Option<&Value>) -> Result<String, String> {
    let bits: i64 = match v {
        None | Some(Value::Null) => 8,
        Some(Value::Int(n)) => *n,
        Some(Value::Bool(b)) => i64::from(*b),
        Some(Value::Map(m)) => {
            return Err(format!(
                "Invalid re flags: \"{}\", must be given either as a single flag string, a list of strings, as an integer, or as an re flag",
                Value::Map(m.clone()).py_str()
            ))
        }
        Some(other) => {
            let names: Vec<Value> = match other {
                Value::List(l) => l.to_vec(),
                v => vec![v.clone()],
            };
            let mut bits = 0;
            for n in &names {
                let name = n.py_str();
                bits |= match name.to_uppercase().as_str() {
                    "TEMPLATE" | "T" => 1,
                    "IGNORECASE" | "I" => 2,
                    "LOCALE" | "L" => 4,
                    "MULTILINE" | "M" => 8,
                    "DOTALL" | "S" => 16,
                    "UNICODE" | "U" => 32,
                    "VERBOSE" | "X" => 64,
                    "DEBUG" => 128,
                    "ASCII" | "A" => 256,
                    _ => return Err(format!("Invalid re flag given: {name}")),
                };
            }
            bits
        }
    };
    let mut f = String::new();
    for (bit, c) in [(2, 'i'), (8, 'm'), (16, 's'), (64, 'x')] {
        if bits & bit != 0 {
            f.push(c);
        }
    }
    Ok(if f.is_empty() {
        String::new()
    } else {
        format!("(?{f})")
    })
}

pub fn replace(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.replace"));
    }
    if let Err(msg) = check_file(&name) {
        if call.flag("ignore_if_missing", false) && msg.contains("file not found") {
            ret.insert("comment", Value::str("No changes needed to be made"));
            return Ok(ret);
        }
        return Ok(error(ret, msg));
    }
    let pattern = call.arg_str("pattern").unwrap_or_default();
    let repl = call.arg_str("repl").unwrap_or_default();
    let count = call
        .arg("count")
        .and_then(Value::as_i64)
        .unwrap_or(0)
        .max(0) as usize;
    let flags = match re_flags(call.arg("flags")) {
        Ok(f) => f,
        Err(e) => return Err(StateError::Command(e)),
    };
    let re = match PyRegex::new(&format!("{flags}{}", python_regex(&pattern))) {
        Ok(r) => r,
        Err(e) => {
            return Ok(error(
                ret,
                format!("halite: unsupported regular expression {pattern:?}: {e}"),
            ))
        }
    };
    // Salt 3008's `encoding`: the file is read and written as text in that encoding
    // (`fopen(path, "r"/"w", encoding=...)`, no newline translation).
    let encoding = if call.salt_compat().is_3008() {
        call.arg_str("encoding")
    } else {
        None
    };
    let orig = match &encoding {
        Some(enc) => {
            let bytes = std::fs::read(&name).unwrap_or_default();
            match text_codec::decode(&bytes, enc) {
                Ok(t) => t,
                Err(e) => return Err(StateError::Other(e)),
            }
        }
        None => std::fs::read_to_string(&name).unwrap_or_default(),
    };
    let rrepl = if call.flag("backslash_literal", false) {
        repl.replace('$', "$$")
    } else {
        python_repl(&repl)
    };
    let mut new = match re.replacen(&orig, count, rrepl.as_str()) {
        Ok(n) => n.into_owned(),
        Err(e) => {
            return Ok(error(
                ret,
                format!("halite: regular expression {pattern:?}: {e}"),
            ))
        }
    };
    let (append_nf, prepend_nf) = (
        call.flag("append_if_not_found", false),
        call.flag("prepend_if_not_found", false),
    );
    if append_nf && prepend_nf {
        return Err(StateError::Invocation(
            "Only one of append and prepend_if_not_found is permitted".into(),
        ));
    }
    // The content counts as found when a line already starts with it
    // (`^{re.escape(content)}($|(?=\r\n))`, multiline): the append is idempotent.
    let nf_content = call
        .arg_str("not_found_content")
        .filter(|c| !c.is_empty() && (append_nf || prepend_nf))
        .unwrap_or_else(|| repl.clone());
    let content_present = (append_nf || prepend_nf)
        && PyRegex::new(&format!(
            "{flags}^{}($|(?=\r\n))",
            regex::escape(&nf_content)
        ))
        .is_ok_and(|r| r.is_match(&orig));
    if !re.is_match(&orig) && !content_present {
        let content = call
            .arg_str("not_found_content")
            .unwrap_or_else(|| repl.clone());
        if append_nf {
            if !new.is_empty() && !new.ends_with('\n') {
                new.push('\n');
            }
            new.push_str(&content);
            new.push('\n');
        } else if prepend_nf {
            new = format!("{content}\n{new}");
        }
    }
    if new == orig {
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("No changes needed to be made"));
        return Ok(ret);
    }
    let diff = if call.flag("show_changes", true) {
        Value::Str(get_diff(&orig, &new).into())
    } else {
        Value::Bool(true)
    };
    super::changes_mut(&mut ret).insert("diff", diff);
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", Value::str("Changes would have been made"));
    } else {
        // backup=".bak": the original moves to NAME + backup (a falsy backup keeps none).
        let backup = match call.low.get("backup") {
            None => Some(".bak".to_string()),
            Some(b) if b.truthy() => Some(b.py_str()),
            Some(_) => None,
        };
        if let Some(b) = backup {
            if let Err(e) = super::copy2_as_new(&name, &format!("{name}{b}")) {
                return Ok(error(
                    ret,
                    format!("Unable to create the backup file {name}{b}: {e}"),
                ));
            }
        }
        let data = match &encoding {
            Some(enc) => text_codec::encode(&new, enc).map_err(StateError::Other)?,
            None => new.into_bytes(),
        };
        if let Err(e) = write_atomic(&name, &data, 0o644) {
            return Ok(error(ret, format!("Unable to write file {name}: {e}")));
        }
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("Changes were made"));
    }
    Ok(ret)
}

/// `re.match(regex, line)` (anchored at the start; `$` also matches before a final newline).
fn re_match_start(re: &PyRegex, line: &str) -> bool {
    let body = line.strip_suffix('\n').unwrap_or(line);
    re.find(body).is_some_and(|(start, _)| start == 0)
}

fn compile(p: &str) -> Result<PyRegex, String> {
    PyRegex::new(&python_regex(p))
        .map_err(|e| format!("halite: unsupported regular expression {p:?}: {e}"))
}

/// `file.comment_line`: comment (`cmnt`) or uncomment the lines matching `regex`; writes a
/// `.bak` backup like Salt. Returns whether a line matched.
fn comment_line(
    path: &str,
    regex: &str,
    ch: &str,
    cmnt: bool,
    backup: Option<&str>,
) -> Result<bool, String> {
    let inner = regex.trim_start_matches('^').trim_end_matches('$');
    let end = if regex.ends_with('$') { "$" } else { "" };
    let pat = if cmnt {
        format!(
            "{}({inner}){end}",
            if regex.starts_with('^') { "^" } else { "" }
        )
    } else {
        format!("^{}\\s*({inner}){end}", regex::escape(ch))
    };
    let re = compile(&pat)?;
    let orig = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut found = false;
    let mut out = String::new();
    for line in orig.split_inclusive('\n') {
        if re_match_start(&re, line) {
            found = true;
            if cmnt {
                out.push_str(ch);
                out.push_str(line);
            } else {
                out.push_str(line.trim_start_matches(|c: char| ch.contains(c)));
            }
        } else {
            out.push_str(line);
        }
    }
    if !found {
        return Ok(false);
    }
    if let Some(b) = backup.filter(|b| !b.is_empty()) {
        let _ = std::fs::write(format!("{path}{b}"), &orig);
    }
    write_atomic(path, out.as_bytes(), 0o644).map_err(|e| e.to_string())?;
    Ok(true)
}

fn search_lines(path: &str, pat: &str) -> bool {
    std::fs::read_to_string(path)
        .map(|c| search(&c, pat))
        .unwrap_or(false)
}

fn ret_ncfc(name: &str) -> Map {
    let mut m = ret_ncrc(name);
    m.insert("result", Value::Bool(false));
    m
}

pub fn comment(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncfc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.comment"));
    }
    if let Err(m) = check_file(&name) {
        return Ok(error(ret, m));
    }
    let regex = call.arg_str("regex").unwrap_or_default();
    let ch = call.arg_str("char").unwrap_or_else(|| "#".into());
    // backup: False (or empty) means no backup file.
    let backup = match call.low.get("backup") {
        None => ".bak".to_string(),
        Some(v) if !v.truthy() => String::new(),
        Some(v) => v.py_str(),
    };
    // re.sub(r"^(\(\?[iLmsux]\))?\^?(.*?)\$?$", r"\2", regex)
    let unanchor = {
        let mut r = regex.as_str();
        if r.starts_with("(?") && r.len() >= 4 && &r[3..4] == ")" {
            r = &r[4..];
        }
        let r = r.strip_prefix('^').unwrap_or(r);
        r.strip_suffix('$').unwrap_or(r).to_string()
    };
    let content = std::fs::read_to_string(&name).unwrap_or_default();
    // ^(?!\s*#)\s*UNANCHOR: a line that is not commented and matches.
    let body_re = compile(&format!("^\\s*(?:{unanchor})"));
    let uncommented = match &body_re {
        Ok(re) => content
            .lines()
            .any(|l| !l.trim_start().starts_with(ch.as_str()) && re.is_match(l)),
        Err(_) => false,
    };
    let comment_regex = format!("{}{unanchor}", regex::escape(&ch));
    if !uncommented {
        if search(&content, &comment_regex) {
            ret.insert("comment", Value::str("Pattern already commented"));
            ret.insert("result", Value::Bool(true));
            return Ok(ret);
        } else if call.flag("ignore_missing", false) {
            ret.insert(
                "comment",
                Value::str("Pattern not found and ignore_missing set to True"),
            );
            ret.insert("result", Value::Bool(true));
            return Ok(ret);
        }
        return Ok(error(ret, format!("{unanchor}: Pattern not found")));
    }
    if call.test {
        super::changes_mut(&mut ret).insert(name.as_str(), Value::str("updated"));
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is set to be updated").into()),
        );
        ret.insert("result", Value::Null);
        return Ok(ret);
    }
    if let Err(e) = comment_line(&name, &regex, &ch, true, Some(&backup)) {
        return Ok(error(ret, e));
    }
    let new = std::fs::read_to_string(&name).unwrap_or_default();
    let ok = search(&new, &comment_regex);
    ret.insert("result", Value::Bool(ok));
    if new != content {
        super::changes_mut(&mut ret).insert("diff", Value::Str(get_diff(&content, &new).into()));
    }
    let c = if ok {
        "Commented lines successfully"
    } else {
        "Expected commented lines not found"
    };
    ret.insert("comment", Value::str(c));
    Ok(ret)
}

pub fn uncomment(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncfc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.uncomment"));
    }
    if let Err(m) = check_file(&name) {
        return Ok(error(ret, m));
    }
    let regex = call.arg_str("regex").unwrap_or_default();
    let ch = call.arg_str("char").unwrap_or_else(|| "#".into());
    // backup: False (or empty) means no backup file.
    let backup = match call.low.get("backup") {
        None => ".bak".to_string(),
        Some(v) if !v.truthy() => String::new(),
        Some(v) => v.py_str(),
    };
    let bare = regex.trim_start_matches('^');
    let is_commented = search_lines(&name, &format!("{}[ \t]*{bare}", regex::escape(&ch)));
    let uncommented_re = format!("^[ \t]*{bare}");
    if !is_commented {
        if search_lines(&name, &uncommented_re) {
            ret.insert("comment", Value::str("Pattern already uncommented"));
            ret.insert("result", Value::Bool(true));
            return Ok(ret);
        }
        return Ok(error(ret, format!("{regex}: Pattern not found")));
    }
    if call.test {
        super::changes_mut(&mut ret).insert(name.as_str(), Value::str("updated"));
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is set to be updated").into()),
        );
        ret.insert("result", Value::Null);
        return Ok(ret);
    }
    let orig = std::fs::read_to_string(&name).unwrap_or_default();
    if let Err(e) = comment_line(&name, &regex, &ch, false, Some(&backup)) {
        return Ok(error(ret, e));
    }
    let new = std::fs::read_to_string(&name).unwrap_or_default();
    let ok = search(&new, &uncommented_re);
    ret.insert("result", Value::Bool(ok));
    if new != orig {
        super::changes_mut(&mut ret).insert("diff", Value::Str(get_diff(&orig, &new).into()));
    }
    let c = if ok {
        "Uncommented lines successfully"
    } else {
        "Expected uncommented lines not found"
    };
    ret.insert("comment", Value::str(c));
    Ok(ret)
}

/// `_regex_to_static`: the lines a regex (DOTALL) finds, or that contain it literally.
fn regex_to_static(lines: &[String], regex: Option<&str>) -> Result<Option<Vec<String>>, String> {
    let Some(r) = regex.filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    if lines.is_empty() {
        return Ok(None);
    }
    let re = PyRegex::new(&format!("(?s){}", python_regex(r))).ok();
    Ok(Some(
        lines
            .iter()
            .filter(|l| re.as_ref().map(|re| re.is_match(l)).unwrap_or(false) || l.contains(r))
            .cloned()
            .collect(),
    ))
}

fn assert_occurrence(probe: &[String], target: &str) -> Result<(), String> {
    let msg = match probe.len() {
        0 => "less than",
        1 => return Ok(()),
        _ => "more than",
    };
    Err(format!(
        "Found {msg} expected occurrences in \"{target}\" expression"
    ))
}

fn get_eol(line: &str) -> &'static str {
    if line.ends_with("\r\n") {
        "\r\n"
    } else if line.ends_with('\n') {
        "\n"
    } else if line.ends_with('\r') {
        "\r"
    } else {
        ""
    }
}

fn set_line_indent(src: &str, line: &str, indent: bool) -> String {
    if !indent {
        return line.to_string();
    }
    let idt: String = src
        .chars()
        .take_while(|c| *c == '\t' || *c == ' ')
        .collect();
    format!("{idt}{}", line.trim_start())
}

fn set_line_eol(src: &str, line: &str) -> String {
    let eol = match get_eol(src) {
        "" => "\n",
        e => e,
    };
    format!("{}{eol}", line.trim_end())
}

fn index_of(lines: &[String], s: &str) -> Option<usize> {
    lines.iter().position(|l| l == s)
}

/// salt/modules/file.py `_set_line`.
#[allow(clippy::too_many_arguments)]
fn set_line(
    mut lines: Vec<String>,
    content: Option<&str>,
    matchr: Option<&str>,
    mode: &str,
    location: Option<&str>,
    before: Option<&str>,
    after: Option<&str>,
    indent: bool,
) -> Result<Vec<String>, String> {
    let content_s = content.unwrap_or("");
    let matchr = if matchr.is_none() && before.is_none() && after.is_none() {
        content
    } else {
        matchr
    };
    let after = regex_to_static(&lines, after)?;
    let before = regex_to_static(&lines, before)?;
    let matched = regex_to_static(&lines, matchr)?;
    let first = |v: &Option<Vec<String>>| v.as_ref().and_then(|v| v.first().cloned());
    let nonempty = |v: &Option<Vec<String>>| v.as_ref().map(|v| !v.is_empty()).unwrap_or(false);
    if lines.is_empty() && (mode == "delete" || mode == "replace") {
        return Ok(Vec::new());
    }
    match mode {
        "delete" if nonempty(&matched) => {
            let m = first(&matched).unwrap_or_default();
            lines.retain(|l| *l != m);
        }
        "replace" if nonempty(&matched) => {
            let m = first(&matched).unwrap_or_default();
            if let Some(idx) = index_of(&lines, &m) {
                let orig = lines.remove(idx);
                lines.insert(idx, set_line_indent(&orig, content_s, indent));
            }
        }
        "insert" => {
            if before.is_none() && after.is_none() && location.is_none() {
                return Err(
                    "On insert either \"location\" or \"before/after\" conditions are required."
                        .into(),
                );
            }
            if let Some(loc) = location {
                if loc == "end" {
                    if let Some(last) = lines.last().cloned() {
                        lines.push(set_line_indent(&last, content_s, indent));
                    } else {
                        lines.push(content_s.to_string());
                    }
                } else if loc == "start" {
                    if let Some(f) = lines.first().cloned() {
                        lines.insert(0, set_line_eol(&f, content_s));
                    } else {
                        lines = vec![format!("{content_s}\n")];
                    }
                }
            } else if nonempty(&before) && nonempty(&after) {
                assert_occurrence(before.as_deref().unwrap_or(&[]), "before")?;
                assert_occurrence(after.as_deref().unwrap_or(&[]), "after")?;
                let last = index_of(&lines, &first(&before).unwrap_or_default()).unwrap_or(0);
                let l = lines[last].clone();
                lines.insert(last, set_line_indent(&l, content_s, indent));
            } else if nonempty(&after) {
                assert_occurrence(after.as_deref().unwrap_or(&[]), "after")?;
                let idx = index_of(&lines, &first(&after).unwrap_or_default()).unwrap_or(0);
                let next = lines.get(idx + 1);
                if next
                    .map(|n| {
                        n.trim_end_matches(['\r', '\n']) != content_s.trim_end_matches(['\r', '\n'])
                    })
                    .unwrap_or(true)
                {
                    let l = lines[idx].clone();
                    lines.insert(idx + 1, set_line_indent(&l, content_s, indent));
                }
            } else if nonempty(&before) {
                assert_occurrence(before.as_deref().unwrap_or(&[]), "before")?;
                let idx = index_of(&lines, &first(&before).unwrap_or_default()).unwrap_or(0);
                let prev = if idx == 0 {
                    lines.last()
                } else {
                    lines.get(idx - 1)
                };
                if prev
                    .map(|p| {
                        p.trim_end_matches(['\r', '\n']) != content_s.trim_end_matches(['\r', '\n'])
                    })
                    .unwrap_or(true)
                {
                    let l = lines[idx].clone();
                    lines.insert(idx, set_line_indent(&l, content_s, indent));
                }
            } else {
                return Err("Neither before or after was found in file".into());
            }
        }
        "ensure" => {
            if nonempty(&before) && nonempty(&after) {
                assert_occurrence(after.as_deref().unwrap_or(&[]), "after")?;
                assert_occurrence(before.as_deref().unwrap_or(&[]), "before")?;
                let ai = index_of(&lines, &first(&after).unwrap_or_default()).unwrap_or(0);
                let bi = index_of(&lines, &first(&before).unwrap_or_default()).unwrap_or(0);
                let already = lines.iter().any(|l| l.trim_start() == content_s);
                if !already {
                    if ai + 1 == bi {
                        let l = lines[ai].clone();
                        lines.insert(ai + 1, set_line_indent(&l, content_s, indent));
                    } else if ai + 2 == bi {
                        let l = lines[ai].clone();
                        lines[ai + 1] = set_line_indent(&l, content_s, indent);
                    } else {
                        return Err(
                            "Found more than one line between boundaries \"before\" and \"after\"."
                                .into(),
                        );
                    }
                }
            } else if before.is_some() {
                assert_occurrence(before.as_deref().unwrap_or(&[]), "before")?;
                let bi = index_of(&lines, &first(&before).unwrap_or_default()).unwrap_or(0);
                let prev_differs = bi == 0
                    || lines[bi - 1].trim_end_matches(['\r', '\n'])
                        != content_s.trim_end_matches(['\r', '\n']);
                if prev_differs {
                    let src = if bi == 0 {
                        lines.last().cloned().unwrap_or_default()
                    } else {
                        lines[bi - 1].clone()
                    };
                    lines.insert(bi, set_line_indent(&src, content_s, indent));
                }
            } else if after.is_some() {
                assert_occurrence(after.as_deref().unwrap_or(&[]), "after")?;
                let ai = index_of(&lines, &first(&after).unwrap_or_default()).unwrap_or(0);
                let is_last = ai + 1 >= lines.len();
                if is_last
                    || lines[ai + 1].trim_end_matches(['\r', '\n'])
                        != content_s.trim_end_matches(['\r', '\n'])
                {
                    let l = lines[ai].clone();
                    lines.insert(ai + 1, set_line_indent(&l, content_s, indent));
                }
            } else {
                return Err("Wrong conditions? Unable to ensure line without knowing where to put it before and/or after.".into());
            }
        }
        _ => {}
    }
    Ok(lines)
}

pub fn line(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.line"));
    }
    if let Err(m) = check_file(&name) {
        return Ok(error(ret, m));
    }
    let Some(mode) = call.arg_str("mode").map(|m| m.to_lowercase()) else {
        return Ok(error(ret, "Mode was not defined. How to process the file?"));
    };
    if !matches!(mode.as_str(), "insert" | "ensure" | "delete" | "replace") {
        return Ok(error(ret, format!("Unknown mode: \"{mode}\"")));
    }
    let content = call.arg_str("content");
    if mode != "delete" && content.is_none() {
        return Ok(error(
            ret,
            "Content can only be empty if mode is ['delete']",
        ));
    }
    let orig = std::fs::read_to_string(&name).unwrap_or_default();
    let mut body: Vec<String> = orig.split_inclusive('\n').map(String::from).collect();
    if body.last().map(|l| !get_eol(l).is_empty()).unwrap_or(false) {
        body.push(String::new());
    }
    if orig.is_empty() && (mode == "delete" || mode == "replace") {
        body.clear();
    }
    let body = set_line(
        body,
        content.as_deref(),
        call.arg_str("match").as_deref(),
        &mode,
        call.arg_str("location").as_deref(),
        call.arg_str("before").as_deref(),
        call.arg_str("after").as_deref(),
        call.flag("indent", true),
    );
    // file.line raises CommandExecutionError; the state does not catch it.
    let mut body = body.map_err(StateError::Command)?;
    for idx in 0..body.len() {
        if get_eol(&body[idx]).is_empty() && idx + 1 < body.len() {
            let prev = if idx == 0 { 1 } else { idx - 1 };
            let src = body.get(prev).cloned().unwrap_or_default();
            body[idx] = set_line_eol(&src, &body[idx]);
        }
    }
    if body.last().map(String::is_empty).unwrap_or(false) {
        body.pop();
    }
    let new: String = body.concat();
    if new == orig {
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("No changes needed to be made"));
        return Ok(ret);
    }
    let diff = if call.flag("show_changes", true) {
        Value::Str(get_diff(&orig, &new).into())
    } else {
        Value::Bool(true)
    };
    super::changes_mut(&mut ret).insert("diff", diff);
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", Value::str("Changes would be made"));
    } else {
        // backup (default False): the original moves to NAME.<%Y-%m-%d-%H-%M-%S>.
        if call.low.get("backup").is_some_and(Value::truthy) {
            let dst = format!(
                "{name}.{}",
                crate::util::line_backup_stamp(std::time::SystemTime::now())
            );
            if let Err(e) = super::copy2_as_new(&name, &dst) {
                return Err(StateError::Command(format!(
                    "Unable to create the backup file of {name}. Exception: {e}"
                )));
            }
        }
        if let Err(e) = write_atomic(&name, new.as_bytes(), 0o644) {
            return Ok(error(ret, format!("Unable to write file {name}: {e}")));
        }
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("Changes were made"));
    }
    Ok(ret)
}

/// salt/states/file.py `blockreplace` over salt/modules/file.py `blockreplace`: the lines
/// between `marker_start` and `marker_end` become `content`.
pub fn blockreplace(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.blockreplace"));
    }
    if let Err(r) = unify_sources(call, &ret) {
        return Ok(r);
    }
    if let Err(m) = check_file(&name) {
        return Ok(error(ret, m));
    }
    // Each rendered source is added to `content`.
    let sourced = match source_texts(call, &ret) {
        Ok(t) => t,
        Err(r) => return Ok(r),
    };
    let start = call
        .arg_str("marker_start")
        .unwrap_or_else(|| "#-- start managed zone --".into());
    let end = call
        .arg_str("marker_end")
        .unwrap_or_else(|| "#-- end managed zone --".into());
    let mut content = call.arg_str("content").unwrap_or_default();
    for line in super::accumulated::block_lines(call, &name) {
        if content.is_empty() {
            content = line;
        } else {
            content.push('\n');
            content.push_str(&line);
        }
    }
    for text in sourced.unwrap_or_default() {
        content.push_str(&text);
    }
    let append_newline = match call.arg("append_newline") {
        None | Some(Value::Null) => None,
        Some(v) => Some(v.truthy()),
    };
    let before = call.arg_str("insert_before_match");
    let after = call.arg_str("insert_after_match");
    let orig = match std::fs::read(&name) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            return Ok(error(
                ret,
                block_error(&format!("Failed to read from {name}: {e}")),
            ))
        }
    };
    let (orig_file, new_file) = match blockreplace_lines(
        &orig,
        &start,
        &end,
        &content,
        call.flag("append_if_not_found", false),
        call.flag("prepend_if_not_found", false),
        before.as_deref(),
        after.as_deref(),
        append_newline,
    ) {
        Ok(v) => v,
        Err(m) => return Ok(error(ret, block_error(&m))),
    };
    let diff = unified_diff(&orig_file, &new_file, "", "", "\n").concat();
    if diff.is_empty() {
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("No changes needed to be made"));
        return Ok(ret);
    }
    let new = new_file.concat();
    let diff = if call.flag("show_changes", true) {
        Value::Str(diff.into())
    } else {
        Value::Bool(true)
    };
    super::changes_mut(&mut ret).insert("diff", diff);
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", Value::str("Changes would be made"));
    } else {
        // backup=".bak": shutil.copy2 to NAME + backup, then the original's owner and mode;
        // only False keeps none (None names NAME + "None", as Salt's f-string does).
        let backup = match call.low.get("backup") {
            None => Some(".bak".to_string()),
            Some(Value::Bool(false)) => None,
            Some(b) => Some(b.py_str()),
        };
        if let Some(b) = backup {
            let dst = format!("{name}{b}");
            let copied = super::copy2(&name, &dst).and_then(|()| {
                let md = std::fs::metadata(&name)?;
                std::os::unix::fs::chown(&dst, Some(md.uid()), Some(md.gid()))?;
                std::fs::set_permissions(&dst, std::fs::Permissions::from_mode(md.mode() & 0o7777))
            });
            if let Err(e) = copied {
                super::changes_mut(&mut ret).remove("diff");
                return Ok(error(ret, block_error(&e.to_string())));
            }
        }
        if let Err(e) = write_atomic(&name, new.as_bytes(), 0o644) {
            return Ok(error(ret, format!("Unable to write file {name}: {e}")));
        }
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("Changes were made"));
    }
    Ok(ret)
}

/// Python's iteration over a file opened with `newline=""`: lines split after `\n`, `\r\n`
/// or a lone `\r`, ends kept.
fn universal_lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' || b[i] == b'\r' {
            let end = if b[i] == b'\r' && b.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            };
            out.push(text[start..end].to_string());
            start = end;
            i = end;
        } else {
            i += 1;
        }
    }
    if start < b.len() {
        out.push(text[start..].to_string());
    }
    out
}

/// salt/modules/file.py `blockreplace` on a text: the new lines, or the error message
/// (`Err`) the state wraps.
#[allow(clippy::too_many_arguments)]
fn blockreplace_lines(
    orig: &str,
    marker_start: &str,
    marker_end: &str,
    content: &str,
    append_if_not_found: bool,
    prepend_if_not_found: bool,
    insert_before_match: Option<&str>,
    insert_after_match: Option<&str>,
    append_newline: Option<bool>,
) -> Result<(Vec<String>, Vec<String>), String> {
    let exclusive = [
        append_if_not_found,
        prepend_if_not_found,
        insert_before_match.is_some_and(|s| !s.is_empty()),
        insert_after_match.is_some_and(|s| !s.is_empty()),
    ];
    if exclusive.iter().filter(|b| **b).count() > 1 {
        return Err("Only one of append_if_not_found, prepend_if_not_found, insert_before_match, and insert_after_match is permitted".into());
    }
    let append_newline = match append_newline {
        None => !content.ends_with('\n'),
        Some(b) => b,
    };
    let split_content: Vec<&str> = content.split("\r\n").flat_map(|w| w.split('\n')).collect();
    let add_content =
        |linesep: &str, lines: &mut Vec<String>, include_marker_start: bool, end_line: &str| {
            let end_line = format!("{}{linesep}", end_line.trim_end_matches(['\r', '\n']));
            if include_marker_start {
                lines.push(format!("{marker_start}{linesep}"));
            }
            let n = split_content.len();
            for (i, c) in split_content.iter().enumerate() {
                if i + 1 != n {
                    lines.push(format!("{c}{linesep}"));
                } else if append_newline {
                    lines.push(format!("{c}{linesep}"));
                    lines.push(end_line.clone());
                } else {
                    lines.push(format!("{c}{end_line}"));
                }
            }
        };
    let mut orig_file: Vec<String> = Vec::new();
    let mut new_file: Vec<String> = Vec::new();
    let mut in_block = false;
    let mut block_found = false;
    let mut linesep: Option<&str> = None;
    for line in universal_lines(orig) {
        let mut keep = true;
        if linesep.is_none() {
            linesep = Some(if line.ends_with("\r\n") { "\r\n" } else { "\n" });
        }
        if line.contains(marker_start) {
            in_block = true;
        } else if in_block {
            keep = false;
            if let Some(pos) = line.find(marker_end) {
                in_block = false;
                block_found = true;
                add_content(linesep.unwrap_or("\n"), &mut new_file, false, &line[pos..]);
            }
        }
        if keep {
            new_file.push(line.clone());
        }
        orig_file.push(line);
    }
    let linesep = linesep.unwrap_or("\n");
    if in_block {
        return Err("Unterminated marked block. End of file reached before marker_end.".into());
    }
    if !block_found {
        if prepend_if_not_found {
            let mut pre = Vec::new();
            add_content(linesep, &mut pre, true, marker_end);
            pre.extend(new_file);
            new_file = pre;
        } else if append_if_not_found {
            if let Some(last) = new_file.last_mut() {
                if !last.ends_with(linesep) {
                    last.push_str(linesep);
                }
            }
            add_content(linesep, &mut new_file, true, marker_end);
        } else if let Some((pat, after)) = insert_before_match
            .filter(|s| !s.is_empty())
            .map(|p| (p, false))
            .or(insert_after_match
                .filter(|s| !s.is_empty())
                .map(|p| (p, true)))
        {
            let re = compile(pat)?;
            match orig_file.iter().position(|l| re.is_match(l)) {
                Some(mut idx) => {
                    let mut block = Vec::new();
                    add_content(linesep, &mut block, true, marker_end);
                    for l in block {
                        if after {
                            idx += 1;
                        }
                        new_file.insert(idx, l);
                        if !after {
                            idx += 1;
                        }
                    }
                }
                None => {
                    return Err("Cannot edit marked block. Markers were not found in file.".into())
                }
            }
        } else {
            return Err("Cannot edit marked block. Markers were not found in file.".into());
        }
    }
    Ok((orig_file, new_file))
}

/// Python `str.lstrip(chars)`; `None` strips whitespace.
fn py_lstrip<'a>(s: &'a str, chars: Option<&str>) -> &'a str {
    match chars {
        None => s.trim_start(),
        Some(c) => s.trim_start_matches(|ch: char| c.contains(ch)),
    }
}

/// `file.keyvalue` (salt/states/file.py), ported line by line, including its quirks (without
/// `uncomment`, leading whitespace counts as a comment marker).
pub fn keyvalue(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    ret.insert("result", Value::Null);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.keyvalue"));
    }
    let key = call.arg("key");
    let value = call.arg("value");
    let key_values: Map = match (key, value, call.arg("key_values")) {
        (Some(_), Some(_), Some(Value::Map(_))) => {
            return Ok(error(
                ret,
                "file.keyvalue can not combine key_values with key and value",
            ))
        }
        (Some(k), Some(v), _) => {
            let mut m = Map::new();
            m.insert(k.py_str(), v.clone());
            m
        }
        (_, _, Some(Value::Map(m))) if !m.is_empty() => m.clone(),
        (_, _, kv) => {
            let msg = if kv.map(Value::truthy).unwrap_or(false) {
                "is not a dictionary"
            } else {
                "is empty"
            };
            return Ok(error(
                ret,
                format!("file.keyvalue key and value not supplied and key_values {msg}"),
            ));
        }
    };
    let separator = call.arg_str("separator").unwrap_or_else(|| "=".into());
    let mut append = call.flag("append_if_not_found", false);
    let prepend = call.flag("prepend_if_not_found", false);
    let show_changes = call.flag("show_changes", true);
    let count = call.arg("count").and_then(Value::as_i64).unwrap_or(1);
    let uncomment = call.arg_str("uncomment");
    let key_ic = call.flag("key_ignore_case", false);
    let value_ic = call.flag("value_ignore_case", false);
    // `prune` (new in Salt 3008): lines that start with none of the keys are deleted.
    let prune = call.salt_compat().is_3008() && call.flag("prune", false);
    let file_contents: Vec<String> = match std::fs::read_to_string(&name) {
        Ok(c) => c.split_inclusive('\n').map(String::from).collect(),
        Err(e)
            if e.kind() == std::io::ErrorKind::NotFound
                && call.flag("create_if_missing", false) =>
        {
            append = true;
            Vec::new()
        }
        Err(_) => {
            ret.insert(
                "comment",
                Value::Str(format!("unable to open {name}").into()),
            );
            ret.insert("result", Value::Bool(call.flag("ignore_if_missing", false)));
            return Ok(ret);
        }
    };
    let mut diff: Vec<String> = Vec::new();
    let mut content: Vec<String> = Vec::new();
    let mut changes = 0;
    let mut diff_count: Vec<i64> = vec![count; key_values.len()];
    let mut not_matched: Vec<String> = Vec::new();
    let tmpl = |k: &str, sep: &str, v: &Value| format!("{k}{sep}{}\n", v.py_str());
    for line in file_contents {
        let mut line = line;
        let test_line0 = py_lstrip(&line, uncomment.as_deref()).to_string();
        let did_uncomment = line.len() > test_line0.len();
        let test_line = if key_ic {
            test_line0.to_lowercase()
        } else {
            test_line0.clone()
        };
        if prune
            && !key_values.keys().any(|k| {
                let k = k.py_str();
                test_line.starts_with(&*if key_ic { k.to_lowercase() } else { k })
            })
        {
            not_matched.push(line);
            continue;
        }
        let mut consumed = false;
        for (ki, (k, v)) in key_values.iter().enumerate() {
            let k = k.py_str();
            let test_key = if key_ic { k.to_lowercase() } else { k.clone() };
            if !test_line.starts_with(&test_key) {
                continue;
            }
            let working = if did_uncomment {
                py_lstrip(&line, uncomment.as_deref()).to_string()
            } else {
                line.clone()
            };
            let Some((line_key, line_value)) = working.split_once(separator.as_str()) else {
                continue;
            };
            let keys_match = if key_ic {
                line_key.to_lowercase() == test_key
            } else {
                line_key == test_key
            };
            if !keys_match {
                continue;
            }
            let (mut lv, mut tv) = (line_value.trim().to_string(), v.py_str().trim().to_string());
            if value_ic {
                lv = lv.to_lowercase();
                tv = tv.to_lowercase();
            }
            let mut values_match = lv == tv;
            let mut needs_changing = false;
            if did_uncomment {
                if diff_count[ki] > 0 {
                    needs_changing = true;
                } else if !values_match {
                    values_match = true;
                }
            } else if diff_count[ki] == 0 {
                needs_changing = true;
            }
            if !values_match || needs_changing {
                diff.push(format!("- {line}"));
                line = String::new();
                if diff_count[ki] != 0 {
                    line = tmpl(line_key, &separator, v);
                    if !matches!(v, Value::Str(_)) {
                        diff.push(format!(
                            "+ {} (from {} type)\n",
                            line.trim_end(),
                            v.type_name()
                        ));
                    } else {
                        diff.push(format!("+ {line}"));
                    }
                }
                changes += 1;
            }
            if diff_count[ki] > 0 {
                diff_count[ki] -= 1;
            }
            consumed = true;
            break;
        }
        let _ = consumed;
        content.push(line);
    }
    if append {
        let mut tmpdiff = Vec::new();
        for (ki, (k, v)) in key_values.iter().enumerate() {
            if diff_count[ki] > 0 {
                let l = tmpl(&k.py_str(), &separator, v);
                tmpdiff.push(format!("+ {l}"));
                content.push(l);
                changes += 1;
            }
        }
        if !tmpdiff.is_empty() {
            tmpdiff.insert(0, "- <EOF>\n".into());
            tmpdiff.push("+ <EOF>\n".into());
            diff.extend(tmpdiff);
        }
    } else if prepend {
        let mut did = false;
        for (ki, (k, v)) in key_values.iter().enumerate() {
            if diff_count[ki] > 0 {
                let l = tmpl(&k.py_str(), &separator, v);
                if !did {
                    diff.insert(0, "  <SOF>\n".into());
                    did = true;
                }
                diff.insert(1.min(diff.len()), format!("+ {l}"));
                content.insert(0, l);
                changes += 1;
            }
        }
    }
    let deletions = not_matched.len();
    for line in not_matched {
        diff.insert(1.min(diff.len()), format!("- {line}"));
    }
    if changes == 0 && deletions == 0 {
        ret.insert("result", Value::Bool(true));
        return Ok(ret);
    }
    // Salt 3008's keyvalue counts the lines `prune` deleted too.
    let salt3008 = call.salt_compat().is_3008();
    if call.test {
        let mut c = if salt3008 {
            format!(
                "File {name} is set to be changed ({changes} lines modified, {deletions} deleted)"
            )
        } else {
            format!("File {name} is set to be changed ({changes} lines)")
        };
        if show_changes {
            super::changes_mut(&mut ret).insert("diff", Value::Str(diff.concat().into()));
            c.push_str("\nPredicted diff:\n\r\t\t");
            c.push_str(&diff.join("\r\t\t"));
            ret.insert("result", Value::Null);
        }
        ret.insert("comment", Value::Str(c.into()));
        return Ok(ret);
    }
    let comment = if salt3008 {
        format!("Changed {changes}, deleted {deletions} lines")
    } else {
        format!("Changed {changes} lines")
    };
    ret.insert("comment", Value::Str(comment.into()));
    if show_changes {
        super::changes_mut(&mut ret).insert("diff", Value::Str(diff.concat().into()));
    }
    if write_atomic(&name, content.concat().as_bytes(), 0o644).is_err() {
        ret.insert("comment", Value::Str(format!("{name} not writable").into()));
        ret.insert("result", Value::Bool(false));
        return Ok(ret);
    }
    ret.insert("result", Value::Bool(true));
    Ok(ret)
}

/// The state wraps file.blockreplace's CommandExecutionError.
fn block_error(msg: &str) -> String {
    format!("Encountered error managing block: {msg}. See the log for details.")
}

/// Python's text codecs for the encodings a file state names (`encoding: utf-16`): decoding
/// and encoding as `open(path, encoding=ENC)` does. `utf-16`/`utf-32` read a byte order mark
/// (little-endian without one) and write one, little-endian; the `-le`/`-be` forms have
/// none. Err is Python's exception line.
mod text_codec {
    fn normal(enc: &str) -> String {
        enc.trim().to_lowercase().replace('_', "-")
    }

    fn units(bytes: &[u8], width: usize, big: bool) -> Vec<u32> {
        bytes
            .chunks(width)
            .map(|c| {
                let mut v = 0u32;
                for i in 0..c.len() {
                    let b = if big { c[i] } else { c[c.len() - 1 - i] };
                    v = (v << 8) | u32::from(b);
                }
                v
            })
            .collect()
    }

    fn decode_error(enc: &str) -> String {
        format!("UnicodeDecodeError: '{enc}' codec can't decode the file")
    }

    pub(super) fn decode(bytes: &[u8], enc: &str) -> Result<String, String> {
        let name = normal(enc);
        match name.as_str() {
            "utf-8" | "utf8" | "u8" => {
                String::from_utf8(bytes.to_vec()).map_err(|_| decode_error("utf-8"))
            }
            "utf-8-sig" => {
                let b = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
                String::from_utf8(b.to_vec()).map_err(|_| decode_error("utf-8-sig"))
            }
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => {
                Ok(bytes.iter().map(|&b| char::from(b)).collect())
            }
            "ascii" | "us-ascii" => {
                if bytes.is_ascii() {
                    Ok(bytes.iter().map(|&b| char::from(b)).collect())
                } else {
                    Err(decode_error("ascii"))
                }
            }
            "utf-16" | "utf16" | "utf-16-le" | "utf-16le" | "utf-16-be" | "utf-16be" => {
                let (body, big) = match name.as_str() {
                    "utf-16" | "utf16" => match bytes {
                        [0xff, 0xfe, rest @ ..] => (rest, false),
                        [0xfe, 0xff, rest @ ..] => (rest, true),
                        _ => (bytes, false),
                    },
                    n => (bytes, n.ends_with("be")),
                };
                if body.len() % 2 != 0 {
                    return Err(decode_error(enc));
                }
                let u: Vec<u16> = units(body, 2, big).into_iter().map(|v| v as u16).collect();
                String::from_utf16(&u).map_err(|_| decode_error(enc))
            }
            "utf-32" | "utf32" | "utf-32-le" | "utf-32le" | "utf-32-be" | "utf-32be" => {
                let (body, big) = match name.as_str() {
                    "utf-32" | "utf32" => match bytes {
                        [0xff, 0xfe, 0, 0, rest @ ..] => (rest, false),
                        [0, 0, 0xfe, 0xff, rest @ ..] => (rest, true),
                        _ => (bytes, false),
                    },
                    n => (bytes, n.ends_with("be")),
                };
                if body.len() % 4 != 0 {
                    return Err(decode_error(enc));
                }
                units(body, 4, big)
                    .into_iter()
                    .map(|v| char::from_u32(v).ok_or_else(|| decode_error(enc)))
                    .collect()
            }
            _ => Err(format!("LookupError: unknown encoding: {enc}")),
        }
    }

    pub(super) fn encode(text: &str, enc: &str) -> Result<Vec<u8>, String> {
        let name = normal(enc);
        let error = || format!("UnicodeEncodeError: '{enc}' codec can't encode the text");
        Ok(match name.as_str() {
            "utf-8" | "utf8" | "u8" => text.as_bytes().to_vec(),
            "utf-8-sig" => [b"\xef\xbb\xbf".as_slice(), text.as_bytes()].concat(),
            "latin-1" | "latin1" | "iso-8859-1" | "iso8859-1" | "l1" => text
                .chars()
                .map(|c| u8::try_from(u32::from(c)).map_err(|_| error()))
                .collect::<Result<_, _>>()?,
            "ascii" | "us-ascii" => {
                if !text.is_ascii() {
                    return Err(error());
                }
                text.as_bytes().to_vec()
            }
            "utf-16" | "utf16" | "utf-16-le" | "utf-16le" | "utf-16-be" | "utf-16be" => {
                let big = name.ends_with("be");
                let mut out = if matches!(name.as_str(), "utf-16" | "utf16") {
                    vec![0xff, 0xfe]
                } else {
                    Vec::new()
                };
                for u in text.encode_utf16() {
                    let b = if big {
                        u.to_be_bytes()
                    } else {
                        u.to_le_bytes()
                    };
                    out.extend_from_slice(&b);
                }
                out
            }
            "utf-32" | "utf32" | "utf-32-le" | "utf-32le" | "utf-32-be" | "utf-32be" => {
                let big = name.ends_with("be");
                let mut out = if matches!(name.as_str(), "utf-32" | "utf32") {
                    vec![0xff, 0xfe, 0, 0]
                } else {
                    Vec::new()
                };
                for c in text.chars() {
                    let v = u32::from(c);
                    let b = if big {
                        v.to_be_bytes()
                    } else {
                        v.to_le_bytes()
                    };
                    out.extend_from_slice(&b);
                }
                out
            }
            _ => return Err(format!("LookupError: unknown encoding: {enc}")),
        })
    }
}
