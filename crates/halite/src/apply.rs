//! State runs (salt/modules/state.py `apply_`, `highstate`, `sls`, `sls_id`, `single`,
//! `low`): render and compile as the show_* functions do, then hand the low chunks to the
//! runtime.

use crate::functions::{
    compile_failure, compile_options, errors_value, missing_arguments, mods_arg, pillar_errors,
    split_input, Outcome, EX_PILLAR_FAILURE,
};
use crate::minion::Minion;
use halite_compile::CompileFailure;
use halite_render::highstate::Matches;
use halite_render::opts;
use halite_render::top::TopError;
use halite_runtime::{RunOptions, RuntimeEnv, SingleError};
use halite_value::{limits, List, Map, Value};

pub fn call(minion: &mut Minion, fun: &str, args: &[Value], kwargs: &Map) -> Outcome {
    // Salt refuses a second state run while one is going (`_prior_running_states`); the
    // lock lives until this call returns, and a crashed run's entry is ignored (dead pid).
    let cachedir = opts::get_str(&minion.opts, "cachedir").unwrap_or("/var/cache/salt/minion");
    let concurrent = kwargs.get("concurrent").is_some_and(Value::truthy);
    // A compile-only run (the controller of a fleet run) changes nothing: no lock.
    let _lock = match minion.catalog_only {
        true => None,
        false => {
            match halite_runtime::lock::acquire(std::path::Path::new(cachedir), fun, concurrent) {
                Ok(lock) => Some(lock),
                Err(conflicts) => return Outcome::state_run(errors_value(conflicts), 1),
            }
        }
    };
    let mut test = test_value(minion, kwargs);
    let mods = mods_arg(args, kwargs, 0).filter(|m| m.truthy());
    match fun {
        "state.test" => {
            test = true;
            match mods {
                Some(m) => sls(minion, m, kwargs, test),
                None => highstate(minion, kwargs, test),
            }
        }
        "state.apply" => match mods {
            Some(m) => sls(minion, m, kwargs, test),
            None => highstate(minion, kwargs, test),
        },
        "state.highstate" => highstate(minion, kwargs, test),
        "state.sls" => match mods {
            Some(m) => sls(minion, m, kwargs, test),
            None => missing_arguments("state.sls", &["mods"]),
        },
        "state.sls_id" => sls_id(minion, args, kwargs, test),
        "state.single" => single(minion, args, kwargs, test),
        // state.low takes no `test=`: only the config's `test` applies.
        "state.low" => low(minion, args, minion.config_test),
        // template_str takes no `test=` either (get_sls_opts leaves `test` alone).
        "state.template_str" => template_str(minion, args, kwargs, minion.config_test),
        "state.template" => template(minion, args, kwargs, minion.config_test),
        _ => Outcome::new(Value::str(format!("'{fun}' is not available.")), 1),
    }
}

/// `_get_test_value`: the `test=` argument, else the config's `test`.
fn test_value(minion: &Minion, kwargs: &Map) -> bool {
    match kwargs.get("test") {
        Some(v) => v.truthy(),
        None => opts::get_bool(&minion.opts, "test", false),
    }
}

fn run_options(minion: &Minion, test: bool) -> RunOptions {
    RunOptions {
        test,
        failhard: opts::get_bool(&minion.opts, "failhard", false),
        shell: minion
            .grains
            .get("shell")
            .map(Value::py_str)
            .unwrap_or_else(|| "/bin/bash".into()),
        lock_saltenv: opts::get_bool(&minion.opts, "lock_saltenv", false),
        disabled_requisites: compile_options(minion).disabled_requisites,
        state_runs_disabled: minion.grains.get("state_runs_disabled").map(py_iter),
        run_num_start: 0,
    }
}

/// Python iteration over a value as `for pat in value` sees it (a string yields characters).
pub(crate) fn py_iter(v: &Value) -> Vec<String> {
    match v {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        Value::Str(s) => s.chars().map(String::from).collect(),
        Value::Map(m) => m.keys().map(Value::py_str).collect(),
        _ => Vec::new(),
    }
}

/// `state._disabled(funs)`: the messages for the sls names (or `highstate`) that the
/// `state_runs_disabled` grain (a list) names, exactly or as `prefix.*`.
fn disabled(minion: &Minion, funs: &[String]) -> Vec<String> {
    let Some(Value::List(pats)) = minion.grains.get("state_runs_disabled") else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for state in funs {
        for pat in pats.iter().map(Value::py_str) {
            if pat.contains(".*") {
                let mut target = pat.split('.').next().unwrap_or("").to_string();
                if !target.ends_with('.') {
                    target.push('.');
                }
                if state.starts_with(&target) {
                    out.push(format!("The state file \"{state}\" is currently disabled by \"{pat}\", to re-enable, run state.enable {pat}."));
                }
            } else if pat == *state {
                out.push(format!(
                    "The state file \"{pat}\" is currently disabled, to re-enable, run state.enable {pat}."
                ));
            }
        }
    }
    out
}

fn runtime_env(minion: &Minion, saltenv: &str) -> RuntimeEnv {
    RuntimeEnv::new((*minion.registry).clone(), minion.exec_context(saltenv))
}

fn saltenv(minion: &Minion) -> String {
    opts::saltenv(&minion.opts).unwrap_or_else(|| "base".to_string())
}

/// `State.call_high`: compile, then run the chunks (and the `listen` handlers).
fn call_high(minion: &Minion, high: Map, test: bool) -> Outcome {
    crate::graph::keep_high(&high);
    let options = compile_options(minion);
    // Salt 3008's compile_high_data numbers the chunks `state.disable` leaves out
    // (`_check_disabled` takes a `__run_num__` for each), so the run counts on from there.
    let disabled = match (&options.state_runs_disabled, options.salt_compat.is_3008()) {
        (Some(patterns), true) => halite_compile::compile_high_data(&high, &options)
            .iter()
            .filter(|c| {
                let fun = format!(
                    "{}.{}",
                    c.get("state").map(Value::py_str).unwrap_or_default(),
                    c.get("fun").map(Value::py_str).unwrap_or_default()
                );
                patterns.iter().any(|p| halite_value::fnmatch(&fun, p))
            })
            .count() as i64,
        _ => 0,
    };
    let chunks = match halite_compile::compile_call_high(high, &options) {
        Ok(chunks) => chunks,
        Err(CompileFailure::Errors(errors)) => return Outcome::state_run(errors_value(errors), 1),
        Err(crash) => return compile_failure("state.apply", crash, 1),
    };
    run_chunks(minion, chunks, test, disabled)
}

/// Runs the chunks, numbering the results from `run_num_start`.
fn run_chunks(minion: &Minion, chunks: Vec<Map>, test: bool, run_num_start: i64) -> Outcome {
    if minion.catalog_only {
        let mut o = Outcome::state_run(Value::Null, 0);
        o.chunks = Some(chunks);
        return o;
    }
    let env = runtime_env(minion, &saltenv(minion));
    let options = RunOptions {
        run_num_start,
        ..run_options(minion, test)
    };
    match halite_runtime::apply_chunks(chunks, &options, &env) {
        Ok(running) => {
            let retcode = state_failure_retcode(&running);
            Outcome::state_run(Value::Map(running), retcode)
        }
        Err(aborted) => run_aborted(aborted),
    }
}

/// A run Salt's `State.call` raised out of: `functions::call` reports the exception for the
/// function that was called (`state.apply`, `state.sls`, ...).
fn run_aborted(aborted: halite_runtime::Aborted) -> Outcome {
    let mut o = Outcome::new(Value::Null, 1);
    o.aborted = Some(aborted);
    o
}

/// Salt's `EX_STATE_FAILURE`: what `--retcode-passthrough` exits with when a state failed
/// (salt-call reports 1 otherwise).
pub const EX_STATE_FAILURE: u8 = 2;

fn state_failure_retcode(running: &Map) -> u8 {
    // `check_result` starts with `if not ret: return False`: a run whose states were all
    // excluded (`exclude=` on the command line) is a failed one.
    if running.is_empty() || halite_runtime::retcode(running) != 0 {
        EX_STATE_FAILURE
    } else {
        0
    }
}

/// Salt's stand-in state for a run with nothing to do.
/// A state run refused for pillar errors: Salt's error list, `EX_PILLAR_FAILURE`.
fn pillar_failure(errors: Vec<String>) -> Outcome {
    let mut list = vec!["Pillar failed to render with the following messages:".to_string()];
    list.extend(errors);
    Outcome::state_run(errors_value(list), EX_PILLAR_FAILURE)
}

fn no_states(comment: &str) -> Outcome {
    let mut result = Map::new();
    result.insert("result", Value::Bool(false));
    result.insert("comment", Value::str(comment));
    result.insert("name", Value::str("No States"));
    result.insert("changes", Value::Map(Map::new()));
    result.insert("__run_num__", Value::Int(0));
    let mut ret = Map::new();
    ret.insert("no_|-states_|-states_|-None", Value::Map(result));
    Outcome::state_run(Value::Map(ret), EX_STATE_FAILURE)
}

fn add_cli_exclude(high: &mut Map, kwargs: &Map) {
    let Some(exclude) = kwargs.get("exclude").filter(|e| e.truthy()) else {
        return;
    };
    let items: Vec<Value> = match exclude {
        Value::Str(s) => s.split(',').map(Value::str).collect(),
        Value::List(l) => l.to_vec(),
        other => vec![other.clone()],
    };
    let acc = high.entry_or("__exclude__", Value::List(List::new()));
    if let Value::List(acc) = acc {
        acc.extend(items);
    }
}

/// `BaseHighState.call_highstate`.
fn highstate(minion: &Minion, kwargs: &Map, test: bool) -> Outcome {
    if !disabled(minion, &["highstate".to_string()]).is_empty() {
        let mut ret = Map::new();
        ret.insert(
            "name",
            Value::str("Salt highstate run is disabled. To re-enable, run state.enable highstate"),
        );
        ret.insert("result", Value::str("False"));
        ret.insert("comment", Value::str("Disabled"));
        return Outcome::state_run(Value::Map(ret), 0);
    }
    if let Some(perr) = pillar_errors(minion, kwargs) {
        return pillar_failure(perr);
    }
    let mut hs = minion.highstate();
    let top = match hs.try_get_top() {
        Ok(top) => top,
        Err(TopError::Render { message, .. }) => {
            return no_states(&format!("Unable to render top file: {message}"))
        }
        // Salt returns the traceback of its crash as the error list; halite says what is
        // wrong with the file instead (docs/compat.md)
        Err(TopError::Crash { exception, detail }) => {
            return Outcome::state_run(
                errors_value(vec![format!("{detail} (Salt: {exception})")]),
                1,
            )
        }
    };
    let mut errors = hs.verify_tops(&top);
    if let Some(exception) = hs.unknown_matcher(&top) {
        // Salt's top_matches raises outside call_highstate's handler: salt-call crashes
        return crate::functions::compile_failure(
            "state.apply",
            halite_compile::CompileFailure::Crash(exception),
            1,
        );
    }
    let matches = hs.top_matches(&top);
    if matches.is_empty() {
        return no_states(
            "No Top file or master_tops data matches found. Please see master log for details.",
        );
    }
    let (mut high, render_errors) = hs.render_highstate(&matches);
    add_cli_exclude(&mut high, kwargs);
    errors.extend(render_errors);
    if !errors.is_empty() {
        return Outcome::state_run(errors_value(errors), 1);
    }
    if high.is_empty() {
        return no_states("No states found for this minion");
    }
    call_high(minion, high, test)
}

/// `state.sls`: the named sls files (and their includes) in `saltenv` (default base).
fn sls(minion: &Minion, mods: &Value, kwargs: &Map, test: bool) -> Outcome {
    // `_disabled(mods)` for a list, `_disabled([mods])` for the string as given.
    let names = match mods {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        other => vec![other.py_str()],
    };
    let off = disabled(minion, &names);
    if !off.is_empty() {
        return Outcome::state_run(errors_value(off), 1);
    }
    if let Some(perr) = pillar_errors(minion, kwargs) {
        return pillar_failure(perr);
    }
    let mut hs = minion.highstate();
    let mut matches = Matches::new();
    matches.insert(saltenv(minion), split_input(mods));
    let (mut high, errors) = hs.render_highstate(&matches);
    if !errors.is_empty() {
        return Outcome::state_run(errors_value(errors), 1);
    }
    add_cli_exclude(&mut high, kwargs);
    if high.is_empty() {
        // `_set_retcode({})`: an empty return is a failed run.
        return Outcome::state_run(Value::Map(Map::new()), EX_STATE_FAILURE);
    }
    call_high(minion, high, test)
}

/// `state.sls_id ID SLS`: only the chunks of one ID from the rendered sls files.
fn sls_id(minion: &Minion, args: &[Value], kwargs: &Map, test: bool) -> Outcome {
    let (id, mods) = (
        args.first().or_else(|| kwargs.get("id_")),
        mods_arg(args, kwargs, 1),
    );
    let (Some(id), Some(mods)) = (id, mods) else {
        let missing: Vec<&str> = [("id_", id.is_none()), ("mods", mods.is_none())]
            .into_iter()
            .filter_map(|(n, gone)| gone.then_some(n))
            .collect();
        return missing_arguments("state.sls_id", &missing);
    };
    if let Some(perr) = pillar_errors(minion, kwargs) {
        return pillar_failure(perr);
    }
    let mut hs = minion.highstate();
    let mut matches = Matches::new();
    matches.insert(saltenv(minion), split_input(mods));
    let (high, errors) = hs.render_highstate(&matches);
    if !errors.is_empty() {
        return Outcome::state_run(errors_value(errors), 1);
    }
    // Salt's sls_id compiles without extend (a user's `extend:` is dropped) and runs each
    // chunk of the ID with its requisites.
    let chunks = match halite_compile::compile_sls_id(high, &compile_options(minion)) {
        Ok(c) => c,
        Err(CompileFailure::Errors(e)) => return Outcome::state_run(errors_value(e), 1),
        Err(crash) => return compile_failure("state.sls_id", crash, 1),
    };
    let id = id.py_str();
    if !chunks
        .iter()
        .any(|c| c.get("__id__").map(Value::py_str).as_deref() == Some(&id))
    {
        let msg = format!(
            "No matches for ID '{id}' found in SLS '{}' within saltenv '{}'",
            mods.py_str(),
            saltenv(minion)
        );
        return Outcome::state_run(errors_value(vec![msg]), 1);
    }
    let env = runtime_env(minion, &saltenv(minion));
    match halite_runtime::call_sls_id(chunks, &id, &run_options(minion, test), &env) {
        Ok(running) => {
            let retcode = state_failure_retcode(&running);
            Outcome::state_run(Value::Map(running), retcode)
        }
        Err(aborted) => run_aborted(aborted),
    }
}

/// `state.single mod.fun name=... key=value`: one state, no sls, no requisites.
fn single(minion: &Minion, args: &[Value], kwargs: &Map, test: bool) -> Outcome {
    let fun = args.first().map(Value::py_str);
    let name = args.get(1).or_else(|| kwargs.get("name")).cloned();
    let (Some(fun), Some(name)) = (fun.clone(), name.clone()) else {
        let missing: Vec<&str> = [("fun", fun.is_none()), ("name", name.is_none())]
            .into_iter()
            .filter_map(|(n, gone)| gone.then_some(n))
            .collect();
        return missing_arguments("state.single", &missing);
    };
    let mut state_kwargs = Map::new();
    // `single(fun, name, test=None, queue=None, **kwargs)`: the other keyword arguments
    // (`saltenv`, `pillar`, ...) stay in the chunk, and format_call checks them.
    for (k, v) in kwargs.iter() {
        if !matches!(k.as_str(), Some("name" | "test" | "queue")) {
            state_kwargs.insert(k.clone(), v.clone());
        }
    }
    let env = runtime_env(minion, &saltenv(minion));
    match halite_runtime::call_single(&fun, name, state_kwargs, &run_options(minion, test), &env) {
        Ok(running) => {
            let retcode = state_failure_retcode(&running);
            Outcome::state_run(Value::Map(running), retcode)
        }
        Err(SingleError::Verify(errors)) => Outcome::state_run(errors_value(errors), 1),
        Err(SingleError::Aborted(aborted)) => run_aborted(aborted),
    }
}

/// `state.low '{json}'`: one chunk, the bare result dict back.
fn low(minion: &Minion, args: &[Value], test: bool) -> Outcome {
    let Some(data) = args.first() else {
        return missing_arguments("state.low", &["data"]);
    };
    let Value::Map(chunk) = data else {
        return Outcome::new(
            Value::str(
                "Passed invalid arguments: low() missing 1 required positional argument: 'data'",
            ),
            1,
        );
    };
    let env = runtime_env(minion, &saltenv(minion));
    let ret = match halite_runtime::call_low(chunk.clone(), &run_options(minion, test), &env) {
        Ok(ret) => ret,
        // verify_data's errors: the list is the return, exit 1 (EX_STATE_COMPILER_ERROR)
        Err(SingleError::Verify(errors)) => return Outcome::state_run(errors_value(errors), 1),
        Err(SingleError::Aborted(aborted)) => return run_aborted(aborted),
    };
    let failed = if halite_value::SaltCompat::of(&minion.opts).is_3008() {
        // Salt 3008 fixed the inverted test (`if not check_result(ret)`), but check_result
        // of one bare result dict is always false (its values are not result dicts): every
        // state.low call exits 1 in 3008.
        !crate::functions::check_result(&Value::Map(ret.clone()))
    } else {
        matches!(ret.get("result"), Some(Value::Bool(false)))
    };
    Outcome::state_run(Value::Map(ret), if failed { EX_STATE_FAILURE } else { 0 })
}

/// `state.template(tem)`: the sls file at path `tem` on the minion (`.sls` appended when
/// missing) rendered with `HighState.render_state(tem, saltenv, "", None, local=True)`,
/// `saltenv` the call's `saltenv=` (else `""`), then `call_high`. The pillar errors were
/// checked by `functions::call`.
fn template(minion: &Minion, args: &[Value], kwargs: &Map, test: bool) -> Outcome {
    let Some(tem) = args.first().or_else(|| kwargs.get("tem")) else {
        return missing_arguments("state.template", &["tem"]);
    };
    let mut path = tem.py_str();
    if !path.ends_with(".sls") {
        path.push_str(".sls");
    }
    let saltenv = kwargs.get("saltenv").map(Value::py_str).unwrap_or_default();
    let (high, errors) = minion.highstate().render_local(&path, &saltenv);
    if !errors.is_empty() {
        return Outcome::state_run(errors_value(errors), 1);
    }
    if high.is_empty() {
        // `_set_retcode({})`: an empty return is a failed run.
        return Outcome::state_run(Value::Map(Map::new()), EX_STATE_FAILURE);
    }
    call_high(minion, high, test)
}

/// `state.template_str(tem)`: `State.call_template_str`: the text rendered through the
/// default renderer (or its `#!` line), checked by `State.render_template`, then `call_high`.
fn template_str(minion: &Minion, args: &[Value], kwargs: &Map, test: bool) -> Outcome {
    let Some(tem) = args.first().or_else(|| kwargs.get("tem")) else {
        return missing_arguments("state.template_str", &["tem"]);
    };
    // salt-call reads the argument as YAML: a mapping or list (or number) is no text, and
    // writing it to the template file raises a TypeError.
    let Value::Str(tem) = tem else {
        return compile_failure(
            "state.template_str",
            CompileFailure::Crash("TypeError: write() argument must be str".into()),
            1,
        );
    };
    // compile_template: an empty template renders to `{}`, returned as it is.
    if tem.trim().is_empty() {
        return Outcome::state_run(Value::Map(Map::new()), 1);
    }
    let saltenv = saltenv(minion);
    let ctx = minion.exec_context(&saltenv);
    let Some(renderer) = ctx.renderer.clone() else {
        return Outcome::new(Value::str("halite: no renderer for state.template_str"), 1);
    };
    let job = halite_exec::RenderJob {
        input: halite_exec::TemplateInput::String(tem.to_string()),
        default_pipe: opts::get_str(&minion.opts, "renderer")
            .unwrap_or("jinja|yaml")
            .to_string(),
        saltenv,
        sls: String::new(),
        vars: Map::new(),
    };
    let high = match renderer.compile_template(&ctx, &job) {
        Ok(v) => v,
        // Salt's SaltRenderError escapes to salt-call's global handler: nothing on stdout.
        Err(e) => {
            return compile_failure(
                "state.template_str",
                CompileFailure::Crash(format!("SaltRenderError: {e}")),
                1,
            )
        }
    };
    if !high.truthy() {
        return Outcome::state_run(Value::Map(Map::new()), 1);
    }
    let template = "<template-str>";
    let Value::Map(mut high) = high else {
        return Outcome::state_run(
            errors_value(vec![format!(
                "Template {template} does not render to a dictionary"
            )]),
            1,
        );
    };
    let mut errors = Vec::new();
    for item in ["include", "exclude", "extends"] {
        if high.contains_key(item) {
            errors.push(format!(
                "The '{item}' declaration found on '{template}' is invalid when rendering single templates"
            ));
            return Outcome::state_run(errors_value(errors), 1);
        }
    }
    let names: Vec<Value> = high.keys().cloned().collect();
    for name in names {
        let Some(body) = high.get_value(&name).cloned() else {
            continue;
        };
        let body = match body {
            Value::Map(m) => m,
            Value::Str(text) => {
                if let Some((module, fun)) = text.split_once('.') {
                    let fun = fun.split('.').next().unwrap_or(fun);
                    let mut m = Map::new();
                    m.insert(
                        module,
                        Value::List(vec![Value::str(fun)].into_iter().collect()),
                    );
                    high.insert(name.clone(), Value::Map(m));
                } else {
                    errors.push(format!(
                        "ID {} in template {template} is not a dictionary",
                        name.py_str()
                    ));
                }
                continue;
            }
            // Salt goes on with a non-dict, non-string body (and crashes on it later).
            _ => continue,
        };
        let mut keys: Vec<String> = body.keys().map(Value::py_str).collect();
        keys.sort();
        let mut new_body = body.clone();
        let mut skeys: Vec<String> = Vec::new();
        for key in keys {
            if key.starts_with('_') {
                continue;
            }
            let Some(v) = body.get(key.as_str()) else {
                continue;
            };
            if v.is_null() {
                errors.push(format!(
                    "ID '{}' in template {template} contains a short declaration ({key}) with a trailing colon. When not passing any arguments to a state, the colon must be omitted.",
                    name.py_str()
                ));
                continue;
            }
            let Value::List(list) = v else { continue };
            if let Some((module, fun)) = key.split_once('.') {
                let fun = fun.split('.').next().unwrap_or(fun);
                if skeys.iter().any(|k| k == module) {
                    errors.push(format!(
                        "ID '{}' in template '{template}' contains multiple state declarations of the same type",
                        name.py_str()
                    ));
                    continue;
                }
                let mut list = list.clone();
                list.push(Value::str(fun));
                new_body.remove(key.as_str());
                new_body.insert(module, Value::List(list));
                skeys.push(module.to_string());
                continue;
            }
            skeys.push(key);
        }
        high.insert(name, Value::Map(new_body));
    }
    if !errors.is_empty() {
        return Outcome::state_run(errors_value(errors), 1);
    }
    call_high(minion, high, test)
}

/// `state.pkg PKG_PATH PKG_SUM HASH_TYPE [test=]` (salt/modules/state.py `pkg`): runs a
/// packaged catalog (halite's or salt-ssh's `state.pkg` tarball). The archive must have the
/// given sha256; it is unpacked in memory, refusing any member that would land outside
/// (halite_catalog), its salt:// files written to a fresh 0700 folder that is the run's
/// file roots and is removed afterwards; `pillar.json` is merged over the pillar and
/// `roster_grains.json` over the grains, then the chunks run as `state.apply` runs them.
pub fn pkg(minion: &mut Minion, args: &[Value], kwargs: &Map) -> Outcome {
    let arg = |pos: usize, name: &str| {
        args.get(pos)
            .or_else(|| kwargs.get(name))
            .map(Value::py_str)
    };
    let (Some(path), Some(sum), Some(hash_type)) =
        (arg(0, "pkg_path"), arg(1, "pkg_sum"), arg(2, "hash_type"))
    else {
        let missing: Vec<&str> = [
            ("pkg_path", arg(0, "pkg_path").is_none()),
            ("pkg_sum", arg(1, "pkg_sum").is_none()),
            ("hash_type", arg(2, "hash_type").is_none()),
        ]
        .into_iter()
        .filter_map(|(n, gone)| gone.then_some(n))
        .collect();
        return missing_arguments("state.pkg", &missing);
    };
    let refuse =
        |why: String| Outcome::state_run(errors_value(vec![format!("state.pkg: {why}")]), 1);
    if hash_type != "sha256" {
        return refuse(format!(
            "hash_type {hash_type} is not supported (sha256 only)"
        ));
    }
    // `-`: the archive on standard input (halite ssh sends it so, nothing written first).
    // Either way at most the catalog bound is read (`halite_value::limits`).
    let from_stdin = path == "-";
    let (limit, knob) = (limits::max_catalog_bytes(), limits::CATALOG_ENV);
    let data = if from_stdin {
        match limits::read_stream_bounded(std::io::stdin().lock(), limit, knob) {
            Ok(d) => d,
            Err(e) => return refuse(format!("reading the archive from standard input: {e}")),
        }
    } else {
        match limits::read_bounded(std::path::Path::new(&path), limit, knob) {
            Ok(d) => d,
            Err(e) => return refuse(format!("{path}: {e}")),
        }
    };
    let actual = halite_catalog::sha256_hex(&data);
    if actual != sum.to_ascii_lowercase() {
        return refuse(format!("{path}: sha256 {actual} is not the pkg_sum {sum}"));
    }
    // The salt:// files go to a fresh 0700 folder: beside the archive, else in the temp
    // folder. An archive from standard input (halite ssh): a `run.*` folder in the
    // cachedir, which a later halite ssh command removes if this run is killed
    // (`ssh::host_setup`).
    let fresh = |prefix: &str, dir: Option<&std::path::Path>| {
        use std::os::unix::fs::PermissionsExt;
        let mut b = tempfile::Builder::new();
        b.prefix(prefix)
            .permissions(std::fs::Permissions::from_mode(0o700));
        match dir {
            Some(d) => b.tempdir_in(d),
            None => b.tempdir(),
        }
    };
    let beside = if from_stdin {
        let cachedir = opts::get_str(&minion.opts, "cachedir").unwrap_or("/var/cache/salt/minion");
        std::fs::create_dir_all(cachedir)
            .ok()
            .and_then(|()| fresh("run.", Some(std::path::Path::new(cachedir))).ok())
    } else {
        std::path::Path::new(&path)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .and_then(|dir| fresh("halite-pkg.", Some(dir)).ok())
    };
    let root = match beside.map(Ok).unwrap_or_else(|| fresh("halite-pkg.", None)) {
        Ok(r) => r,
        Err(e) => return refuse(format!("cannot create a folder for the archive: {e}")),
    };
    // The files stream to the folder as the archive is read: only its JSON members are
    // held in memory.
    let (catalog, envs) = match halite_catalog::Catalog::unpack_into(&data, root.path()) {
        Ok(c) => c,
        Err(e) => return refuse(format!("{path}: {e}")),
    };
    drop(data);
    // A catalog runs as the Salt release it was compiled for (its `salt_compat`); one
    // without it (salt-ssh's, or halite's format 1) as this minion's.
    match catalog.salt_compat() {
        Ok(Some(compat)) => {
            minion
                .opts
                .insert(halite_value::SALT_COMPAT_KEY, Value::str(compat.name()));
        }
        Ok(None) => {}
        Err(e) => return refuse(format!("{path}: {e}")),
    }
    let Some(chunks) = catalog.chunks() else {
        // Salt returns a lowstate that is not a list of chunks (an error list) as it is.
        return Outcome::state_run(catalog.lowstate.clone(), 1);
    };
    let mut roots = Map::new();
    for env in envs {
        let dir = root.path().join(&env).display().to_string();
        roots.insert(env, Value::List(vec![Value::str(dir)].into()));
    }
    minion.opts.insert("file_roots", Value::Map(roots));
    if let Some(Value::Map(over)) = &catalog.pillar {
        if let Value::Map(pillar) = &mut minion.pillar {
            let merge_lists = opts::get_bool(&minion.opts, "pillar_merge_lists", false);
            halite_value::merge_recurse(pillar, over, merge_lists);
        }
        minion.opts.insert("pillar", minion.pillar.clone());
    }
    if let Some(Value::Map(grains)) = &catalog.roster_grains {
        if let Value::Map(g) = &mut minion.grains {
            for (k, v) in grains.iter() {
                g.insert(k.clone(), v.clone());
            }
        }
        minion.opts.insert("grains", minion.grains.clone());
    }
    let test = test_value(minion, kwargs);
    let outcome = run_chunks(minion, chunks, test, 0);
    drop(root);
    outcome
}
