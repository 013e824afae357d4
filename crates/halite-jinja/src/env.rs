//! Building the minijinja environment the way `render_jinja_tmpl` builds Jinja2's.

use crate::convert::{to_mj, PillarShapes};
use crate::loader::{self, SourceCache};
use crate::mutable::{lazy_copy, lazy_copy_as};
use crate::preprocess::Delims;
use crate::salt::SaltLoader;
use crate::{filters, methods, repr, tests};
use halite_exec::{ExecContext, Registry};
use halite_value::{Map, Value as HValue};
use minijinja::syntax::SyntaxConfig;
use minijinja::value::ValueKind;
use minijinja::{Environment, UndefinedBehavior, Value};
use std::sync::{Arc, OnceLock};

/// The data globals every render starts from, converted once per engine: each render gets
/// its own copy (templates may mutate them, and a mutation must not outlive the render),
/// made lazily ([`lazy_copy`]): these originals are never handed to a template.
pub struct ContextData {
    grains: Value,
    pillar: Value,
    opts: Value,
}

impl ContextData {
    pub fn new(ctx: &ExecContext) -> Self {
        ContextData {
            grains: to_mj(&ctx.grains),
            pillar: crate::convert::to_mj_pillar(&ctx.pillar),
            opts: to_mj(&ctx.opts),
        }
    }
}

/// What does not depend on the engine or the render: Salt's filters, tests and helper
/// functions, undefined behaviour, formatter. Built once per process; each render clones it
/// (filters and tests are shared, not registered again).
fn base() -> &'static Environment<'static> {
    static BASE: OnceLock<Environment<'static>> = OnceLock::new();
    BASE.get_or_init(|| {
        let mut env = Environment::new();
        env.set_undefined_behavior(UndefinedBehavior::Strict);
        env.set_debug(true);
        env.set_recursion_limit(1000);
        // Salt turns autoescape off (Jinja2's default for from_string).
        env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
        env.set_formatter(|out, state, value| {
            if value.is_undefined() {
                return Ok(());
            }
            // `str(value)`; strings and ints are written as `py_str` gives them, without its
            // intermediate copy
            let written = match value.kind() {
                ValueKind::String => out.write_str(value.as_str().unwrap_or_default()),
                ValueKind::Number if value.is_integer() => match value.as_i64() {
                    // core::fmt costs ~200 instructions an integer; templates print thousands
                    Some(i) => out.write_str(itoa::Buffer::new().format(i)),
                    None => write!(out, "{value}"),
                },
                // Salt 3008's finalizer prints dicts as PrintableDicts (salt#30690)
                _ if crate::filters::salt_compat(state).is_3008() => {
                    out.write_str(&repr::py_str_printable(value))
                }
                _ => out.write_str(&repr::py_str(value)),
            };
            written.map_err(|_| minijinja::Error::from(minijinja::ErrorKind::WriteFailure))
        });
        env.set_unknown_method_callback(methods::unknown_method);
        filters::register(&mut env);
        tests::register(&mut env);
        env
    })
}

/// A copy of the base environment that compiles templates with `flags`; an error when
/// the delimiters are invalid.
pub(crate) fn with_syntax(flags: &SyntaxFlags) -> Result<Environment<'static>, minijinja::Error> {
    let mut env = base().clone();
    env.set_syntax(flags.syntax()?);
    Ok(env)
}

/// The environment of one render: `env` (from [`with_syntax`], or one with the template
/// compiled already, see [`crate::Precompiled`]) with the render's loader and globals.
#[allow(clippy::too_many_arguments)]
pub fn build(
    mut env: Environment<'static>,
    flags: &SyntaxFlags,
    registry: &Arc<Registry>,
    ctx: &Arc<ExecContext>,
    cache: &Arc<SourceCache>,
    vars: &Map,
    log: &loader::LoadedLog,
    shapes: &Arc<PillarShapes>,
    data: &ContextData,
) -> Environment<'static> {
    loader::install(&mut env, flags, ctx, cache, vars, log);
    install_globals(&mut env, registry, ctx, vars, shapes, data);
    env
}

/// Salt installs every context variable as an environment global.
fn install_globals(
    env: &mut Environment<'static>,
    registry: &Arc<Registry>,
    ctx: &Arc<ExecContext>,
    vars: &Map,
    shapes: &Arc<PillarShapes>,
    data: &ContextData,
) {
    env.add_global(
        "salt",
        Value::from_object(SaltLoader::new(
            registry.clone(),
            ctx.clone(),
            shapes.clone(),
        )),
    );
    // Salt 3008 reads them out of an OptsDict: `DictProxy` objects.
    let proxy = halite_value::SaltCompat::of_value(&ctx.opts).is_3008();
    env.add_global("grains", lazy_copy_as(&data.grains, proxy));
    env.add_global("pillar", lazy_copy_as(&data.pillar, proxy));
    env.add_global("opts", lazy_copy(&data.opts));
    env.add_global("saltenv", Value::from(ctx.saltenv.as_str()));
    for (k, v) in vars.iter() {
        env.add_global(k.py_str(), to_mj(v));
    }
}

/// The syntax options a template is compiled with: `jinja_trim_blocks` /
/// `jinja_lstrip_blocks` and the `jinja_env` (other templates) or `jinja_sls_env` (sls
/// files) options: `trim_blocks`, `lstrip_blocks`, `keep_trailing_newline`, the delimiters
/// (`block_start_string`, `block_end_string`, `variable_start_string`,
/// `variable_end_string`, `comment_start_string`, `comment_end_string`),
/// `line_statement_prefix`, `line_comment_prefix` and `newline_sequence`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SyntaxFlags {
    trim_blocks: bool,
    lstrip_blocks: bool,
    keep_trailing_newline: bool,
    /// Anything else than Jinja2's defaults (delimiters, prefixes, newline sequence).
    custom: Option<Arc<CustomSyntax>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct CustomSyntax {
    delims: Delims,
    newline_sequence: String,
}

impl Default for CustomSyntax {
    fn default() -> Self {
        CustomSyntax {
            delims: Delims::jinja2().clone(),
            newline_sequence: "\n".into(),
        }
    }
}

impl SyntaxFlags {
    /// For a render with these variables: an sls when `sls` is set and not empty.
    pub fn of_render(opts: &HValue, vars: &Map) -> Self {
        let is_sls = vars.get("sls").is_some_and(|s| s.truthy());
        match opts.as_map() {
            Some(opts) => Self::of(opts, is_sls),
            None => Self::of(&Map::new(), is_sls),
        }
    }

    /// For an sls file (`is_sls`) or another template (a top file, a `file.managed` source).
    pub fn of(opts: &Map, is_sls: bool) -> Self {
        let mut flags = SyntaxFlags {
            trim_blocks: opt_bool(opts.get("jinja_trim_blocks")),
            lstrip_blocks: opt_bool(opts.get("jinja_lstrip_blocks")),
            ..SyntaxFlags::default()
        };
        let env_opts = if is_sls {
            opts.get("jinja_sls_env")
        } else {
            opts.get("jinja_env")
        };
        if let Some(m) = env_opts.and_then(HValue::as_map) {
            flags = flags.overridden(m);
        }
        flags
    }

    /// These flags with the environment options of `m` (`jinja_env`, or a `#jinja2:` header)
    /// applied; keys are case-insensitive, others are ignored (Salt logs "Jinja2 environment
    /// ... is not recognized").
    pub(crate) fn overridden(mut self, m: &Map) -> Self {
        fn custom(c: &mut Option<Arc<CustomSyntax>>) -> &mut CustomSyntax {
            Arc::make_mut(c.get_or_insert_with(Arc::default))
        }
        for (k, v) in m.str_iter() {
            // None (Jinja2's default for the prefixes) or a string
            let text = if v.is_null() {
                String::new()
            } else {
                v.py_str()
            };
            let c = &mut self.custom;
            match k.to_lowercase().as_str() {
                "trim_blocks" => self.trim_blocks = v.truthy(),
                "lstrip_blocks" => self.lstrip_blocks = v.truthy(),
                "keep_trailing_newline" => self.keep_trailing_newline = v.truthy(),
                "block_start_string" => custom(c).delims.block_start = text,
                "block_end_string" => custom(c).delims.block_end = text,
                "variable_start_string" => custom(c).delims.variable_start = text,
                "variable_end_string" => custom(c).delims.variable_end = text,
                "comment_start_string" => custom(c).delims.comment_start = text,
                "comment_end_string" => custom(c).delims.comment_end = text,
                "line_statement_prefix" => custom(c).delims.line_statement_prefix = text,
                "line_comment_prefix" => custom(c).delims.line_comment_prefix = text,
                "newline_sequence" => custom(c).newline_sequence = text,
                _ => {}
            }
        }
        if self.custom.as_deref() == Some(&CustomSyntax::default()) {
            self.custom = None;
        }
        self
    }

    /// The template's delimiters.
    pub fn delims(&self) -> &Delims {
        match &self.custom {
            Some(c) => &c.delims,
            None => Delims::jinja2(),
        }
    }

    /// Jinja2's `newline_sequence` when it is not `"\n"`.
    pub fn newline_sequence(&self) -> Option<&str> {
        self.custom
            .as_ref()
            .map(|c| c.newline_sequence.as_str())
            .filter(|n| *n != "\n")
    }

    pub fn keep_trailing_newline(&self) -> bool {
        self.keep_trailing_newline
    }

    /// The minijinja syntax; an error (invalid delimiters) as Jinja2's lexer words it.
    pub fn syntax(&self) -> Result<SyntaxConfig, minijinja::Error> {
        let mut b = SyntaxConfig::builder();
        // with a newline sequence, `preprocess` removes the trailing newline itself
        b.trim_blocks(self.trim_blocks)
            .lstrip_blocks(self.lstrip_blocks)
            .keep_trailing_newline(self.keep_trailing_newline || self.newline_sequence().is_some());
        if let Some(c) = &self.custom {
            let d = &c.delims;
            b.block_delimiters(d.block_start.clone(), d.block_end.clone())
                .variable_delimiters(d.variable_start.clone(), d.variable_end.clone())
                .comment_delimiters(d.comment_start.clone(), d.comment_end.clone())
                .line_statement_prefix(d.line_statement_prefix.clone())
                .line_comment_prefix(d.line_comment_prefix.clone());
        }
        b.build()
    }

    /// The template text as this syntax compiles it: Salt's rewrites (see `preprocess`), and
    /// with a `newline_sequence` other than `"\n"` every line break of the template text
    /// written as that sequence (Jinja2 normalises the newlines of template data, after
    /// removing one trailing newline unless `keep_trailing_newline`).
    pub fn preprocess(&self, source: &str) -> String {
        let out = crate::preprocess::preprocess_with(source, self.delims());
        match self.newline_sequence() {
            None => out,
            Some(seq) => {
                let mut text = out.replace("\r\n", "\n").replace('\r', "\n");
                if !self.keep_trailing_newline && text.ends_with('\n') {
                    text.pop();
                }
                text.replace('\n', seq)
            }
        }
    }
}

fn opt_bool(v: Option<&HValue>) -> bool {
    v.is_some_and(HValue::truthy)
}

/// Salt 3008's per-template `#jinja2:` header (`salt/utils/templates.py`
/// `parse_jinja_file_opts`): on the first line, or on the second below a renderer shebang
/// (`#!jinja|yaml`, not `#!/...`), `#jinja2:` followed by a JSON object overrides the Jinja
/// environment options for this template, and the line is removed. A bare `#jinja2:`, a
/// payload that is not JSON or not an object is left in place (Salt logs a warning).
/// Returns the template without the header line and the options.
pub(crate) fn jinja2_header(source: &str) -> Option<(String, Map)> {
    const HEADER: &str = "#jinja2:";
    // splitlines(keepends=True) for "\n", "\r\n" and a lone "\r"
    let mut starts = vec![0usize];
    let bytes = source.as_bytes();
    let mut i = 0;
    while i < bytes.len() && starts.len() < 3 {
        match bytes[i] {
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                i += 2;
                starts.push(i);
            }
            b'\r' | b'\n' => {
                i += 1;
                starts.push(i);
            }
            _ => i += 1,
        }
    }
    let line = |n: usize| -> Option<(usize, usize)> {
        let start = *starts.get(n)?;
        if start >= source.len() {
            return None;
        }
        let end = starts.get(n + 1).copied().unwrap_or(source.len());
        Some((start, end))
    };
    let (s0, e0) = line(0)?;
    let first = &source[s0..e0];
    let idx = usize::from(first.starts_with("#!") && !first.starts_with("#!/"));
    let (start, end) = line(idx)?;
    let text = &source[start..end];
    let payload = text.strip_prefix(HEADER)?;
    if payload.trim().is_empty() {
        return None;
    }
    let Ok(HValue::Map(opts)) = HValue::from_json_str(payload.trim_end_matches(['\r', '\n']))
    else {
        return None;
    };
    let mut rest = String::with_capacity(source.len() - text.len());
    rest.push_str(&source[..start]);
    rest.push_str(&source[end..]);
    Some((rest, opts))
}
