//! `salt.modules.defaults`. Salt merges in place into the caller's dict; halite returns the
//! merged value (templates use the return value).

use crate::salt_utils::{bind, update_values};
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `defaults.merge(dest, src, merge_lists=False, in_place=True, convert_none=True)`.
pub fn merge(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "defaults.merge",
        a,
        &["dest", "src", "merge_lists", "in_place", "convert_none"],
        2,
    )?;
    let merge_lists = b.truthy(2);
    let in_place = b.get(3).is_none_or(Value::truthy);
    let convert_none = b.get(4).is_none_or(Value::truthy);
    merge_impl(
        b.get(0).cloned().unwrap_or_default(),
        b.get(1).cloned().unwrap_or_default(),
        merge_lists,
        in_place,
        convert_none,
    )
}

fn merge_impl(
    dest: Value,
    src: Value,
    merge_lists: bool,
    in_place: bool,
    convert_none: bool,
) -> Result<Value, ExecError> {
    let src = if src.is_null() && convert_none {
        Value::Map(Map::new())
    } else {
        src
    };
    let dest = if dest.is_null() && convert_none {
        if in_place {
            return Err(ExecError::Failed(
                "Can't perform in-place merge into NoneType".into(),
            ));
        }
        Value::Map(Map::new())
    } else {
        dest
    };
    update_values(&dest, &src, true, merge_lists)
}

/// `defaults.deepcopy(source)`.
pub fn deepcopy(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("defaults.deepcopy", a, &["source"], 1)?;
    Ok(b.get(0).cloned().unwrap_or_default())
}

/// `defaults.update(dest, defaults, merge_lists=True, in_place=True, convert_none=True)`: every
/// node of `dest` becomes `merge(deepcopy(defaults), node)`.
pub fn update(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "defaults.update",
        a,
        &[
            "dest",
            "defaults",
            "merge_lists",
            "in_place",
            "convert_none",
        ],
        2,
    )?;
    let merge_lists = b.get(2).is_none_or(Value::truthy);
    let in_place = b.get(3).is_none_or(Value::truthy);
    let convert_none = b.get(4).is_none_or(Value::truthy);
    let mut dest = b.get(0).cloned().unwrap_or_default();
    if dest.is_null() {
        if in_place {
            return Err(ExecError::Failed(
                "Can't perform in-place update into NoneType".into(),
            ));
        }
        if convert_none {
            dest = Value::Map(Map::new());
        }
    }
    let defaults = match b.get(1).cloned().unwrap_or_default() {
        Value::Null if convert_none => Value::Map(Map::new()),
        other => other,
    };
    let Value::Map(mut nodes) = dest else {
        return Err(ExecError::Failed(format!(
            "'{}' object has no attribute 'items'",
            dest.type_name()
        )));
    };
    for (_, node) in nodes.iter_mut() {
        let merged = merge_impl(
            defaults.clone(),
            node.clone(),
            merge_lists,
            true,
            convert_none,
        )?;
        *node = merged;
    }
    Ok(Value::Map(nodes))
}

/// `defaults._load(formula)`: the first of `salt://FORMULA/defaults.yaml` and
/// `salt://FORMULA/defaults.json` that exists (in `base`, as `cache_files` fetches them),
/// loaded (`{}` when empty); `None` when neither exists.
fn load_defaults(ctx: &ExecContext, formula: &str) -> Result<Option<Value>, ExecError> {
    for ext in ["yaml", "json"] {
        let url = format!("salt://{formula}/defaults.{ext}");
        let Some(path) = ctx.file_roots.find("base", &url) else {
            continue;
        };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| ExecError::Failed(format!("{}: {e}", path.display())))?;
        let loaded = if ext == "yaml" {
            halite_yaml::load(&text, halite_yaml::Schema::Salt)
                .map_err(|e| ExecError::Failed(e.to_string()))?
        } else {
            Value::from_json_str(&text).map_err(|e| ExecError::Failed(e.to_string()))?
        };
        return Ok(Some(if loaded.truthy() {
            loaded
        } else {
            Value::Map(Map::new())
        }));
    }
    Ok(None)
}

/// `defaults.get(key, default='')`: the key's first part names the formula whose defaults
/// file is read; the rest is looked up in it (`traverse_dict_and_list`).
pub fn get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("defaults.get", a, &["key", "default"], 1)?;
    let key = b.get(0).map(Value::py_str).unwrap_or_default();
    let default = b.get(1).cloned().unwrap_or_else(|| Value::str(""));
    let (namespace, rest) = match key.split_once(':') {
        Some((n, r)) => (n.to_string(), Some(r.to_string())),
        None => (key.clone(), None),
    };
    let defaults = load_defaults(ctx, &namespace)?;
    match rest.filter(|r| !r.is_empty()) {
        Some(r) => Ok(defaults
            .as_ref()
            .and_then(|d| crate::salt_utils::traverse(d, &r, ":"))
            .cloned()
            .unwrap_or(default)),
        None => Ok(defaults.unwrap_or(Value::Null)),
    }
}
