//! Salt's renderer system for execution functions (`salt.loader.render` +
//! `salt.template.compile_template`): what `slsutil.renderer` runs a file or string through.

use crate::template::{render_text, RenderError, TemplateJob};
use halite_exec::{ExecContext, ExecError, Registry, RenderJob, TemplateInput, TemplateRenderer};
use halite_jinja::JinjaEngine;
use halite_value::{Map, Value};
use std::path::Path;
use std::sync::Arc;

/// The renderers, with the execution functions their templates call.
pub struct SaltRenderers {
    registry: Arc<Registry>,
}

impl SaltRenderers {
    /// The value for [`ExecContext::renderer`].
    pub fn shared(registry: Arc<Registry>) -> Arc<dyn TemplateRenderer> {
        Arc::new(SaltRenderers { registry })
    }
}

impl std::fmt::Debug for SaltRenderers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SaltRenderers")
    }
}

impl TemplateRenderer for SaltRenderers {
    fn compile_template(&self, ctx: &ExecContext, job: &RenderJob) -> Result<Value, ExecError> {
        let mut sub = ctx.clone();
        sub.saltenv = job.saltenv.clone();
        let engine = JinjaEngine::new(self.registry.clone(), Arc::new(sub));
        let empty = || Ok(Value::Map(Map::new()));
        let (text, shebang, path, cached_path) = match &job.input {
            TemplateInput::File { path, tmplpath } => {
                if !path.is_file() {
                    tracing::error!("Template does not exist: {tmplpath}");
                    return empty();
                }
                let bytes =
                    halite_value::limits::read_input(path).map_err(|e| match e.raw_os_error() {
                        Some(errno) => {
                            ExecError::Failed(format!("[Errno {errno}] {e}: '{tmplpath}'"))
                        }
                        None => ExecError::Failed(format!("{tmplpath}: {e}")),
                    })?;
                if bytes.is_empty() {
                    return empty();
                }
                let text = String::from_utf8(bytes).map_err(|e| {
                    ExecError::Failed(format!("'utf-8' codec can't decode {tmplpath}: {e}"))
                })?;
                if text.trim().is_empty() {
                    tracing::error!("Template is nothing but whitespace: {tmplpath}");
                    return empty();
                }
                // `ifile.readline()`: the first line, newline included (stripped by the check).
                let first = text.split_inclusive('\n').next().unwrap_or("").to_string();
                (text, first, path.clone(), Some(tmplpath.clone()))
            }
            TemplateInput::String(text) => {
                // template_shebang: `input_data.split()[0]`.
                let Some(first) = text.split_whitespace().next() else {
                    return Err(ExecError::Failed("list index out of range".into()));
                };
                let first = first.to_string();
                (text.clone(), first, ":string:".into(), None)
            }
        };
        let template = TemplateJob {
            path: Path::new(&path),
            default_pipe: &job.default_pipe,
            saltenv: &job.saltenv,
            sls: &job.sls,
            engine: &engine,
            extra: &job.vars,
            cached_path,
            stateconf: None,
        };
        render_text(text, shebang.trim_end(), &template).map_err(|e| match e {
            RenderError::Render(msg) => {
                halite_exec::note_render_error();
                ExecError::Failed(msg)
            }
            RenderError::Other(msg) => ExecError::Failed(msg),
        })
    }

    fn render_template(
        &self,
        ctx: &ExecContext,
        engine: &str,
        text: &str,
        vars: &Map,
    ) -> Result<String, ExecError> {
        if !engine.eq_ignore_ascii_case("jinja") {
            return Err(ExecError::Failed(format!(
                "halite does not implement Salt's '{engine}' template engine"
            )));
        }
        let mut sub = ctx.clone();
        if let Some(env) = vars.get("saltenv").filter(|v| !v.is_null()) {
            sub.saltenv = env.py_str();
        }
        let engine = JinjaEngine::new(self.registry.clone(), Arc::new(sub));
        engine
            .render(text, "<template>", vars)
            .map_err(|e| ExecError::Failed(e.message))
    }
}
