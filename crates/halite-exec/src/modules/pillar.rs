//! `salt.modules.pillar`: reads the in-memory pillar (`__pillar__`). Locally `pillarenv` and
//! `saltenv` would recompile the pillar from one environment; halite's caller compiles the
//! pillar once, so they read the same data.

use crate::salt_utils::{bind, dict_update, filter_by_bound, traverse, DEFAULT_DELIM};
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, SaltCompat, Value};
use std::borrow::Cow;

/// Salt 3008's placeholder for a masked pillar value (`salt.utils.secret.REDACT_PLACEHOLDER`).
pub const REDACT_PLACEHOLDER: &str = "**********";

/// Salt 3008 added `unmask=` to the pillar functions (salt.utils.secret, "pillar masking");
/// in 3008 mode the argument is accepted and taken out before the function binds its own.
fn without_unmask<'a>(ctx: &ExecContext, a: &'a Args) -> Cow<'a, Args> {
    if SaltCompat::of_value(&ctx.opts).is_3008() && a.kwargs.contains_key("unmask") {
        let mut a = a.clone();
        a.kwargs.remove("unmask");
        Cow::Owned(a)
    } else {
        Cow::Borrowed(a)
    }
}

/// Salt 3008's pillar masking (salt.utils.secret, new in 3008.0): whether the return of
/// pillar function `fun`, called with `kwargs` outside a template (from the command line or
/// from `module.run`), goes out masked ([`redact`]). Inside templates Salt unmasks
/// (`mask_pillar` is False while rendering and compiling the pillar), so only those callers
/// mask. `pillar.get`/`fetch`/`item`/`ext` mask unless
/// `unmask=True`; `pillar.items`/`data` also stay plain with `pillar_mask_output: False`;
/// `pillar.raw` masks only with `unmask=False`. Salt 3007 never masks.
pub fn masked_on_output(fun: &str, kwargs: &Map, opts: &Value) -> bool {
    if !SaltCompat::of_value(opts).is_3008() {
        return false;
    }
    let unmask = kwargs.get("unmask").filter(|v| !v.is_null());
    match fun {
        "pillar.get" | "pillar.fetch" | "pillar.item" | "pillar.ext" => {
            !unmask.is_some_and(Value::truthy)
        }
        "pillar.items" | "pillar.data" => match unmask {
            Some(v) => !v.truthy(),
            None => opts.get("pillar_mask_output").is_none_or(Value::truthy),
        },
        "pillar.raw" => unmask.is_some_and(|v| !v.truthy()),
        _ => false,
    }
}

/// `salt.utils.secret.serial`: every non-empty/truthy scalar leaf (str, int, float, bool)
/// becomes [`REDACT_PLACEHOLDER`]; None, empty strings, zeros and False stay.
pub fn redact(v: &Value) -> Value {
    match v {
        Value::Map(m) => Value::Map(m.iter().map(|(k, v)| (k.clone(), redact(v))).collect()),
        Value::List(l) => Value::List(l.iter().map(redact).collect()),
        Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_) if v.truthy() => {
            Value::str(REDACT_PLACEHOLDER)
        }
        other => other.clone(),
    }
}

/// `pillar.get(key, default=NOT_SET, merge=False, merge_nested_lists=None, delimiter=':',
/// pillarenv=None, saltenv=None)`.
pub fn get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let a = &*without_unmask(ctx, a);
    let b = bind(
        "pillar.get",
        a,
        &[
            "key",
            "default",
            "merge",
            "merge_nested_lists",
            "delimiter",
            "pillarenv",
            "saltenv",
        ],
        1,
    )?;
    let key = b.str_or(0, "");
    let raise_on_missing = ctx
        .opts
        .get("pillar_raise_on_missing")
        .is_some_and(Value::truthy);
    // NOT_SET becomes KeyError, which becomes '' unless pillar_raise_on_missing.
    let default: Option<Value> = match b.get(1) {
        Some(v) => Some(v.clone()),
        None if raise_on_missing => None,
        None => Some(Value::str("")),
    };
    let merge_lists = match b.opt(3) {
        Some(v) => v.truthy(),
        None => ctx
            .opts
            .get("pillar_merge_lists")
            .is_some_and(Value::truthy),
    };
    let delim = b.str_or(4, DEFAULT_DELIM);
    let found = traverse(&ctx.pillar, &key, &delim);
    if b.truthy(2) {
        match &default {
            Some(Value::Map(dm)) => {
                let ret = found.cloned().unwrap_or_else(|| Value::Map(Map::new()));
                if let Value::Map(rm) = &ret {
                    let mut out = dm.clone();
                    dict_update(&mut out, rm, true, merge_lists);
                    return Ok(Value::Map(out));
                }
                let d = Value::Map(dm.clone()).py_str();
                tracing::error!(
                    "pillar.get: Default ({}) is a dict, but the returned pillar value ({}) is of type '{}'. Merge will be skipped.",
                    d, ret.py_str(), ret.type_name()
                );
            }
            Some(Value::List(dl)) => {
                let ret = found.cloned().unwrap_or(Value::List(vec![].into()));
                if let Value::List(rl) = &ret {
                    let mut out = dl.clone();
                    let add: Vec<Value> = rl.iter().filter(|x| !dl.contains(x)).cloned().collect();
                    out.extend(add);
                    return Ok(Value::List(out));
                }
                let d = Value::List(dl.clone()).py_str();
                tracing::error!(
                    "pillar.get: Default ({}) is a list, but the returned pillar value ({}) is of type '{}'. Merge will be skipped.",
                    d, ret.py_str(), ret.type_name()
                );
            }
            other => {
                let d = other.clone().unwrap_or_default();
                tracing::error!(
                    "pillar.get: Default ({}) is of type '{}', must be a dict or list to merge. Merge will be skipped.",
                    d.py_str(), d.type_name()
                );
            }
        }
    }
    match (found, default) {
        (Some(v), _) => Ok(v.clone()),
        (None, Some(d)) => Ok(d),
        // Salt: raise KeyError(f"Pillar key not found: {key}"); str() of a KeyError quotes it.
        (None, None) => Err(ExecError::Failed(format!("'Pillar key not found: {key}'"))),
    }
}

/// `pillar.item(*args, default=None, delimiter=None, pillarenv=None, saltenv=None)`.
pub fn item(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let a = &*without_unmask(ctx, a);
    let default = a
        .kwargs
        .get("default")
        .filter(|v| !v.is_null())
        .cloned()
        .unwrap_or(Value::str(""));
    let delim = a
        .kwargs
        .get("delimiter")
        .filter(|v| !v.is_null())
        .map(Value::py_str)
        .unwrap_or_else(|| DEFAULT_DELIM.to_string());
    let mut ret = Map::new();
    for arg in &a.args {
        let v = traverse(&ctx.pillar, &arg.py_str(), &delim)
            .cloned()
            .unwrap_or_else(|| default.clone());
        ret.insert(arg.clone(), v);
    }
    Ok(Value::Map(ret))
}

/// `pillar.items(*args, ...)`: with positional arguments it is `pillar.item`.
pub fn items(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let a = &*without_unmask(ctx, a);
    if !a.args.is_empty() {
        return item(ctx, a);
    }
    Ok(pillar_map(ctx))
}

/// `pillar.obfuscate(*args, pillar=None, pillar_enc=None, pillarenv=None, saltenv=None)`
/// (3008: also `unmask=None`): `items(*args)` with every leaf replaced by its Python type
/// name (`_obfuscate_inner`: `<str>`, `<int>`, `<NoneType>`, ...), dict keys and list shapes
/// kept. This is the unmasked form (templates); the command line's is
/// [`obfuscate_for_output`].
pub fn obfuscate(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    obfuscate_keywords(ctx, a)?;
    Ok(obfuscated(&items(ctx, a)?))
}

/// obfuscate's keyword-only arguments (3008 added `unmask`): any other is a TypeError.
fn obfuscate_keywords(ctx: &ExecContext, a: &Args) -> Result<(), ExecError> {
    let salt3008 = SaltCompat::of_value(&ctx.opts).is_3008();
    for key in a.kwargs.keys().filter_map(Value::as_str) {
        let known = matches!(key, "pillar" | "pillar_enc" | "pillarenv" | "saltenv")
            || (salt3008 && key == "unmask")
            || key.starts_with("__");
        if !known {
            return Err(ExecError::Failed(format!(
                "obfuscate() got an unexpected keyword argument '{key}'"
            )));
        }
    }
    Ok(())
}

/// `pillar.obfuscate` where Salt 3008 masks pillar values (the command line): the `items()`
/// it sources masks them first (`salt.utils.secret.serial`, unless `unmask=True` or
/// `pillar_mask_output: False`), so every non-empty scalar reads `<str>`.
pub fn obfuscate_for_output(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    obfuscate_keywords(ctx, a)?;
    let data = items(ctx, a)?;
    let data = match masked_on_output("pillar.items", &a.kwargs, &ctx.opts) {
        true => redact(&data),
        false => data,
    };
    Ok(obfuscated(&data))
}

fn obfuscated(v: &Value) -> Value {
    match v {
        Value::Map(m) => Value::Map(m.iter().map(|(k, v)| (k.clone(), obfuscated(v))).collect()),
        Value::List(l) => Value::List(l.iter().map(obfuscated).collect()),
        leaf => Value::str(format!("<{}>", leaf.type_name())),
    }
}

/// `pillar.filter_by(lookup_dict, pillar, merge=None, default='default', base=None)`:
/// `salt.utils.data.filter_by` over the pillar (3008 reads it unmasked, `secret.expose`, and
/// returns the lookup's value as it is).
pub fn filter_by(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "pillar.filter_by",
        a,
        &["lookup_dict", "pillar", "merge", "default", "base"],
        2,
    )?;
    filter_by_bound(&b, "", &ctx.pillar)
}

fn pillar_map(ctx: &ExecContext) -> Value {
    match &ctx.pillar {
        Value::Map(m) => Value::Map(m.clone()),
        _ => Value::Map(Map::new()),
    }
}

/// `pillar.raw(key=None)`: `__pillar__.get(key, {})`, no traversal.
pub fn raw(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let a = &*without_unmask(ctx, a);
    let b = bind("pillar.raw", a, &["key"], 0)?;
    match b.get(0).filter(|k| k.truthy()) {
        Some(k) => Ok(ctx
            .pillar
            .as_map()
            .and_then(|m| m.get_value(k))
            .cloned()
            .unwrap_or_else(|| Value::Map(Map::new()))),
        None => Ok(pillar_map(ctx)),
    }
}

/// `pillar.keys(key, delimiter=':')`.
pub fn keys(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let a = &*without_unmask(ctx, a);
    let b = bind("pillar.keys", a, &["key", "delimiter"], 1)?;
    let key = b.str_or(0, "");
    let delim = b.str_or(1, DEFAULT_DELIM);
    match traverse(&ctx.pillar, &key, &delim) {
        None => Err(ExecError::Failed(format!("'Pillar key not found: {key}'"))),
        Some(Value::Map(m)) => Ok(Value::List(m.keys().cloned().collect())),
        Some(_) => Err(ExecError::Failed(format!(
            "Pillar value in key {key} is not a dict"
        ))),
    }
}

/// `pillar.ls()`: the top-level keys.
pub fn ls(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let a = &*without_unmask(ctx, a);
    let m = items(ctx, a)?;
    Ok(Value::List(
        m.as_map()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default(),
    ))
}

/// `pillar.file_exists(path, saltenv=None)`: is `path` under any `pillar_roots` directory.
pub fn file_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("pillar.file_exists", a, &["path", "saltenv"], 1)?;
    let path = b.str_or(0, "");
    let Some(roots) = ctx
        .opts
        .get("pillar_roots")
        .and_then(Value::as_map)
        .filter(|m| !m.is_empty())
    else {
        return Err(ExecError::Failed(
            "No pillar_roots found. Are you running this on the master?".into(),
        ));
    };
    let envs: Vec<&Value> = match b.opt(1).filter(|v| v.truthy()) {
        Some(env) => match roots.get_value(env) {
            Some(v) => vec![v],
            None => return Ok(Value::Bool(false)),
        },
        None => roots.values().collect(),
    };
    for dirs in envs {
        for dir in dirs.as_list().map(|l| l.as_slice()).unwrap_or_default() {
            if std::path::Path::new(&dir.py_str()).join(&path).is_file() {
                return Ok(Value::Bool(true));
            }
        }
    }
    Ok(Value::Bool(false))
}
