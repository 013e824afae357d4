//! idem's validate stages (`idem/idem/validate/`): `0001_find_params` attributes each
//! token found in the high data to its state, `0010_validate_meta` reports parameters META
//! does not declare, `0020_reverse_map` turns tokens back into `{{ expression }}`.

use crate::token::{has_tag, may_hold_param, split_and_decode, Needle};
use halite_value::{List, Map, Value};
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

/// A `name` of the two patterns above (`[^\W0-9]\w*`, ASCII text only) starting at `at`;
/// returns its end.
fn ascii_name_end(b: &[u8], at: usize) -> Option<usize> {
    let first = *b.get(at)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let len = b[at..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
        .count();
    Some(at + len)
}

/// The optional `(\[(\d+)\])?` at `at` (ASCII text only): the index (-1 when absent or
/// too large, as `int()` of the group would be parsed below) and the end of the match.
fn ascii_index(text: &str, at: usize) -> (i64, usize) {
    let b = text.as_bytes();
    if b.get(at) != Some(&b'[') {
        return (-1, at);
    }
    let digits = b[at + 1..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 || b.get(at + 1 + digits) != Some(&b']') {
        return (-1, at);
    }
    let index = text[at + 1..at + 1 + digits].parse::<i64>().unwrap_or(-1);
    (index, at + digits + 2)
}

/// [`start_var`]'s leftmost match at or after `pos`. ASCII text (what idem's internal paths
/// are made of) is matched by hand, which is what the regex does there; anything else goes
/// through the regex (Unicode `\w`/`\d`).
fn find_start_var(input: &str, pos: usize) -> Option<Matched<'_>> {
    if !input.is_ascii() {
        return start_var()
            .captures_at(input, pos)
            .and_then(|c| matched(input, &c, 0));
    }
    let b = input.as_bytes();
    let mut from = pos;
    while let Some(off) = input.get(from..)?.find("^^") {
        let at = from + off;
        if let Some(end) = ascii_name_end(b, at + 2) {
            if b.get(end..end + 2) == Some(b"^^".as_slice()) {
                let (index, stop) = ascii_index(input, end + 2);
                return Some(Matched {
                    name: &input[at + 2..end],
                    index,
                    end: stop,
                });
            }
        }
        from = at + 1;
    }
    None
}

/// [`sub_var`] anchored at `pos` (byte offsets into `input`).
fn match_sub_var(input: &str, pos: usize) -> Option<Matched<'_>> {
    let rest = input.get(pos..)?;
    if !input.is_ascii() {
        return sub_var()
            .captures(rest)
            .and_then(|c| matched(input, &c, pos));
    }
    if !rest.starts_with(".~~") {
        return None;
    }
    let start = pos + 3;
    let end = ascii_name_end(input.as_bytes(), start)?;
    let (index, stop) = ascii_index(input, end);
    Some(Matched {
        name: &input[start..end],
        index,
        end: stop,
    })
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
static OPEN: Needle = Needle::new("?? ");
static MIDDLE: Needle = Needle::new(" ?? ");
static CLOSE: Needle = Needle::new(" ??");

fn next_token(text: &str, from: usize) -> Option<TokenMatch> {
    let mut p = from;
    while let Some(off) = OPEN.find(text.get(p..)?) {
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
fn lazy_until(text: &str, from: usize, min_end: usize, sep: &Needle) -> Option<usize> {
    let hay = text.get(min_end..)?;
    let off = sep.find(hay)?;
    let at = min_end + off;
    if memchr::memchr(b'\n', &text.as_bytes()[from..at]).is_some() {
        return None;
    }
    Some(at)
}

fn token_at(text: &str, start: usize) -> Option<TokenMatch> {
    let g1 = start + 3;
    let mut min1 = next_char(text, g1)?;
    // backtrack over the first group's end: each later " ?? " is a candidate
    loop {
        let q = lazy_until(text, g1, min1, &MIDDLE)?;
        let g2 = q + 4;
        if let Some(min2) = next_char(text, g2) {
            if let Some(r) = lazy_until(text, g2, min2, &CLOSE) {
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
fn fill_list(l: &mut List, i: usize) {
    if l.len() <= i {
        l.resize(i + 1, Value::Null);
    }
}

struct Matched<'a> {
    name: &'a str,
    index: i64,
    end: usize,
}

/// A regex match of [`start_var`] / [`sub_var`] (`offset`: where the searched text starts
/// in `input`).
fn matched<'a>(input: &'a str, c: &Captures, offset: usize) -> Option<Matched<'a>> {
    let whole = c.get(0)?;
    let index = c
        .get(4)
        .and_then(|m| m.as_str().parse::<i64>().ok())
        .unwrap_or(-1);
    let name = c.get(1)?;
    Some(Matched {
        name: input.get(offset + name.start()..offset + name.end())?,
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
        let Some(m) = find_start_var(input, pos) else {
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
    process_dot_vars(params, parent_index, m.name, m.index, input, m.end)
}

fn empty_slot(index: i64) -> Value {
    if index < 0 {
        Value::Map(Map::new())
    } else {
        let mut l = List::new();
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
    if input.get(pos..).is_none() {
        return Ok(None);
    }
    let Some(m) = match_sub_var(input, pos) else {
        return Ok(set_leaf(params, parent_index, name, index).map(|_| pos));
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
    rewrite_strings(&mut v, &|s: &str| has_tag(s).then(|| split_and_decode(s)));
    v
}

/// Replaces, in place, every string (map keys included) for which `f` gives a new text.
/// Maps are only rebuilt when one of their keys changes.
pub fn rewrite_strings(v: &mut Value, f: &dyn Fn(&str) -> Option<String>) {
    match v {
        Value::Str(s) => {
            if let Some(new) = f(s) {
                *s = new.into();
            }
        }
        Value::List(l) => l.iter_mut().for_each(|x| rewrite_strings(x, f)),
        Value::Map(m) => {
            m.values_mut().for_each(|x| rewrite_strings(x, f));
            // each key's new text, computed once (only allocated once a key changes)
            let mut new_keys: Option<Vec<Option<String>>> = None;
            for (i, k) in m.keys().enumerate() {
                if let Some(new) = k.as_str().and_then(f) {
                    new_keys.get_or_insert_with(|| vec![None; m.len()])[i] = Some(new);
                }
            }
            if let Some(new_keys) = new_keys {
                let old = std::mem::take(m);
                *m = old
                    .into_iter()
                    .zip(new_keys)
                    .map(|((mut k, val), new)| {
                        match new {
                            Some(n) => k = Value::Str(n.into()),
                            None if !matches!(k, Value::Str(_)) => rewrite_strings(&mut k, f),
                            None => {}
                        }
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
    let mut strings: Vec<&str> = Vec::new();
    for ((id, body), state_ref) in decoded_high.iter().zip(refs) {
        strings.clear();
        if let Value::Str(s) = id {
            strings.push(s);
        }
        strings_of(body, &mut strings);
        if strings.is_empty() {
            continue;
        }
        let entry = all.entry_or(state_ref, Value::Map(Map::new()));
        for s in strings.iter() {
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
    let mut path = String::new();
    for (state, extracted) in id_decs.iter() {
        let state_meta = meta_ids.get_value(state).and_then(|m| m.get("params"));
        let mut missing: Vec<String> = Vec::new();
        path.clear();
        missing_params(extracted, state_meta, &mut path, "", &mut missing);
        if !missing.is_empty() {
            let mut w = Map::new();
            w.insert(
                "params_meta_missing",
                Value::List(missing.into_iter().map(Value::from).collect()),
            );
            warnings.insert(state.clone(), Value::Map(w));
        }
    }
    warnings
}

/// `_validate_extracted_params_recursively`: the dotted paths (`a.b`, `l[].c`) of the
/// parameters META does not declare, below `path`. META `items` is never consulted for list
/// elements (idem reads a stale `key`), so list elements are always reported.
fn missing_params(
    extracted: &Value,
    meta: Option<&Value>,
    path: &mut String,
    dot: &str,
    out: &mut Vec<String>,
) {
    match extracted {
        Value::Map(m) => {
            for (key, value) in m.iter() {
                let len = path.len();
                path.push_str(dot);
                match key {
                    Value::Str(k) => path.push_str(k),
                    other => path.push_str(&other.py_str()),
                }
                let declared = meta
                    .and_then(|mm| mm.as_map())
                    .and_then(|mm| mm.get_value(key));
                let next_meta = match declared {
                    None => {
                        out.push(path.clone());
                        None
                    }
                    Some(d) => d.get("properties"),
                };
                missing_params(value, next_meta, path, ".", out);
                path.truncate(len);
            }
        }
        Value::List(items) => {
            for item in items {
                if matches!(item, Value::Null | Value::Str(_)) {
                    continue;
                }
                let len = path.len();
                path.push_str("[]");
                missing_params(item, None, path, ".", out);
                path.truncate(len);
            }
        }
        _ => {}
    }
}

/// `0020_reverse_map._remap`: decode, then `?? expr ?? internal ??` -> `{{ expr }}`.
#[cfg(test)]
fn remap_str(s: &str) -> String {
    remap_changed(s).unwrap_or_else(|| s.to_string())
}

/// [`remap_str`], or None when `s` can hold no parameter (then it stays as it is).
fn remap_changed(s: &str) -> Option<String> {
    if has_tag(s) {
        return Some(replace_tokens(&split_and_decode(s)));
    }
    may_hold_param(s).then(|| replace_tokens(s))
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
    rewrite_strings(&mut v, &|s: &str| OPEN.is_in(s).then(|| replace_tokens(s)));
    v
}

/// `_remap_recursively` over keys and values (consumes the data: no copies).
pub fn remap(mut v: Value) -> Value {
    rewrite_strings(&mut v, &remap_changed);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn var_matchers_agree_with_the_regexes() {
        let cases = [
            "^^a^^",
            "^^a^^[0]",
            "^^a^^[12].~~b[3].~~c",
            "x^^^a^^",
            "^^1a^^ ^^_b9^^[x]",
            "^^a^^[]",
            "^^a^^[99999999999999999999]",
            "^^a^^.~~",
            "^^a^^.~~9",
            "^^a^^.~~b_c[4]",
            "^^ab",
            "^^é^^.~~b",
            "^^a^^.~~é[1]",
            "",
        ];
        let show = |m: Option<Matched>| m.map(|m| (m.name.to_string(), m.index, m.end));
        for text in cases {
            for pos in 0..=text.len() {
                if !text.is_char_boundary(pos) {
                    continue;
                }
                let by_regex = start_var()
                    .captures_at(text, pos)
                    .and_then(|c| matched(text, &c, 0));
                assert_eq!(
                    show(find_start_var(text, pos)),
                    show(by_regex),
                    "{text:?} @ {pos}"
                );
                let by_regex = sub_var()
                    .captures(&text[pos..])
                    .and_then(|c| matched(text, &c, pos));
                assert_eq!(
                    show(match_sub_var(text, pos)),
                    show(by_regex),
                    "{text:?} @ {pos}"
                );
            }
        }
    }

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
