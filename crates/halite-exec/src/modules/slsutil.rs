//! `salt.modules.slsutil` (merging and serializing helpers for templates).

use crate::fileserver::split_salt_url;
use crate::salt_utils::{bind, bind_with, clean_kwargs, dict_merge, update_values};
use crate::{Args, ExecContext, ExecError, RenderJob, TemplateInput};
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
        Some(Value::List(l)) => l.to_vec(),
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
        "json" => Ok(Value::Str(py_json(&obj, &kwargs).into())),
        // salt.serializers.yaml.serialize: yaml.dump(obj, default_flow_style=None) with the
        // trailing "\n" (or "\n...\n") removed.
        "yaml" => Ok(Value::Str(match kwargs.get("default_flow_style") {
            Some(Value::Bool(false)) => crate::yamldump::dump_block(&obj).into(),
            _ => crate::yamldump::dump(&obj).into(),
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

/// `slsutil.renderer(path=None, string=None, default_renderer='jinja|yaml', **kwargs)`:
/// `cp.get_url(path)` or the string, through `salt.template.compile_template` with the
/// remaining keyword arguments (`saltenv`, `sls`, `context`, or template variables).
pub fn renderer(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "slsutil.renderer",
        a,
        &["path", "string", "default_renderer"],
        0,
        true,
    )?;
    let path = b.get(0).filter(|v| v.truthy());
    let string = b.get(1).filter(|v| v.truthy());
    // Salt 3008 reworded both messages ("Must pass path or string.").
    let salt3008 = halite_value::SaltCompat::of_value(&ctx.opts).is_3008();
    let input_value = match (path, string) {
        (None, None) => {
            return Err(ExecError::Failed(
                if salt3008 {
                    "Must pass path or string."
                } else {
                    "Must pass either path or string"
                }
                .into(),
            ))
        }
        (Some(_), Some(_)) => {
            return Err(ExecError::Failed(
                if salt3008 {
                    "Must not pass both path and string."
                } else {
                    "Must not pass both path and string"
                }
                .into(),
            ))
        }
        (Some(p), None) => Ok(p),
        (None, Some(s)) => Err(s),
    };
    let default_pipe = b.str_or(2, "jinja|yaml");
    let mut kwargs = clean_kwargs(&a.kwargs);
    for name in ["path", "string", "default_renderer", "env", "input_data"] {
        kwargs.remove(name);
    }
    // `compile_template(..., saltenv='base', sls='', input_data='', context=None, **kwargs)`.
    let saltenv = kwargs
        .remove("saltenv")
        .filter(|v| !v.is_null())
        .map(|v| v.py_str())
        .unwrap_or_else(|| "base".into());
    let sls = kwargs.remove("sls").map(|v| v.py_str()).unwrap_or_default();
    let context = kwargs.remove("context");
    if let Some(Value::Map(extra)) = context {
        for (k, v) in extra.iter() {
            kwargs.insert(k.clone(), v.clone());
        }
    }
    let input = match input_value {
        Ok(path) => match get_url(ctx, &path.py_str(), &saltenv)? {
            Some(input) => input,
            // cp.get_url returned nothing: compile_template logs and renders `{}`.
            None => return Ok(Value::Map(Map::new())),
        },
        Err(text) => TemplateInput::String(text.py_str()),
    };
    let renderer = ctx.renderer.as_ref().ok_or_else(|| {
        ExecError::Failed("slsutil.renderer: no renderer system is available here".into())
    })?;
    renderer.compile_template(
        ctx,
        &RenderJob {
            input,
            default_pipe,
            saltenv,
            sls,
            vars: kwargs,
        },
    )
}

/// `cp.get_url(path, saltenv=saltenv)` (dest `''`) as `slsutil.renderer` uses it: a local
/// path (or `file://` URL) is returned as is and must be absolute; a `salt://` file is
/// "cached" (halite reads it from the file roots and names it after the cache path).
fn get_url(
    ctx: &ExecContext,
    url: &str,
    saltenv: &str,
) -> Result<Option<TemplateInput>, ExecError> {
    let (scheme, rest) = match url.split_once("://") {
        Some((s, r))
            if !s.is_empty()
                && s.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            (s.to_ascii_lowercase(), r)
        }
        _ => (String::new(), url),
    };
    match scheme.as_str() {
        "" | "file" => {
            // os.path.join(netloc, path).rstrip('/'): an absolute path part drops the netloc.
            let joined = if scheme.is_empty() {
                rest.to_string()
            } else {
                match rest.find('/') {
                    Some(0) => rest.to_string(),
                    Some(i) => rest[i..].to_string(),
                    None => rest.to_string(),
                }
            };
            let trimmed = joined.trim_end_matches('/');
            let url_path = if trimmed.is_empty() && joined.starts_with('/') {
                ""
            } else {
                trimmed
            };
            if !url_path.starts_with('/') {
                return Err(ExecError::Failed(format!(
                    "Path '{url_path}' is not absolute"
                )));
            }
            Ok(Some(TemplateInput::File {
                path: url_path.into(),
                tmplpath: url_path.to_string(),
            }))
        }
        "salt" => {
            let (rel, env) = split_salt_url(url, saltenv);
            let rel = rel.trim_start_matches('/');
            match ctx.file_roots.find(saltenv, url) {
                Some(found) => {
                    let cachedir = ctx
                        .opts
                        .get("cachedir")
                        .map(Value::py_str)
                        .unwrap_or_default();
                    Ok(Some(TemplateInput::File {
                        path: found,
                        tmplpath: format!("{}/files/{env}/{rel}", cachedir.trim_end_matches('/')),
                    }))
                }
                None => {
                    tracing::error!("Unable to fetch file {url} from saltenv {saltenv}.");
                    tracing::error!("Template was specified incorrectly: False");
                    Ok(None)
                }
            }
        }
        // the file client's get_url: fetched into extrn_files (its MinionError raised)
        s if crate::http::FETCHED.contains(&s) => {
            let path = crate::http::cache_url(
                &ctx.opts,
                url,
                saltenv,
                &crate::http::Fetch {
                    verify_ssl: Some(true),
                    ..Default::default()
                },
            )
            // salt-call: the uncaught MinionError prints nothing on stdout, exit 1
            .map_err(ExecError::Command)?;
            Ok(Some(TemplateInput::File {
                tmplpath: path.to_string_lossy().into_owned(),
                path,
            }))
        }
        other => Err(ExecError::Failed(format!(
            "halite does not fetch {other}:// URLs (slsutil.renderer path '{url}'); \
             only local paths, salt://, http(s):// and ftp:// are supported"
        ))),
    }
}
