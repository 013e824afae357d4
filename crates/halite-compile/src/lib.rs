//! halite's compile stage: high data (as `state.show_highstate` prints it, with `__extend__`
//! and `__exclude__`) to the ordered low chunks `state.show_lowstate` prints, exactly as
//! Salt 3007.8's `salt/state.py` does it.
//!
//! The steps are Salt's, one module each, and public so that every Salt entry point can be
//! reproduced: [`reconcile_extend`], [`verify_high`], [`requisite_in`], [`apply_exclude`],
//! [`compile_high_data`] (which calls [`order_chunks`]). The pipelines in this file chain
//! them the way Salt's callers do; they differ in which steps run and when errors stop.
use halite_value::{Map, Value};

mod chunks;
mod exclude;
mod extend;
mod find;
mod py;
mod requisite_in;
mod verify;

pub use chunks::{compile_high_data_crash, order_chunks};
pub use exclude::apply_exclude;
pub use extend::reconcile_extend;
pub use find::{find_name, state_args, NameIndex};
pub use py::fnmatch;
pub use requisite_in::requisite_in;
pub use verify::{verify_high, verify_high_crash};

/// Salt's `STATE_REQUISITE_KEYWORDS`, the first 13 of [`STATE_INTERNAL_KEYWORDS`]: the
/// arguments `reconcile_extend` appends to instead of replacing, and those popped from a
/// listener's `mod_watch` chunk.
pub const STATE_REQUISITE_KEYWORDS: &[&str] = STATE_INTERNAL_KEYWORDS.split_at(13).0;

/// Salt's `STATE_INTERNAL_KEYWORDS` (requisites, their `_in` forms and the runtime keywords):
/// what `format_call` keeps out of a state function's `**kwargs`.
pub const STATE_INTERNAL_KEYWORDS: &[&str] = &[
    "onchanges",
    "onchanges_any",
    "onfail",
    "onfail_any",
    "onfail_all",
    "onfail_stop",
    "prereq",
    "prerequired",
    "watch",
    "watch_any",
    "require",
    "require_any",
    "listen",
    "onchanges_in",
    "onfail_in",
    "prereq_in",
    "watch_in",
    "require_in",
    "listen_in",
    "fun",
    "state",
    "check_cmd",
    "cmd_opts_exclude",
    "failhard",
    "onlyif",
    "unless",
    "creates",
    "retry",
    "order",
    "parallel",
    "reload_modules",
    "reload_grains",
    "reload_pillar",
    "runas",
    "runas_password",
    "fire_event",
    "saltenv",
    "umask",
    "use",
    "use_in",
    "__env__",
    "__sls__",
    "__id__",
    "__sls_included_from__",
    "__orchestration_jid__",
    "__pub_user",
    "__pub_arg",
    "__pub_jid",
    "__pub_fun",
    "__pub_tgt",
    "__pub_ret",
    "__pub_pid",
    "__pub_tgt_type",
    "__prereq__",
    "__prerequired__",
    "__umask__",
];

#[derive(Debug, Clone)]
pub struct CompileOptions {
    /// `state_auto_order` from the minion config (default true). Salt applies it while
    /// rendering; compiling behaves the same either way (chunks without an `order` get the
    /// cap and keep `name_order`), so it is informational here.
    pub state_auto_order: bool,
    /// `disabled_requisites` from the minion config: requisite_in keys to ignore.
    pub disabled_requisites: Vec<String>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            state_auto_order: true,
            disabled_requisites: Vec::new(),
        }
    }
}

/// Why compiling failed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CompileFailure {
    /// Salt's list of error strings (what `show_lowstate` prints as a JSON list).
    #[error("{}", .0.join("\n"))]
    Errors(Vec<String>),
    /// Salt itself raised a Python exception on this data; the string names it. salt-call
    /// exits 1: for a `TypeError` (e.g. `requisite_in` iterating the `None` body of
    /// `mod.fun:`) it prints the called function's docstring on stdout, for other exceptions
    /// (`StopIteration` from `verify_high` on an empty dict) stdout is empty.
    #[error("{0}")]
    Crash(String),
}

/// High data to ordered low chunks as `state.show_lowstate` does
/// (`BaseHighState.compile_low_chunks`): reconcile_extend, verify_high, requisite_in and
/// apply_exclude all run, their errors are collected, and any error stops compilation.
///
/// A Salt crash is reported as a single error string; use [`try_compile_low_chunks`] to tell
/// the two apart.
pub fn compile_low_chunks(high: Map, opts: &CompileOptions) -> Result<Vec<Map>, Vec<String>> {
    try_compile_low_chunks(high, opts).map_err(|e| match e {
        CompileFailure::Errors(errors) => errors,
        CompileFailure::Crash(msg) => vec![msg],
    })
}

/// [`compile_low_chunks`] with Salt crashes told apart from Salt's error lists.
pub fn try_compile_low_chunks(
    mut high: Map,
    opts: &CompileOptions,
) -> Result<Vec<Map>, CompileFailure> {
    let mut errors = reconcile_extend(&mut high, false);
    errors.extend(verify_high_checked(&high)?);
    check_requisite_in_crash(&high)?;
    errors.extend(requisite_in(&mut high, opts));
    apply_exclude(&mut high);
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high)
}

/// The compile half of `State.call_high` (`state.apply`, `state.sls`, `state.highstate`,
/// `state.high`): reconcile_extend and verify_high errors stop before requisite_in runs.
pub fn compile_call_high(mut high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    let mut errors = reconcile_extend(&mut high, false);
    errors.extend(verify_high_checked(&high)?);
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    check_requisite_in_crash(&high)?;
    let errors = requisite_in(&mut high, opts);
    apply_exclude(&mut high);
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high)
}

/// `state.show_low_sls`: verify_high, then compile_high_data; no extend, requisite_in or
/// exclude processing (Salt skips them there).
pub fn compile_show_low_sls(high: Map, _opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    let errors = verify_high_checked(&high)?;
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high)
}

/// `state.sls_id`: verify_high and requisite_in (which replaces any user `__extend__` with
/// its own, so user extends are dropped, as in Salt); no exclude processing.
pub fn compile_sls_id(mut high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    let mut errors = verify_high_checked(&high)?;
    check_requisite_in_crash(&high)?;
    errors.extend(requisite_in(&mut high, opts));
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high)
}

/// `state.show_sls`: the high data itself, or verify_high's errors.
pub fn show_sls(high: Map) -> Result<Map, CompileFailure> {
    let errors = verify_high_checked(&high)?;
    if errors.is_empty() {
        Ok(high)
    } else {
        Err(CompileFailure::Errors(errors))
    }
}

/// Salt's `compile_high_data` entry as the brief names it: builds and orders the chunks of
/// already-reconciled high data (no verification).
pub fn compile_high_data(high: &Map, _opts: &CompileOptions) -> Vec<Map> {
    chunks::compile_high_data(high)
}

/// compile_high_data, or the exception Salt raises while building the chunks.
fn compile_checked(high: Map) -> Result<Vec<Map>, CompileFailure> {
    match chunks::compile_high_data_crash(&high) {
        Some(crash) => Err(CompileFailure::Crash(crash)),
        None => Ok(chunks::compile_high_data_owned(high)),
    }
}

/// verify_high, or the exception Salt's verify_high raises on this data.
fn verify_high_checked(high: &Map) -> Result<Vec<String>, CompileFailure> {
    match verify_high_crash(high) {
        Some(crash) => Err(CompileFailure::Crash(crash)),
        None => Ok(verify_high(high)),
    }
}

/// `requisite_in` runs `for arg in run` over every state body; a body Python cannot iterate
/// (`None` from `mod.fun:` with a trailing colon, a number, a bool) raises TypeError.
fn check_requisite_in_crash(high: &Map) -> Result<(), CompileFailure> {
    for body in high.values().filter_map(Value::as_map) {
        for (state, run) in body.iter() {
            if matches!(state, Value::Str(s) if s.starts_with("__")) {
                continue;
            }
            if matches!(
                run,
                Value::Null | Value::Int(_) | Value::Float(_) | Value::Bool(_)
            ) {
                let ty = match run {
                    Value::Null => "NoneType",
                    other => other.type_name(),
                };
                return Err(CompileFailure::Crash(format!(
                    "TypeError: '{ty}' object is not iterable"
                )));
            }
        }
    }
    Ok(())
}
