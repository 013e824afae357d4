//! `salt.modules.slsutil` (merging and serializing helpers for templates).

use crate::salt_utils::{bind, clean_kwargs, dict_merge, update_values};
use crate::{Args, ExecContext, ExecError};
use halite_value::{JsonStyle, Map, Value};

/// `slsutil.update(dest, upd, recursive_update=True, merge_lists=False)`.
pub fn update(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "slsutil.update",
        a,
        &["dest", "upd", "recursive_update", "merge_lists"],
        2,
    )?;
    let recursive = b.get(2).is_none_or(Value::truthy);
    update_values(
        &b.get(0).cloned().unwrap_or_default(),
        &b.get(1).cloned().unwrap_or_default(),
        recursive,
        b.truthy(3),
    )
}

/// `slsutil.merge(obj_a, obj_b, strategy='smart', renderer='yaml', merge_lists=False)`.
pub fn merge(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "slsutil.merge",
        a,
        &["obj_a", "obj_b", "strategy", "renderer", "merge_lists"],
        2,
    )?;
    dict_merge(
        &b.get(0).cloned().unwrap_or_default(),
        &b.get(1).cloned().unwrap_or_default(),
        &b.str_or(2, "smart"),
        &b.str_or(3, "yaml"),
        b.truthy(4),
    )
}

/// `slsutil.merge_all(lst, strategy='smart', renderer='yaml', merge_lists=False)`.
pub fn merge_all(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "slsutil.merge_all",
        a,
        &["lst", "strategy", "renderer", "merge_lists"],
        1,
    )?;
    let (strategy, renderer, merge_lists) =
        (b.str_or(1, "smart"), b.str_or(2, "yaml"), b.truthy(3));
    let mut ret = Value::Map(Map::new());
    let items: Vec<Value> = match b.get(0) {
        Some(Value::List(l)) => l.clone(),
        Some(Value::Map(m)) => m.keys().cloned().collect(),
        _ => vec![],
    };
    for obj in items {
        ret = dict_merge(&ret, &obj, &strategy, &renderer, merge_lists)?;
    }
    Ok(ret)
}

/// `slsutil.boolstr(value, true='true', false='false')`.
pub fn boolstr(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("slsutil.boolstr", a, &["value", "true", "false"], 1)?;
    Ok(if b.truthy(0) {
        b.get(1).cloned().unwrap_or(Value::str("true"))
    } else {
        b.get(2).cloned().unwrap_or(Value::str("false"))
    })
}

/// `slsutil.serialize(serializer, obj, **kwargs)` for the `json` and `yaml` serializers.
pub fn serialize(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let kwargs = clean_kwargs(&a.kwargs);
    let serializer = a
        .args
        .first()
        .or_else(|| kwargs.get("serializer"))
        .map(Value::py_str)
        .ok_or_else(|| {
            ExecError::Failed(
                "serialize() missing 1 required positional argument: 'serializer'".into(),
            )
        })?;
    let obj = a
        .args
        .get(1)
        .or_else(|| kwargs.get("obj"))
        .cloned()
        .ok_or_else(|| {
            ExecError::Failed("serialize() missing 1 required positional argument: 'obj'".into())
        })?;
    match serializer.as_str() {
        // salt.serializers.json.serialize -> salt.utils.json.dumps(obj): ", " / ": "
        // separators and, unlike plain json.dumps, non-ASCII text kept as is.
        "json" => Ok(Value::Str(py_json(&obj, &kwargs))),
        // salt.serializers.yaml.serialize: yaml.dump(obj, default_flow_style=None) with the
        // trailing "\n" (or "\n...\n") removed.
        "yaml" => Ok(Value::Str(match kwargs.get("default_flow_style") {
            Some(Value::Bool(false)) => crate::yamldump::dump_block(&obj),
            _ => crate::yamldump::dump(&obj),
        })),
        other => Err(ExecError::Failed(format!(
            "Serializer '{other}' not found."
        ))),
    }
}

fn list_contains(ctx: &ExecContext, fun: &str, path: &Value, saltenv: &str) -> bool {
    let p = path.py_str();
    let list = if fun == "files" {
        ctx.file_roots.list_files(saltenv)
    } else {
        super::cp::list_dirs(ctx, saltenv, "")
    };
    list.contains(&p)
}

/// `slsutil.file_exists(path, saltenv='base')`: `path in cp.list_master(saltenv)`.
pub fn file_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("slsutil.file_exists", a, &["path", "saltenv"], 1)?;
    Ok(Value::Bool(list_contains(
        ctx,
        "files",
        b.get(0).unwrap_or(&Value::Null),
        &b.str_or(1, "base"),
    )))
}

/// `slsutil.dir_exists(path, saltenv='base')`: `path in cp.list_master_dirs(saltenv)`.
pub fn dir_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("slsutil.dir_exists", a, &["path", "saltenv"], 1)?;
    Ok(Value::Bool(list_contains(
        ctx,
        "dirs",
        b.get(0).unwrap_or(&Value::Null),
        &b.str_or(1, "base"),
    )))
}

/// `slsutil.path_exists(path, saltenv='base')`.
pub fn path_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("slsutil.path_exists", a, &["path", "saltenv"], 1)?;
    let (p, env) = (b.get(0).cloned().unwrap_or_default(), b.str_or(1, "base"));
    Ok(Value::Bool(
        list_contains(ctx, "files", &p, &env) || list_contains(ctx, "dirs", &p, &env),
    ))
}

/// `salt.utils.json.dumps(obj, **kwargs)`: `indent=` and `sort_keys=` are honoured.
fn py_json(obj: &Value, kwargs: &Map) -> String {
    let sorted;
    let obj = if kwargs.get("sort_keys").is_some_and(Value::truthy) {
        sorted = sort_keys(obj);
        &sorted
    } else {
        obj
    };
    match kwargs.get("indent").and_then(Value::as_i64) {
        Some(n) if n >= 0 => obj.to_json_styled(JsonStyle::Pretty(n as usize)),
        _ => obj.to_json_styled(JsonStyle::Compact),
    }
}

fn sort_keys(v: &Value) -> Value {
    match v {
        Value::Map(m) => {
            let mut items: Vec<(Value, Value)> =
                m.iter().map(|(k, v)| (k.clone(), sort_keys(v))).collect();
            items.sort_by_key(|a| a.0.py_str());
            Value::Map(items.into_iter().collect())
        }
        Value::List(l) => Value::List(l.iter().map(sort_keys).collect()),
        other => other.clone(),
    }
}
