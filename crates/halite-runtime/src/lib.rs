//! halite's runtime: low chunks in, the running dictionary out. This mirrors Salt 3007.8's
//! `salt.state.State` (`call_high` after compilation): `call_chunks` walks the chunks in order,
//! `call_chunk` evaluates requisites depth-first, `check_requisite` decides whether a chunk runs,
//! `call` runs one state function with the global arguments (onlyif/unless/creates, check_cmd,
//! retry, umask, parallel) and `call_listen` appends the `listen` mod_watch runs.
//!
//! Wiring it into salt-call commands:
//! - `state.apply` / `state.sls` / `state.highstate`: compile to low chunks, then
//!   [`apply_chunks`]`(chunks, &opts, &env)` -> running; print `{"local": running}`; exit with
//!   [`retcode`]`(&running)` (1 when any result is False).
//! - `state.single fun name=... k=v`: [`call_single`]; `Err(SingleError::Verify(list))` is
//!   printed as the return (exit 1).
//! - `state.low '{...}'`: [`call_low`] (a bare result dict; Salt ignores `test=` here), or
//!   `Err(SingleError::Verify(list))` as `state.single`.
//! - Each of them is `Err(Aborted)` when Salt's `State.call` raised out of the run (a state
//!   function given keyword arguments it does not take, checked against Salt's argspecs in
//!   halite-states' `invalid_keywords`).
//! - Only one state run at a time: [`lock::acquire`]`(cachedir, "state.apply", concurrent)`
//!   before running; `Err(messages)` is printed as the return with exit 1.
//!
//! `RunOptions::test` is `test=` from the command line, else `test:` from the minion config;
//! `failhard` and `disabled_requisites` come from the minion config, `shell` and
//! `state_runs_disabled` from the grains.
//!
//! `state_aggregate` / `aggregate`: Salt's `_mod_aggregate` only changes a chunk when its state
//! module has a `mod_aggregate` (pkg, iptables in 3007.8): `call_chunk` runs the module's
//! `mod_aggregate` (registered in halite-states' `StateRegistry`; pkg's) and then its
//! `mod_init` once per run, as Salt does (tests/cases/state_aggregate,
//! tests/host-cases/pkg_aggregate).

mod checks;
pub mod lock;
mod state;

pub use state::{apply_chunks, call_chunks, call_low, call_single, call_sls_id};

/// A run Salt ends by raising out of `State.call` instead of returning its running dict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Aborted {
    /// `format_call`'s SaltInvocationError: a chunk has keyword arguments its state function
    /// does not take (the text: "'bogus' is an invalid keyword argument for 'mod.fun'").
    /// The states before it ran; salt-call prints "Passed invalid arguments: TEXT." and the
    /// called function's docstring, exit 1.
    InvalidArguments(String),
    /// An exception Salt's own code raises on data it accepted (a Salt bug halite
    /// reproduces, named where it is detected): salt-call's handler logs the traceback, prints
    /// nothing on stdout, exit 1. The text is the traceback's last line.
    SaltCrash(String),
}

/// Why `state.single` returned no running dict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SingleError {
    /// `verify_data`'s errors (or "Invalid function passed"): the return, exit 1.
    Verify(Vec<String>),
    Aborted(Aborted),
}

use halite_exec::{ExecContext, Registry};
use halite_states::StateRegistry;
use halite_value::{Map, Value};

/// The options of a run (Salt's `__opts__` keys the runtime reads).
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// `test=True`.
    pub test: bool,
    /// `failhard` from the minion config (a state's own `failhard` wins).
    pub failhard: bool,
    /// `disabled_requisites`.
    pub disabled_requisites: Vec<String>,
    /// The `shell` grain: the shell for cmd states and onlyif/unless commands.
    pub shell: String,
    /// `lock_saltenv`.
    pub lock_saltenv: bool,
    /// The `state_runs_disabled` grain (`state.disable`): `mod.fun` globs whose chunks do not
    /// run (`None` when the grain is absent).
    pub state_runs_disabled: Option<Vec<String>>,
    /// The first `__run_num__` (Salt 3008 numbers the chunks `state.disable` left out at
    /// compile time first, so a run's results count from their number).
    pub run_num_start: i64,
}

impl Default for RunOptions {
    fn default() -> Self {
        RunOptions {
            test: false,
            failhard: false,
            disabled_requisites: Vec::new(),
            shell: "/bin/bash".into(),
            lock_saltenv: false,
            state_runs_disabled: None,
            run_num_start: 0,
        }
    }
}

/// What states can reach: the execution functions (`__salt__`), their context (`__opts__`,
/// `__pillar__`, the file server) and the state functions.
#[derive(Clone)]
pub struct RuntimeEnv {
    pub exec: Registry,
    pub ctx: ExecContext,
    pub states: StateRegistry,
    pub templates: std::sync::Arc<halite_states::TemplateEngines>,
}

impl RuntimeEnv {
    pub fn new(exec: Registry, ctx: ExecContext) -> Self {
        let mut states = StateRegistry::standard();
        states.retain_virtual(&exec, &ctx);
        RuntimeEnv {
            exec,
            ctx,
            states,
            templates: Default::default(),
        }
    }
}

/// salt-call's exit status for a state run (ORACLE-NOTES #10): 1 when any result is `False`
/// (including failures that an onfail handled), 0 otherwise; `None` (test mode) is not a failure.
pub fn retcode(running: &Map) -> i32 {
    let failed = running
        .values()
        .any(|r| matches!(r.get("result"), Some(Value::Bool(false))));
    i32::from(failed)
}
