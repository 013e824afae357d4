//! `salt.modules.sysmod` (virtual name `sys`).

use crate::salt_utils::fnmatchcase;
use crate::{Args, ExecContext, ExecError, Registry};
use halite_value::Value;

/// `sys.list_functions(*args)`: all function names, or those of the named modules / globs.
pub fn list_functions(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let names = host_registry(ctx).names();
    let pats: Vec<String> = a.args.iter().map(Value::py_str).collect();
    let out: Vec<Value> = names
        .into_iter()
        .filter(|n| {
            pats.is_empty()
                || pats.iter().any(|p| {
                    if p.contains('*') {
                        fnmatchcase(n, p)
                    } else {
                        let p = p.trim_end_matches('.');
                        *n == p || n.starts_with(&format!("{p}."))
                    }
                })
        })
        .map(Value::str)
        .collect();
    Ok(Value::List(out.into()))
}

/// `sys.list_modules(*args)`: module names, sorted and unique.
pub fn list_modules(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let mut mods: Vec<String> = host_registry(ctx)
        .names()
        .iter()
        .filter_map(|n| n.split_once('.').map(|(m, _)| m.to_string()))
        .collect();
    mods.dedup();
    let pats: Vec<String> = a.args.iter().map(Value::py_str).collect();
    mods.retain(|m| pats.is_empty() || pats.iter().any(|p| fnmatchcase(m, p)));
    Ok(Value::List(mods.into_iter().map(Value::from).collect()))
}

/// The functions this minion's loader has: the standard ones and the host's providers.
fn host_registry(ctx: &ExecContext) -> Registry {
    match ctx.opts.as_map() {
        Some(opts) => Registry::for_minion(opts, &ctx.grains),
        None => Registry::standard(),
    }
}
