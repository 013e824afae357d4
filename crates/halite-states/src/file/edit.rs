//! Text edits: `file.append`, `file.prepend` (salt/states/file.py) and `file.replace`
//! (salt/states/file.py `replace` over salt/modules/file.py `replace`).

use super::difflib::{get_diff, unified_diff};
use super::{error, expanduser, is_abs, ret_ncrc, write_atomic};
use crate::{StateCall, StateError};
use halite_value::{Map, Value};

/// `_check_file`.
fn check_file(name: &str) -> Result<(), String> {
    if !is_abs(name) {
        Err(format!("Specified file {name} is not an absolute path"))
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
    match regex::Regex::new(&format!("(?m){}", python_regex(pattern))) {
        Ok(re) => re.is_match(content),
        Err(_) => content.contains(pattern),
    }
}

/// Python `re` syntax differences that matter here: named groups `(?P<n>...)` are accepted by
/// the regex crate already; nothing else is translated.
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
            Value::Str(format!("File {name} is set to be created")),
        );
        return Err(ret);
    }
    let parent = super::dirname(name);
    if !super::is_dir(&parent) || write_atomic(name, b"", 0o666 & !super::umask()).is_err() {
        ret.insert("changes", Value::Map(Map::new()));
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::Str(format!("Directory not present to touch file {name}")),
        );
        return Err(ret);
    }
    Ok(())
}

pub fn append(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.append"));
    }
    if call.arg("source").is_some() || call.arg("sources").is_some() {
        return Ok(error(
            ret,
            "halite: file.append source/sources are not supported yet",
        ));
    }
    if let Err(msg) = check_file(&name) {
        if let Err(r) = touch_for(call, &name) {
            return Ok(r);
        }
        if check_file(&name).is_err() {
            return Ok(error(ret, msg));
        }
    }
    let text = text_chunks(call.arg("text"));
    let orig = std::fs::read_to_string(&name).unwrap_or_default();
    let slines = splitlines(&orig);
    let mut append_lines: Vec<String> = Vec::new();
    for chunk in &text {
        if search(&orig, chunk) {
            continue;
        }
        append_lines.extend(splitlines(chunk));
    }
    let diff = |a: &[String], b: &[String]| unified_diff(a, b, "", "", "\n").join("\n");
    if call.test {
        let mut nlines = slines.clone();
        nlines.extend(append_lines.iter().cloned());
        if slines != nlines {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is set to be updated")),
            );
            ret.insert("result", Value::Null);
            super::changes_mut(&mut ret).insert("diff", Value::Str(diff(&slines, &nlines)));
        } else {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is in correct state")),
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
            Value::Str(format!("Appended {} lines", append_lines.len())),
        );
    } else {
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is in correct state")),
        );
    }
    let nlines = splitlines(&std::fs::read_to_string(&name).unwrap_or_default());
    if slines != nlines {
        super::changes_mut(&mut ret).insert("diff", Value::Str(diff(&slines, &nlines)));
    }
    ret.insert("result", Value::Bool(true));
    Ok(ret)
}

pub fn prepend(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let mut ret = ret_ncrc(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.prepend"));
    }
    if call.arg("source").is_some() || call.arg("sources").is_some() {
        return Ok(error(
            ret,
            "halite: file.prepend source/sources are not supported yet",
        ));
    }
    if let Err(msg) = check_file(&name) {
        if let Err(r) = touch_for(call, &name) {
            return Ok(r);
        }
        if check_file(&name).is_err() {
            return Ok(error(ret, msg));
        }
    }
    let text = text_chunks(call.arg("text"));
    let orig = std::fs::read_to_string(&name).unwrap_or_default();
    let mut pre: Vec<String> = Vec::new();
    for chunk in &text {
        if search(&orig, chunk) {
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
    if call.test {
        if new != orig {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is set to be updated")),
            );
            ret.insert("result", Value::Null);
            super::changes_mut(&mut ret).insert("diff", Value::Str(get_diff(&orig, &new)));
        } else {
            ret.insert(
                "comment",
                Value::Str(format!("File {name} is in correct state")),
            );
            ret.insert("result", Value::Bool(true));
        }
        return Ok(ret);
    }
    if !pre.is_empty() {
        if let Err(e) = write_atomic(&name, new.as_bytes(), 0o644) {
            return Ok(error(ret, format!("Failed to prepend to {name}: {e}")));
        }
        ret.insert(
            "comment",
            Value::Str(format!("Prepended {} lines", pre.len())),
        );
        super::changes_mut(&mut ret).insert("diff", Value::Str(get_diff(&orig, &new)));
    } else {
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is in correct state")),
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
    let re = match regex::Regex::new(&format!("(?m){pattern}")) {
        Ok(r) => r,
        Err(e) => {
            return Ok(error(
                ret,
                format!("halite: unsupported regular expression {pattern:?}: {e}"),
            ))
        }
    };
    let orig = std::fs::read_to_string(&name).unwrap_or_default();
    let rrepl = if call.flag("backslash_literal", false) {
        repl.replace('$', "$$")
    } else {
        python_repl(&repl)
    };
    let mut new = re.replacen(&orig, count, rrepl.as_str()).into_owned();
    if !re.is_match(&orig) {
        let content = call
            .arg_str("not_found_content")
            .unwrap_or_else(|| repl.clone());
        if call.flag("append_if_not_found", false) {
            if !new.is_empty() && !new.ends_with('\n') {
                new.push('\n');
            }
            new.push_str(&content);
            new.push('\n');
        } else if call.flag("prepend_if_not_found", false) {
            new = format!("{content}\n{new}");
        }
    }
    if new == orig {
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("No changes needed to be made"));
        return Ok(ret);
    }
    let diff = if call.flag("show_changes", true) {
        Value::Str(get_diff(&orig, &new))
    } else {
        Value::Bool(true)
    };
    super::changes_mut(&mut ret).insert("diff", diff);
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", Value::str("Changes would have been made"));
    } else {
        if let Err(e) = write_atomic(&name, new.as_bytes(), 0o644) {
            return Ok(error(ret, format!("Unable to write file {name}: {e}")));
        }
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", Value::str("Changes were made"));
    }
    Ok(ret)
}
