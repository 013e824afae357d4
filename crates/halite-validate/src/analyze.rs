//! idem's validate stages (`idem/idem/validate/`): `0001_find_params` attributes each
//! token found in the high data to its state, `0010_validate_meta` reports parameters META
//! does not declare, `0020_reverse_map` turns tokens back into `{{ expression }}`.

use crate::token::{may_hold_param, split_and_decode};
use halite_value::{Map, Value};
use regex::{Captures, Regex};
use std::sync::OnceLock;

fn regex(cell: &'static OnceLock<Regex>, pattern: &str) -> &'static Regex {
    cell.get_or_init(|| Regex::new(pattern).expect("static regex"))
}

/// `start_var_regex`: `^^name^^` with an optional `[n]`.
fn start_var() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    regex(&RE, r"\^\^([^\W0-9]\w*)\^\^((\[(\d+)\])?)")
}

/// `sub_var_regex`: `.~~name` with an optional `[n]` (anchored at the position).
fn sub_var() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    regex(&RE, r"^\.~~([^\W0-9]\w*)((\[(\d+)\])?)")
}

/// One `?? <display> ?? <internal> ??` occurrence (byte ranges into the text).
struct TokenMatch {
    start: usize,
    display: std::ops::Range<usize>,
    internal: std::ops::Range<usize>,
    end: usize,
}

/// Leftmost-first match of `\?\? (.+?) \?\? (.+?) \?\?` at or after `from` (`.` does not
/// match a newline), the pattern behind idem's `extract_param_info_regex` and
/// `0020_reverse_map.regex` (their lookaheads amount to these lazy groups). Hand-written:
/// it runs over every string of the high data twice.
fn next_token(text: &str, from: usize) -> Option<TokenMatch> {
    let mut p = from;
    while let Some(off) = text.get(p..)?.find("?? ") {
        let start = p + off;
        if let Some(m) = token_at(text, start) {
            return Some(m);
        }
        p = start + 1;
    }
    None
}

/// A lazy `(.+?)` followed by `sep`: the first `sep` at least one byte after `from`, with no
/// newline before it. Later candidates are tried by the caller's backtracking.
fn lazy_until(text: &str, from: usize, min_end: usize, sep: &str) -> Option<usize> {
    let hay = text.get(min_end..)?;
    let off = hay.find(sep)?;
    let at = min_end + off;
    if text[from..at].contains('\n') {
        return None;
    }
    Some(at)
}

fn token_at(text: &str, start: usize) -> Option<TokenMatch> {
    let g1 = start + 3;
    let mut min1 = next_char(text, g1)?;
    // backtrack over the first group's end: each later " ?? " is a candidate
    loop {
        let q = lazy_until(text, g1, min1, " ?? ")?;
        let g2 = q + 4;
        if let Some(min2) = next_char(text, g2) {
            if let Some(r) = lazy_until(text, g2, min2, " ??") {
                return Some(TokenMatch {
                    start,
                    display: g1..q,
                    internal: g2..r,
                    end: r + 3,
                });
            }
        }
        min1 = next_char(text, q)?;
    }
}

/// The byte index after the character at `i` (`.+?` needs at least one non-newline char).
fn next_char(text: &str, i: usize) -> Option<usize> {
    let c = text.get(i..)?.chars().next()?;
    if c == '\n' {
        return None;
    }
    Some(i + c.len_utf8())
}

/// The slot a parameter path writes into: a dict key or a list index.
fn fill_list(l: &mut Vec<Value>, i: usize) {
    if l.len() <= i {
        l.resize(i + 1, Value::Null);
    }
}

struct Matched {
    name: String,
    index: i64,
    end: usize,
}

fn matched(c: &Captures, offset: usize) -> Option<Matched> {
    let whole = c.get(0)?;
    let index = c
        .get(4)
        .and_then(|m| m.as_str().parse::<i64>().ok())
        .unwrap_or(-1);
    Some(Matched {
        name: c.get(1)?.as_str().to_string(),
        index,
        end: offset + whole.end(),
    })
}

/// The exception idem raises when a path goes below a parameter already recorded as a
/// leaf (`""`) in the same state: `params.get('a')` printed before `params.get('a').get('b')`.
const STR_ASSIGN: &str = "TypeError: 'str' object does not support item assignment";

/// `_process_vars`: every `^^name^^...` path in one internal string.
fn process_vars(params: &mut Value, input: &str) -> Result<(), String> {
    let mut pos = 0;
    while pos <= input.len() {
        let Some(c) = start_var().captures_at(input, pos) else {
            return Ok(());
        };
        let Some(m) = matched(&c, 0) else {
            return Ok(());
        };
        match process_match(params, -1, m, input)? {
            Some(next) => pos = next,
            None => return Ok(()),
        }
    }
    Ok(())
}

type Step = Result<Option<usize>, String>;

fn process_match(params: &mut Value, parent_index: i64, m: Matched, input: &str) -> Step {
    process_dot_vars(params, parent_index, &m.name, m.index, input, m.end)
}

fn empty_slot(index: i64) -> Value {
    if index < 0 {
        Value::Map(Map::new())
    } else {
        let mut l = Vec::new();
        fill_list(&mut l, index as usize);
        Value::List(l)
    }
}

/// `_process_dot_vars`. `Ok(None)` stops the scan of this string (shapes idem would
/// reject differently); `Err` is the exception idem raises.
fn process_dot_vars(
    params: &mut Value,
    parent_index: i64,
    name: &str,
    index: i64,
    input: &str,
    pos: usize,
) -> Step {
    if matches!(params, Value::Str(_)) {
        return Err(STR_ASSIGN.to_string());
    }
    let Some(rest) = input.get(pos..) else {
        return Ok(None);
    };
    let Some(next) = sub_var().captures(rest) else {
        return Ok(set_leaf(params, parent_index, name, index).map(|_| pos));
    };
    let Some(m) = matched(&next, pos) else {
        return Ok(None);
    };
    if let Value::List(list) = params {
        let Ok(idx) = usize::try_from(parent_index) else {
            return Ok(None);
        };
        fill_list(list, idx);
        let mut inner = Map::new();
        inner.insert(name, empty_slot(index));
        list[idx] = Value::Map(inner);
        let Some(slot) = list[idx].as_map_mut().and_then(|mm| mm.get_mut(name)) else {
            return Ok(None);
        };
        return process_match(slot, index, m, input);
    }
    let Some(map) = params.as_map_mut() else {
        return Ok(None);
    };
    if !map.contains_key(name) {
        map.insert(name, empty_slot(index));
    } else if index >= 0 {
        if let Some(l) = map.get_mut(name).and_then(Value::as_list_mut) {
            fill_list(l, index as usize);
        }
    }
    match map.get_mut(name) {
        Some(slot) => process_match(slot, index, m, input),
        None => Ok(None),
    }
}

fn set_leaf(params: &mut Value, parent_index: i64, name: &str, index: i64) -> Option<()> {
    if let Value::List(list) = params {
        let idx = usize::try_from(parent_index).ok()?;
        fill_list(list, idx);
        let mut inner = Map::new();
        inner.insert(name, Value::str(""));
        list[idx] = Value::Map(inner);
        return Some(());
    }
    let map = params.as_map_mut()?;
    if !map.contains_key(name) {
        map.insert(name, empty_slot(index));
    }
    if index < 0 {
        map.insert(name, Value::str(""));
    } else {
        let list = map.get_mut(name)?.as_list_mut()?;
        fill_list(list, index as usize);
        list[index as usize] = Value::str("");
    }
    Some(())
}

/// Every string of a state (keys and values, depth first), as `_iterate_over_state`.
fn strings_of<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::Map(m) => {
            for (k, val) in m.iter() {
                strings_of(k, out);
                strings_of(val, out);
            }
        }
        Value::List(l) => l.iter().for_each(|x| strings_of(x, out)),
        Value::Str(s) => out.push(s),
        _ => {}
    }
}

/// The `sls.ID` ref of each state, decoded as `0001_find_params` decodes it (the whole
/// `f"{sls}.{state}"` string at once), in high-data order.
pub fn state_refs(high: &Map) -> Vec<String> {
    high.iter()
        .map(|(id, body)| {
            let sls = body.get("__sls__").map(Value::py_str).unwrap_or_default();
            split_and_decode(&format!("{sls}.{}", id.py_str()))
        })
        .collect()
}

/// `split_and_decode_base64` applied to every string (keys too), consuming the data.
pub fn decode_all(mut v: Value) -> Value {
    rewrite_strings(&mut v, &|s: &str| {
        s.contains(crate::token::TAG).then(|| split_and_decode(s))
    });
    v
}

/// Replaces, in place, every string (map keys included) for which `f` gives a new text.
/// Maps are only rebuilt when one of their keys changes.
pub fn rewrite_strings(v: &mut Value, f: &dyn Fn(&str) -> Option<String>) {
    match v {
        Value::Str(s) => {
            if let Some(new) = f(s) {
                *s = new;
            }
        }
        Value::List(l) => l.iter_mut().for_each(|x| rewrite_strings(x, f)),
        Value::Map(m) => {
            m.values_mut().for_each(|x| rewrite_strings(x, f));
            let key_changes = m
                .keys()
                .any(|k| matches!(k, Value::Str(s) if f(s).is_some()));
            if key_changes {
                let old = std::mem::take(m);
                *m = old
                    .into_iter()
                    .map(|(mut k, val)| {
                        rewrite_strings(&mut k, f);
                        (k, val)
                    })
                    .collect();
            }
        }
        _ => {}
    }
}

/// `0001_find_params.stage` over high data already passed through [`decode_all`] (each
/// string is decoded once for this stage and the reverse map). `refs` from [`state_refs`]
/// on the original high data. ID_DECS keyed `sls.ID`, not yet reverse-mapped.
pub fn find_params(decoded_high: &Map, refs: &[String]) -> Result<Map, String> {
    let mut all = Map::new();
    for ((id, body), state_ref) in decoded_high.iter().zip(refs) {
        let mut strings: Vec<&str> = Vec::new();
        if let Value::Str(s) = id {
            strings.push(s);
        }
        strings_of(body, &mut strings);
        for s in strings {
            let entry = all.entry_or(state_ref, Value::Map(Map::new()));
            let mut pos = 0;
            while let Some(m) = next_token(s, pos) {
                process_vars(entry, &s[m.internal.clone()])?;
                pos = m.end;
            }
        }
    }
    Ok(all)
}

/// `0010_validate_meta`: `params_meta_missing` per state (META matched by the raw ref).
pub fn validate_meta(id_decs: &Map, meta_ids: &Map) -> Map {
    let mut warnings = Map::new();
    for (state, extracted) in id_decs.iter() {
        let state_meta = meta_ids.get_value(state).and_then(|m| m.get("params"));
        let mut missing: Vec<String> = Vec::new();
        missing_params(extracted, state_meta, "", &mut missing);
        if !missing.is_empty() {
            let mut w = Map::new();
            w.insert(
                "params_meta_missing",
                Value::List(missing.into_iter().map(Value::Str).collect()),
            );
            warnings.insert(state.clone(), Value::Map(w));
        }
    }
    warnings
}

/// `_validate_extracted_params_recursively`. META `items` is never consulted for list
/// elements (idem reads a stale `key`), so list elements are always reported.
fn missing_params(extracted: &Value, meta: Option<&Value>, dot: &str, out: &mut Vec<String>) {
    match extracted {
        Value::Map(m) => {
            for (key, value) in m.iter() {
                let key_s = key.py_str();
                let declared = meta
                    .and_then(|mm| mm.as_map())
                    .and_then(|mm| mm.get_value(key));
                let next_meta = match declared {
                    None => {
                        out.push(format!("{dot}{key_s}"));
                        None
                    }
                    Some(d) => d.get("properties"),
                };
                let mut sub = Vec::new();
                missing_params(value, next_meta, ".", &mut sub);
                out.extend(sub.into_iter().map(|p| format!("{dot}{key_s}{p}")));
            }
        }
        Value::List(items) => {
            for item in items {
                if matches!(item, Value::Null | Value::Str(_)) {
                    continue;
                }
                let mut sub = Vec::new();
                missing_params(item, None, ".", &mut sub);
                out.extend(sub.into_iter().map(|p| format!("[]{p}")));
            }
        }
        _ => {}
    }
}

/// `0020_reverse_map._remap`: decode, then `?? expr ?? internal ??` -> `{{ expr }}`.
pub fn remap_str(s: &str) -> String {
    if !may_hold_param(s) {
        return s.to_string();
    }
    replace_tokens(&split_and_decode(s))
}

/// `?? expr ?? internal ??` -> `{{ expr }}` in decoded text.
fn replace_tokens(decoded: &str) -> String {
    let mut out = String::with_capacity(decoded.len());
    let mut pos = 0;
    while let Some(m) = next_token(decoded, pos) {
        out.push_str(&decoded[pos..m.start]);
        out.push_str("{{ ");
        out.push_str(&decoded[m.display.clone()]);
        out.push_str(" }}");
        pos = m.end;
    }
    out.push_str(&decoded[pos..]);
    out
}

/// [`remap`] for data already passed through [`decode_all`].
pub fn remap_decoded(mut v: Value) -> Value {
    rewrite_strings(&mut v, &|s: &str| {
        s.contains("?? ").then(|| replace_tokens(s))
    });
    v
}

/// `_remap_recursively` over keys and values (consumes the data: no copies).
pub fn remap(mut v: Value) -> Value {
    rewrite_strings(&mut v, &|s: &str| may_hold_param(s).then(|| remap_str(s)));
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remaps_tokens_like_the_regex() {
        assert_eq!(
            remap_str("a ?? params.get('x') ?? ^^x^^ ?? b ?? p ?? q ??"),
            "a {{ params.get('x') }} b {{ p }}"
        );
        // a newline inside the second group moves the match to the next separator
        assert_eq!(remap_str("?? a ?? b\n ?? c ?? d ??"), "?? a ?? b\n {{ c }}");
        assert_eq!(remap_str("?? ?? x ??"), "?? ?? x ??");
        assert_eq!(remap_str("?? a ?? b ?? c ?? d ??"), "{{ a }} c ?? d ??");
    }
}
