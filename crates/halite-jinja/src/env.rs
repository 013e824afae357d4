//! Building the minijinja environment the way `render_jinja_tmpl` builds Jinja2's.

use crate::convert::{to_mj, PillarShapes};
use crate::loader::{self, SourceCache};
use crate::salt::SaltLoader;
use crate::{filters, methods, repr, tests};
use halite_exec::{ExecContext, Registry};
use halite_value::{Map, Value as HValue};
use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, UndefinedBehavior, Value};
use std::sync::Arc;

pub fn build(
    registry: &Arc<Registry>,
    ctx: &Arc<ExecContext>,
    cache: &Arc<SourceCache>,
    vars: &Map,
    log: &loader::LoadedLog,
    shapes: &Arc<PillarShapes>,
) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.set_debug(true);
    env.set_recursion_limit(1000);
    // Salt turns autoescape off (Jinja2's default for from_string).
    env.set_auto_escape_callback(|_| minijinja::AutoEscape::None);
    env.set_syntax(syntax(&ctx.opts, vars));
    env.set_formatter(|out, _state, value| {
        if value.is_undefined() {
            return Ok(());
        }
        out.write_str(&repr::py_str(value))
            .map_err(|_| minijinja::Error::from(minijinja::ErrorKind::WriteFailure))
    });
    env.set_unknown_method_callback(methods::unknown_method);
    loader::install(&mut env, ctx, cache, vars, log);
    filters::register(&mut env);
    tests::register(&mut env);
    install_globals(&mut env, registry, ctx, vars, shapes);
    env
}

/// Salt installs every context variable as an environment global.
fn install_globals(
    env: &mut Environment<'static>,
    registry: &Arc<Registry>,
    ctx: &Arc<ExecContext>,
    vars: &Map,
    shapes: &Arc<PillarShapes>,
) {
    env.add_global(
        "salt",
        Value::from_object(SaltLoader::new(
            registry.clone(),
            ctx.clone(),
            shapes.clone(),
        )),
    );
    env.add_global("grains", to_mj(&ctx.grains));
    env.add_global("pillar", crate::convert::to_mj_ordered(&ctx.pillar));
    env.add_global("opts", to_mj(&ctx.opts));
    env.add_global("saltenv", Value::from(ctx.saltenv.as_str()));
    for (k, v) in vars.iter() {
        env.add_global(k.py_str(), to_mj(v));
    }
}

/// `jinja_trim_blocks` / `jinja_lstrip_blocks` and `jinja_env` / `jinja_sls_env` options.
fn syntax(opts: &HValue, vars: &Map) -> SyntaxConfig {
    let mut trim = opt_bool(opts.get("jinja_trim_blocks"));
    let mut lstrip = opt_bool(opts.get("jinja_lstrip_blocks"));
    let mut keep_nl = false;
    let is_sls = vars.get("sls").is_some_and(|s| s.truthy());
    let env_opts = if is_sls {
        opts.get("jinja_sls_env")
    } else {
        opts.get("jinja_env")
    };
    if let Some(m) = env_opts.and_then(HValue::as_map) {
        for (k, v) in m.str_iter() {
            match k.to_lowercase().as_str() {
                "trim_blocks" => trim = v.truthy(),
                "lstrip_blocks" => lstrip = v.truthy(),
                "keep_trailing_newline" => keep_nl = v.truthy(),
                _ => {}
            }
        }
    }
    let mut b = SyntaxConfig::builder();
    b.trim_blocks(trim)
        .lstrip_blocks(lstrip)
        .keep_trailing_newline(keep_nl);
    b.build().unwrap_or_default()
}

fn opt_bool(v: Option<&HValue>) -> bool {
    v.is_some_and(HValue::truthy)
}
