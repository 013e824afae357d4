//! Salt's state modules, one file each (`test.rs`, `cmd.rs`, `file/`). A state function takes
//! a [`StateCall`] (the low chunk, `__opts__["test"]`, `__running__`, the execution functions)
//! and returns the state's return dict, with its keys in the order Salt's function builds them.
//! Each function is registered with one line in [`StateRegistry::standard`].

pub mod alternatives;
pub mod archive;
mod argspecs;
pub mod cmd;
pub mod cron;
pub mod debconfmod;
pub mod file;
pub mod git;
pub mod group;
pub mod host;
pub mod locale;
mod missing_states_3007;
mod missing_states_3008;
pub mod module;
mod module_argspecs;
pub mod mount;
pub mod pkg;
pub mod pkgrepo;
pub mod service;
pub mod ssh_auth;
pub mod ssh_known_hosts;
pub mod stateconf;
pub mod sysctl;
pub mod test;
pub mod timezone;
pub mod user;
pub mod util;

pub use argspecs::invalid_keywords;

use halite_exec::{ExecContext, Registry};
use halite_jinja::JinjaEngine;
use halite_value::{Map, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The Jinja engines file templates render with, one per saltenv, built on first use and
/// shared by a run's states: building one copies the context (opts, grains, pillar) and the
/// function registry, which is too dear to repeat for every templated file. It also holds
/// the run's `file.accumulated` data, which file templates and `file.blockreplace` read
/// (Salt keeps it in a per-run file under `cachedir/accumulator`).
#[derive(Default)]
pub struct TemplateEngines(
    Mutex<HashMap<String, Arc<JinjaEngine>>>,
    pub(crate) Mutex<Accumulators>,
);

/// `file.accumulated`'s data for one run: for each target file, the accumulators' texts
/// and the IDs each accumulator is required by (`accumulators` and `accumulators_deps`).
#[derive(Default)]
pub(crate) struct Accumulators {
    pub data: Map,
    pub deps: Map,
}

impl TemplateEngines {
    pub(crate) fn accumulators(&self) -> std::sync::MutexGuard<'_, Accumulators> {
        self.1
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub fn get(&self, exec: &Registry, ctx: &ExecContext, saltenv: &str) -> Arc<JinjaEngine> {
        let mut engines = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        engines
            .entry(saltenv.to_string())
            .or_insert_with(|| {
                let mut ctx = ctx.clone();
                ctx.saltenv = saltenv.to_string();
                Arc::new(JinjaEngine::new(Arc::new(exec.clone()), Arc::new(ctx)))
            })
            .clone()
    }
}

/// What a state function can see: Salt's `__low__`, `__opts__["test"]`, `__running__`,
/// `__salt__` (the execution registry) and its context (`__pillar__`, file server...).
pub struct StateCall<'a> {
    /// The low chunk; its keys are also the function's keyword arguments.
    pub low: &'a Map,
    /// `__opts__["test"]`.
    pub test: bool,
    /// `__running__`: the results so far.
    pub running: &'a Map,
    /// `__lowstate__`: every low chunk of the run (empty for `state.single`/`state.low`).
    pub lowstate: &'a [Map],
    pub exec: &'a Registry,
    pub ctx: &'a ExecContext,
    /// The default shell (the `shell` grain).
    pub shell: &'a str,
    pub templates: &'a TemplateEngines,
}

impl StateCall<'_> {
    /// The Salt release the run behaves as (`salt_compat` in the options).
    pub fn salt_compat(&self) -> halite_value::SaltCompat {
        halite_value::SaltCompat::of_value(&self.ctx.opts)
    }

    /// A keyword argument; an explicit `None` counts as absent (Python's `x=None` default).
    pub fn arg(&self, key: &str) -> Option<&Value> {
        self.low.get(key).filter(|v| !v.is_null())
    }

    pub fn name(&self) -> Value {
        self.low.get("name").cloned().unwrap_or(Value::Null)
    }

    pub fn name_str(&self) -> String {
        self.low.get("name").map(Value::py_str).unwrap_or_default()
    }

    pub fn arg_str(&self, key: &str) -> Option<String> {
        self.arg(key).map(Value::py_str)
    }

    /// Python truthiness of a keyword, with a default when absent.
    pub fn flag(&self, key: &str, default: bool) -> bool {
        match self.low.get(key) {
            Some(v) => v.truthy(),
            None => default,
        }
    }
}

/// A state function raised: the runtime reports "An exception occurred in this state: ...".
#[derive(Debug, Clone, thiserror::Error)]
pub enum StateError {
    /// `SaltInvocationError(msg)`.
    #[error("{0}")]
    Invocation(String),
    /// `CommandExecutionError(msg)` raised by an execution function and not caught.
    #[error("{0}")]
    Command(String),
    /// Any other exception, as Python prints its last traceback line: `TypeError: ...`.
    #[error("{0}")]
    Other(String),
}

pub type StateFn = fn(&StateCall) -> Result<Map, StateError>;

/// A state module's `mod_init(low)`: run before the module's first state of a run; `true`
/// marks it done for the run (Salt's `State._mod_init`).
pub type ModInitFn = fn(&Map, &ExecContext) -> bool;

/// A state module's `mod_aggregate(low, chunks, running)`, with `low` as `chunks[i]`: it may
/// change `low` and mark the other chunks (Salt's `State._mod_aggregate`).
pub type ModAggregateFn = fn(&mut [Map], usize, &Map);

/// One state function: the function and its positional parameters without defaults (checked by
/// the runtime as Salt's `verify_data` does: "Missing parameter X for state Y").
#[derive(Clone, Copy)]
pub struct StateDef {
    pub fun: StateFn,
    pub required: &'static [&'static str],
}

/// The `states` loader dictionary: `mod.fun` names to state functions.
#[derive(Clone, Default)]
pub struct StateRegistry {
    functions: HashMap<&'static str, StateDef>,
    mod_init: HashMap<&'static str, ModInitFn>,
    mod_aggregate: HashMap<&'static str, ModAggregateFn>,
    /// Salt's `missing_modules` as `missing_fun_string` reads it: a module left out by
    /// [`StateRegistry::retain_virtual`] to the reason its `__virtual__` gave.
    missing: HashMap<String, String>,
    /// The reasons Salt gives for the state modules halite has no code for (per release,
    /// scripts/oracle/missing_states.py), chosen by [`StateRegistry::retain_virtual`].
    missing_table: &'static [(&'static str, &'static str)],
}

/// A state module's `__virtual__` that needs execution function `fun`: `None` (it loads)
/// when `exec` has it, else the reason it gives (empty: a reason Salt does not show).
fn needs(exec: &Registry, fun: &str, reason: Option<&str>) -> Option<String> {
    if exec.contains(fun) {
        None
    } else {
        Some(reason.unwrap_or_default().to_string())
    }
}

impl StateRegistry {
    /// Every state function halite implements.
    pub fn standard() -> Self {
        let mut r = StateRegistry::default();
        test::register(&mut r);
        cmd::register(&mut r);
        file::register(&mut r);
        module::register(&mut r);
        archive::register(&mut r);
        git::register(&mut r);
        user::register(&mut r);
        group::register(&mut r);
        cron::register(&mut r);
        host::register(&mut r);
        ssh_auth::register(&mut r);
        ssh_known_hosts::register(&mut r);
        service::register(&mut r);
        alternatives::register(&mut r);
        sysctl::register(&mut r);
        debconfmod::register(&mut r);
        timezone::register(&mut r);
        locale::register(&mut r);
        mount::register(&mut r);
        pkg::register(&mut r);
        pkgrepo::register(&mut r);
        stateconf::register(&mut r);
        r
    }

    /// Drops the state modules Salt's loader would not load for this minion (the Salt
    /// release in `ctx.opts`, the execution functions in `exec`, the grains in `ctx`).
    ///
    /// A state module whose `__virtual__` fails for these execution functions is dropped
    /// (Salt's state modules load only when the functions they drive did): `service` needs
    /// `service.start`, `alternatives` `alternatives.auto`, `sysctl` `sysctl.show`, `debconf`
    /// `debconf.show` (and a Debian `os_family`). Salt 3008 has no `alternatives` state module
    /// at all (salt/states/alternatives.py was removed). A dropped state then fails as
    /// Salt's does, with the reason [`StateRegistry::missing_fun_string`] gives.
    pub fn retain_virtual(&mut self, exec: &Registry, ctx: &ExecContext) {
        let salt3008 = halite_value::SaltCompat::of_value(&ctx.opts).is_3008();
        // Salt's state modules halite has no code for: the reason Salt's loader records when
        // their execution module is missing too, as it is in halite; looked up only when an
        // SLS names such a module (missing_fun_string).
        self.missing_table = if salt3008 {
            missing_states_3008::MISSING
        } else {
            missing_states_3007::MISSING
        };
        let grain = |k: &str| ctx.grains.get(k).map(Value::py_str);
        let os_family = grain("os_family").unwrap_or_default();
        let osfinger = grain("osfinger")
            .or_else(|| grain("os"))
            .unwrap_or_default();
        // (module, the Salt file it comes from, whether that file declares
        // `__virtualname__`, the reason its `__virtual__` gives, or None when it loads).
        let unloaded: [(&str, &str, bool, Option<String>); 7] = [
            ("mount", "mount", false, needs(exec, "mount.active", None)),
            (
                "timezone",
                "timezone",
                false,
                needs(
                    exec,
                    "timezone.get_zone",
                    Some("timezone module could not be loaded"),
                ),
            ),
            // Its reason is the execution loader's own text, not modelled: shown as
            // "not available".
            (
                "locale",
                "localemod",
                true,
                needs(exec, "locale.get_locale", None),
            ),
            (
                "service",
                "service",
                true,
                needs(
                    exec,
                    "service.start",
                    Some(&format!(
                        "No service execution module loaded: check support for service \
                         management on {osfinger} "
                    )),
                ),
            ),
            (
                "alternatives",
                "alternatives",
                false,
                needs(exec, "alternatives.auto", None),
            ),
            (
                "sysctl",
                "sysctl",
                false,
                needs(
                    exec,
                    "sysctl.show",
                    Some("sysctl module could not be loaded"),
                ),
            ),
            (
                "debconf",
                "debconfmod",
                true,
                if os_family != "Debian" {
                    Some("debconf state only runs on Debian systems".into())
                } else {
                    needs(
                        exec,
                        "debconf.show",
                        Some("debconf module could not be loaded"),
                    )
                },
            ),
        ];
        let mut dropped: Vec<&str> = Vec::new();
        for (module, file, declares_virtualname, reason) in unloaded {
            let Some(reason) = reason else { continue };
            dropped.push(module);
            // salt.loader.lazy records a failed `__virtual__`'s reason in `missing_modules`
            // under the name `missing_fun_string` looks up: 3007.8 under the file's name
            // (so only a module named as its file shows it), 3008 under the declared
            // `__virtualname__` too (the x509/x509_v2 collision fix in `_load_module`).
            let keyed_by_module = file == module || (salt3008 && declares_virtualname);
            if keyed_by_module && !reason.is_empty() {
                self.missing.insert(module.to_string(), reason);
            }
        }
        if salt3008 {
            dropped.push("alternatives");
        }
        self.functions.retain(|name, _| {
            let module = name.split('.').next().unwrap_or_default();
            !dropped.contains(&module)
        });
    }

    /// `LazyLoader.missing_fun_string` for a state function this registry lacks: the reason
    /// the module's `__virtual__` gave, when Salt's loader recorded it under the module's
    /// name, else "'mod.fun' is not available.".
    pub fn missing_fun_string(&self, full: &str) -> String {
        let module = full.split('.').next().unwrap_or_default();
        let unknown_module = || {
            let prefix = format!("{module}.");
            !self.functions.keys().any(|f| f.starts_with(&prefix))
        };
        let reason = self.missing.get(module).map(String::as_str).or_else(|| {
            self.missing_table
                .iter()
                .find(|(m, _)| *m == module)
                .filter(|_| unknown_module())
                .map(|(_, r)| *r)
        });
        match reason {
            Some(reason) => format!("'{module}' __virtual__ returned False: {reason}"),
            None => format!("'{full}' is not available."),
        }
    }

    pub fn register(
        &mut self,
        name: &'static str,
        fun: StateFn,
        required: &'static [&'static str],
    ) {
        self.functions.insert(name, StateDef { fun, required });
    }

    /// `<module>.mod_init`.
    pub fn register_mod_init(&mut self, module: &'static str, fun: ModInitFn) {
        self.mod_init.insert(module, fun);
    }

    /// `<module>.mod_aggregate`.
    pub fn register_mod_aggregate(&mut self, module: &'static str, fun: ModAggregateFn) {
        self.mod_aggregate.insert(module, fun);
    }

    pub fn mod_init(&self, module: &str) -> Option<ModInitFn> {
        self.mod_init.get(module).copied()
    }

    pub fn mod_aggregate(&self, module: &str) -> Option<ModAggregateFn> {
        self.mod_aggregate.get(module).copied()
    }

    pub fn contains(&self, name: &str) -> bool {
        self.functions.contains_key(name)
    }

    pub fn get(&self, name: &str) -> Option<&StateDef> {
        self.functions.get(name)
    }

    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<_> = self.functions.keys().copied().collect();
        v.sort_unstable();
        v
    }
}

/// `{"name": name, "changes": {}, "result": result, "comment": comment}`, the usual first
/// line of a state function.
pub fn ret_ncrc(name: Value, result: Value, comment: impl Into<String>) -> Map {
    let mut m = Map::new();
    m.insert("name", name);
    m.insert("changes", Value::Map(Map::new()));
    m.insert("result", result);
    m.insert("comment", Value::Str(comment.into().into()));
    m
}

/// Build a `Map` from string keys.
pub fn map_of<const N: usize>(items: [(&str, Value); N]) -> Map {
    let mut m = Map::new();
    for (k, v) in items {
        m.insert(k, v);
    }
    m
}
