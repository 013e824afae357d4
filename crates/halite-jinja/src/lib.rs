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
//! that embed a Python traceback carry a one-frame stand-in for it; `strftime` uses UTC.

mod args;
mod convert;
mod env;
mod errors;
pub use errors::open_blocks;
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
pub use repr::py_bytes_repr;

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
    /// Where the error is (for diagnostics; `line` above is what Salt's text says).
    pub at: Option<JinjaPlace>,
    /// The `{% import %}`/`{% include %}`/`{% from %}` tags that led from the rendered
    /// template to `at`, outermost first.
    pub chain: Vec<JinjaPlace>,
}

/// A position in a template: its name as the render or loader knows it (the rendered file's
/// path, or a name relative to the file root for an imported one), 1-based line, and the
/// byte range of the offending expression in that line when known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JinjaPlace {
    pub name: String,
    pub line: usize,
    pub cols: Option<std::ops::Range<usize>>,
}

/// What a render produced besides its text.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub text: String,
    /// The template's top-level `{% set %}` variables after rendering (macros left out),
    /// converted to plain values.
    pub exports: Map,
    /// Which template line wrote each piece of `text`.
    pub lines: halite_value::diag::LineMap,
}

/// The render's output writer. minijinja writes a piece of verbatim template text as a
/// slice of the compiled source, so a write whose bytes lie inside the source tells which
/// template position it copies: one pointer comparison a write, and a push for the writes
/// that are template text. Output of expressions (and of included templates) lies
/// elsewhere and gets no mark. (The preprocessor keeps every line where it was, so lines
/// of the compiled source are lines of the file.)
#[derive(Default)]
struct Tracker {
    out: Vec<u8>,
    src: std::ops::Range<usize>,
    map: halite_value::diag::LineMap,
}

impl std::io::Write for Tracker {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let p = buf.as_ptr() as usize;
        if p >= self.src.start && p + buf.len() <= self.src.end && !buf.is_empty() {
            self.map.marks.push(halite_value::diag::MapMark {
                out: self.out.len() as u32,
                src: (p - self.src.start) as u32,
                len: buf.len() as u32,
            });
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
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

    /// Like [`render`](Self::render), also returning which template line wrote each piece
    /// of the text.
    pub fn render_mapped(
        &self,
        source: &str,
        name: &str,
        vars: &Map,
    ) -> Result<(String, halite_value::diag::LineMap), JinjaError> {
        self.render_inner(source, name, vars, false)
            .map(|r| (r.text, r.lines))
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
        let mut flags = env::SyntaxFlags::of_render(&self.ctx.opts, vars);
        // Salt 3008 added the per-template `#jinja2: {...}` header (salt/utils/templates.py
        // `parse_jinja_file_opts`); in 3007 the line is template text.
        let headerless;
        let source = match halite_value::SaltCompat::of_value(&self.ctx.opts)
            .is_3008()
            .then(|| env::jinja2_header(source))
            .flatten()
        {
            Some((rest, opts)) => {
                flags = flags.overridden(&opts);
                headerless = rest;
                headerless.as_str()
            }
            None => source,
        };
        let compiled = self
            .precompiled
            .as_ref()
            .and_then(|p| p.take(name, source, &flags));
        let is_compiled = compiled.is_some();
        let base = match compiled {
            Some(env) => env,
            None => env::with_syntax(&flags).map_err(|e| JinjaError {
                message: format!("Jinja syntax error: {e}"),
                line: None,
                at: None,
                chain: Vec::new(),
            })?,
        };
        let mut environment = env::build(
            base,
            &flags,
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
            environment.add_template_owned(name.to_string(), flags.preprocess(source))
        };
        let mut tracker = Tracker::default();
        let result = added
            .and_then(|_| environment.get_template(name))
            .and_then(|tmpl| {
                let src = tmpl.source();
                tracker.src = src.as_ptr() as usize..src.as_ptr() as usize + src.len();
                // about what minijinja's own output buffer starts with
                tracker.out.reserve(src.len() + src.len() / 2);
                tracker.map.marks.reserve(src.len() / 64);
                tmpl.render_captured_to(minijinja::context! {}, &mut tracker)
                    .map(|c| (tmpl, c))
            });
        let captured = match result {
            Ok((_, c)) => {
                // offsets past 4 GiB cannot be marked
                if tracker.out.len() > u32::MAX as usize {
                    tracker.map.marks.clear();
                }
                c
            }
            Err(e) => {
                let names = Names {
                    env: &environment,
                    name,
                };
                let mut templates = vec![loader::LoadedTemplate {
                    name: name.to_string(),
                    raw: source.to_string(),
                    compiled: flags.preprocess(source),
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
        let lines = std::mem::take(&mut tracker.map);
        let mut text = String::from_utf8(std::mem::take(&mut tracker.out))
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
        // Salt re-adds the final newline Jinja2 strips (render_jinja_tmpl's workaround).
        // minijinja strips a final "\r\n" where Jinja2 strips only the "\n".
        if source.ends_with("\r\n") && !text.ends_with('\r') && flags.newline_sequence().is_none() {
            text.push('\r');
        }
        if source.ends_with('\n') {
            text.push('\n');
        }
        Ok(Rendered {
            text,
            exports,
            lines,
        })
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
