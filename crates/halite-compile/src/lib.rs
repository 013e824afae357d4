//! halite's compile stage: high data (as `state.show_highstate` prints it, with `__extend__`
//! and `__exclude__`) to the ordered low chunks `state.show_lowstate` prints, exactly as
//! Salt 3007.8's `salt/state.py` does it.
//!
//! The steps are Salt's, one module each, and public so that every Salt entry point can be
//! reproduced: [`reconcile_extend`], [`verify_high`], [`requisite_in`], [`apply_exclude`],
//! [`compile_high_data`] (which calls [`order_chunks`]). The pipelines in this file chain
//! them the way Salt's callers do; they differ in which steps run and when errors stop.
use halite_value::{Map, SaltCompat, Value};

mod chunks;
mod diagnose;
mod exclude;
mod extend;
mod find;
mod graph;
mod py;
mod requisite_in;
mod verify;

pub use chunks::{compile_high_data_crash, order_chunks};
pub use diagnose::{place as place_diagnostics, requisite_hint};
pub use exclude::apply_exclude;
pub use extend::reconcile_extend;
pub use find::{find_name, state_args, NameIndex};
pub use graph::{order_chunks_graph, Edge, StateGraph, StateNode};
pub use py::fnmatch;
pub use requisite_in::requisite_in;
use requisite_in::{collect_requisite_in, RequisiteIn};
pub use verify::{verify_high, verify_high_as, verify_high_crash, verify_high_crash_as};

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
    "__prerequiring__",
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
    /// The Salt release to compile as: 3008 orders the chunks by the requisite graph
    /// (crate::graph), 3007 by order and name.
    pub salt_compat: SaltCompat,
    /// The `state_runs_disabled` grain (`mod.fun` globs): Salt 3008 leaves the chunks it
    /// names out of the compiled list (3007 dropped them when running).
    pub state_runs_disabled: Option<Vec<String>>,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions {
            state_auto_order: true,
            disabled_requisites: Vec::new(),
            salt_compat: SaltCompat::default(),
            state_runs_disabled: None,
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
    halite_value::phase("reconcile_extend");
    let (verified, requisite_in) = verify_beside_requisite_in(&high, opts);
    halite_value::phase("verify_high beside requisite_in collection");
    errors.extend(verified?);
    errors.extend(requisite_in?.apply(&mut high));
    apply_exclude(&mut high);
    halite_value::phase("requisite_in apply, exclude");
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high, opts)
}

/// The compile half of `State.call_high` (`state.apply`, `state.sls`, `state.highstate`,
/// `state.high`): reconcile_extend and verify_high errors stop before requisite_in runs.
pub fn compile_call_high(mut high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    let mut errors = reconcile_extend(&mut high, false);
    let (verified, requisite_in) = verify_beside_requisite_in(&high, opts);
    errors.extend(verified?);
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    let errors = requisite_in?.apply(&mut high);
    apply_exclude(&mut high);
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high, opts)
}

/// `state.show_low_sls`: verify_high, then compile_high_data; no extend, requisite_in or
/// exclude processing (Salt skips them there).
pub fn compile_show_low_sls(high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    let errors = verify_high_checked(&high, opts.salt_compat)?;
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high, opts)
}

/// `state.sls_id`: verify_high and requisite_in (which replaces any user `__extend__` with
/// its own, so user extends are dropped, as in Salt); no exclude processing.
pub fn compile_sls_id(mut high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    let mut errors = verify_high_checked(&high, opts.salt_compat)?;
    check_requisite_in_crash(&high)?;
    errors.extend(requisite_in(&mut high, opts));
    if !errors.is_empty() {
        return Err(CompileFailure::Errors(errors));
    }
    compile_checked(high, opts)
}

/// `state.show_sls`: the high data itself, or Salt 3007.8's verify_high errors.
pub fn show_sls(high: Map) -> Result<Map, CompileFailure> {
    show_sls_as(high, SaltCompat::V3007)
}

/// `state.show_sls` as the given Salt release: the high data itself, or verify_high's errors.
pub fn show_sls_as(high: Map, compat: SaltCompat) -> Result<Map, CompileFailure> {
    let errors = verify_high_checked(&high, compat)?;
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

/// compile_high_data, or the exception Salt raises while building the chunks. Salt 3008
/// orders them by the requisite graph, which also reports requisites that match nothing and
/// cycles (3007 found those while running).
fn compile_checked(high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
    if let Some(crash) = chunks::compile_high_data_crash(&high) {
        return Err(CompileFailure::Crash(crash));
    }
    if opts.salt_compat.is_3008() {
        return graph::order_chunks_graph(chunks_3008(high, opts), &opts.disabled_requisites)
            .map_err(CompileFailure::Errors);
    }
    Ok(chunks::compile_high_data_owned(high))
}

/// Salt 3008's `compile_high_data` up to `order_chunks`: the chunks in high data order,
/// less those `_check_disabled` matches (the run then reports nothing for such a chunk; a
/// requisite on it matches nothing).
fn chunks_3008(high: Map, opts: &CompileOptions) -> Vec<Map> {
    let mut chunks = chunks::compile_unsorted(high);
    if let Some(patterns) = &opts.state_runs_disabled {
        chunks.retain(|c| {
            let fun = format!(
                "{}.{}",
                c.get("state").map(Value::py_str).unwrap_or_default(),
                c.get("fun").map(Value::py_str).unwrap_or_default()
            );
            !patterns.iter().any(|p| fnmatch(&fun, p))
        });
    }
    chunks
}

/// The requisite graph Salt 3008's `compile_high_data` builds of `high` (what `state.graph`
/// prints), in any Salt mode; the same graph the 3008 compile orders the chunks by.
pub fn state_graph(high: Map, opts: &CompileOptions) -> StateGraph {
    graph::state_graph(chunks_3008(high, opts), &opts.disabled_requisites)
}

/// Whether high data with `ids` IDs is compiled on two threads: only when there are two
/// cores, and enough IDs that a thread (tens of microseconds to start) pays off.
pub(crate) fn two_threads(ids: usize) -> bool {
    ids >= TWO_THREADS_MIN_IDS && halite_value::available_cores() > 1
}

const TWO_THREADS_MIN_IDS: usize = 256;

/// [`verify_high_checked`] and [`check_requisite_in_crash`], then the reading half of
/// [`requisite_in`], as Salt runs them; the last is only meaningful when the first two
/// pass. All of them only read the high data, so with [`two_threads`] verify_high runs on
/// a second thread while this one runs the crash checks and collects the extensions; the
/// results are the sequential ones.
fn verify_beside_requisite_in(
    high: &Map,
    opts: &CompileOptions,
) -> (
    Result<Vec<String>, CompileFailure>,
    Result<RequisiteIn, CompileFailure>,
) {
    let compat = opts.salt_compat;
    let checks = |high: &Map| {
        let verified = verify_high_checked(high, compat);
        let crash = match verified {
            Ok(_) => check_requisite_in_crash(high),
            Err(_) => Ok(()),
        };
        (verified, crash)
    };
    if !two_threads(high.len()) {
        let (verified, crash) = checks(high);
        let collected = match (&verified, crash) {
            (Ok(_), Ok(())) => Ok(collect_requisite_in(high, opts)),
            (_, Err(crash)) => Err(crash),
            (Err(_), _) => Ok(RequisiteIn::default()),
        };
        return (verified, collected);
    }
    // verify_high is the longest of the four; the two crash checks go with the collection
    // so that both threads take about as long. verify_high and the collection never fail
    // on data the crash checks reject: their results only go to waste then.
    std::thread::scope(|scope| {
        let helper = scope.spawn(|| verify_high_as(high, compat));
        let verify_crash = verify_high_crash_as(high, compat);
        let crash = match verify_crash {
            None => check_requisite_in_crash(high),
            Some(_) => Ok(()),
        };
        let collected = collect_requisite_in(high, opts);
        let verified = match helper.join() {
            Ok(errors) => errors,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        match verify_crash {
            Some(crash) => (
                Err(CompileFailure::Crash(crash)),
                Ok(RequisiteIn::default()),
            ),
            None => (Ok(verified), crash.map(|()| collected)),
        }
    })
}

/// verify_high, or the exception Salt's verify_high raises on this data.
fn verify_high_checked(high: &Map, compat: SaltCompat) -> Result<Vec<String>, CompileFailure> {
    match verify_high_crash_as(high, compat) {
        Some(crash) => Err(CompileFailure::Crash(crash)),
        None => Ok(verify_high_as(high, compat)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::py::single;

    /// The pipeline of `try_compile_low_chunks` written out step after step.
    fn sequential(mut high: Map, opts: &CompileOptions) -> Result<Vec<Map>, CompileFailure> {
        let mut errors = reconcile_extend(&mut high, false);
        if let Some(crash) = verify_high_crash(&high) {
            return Err(CompileFailure::Crash(crash));
        }
        errors.extend(verify_high(&high));
        check_requisite_in_crash(&high)?;
        errors.extend(requisite_in(&mut high, opts));
        apply_exclude(&mut high);
        if !errors.is_empty() {
            return Err(CompileFailure::Errors(errors));
        }
        match compile_high_data_crash(&high) {
            Some(crash) => Err(CompileFailure::Crash(crash)),
            None => Ok(compile_high_data(&high, opts)),
        }
    }

    fn text(result: Result<Vec<Map>, CompileFailure>) -> String {
        match result {
            Ok(chunks) => Value::List(chunks.into_iter().map(Value::Map).collect()).to_json(),
            Err(e) => format!("{e:?}"),
        }
    }

    /// 400 IDs requiring and watching each other, with `flaw` mixed into one of them.
    fn high(flaw: Option<(&str, Value)>) -> Map {
        let mut high = Map::new();
        for i in 0..400 {
            let mut run = vec![
                Value::str("managed"),
                single("name", Value::str(format!("/f{i}"))),
                single(
                    "require",
                    Value::List(
                        vec![single("file", Value::str(format!("id{}", (i + 1) % 400)))].into(),
                    ),
                ),
            ];
            if i % 3 == 0 {
                run.push(single(
                    "watch_in",
                    Value::List(
                        vec![single("file", Value::str(format!("id{}", (i + 7) % 400)))].into(),
                    ),
                ));
            }
            let mut body = Map::new();
            body.insert("file", Value::List(run.into()));
            body.insert("__sls__", Value::str("s"));
            body.insert("__env__", Value::str("base"));
            high.insert(format!("id{i}"), Value::Map(body));
        }
        if let Some((state, run)) = flaw {
            if let Some(body) = high.get_mut("id200").and_then(Value::as_map_mut) {
                body.insert(state, run);
            }
        }
        high
    }

    #[test]
    fn checks_beside_requisite_in_give_the_sequential_results() {
        // `sequential` spells out Salt 3007.8's pipeline.
        let opts = CompileOptions {
            salt_compat: SaltCompat::V3007,
            ..CompileOptions::default()
        };
        let flaws = [
            None,
            // verify_high errors: no function, and a requisite list that is not a list.
            Some((
                "pkg",
                Value::List(vec![single("name", Value::str("x"))].into()),
            )),
            Some((
                "service",
                Value::List(vec![Value::str("running"), single("require", Value::str("x"))].into()),
            )),
            // requisite_in errors: a dotted requisite_in target and an unknown one.
            Some((
                "cmd",
                Value::List(
                    vec![
                        Value::str("run"),
                        single(
                            "require_in",
                            Value::List(
                                (vec![
                                    single("file.managed", Value::str("id3")),
                                    single("file", Value::str("nowhere")),
                                ])
                                .into(),
                            ),
                        ),
                    ]
                    .into(),
                ),
            )),
            // Salt crashes: in verify_high (an empty argument dict) and in requisite_in (a
            // state without arguments but with a trailing colon).
            Some((
                "pkg",
                Value::List(vec![Value::str("installed"), Value::Map(Map::new())].into()),
            )),
            Some(("pkg.installed", Value::Null)),
        ];
        for (i, flaw) in flaws.into_iter().enumerate() {
            let label = format!("{flaw:?}");
            let high = high(flaw);
            let expected = text(sequential(high.clone(), &opts));
            // Each flaw fails the compile, as an error list (1-3) or a crash (4-5).
            let kind = ["[", "Errors", "Errors", "Errors", "Crash", "Crash"];
            assert!(expected.starts_with(kind[i]), "{label}: {expected}");
            assert_eq!(
                text(try_compile_low_chunks(high, &opts)),
                expected,
                "{label}"
            );
        }
    }
}
