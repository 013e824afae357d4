//! Salt's `module` state module (salt/states/module.py): `module.run`, `module.wait` (and its
//! alias `module.watch`) and `module.mod_watch`, which is `run`.
//!
//! `run` picks its syntax from its keyword names, as Salt 3007.8 and 3008.4 both do (the
//! `use_superseded: [module.run]` minion option only appears in Salt's docs): when every
//! keyword but `name` (and a watch call's `sfun`/`__reqs__`) names a function
//! (`mod.fun`, optionally `mod.fun:tag`), each is called with its list of arguments
//! (`_run`); otherwise `name` is the one function and the other keywords its arguments
//! (`_legacy_run`, with `m_name`/`m_fun`/... for the function's own `name`/`fun`/...).
//! Both bind arguments with the function's Python signature, which halite reads from
//! [`module_argspecs`](crate::module_argspecs) (generated from Salt); a function missing
//! there binds as `(*args, **kwargs)`.

use crate::module_argspecs::ARGSPECS;
use crate::util::extra_kwargs;
use crate::{StateCall, StateError, StateRegistry};
use halite_exec::{Args, ExecError};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("module.run", run, &[]);
    r.register("module.mod_watch", run, &[]);
    r.register("module.wait", wait, &["name"]);
    r.register("module.watch", wait, &["name"]);
}

/// `module.wait`: nothing by itself; a watch runs it through `mod_watch` (= `run`).
pub fn wait(call: &StateCall) -> Result<Map, StateError> {
    let mut m = Map::new();
    m.insert("name", call.name());
    m.insert("changes", Value::Map(Map::new()));
    m.insert("result", Value::Bool(true));
    m.insert("comment", Value::str(""));
    Ok(m)
}

/// A function's Python signature, as `salt.utils.args.get_function_argspec` gives it.
struct Spec {
    /// The Python function's `__name__` (in CPython's `TypeError` texts).
    pyname: String,
    args: Vec<&'static str>,
    /// Default values of the last `defaults.len()` names of `args`.
    defaults: Vec<Value>,
    varargs: Option<&'static str>,
    keywords: Option<&'static str>,
}

impl Spec {
    fn of(fun: &str) -> Spec {
        match ARGSPECS.binary_search_by(|s| s.0.cmp(fun)) {
            Ok(i) => {
                let (_, pyname, args, defaults, varargs, keywords) = ARGSPECS[i];
                Spec {
                    pyname: pyname.to_string(),
                    args: args.to_vec(),
                    defaults: defaults
                        .iter()
                        .map(|d| Value::from_json_str(d).unwrap_or(Value::Null))
                        .collect(),
                    varargs,
                    keywords,
                }
            }
            Err(_) => Spec {
                pyname: fun.rsplit('.').next().unwrap_or(fun).to_string(),
                args: Vec::new(),
                defaults: Vec::new(),
                varargs: Some("args"),
                keywords: Some("kwargs"),
            },
        }
    }

    /// The names without defaults (Salt's `expected_args`).
    fn required(&self) -> &[&'static str] {
        &self.args[..self.args.len().saturating_sub(self.defaults.len())]
    }
}

/// `module.run` (and `module.mod_watch`).
pub fn run(call: &StateCall) -> Result<Map, StateError> {
    let kwargs = extra_kwargs(call.low, &[]);
    let keys: Vec<String> = kwargs
        .keys()
        .map(Value::py_str)
        .filter(|k| !matches!(k.as_str(), "name" | "__reqs__" | "sfun"))
        .collect();
    let legacy = keys.iter().any(|k| !k.contains('.')) || (keys.is_empty() && !kwargs.is_empty());
    if legacy {
        legacy_run(call, kwargs)
    } else {
        new_run(call, kwargs)
    }
}

/// Salt's `_run`: every `mod.fun` keyword is called with its argument list.
fn new_run(call: &StateCall, mut kwargs: Map) -> Result<Map, StateError> {
    kwargs.remove("name");
    let mut ret = Map::new();
    ret.insert(
        "name",
        Value::List(kwargs.keys().cloned().collect::<Vec<_>>().into()),
    );
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    ret.insert("result", Value::Null);
    let functions: Vec<String> = kwargs
        .keys()
        .map(Value::py_str)
        .filter(|k| k.contains('.'))
        .collect();
    let base = |f: &str| f.split(':').next().unwrap_or(f).to_string();
    let mut missing = Vec::new();
    let mut tests = Vec::new();
    for func in &functions {
        let f = base(func);
        if !call.exec.contains(&f) {
            missing.push(f);
        } else if call.test {
            tests.push(f);
        }
    }
    if functions.is_empty() {
        ret.insert("comment", Value::str("No function provided."));
        ret.insert("result", Value::Bool(false));
        return Ok(ret);
    }
    if !tests.is_empty() || !missing.is_empty() {
        // `plr=(len(x) > 1 or "")`: Salt prints "True" for a plural.
        let plr = |v: &Vec<String>| if v.len() > 1 { "True" } else { "" };
        let missing_part = if missing.is_empty() {
            String::new()
        } else {
            format!(
                "Unavailable function{}: {}.",
                plr(&missing),
                missing.join(", ")
            )
        };
        let tests_part = if tests.is_empty() {
            String::new()
        } else {
            format!(
                "Function{} {} to be executed.",
                plr(&tests),
                tests.join(", ")
            )
        };
        let comment = format!("{missing_part} {tests_part}");
        ret.insert("comment", Value::str(comment.trim()));
        if !missing.is_empty() {
            ret.insert("result", Value::Bool(false));
        }
        return Ok(ret);
    }
    let mut failures = Vec::new();
    let mut success = Vec::new();
    let mut changes = Map::new();
    for func in &functions {
        let f = base(func);
        let func_args = kwargs.get(func).cloned().unwrap_or(Value::Null);
        match call_function(call, &f, &func_args) {
            Ok(func_ret) => {
                if !get_result(&func_ret) {
                    if let Value::Map(m) = &func_ret {
                        let comment = m
                            .get("comment")
                            .map(Value::py_str)
                            .unwrap_or_else(|| "(error message N/A)".into());
                        failures.push(format!("'{func}' failed: {comment}"));
                    }
                    if matches!(func_ret, Value::Bool(false)) {
                        failures.push(format!("'{func}': False"));
                    }
                } else {
                    let shown = match &func_ret {
                        Value::Map(m) => m
                            .get("comment")
                            .map(Value::py_str)
                            .unwrap_or_else(|| "Success".into()),
                        other => other.py_str(),
                    };
                    success.push(format!("{func}: {shown}"));
                    changes.insert(func.as_str(), func_ret);
                }
            }
            Err(Raised::Caught(msg)) => failures.push(format!("'{func}' failed: {msg}")),
            Err(Raised::Uncaught(msg)) => return Err(uncaught(msg)),
        }
    }
    let failed = !failures.is_empty();
    failures.extend(success);
    ret.insert("changes", Value::Map(changes));
    ret.insert("comment", Value::str(failures.join(", ")));
    ret.insert("result", Value::Bool(!failed));
    Ok(ret)
}

/// How an execution function failed, as `_run` sees it: it catches `SaltInvocationError`
/// and `TypeError`; anything else escapes the state.
enum Raised {
    Caught(String),
    Uncaught(String),
}

/// The exception an uncaught failure raises: a message that already names a Python builtin
/// exception (`AttributeError: module 'hashlib' has no attribute 'x'`) is that exception,
/// anything else Salt's `CommandExecutionError`.
fn uncaught(msg: String) -> StateError {
    let builtin = msg.split_once(": ").is_some_and(|(head, _)| {
        head.ends_with("Error") && head.chars().all(|c| c.is_ascii_alphanumeric())
    });
    if builtin {
        StateError::Other(msg)
    } else {
        StateError::Command(msg)
    }
}

/// Whether a raised message is CPython's `TypeError` from binding arguments.
fn is_type_error(msg: &str) -> bool {
    let Some((head, rest)) = msg.split_once("() ") else {
        return false;
    };
    !head.is_empty()
        && head
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && (rest.starts_with("got ") || rest.starts_with("takes ") || rest.starts_with("missing "))
}

/// `salt.utils.functools.call_function(func, *func_args)`: list items that are dicts are
/// keywords (moved into position when they name a parameter without a default), the others
/// positional arguments.
fn call_function(call: &StateCall, fun: &str, func_args: &Value) -> Result<Value, Raised> {
    let items: Vec<Value> = match func_args {
        Value::Null => Vec::new(),
        Value::List(l) => l.iter().cloned().collect(),
        Value::Map(m) => m.keys().cloned().collect(),
        Value::Str(s) => s.chars().map(|c| Value::str(c.to_string())).collect(),
        other => {
            return Err(Raised::Caught(format!(
                "salt.utils.functools.call_function() argument after * must be an iterable, \
                 not {}",
                other.type_name()
            )))
        }
    };
    let spec = Spec::of(fun);
    let expected = spec.required();
    let mut positional = Vec::new();
    let mut explicit = Map::new();
    let mut kw_to_arg = Map::new();
    for item in items.iter().rev() {
        match item {
            Value::Map(set) => {
                for key in set.keys() {
                    let k = key.py_str();
                    if expected.contains(&k.as_str()) {
                        kw_to_arg
                            .insert(key.clone(), set.get_value(key).cloned().unwrap_or_default());
                    } else {
                        for (kk, vv) in set.iter() {
                            explicit.insert(kk.clone(), vv.clone());
                        }
                    }
                }
            }
            other => positional.push(other.clone()),
        }
    }
    positional.reverse();
    for arg in expected {
        if let Some(v) = kw_to_arg.get(arg) {
            positional.push(v.clone());
        }
    }
    let exp = expected.len();
    let mut passed = positional.len();
    let mut missing = Vec::new();
    if exp > passed {
        let with_default = &spec.args[exp..];
        for arg in spec.args.iter().skip(passed) {
            if explicit.contains_key(arg) || with_default.contains(arg) {
                passed += 1;
            } else {
                missing.push(*arg);
            }
        }
    }
    if !missing.is_empty() {
        return Err(Raised::Caught(format!(
            "Missing arguments: {}",
            missing.join(", ")
        )));
    } else if exp > passed {
        return Err(Raised::Caught(format!(
            "Function expects {exp} positional parameters, got only {passed}"
        )));
    }
    // Salt passes every default as a keyword too, so a positional argument in a slot that
    // has a default clashes with it (CPython checks keywords before the positional count).
    if positional.len() > exp {
        if let Some(arg) = spec.args.get(exp) {
            return Err(Raised::Caught(format!(
                "{}() got multiple values for argument '{arg}'",
                spec.pyname
            )));
        }
    }
    let masked = pillar_masked(call, fun, &explicit);
    halite_exec::take_invocation_error();
    match call
        .exec
        .call(call.ctx, fun, &Args::new(positional, explicit))
    {
        Ok(v) if masked => Ok(halite_exec::redact_pillar(&v)),
        Ok(v) => Ok(v),
        // `except (SaltInvocationError, TypeError)`.
        Err(ExecError::Failed(msg))
            if is_type_error(&msg) || halite_exec::take_invocation_error() =>
        {
            Err(Raised::Caught(msg))
        }
        Err(e) => Err(Raised::Uncaught(e.to_string())),
    }
}

/// Salt 3008's pillar masking reaches module.run: `salt.utils.secret.mask_pillar` is True
/// outside template rendering and pillar compilation, so a pillar function the state calls
/// (`pillar.get` without `unmask=True`, ...) returns its value redacted, as on the command
/// line.
fn pillar_masked(call: &StateCall, fun: &str, kwargs: &Map) -> bool {
    halite_exec::pillar_masked_on_output(fun, kwargs, &call.ctx.opts)
}

/// Salt's `_legacy_run(name, **kwargs)`: `name` is the function, the keywords its arguments.
fn legacy_run(call: &StateCall, mut kwargs: Map) -> Result<Map, StateError> {
    let name = kwargs.remove("name").unwrap_or(Value::Null);
    let fun = name.py_str();
    let mut ret = Map::new();
    ret.insert("name", name);
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    ret.insert("result", Value::Null);
    let fail = |mut ret: Map, comment: String| {
        ret.insert("comment", Value::str(comment));
        ret.insert("result", Value::Bool(false));
        Ok(ret)
    };
    if !call.exec.contains(&fun) {
        return fail(ret, format!("Module function {fun} is not available"));
    }
    if call.test {
        ret.insert(
            "comment",
            Value::str(format!("Module function {fun} is set to execute")),
        );
        return Ok(ret);
    }
    let spec = Spec::of(&fun);
    // The arguments renamed so they do not clash with the state's own.
    let renamed = |arg: &str| -> String {
        match arg {
            "name" | "fun" | "names" | "state" | "saltenv" => format!("m_{arg}"),
            other => other.to_string(),
        }
    };
    let ndef = spec.defaults.len();
    let first_default = spec.args.len() - ndef;
    // Defaults, replaced by the keywords given (`m_name` for `name`, ...); `given` marks them.
    let mut values: Vec<(Value, bool)> = Vec::new();
    for (i, arg) in spec.args.iter().enumerate() {
        if i < first_default {
            continue;
        }
        let mut v = (spec.defaults[i - first_default].clone(), false);
        if matches!(*arg, "name" | "fun" | "state" | "saltenv") {
            if let Some(x) = kwargs.remove(&renamed(arg)) {
                v = (x, true);
            }
        }
        if let Some(x) = kwargs.remove(arg) {
            v = (x, true);
        }
        values.push(v);
    }
    let mut args: Vec<(Value, bool)> = Vec::new();
    let mut missing = Vec::new();
    for (i, arg) in spec.args.iter().enumerate() {
        if i >= first_default {
            args.push(values[i - first_default].clone());
            continue;
        }
        match kwargs.remove(&renamed(arg)) {
            Some(v) => args.push((v, true)),
            None => missing.push(renamed(arg)),
        }
    }
    if !missing.is_empty() {
        // Salt joins a set: with several missing, its order varies run to run.
        let mut comment = String::from("The following arguments are missing:");
        for arg in &missing {
            comment.push(' ');
            comment.push_str(arg);
        }
        return fail(ret, comment);
    }
    let mut varargs = Vec::new();
    if let Some(var) = spec.varargs {
        if let Some(v) = kwargs.remove(&renamed(var)) {
            match v {
                Value::List(l) => varargs.extend(l.iter().cloned()),
                _ => return fail(ret, format!("'{var}' must be a list.")),
            }
        }
    }
    let mut nkwargs = Map::new();
    if let Some(kw) = spec.keywords {
        if let Some(v) = kwargs.remove(kw) {
            match v {
                Value::Map(m) => nkwargs = m,
                _ => return fail(ret, format!("'{kw}' must be a dict.")),
            }
        }
    }
    // Salt passes every argument by position, defaults included; halite passes the defaults
    // it was not given by name only when `*args` follow them, so each function applies its
    // own defaults (the same values).
    let mut positional: Vec<Value> = Vec::new();
    let mut named = Map::new();
    for (i, (v, given)) in args.into_iter().enumerate() {
        if i < first_default || !varargs.is_empty() {
            positional.push(v);
        } else if given {
            named.insert(spec.args[i], v);
        }
    }
    positional.extend(varargs);
    for (k, v) in nkwargs.iter() {
        named.insert(k.clone(), v.clone());
    }
    let masked = pillar_masked(call, &fun, &named);
    let mret = match call
        .exec
        .call(call.ctx, &fun, &Args::new(positional, named))
    {
        Ok(v) if masked => halite_exec::redact_pillar(&v),
        Ok(v) => v,
        Err(e) => {
            return fail(
                ret,
                format!("Module function {fun} threw an exception. Exception: {e}"),
            )
        }
    };
    let result = get_result(&mret);
    let mut changes = Map::new();
    changes.insert("ret", mret);
    ret.insert("changes", Value::Map(changes));
    ret.insert(
        "comment",
        Value::str(format!("Module function {fun} executed")),
    );
    ret.insert("result", Value::Bool(result));
    Ok(ret)
}

/// Salt's `_get_result`: a bool is the result; a dict fails when any nested `result` is
/// False or `retcode` is not 0; anything else succeeds.
fn get_result(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Map(m) => dict_result(m),
        _ => true,
    }
}

fn dict_result(node: &Map) -> bool {
    for (key, val) in node.iter() {
        let key = key.as_str();
        if key == Some("result") && matches!(val, Value::Bool(false)) {
            return false;
        }
        if key == Some("retcode") && !py_eq_zero(val) {
            return false;
        }
        if let Value::Map(m) = val {
            if !dict_result(m) {
                return false;
            }
        }
    }
    true
}

/// Python's `val == 0` (`False == 0` and `0.0 == 0` are true).
fn py_eq_zero(v: &Value) -> bool {
    match v {
        Value::Int(i) => *i == 0,
        Value::Float(f) => *f == 0.0,
        Value::Bool(b) => !*b,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argspecs_sorted_for_binary_search() {
        assert!(ARGSPECS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn type_errors_recognised_by_cpython_wording() {
        assert!(is_type_error(
            "echo() got an unexpected keyword argument 'bogus'"
        ));
        assert!(is_type_error(
            "run() missing 1 required positional argument: 'cmd'"
        ));
        assert!(!is_type_error("Pillar key not found: x"));
    }

    #[test]
    fn dict_result_follows_nested_retcode() {
        let mut inner = Map::new();
        inner.insert("retcode", Value::Int(2));
        let mut outer = Map::new();
        outer.insert("x", Value::Map(inner));
        assert!(!get_result(&Value::Map(outer)));
        let mut ok = Map::new();
        ok.insert("retcode", Value::Bool(false));
        assert!(get_result(&Value::Map(ok)));
    }
}
