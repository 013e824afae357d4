//! Salt's `cmd` state module (salt/states/cmd.py): `run`, `wait` (alias `watch`), `script`,
//! `wait_script`, `mod_watch`.

use crate::{ret_ncrc, StateCall, StateError, StateRegistry};
use halite_exec::process::{self, run_all, CmdOptions, Timeout};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("cmd.run", run, &["name"]);
    r.register("cmd.wait", wait, &["name"]);
    r.register("cmd.watch", wait, &["name"]);
    r.register("cmd.script", script, &["name"]);
    r.register("cmd.wait_script", wait, &["name"]);
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
    let mut ret = ret_ncrc(call.name(), Value::Bool(false), "");
    let (stateful, test_name) = stateful_arg(call);
    let name = reported_name(call, &test_name);
    if env_is_malformed(call) {
        ret.insert("comment", Value::str(MALFORMED_ENV));
        return Ok(ret);
    }
    if call.test && test_name.is_none() {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::Str(format!("Command \"{name}\" would have been executed").into()),
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
                Value::Str(format!("Desired working directory \"{cwd}\" is not available").into()),
            );
            return Ok(ret);
        }
    }
    let cmd_all = match cmd_options(call).and_then(|opts| run_all(&name, &opts)) {
        Ok(r) => r,
        Err(e) => {
            ret.insert("comment", Value::Str(e.into()));
            return Ok(ret);
        }
    };
    let retcode = cmd_all.retcode;
    ret.insert("changes", Value::Map(cmd_all.to_map()));
    ret.insert("result", Value::Bool(retcode == 0));
    ret.insert(
        "comment",
        Value::Str(format!("Command \"{name}\" run").into()),
    );
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

/// The named parameters of `cmd.script` (the state): the other keywords of the chunk reach the
/// `cmd.script` execution function through `**kwargs`.
const SCRIPT_PARAMS: &[&str] = &[
    "name",
    "source",
    "template",
    "cwd",
    "runas",
    "password",
    "shell",
    "env",
    "stateful",
    "timeout",
    "use_vt",
    "output_loglevel",
    "hide_output",
    "defaults",
    "context",
    "success_retcodes",
    "success_stdout",
    "success_stderr",
];

/// `cmd.script`: the script from `source` (`name` without one) run through the
/// `cmd.script` execution function, which copies it to a temp file first.
pub fn script(call: &StateCall) -> Result<Map, StateError> {
    let (stateful, test_name) = stateful_arg(call);
    let name = reported_name(call, &test_name);
    let mut ret = ret_ncrc(Value::str(name.clone()), Value::Bool(false), "");
    if env_is_malformed(call) {
        ret.insert("comment", Value::str(MALFORMED_ENV));
        return Ok(ret);
    }
    for key in ["context", "defaults"] {
        if let Some(v) = call.arg(key).filter(|v| v.truthy()) {
            if !matches!(v, Value::Map(_)) {
                ret.insert(
                    "comment",
                    Value::Str(
                        format!("Invalidly-formatted '{key}' parameter. Must be formed as a dict.")
                            .into(),
                    ),
                );
                return Ok(ret);
            }
        }
    }
    // tmpctx = defaults; tmpctx.update(context)
    let mut tmpctx = match call.arg("defaults").filter(|v| v.truthy()) {
        Some(Value::Map(m)) => m.clone(),
        _ => Map::new(),
    };
    if let Some(Value::Map(c)) = call.arg("context") {
        for (k, v) in c.iter() {
            tmpctx.insert(k.clone(), v.clone());
        }
    }
    let saltenv = call
        .low
        .get("__env__")
        .map(Value::py_str)
        .unwrap_or_else(|| "base".into());
    let mut kwargs = crate::util::extra_kwargs(call.low, SCRIPT_PARAMS);
    let shell = call
        .arg_str("shell")
        .unwrap_or_else(|| call.shell.to_string());
    for (k, v) in [
        ("runas", call.low.get("runas").cloned()),
        ("password", call.low.get("password").cloned()),
        ("shell", Some(Value::str(shell))),
        ("env", call.low.get("env").cloned()),
        ("cwd", call.low.get("cwd").cloned()),
        ("template", call.low.get("template").cloned()),
        ("timeout", call.low.get("timeout").cloned()),
        (
            "hide_output",
            Some(Value::Bool(call.flag("hide_output", false))),
        ),
        ("context", Some(Value::Map(tmpctx))),
        ("saltenv", Some(Value::str(saltenv.clone()))),
        (
            "success_retcodes",
            call.low.get("success_retcodes").cloned(),
        ),
        ("success_stdout", call.low.get("success_stdout").cloned()),
        ("success_stderr", call.low.get("success_stderr").cloned()),
    ] {
        kwargs.insert(k, v.unwrap_or(Value::Null));
    }
    let source = call.arg("source").cloned().unwrap_or_else(|| call.name());
    // Arguments after the script's name, when `args` is not given.
    if !kwargs.get("args").is_some_and(Value::truthy) && name.split_whitespace().count() > 1 {
        if let Some((_, rest)) = name.split_once(' ') {
            kwargs.insert("args", Value::str(rest));
        }
    }
    if call.test && test_name.is_none() {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::Str(format!("Command '{name}' would have been executed").into()),
        );
        return Ok(if stateful {
            reinterpreted_state(ret)
        } else {
            ret
        });
    }
    if let Some(cwd) = call.arg("cwd").filter(|c| c.truthy()) {
        let cwd = cwd.py_str();
        if !std::path::Path::new(&cwd).is_dir() {
            ret.insert(
                "comment",
                Value::Str(format!("Desired working directory \"{cwd}\" is not available").into()),
            );
            return Ok(ret);
        }
    }
    kwargs.insert("python_shell", Value::Bool(true));
    let args = halite_exec::Args::new(vec![source.clone()], kwargs);
    let cmd_all = match halite_exec::cmd_script(call.ctx, &args) {
        Ok(m) => m,
        Err(halite_exec::ScriptError::Caught(e)) => {
            ret.insert("comment", Value::Str(e.into()));
            return Ok(ret);
        }
        Err(halite_exec::ScriptError::Raised(e)) => return Err(StateError::Other(e)),
    };
    let Some(retcode) = cmd_all.get("retcode").cloned() else {
        return Err(StateError::Other("KeyError: 'retcode'".into()));
    };
    let cache_error = cmd_all.get("cache_error").is_some_and(Value::truthy);
    let result = if call.low.get("retcode").is_some_and(Value::truthy) {
        cmd_all.is_empty()
    } else {
        !retcode.truthy()
    };
    ret.insert("changes", Value::Map(cmd_all));
    ret.insert("result", Value::Bool(result));
    let comment = if cache_error {
        format!(
            "Unable to cache script {} from saltenv '{saltenv}'",
            source.py_str()
        )
    } else {
        format!("Command '{name}' run")
    };
    ret.insert("comment", Value::Str(comment.into()));
    if stateful {
        ret = reinterpreted_state(ret);
    }
    if call.test && !retcode.truthy() && ret.get("changes").is_some_and(Value::truthy) {
        ret.insert("result", Value::Null);
    }
    Ok(ret)
}

/// The `stateful` argument: whether it is on, and the `test_name` of its list form.
/// The command a `cmd.run`/`cmd.script` reports: in test mode, a `stateful` state's
/// `test_name` stands for `name`.
fn reported_name(call: &StateCall, test_name: &Option<String>) -> String {
    match test_name {
        Some(t) if call.test => t.clone(),
        _ => call.name_str(),
    }
}

const MALFORMED_ENV: &str = "Invalidly-formatted 'env' parameter. See documentation.";

/// Salt's check, in `cmd.run` and `cmd.script`, that `env` is a list or a dict.
fn env_is_malformed(call: &StateCall) -> bool {
    call.arg("env")
        .is_some_and(|env| !matches!(env, Value::List(_) | Value::Map(_)))
}

fn stateful_arg(call: &StateCall) -> (bool, Option<String>) {
    match call.low.get("stateful") {
        Some(Value::List(l)) => (
            true,
            l.first()
                .and_then(|f| f.get("test_name"))
                .map(Value::py_str),
        ),
        Some(other) => (matches!(other, Value::Bool(true)), None),
        None => (false, None),
    }
}

/// `cmd.mod_watch`: runs the command for `run`/`wait`/`watch` and the script for
/// `script`/`wait_script`; a truthy `stateful` is taken out and applied to the result.
pub fn mod_watch(call: &StateCall) -> Result<Map, StateError> {
    let sfun = call.low.get("sfun").map(Value::py_str).unwrap_or_default();
    let fun: fn(&StateCall) -> Result<Map, StateError> = match sfun.as_str() {
        "wait" | "run" | "watch" => run,
        "wait_script" | "script" => script,
        _ => {
            let mut ret = Map::new();
            ret.insert("name", call.name());
            ret.insert("changes", Value::Map(Map::new()));
            ret.insert(
                "comment",
                Value::Str(format!(
                    "cmd.{sfun} does not work with the watch requisite, please use cmd.wait or cmd.wait_script"
                ).into()),
            );
            ret.insert("result", Value::Bool(false));
            return Ok(ret);
        }
    };
    if !call.low.get("stateful").is_some_and(Value::truthy) {
        return fun(call);
    }
    let mut low = call.low.clone();
    low.remove("stateful");
    let sub = StateCall { low: &low, ..*call };
    Ok(reinterpreted_state(fun(&sub)?))
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
        data.insert("stdout", Value::Str(stdout.into()));
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
