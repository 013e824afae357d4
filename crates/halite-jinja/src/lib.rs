//! Salt's Jinja renderer (`salt.utils.templates.render_jinja_tmpl`) on minijinja.
//!
//! Salt renders with a `SandboxedEnvironment`, `StrictUndefined`, the `do`, `loopcontrols`
//! and `SerializerExtension` extensions, Salt's filters and tests, and every context
//! variable also installed as an environment global (so imported templates see `salt`,
//! `pillar`, `sls`, `tpldir`...). This crate mirrors that on minijinja:
//! - `preprocess` rewrites Salt's custom tags (`import_yaml`, `load_yaml`...), Jinja2's
//!   any-expression `do`, `'fmt' % args`, and wraps dict/list literals so they are mutable;
//! - `mutable` holds Python-like shared dicts/lists (`OrderedDict` flag for pillar data);
//! - `methods` gives Python methods; `filters` and `tests` Salt's and Jinja2's;
//! - `salt` is the `salt[...]` loader over a [`Registry`]; `loader` finds templates;
//! - `errors` turns minijinja errors into Salt's messages.
//!
//! Usage: one [`JinjaEngine`] per saltenv (it caches template files), then
//! [`JinjaEngine::render`] per file with the sls variables (`sls`, `tplfile`, `tpldir`,
//! `tpldot`, `slspath`, `sls_path`, `slsdotpath`, `slscolonpath`) or, for `file.managed`
//! templates, the `context`/`defaults` variables. Fixtures: `tests/root/cases/*.sls`,
//! recorded by `scripts/oracle/jinja_record.py`; `examples/render.rs` renders one file.
//!
//! Known gaps: imported templates see the importer's local variables (minijinja has no
//! "without context"); `d.items`-style attribute access without a call gives the key when
//! the dict has one, not Python's bound method (without the key it is the method); macros have no `varargs`/`kwargs`; Salt's "Jinja error" texts
//! that embed a Python traceback are not reproduced; `strftime` uses UTC.

mod args;
mod convert;
mod env;
mod errors;
mod filters;
mod loader;
mod methods;
mod mutable;
mod precompiled;
mod preprocess;
mod pyformat;
mod pystr;
mod repr;
mod salt;
mod serializers;
mod tests;

pub use convert::{from_mj, to_mj};
pub use env::SyntaxFlags;
pub use loader::CachedFiles;
pub use precompiled::Precompiled;
pub use preprocess::preprocess;

use halite_exec::{ExecContext, Registry};
use halite_value::{Map, Value};
use std::sync::Arc;

#[derive(Debug, Clone, thiserror::Error)]
#[error("{message}")]
pub struct JinjaError {
    /// The text Salt prints after `Rendering SLS 'env:sls' failed: ` (including Salt's
    /// context snippet with the `<======================` marker where Salt adds one).
    pub message: String,
    /// 1-based template line, when known.
    pub line: Option<usize>,
}

/// What a render produced besides its text.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub text: String,
    /// The template's top-level `{% set %}` variables after rendering (macros left out),
    /// converted to plain values.
    pub exports: Map,
}

/// Name lookups for error messages: a global, or a variable the template assigns.
struct Names<'a> {
    env: &'a minijinja::Environment<'static>,
    name: &'a str,
}

impl errors::NameInfo for Names<'_> {
    fn is_defined(&self, var: &str) -> bool {
        if self.env.globals().any(|(k, _)| k == var) {
            return true;
        }
        match self.env.get_template(self.name) {
            Ok(t) => !t.undeclared_variables(false).contains(var),
            Err(_) => false,
        }
    }
}

/// A Jinja environment for one saltenv: templates named in `{% import %}`, `{% include %}`,
/// `{% from %}` and `import_yaml` resolve against that env's file roots.
pub struct JinjaEngine {
    registry: Arc<Registry>,
    ctx: Arc<ExecContext>,
    cache: Arc<loader::SourceCache>,
    shapes: Arc<convert::PillarShapes>,
    /// grains, pillar and opts as template values, made on the first render (shared with
    /// forks).
    data: Arc<std::sync::OnceLock<env::ContextData>>,
    /// Templates compiled before their render (shared with forks).
    precompiled: Option<Arc<Precompiled>>,
}

impl JinjaEngine {
    /// The Salt release the engine's options select (`salt_compat`).
    pub fn salt_compat(&self) -> halite_value::SaltCompat {
        halite_value::SaltCompat::of_value(&self.ctx.opts)
    }

    pub fn new(registry: Arc<Registry>, ctx: Arc<ExecContext>) -> Self {
        let shapes = Arc::new(convert::PillarShapes::new(&ctx.pillar));
        JinjaEngine {
            registry,
            ctx,
            cache: Arc::default(),
            shapes,
            data: Arc::default(),
            precompiled: None,
        }
    }

    /// Renders take their template from `precompiled` when it holds it, compiled from the
    /// same text.
    pub fn with_precompiled(mut self, precompiled: Arc<Precompiled>) -> Self {
        self.precompiled = Some(precompiled);
        self
    }

    /// An engine for renders on another thread whose effects must not reach this one until
    /// the caller says so (halite-render's speculative renders): same context, registry and
    /// converted data, but template files it reads go to its own cache, layered over this
    /// engine's (hits there are what a render here would see). Take them with
    /// [`into_cached_files`](Self::into_cached_files) and hand them to
    /// [`absorb`](Self::absorb) when the render is kept.
    pub fn fork(&self) -> JinjaEngine {
        JinjaEngine {
            registry: self.registry.clone(),
            ctx: self.ctx.clone(),
            cache: Arc::new(loader::SourceCache::over(self.cache.root())),
            shapes: self.shapes.clone(),
            data: self.data.clone(),
            precompiled: self.precompiled.clone(),
        }
    }

    /// The template files this (forked) engine read itself.
    pub fn into_cached_files(self) -> CachedFiles {
        self.cache.take()
    }

    /// Caches `files` (read by a fork) where this engine has not read them yet: renders
    /// after that see what a render here, in the fork's place, would have cached.
    pub fn absorb(&self, files: CachedFiles) {
        self.cache.absorb(files);
    }

    /// Renders `source` (the file `name`, relative to the file root, for messages and relative
    /// imports). The context is Salt's: `salt`, `grains`, `pillar`, `opts`, `saltenv` from the
    /// engine, plus `vars` (`sls`, `slspath`, `tpldir`, ... supplied by the caller).
    pub fn render(&self, source: &str, name: &str, vars: &Map) -> Result<String, JinjaError> {
        self.render_inner(source, name, vars, false).map(|r| r.text)
    }

    /// Like [`render`](Self::render), also returning the template's exported variables.
    pub fn render_with(
        &self,
        source: &str,
        name: &str,
        vars: &Map,
    ) -> Result<Rendered, JinjaError> {
        self.render_inner(source, name, vars, true)
    }

    fn render_inner(
        &self,
        source: &str,
        name: &str,
        vars: &Map,
        want_exports: bool,
    ) -> Result<Rendered, JinjaError> {
        let log = loader::LoadedLog::default();
        let flags = env::SyntaxFlags::of_render(&self.ctx.opts, vars);
        let compiled = self
            .precompiled
            .as_ref()
            .and_then(|p| p.take(name, source, flags));
        let is_compiled = compiled.is_some();
        let mut environment = env::build(
            compiled.unwrap_or_else(|| env::with_syntax(flags)),
            &self.registry,
            &self.ctx,
            &self.cache,
            vars,
            &log,
            &self.shapes,
            self.data.get_or_init(|| env::ContextData::new(&self.ctx)),
        );
        mutable::take_last_miss();
        let added = if is_compiled {
            Ok(())
        } else {
            environment.add_template_owned(name.to_string(), preprocess(source))
        };
        let result = added
            .and_then(|_| environment.get_template(name))
            .and_then(|tmpl| {
                tmpl.render_captured(minijinja::context! {})
                    .map(|c| (tmpl, c))
            });
        let captured = match result {
            Ok((_, c)) => c,
            Err(e) => {
                let names = Names {
                    env: &environment,
                    name,
                };
                let mut templates = vec![loader::LoadedTemplate {
                    name: name.to_string(),
                    raw: source.to_string(),
                    compiled: preprocess(source),
                }];
                templates.extend(log.lock().map(|l| l.clone()).unwrap_or_default());
                let cache_dir = format!(
                    "{}/files/{}",
                    self.ctx
                        .opts
                        .get("cachedir")
                        .map(Value::py_str)
                        .unwrap_or_default(),
                    self.ctx.saltenv
                );
                return Err(errors::to_salt_error(&e, &templates, &cache_dir, &names));
            }
        };
        let state = captured.state();
        let mut exports = Map::new();
        // `_`-names are private in Jinja2 (and `__do` is the preprocessor's)
        let exported = if want_exports {
            state.exports()
        } else {
            Vec::new()
        };
        for key in exported.into_iter().filter(|k| !k.starts_with('_')) {
            if let Some(v) = state.lookup(key) {
                // macros (minijinja prints them `<macro name>`) are not data
                let is_macro = v.kind() == minijinja::value::ValueKind::Plain
                    || (v.as_object().is_some() && v.to_string().starts_with("<macro "));
                if is_macro {
                    continue;
                }
                exports.insert(key.to_string(), from_mj(&v));
            }
        }
        let mut text = captured.into_output();
        // Salt re-adds the final newline Jinja2 strips (render_jinja_tmpl's workaround).
        // minijinja strips a final "\r\n" where Jinja2 strips only the "\n".
        if source.ends_with("\r\n") && !text.ends_with('\r') {
            text.push('\r');
        }
        if source.ends_with('\n') {
            text.push('\n');
        }
        Ok(Rendered { text, exports })
    }

    /// The engine's exec context (opts, grains, pillar, saltenv, file roots).
    pub fn context(&self) -> &ExecContext {
        &self.ctx
    }

    /// Converts template output data back (for callers that evaluate expressions).
    pub fn value_of(v: &minijinja::Value) -> Value {
        from_mj(v)
    }
}
