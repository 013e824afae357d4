//! `salt.modules.debconfmod` (virtual name `debconf`): `debconf-get-selections` (debconf-utils)
//! and `debconf-set-selections`.

use super::cmd;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{List, Map, Value};

/// `__virtual__`: a Debian os_family with `debconf-get-selections` installed.
pub(crate) fn available(grains: &Value) -> bool {
    grains
        .as_map()
        .and_then(|g| g.get("os_family"))
        .is_some_and(|f| f.py_str() == "Debian")
        && cmd::which_path("debconf-get-selections").is_some()
}

/// `_unpack_lines`: `package question type value` lines (a package not starting with `#`).
fn unpack(out: &str) -> Vec<[String; 4]> {
    let mut ret = Vec::new();
    for line in out.split('\n') {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let mut rest = line;
        let mut words = Vec::new();
        for _ in 0..3 {
            let end = rest.find([' ', '\t']).unwrap_or(rest.len());
            if end == 0 {
                break;
            }
            words.push(rest[..end].to_string());
            rest = &rest[end..];
            let trimmed = rest.trim_start_matches([' ', '\t']);
            if trimmed.len() == rest.len() {
                break;
            }
            rest = trimmed;
        }
        // the first word needs two characters (`[^#]\S+`)
        if words.len() == 3 && words[0].chars().count() >= 2 {
            let [p, q, t] = [words[0].clone(), words[1].clone(), words[2].clone()];
            ret.push([p, q, t, rest.to_string()]);
        }
    }
    ret
}

fn selections(ctx: &ExecContext, fetchempty: bool) -> Result<Map, ExecError> {
    let out = cmd::run_stdout(
        ctx,
        &Args::new(vec![Value::str("debconf-get-selections")], Map::new()),
    )?
    .py_str();
    let mut ret = Map::new();
    for [package, question, type_, value] in unpack(&out) {
        if fetchempty || !value.is_empty() {
            let entry = ret.entry_or(&package, Value::List(List::new()));
            if let Value::List(l) = entry {
                l.push(Value::List(
                    [question, type_, value]
                        .into_iter()
                        .map(Value::from)
                        .collect(),
                ));
            }
        }
    }
    Ok(ret)
}

/// `debconf.get_selections(fetchempty=True)`: `{package: [[question, type, value], ...]}`.
pub fn get_selections(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("debconf.get_selections", a, &["fetchempty"], 0)?;
    let fetchempty = b.get(0).is_none_or(Value::truthy);
    selections(ctx, fetchempty).map(Value::Map)
}

/// `debconf.show(name)`: the package's selections, or None.
pub fn show(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind("debconf.show", a, &["name"], 1)?.str_or(0, "");
    Ok(selections(ctx, true)?
        .get(&name)
        .cloned()
        .unwrap_or(Value::Null))
}

/// `_set_file(path)`: `debconf-set-selections PATH`.
fn set_selections_file(ctx: &ExecContext, path: &str) -> Result<(), ExecError> {
    let mut kw = Map::new();
    kw.insert("python_shell", Value::Bool(false));
    cmd::run_stdout(
        ctx,
        &Args::new(
            vec![Value::str(format!("debconf-set-selections {path}"))],
            kw,
        ),
    )?;
    Ok(())
}

/// `debconf.set_file(path, saltenv='base')`: the answers of a file (salt:// or local, as
/// `cp.cache_file` fetches it) through `debconf-set-selections`; False when it cannot be
/// fetched.
pub fn set_file(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("debconf.set_file", a, &["path", "saltenv"], 1)?;
    let saltenv = b.str_or(1, "base");
    let cached = cmd::cache_script(ctx, &b.str_or(0, ""), &saltenv)
        .map_err(|e| ExecError::Failed(e.to_string()))?;
    match cached {
        Some(path) => {
            set_selections_file(ctx, &path)?;
            Ok(Value::Bool(true))
        }
        None => Ok(Value::Bool(false)),
    }
}

/// `debconf.set_template(path, template, context, defaults, saltenv='base')`: the file
/// rendered as `cp.get_template` renders it (`defaults`, then `context` over them, and
/// `saltenv`), then `set_file` on the result.
pub fn set_template(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "debconf.set_template",
        a,
        &["path", "template", "context", "defaults", "saltenv"],
        4,
    )?;
    let saltenv = b.str_or(4, "base");
    let engine = b.str_or(1, "jinja");
    let Some(cached) = cmd::cache_script(ctx, &b.str_or(0, ""), &saltenv)
        .map_err(|e| ExecError::Failed(e.to_string()))?
    else {
        return Ok(Value::Bool(false));
    };
    let text = std::fs::read_to_string(&cached).map_err(|e| ExecError::Failed(e.to_string()))?;
    let mut vars = Map::new();
    for i in [3, 2] {
        if let Some(Value::Map(m)) = b.get(i) {
            for (k, v) in m.iter() {
                vars.insert(k.clone(), v.clone());
            }
        }
    }
    vars.insert("saltenv", Value::str(saltenv.as_str()));
    let renderer = ctx
        .renderer
        .as_ref()
        .ok_or_else(|| ExecError::Failed("no template renderer is available here".into()))?;
    let rendered = renderer.render_template(ctx, &engine, &text, &vars)?;
    let path = crate::files::mkstemp(None, "").map_err(|e| ExecError::Failed(e.to_string()))?;
    let done = std::fs::write(&path, rendered)
        .map_err(|e| ExecError::Failed(e.to_string()))
        .and_then(|()| set_selections_file(ctx, &path));
    let _ = std::fs::remove_file(&path);
    done.map(|()| Value::Bool(true))
}

/// `debconf.set(package, question, type, value, *extra)`: one line through a temp file and
/// `debconf-set-selections`.
pub fn set(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let head = Args::new(a.args.iter().take(4).cloned().collect(), a.kwargs.clone());
    let b = bind(
        "debconf.set_",
        &head,
        &["package", "question", "type", "value"],
        4,
    )?;
    let mut value = b.str_or(3, "");
    for extra in a.args.iter().skip(4) {
        value.push(' ');
        value.push_str(&extra.py_str());
    }
    let line = format!(
        "{} {} {} {value}",
        b.str_or(0, ""),
        b.str_or(1, ""),
        b.str_or(2, "")
    );
    let dir = std::env::temp_dir();
    let path = dir.join(format!("salt-{}-{}", std::process::id(), nanos()));
    std::fs::write(&path, line).map_err(|e| ExecError::Failed(e.to_string()))?;
    let mut kw = Map::new();
    kw.insert("python_shell", Value::Bool(false));
    let run = cmd::run_stdout(
        ctx,
        &Args::new(
            vec![Value::str(format!(
                "debconf-set-selections {}",
                path.display()
            ))],
            kw,
        ),
    );
    let _ = std::fs::remove_file(&path);
    run?;
    Ok(Value::Bool(true))
}

fn nanos() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::unpack;

    #[test]
    fn selection_lines_split_like_salts_regex() {
        let out =
            "# comment\ntzdata\ttzdata/Areas\tselect\tEurope\npkg q string two words\nx q t v\n";
        let lines = unpack(out);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0][0], "tzdata");
        assert_eq!(lines[0][3], "Europe");
        assert_eq!(lines[1][3], "two words");
    }
}
