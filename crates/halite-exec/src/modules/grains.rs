//! `salt.modules.grains`: reads `__grains__`.

use crate::salt_utils::{bind, filter_by_bound, traverse, DEFAULT_DELIM};
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `grains.get(key, default='', delimiter=':', ordered=True)`.
pub fn get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "grains.get",
        a,
        &["key", "default", "delimiter", "ordered"],
        1,
    )?;
    let key = b.str_or(0, "");
    let delim = b.str_or(2, DEFAULT_DELIM);
    Ok(traverse(&ctx.grains, &key, &delim)
        .cloned()
        .unwrap_or_else(|| b.get(1).cloned().unwrap_or(Value::str(""))))
}

/// `grains.items(sanitize=False)`.
pub fn items(ctx: &ExecContext, _a: &Args) -> Result<Value, ExecError> {
    Ok(match &ctx.grains {
        Value::Map(m) => Value::Map(m.clone()),
        _ => Value::Map(Map::new()),
    })
}

/// `grains.item(*args, default='', delimiter=':', sanitize=False)`.
pub fn item(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let default = a.kwargs.get("default").cloned().unwrap_or(Value::str(""));
    let delim = a
        .kwargs
        .get("delimiter")
        .map(Value::py_str)
        .unwrap_or_else(|| DEFAULT_DELIM.to_string());
    let mut ret = Map::new();
    for arg in &a.args {
        let v = traverse(&ctx.grains, &arg.py_str(), &delim)
            .cloned()
            .unwrap_or_else(|| default.clone());
        ret.insert(arg.clone(), v);
    }
    Ok(Value::Map(ret))
}

/// `grains.ls()`: `sorted(__grains__)`.
pub fn ls(ctx: &ExecContext, _a: &Args) -> Result<Value, ExecError> {
    let mut keys: Vec<String> = ctx
        .grains
        .as_map()
        .map(|m| m.keys().map(Value::py_str).collect())
        .unwrap_or_default();
    keys.sort();
    Ok(Value::List(keys.into_iter().map(Value::from).collect()))
}

/// `grains.has_value(key)`: truthiness of the traversed value (missing -> False).
pub fn has_value(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("grains.has_value", a, &["key"], 1)?;
    let key = b.str_or(0, "");
    Ok(Value::Bool(
        traverse(&ctx.grains, &key, DEFAULT_DELIM).is_some_and(Value::truthy),
    ))
}

/// `grains.filter_by(lookup_dict, grain='os_family', merge=None, default='default', base=None)`.
pub fn filter_by(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "grains.filter_by",
        a,
        &["lookup_dict", "grain", "merge", "default", "base"],
        1,
    )?;
    filter_by_bound(&b, "os_family", &ctx.grains)
}
