//! The functions salt-call runs: `state.*` through halite's stages, everything else through
//! the execution function registry.

use crate::minion::Minion;
use anyhow::Result;
use halite_compile::{CompileFailure, CompileOptions};
use halite_exec::{Args, ExecError};
use halite_output::Outputter;
use halite_render::highstate::Matches;
use halite_render::opts;
use halite_render::prefetch::Renders;
use halite_render::top::TopError;
use halite_value::{Map, Value};

/// A function's return, its exit status and the outputter salt-call would pick.
pub struct Outcome {
    pub ret: Value,
    pub retcode: u8,
    pub default_outputter: Outputter,
    /// Text printed as it is instead of the return (salt-call printed a docstring).
    pub raw: Option<String>,
    /// A compile-only state run's low chunks (`Minion::catalog_only`).
    pub chunks: Option<Vec<Map>>,
    /// A state run Salt's `State.call` raised out of ([`call`] reports it for the function).
    pub aborted: Option<halite_runtime::Aborted>,
}

impl Outcome {
    pub fn new(ret: Value, retcode: u8) -> Self {
        Outcome {
            ret,
            retcode,
            default_outputter: Outputter::Nested,
            raw: None,
            chunks: None,
            aborted: None,
        }
    }

    /// A state run: printed with the highstate outputter unless `--out` says otherwise.
    pub fn state_run(ret: Value, retcode: u8) -> Self {
        Outcome {
            ret,
            retcode,
            default_outputter: Outputter::Highstate,
            raw: None,
            chunks: None,
            aborted: None,
        }
    }
}

/// A failure salt-call reports on stderr itself and ends with `sys.exit(-1)` (status 255):
/// its text is printed once, by `main`, without the generic `Error: ` prefix.
#[derive(Debug)]
pub struct CallerExit {
    pub message: String,
    pub status: u8,
}

impl std::fmt::Display for CallerExit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CallerExit {}

/// Salt's `EX_PILLAR_FAILURE`: the retcode of a state run refused for pillar errors (what
/// `--retcode-passthrough` exits with; 1 otherwise).
pub const EX_PILLAR_FAILURE: u8 = 5;

/// `_get_pillar_errors`: the pillar's `_errors`, unless the call says `force=True`.
pub fn pillar_errors(minion: &Minion, kwargs: &Map) -> Option<Vec<String>> {
    if kwargs.get("force").is_some_and(Value::truthy) {
        return None;
    }
    match minion.pillar.get("_errors") {
        Some(Value::List(errors)) if !errors.is_empty() => {
            Some(errors.iter().map(Value::py_str).collect())
        }
        _ => None,
    }
}

/// The `show_*` functions refuse to render with pillar errors: `CommandExecutionError(
/// "Pillar failed to render", info=errors)`, which salt-call prints on stderr as
/// `Error running 'FUN': ... Additional info follows:` and the errors in nested form,
/// exit 1 (also with `--retcode-passthrough`).
fn check_pillar(minion: &Minion, fun: &str, kwargs: &Map) -> Result<()> {
    let Some(errors) = pillar_errors(minion, kwargs) else {
        return Ok(());
    };
    let info = halite_output::nested(
        &errors_value(errors),
        &halite_output::OutputOptions {
            color: false,
            retcode: 0,
            ..Default::default()
        },
    );
    Err(CallerExit {
        message: format!(
            "Error running '{fun}': Pillar failed to render. Additional info follows:\n\n{}",
            info.trim_end()
        ),
        status: 1,
    }
    .into())
}

pub fn errors_value(errors: Vec<String>) -> Value {
    Value::List(errors.into_iter().map(Value::from).collect())
}

pub fn call(minion: &mut Minion, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Outcome> {
    let pillar_checked = match fun {
        "state.show_top" | "state.show_highstate" | "state.show_lowstate" | "state.show_states" => {
            true
        }
        // without `mods` the call fails on its arguments first
        "state.show_sls" | "state.show_low_sls" | "state.sls_exists" => {
            mods_arg(&args, &kwargs, 0).is_some()
        }
        "state.template" => args.first().or_else(|| kwargs.get("tem")).is_some(),
        _ => false,
    };
    if pillar_checked {
        check_pillar(minion, fun, &kwargs)?;
    }
    let mut outcome = match fun {
        "state.show_top" => show_top(minion),
        "state.show_highstate" => show_highstate(minion),
        "state.show_lowstate" => show_lowstate(minion),
        "state.show_sls" => show_sls(minion, &args, &kwargs, false),
        "state.show_low_sls" => show_sls(minion, &args, &kwargs, true),
        "state.show_states" => show_states(minion),
        "state.id_exists" => id_exists(minion, &args, &kwargs),
        "state.sls_exists" => sls_exists(minion, &args, &kwargs),
        "state.show_state_usage" => show_state_usage(minion),
        "state.pkg" => crate::apply::pkg(minion, &args, &kwargs),
        "state.graph" | "state.graph_highstate" if crate::graph::salt3008(&minion.opts) => {
            crate::graph::call(minion, fun, &args, &kwargs)
        }
        "state.apply" | "state.highstate" | "state.sls" | "state.test" | "state.sls_id"
        | "state.single" | "state.low" | "state.template_str" | "state.template" => {
            crate::apply::call(minion, fun, &args, &kwargs)
        }
        _ => return exec_call(minion, fun, args, kwargs),
    };
    match outcome.aborted.take() {
        // SaltInvocationError is a TypeError to salt-call: "Passed invalid arguments" and
        // the called function's docstring.
        Some(halite_runtime::Aborted::InvalidArguments(msg)) => Ok(compile_failure(
            fun,
            CompileFailure::Crash(format!("TypeError: {msg}")),
            1,
        )),
        // Salt's own exception: nothing on stdout, exit 1 (the reason on stderr).
        Some(halite_runtime::Aborted::SaltCrash(msg)) => {
            Ok(compile_failure(fun, CompileFailure::Crash(msg), 1))
        }
        None => Ok(outcome),
    }
}

pub fn compile_options(minion: &Minion) -> CompileOptions {
    let disabled = match minion.opts.get("disabled_requisites") {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(Value::Str(s)) => vec![s.to_string()],
        _ => Vec::new(),
    };
    CompileOptions {
        state_auto_order: opts::get_bool(&minion.opts, "state_auto_order", true),
        disabled_requisites: disabled,
        salt_compat: halite_value::SaltCompat::of(&minion.opts),
        state_runs_disabled: minion
            .grains
            .get("state_runs_disabled")
            .map(crate::apply::py_iter),
    }
}

/// What `compile_*` failures print: Salt's error list as the return (exit 1 unless the
/// function says otherwise); where Salt itself crashes on the data with a TypeError,
/// salt-call's reaction: "Passed invalid arguments" on stderr and the function's docstring
/// on stdout, exit 1.
pub fn compile_failure(fun: &str, failure: CompileFailure, list_retcode: u8) -> Outcome {
    match failure {
        CompileFailure::Errors(errors) => Outcome::new(errors_value(errors), list_retcode),
        CompileFailure::Crash(msg) => {
            let mut o = Outcome::new(Value::Null, 1);
            match msg.strip_prefix("TypeError: ") {
                Some(exc) => {
                    eprint!("\nPassed invalid arguments: {exc}.\n\nUsage:\n");
                    o.raw = Some(format!("{}\n", docstring(fun)));
                }
                // Any other exception: salt-call's global handler logs it; stdout stays empty.
                None => {
                    eprintln!("An un-handled exception was caught by halite's handler for Salt's crash: {msg}");
                    o.raw = Some(String::new());
                }
            }
            o
        }
    }
}

/// A call without its required positional arguments: Python's TypeError, which salt-call
/// reports as "Passed invalid arguments" on stderr and the docstring on stdout, exit 1.
pub fn missing_arguments(fun: &str, names: &[&str]) -> Outcome {
    let short = fun.rsplit('.').next().unwrap_or(fun);
    let quoted: Vec<String> = names.iter().map(|n| format!("'{n}'")).collect();
    let text = match quoted.as_slice() {
        [one] => format!("{short}() missing 1 required positional argument: {one}"),
        [init @ .., last] => format!(
            "{short}() missing {} required positional arguments: {} and {last}",
            names.len(),
            init.join(", ")
        ),
        [] => format!("{short}() missing required positional arguments"),
    };
    compile_failure(fun, CompileFailure::Crash(format!("TypeError: {text}")), 1)
}

/// The Salt release the call behaves as, for what is printed without the options at hand
/// (the docstrings); set once when the minion's options are read.
static SALT_COMPAT: std::sync::OnceLock<halite_value::SaltCompat> = std::sync::OnceLock::new();

pub fn set_salt_compat(compat: halite_value::SaltCompat) {
    let _ = SALT_COMPAT.set(compat);
}

/// The docstring salt-call prints for a function (recorded from Salt 3007.8 and 3008.4 by
/// scripts/oracle/docstrings.py; 3008 reworded apply, highstate and sls).
pub(crate) static STATE_DOCS_3007: &str = include_str!("docstrings.json");
pub(crate) static STATE_DOCS_3008: &str = include_str!("docstrings-3008.json");

fn docstring(fun: &str) -> String {
    let docs = match SALT_COMPAT.get().copied().unwrap_or_default() {
        halite_value::SaltCompat::V3007 => STATE_DOCS_3007,
        halite_value::SaltCompat::V3008 => STATE_DOCS_3008,
    };
    Value::from_json_str(docs)
        .ok()
        .and_then(|d| d.get(fun).map(Value::py_str))
        .unwrap_or_default()
}

/// Whether a function's failure is CPython's TypeError from binding its arguments
/// ("get() missing 1 required positional argument: 'key'", "... got an unexpected keyword
/// argument ...", "... takes 1 positional argument but 2 were given").
fn is_binding_type_error(msg: &str) -> bool {
    let Some((head, rest)) = msg.split_once("() ") else {
        return false;
    };
    !head.is_empty()
        && head.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && (rest.starts_with("got ") || rest.starts_with("takes ") || rest.starts_with("missing "))
}

/// CPython's "f() got an unexpected keyword argument 'KEY'" for a keyword of the call:
/// the keyword and its value as Python's `str()`.
fn unexpected_keyword(msg: &str, kwargs: &Map) -> Option<(String, String)> {
    let (head, rest) = msg.split_once("() got an unexpected keyword argument '")?;
    if head.is_empty() || !head.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let key = rest.strip_suffix('\'')?;
    kwargs.get(key).map(|v| (key.to_string(), v.py_str()))
}

/// The docstring salt-call prints for execution function `fun` (`print_cli(func.__doc__)`),
/// generated from each release by scripts/oracle/exec_docstrings.py (3007.8's file holds
/// the ones that differ from 3008.4's).
pub(crate) static EXEC_DOCS_3008: &str = include_str!("exec_docstrings-3008.json");
pub(crate) static EXEC_DOCS_3007: &str = include_str!("exec_docstrings-3007.json");

fn exec_docstring(minion: &Minion, fun: &str) -> String {
    let lookup = |docs: &str| {
        Value::from_json_str(docs)
            .ok()
            .and_then(|d| d.get(fun).cloned())
    };
    let own = match halite_value::SaltCompat::of(&minion.opts) {
        halite_value::SaltCompat::V3007 => lookup(EXEC_DOCS_3007),
        halite_value::SaltCompat::V3008 => None,
    };
    // Python prints a missing docstring as `None`.
    own.or_else(|| lookup(EXEC_DOCS_3008))
        .map(|d| d.py_str())
        .unwrap_or_else(|| "None".to_string())
}

/// A `show_*` function on top data of the wrong shape: Salt crashes (see [`TopError`]);
/// halite also says on stderr what is wrong with the file.
fn top_failure(fun: &str, error: TopError) -> Outcome {
    let (exception, detail) = match error {
        TopError::Render { message, detail } => (format!("SaltRenderError: {message}"), detail),
        TopError::Crash { exception, detail } => (exception, detail),
    };
    eprintln!("Error: {detail}");
    compile_failure(fun, CompileFailure::Crash(exception), 1)
}

fn show_top(minion: &Minion) -> Outcome {
    let mut hs = minion.highstate();
    let top = match hs.try_get_top() {
        Ok(top) => top,
        Err(e) => return top_failure("state.show_top", e),
    };
    let errors = hs.verify_tops(&top);
    if !errors.is_empty() {
        return Outcome::new(errors_value(errors), 1);
    }
    if let Some(exception) = hs.unknown_matcher(&top) {
        return compile_failure("state.show_top", CompileFailure::Crash(exception), 1);
    }
    Outcome::new(matches_value(&hs.top_matches(&top)), 0)
}

fn matches_value(matches: &Matches) -> Value {
    let mut m = Map::new();
    for (env, sls) in matches {
        m.insert(
            env.as_str(),
            Value::List(sls.iter().map(|s| Value::str(s.clone())).collect()),
        );
    }
    Value::Map(m)
}

fn show_highstate(minion: &Minion) -> Outcome {
    let mut hs = minion.highstate();
    let top = match hs.try_get_top() {
        Ok(top) => top,
        Err(e) => return top_failure("state.show_highstate", e),
    };
    let mut errors = hs.verify_tops(&top);
    if let Some(exception) = hs.unknown_matcher(&top) {
        return compile_failure("state.show_highstate", CompileFailure::Crash(exception), 1);
    }
    let matches = hs.top_matches(&top);
    let (high, render_errors) = hs.render_highstate(&matches);
    errors.extend(render_errors);
    if !errors.is_empty() {
        return Outcome::new(errors_value(errors), 1);
    }
    let high = Value::Map(high);
    let retcode = if check_result(&high) { 0 } else { 1 };
    Outcome::new(high, retcode)
}

fn show_lowstate(minion: &Minion) -> Outcome {
    let mut hs = minion.highstate();
    halite_value::phase("file lists");
    let top = match hs.try_get_top() {
        Ok(top) => top,
        Err(e) => return top_failure("state.show_lowstate", e),
    };
    if let Some(exception) = hs.unknown_matcher(&top) {
        return compile_failure("state.show_lowstate", CompileFailure::Crash(exception), 1);
    }
    let matches = hs.top_matches(&top);
    halite_value::phase("top");
    let (high, mut errors) = hs.render_highstate(&matches);
    // Salt's show_lowstate returns compile errors with exit status 0.
    match halite_compile::try_compile_low_chunks(high, &compile_options(minion)) {
        Ok(chunks) if errors.is_empty() => {
            Outcome::new(Value::List(chunks.into_iter().map(Value::Map).collect()), 0)
        }
        Ok(_) => Outcome::new(errors_value(errors), 0),
        Err(CompileFailure::Errors(compile_errors)) => {
            errors.extend(compile_errors);
            Outcome::new(errors_value(errors), 0)
        }
        Err(crash) => compile_failure("state.show_lowstate", crash, 0),
    }
}

/// `state.show_states`: the sls of the highstate's low chunks, each once, in run order;
/// compile errors are returned as a list (exit 1).
fn show_states(minion: &Minion) -> Outcome {
    let mut hs = minion.highstate();
    let top = match hs.try_get_top() {
        Ok(top) => top,
        Err(e) => return top_failure("state.show_states", e),
    };
    if let Some(exception) = hs.unknown_matcher(&top) {
        return compile_failure("state.show_states", CompileFailure::Crash(exception), 1);
    }
    let matches = hs.top_matches(&top);
    let (high, mut errors) = hs.render_highstate(&matches);
    match halite_compile::try_compile_low_chunks(high, &compile_options(minion)) {
        Ok(chunks) if errors.is_empty() => {
            let mut seen: Vec<Value> = Vec::new();
            for chunk in &chunks {
                if let Some(sls) = chunk.get("__sls__") {
                    if !seen.contains(sls) {
                        seen.push(sls.clone());
                    }
                }
            }
            Outcome::new(Value::List(seen.into_iter().collect()), 0)
        }
        Ok(_) => Outcome::new(errors_value(errors), 1),
        Err(CompileFailure::Errors(compile_errors)) => {
            errors.extend(compile_errors);
            Outcome::new(errors_value(errors), 1)
        }
        Err(crash) => compile_failure("state.show_states", crash, 1),
    }
}

/// `state.id_exists(ids, mods)`: whether every id is among the `__id__`s of
/// `show_low_sls(mods)`. Salt crashes (TypeError) when that returns errors.
fn id_exists(minion: &Minion, args: &[Value], kwargs: &Map) -> Outcome {
    let ids = args.first().or_else(|| kwargs.get("ids"));
    let mods = args.get(1).or_else(|| kwargs.get("mods"));
    let (ids, mods) = match (ids, mods) {
        (Some(i), Some(m)) => (i, m),
        (None, None) => return missing_arguments("state.id_exists", &["ids", "mods"]),
        (None, _) => return missing_arguments("state.id_exists", &["ids"]),
        (_, None) => return missing_arguments("state.id_exists", &["mods"]),
    };
    let low = show_sls(minion, std::slice::from_ref(mods), &Map::new(), true);
    let Value::List(chunks) = &low.ret else {
        return low;
    };
    let mut sls_ids: Vec<String> = Vec::new();
    for chunk in chunks.iter() {
        match chunk.get("__id__") {
            Some(id) if matches!(chunk, Value::Map(_)) => sls_ids.push(id.py_str()),
            _ => {
                return compile_failure(
                    "state.id_exists",
                    CompileFailure::Crash(
                        "TypeError: string indices must be integers, not 'str'".into(),
                    ),
                    1,
                )
            }
        }
    }
    let all = split_input(ids).iter().all(|id| sls_ids.contains(id));
    Outcome::new(Value::Bool(all), 0)
}

/// `state.sls_exists(mods)`: `isinstance(show_sls(mods), dict)`, with show_sls's exit status
/// (1 when it returned errors). Salt 3008 finds fewer errors there (requisite errors come
/// with the graph, after show_sls), so the answer can differ between the releases.
fn sls_exists(minion: &Minion, args: &[Value], kwargs: &Map) -> Outcome {
    if mods_arg(args, kwargs, 0).is_none() {
        return missing_arguments("state.sls_exists", &["mods"]);
    }
    let shown = show_sls(minion, args, kwargs, false);
    if shown.raw.is_some() {
        return shown;
    }
    Outcome::new(
        Value::Bool(matches!(shown.ret, Value::Map(_))),
        shown.retcode,
    )
}

/// `state.show_state_usage`: per environment, which of its sls the top file uses
/// (`HighState.compile_state_usage`).
fn show_state_usage(minion: &Minion) -> Outcome {
    let mut hs = minion.highstate();
    let top = match hs.try_get_top() {
        Ok(top) => top,
        Err(e) => return top_failure("state.show_state_usage", e),
    };
    let errors = hs.verify_tops(&top);
    if !errors.is_empty() {
        return Outcome::new(errors_value(errors), 1);
    }
    if let Some(exception) = hs.unknown_matcher(&top) {
        return compile_failure(
            "state.show_state_usage",
            CompileFailure::Crash(exception),
            1,
        );
    }
    let matches = hs.top_matches(&top);
    let mut usage = Map::new();
    for env in hs.envs() {
        let Some(states) = hs.avail(&env) else {
            continue;
        };
        let env_matches = matches.get(&env);
        let (mut used, mut unused) = (Vec::new(), Vec::new());
        for state in states {
            if env_matches.is_some_and(|m| m.contains(state)) {
                used.push(Value::str(state.clone()));
            } else {
                unused.push(Value::str(state.clone()));
            }
        }
        let (n_used, n_unused) = (used.len() as i64, unused.len() as i64);
        let mut m = Map::new();
        m.insert("used", Value::List(used.into_iter().collect()));
        m.insert("unused", Value::List(unused.into_iter().collect()));
        m.insert("count_all", Value::Int(n_used + n_unused));
        m.insert("count_used", Value::Int(n_used));
        m.insert("count_unused", Value::Int(n_unused));
        usage.insert(env.as_str(), Value::Map(m));
    }
    Outcome::new(Value::Map(usage), 0)
}

/// What a call renders from the file roots: the highstate, or the sls it names first.
pub fn renders(fun: &str, args: &[Value], kwargs: &Map) -> Option<Renders> {
    let mods = |position: usize| {
        mods_arg(args, kwargs, position)
            .filter(|m| m.truthy())
            .map(split_input)
    };
    match fun {
        "state.show_highstate" | "state.show_lowstate" | "state.highstate" => {
            Some(Renders::Highstate)
        }
        "state.apply" | "state.test" => Some(mods(0).map_or(Renders::Highstate, Renders::Sls)),
        "state.sls" | "state.show_sls" | "state.show_low_sls" => mods(0).map(Renders::Sls),
        "state.sls_id" => mods(1).map(Renders::Sls),
        _ => None,
    }
}

/// The `mods` argument of a state function: the positional argument at `position`, else
/// the `mods=` keyword.
pub fn mods_arg<'a>(args: &'a [Value], kwargs: &'a Map, position: usize) -> Option<&'a Value> {
    args.get(position).or_else(|| kwargs.get("mods"))
}

/// `salt.utils.args.split_input`: a comma-separated string or a list.
pub fn split_input(v: &Value) -> Vec<String> {
    match v {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        other => other
            .py_str()
            .split(',')
            .map(|s| s.trim().to_string())
            .collect(),
    }
}

fn show_sls(minion: &Minion, args: &[Value], kwargs: &Map, low: bool) -> Outcome {
    let fun = if low {
        "state.show_low_sls"
    } else {
        "state.show_sls"
    };
    let Some(mods) = mods_arg(args, kwargs, 0) else {
        return missing_arguments(fun, &["mods"]);
    };
    let mods = split_input(mods);
    let mut hs = minion.highstate();
    let saltenv = opts::saltenv(&minion.opts).unwrap_or_else(|| "base".to_string());
    let mut matches = Matches::new();
    matches.insert(saltenv, mods);
    let (high, errors) = hs.render_highstate(&matches);
    if !errors.is_empty() {
        let mut errors = errors;
        errors.extend(halite_compile::verify_high_as(
            &high,
            halite_value::SaltCompat::of(&minion.opts),
        ));
        return Outcome::new(errors_value(errors), 1);
    }
    if low {
        return match halite_compile::compile_show_low_sls(high, &compile_options(minion)) {
            Ok(chunks) => {
                Outcome::new(Value::List(chunks.into_iter().map(Value::Map).collect()), 0)
            }
            Err(failure) => compile_failure("state.show_low_sls", failure, 1),
        };
    }
    match halite_compile::show_sls_as(high, halite_value::SaltCompat::of(&minion.opts)) {
        Ok(high) => Outcome::new(Value::Map(high), 0),
        Err(failure) => compile_failure("state.show_sls", failure, 1),
    }
}

/// `salt.utils.state.check_result` as `_set_retcode` applies it to a return: false for an
/// empty return, a top-level value of the wrong type, or any `result: False`.
pub fn check_result(running: &Value) -> bool {
    check_result_inner(running, false)
}

fn check_result_inner(running: &Value, recurse: bool) -> bool {
    let Value::Map(m) = running else { return false };
    if m.is_empty() {
        return false;
    }
    for (id, result) in m.iter() {
        let expect_list = id.as_str() == Some("__extend__");
        let type_ok = if expect_list {
            matches!(result, Value::List(_))
        } else {
            matches!(result, Value::Map(_))
        };
        if !recurse && !type_ok {
            return false;
        }
        if let Value::Map(r) = result {
            match r.get("result") {
                Some(Value::Bool(false)) => return false,
                Some(_) => {}
                None => {
                    if !check_result_inner(result, true) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// salt-call's exit code for a function's return: `__context__['retcode']` (as
/// `sys.exit` truncates it), else 1 when a dict return has a false `result` or `success`.
fn exec_retcode(context_retcode: i64, ret: &Value) -> u8 {
    if context_retcode != 0 {
        return (context_retcode & 0xff) as u8;
    }
    match ret {
        Value::Map(m)
            if ["result", "success"]
                .iter()
                .any(|k| m.get(k).is_some_and(|v| !v.truthy())) =>
        {
            1
        }
        _ => 0,
    }
}

fn exec_call(minion: &Minion, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Outcome> {
    let saltenv = opts::saltenv(&minion.opts).unwrap_or_else(|| "base".to_string());
    let ctx = minion.exec_context(&saltenv);
    let mut kwargs = kwargs;
    for key in ["saltenv", "pillarenv", "test", "pillar"] {
        kwargs.remove(key);
    }
    // Salt 3008's cmdmod (`_python_shell_default(python_shell, __pub_jid)`): a call from the
    // command line carries a job id, which makes `python_shell` default to True; calls from
    // templates and states have none (3007 decided by `shell` and `cmd_safe` alone).
    const JOB_SHELL_DEFAULT: &[&str] = &[
        "cmd.run",
        "cmd.run_stdout",
        "cmd.run_stderr",
        "cmd.run_all",
        "cmd.retcode",
        "cmd.script",
        "cmd.script_retcode",
        "cmd.run_bg",
    ];
    if halite_value::SaltCompat::of(&minion.opts).is_3008()
        && JOB_SHELL_DEFAULT.contains(&fun)
        && kwargs.get("python_shell").is_none_or(Value::is_null)
    {
        kwargs.insert("python_shell", Value::Bool(true));
    }
    let masked = halite_exec::pillar_masked_on_output(fun, &kwargs, &ctx.opts);
    let args = Args::new(args, kwargs);
    halite_exec::take_invocation_error();
    let result = match fun {
        "sys.doc" => Ok(crate::help::sys_doc(minion, &args.args)),
        // Salt 3008 masks the pillar obfuscate reads before it reads the types.
        "pillar.obfuscate" if minion.registry.contains(fun) => {
            halite_exec::pillar_obfuscate_for_output(&ctx, &args)
        }
        _ => minion.registry.call(&ctx, fun, &args),
    };
    match result {
        Ok(ret) => {
            // Salt 3008's pillar masking: the pillar functions redact what they return
            // to the command line (salt.utils.secret.serial).
            let ret = if masked {
                halite_exec::redact_pillar(&ret)
            } else {
                ret
            };
            let retcode = exec_retcode(ctx.retcode.get(), &ret);
            Ok(Outcome::new(ret, retcode))
        }
        // salt.cli.caller: `missing_fun_string` on stderr, then `sys.exit(-1)`
        Err(ExecError::NotAvailable(name)) => Err(CallerExit {
            message: format!("'{name}' is not available."),
            status: 255,
        }
        .into()),
        // A keyword the function does not take: salt-call's `load_args_and_kwargs` refuses
        // it before the call (SaltInvocationError on stderr, nothing on stdout, exit 1).
        // halite's functions name the first one.
        Err(ExecError::Failed(msg)) if unexpected_keyword(&msg, &args.kwargs).is_some() => {
            let (key, value) = unexpected_keyword(&msg, &args.kwargs).unwrap_or_default();
            Err(CallerExit {
                message: format!("The following keyword arguments are not valid: {key}={value}"),
                status: 1,
            }
            .into())
        }
        // A TypeError (the arguments do not bind): salt-call's "Passed invalid arguments"
        // on stderr and the function's docstring on stdout, exit 1.
        // SaltInvocationError is a TypeError too.
        Err(ExecError::Failed(msg))
            if is_binding_type_error(&msg) || halite_exec::take_invocation_error() =>
        {
            eprint!("\nPassed invalid arguments: {msg}.\n\nUsage:\n");
            let mut o = Outcome::new(Value::Null, 1);
            o.raw = Some(format!("{}\n", exec_docstring(minion, fun)));
            Ok(o)
        }
        Err(ExecError::Failed(msg)) => Ok(Outcome::new(Value::Str(msg.into()), 1)),
        // salt.cli.caller: a CommandExecutionError goes to stderr, exit 1
        Err(ExecError::Command(msg)) => Err(CallerExit {
            message: format!("Error running '{fun}': {msg}"),
            status: 1,
        }
        .into()),
    }
}
