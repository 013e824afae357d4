//! The global state arguments `onlyif`, `unless`, `creates` and `check_cmd`: Salt's
//! `State._run_check`, `_run_check_onlyif`, `_run_check_unless`, `_run_check_creates` and
//! `_run_check_cmd`.

use crate::{RunOptions, RuntimeEnv};
use halite_exec::process::{self, retcode, CmdOptions, Timeout};
use halite_exec::{Args, ExecError};
use halite_value::{traverse, List, Map, Value};

/// The cmd options `_run_check` copies from the low chunk (cwd, runas, env, umask, timeout,
/// success_retcodes, shell) unless `cmd_opts_exclude` names them.
fn cmd_opts(low: &Map, opts: &RunOptions) -> CmdOptions {
    let exclude: Vec<String> = match low.get("cmd_opts_exclude") {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(v) => vec![v.py_str()],
        None => Vec::new(),
    };
    let take = |k: &str| -> Option<&Value> {
        if exclude.iter().any(|e| e == k) {
            None
        } else {
            low.get(k).filter(|v| !v.is_null())
        }
    };
    let shell = take("shell")
        .map(Value::py_str)
        .unwrap_or_else(|| opts.shell.clone());
    // An invalid value makes cmd.retcode raise, which the check reads as a failed command;
    // the same happens below when run_all reports the error.
    CmdOptions {
        shell,
        cwd: take("cwd").map(Value::py_str),
        env: take("env").map(process::env_pairs).unwrap_or_default(),
        prepend_path: take("prepend_path").map(Value::py_str),
        timeout: Timeout::from_value(take("timeout")).unwrap_or(None),
        success_retcodes: process::success_retcodes(take("success_retcodes")).unwrap_or_default(),
        success_stdout: process::success_strings(take("success_stdout")),
        success_stderr: process::success_strings(take("success_stderr")),
        runas: take("runas").map(Value::py_str),
        umask: process::parse_umask(take("umask")).unwrap_or(None),
        ..CmdOptions::default()
    }
}

fn base_ret(low: &Map) -> Map {
    let mut ret = Map::new();
    ret.insert("result", Value::Bool(false));
    for key in ["__sls__", "__id__", "name"] {
        ret.insert(key, low.get(key).cloned().unwrap_or(Value::Null));
    }
    ret
}

fn as_list(v: &Value) -> Vec<Value> {
    match v {
        Value::List(l) => l.to_vec(),
        other => vec![other.clone()],
    }
}

/// `_run_check_function`: `{fun: mod.fun, args: [...], **kwargs}`.
fn run_function(entry: &Map, env: &RuntimeEnv) -> Result<Value, ExecError> {
    let fun = entry.get("fun").map(Value::py_str).unwrap_or_default();
    let args = entry
        .get("args")
        .and_then(Value::as_list)
        .cloned()
        .unwrap_or_default();
    let mut kwargs = Map::new();
    for (k, v) in entry.iter() {
        let key = k.py_str();
        if key != "fun" && key != "args" && key != "get_return" {
            kwargs.insert(k.clone(), v.clone());
        }
    }
    env.exec
        .call(&env.ctx, &fun, &Args::new(args.into_vec(), kwargs))
}

fn onlyif(low: &Map, copts: &CmdOptions, env: &RuntimeEnv) -> Map {
    let mut ret = base_ret(low);
    let skip = |ret: &mut Map, comment: &str| {
        ret.insert("comment", Value::str(comment));
        ret.insert("skip_watch", Value::Bool(true));
        ret.insert("result", Value::Bool(true));
    };
    let entries = as_list(low.get("onlyif").unwrap_or(&Value::Null));
    for entry in entries {
        match &entry {
            Value::Str(cmd) => {
                // cmd.retcode(ignore_retcode=True) resets __context__['retcode'] (not when it
                // raises).
                let rc = match retcode(cmd, copts) {
                    Ok(rc) => {
                        env.ctx.retcode.set(0);
                        rc
                    }
                    Err(_) => 100,
                };
                if rc != 0 && ret.get("result") == Some(&Value::Bool(false)) {
                    skip(&mut ret, "onlyif condition is false");
                    return ret;
                } else if rc == 0 {
                    ret.insert("comment", Value::str("onlyif condition is true"));
                    ret.insert("result", Value::Bool(false));
                }
            }
            Value::Map(m) => {
                if !m.contains_key("fun") {
                    ret.insert(
                        "comment",
                        Value::Str(
                            format!("no `fun` argument in onlyif: {}", entry.py_repr()).into(),
                        ),
                    );
                    return ret;
                }
                let mut result = run_function(m, env).unwrap_or(Value::Null);
                if let Some(gr) = m.get("get_return") {
                    result = traverse(&result, &gr.py_str(), ":")
                        .cloned()
                        .unwrap_or(Value::Null);
                }
                // A function that set __context__['retcode'] (test.retcode, cmd.*) is read by
                // that code, which stays set for later checks until something resets it.
                let rc = env.ctx.retcode.get();
                if rc != 0 || !result.truthy() {
                    skip(&mut ret, "onlyif condition is false");
                    return ret;
                }
                ret.insert("comment", Value::str("onlyif condition is true"));
                ret.insert("result", Value::Bool(false));
            }
            _ => {
                ret.insert(
                    "comment",
                    Value::str("onlyif execution failed, bad type passed"),
                );
                ret.insert("result", Value::Bool(false));
                return ret;
            }
        }
    }
    ret
}

fn unless(low: &Map, copts: &CmdOptions, env: &RuntimeEnv) -> Map {
    let mut ret = base_ret(low);
    let entries = as_list(low.get("unless").unwrap_or(&Value::Null));
    // _check_cmd: True (state runs) when the command failed.
    let check = |ret: &mut Map, rc: i64| -> bool {
        if rc == 0 {
            ret.insert("comment", Value::str("unless condition is true"));
            ret.insert("skip_watch", Value::Bool(true));
            ret.insert("result", Value::Bool(true));
            false
        } else {
            ret.remove("skip_watch");
            ret.insert("comment", Value::str("unless condition is false"));
            ret.insert("result", Value::Bool(false));
            true
        }
    };
    for entry in entries {
        match &entry {
            Value::Str(cmd) => {
                let rc = match retcode(cmd, copts) {
                    Ok(rc) => {
                        env.ctx.retcode.set(0);
                        rc
                    }
                    Err(_) => 0,
                };
                if check(&mut ret, rc) {
                    return ret;
                }
            }
            Value::Map(m) => {
                if !m.contains_key("fun") {
                    ret.insert(
                        "comment",
                        Value::Str(
                            format!("no `fun` argument in unless: {}", entry.py_repr()).into(),
                        ),
                    );
                    return ret;
                }
                let mut result = run_function(m, env).unwrap_or(Value::Null);
                if let Some(gr) = m.get("get_return") {
                    result = traverse(&result, &gr.py_str(), ":")
                        .cloned()
                        .unwrap_or(Value::Null);
                }
                let rc = env.ctx.retcode.get();
                if rc != 0 {
                    if check(&mut ret, rc) {
                        return ret;
                    }
                } else if result.truthy() {
                    ret.insert("comment", Value::str("unless condition is true"));
                    ret.insert("skip_watch", Value::Bool(true));
                    ret.insert("result", Value::Bool(true));
                } else {
                    ret.insert("comment", Value::str("unless condition is false"));
                    ret.insert("result", Value::Bool(false));
                    return ret;
                }
            }
            _ => {
                ret.insert(
                    "comment",
                    Value::str("unless condition is false, bad type passed"),
                );
                ret.insert("result", Value::Bool(false));
            }
        }
    }
    ret
}

fn creates(low: &Map) -> Map {
    let mut ret = base_ret(low);
    let exists = |p: &Value| {
        std::fs::symlink_metadata(p.py_str()).is_ok() && std::path::Path::new(&p.py_str()).exists()
    };
    match low.get("creates") {
        Some(Value::Str(p)) if exists(&Value::str(p.clone())) => {
            ret.insert("comment", Value::Str(format!("{p} exists").into()));
            ret.insert("result", Value::Bool(true));
            ret.insert("skip_watch", Value::Bool(true));
        }
        Some(Value::List(l)) if l.iter().all(exists) => {
            ret.insert("comment", Value::str("All files in creates exist"));
            ret.insert("result", Value::Bool(true));
            ret.insert("skip_watch", Value::Bool(true));
        }
        _ => {
            ret.insert("comment", Value::str("Creates files not found"));
            ret.insert("result", Value::Bool(false));
        }
    }
    ret
}

/// `State._run_check`: the result is True when the state must be skipped; `comment` is a list.
pub(crate) fn run_check(low: &Map, opts: &RunOptions, env: &RuntimeEnv) -> Map {
    let mut ret = Map::new();
    ret.insert("result", Value::Bool(false));
    ret.insert("comment", Value::List(List::new()));
    for key in ["__sls__", "__id__", "name"] {
        ret.insert(key, low.get(key).cloned().unwrap_or(Value::Null));
    }
    let copts = cmd_opts(low, opts);
    let merge = |ret: &mut Map, sub: Map, first: bool| {
        let r = sub.get("result").map(Value::truthy).unwrap_or(false);
        let prev = ret.get("result").map(Value::truthy).unwrap_or(false);
        ret.insert("result", Value::Bool(if first { r } else { r || prev }));
        if let Some(Value::List(c)) = ret.get_mut("comment") {
            c.push(sub.get("comment").cloned().unwrap_or(Value::Null));
        }
        if let Some(sw) = sub.get("skip_watch") {
            let v = if first {
                sw.truthy()
            } else {
                // Salt reads ret["skip_watch"] here, which is a KeyError when onlyif did not
                // set it; halite treats a missing key as False.
                sw.truthy() || ret.get("skip_watch").map(Value::truthy).unwrap_or(false)
            };
            ret.insert("skip_watch", Value::Bool(v));
        }
    };
    if low.contains_key("onlyif") {
        let sub = onlyif(low, &copts, env);
        merge(&mut ret, sub, true);
    }
    if low.contains_key("unless") {
        let sub = unless(low, &copts, env);
        merge(&mut ret, sub, false);
    }
    if low.contains_key("creates") {
        let sub = creates(low);
        merge(&mut ret, sub, false);
    }
    ret
}

/// `State._run_check_cmd`: every command must exit 0 for the state to count as succeeded.
/// Salt 3008 makes a string one command; 3007 iterates `check_cmd` as it is, so a string
/// runs each of its characters as a command and a value that is not iterable (YAML's
/// `check_cmd: true`) raises, which `State.call` turns into the state's exception result:
/// `Err` carries that exception line.
pub(crate) fn run_check_cmd(low: &Map, opts: &RunOptions, salt3008: bool) -> Result<Map, String> {
    let mut ret = base_ret(low);
    let copts = CmdOptions {
        shell: opts.shell.clone(),
        ..Default::default()
    };
    let check = low.get("check_cmd").unwrap_or(&Value::Null);
    let cmds = match check {
        Value::List(l) => l.to_vec(),
        Value::Str(s) if !salt3008 => s.chars().map(|c| Value::str(c.to_string())).collect(),
        Value::Str(_) => vec![check.clone()],
        Value::Map(m) => m.keys().cloned().collect(),
        other => {
            return Err(format!(
                "TypeError: '{}' object is not iterable",
                other.type_name()
            ))
        }
    };
    for entry in cmds {
        let rc = retcode(&entry.py_str(), &copts).unwrap_or(1);
        if rc == 0 && ret.get("result") == Some(&Value::Bool(false)) {
            ret.insert(
                "comment",
                Value::str("check_cmd determined the state succeeded"),
            );
            ret.insert("result", Value::Bool(true));
        } else if rc != 0 {
            ret.insert(
                "comment",
                Value::str("check_cmd determined the state failed"),
            );
            ret.insert("result", Value::Bool(false));
            return Ok(ret);
        }
    }
    Ok(ret)
}
