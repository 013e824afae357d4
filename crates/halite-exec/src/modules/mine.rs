//! `salt.modules.mine`. Masterless, the mine reads the minion's own `mine_cache`, which halite
//! never fills: `mine.get` returns `{}` as `salt-call --local` does on a fresh minion.
//!
//! In a fleet run's controller-side compile (`halite ssh`), the opts carry
//! `__halite_mine_cachedir__`: the controller's cache, where each host's `mine_functions`
//! returns sit beside its grains (`minions/ID/mine.json`, `minions/ID/grains.json`, each
//! `{"data": ...}`). `mine.get` answers from there, matching the target over the cached ids
//! (glob, list, pcre) or grains (grain, as `key:glob`), as salt-ssh's master answers it
//! from its own mine cache.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::path::Path;

/// The option naming the controller's cache folder (set by `halite ssh` only).
pub const MINE_CACHEDIR_OPT: &str = "__halite_mine_cachedir__";

/// `mine.get(tgt, fun, tgt_type='glob', exclude_minion=False)`.
pub fn get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "mine.get",
        a,
        &["tgt", "fun", "tgt_type", "exclude_minion"],
        2,
    )?;
    let Some(dir) = ctx.opts.get(MINE_CACHEDIR_OPT).map(Value::py_str) else {
        return Ok(Value::Map(Map::new()));
    };
    let tgt = b.str_or(0, "*");
    let fun = b.str_or(1, "");
    let tgt_type = b.str_or(2, "glob");
    let me = ctx.opts.get("id").map(Value::py_str);
    let exclude = b.truthy(3);
    let minions = Path::new(&dir).join("minions");
    let mut ids: Vec<String> = std::fs::read_dir(&minions)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    ids.sort();
    let read = |id: &str, kind: &str| -> Option<Value> {
        let text = std::fs::read_to_string(minions.join(id).join(format!("{kind}.json"))).ok()?;
        Value::from_json_str(&text).ok()?.get("data").cloned()
    };
    let re = match tgt_type.as_str() {
        "pcre" => Some(
            regex::Regex::new(&format!("^(?:{tgt})"))
                .map_err(|e| ExecError::Failed(format!("Invalid target '{tgt}': {e}")))?,
        ),
        _ => None,
    };
    let list: Vec<String> = match b.get(0) {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        _ => tgt.split(',').map(|s| s.trim().to_string()).collect(),
    };
    let mut out = Map::new();
    for id in ids {
        if exclude && me.as_deref() == Some(id.as_str()) {
            continue;
        }
        let matched = match tgt_type.as_str() {
            "glob" => halite_value::fnmatch(&id, &tgt),
            "list" => list.contains(&id),
            "pcre" => re.as_ref().is_some_and(|r| r.is_match(&id)),
            "grain" => read(&id, "grains").is_some_and(|g| grain_match(&g, &tgt)),
            _ => false,
        };
        if !matched {
            continue;
        }
        if let Some(v) = read(&id, "mine").and_then(|m| m.get(&fun).cloned()) {
            out.insert(id.as_str(), v);
        }
    }
    Ok(Value::Map(out))
}

fn grain_match(grains: &Value, expr: &str) -> bool {
    let Some((path, pattern)) = expr.rsplit_once(':') else {
        return false;
    };
    let mut cur = grains;
    for part in path.split(':') {
        match cur.get(part) {
            Some(v) => cur = v,
            None => return false,
        }
    }
    match cur {
        Value::List(l) => l
            .iter()
            .any(|v| halite_value::fnmatch(&v.py_str(), pattern)),
        other => halite_value::fnmatch(&other.py_str(), pattern),
    }
}
