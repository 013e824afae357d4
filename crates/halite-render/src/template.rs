//! `salt.template.compile_template`: read a file, pick the render pipe from its shebang line
//! (`#!jinja|yaml`) or the configured default, and run each renderer in turn.

use halite_jinja::JinjaEngine;
use halite_value::diag::{self, LineMap};
use halite_value::{Map, SaltCompat, Value};
use std::path::Path;

/// A renderer failure. `Render` is Salt's `SaltRenderError` (the message goes after
/// `Rendering SLS 'env:sls' failed: `); `Other` is any other exception (Salt then says
/// `Rendering SLS sls failed, render error: ...`).
#[derive(Debug, Clone, thiserror::Error)]
pub enum RenderError {
    #[error("{0}")]
    Render(String),
    #[error("{0}")]
    Other(String),
}

/// One step of a render pipe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Renderer {
    /// With its options (`-s`, else "Unknown renderer option").
    Jinja(String),
    Yaml,
    /// Salt's `yamlex` (`salt.serializers.yamlex.deserialize`: repeated keys merge).
    Yamlex,
    Json,
    /// Decrypts `-----BEGIN PGP MESSAGE-----` blocks with the system `gpg`; data without one
    /// passes through.
    Gpg,
    /// Passes data without `NACL[...]` through.
    Nacl,
    /// Salt's `stateconf`, with its options (`-o yaml . jinja`).
    Stateconf(String),
    /// A renderer Salt loads that fails on every input in the oracle's install (its Python
    /// library is missing or is another package): the Python exception text.
    Broken(&'static str),
    /// A renderer Salt has that halite does not implement (py, mako, ...).
    Unsupported(String),
}

/// The renderer named `name` in a render pipe, with its options, as the Salt release has it
/// (`salt/renderers/` as the loader loads it in the oracle installs). `None`: not a renderer
/// of that release, or one whose `__virtual__` fails there (a missing library: `toml`,
/// `cheetah`, `genshi`, `aws_kms`); Salt then says "The renderer ... is not available".
pub fn renderer_named(name: &str, argline: &str, compat: SaltCompat) -> Option<Renderer> {
    let salt3007 = !compat.is_3008();
    Some(match name {
        "jinja" => Renderer::Jinja(argline.to_string()),
        "yaml" => Renderer::Yaml,
        "yamlex" => Renderer::Yamlex,
        "json" => Renderer::Json,
        "gpg" => Renderer::Gpg,
        "nacl" => Renderer::Nacl,
        "stateconf" => Renderer::Stateconf(argline.to_string()),
        "msgpack" => Renderer::Broken("a bytes-like object is required, not 'str'"),
        // Salt 3008 removed these renderers (salt/renderers/{dson,hjson,json5,pass,pydsl,
        // wempy}.py are gone). In 3007.8 the first three import a module of that name that
        // lacks `loads`.
        "dson" if salt3007 => Renderer::Broken("module 'dson' has no attribute 'loads'"),
        "hjson" if salt3007 => Renderer::Broken("module 'hjson' has no attribute 'loads'"),
        "json5" if salt3007 => Renderer::Broken("module 'json5' has no attribute 'loads'"),
        "pass" | "pydsl" | "wempy" if salt3007 => Renderer::Unsupported(name.into()),
        "py" | "pyobjects" | "mako" => Renderer::Unsupported(name.into()),
        _ => return None,
    })
}

/// `check_render_pipe_str`: `jinja|yaml`, with the old `yaml_jinja` spelling. `None` when a
/// renderer is not available in Salt (Salt then renders the file to `{}`).
pub fn render_pipe(pipestr: &str, compat: SaltCompat) -> Option<Vec<Renderer>> {
    let old_style = match pipestr {
        "yaml_jinja" => Some("jinja|yaml"),
        "json_jinja" => Some("jinja|json"),
        "yaml_mako" => Some("mako|yaml"),
        "json_mako" => Some("mako|json"),
        "yaml_wempy" => Some("wempy|yaml"),
        "json_wempy" => Some("wempy|json"),
        "yamlex_jinja" => Some("jinja|yamlex"),
        _ => None,
    };
    let pipestr = old_style.unwrap_or(pipestr);
    let mut out = Vec::new();
    for part in pipestr.split('|') {
        // `name, argline = (part.strip() + " ").split(" ", 1)`
        let part = part.trim();
        let (name, argline) = part.split_once(' ').unwrap_or((part, ""));
        out.push(renderer_named(name, argline.trim(), compat)?);
    }
    Some(out)
}

/// The render pipe `shebang` names (`#!jinja|yaml`; not an interpreter path such as
/// `#!/bin/sh`), else `default_pipe`.
pub fn pipe_str<'a>(shebang: &'a str, default_pipe: &'a str) -> &'a str {
    match shebang.strip_prefix("#!") {
        Some(rest) if !rest.starts_with('/') => rest.trim(),
        _ => default_pipe,
    }
}

/// What a template is rendered with.
pub struct TemplateJob<'a> {
    pub path: &'a Path,
    /// The `renderer` option (default `jinja|yaml`).
    pub default_pipe: &'a str,
    pub saltenv: &'a str,
    /// The sls being rendered (`""` for top files).
    pub sls: &'a str,
    pub engine: &'a JinjaEngine,
    /// Extra template variables (pillar `defaults`, ...).
    pub extra: &'a Map,
    /// Where Salt's file client would have cached the file
    /// (`<cachedir>/files/<saltenv>/<path>`): Salt's `tplpath`. `None` uses `path`.
    pub cached_path: Option<String>,
    /// What the run's stateconf renders declared so far (`None`: this render's alone).
    pub stateconf: Option<&'a crate::stateconf::SharedGlobals>,
}

/// Renders a file to data. An empty or whitespace-only file is `{}` as in Salt.
pub fn compile_template(job: &TemplateJob) -> Result<Value, RenderError> {
    let text = halite_value::limits::read_input_to_string(job.path)
        .map_err(|e| RenderError::Other(format!("{}: {e}", job.path.display())))?;
    if text.trim().is_empty() {
        return Ok(Value::Map(Map::new()));
    }
    let first_line = text.lines().next().unwrap_or("").to_string();
    render_text(text, &first_line, job)
}

/// The render half of `compile_template`: `shebang` is the line Salt inspects for a `#!`
/// pipe (a file's first line; for a string, its first whitespace-separated word), else the
/// job's default pipe runs. Like Salt, a text result keeps Windows newlines when the input
/// had them.
pub fn render_text(text: String, shebang: &str, job: &TemplateJob) -> Result<Value, RenderError> {
    let pipestr = pipe_str(shebang, job.default_pipe);
    let Some(pipe) = render_pipe(pipestr, job.engine.salt_compat()) else {
        tracing::error!("The renderer \"{pipestr}\" is not available");
        diag::warn(crate::diagnose::bad_renderer(job, shebang, pipestr));
        return Ok(Value::Map(Map::new()));
    };
    let windows_newline = text.contains("\r\n");
    let mut data = Value::Str(text.into());
    let mut map = None;
    for renderer in pipe {
        data = run_renderer(&renderer, data, job, &mut map)?;
    }
    if windows_newline {
        if let Value::Str(s) = &mut data {
            // Jinja2 writes every newline of the template text as "\n" (minijinja keeps
            // them as written), so Salt finds no "\r\n" in the output and turns each "\n"
            // into "\r\n". (A "\r\n" inside a rendered value, which would stop Salt's
            // conversion, is not told apart here.)
            let lf = s.replace("\r\n", "\n");
            *s = lf.replace('\n', "\r\n").into();
        }
    }
    Ok(data)
}

/// Python's type name of a value that is not a readable stream (for "'X' object has no
/// attribute 'read'"): the yaml renderer's mappings are `OrderedDict`s.
pub(crate) fn py_type(v: &Value) -> &'static str {
    match v {
        Value::Map(_) => "collections.OrderedDict",
        Value::List(_) => "list",
        Value::Str(_) => "str",
        Value::Int(_) => "int",
        Value::Float(_) => "float",
        Value::Bool(_) => "bool",
        Value::Null => "NoneType",
    }
}

fn as_text(data: Value) -> String {
    match data {
        Value::Str(s) => s.to_string(),
        other => other.py_str(),
    }
}

/// `map`: where the previous (Jinja) step's output came from in the file, for diagnostics.
pub(crate) fn run_renderer(
    renderer: &Renderer,
    data: Value,
    job: &TemplateJob,
    map: &mut Option<LineMap>,
) -> Result<Value, RenderError> {
    match renderer {
        Renderer::Jinja(argline) => {
            if !argline.is_empty() && argline != "-s" {
                return Err(RenderError::Render(format!(
                    "Unknown renderer option: {argline}"
                )));
            }
            let vars = sls_context(job);
            let name = job.path.to_string_lossy();
            let source = as_text(data);
            match job.engine.render_mapped(&source, &name, &vars) {
                Ok((text, lines)) => {
                    *map = Some(lines);
                    Ok(Value::from(text))
                }
                Err(e) => {
                    diag::attach(
                        e.message.clone(),
                        crate::diagnose::jinja_error(job, &source, &e),
                    );
                    Err(RenderError::Render(e.message))
                }
            }
        }
        Renderer::Yamlex => {
            // `deserialize(sls_data) or {}`
            let text = as_text(data);
            match halite_yaml::load_yamlex(&text) {
                Ok(value) => {
                    diag::remember_rendered(
                        &job.path.to_string_lossy(),
                        diag::RenderedFile {
                            text,
                            map: map.take(),
                        },
                    );
                    Ok(if value.truthy() {
                        value
                    } else {
                        Value::Map(Map::new())
                    })
                }
                Err(e) if e.problem.starts_with(halite_yaml::YAMLEX_UNACCEPTABLE_KEY) => {
                    Err(RenderError::Render(e.problem))
                }
                // the yaml renderer's message for what both loaders refuse
                Err(e) => match run_renderer(&Renderer::Yaml, Value::Str(text.into()), job, map) {
                    Ok(_) => Err(RenderError::Render(e.to_string())),
                    Err(yaml_error) => Err(yaml_error),
                },
            }
        }
        Renderer::Yaml => {
            let text = as_text(data);
            let loaded = halite_yaml::load_keys(&text, halite_yaml::Schema::Salt);
            let (value, scalar_keys) = loaded.map_err(|e| {
                let err = if e.escapes_renderer() {
                    // Not a SaltRenderError in Salt: it surfaces as "render error: <str(exc)>"
                    // (Salt appends a Python traceback, which halite has none of).
                    RenderError::Other(e.pyyaml_str())
                } else {
                    RenderError::Render(halite_yaml_error(&e, &text))
                };
                diag::attach(
                    err.to_string(),
                    crate::diagnose::yaml_error(job, &text, map.as_ref(), &e),
                );
                err
            })?;
            diag::remember_rendered(
                &job.path.to_string_lossy(),
                diag::RenderedFile {
                    text,
                    map: map.take(),
                },
            );
            if !value.truthy() {
                return Ok(Value::Map(Map::new()));
            }
            if !scalar_keys && has_dict_key(&value) {
                return Err(RenderError::Render(
                    "Invalid YAML, possible double curly-brace".into(),
                ));
            }
            Ok(value)
        }
        Renderer::Json => {
            // salt/renderers/json.py drops a leading shebang line itself.
            let mut text = as_text(data);
            // `json_data[json_data.find("\n") + 1:]`: without a newline nothing is dropped.
            if text.starts_with("#!") {
                if let Some((_, rest)) = text.split_once('\n') {
                    text = rest.to_string();
                }
            }
            if text.trim().is_empty() {
                return Ok(Value::Map(Map::new()));
            }
            Value::from_json_str(&text).map_err(|e| RenderError::Other(e.to_string()))
        }
        Renderer::Stateconf(argline) => crate::stateconf::render(data, argline, job),
        Renderer::Gpg => crate::secrets::gpg(data, job),
        Renderer::Nacl => crate::secrets::nacl(data),
        Renderer::Broken(text) => Err(RenderError::Other(match &data {
            Value::Str(_) => text.to_string(),
            other => format!("'{}' object has no attribute 'read'", py_type(other)),
        })),
        Renderer::Unsupported(name) => {
            let text = format!("halite does not implement Salt's '{name}' renderer");
            let mut d = crate::diagnose::bad_renderer(job, "", name);
            d.message = text.clone();
            d.hint = Some("render this file with jinja|yaml (the default), yaml or json".into());
            diag::attach(text.clone(), d);
            Err(RenderError::Render(text))
        }
    }
}

fn halite_yaml_error(err: &halite_yaml::YamlError, source: &str) -> String {
    halite_yaml::salt_render_error_message(err, source)
}

/// Salt's yaml renderer rejects mappings used as keys (`{{ }}` gone wrong).
fn has_dict_key(v: &Value) -> bool {
    match v {
        Value::Map(m) => m
            .iter()
            .any(|(k, v)| matches!(k, Value::Map(_)) || has_dict_key(v)),
        Value::List(l) => l.iter().any(has_dict_key),
        _ => false,
    }
}

/// `salt.utils.templates.generate_sls_context` plus `sls`: the variables that tell a template
/// where it is.
pub fn sls_context(job: &TemplateJob) -> Map {
    let mut vars = job.extra.clone();
    let sls = job.sls;
    let tmplpath = match &job.cached_path {
        Some(p) => p.clone(),
        None => job.path.to_string_lossy().replace('\\', "/"),
    };
    let salt3008 = job.engine.salt_compat().is_3008();
    let mut slspath = sls.replace('.', "/");
    if salt3008 {
        // Salt 3008: "remove possible trailing slashes to prevent matching issues".
        slspath.truncate(slspath.trim_end_matches('/').len());
    }
    let template = if sls.is_empty() {
        tmplpath.rsplit('/').next().unwrap_or("").to_string()
    } else if tmplpath.ends_with(&format!("{slspath}.sls")) {
        tmplpath[tmplpath.len() - (4 + slspath.len())..].to_string()
    } else if tmplpath.ends_with(&format!("{slspath}/init.sls")) {
        tmplpath[tmplpath.len() - (9 + slspath.len())..].to_string()
    } else if salt3008 {
        // Salt 3008: "It is not an SLS file being processed": only tplpath, tplfile (the
        // sls) and tpldir (its pathlib parent) are defined; caller values win.
        let tpldir = match sls.rsplit_once('/') {
            Some(("", _)) => "/",
            Some((dir, _)) => dir,
            None => ".",
        };
        vars.insert("sls", Value::str(sls));
        for (k, v) in [
            ("tplpath", tmplpath.as_str()),
            ("tplfile", sls),
            ("tpldir", tpldir),
        ] {
            if !vars.contains_key(k) {
                vars.insert(k, Value::str(v));
            }
        }
        return vars;
    } else {
        tmplpath.clone()
    };
    slspath = match template.rsplit_once('/') {
        Some((dir, _)) => dir.to_string(),
        None => String::new(),
    };
    let tpldir = if slspath.is_empty() { "." } else { &slspath };
    let context = [
        ("tplpath", tmplpath.clone()),
        ("tplfile", template.clone()),
        ("tpldir", tpldir.to_string()),
        ("tpldot", slspath.replace('/', ".")),
        ("slspath", slspath.clone()),
        ("slsdotpath", slspath.replace('/', ".")),
        ("slscolonpath", slspath.replace('/', ":")),
        ("sls_path", slspath.replace('/', "_")),
    ];
    vars.insert("sls", Value::str(sls));
    for (k, v) in context {
        // Salt 3008 (issue #68754): caller-supplied values take precedence over the ones
        // derived from `sls` (`context.setdefault`); 3007 overwrote them.
        if !(salt3008 && vars.contains_key(k)) {
            vars.insert(k, Value::str(v));
        }
    }
    vars
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_renderers_are_refused_not_run() {
        for compat in [SaltCompat::V3007, SaltCompat::V3008] {
            for name in ["py", "pyobjects", "mako"] {
                assert_eq!(
                    render_pipe(name, compat),
                    Some(vec![Renderer::Unsupported(name.into())])
                );
            }
        }
        assert_eq!(
            render_pipe("pydsl", SaltCompat::V3007),
            Some(vec![Renderer::Unsupported("pydsl".into())])
        );
        // Removed in Salt 3008: not available, as a renderer Salt lacks.
        assert_eq!(render_pipe("pydsl", SaltCompat::V3008), None);
    }

    #[test]
    fn pipe_steps_keep_their_options() {
        assert_eq!(
            render_pipe("jinja | stateconf -o yaml . jinja", SaltCompat::V3008),
            Some(vec![
                Renderer::Jinja(String::new()),
                Renderer::Stateconf("-o yaml . jinja".into())
            ])
        );
        assert_eq!(render_pipe("jinja|toml", SaltCompat::V3008), None);
    }
}
