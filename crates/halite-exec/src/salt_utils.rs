//! Ports of the `salt.utils` helpers the execution modules share: `data.traverse_dict_and_list`,
//! `dictupdate.update`/`merge*`, `data.filter_by`, `fnmatch.fnmatchcase`, and Python-style
//! argument binding.

use crate::{Args, ExecError};
use halite_value::{Map, Value};

/// Salt's `DEFAULT_TARGET_DELIM`.
pub const DEFAULT_DELIM: &str = ":";

/// `salt.utils.data.traverse_dict_and_list(data, key, default, delimiter)`, returning `None`
/// where Salt would return `default`.
///
/// Mirrors Salt exactly: in a list, a numeric part first looks for an embedded dict with that
/// integer key, then indexes the list (negative indexes count from the end, as in Python); a
/// non-numeric part returns the value of the first embedded dict that has the key. In a dict,
/// a missing key is retried YAML-loaded (`'1'` finds the integer key `1`).
pub fn traverse<'a>(data: &'a Value, key: &str, delimiter: &str) -> Option<&'a Value> {
    let mut ptr = data;
    for part in key.split(delimiter) {
        ptr = traverse_step(ptr, part)?;
    }
    Some(ptr)
}

fn traverse_step<'a>(ptr: &'a Value, part: &str) -> Option<&'a Value> {
    match ptr {
        Value::List(list) => match py_int(part) {
            None => list
                .iter()
                .filter_map(Value::as_map)
                .find_map(|m| m.get(part)),
            Some(idx) => {
                let key = Value::Int(idx);
                if let Some(v) = list
                    .iter()
                    .filter_map(Value::as_map)
                    .find_map(|m| m.get_value(&key))
                {
                    return Some(v);
                }
                let len = list.len() as i64;
                let i = if idx < 0 { idx + len } else { idx };
                if i < 0 || i >= len {
                    None
                } else {
                    list.get(i as usize)
                }
            }
        },
        Value::Map(m) => {
            if let Some(v) = m.get(part) {
                return Some(v);
            }
            let loaded = yamlify_scalar(part)?;
            m.get_value(&loaded)
        }
        // Salt: `ptr[each]` on a str/int raises TypeError -> default.
        _ => None,
    }
}

/// Python `int(s)` for the forms Salt's traversal meets (`" 3"`, `"-1"`, `"+2"`, `"1_0"`).
pub fn py_int(s: &str) -> Option<i64> {
    let t = s.trim();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    if digits.is_empty()
        || digits.starts_with('_')
        || digits.ends_with('_')
        || digits.contains("__")
        || !digits.chars().all(|c| c.is_ascii_digit() || c == '_')
    {
        return None;
    }
    let n: i64 = digits.replace('_', "").parse().ok()?;
    Some(if neg { -n } else { n })
}

/// What `salt.utils.args.yamlify_arg` turns a key part into, when that differs from the string
/// itself (only scalars matter for a dict lookup): ints, floats, booleans and null.
pub fn yamlify_scalar(s: &str) -> Option<Value> {
    let t = s.trim();
    if t.is_empty() || s.contains(['\t', '\r', '\n']) || s.contains('_') {
        return None;
    }
    if s == "None" {
        return Some(Value::Null);
    }
    match t {
        "~" | "null" | "Null" | "NULL" => return Some(Value::Null),
        "true" | "True" | "TRUE" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" => {
            return Some(Value::Bool(true))
        }
        "false" | "False" | "FALSE" | "no" | "No" | "NO" | "off" | "Off" | "OFF" => {
            return Some(Value::Bool(false))
        }
        _ => {}
    }
    let body = t.strip_prefix(['-', '+']).unwrap_or(t);
    if !body.is_empty() && body.chars().all(|c| c.is_ascii_digit()) {
        return t.parse::<i64>().ok().map(Value::Int);
    }
    if body.contains('.')
        && body
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '-' | '+'))
        && body
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '.')
    {
        return t.parse::<f64>().ok().map(Value::Float);
    }
    None
}

/// `salt.utils.dictupdate.update(dest, upd, recursive_update, merge_lists)`.
pub fn dict_update(dest: &mut Map, upd: &Map, recursive_update: bool, merge_lists: bool) {
    if !recursive_update {
        for (k, v) in upd.iter() {
            dest.insert(k.clone(), v.clone());
        }
        return;
    }
    for (k, val) in upd.iter() {
        match (dest.get_value_mut(k), val) {
            (Some(Value::Map(d)), Value::Map(u)) => dict_update(d, u, true, merge_lists),
            (Some(Value::List(d)), Value::List(u)) if merge_lists => {
                // merged.extend([x for x in val if x not in merged]): the filter sees the
                // list before extending, so duplicates inside `val` survive.
                let add: Vec<Value> = u.iter().filter(|x| !d.contains(x)).cloned().collect();
                d.extend(add);
            }
            _ => {
                dest.insert(k.clone(), val.clone());
            }
        }
    }
}

/// The TypeError `dictupdate.update` raises for non-dicts.
pub fn update_type_error() -> ExecError {
    ExecError::Failed("Cannot update using non-dict types in dictupdate.update()".into())
}

/// `dictupdate.update` on two values (raising its TypeError unless both are dicts).
pub fn update_values(
    dest: &Value,
    upd: &Value,
    recursive: bool,
    merge_lists: bool,
) -> Result<Value, ExecError> {
    match (dest, upd) {
        (Value::Map(d), Value::Map(u)) => {
            let mut d = d.clone();
            dict_update(&mut d, u, recursive, merge_lists);
            Ok(Value::Map(d))
        }
        _ => Err(update_type_error()),
    }
}

/// `salt.utils.dictupdate.merge(obj_a, obj_b, strategy, renderer, merge_lists)`.
pub fn dict_merge(
    a: &Value,
    b: &Value,
    strategy: &str,
    renderer: &str,
    merge_lists: bool,
) -> Result<Value, ExecError> {
    let mut strategy = strategy;
    if strategy == "smart" {
        strategy =
            if renderer.rsplit('|').next() == Some("yamlex") || renderer.starts_with("yamlex_") {
                "aggregate"
            } else {
                "recurse"
            };
    }
    match strategy {
        "list" => merge_list(a, b),
        "recurse" => update_values(a, b, true, merge_lists),
        "aggregate" => Ok(aggregate(a, b, true)),
        "overwrite" => {
            // merge_overwrite: replace a's keys that b has, then merge_recurse.
            let (Value::Map(am), Value::Map(bm)) = (a, b) else {
                return Err(update_type_error());
            };
            let mut am = am.clone();
            for (k, v) in bm.iter() {
                if am.contains_value_key(k) {
                    am.insert(k.clone(), v.clone());
                }
            }
            dict_update(&mut am, bm, true, merge_lists);
            Ok(Value::Map(am))
        }
        "none" => update_values(a, b, true, false),
        other => {
            tracing::warn!("Unknown merging strategy '{}', fallback to recurse", other);
            update_values(a, b, true, false)
        }
    }
}

/// `dictupdate.merge_list`: keys of `a`; a key both have becomes `[a_val, b_val]`.
fn merge_list(a: &Value, b: &Value) -> Result<Value, ExecError> {
    let (Some(am), Some(bm)) = (a.as_map(), b.as_map()) else {
        return Err(ExecError::Failed(
            "'list' object has no attribute 'items'".into(),
        ));
    };
    let mut out = Map::new();
    for (k, v) in am.iter() {
        match bm.get_value(k) {
            Some(bv) => out.insert(k.clone(), Value::List(vec![v.clone(), bv.clone()].into())),
            None => out.insert(k.clone(), v.clone()),
        };
    }
    Ok(Value::Map(out))
}

/// `salt.utils.aggregation.aggregate` as `yamlex.merge_recursive(a, b, level=1)` calls it:
/// only the top level is "marked" (keys of `a` kept, lists concatenated without duplicates);
/// below it, a dict merge keeps only `b`'s keys and anything else takes `b`'s value.
fn aggregate(a: &Value, b: &Value, marked: bool) -> Value {
    match (a, b) {
        (Value::Map(am), Value::Map(bm)) => {
            let mut out = if marked { am.clone() } else { bm.clone() };
            for (k, v) in bm.iter() {
                let nv = match am.get_value(k) {
                    Some(av) => aggregate(av, v, false),
                    None => v.clone(),
                };
                out.insert(k.clone(), nv);
            }
            Value::Map(out)
        }
        (Value::List(al), Value::List(bl)) if marked => {
            let mut out = al.clone();
            for v in bl {
                if !al.contains(v) {
                    out.push(v.clone());
                }
            }
            Value::List(out)
        }
        _ => b.clone(),
    }
}

/// Python's `fnmatch.fnmatchcase` (halite_value's matcher, checked against Python's on
/// recorded cases in halite-value's tests/fnmatch.rs).
pub fn fnmatchcase(name: &str, pat: &str) -> bool {
    halite_value::fnmatch(name, pat)
}

/// Python `str(x)` as `salt.utils.data.filter_by` applies it to keys and grain values.
pub fn py_str(v: &Value) -> String {
    v.py_str()
}

/// A `filter_by` execution function (`grains.filter_by`, salt-ssh's `pillar.filter_by`) over
/// `data`, its arguments bound as `lookup_dict, KEY, merge, default, base` with `key_default`
/// for an absent KEY: a lookup_dict that is not a dict fails on its `.get` as in Python.
pub fn filter_by_bound(b: &Bound, key_default: &str, data: &Value) -> Result<Value, ExecError> {
    let empty = Map::new();
    let lookup = match b.get(0) {
        Some(Value::Map(m)) => m,
        Some(Value::Null) | None => &empty,
        Some(other) => {
            return Err(ExecError::Failed(format!(
                "'{}' object has no attribute 'get'",
                other.type_name()
            )))
        }
    };
    let key = b.str_or(1, key_default);
    let default = b.get(3).cloned().unwrap_or_else(|| Value::str("default"));
    filter_by(lookup, &key, data, b.opt(2), &default, b.opt(4))
}

/// `salt.utils.data.filter_by(lookup_dict, lookup, traverse, merge, default, base)`.
pub fn filter_by(
    lookup_dict: &Map,
    lookup: &str,
    data: &Value,
    merge: Option<&Value>,
    default: &Value,
    base: Option<&Value>,
) -> Result<Value, ExecError> {
    let val = traverse(data, lookup, DEFAULT_DELIM)
        .cloned()
        .unwrap_or(Value::List(vec![].into()));
    let each_vals: Vec<Value> = match val {
        Value::List(l) => l.into_vec(),
        other => vec![other],
    };
    let mut ret: Option<Value> = None;
    'outer: for each in &each_vals {
        let test_each = py_str(each);
        for (key, v) in lookup_dict.iter() {
            if fnmatchcase(&test_each, &py_str(key)) {
                ret = Some(v.clone()).filter(|v| !v.is_null());
                // Salt breaks on the first matching key even when its value is None.
                if ret.is_some() {
                    break 'outer;
                }
                break;
            }
        }
    }
    if ret.is_none() {
        // `lookup_dict.get(default)`: the default key keeps its type (`default=3` finds `3:`).
        ret = lookup_dict
            .get_value(default)
            .cloned()
            .filter(|v| !v.is_null());
    }
    if let Some(base) = base.filter(|b| b.truthy()) {
        if let Some(base_values) = lookup_dict.get_value(base) {
            match &ret {
                None => ret = Some(base_values.clone()).filter(|v| !v.is_null()),
                Some(r) => {
                    if let Value::Map(bm) = base_values {
                        let Value::Map(rm) = r else {
                            return Err(ExecError::Failed(
                                "filter_by default and look-up values must both be dictionaries."
                                    .into(),
                            ));
                        };
                        let mut merged = bm.clone();
                        dict_update(&mut merged, rm, true, false);
                        ret = Some(Value::Map(merged));
                    }
                }
            }
        }
    }
    if let Some(merge) = merge.filter(|m| m.truthy()) {
        let Value::Map(mm) = merge else {
            return Err(ExecError::Failed(
                "filter_by merge argument must be a dictionary.".into(),
            ));
        };
        match &mut ret {
            None => ret = Some(merge.clone()),
            Some(Value::Map(rm)) => dict_update(rm, mm, true, false),
            Some(_) => return Err(update_type_error()),
        }
    }
    Ok(ret.unwrap_or(Value::Null))
}

/// Binds Python-style arguments to a signature: `names[i]` is the parameter at position `i`.
/// Mirrors the TypeErrors Python raises for too many positional arguments, duplicates and
/// unknown keywords (keywords starting with `__` are Salt's injected `__pub_*` and ignored).
pub struct Bound<'a> {
    vals: Vec<Option<&'a Value>>,
}

impl<'a> Bound<'a> {
    pub fn get(&self, i: usize) -> Option<&'a Value> {
        self.vals.get(i).copied().flatten()
    }
    pub fn str_or(&self, i: usize, default: &str) -> String {
        self.get(i)
            .map(Value::py_str)
            .unwrap_or_else(|| default.to_string())
    }
    /// The argument, or `None` when absent or Python `None`.
    pub fn opt(&self, i: usize) -> Option<&'a Value> {
        self.get(i).filter(|v| !v.is_null())
    }
    pub fn truthy(&self, i: usize) -> bool {
        self.get(i).is_some_and(Value::truthy)
    }
}

pub fn bind<'a>(
    fun: &str,
    args: &'a Args,
    names: &[&str],
    required: usize,
) -> Result<Bound<'a>, ExecError> {
    bind_with(fun, args, names, required, false)
}

/// [`bind`] for functions that also take `**kwargs` (unknown keywords are ignored).
pub fn bind_with<'a>(
    fun: &str,
    args: &'a Args,
    names: &[&str],
    required: usize,
    allow_unknown: bool,
) -> Result<Bound<'a>, ExecError> {
    let short = fun.rsplit('.').next().unwrap_or(fun);
    if args.args.len() > names.len() {
        // CPython's wording: "takes from R to N positional arguments" when some have
        // defaults, "takes N positional argument(s)" when none do; "was" for one given.
        let given = args.args.len();
        let takes = if required < names.len() {
            format!("from {required} to {}", names.len())
        } else {
            names.len().to_string()
        };
        let plural = if required == names.len() && names.len() == 1 {
            ""
        } else {
            "s"
        };
        return Err(ExecError::Failed(format!(
            "{short}() takes {takes} positional argument{plural} but {given} {} given",
            if given == 1 { "was" } else { "were" }
        )));
    }
    let mut vals: Vec<Option<&Value>> = names.iter().map(|_| None).collect();
    for (i, v) in args.args.iter().enumerate() {
        vals[i] = Some(v);
    }
    for (k, v) in args.kwargs.iter() {
        let k = k.py_str();
        if k.starts_with("__") {
            continue;
        }
        match names.iter().position(|n| *n == k) {
            Some(i) if vals[i].is_some() => {
                return Err(ExecError::Failed(format!(
                    "{short}() got multiple values for argument '{k}'"
                )))
            }
            Some(i) => vals[i] = Some(v),
            None if allow_unknown => {}
            None => {
                return Err(ExecError::Failed(format!(
                    "{short}() got an unexpected keyword argument '{k}'"
                )))
            }
        }
    }
    let missing: Vec<&str> = (0..required)
        .filter(|i| vals[*i].is_none())
        .map(|i| names[i])
        .collect();
    if !missing.is_empty() {
        let quoted: Vec<String> = missing.iter().map(|m| format!("'{m}'")).collect();
        let list = match quoted.len() {
            1 => quoted[0].clone(),
            2 => format!("{} and {}", quoted[0], quoted[1]),
            _ => format!(
                "{}, and {}",
                quoted[..quoted.len() - 1].join(", "),
                quoted[quoted.len() - 1]
            ),
        };
        return Err(ExecError::Failed(format!(
            "{short}() missing {} required positional argument{}: {list}",
            missing.len(),
            if missing.len() == 1 { "" } else { "s" }
        )));
    }
    Ok(Bound { vals })
}

/// Keyword arguments that are not Salt's injected `__pub_*` values.
pub fn clean_kwargs(kwargs: &Map) -> Map {
    kwargs
        .iter()
        .filter(|(k, _)| !k.py_str().starts_with("__"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// `salt.utils.data.subdict_match(data, expr, delimiter, regex_match, exact_match)`: does
/// `a:b:glob` match `data`, trying the deepest key split first (what grain and pillar
/// targeting use). Values compare as lower-cased `str()`.
pub fn subdict_match(
    data: &Value,
    expr: &str,
    delimiter: &str,
    regex_match: bool,
    exact_match: bool,
) -> bool {
    let splits: Vec<&str> = expr.split(delimiter).collect();
    if splits.len() == 1 {
        return false;
    }
    for idx in (1..splits.len()).rev() {
        let key = splits[..idx].join(delimiter);
        let (matchstr, found) = if key == "*" {
            (expr.to_string(), Some(data))
        } else {
            (
                splits[idx..].join(delimiter),
                traverse(data, &key, delimiter),
            )
        };
        let Some(m) = found else { continue };
        match m {
            Value::Map(mm) if mm.is_empty() => continue,
            Value::Map(mm) => {
                if dict_match(mm, &matchstr, regex_match, exact_match) {
                    return true;
                }
            }
            Value::List(items) => {
                for member in items {
                    if let Value::Map(d) = member {
                        if dict_match(d, &matchstr, regex_match, exact_match) {
                            return true;
                        }
                    }
                    if value_match(member, &matchstr, regex_match, exact_match) {
                        return true;
                    }
                }
            }
            other => {
                if value_match(other, &matchstr, regex_match, exact_match) {
                    return true;
                }
            }
        }
    }
    false
}

fn value_match(target: &Value, pattern: &str, regex_match: bool, exact_match: bool) -> bool {
    let target = target.py_str().to_lowercase();
    let pattern = pattern.to_lowercase();
    if regex_match {
        // re.match: anchored at the start only.
        return regex::Regex::new(&format!("^(?:{pattern})")).is_ok_and(|r| r.is_match(&target));
    }
    if exact_match {
        target == pattern
    } else {
        fnmatchcase(&target, &pattern)
    }
}

fn dict_match(target: &Map, pattern: &str, regex_match: bool, exact_match: bool) -> bool {
    let wildcard = pattern.starts_with("*:");
    let pattern = if wildcard { &pattern[2..] } else { pattern };
    if pattern == "*" || target.contains_key(pattern) {
        return true;
    }
    if subdict_match(
        &Value::Map(target.clone()),
        pattern,
        DEFAULT_DELIM,
        regex_match,
        exact_match,
    ) {
        return true;
    }
    if wildcard {
        for (_, v) in target.iter() {
            let hit = match v {
                Value::Map(d) => dict_match(d, pattern, regex_match, exact_match),
                Value::List(l) => l
                    .iter()
                    .any(|i| value_match(i, pattern, regex_match, exact_match)),
                other => value_match(other, pattern, regex_match, exact_match),
            };
            if hit {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnmatch_basics() {
        assert!(fnmatchcase("Debian", "Deb*"));
        assert!(fnmatchcase("Debian", "Deb[a-z]an"));
        assert!(!fnmatchcase("Debian", "deb*"));
        assert!(fnmatchcase("a[b", "a[b"));
        assert!(fnmatchcase("x", "[!y]"));
        assert!(fnmatchcase("10.0.0.1", "10.0.0.*"));
        assert!(!fnmatchcase("10a0", "10.0"));
    }

    #[test]
    fn filter_by_default_keeps_its_type() {
        // mysql-formula: grains.filter_by({2: .., 3: ..}, default=grains.pythonversion[0])
        let mut lookup = Map::new();
        lookup.insert(Value::Int(2), Value::str("py2"));
        lookup.insert(Value::Int(3), Value::str("py3"));
        let mut grains = Map::new();
        grains.insert("os_family", Value::str("Debian"));
        let grains = Value::Map(grains);
        let got = filter_by(&lookup, "os_family", &grains, None, &Value::Int(3), None);
        assert_eq!(got.ok(), Some(Value::str("py3")));
        // a string default does not find an int key, as in Python
        let got = filter_by(&lookup, "os_family", &grains, None, &Value::str("3"), None);
        assert_eq!(got.ok(), Some(Value::Null));
    }

    #[test]
    fn py_int_forms() {
        assert_eq!(py_int(" 3"), Some(3));
        assert_eq!(py_int("-1"), Some(-1));
        assert_eq!(py_int("1_0"), Some(10));
        assert_eq!(py_int("x"), None);
        assert_eq!(py_int("_1"), None);
    }
}
