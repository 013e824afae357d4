//! List and dict filters (Jinja2 builtins with Python semantics, Salt's list filters and
//! salt.utils.data helpers).

use super::{add, mut_list, to_list, FilterResult};
use crate::args::{type_error, PyArgs};
use crate::methods::{map_entries, seq_items};
use crate::mutable::MutMap;
use crate::repr::py_str;
use indexmap::IndexMap;
use minijinja::value::{Value, ValueKind};
use minijinja::{Environment, Error, ErrorKind, State};

pub fn register(env: &mut Environment<'static>) {
    add(env, "list", |_, v, _| Ok(mut_list(to_list(&v)?)));
    add(env, "random", random);
    add(env, "join", join);
    add(env, "unique", |_, v, _| Ok(mut_list(unique(to_list(&v)?))));
    add(env, "min", |_, v, a| extreme(v, a, true));
    add(env, "max", |_, v, a| extreme(v, a, false));
    add(env, "avg", avg);
    add(env, "union", |_, v, a| {
        let mut all = to_list(&v)?;
        all.extend(to_list(&a.require(0, "lst2", "union")?)?);
        Ok(mut_list(unique(all)))
    });
    add(env, "intersect", |_, v, a| {
        let other = to_list(&a.require(0, "lst2", "intersect")?)?;
        Ok(mut_list(unique(
            to_list(&v)?
                .into_iter()
                .filter(|x| other.contains(x))
                .collect(),
        )))
    });
    add(env, "difference", |_, v, a| {
        let other = to_list(&a.require(0, "lst2", "difference")?)?;
        Ok(mut_list(unique(
            to_list(&v)?
                .into_iter()
                .filter(|x| !other.contains(x))
                .collect(),
        )))
    });
    add(env, "symmetric_difference", |_, v, a| {
        let l1 = to_list(&v)?;
        let l2 = to_list(&a.require(0, "lst2", "symmetric_difference")?)?;
        let mut union = l1.clone();
        union.extend(l2.iter().cloned());
        let union = unique(union);
        let inter: Vec<Value> = unique(l1.into_iter().filter(|x| l2.contains(x)).collect());
        Ok(mut_list(unique(
            union.into_iter().filter(|x| !inter.contains(x)).collect(),
        )))
    });
    add(env, "sequence", |_, v, _| {
        Ok(match v.kind() {
            ValueKind::Seq | ValueKind::Map => v,
            _ => mut_list(vec![v]),
        })
    });
    add(env, "traverse", |_, v, a| {
        let key = a.require(0, "key", "traverse")?;
        let default = a.get(1, "default").unwrap_or_else(|| Value::from(()));
        let delim = a.str_at(2, "delimiter").unwrap_or_else(|| ":".into());
        Ok(traverse(&v, &key, &delim).unwrap_or(default))
    });
    add(env, "is_list", |_, v, _| Ok(Value::from(is_list(&v))));
    add(env, "is_iter", |_, v, _| {
        Ok(Value::from(v.as_str().is_none() && v.try_iter().is_ok()))
    });
    add(env, "exactly_n_true", |_, v, a| {
        let n = a.int_at(0, "amount")?.unwrap_or(1);
        Ok(Value::from(exactly_n(&to_list(&v)?, n)))
    });
    add(env, "exactly_one_true", |_, v, _| {
        Ok(Value::from(exactly_n(&to_list(&v)?, 1)))
    });
    add(env, "flatten", |_, v, a| {
        let levels = a.int_at(0, "levels")?;
        let keep_nulls = a.bool_at(1, "preserve_nulls", false);
        Ok(mut_list(flatten(&to_list(&v)?, levels, keep_nulls, 0)))
    });
    add(env, "sorted_ignorecase", |_, v, _| {
        let mut items = to_list(&v)?;
        items.sort_by_key(|x| py_str(x).to_lowercase());
        Ok(mut_list(items))
    });
    add(env, "to_entries", to_entries);
    add(env, "from_entries", from_entries);
    add(env, "compare_lists", compare_lists);
    add(env, "length", |_, v, _| length(&v));
    add(env, "dictsort", dictsort);
    add(env, "attr", |_, v, a| {
        // Jinja2's `attr` uses getattr only: dict keys are not attributes.
        let name = a.str_at(0, "name").unwrap_or_default();
        if crate::mutable::as_mut_map(&v).is_some() || crate::mutable::as_mut_list(&v).is_some() {
            if let Some(m) = crate::mutable::as_mut_map(&v) {
                crate::mutable::record_miss(m.type_label(), &Value::from(name.as_str()));
            }
            return Ok(Value::UNDEFINED);
        }
        Ok(v.get_attr(&name).unwrap_or_default())
    });
    add(env, "sort", sort);
    add(env, "count", |_, v, _| length(&v));
}

/// Jinja2's `ignore_case`: top-level strings compare lower-cased.
fn sort_key(v: Value, case_sensitive: bool) -> Value {
    match v.as_str() {
        Some(s) if !case_sensitive => Value::from(s.to_lowercase()),
        _ => v,
    }
}

/// Jinja2 `dictsort(value, case_sensitive=False, by='key', reverse=False)`.
fn dictsort(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let case_sensitive = a.bool_at(0, "case_sensitive", false);
    let by = a.str_at(1, "by").unwrap_or_else(|| "key".into());
    let reverse = a.bool_at(2, "reverse", false);
    let pos = match by.as_str() {
        "key" => 0,
        "value" => 1,
        _ => {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "You can only sort by either 'key' or 'value'",
            ))
        }
    };
    let mut entries = map_entries(&v).ok_or_else(|| {
        type_error(format!(
            "'{}' object has no attribute 'items'",
            crate::args::py_type(&v)
        ))
    })?;
    entries.sort_by(|x, y| {
        let kx = sort_key(
            if pos == 0 { x.0.clone() } else { x.1.clone() },
            case_sensitive,
        );
        let ky = sort_key(
            if pos == 0 { y.0.clone() } else { y.1.clone() },
            case_sensitive,
        );
        kx.cmp(&ky)
    });
    if reverse {
        entries.reverse();
    }
    Ok(mut_list(entries.into_iter().map(Value::from).collect()))
}

/// Jinja2 `sort(value, reverse=False, case_sensitive=False, attribute=None)`.
fn sort(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let reverse = a.bool_at(0, "reverse", false);
    let case_sensitive = a.bool_at(1, "case_sensitive", false);
    let attribute = a.get_some(2, "attribute");
    let mut items = to_list(&v)?;
    let key = |x: &Value| {
        let base = match &attribute {
            Some(at) => attr_path(x, &py_str(at)),
            None => x.clone(),
        };
        sort_key(base, case_sensitive)
    };
    items.sort_by_key(key);
    if reverse {
        items.reverse();
    }
    Ok(mut_list(items))
}

/// Jinja2's `make_attrgetter`: `a.b.0` style paths.
fn attr_path(v: &Value, path: &str) -> Value {
    let mut cur = v.clone();
    for part in path.split('.') {
        let key = part
            .parse::<i64>()
            .map(Value::from)
            .unwrap_or_else(|_| Value::from(part));
        cur = cur.get_item(&key).unwrap_or_default();
    }
    cur
}

fn length(v: &Value) -> FilterResult {
    if let Some(s) = v.as_str() {
        return Ok(Value::from(s.chars().count()));
    }
    v.len().map(Value::from).ok_or_else(|| {
        type_error(format!(
            "object of type '{}' has no len()",
            crate::args::py_type(v)
        ))
    })
}

/// Jinja2 `join(value, d='', attribute=None)`: items are converted with `str()`.
fn join(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let sep = a.str_at(0, "d").unwrap_or_default();
    let attr = a.get_some(1, "attribute");
    let items = to_list(&v)?;
    let parts: Vec<String> = items
        .iter()
        .map(|x| match &attr {
            Some(at) => py_str(&x.get_item(at).unwrap_or_default()),
            None => py_str(x),
        })
        .collect();
    Ok(Value::from(parts.join(&sep)))
}

/// Salt's `unique` on a list: first occurrences, in order.
pub fn unique(items: Vec<Value>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::with_capacity(items.len());
    for it in items {
        if !out.contains(&it) {
            out.push(it);
        }
    }
    out
}

/// Salt's `min`/`max`: Python's `min(obj)` / `max(obj)`.
fn extreme(v: Value, a: PyArgs, min: bool) -> FilterResult {
    let items = to_list(&v)?;
    let attr = a.get_some(1, "attribute");
    let key = |x: &Value| match &attr {
        Some(at) => x.get_item(at).unwrap_or_default(),
        None => x.clone(),
    };
    let mut best: Option<Value> = None;
    for it in items {
        best = match best {
            None => Some(it),
            Some(b) => {
                let better = if min {
                    key(&it) < key(&b)
                } else {
                    key(&it) > key(&b)
                };
                Some(if better { it } else { b })
            }
        };
    }
    best.ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidOperation,
            format!(
                "{}() arg is an empty sequence",
                if min { "min" } else { "max" }
            ),
        )
    })
}

fn avg(_: &State, v: Value, _: PyArgs) -> FilterResult {
    if v.is_number() {
        return Ok(Value::from(f64::try_from(v).unwrap_or(0.0)));
    }
    let items = to_list(&v)?;
    if items.is_empty() {
        return Err(Error::new(ErrorKind::InvalidOperation, "division by zero"));
    }
    let sum: f64 = items
        .iter()
        .map(|x| f64::try_from(x.clone()).unwrap_or(0.0))
        .sum();
    Ok(Value::from(sum / items.len() as f64))
}

pub fn is_list(v: &Value) -> bool {
    v.kind() == ValueKind::Seq && !v.is_tuple()
}

fn exactly_n(items: &[Value], n: i64) -> bool {
    items.iter().filter(|x| x.is_true()).count() as i64 == n
}

fn flatten(items: &[Value], levels: Option<i64>, keep_nulls: bool, depth: usize) -> Vec<Value> {
    let mut out = Vec::new();
    for el in items {
        let is_null = el.is_none() || matches!(el.as_str(), Some("None") | Some("null"));
        if !keep_nulls && is_null {
            continue;
        }
        let iterable =
            el.as_str().is_none() && matches!(el.kind(), ValueKind::Seq | ValueKind::Map);
        if iterable && depth < 100 {
            let sub = to_list(el).unwrap_or_default();
            match levels {
                None => out.extend(flatten(&sub, None, keep_nulls, depth + 1)),
                Some(l) if l >= 1 => out.extend(flatten(&sub, Some(l - 1), keep_nulls, depth + 1)),
                Some(_) => out.push(el.clone()),
            }
        } else {
            out.push(el.clone());
        }
    }
    out
}

/// `salt.utils.data.traverse_dict_and_list`.
pub fn traverse(data: &Value, key: &Value, delim: &str) -> Option<Value> {
    let parts: Vec<String> = match key.as_str() {
        Some(s) => s.split(delim).map(str::to_string).collect(),
        None if key.is_number() => vec![py_str(key)],
        None => seq_items(key)?.iter().map(py_str).collect(),
    };
    let mut ptr = data.clone();
    for each in parts {
        if is_list(&ptr) {
            let items = seq_items(&ptr).unwrap_or_default();
            let embedded = items
                .iter()
                .filter(|x| map_entries(x).is_some())
                .find_map(|m| {
                    let k = each
                        .parse::<i64>()
                        .map(Value::from)
                        .unwrap_or_else(|_| Value::from(each.as_str()));
                    m.get_item(&k).ok().filter(|v| !v.is_undefined())
                });
            ptr = match embedded {
                Some(v) => v,
                None => {
                    let idx: i64 = each.parse().ok()?;
                    let len = items.len() as i64;
                    let i = if idx < 0 { idx + len } else { idx };
                    items.get(usize::try_from(i).ok()?)?.clone()
                }
            };
        } else if map_entries(&ptr).is_some() {
            let direct = ptr
                .get_item(&Value::from(each.as_str()))
                .ok()
                .filter(|v| !v.is_undefined());
            ptr = match direct {
                Some(v) => v,
                None => {
                    // Salt yamlifies the key to find integer/float keys.
                    let alt = each.parse::<i64>().ok().map(Value::from)?;
                    ptr.get_item(&alt).ok().filter(|v| !v.is_undefined())?
                }
            };
        } else {
            return None;
        }
    }
    Some(ptr)
}

fn to_entries(_: &State, v: Value, _: PyArgs) -> FilterResult {
    let entry = |k: Value, val: Value| {
        let mut m = IndexMap::new();
        m.insert(Value::from("key"), k);
        m.insert(Value::from("value"), val);
        MutMap::new(m).into_value()
    };
    if let Some(entries) = map_entries(&v) {
        return Ok(mut_list(
            entries.into_iter().map(|(k, val)| entry(k, val)).collect(),
        ));
    }
    if is_list(&v) {
        let items = to_list(&v)?;
        return Ok(mut_list(
            items
                .into_iter()
                .enumerate()
                .map(|(i, val)| entry(Value::from(i), val))
                .collect(),
        ));
    }
    Err(Error::new(
        ErrorKind::InvalidOperation,
        "Input data must be a dict or list",
    ))
}

fn from_entries(_: &State, v: Value, _: PyArgs) -> FilterResult {
    let out = MutMap::default();
    for entry in to_list(&v)? {
        let Some(fields) = map_entries(&entry) else {
            continue;
        };
        let lookup = |name: &str| {
            fields
                .iter()
                .find(|(k, _)| py_str(k).to_lowercase() == name)
                .map(|(_, v)| v.clone())
        };
        for key in ["key", "name"] {
            if let Some(kv) = lookup(key).filter(Value::is_true) {
                out.insert(kv, lookup("value").unwrap_or_else(|| Value::from(())));
                break;
            }
        }
    }
    Ok(out.into_value())
}

/// `salt.utils.data.compare_lists`: `{'new': [...], 'old': [...]}` of differences.
fn compare_lists(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let old = to_list(&v)?;
    let new = to_list(&a.require(0, "new", "compare_lists")?)?;
    let out = MutMap::default();
    let added: Vec<Value> = new.iter().filter(|x| !old.contains(x)).cloned().collect();
    let removed: Vec<Value> = old.iter().filter(|x| !new.contains(x)).cloned().collect();
    if !added.is_empty() {
        out.insert(Value::from("new"), mut_list(added));
    }
    if !removed.is_empty() {
        out.insert(Value::from("old"), mut_list(removed));
    }
    Ok(out.into_value())
}

/// `dict(...)` / `odict(...)`: a new mutable dict from a mapping, pairs and keywords.
pub fn dict_ctor(a: PyArgs) -> FilterResult {
    let out = MutMap::default();
    if let Some(src) = a.pos.first() {
        if let Some(entries) = map_entries(src) {
            for (k, v) in entries {
                out.insert(k, v);
            }
        } else {
            for pair in to_list(src)? {
                let kv = seq_items(&pair).unwrap_or_default();
                if kv.len() == 2 {
                    out.insert(kv[0].clone(), kv[1].clone());
                }
            }
        }
    }
    for (k, v) in a.kw {
        out.insert(Value::from(k), v);
    }
    Ok(out.into_value())
}

pub fn full_context(state: &State) -> FilterResult {
    let out = MutMap::default();
    for name in state.known_variables() {
        if let Some(v) = state.lookup(&name) {
            out.insert(Value::from(name.as_ref()), v);
        }
    }
    Ok(out.into_value())
}

/// A random number below `n` (`n > 0`): std's per-hasher random keys (seeded from the OS
/// and advanced for every hasher) are the entropy; templates need no reproducible stream.
fn random_below(n: usize) -> usize {
    use std::hash::{BuildHasher, Hasher};
    let bits = std::collections::hash_map::RandomState::new()
        .build_hasher()
        .finish();
    (bits % n as u64) as usize
}

/// Jinja2's `random`: `random.choice(seq)`, a random item of a list, tuple or range, or a
/// random character of a string; an empty sequence gives an undefined value ("No random
/// item, sequence was empty.").
fn random(_: &State, v: Value, _: PyArgs) -> FilterResult {
    let items: Vec<Value> = match v.kind() {
        ValueKind::String => v
            .as_str()
            .unwrap_or_default()
            .chars()
            .map(Value::from)
            .collect(),
        ValueKind::Seq | ValueKind::Iterable => to_list(&v)?,
        // random.choice indexes a dict with a random int: a KeyError
        ValueKind::Map => {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                if v.len() == Some(0) {
                    "Cannot choose from an empty sequence".to_string()
                } else {
                    "0".to_string()
                },
            ))
        }
        _ => {
            return Err(type_error(format!(
                "object of type '{}' has no len()",
                crate::args::py_type(&v)
            )))
        }
    };
    if items.is_empty() {
        return Err(Error::new(
            ErrorKind::UndefinedError,
            "\u{2}No random item, sequence was empty.",
        ));
    }
    Ok(items[random_below(items.len())].clone())
}
