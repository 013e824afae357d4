//! Execution functions: what `salt['pillar.get'](...)` in a template and `module.run` in a
//! state call. Each Salt module is one file under `modules/`; each function is one line in
//! [`Registry::standard`].
//!
//! Conventions, all mirroring Salt 3007.8:
//! - Arguments bind like Python's `def f(a, b=None, **kwargs)`: positional or keyword, with
//!   CPython's `TypeError` texts for missing, duplicate or unknown arguments
//!   ([`salt_utils::bind`]). Keywords starting with `__` (Salt's `__pub_*`) are ignored.
//! - An exception becomes [`ExecError::Failed`] holding `str(exc)` as Python prints it (a
//!   `KeyError` keeps its quotes: `'Pillar key not found: x'`).
//! - Modules whose `__virtual__` fails on this host are not registered, so
//!   [`Registry::contains`] answers as Salt's loader does: `pkg.*` needs /var/lib/dpkg/status
//!   (aptpkg), `dig.*` the `dig` binary, `git.*` the `git` binary, `postgres.*` `psql`.
//! - `cmd.*` (and `postgres.*`, which run psql) leave the exit code in
//!   [`ExecContext::retcode`], Salt's `__context__['retcode']`, which salt-call exits with.
//! - `slsutil.renderer` renders through [`ExecContext::renderer`], which halite-render
//!   supplies (Salt's renderers live above this crate).
//! - Salt mutates some arguments in place (`defaults.merge`, `defaults.update`,
//!   `slsutil.update`); [`Registry::call_mut`] writes those changes back into [`Args`].
//! - Each function is registered as one of three kinds ([`Registry::register_pure`],
//!   [`Registry::register_host_read`], [`Registry::register`]): pure and answerable where
//!   the template renders (grains, pillar, opts, the file roots, computations on the
//!   arguments); pure but reading the host (its files, users, packages, interfaces, clock,
//!   environment, a process that only reads), which a fleet compile asks the target
//!   ([`remote`]); or, by default, impure (it runs commands, writes, logs, or sets
//!   `retcode`). Speculative renders may call only pure ones ([`speculation`]): mark a new
//!   function pure only when nothing a later template reads can tell it ran, and
//!   controller-answerable only when it reads nothing of the machine it runs on.
//! - Shared Salt helpers live in [`salt_utils`]: `traverse_dict_and_list`, `dictupdate.update`
//!   and `merge` strategies, `data.filter_by`, `fnmatch`. [`yamldump`] is Salt's `yaml`
//!   serializer (libyaml emitter, `default_flow_style=None`).
//! - `cmd.*` follow 3007.8: `python_shell` defaults to False (the command is `shlex.split` and
//!   run directly) unless `cmd_safe: False`; `cwd` defaults to `$HOME`; `LC_*=C`.
//!
//! Fixtures: `scripts/oracle/exec_record.py` records every case in tests/data/cases.json from
//! Salt; tests/oracle_cases.rs replays the host-independent ones and tests/host_cases.rs
//! recomputes the host-dependent ones (commands, users, packages, network) on the test host.

pub mod accounts;
pub mod aptsources;
pub mod files;
pub mod fileserver;
pub mod hashes;
pub mod http;
pub mod ipaddress;
mod modules;
pub mod pipes;
pub mod process;
pub mod remote;
pub mod salt_utils;
pub mod speculation;
pub mod yamldump;

pub use fileserver::FileRoots;

thread_local! {
    static RENDER_ERROR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static INVOCATION_ERROR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static PYTHON_ERROR: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Marks the error an execution function is about to return as Salt's `SaltInvocationError`
/// (a `TypeError` to salt-call: "Passed invalid arguments: ..." and the docstring).
pub fn note_invocation_error() {
    INVOCATION_ERROR.with(|f| f.set(true));
}

/// Whether the last failed call on this thread raised `SaltInvocationError`
/// ([`note_invocation_error`]); clears the mark.
pub fn take_invocation_error() -> bool {
    INVOCATION_ERROR.with(|f| f.replace(false))
}

/// Marks the error an execution function is about to return as a template render error
/// (Salt's `SaltRenderError`, e.g. from `slsutil.renderer`): a template that called the
/// function reports it as "Jinja error: ..." with a traceback, not as "Problem running salt
/// function" (which is for `SaltInvocationError`/`CommandExecutionError`).
pub fn note_render_error() {
    RENDER_ERROR.with(|f| f.set(true));
}

/// Whether the last failed call on this thread was a render error ([`note_render_error`]);
/// clears the mark.
pub fn take_render_error() -> bool {
    RENDER_ERROR.with(|f| f.replace(false))
}

/// Marks the error an execution function is about to return as a Python exception that is
/// none of Salt's (the `ValueError` of `ipaddress`): a template that called the function
/// reports it as "Jinja error: ..." with a traceback and the template line (render_jinja_tmpl's
/// `except Exception`), not as "Problem running salt function".
pub fn note_python_error() {
    PYTHON_ERROR.with(|f| f.set(true));
}

/// Whether the last failed call on this thread raised a plain Python exception
/// ([`note_python_error`]); clears the mark.
pub fn take_python_error() -> bool {
    PYTHON_ERROR.with(|f| f.replace(false))
}

pub use modules::archive;
pub use modules::cmd::{script_call as cmd_script, which_path, ScriptError};
pub use modules::git::{
    identity_found as git_identity_found, multivar_list as git_multivar,
    run_with_identity as git_run_with_identity, GitAttempt,
};
pub use modules::{
    config_defaults, pillar_masked_on_output, pillar_obfuscate_for_output, redact_pillar,
    systemd_booted, REDACT_PLACEHOLDER,
};

use halite_value::{Map, Value};
use std::collections::HashMap;
use std::sync::Arc;

/// What an execution function can see: Salt's `__opts__`, `__grains__`, `__pillar__`, the
/// environment being rendered, the file server and the renderer system.
#[derive(Debug, Clone, Default)]
pub struct ExecContext {
    pub opts: Value,
    pub grains: Value,
    pub pillar: Value,
    pub saltenv: String,
    pub file_roots: FileRoots,
    /// Salt's renderers (`salt.loader.render`), for `slsutil.renderer`. The crate that owns
    /// them (halite-render) supplies it; `None` where no renderer is wired in (then
    /// `slsutil.renderer` fails saying so).
    pub renderer: Option<Arc<dyn TemplateRenderer>>,
    /// Salt's `__context__['retcode']`: the last command's exit code (`cmd.*`), which
    /// salt-call turns into its exit status. Shared by clones of a context.
    pub retcode: ContextRetcode,
}

/// `__context__['retcode']`, shared between the clones of one call's [`ExecContext`].
#[derive(Debug, Clone, Default)]
pub struct ContextRetcode(Arc<std::sync::atomic::AtomicI64>);

impl ContextRetcode {
    pub fn set(&self, code: i64) {
        self.0.store(code, std::sync::atomic::Ordering::Relaxed);
    }
    pub fn get(&self) -> i64 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// `salt.template.compile_template` as execution functions reach it: runs a file or a string
/// through a render pipe (`jinja|yaml`, or the input's `#!` line) and returns the result
/// (data, or text when the pipe ends in a text renderer).
pub trait TemplateRenderer: Send + Sync + std::fmt::Debug {
    fn compile_template(&self, ctx: &ExecContext, job: &RenderJob) -> Result<Value, ExecError>;

    /// `salt.utils.templates.TEMPLATE_REGISTRY[engine]` on a template's text, as
    /// `cp.get_template` (`cmd.script`'s `template`) runs it: the rendered text. `vars` are the
    /// variables besides `salt`, `grains`, `pillar` and `opts` (`saltenv`, the context...).
    /// `Err` is the text of Salt's `SaltRenderError`.
    fn render_template(
        &self,
        ctx: &ExecContext,
        engine: &str,
        text: &str,
        vars: &Map,
    ) -> Result<String, ExecError> {
        let _ = (ctx, text, vars);
        Err(ExecError::Failed(format!(
            "the '{engine}' template engine is not available here"
        )))
    }
}

/// What to render: a file, or inline text.
#[derive(Debug, Clone)]
pub enum TemplateInput {
    /// A file on this host. `tmplpath` is the path Salt's renderers are given (for a
    /// `salt://` file the file client's cached copy, `<cachedir>/files/<saltenv>/<path>`);
    /// `path` is where halite reads it. A missing file renders to `{}` (Salt logs
    /// "Template does not exist").
    File {
        path: std::path::PathBuf,
        tmplpath: String,
    },
    /// `compile_template(':string:', ..., input_data=text)`.
    String(String),
}

/// One `compile_template` call.
#[derive(Debug, Clone)]
pub struct RenderJob {
    pub input: TemplateInput,
    /// The pipe used unless the input starts with a `#!` line.
    pub default_pipe: String,
    pub saltenv: String,
    pub sls: String,
    /// Extra template variables (the call's remaining keyword arguments).
    pub vars: Map,
}

/// Positional and keyword arguments, as Python passes them.
#[derive(Debug, Clone, Default)]
pub struct Args {
    pub args: Vec<Value>,
    pub kwargs: Map,
}

impl Args {
    pub fn new(args: Vec<Value>, kwargs: Map) -> Self {
        Args { args, kwargs }
    }

    /// The argument at `pos`, or the keyword `name`, or `None`. Mirrors Python's binding of
    /// `def f(a, b=None)` called either way.
    pub fn get(&self, pos: usize, name: &str) -> Option<&Value> {
        self.args.get(pos).or_else(|| self.kwargs.get(name))
    }

    pub fn get_str(&self, pos: usize, name: &str) -> Option<String> {
        self.get(pos, name).map(Value::py_str)
    }
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum ExecError {
    /// The function is not available (Salt: `'mod.fun' is not available.`).
    #[error("'{0}' is not available.")]
    NotAvailable(String),
    /// The function raised; the text is what Salt's exception message would say.
    #[error("{0}")]
    Failed(String),
    /// The function raised Salt's `CommandExecutionError` (salt-call prints
    /// "Error running 'mod.fun': TEXT" on stderr and exits 1; a state catching it reports
    /// the text, `exc.strerror`).
    #[error("{0}")]
    Command(String),
}

pub type ExecFn = fn(&ExecContext, &Args) -> Result<Value, ExecError>;

/// The `salt` loader dictionary: `mod.fun` names to functions.
#[derive(Clone)]
pub struct Registry {
    functions: HashMap<&'static str, Registered>,
}

#[derive(Clone, Copy)]
struct Registered {
    f: ExecFn,
    /// Reads only: may run in a speculative render ([`speculation`]).
    pure: bool,
    /// Reads the host it runs on (pure or not): a fleet compile asks the target
    /// ([`remote`]).
    host: bool,
    /// The Salt module file a host provider's function comes from (`debian_service`), or "".
    module: &'static str,
}

impl Registry {
    /// Every function halite implements.
    pub fn standard() -> Self {
        let mut r = Registry {
            functions: HashMap::new(),
        };
        modules::register_all(&mut r);
        r
    }

    /// The functions of [`Registry::standard`] plus the providers Salt's loader would choose
    /// on this host for these minion options and grains (`service.*`: debian_service,
    /// systemd_service), honouring `disable_modules` and `providers`.
    pub fn for_minion(opts: &Map, grains: &Value) -> Self {
        let mut r = Self::standard();
        modules::register_host(&mut r, &modules::Loader { opts, grains });
        r
    }

    /// Registers a function with side effects (the default: a function is impure until
    /// shown otherwise), refused in speculative renders.
    pub fn register(&mut self, name: &'static str, f: ExecFn) {
        self.functions.insert(
            name,
            Registered {
                f,
                pure: false,
                host: true,
                module: "",
            },
        );
    }

    /// Registers a function that reads only what the template's own inputs hold (grains,
    /// pillar, opts, the file roots and `salt://`, computations on its arguments): a
    /// speculative render may call it, because calling it earlier than the sequential walk
    /// would, or more than once, changes nothing another template can observe; and a
    /// controller compiling a host's catalog answers it itself, because it reads nothing
    /// of the machine it runs on.
    pub fn register_pure(&mut self, name: &'static str, f: ExecFn) {
        self.functions.insert(
            name,
            Registered {
                f,
                pure: true,
                host: false,
                module: "",
            },
        );
    }

    /// Registers a function that only reads, but reads the host it runs on (its files,
    /// users, packages, interfaces, clock, environment; a command that only reads): safe
    /// to call speculatively, but a controller compiling a host's catalog must ask that
    /// host ([`remote`]): answered here, it would show the controller's files (as root) to
    /// the state's author and ship them in the catalog.
    pub fn register_host_read(&mut self, name: &'static str, f: ExecFn) {
        self.functions.insert(
            name,
            Registered {
                f,
                pure: true,
                host: true,
                module: "",
            },
        );
    }

    /// Registers a host provider's function (impure), remembering its module file.
    pub(crate) fn register_from(&mut self, module: &'static str, name: &'static str, f: ExecFn) {
        self.functions.insert(
            name,
            Registered {
                f,
                pure: false,
                host: true,
                module,
            },
        );
    }

    /// The Salt module file `name` was loaded from, for a host provider's function
    /// (`service.start` -> `debian_service`); `None` otherwise. Salt's states look at the
    /// loaded function's signature (`_get_systemd_only`), which depends on it.
    pub fn module_of(&self, name: &str) -> Option<&'static str> {
        self.functions
            .get(name)
            .map(|r| r.module)
            .filter(|m| !m.is_empty())
    }

    pub fn contains(&self, name: &str) -> bool {
        self.functions.contains_key(name)
    }

    /// Whether `name` is registered as pure (`false` for an unknown name).
    pub fn is_pure(&self, name: &str) -> bool {
        self.functions.get(name).is_some_and(|r| r.pure)
    }

    /// Whether `name` reads or changes the host it runs on (`register_host_read` or
    /// impure): a fleet compile asks the target for it. `true` for an unknown name.
    pub fn reads_host(&self, name: &str) -> bool {
        self.functions.get(name).is_none_or(|r| r.host)
    }

    /// Names of all functions, sorted (for `sys.list_functions` and error hints).
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<_> = self.functions.keys().copied().collect();
        v.sort_unstable();
        v
    }

    /// Runs `name`. An impure function is refused inside a speculative render (see
    /// [`speculation`]) and counted outside one. One that reads the host goes to the
    /// host being compiled, if any ([`remote`]).
    pub fn call(&self, ctx: &ExecContext, name: &str, args: &Args) -> Result<Value, ExecError> {
        let reg = self
            .functions
            .get(name)
            .ok_or_else(|| ExecError::NotAvailable(name.to_string()))?;
        if !reg.pure {
            speculation::impure_call(name)?;
        }
        if reg.host {
            if let Some(answer) = remote::intercept(name, args) {
                return answer;
            }
        }
        (reg.f)(ctx, args)
    }

    /// [`Registry::call`], then writes back what Salt's function changes in place in its
    /// caller's objects, so a template's `{% do salt['defaults.merge'](a, b) %}` sees `a`
    /// merged. Covered: `defaults.merge` and `defaults.update` (unless `in_place=False`),
    /// and `slsutil.update`, whose first argument (`dest`) becomes the returned dict.
    pub fn call_mut(
        &self,
        ctx: &ExecContext,
        name: &str,
        args: &mut Args,
    ) -> Result<Value, ExecError> {
        let ret = self.call(ctx, name, args)?;
        let (dest_key, in_place) = match name {
            "defaults.merge" | "defaults.update" => {
                let in_place = args.get(3, "in_place").is_none_or(Value::truthy);
                ("dest", in_place)
            }
            "slsutil.update" => ("dest", true),
            _ => return Ok(ret),
        };
        if in_place && matches!(ret, Value::Map(_)) {
            if let Some(slot) = args.args.first_mut() {
                *slot = ret.clone();
            } else if let Some(slot) = args.kwargs.get_mut(dest_key) {
                *slot = ret.clone();
            }
        }
        Ok(ret)
    }
}
