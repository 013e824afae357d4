//! Salt's `cmd` state module (salt/states/cmd.py): `run`, `wait` (alias `watch`), `mod_watch`.

use crate::{ret_ncrc, StateCall, StateError, StateRegistry};
use halite_exec::process::{self, run_all, CmdOptions, Timeout};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("cmd.run", run, &["name"]);
    r.register("cmd.wait", wait, &["name"]);
    r.register("cmd.watch", wait, &["name"]);
    r.register("cmd.mod_watch", mod_watch, &["name"]);
}

/// `cmd.wait`: does nothing by itself; `mod_watch` runs the command when a watched state changed.
pub fn wait(call: &StateCall) -> Result<Map, StateError> {
    Ok(ret_ncrc(call.name(), Value::Bool(true), ""))
}

/// The options `cmd.run_all` gets from a state's keyword arguments (the state's own and the
/// extra ones Salt passes through: `group`, `clean_env`, `stdin`, `rstrip`,
/// `reset_system_locale`); `Err` is the `CommandExecutionError` text.
pub fn cmd_options(call: &StateCall) -> Result<CmdOptions, String> {
    let shell = call
        .arg_str("shell")
        .unwrap_or_else(|| call.shell.to_string());
    Ok(CmdOptions {
        shell,
        cwd: call.arg_str("cwd"),
        env: call.arg("env").map(process::env_pairs).unwrap_or_default(),
        clean_env: call.flag("clean_env", false),
        keep_locale: !call.flag("reset_system_locale", true),
        prepend_path: call.arg_str("prepend_path"),
        stdin: call.arg_str("stdin"),
        merge_stderr: false,
        no_rstrip: !call.flag("rstrip", true),
        timeout: Timeout::from_value(call.arg("timeout"))?,
        success_retcodes: process::success_retcodes(call.arg("success_retcodes"))?,
        success_stdout: process::success_strings(call.arg("success_stdout")),
        success_stderr: process::success_strings(call.arg("success_stderr")),
        hide_output: call.flag("hide_output", false),
        runas: call.arg_str("runas"),
        group: call.arg_str("group"),
        umask: process::parse_umask(call.arg("umask"))?,
    })
}

/// `cmd.run`.
pub fn run(call: &StateCall) -> Result<Map, StateError> {
    let mut name = call.name_str();
    let mut ret = ret_ncrc(call.name(), Value::Bool(false), "");
    let stateful_v = call
        .low
        .get("stateful")
        .cloned()
        .unwrap_or(Value::Bool(false));
    let mut test_name = None;
    let stateful = match &stateful_v {
        Value::List(l) => {
            if let Some(t) = l.first().and_then(|f| f.get("test_name")) {
                test_name = Some(t.py_str());
            }
            true
        }
        other => matches!(other, Value::Bool(true)),
    };
    if call.test {
        if let Some(t) = &test_name {
            name = t.clone();
        }
    }
    if let Some(env) = call.arg("env") {
        if !matches!(env, Value::List(_) | Value::Map(_)) {
            ret.insert(
                "comment",
                Value::str("Invalidly-formatted 'env' parameter. See documentation."),
            );
            return Ok(ret);
        }
    }
    if call.test && test_name.is_none() {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::Str(format!("Command \"{name}\" would have been executed")),
        );
        let mut ch = Map::new();
        ch.insert("cmd", Value::str(name));
        ret.insert("changes", Value::Map(ch));
        return Ok(if stateful {
            reinterpreted_state(ret)
        } else {
            ret
        });
    }
    if let Some(cwd) = call.arg_str("cwd") {
        if !std::path::Path::new(&cwd).is_dir() {
            ret.insert(
                "comment",
                Value::Str(format!(
                    "Desired working directory \"{cwd}\" is not available"
                )),
            );
            return Ok(ret);
        }
    }
    let cmd_all = match cmd_options(call).and_then(|opts| run_all(&name, &opts)) {
        Ok(r) => r,
        Err(e) => {
            ret.insert("comment", Value::Str(e));
            return Ok(ret);
        }
    };
    let retcode = cmd_all.retcode;
    ret.insert("changes", Value::Map(cmd_all.to_map()));
    ret.insert("result", Value::Bool(retcode == 0));
    ret.insert("comment", Value::Str(format!("Command \"{name}\" run")));
    if call.flag("ignore_timeout", false) && cmd_all.timed_out {
        if let Some(Value::Map(ch)) = ret.get_mut("changes") {
            ch.insert("retcode", Value::Int(0));
        }
        ret.insert("result", Value::Bool(true));
    }
    if stateful {
        ret = reinterpreted_state(ret);
    }
    if call.test && retcode == 0 && ret.get("changes").map(Value::truthy).unwrap_or(false) {
        ret.insert("result", Value::Null);
    }
    Ok(ret)
}

/// `cmd.mod_watch`: runs the command for `run`/`wait`/`watch`.
pub fn mod_watch(call: &StateCall) -> Result<Map, StateError> {
    let sfun = call.low.get("sfun").map(Value::py_str).unwrap_or_default();
    if matches!(sfun.as_str(), "wait" | "run" | "watch") {
        return run(call);
    }
    let mut ret = Map::new();
    ret.insert("name", call.name());
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert(
        "comment",
        Value::Str(format!(
            "cmd.{sfun} does not work with the watch requisite, please use cmd.wait or cmd.wait_script"
        )),
    );
    ret.insert("result", Value::Bool(false));
    Ok(ret)
}

/// Salt's `_is_true`.
fn is_true(v: &Value) -> Result<bool, String> {
    let s = v.py_str().to_lowercase();
    if v.truthy() && matches!(s.as_str(), "true" | "yes" | "1") {
        Ok(true)
    } else if matches!(s.as_str(), "false" | "no" | "0") {
        Ok(false)
    } else {
        Err(format!("Failed parsing boolean value: {}", v.py_str()))
    }
}

fn failout(mut state: Map, msg: &str) -> Map {
    state.insert("comment", Value::str(msg));
    state.insert("result", Value::Bool(false));
    state
}

/// Salt's `_reinterpreted_state`: the command's stdout (JSON, or a last line of `key=value`
/// pairs) says whether it changed something and what to comment.
pub fn reinterpreted_state(mut state: Map) -> Map {
    let ret = match state.insert("changes", Value::Map(Map::new())) {
        Some(Value::Map(m)) => m,
        _ => Map::new(),
    };
    state.insert("comment", Value::str(""));
    let out = ret.get("stdout").map(Value::py_str).unwrap_or_default();
    if out.is_empty() {
        if let Some(err) = ret.get("stderr").filter(|e| e.truthy()) {
            state.insert("comment", err.clone());
        }
        return state;
    }
    let mut is_json = false;
    let mut idx: Option<usize> = None;
    let mut data = Map::new();
    match Value::from_json_str(&out) {
        Ok(Value::Map(m)) => {
            data = m;
            is_json = true;
        }
        Ok(_) => {
            return failout(
                state,
                "script JSON output must be a JSON object (e.g., {})!",
            )
        }
        Err(_) => {
            let trimmed = out.trim_end();
            let mut last = out.as_str();
            if let Some(i) = trimmed.rfind('\n') {
                idx = Some(i);
                last = &out[i + 1..];
            }
            let mut ok = true;
            for item in shlex_split(last) {
                match item.split_once('=') {
                    Some((k, v)) if !v.contains('=') => {
                        data.insert(k, Value::str(v));
                    }
                    _ => {
                        ok = false;
                        break;
                    }
                }
            }
            if !ok {
                let mut state = failout(
                    state,
                    "Failed parsing script output! Stdout must be JSON or a line of name=value pairs.",
                );
                if let Some(Value::Map(ch)) = state.get_mut("changes") {
                    for (k, v) in ret.iter() {
                        ch.insert(k.clone(), v.clone());
                    }
                }
                return state;
            }
        }
    }
    let changed = match is_true(data.get("changed").unwrap_or(&Value::str("no"))) {
        Ok(b) => b,
        Err(e) => return failout(state, &e),
    };
    if let Some(c) = data.remove("comment") {
        state.insert("comment", c);
    }
    if changed {
        for (k, v) in ret.iter() {
            if !data.contains_value_key(k) {
                data.insert(k.clone(), v.clone());
            }
        }
        let stdout = if is_json {
            String::new()
        } else {
            let s = data.get("stdout").map(Value::py_str).unwrap_or_default();
            // Python's s[:idx]; idx is -1-free here because a key=value line was found.
            match idx {
                Some(i) => s.chars().take(i).collect(),
                None => s
                    .chars()
                    .take(s.chars().count().saturating_sub(1))
                    .collect(),
            }
        };
        data.insert("stdout", Value::Str(stdout));
        state.insert("changes", Value::Map(data));
    }
    state
}

/// POSIX `shlex.split`: whitespace-separated words, quotes and backslash escapes.
pub fn shlex_split(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => match chars.peek() {
                            Some(&e) if matches!(e, '"' | '\\' | '$' | '`' | '\n') => {
                                cur.push(e);
                                chars.next();
                            }
                            _ => cur.push('\\'),
                        },
                        _ => cur.push(d),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(d) = chars.next() {
                    cur.push(d);
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}
