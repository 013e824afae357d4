//! `salt.modules.match` (virtual name `match`): the minion-side target matchers.

use crate::salt_utils::{bind, fnmatchcase, subdict_match, DEFAULT_DELIM};
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

fn minion_id(ctx: &ExecContext, given: Option<&Value>) -> String {
    match given.filter(|v| v.truthy()) {
        Some(v) => v.py_str(),
        None => ctx
            .opts
            .get("minion_id")
            .or_else(|| ctx.opts.get("id"))
            .map(Value::py_str)
            .unwrap_or_default(),
    }
}

/// `match.glob(tgt, minion_id=None)`: fnmatch of the id.
pub fn glob(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("match.glob", a, &["tgt", "minion_id"], 1)?;
    let Some(Value::Str(tgt)) = b.get(0) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(fnmatchcase(&minion_id(ctx, b.get(1)), tgt)))
}

/// `match.pcre(tgt, minion_id=None)`: `re.match(tgt, id)`.
pub fn pcre(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("match.pcre", a, &["tgt", "minion_id"], 1)?;
    let id = minion_id(ctx, b.get(1));
    let re = regex::Regex::new(&format!("^(?:{})", b.str_or(0, "")));
    Ok(Value::Bool(re.is_ok_and(|r| r.is_match(&id))))
}

/// `match.list(tgt, minion_id=None)`: the id is in the comma-separated list.
pub fn list_(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("match.list", a, &["tgt", "minion_id"], 1)?;
    let id = minion_id(ctx, b.get(1));
    Ok(Value::Bool(match b.get(0) {
        Some(Value::Str(tgt)) => {
            tgt.contains(&format!(",{id},"))
                || tgt.starts_with(&format!("{id},"))
                || tgt.ends_with(&format!(",{id}"))
                || *tgt == id
        }
        Some(Value::List(l)) => l.iter().any(|v| v.py_str() == id),
        _ => false,
    }))
}

fn data_match(fun: &str, data: &Value, a: &Args, regex: bool) -> Result<Value, ExecError> {
    let b = bind(fun, a, &["tgt", "delimiter"], 1)?;
    let tgt = b.str_or(0, "");
    let delim = b.str_or(1, DEFAULT_DELIM);
    if !tgt.contains(&delim) {
        tracing::error!(
            "Got insufficient arguments for {} match statement from master",
            fun
        );
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(subdict_match(data, &tgt, &delim, regex, false)))
}

/// `match.grain(tgt, delimiter=':')`.
pub fn grain(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    data_match("match.grain", &ctx.grains, a, false)
}

/// `match.grain_pcre(tgt, delimiter=':')`.
pub fn grain_pcre(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    data_match("match.grain_pcre", &ctx.grains, a, true)
}

/// `match.pillar(tgt, delimiter=':')`.
pub fn pillar(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    data_match("match.pillar", &ctx.pillar, a, false)
}

/// `match.pillar_pcre(tgt, delimiter=':')`.
pub fn pillar_pcre(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    data_match("match.pillar_pcre", &ctx.pillar, a, true)
}
