//! `halite validate`: idem 25.0.1's `idem validate` for SLS trees driven by `params`.
//!
//! Rendering runs Jinja with `params` bound to a recording proxy ([`params`]): each
//! `params.get(...)`/`params[...]` chain records its path and prints as an opaque token.
//! After YAML parsing the tokens are attributed to the state they ended up in
//! ([`analyze::find_params`]), checked against each state's `META`
//! ([`analyze::validate_meta`]) and finally mapped back to `{{ expression }}`
//! ([`analyze::remap`]). [`render_with_params`] renders the same trees with real values.

mod analyze;
mod b64;
pub mod cli;
mod compile;
mod convert;
mod gather;
mod jinja;
mod params;
mod real;
mod refs;
mod render;
mod token;

use gather::Run;
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Failures that stop a run before idem would print data.
#[derive(Debug, thiserror::Error)]
pub enum ValidateError {
    /// Jinja or YAML failed in a file (idem: `Error while parsing '<ref>': ...`).
    #[error("Error while parsing '{sls}': {message} (file {}, line {})", file.display(), line.map_or("?".to_string(), |l| l.to_string()))]
    Render {
        sls: String,
        file: PathBuf,
        line: Option<usize>,
        message: String,
    },
    /// `render_with_params`: a parameter used without a value and without a default.
    #[error("SLS '{sls}', ID '{id}': parameter '{param}' has no value and no default")]
    MissingParam {
        sls: String,
        id: String,
        param: String,
    },
    /// A params file could not be read or parsed.
    #[error("{0}")]
    Params(String),
    /// SLS features halite validate does not model.
    #[error("{0}")]
    Unsupported(String),
    /// Where idem itself crashes with a Python exception (e.g. `KeyError: 'low'` for a tree
    /// that renders to nothing); the text is the exception line idem prints last.
    #[error("{0}")]
    Crash(String),
}

/// The result of a validate run: idem's data, or idem's error list (printed as a list,
/// exit status = number of errors).
#[derive(Debug, Clone)]
pub enum Outcome {
    /// `high`, `low`, `meta`, `parameters`, `warnings`.
    Data(Value),
    Errors(Vec<String>),
}

/// High data and low chunks rendered with real parameter values.
#[derive(Debug, Clone)]
pub struct Rendered {
    pub high: Map,
    pub low: Vec<Map>,
}

fn gather_run(
    cwd: &Path,
    files: &[String],
    params: minijinja::Value,
) -> Result<Run, ValidateError> {
    let sources = refs::command_line_refs(cwd, files);
    let mut renderer = render::Renderer::new(params);
    let mut run = Run::new(sources.dirs);
    gather::gather_into(&mut run, &mut renderer, &sources.refs)?;
    // idem's verify_high errors are overwritten by the req_in stage (each compiler stage
    // assigns RUNS[name]["errors"]), so they never surface; verify is not run here.
    Ok(run)
}

/// The status idem exits with after an exception (a traceback on stderr).
pub const EXIT_EXCEPTION: i32 = 1;

/// `idem validate FILE...` run from `cwd`.
pub fn validate(cwd: &Path, files: &[String]) -> Result<Outcome, ValidateError> {
    let tracker = Arc::new(Mutex::new(params::Tracker::default()));
    let run = gather_run(cwd, files, params::Param::root(tracker.clone()))?;
    if !run.errors.is_empty() {
        return Ok(Outcome::Errors(run.errors));
    }
    if run.high.is_empty() {
        // idem returns before compiling, then its CLI reads RUNS[name]["low"]
        return Err(ValidateError::Crash("KeyError: 'low'".to_string()));
    }
    // low is compiled from the raw high data (its sort key uses the raw names); the high
    // data is then decoded once for both find_params and the reverse map
    let low = compile::compile(&run.high);
    let refs = analyze::state_refs(&run.high);
    let high = match analyze::decode_all(Value::Map(run.high)) {
        Value::Map(m) => m,
        _ => Map::new(),
    };
    let id_decs = analyze::find_params(&high, &refs).map_err(ValidateError::Crash)?;
    let global = match tracker.lock() {
        Ok(t) => t.global(),
        Err(p) => p.into_inner().global(),
    };
    let warnings = analyze::validate_meta(&id_decs, &run.meta_ids);
    let low = Value::List(low.into_iter().map(Value::Map).collect());
    let meta = section("SLS", Value::Map(run.meta_sls), Value::Map(run.meta_ids));
    let parameters = section("GLOBAL", global, Value::Map(id_decs));
    let warnings = section("GLOBAL", Value::Map(Map::new()), Value::Map(warnings));
    // 0020_reverse_map over the five sections (high was decoded above already)
    let mut out = Map::new();
    out.insert("high", analyze::remap_decoded(Value::Map(high)));
    out.insert("low", analyze::remap(low));
    out.insert("meta", analyze::remap(meta));
    out.insert("parameters", analyze::remap(parameters));
    out.insert("warnings", analyze::remap(warnings));
    Ok(Outcome::Data(Value::Map(out)))
}

fn section(first_key: &str, first: Value, ids: Value) -> Value {
    let mut m = Map::new();
    m.insert(first_key, first);
    m.insert("ID_DECS", ids);
    Value::Map(m)
}

/// Loads and merges `--params` YAML files (later files override earlier ones, recursively).
pub fn load_params_files(paths: &[PathBuf]) -> Result<Value, ValidateError> {
    let mut merged = Map::new();
    for path in paths {
        let text = halite_value::limits::read_input_to_string(path)
            .map_err(|e| ValidateError::Params(format!("{}: {e}", path.display())))?;
        let data = halite_yaml::load(&text, halite_yaml::Schema::Salt).map_err(|e| {
            ValidateError::Params(format!(
                "{}: line {}: {}",
                path.display(),
                e.line,
                e.problem
            ))
        })?;
        match data {
            Value::Map(m) => halite_value::merge_recurse(&mut merged, &m, false),
            Value::Null => {}
            other => {
                return Err(ValidateError::Params(format!(
                    "{}: params must be a mapping, not {}",
                    path.display(),
                    other.type_name()
                )))
            }
        }
    }
    Ok(Value::Map(merged))
}

/// Renders the SLS tree with real parameter values (`params` is the merged `--params`
/// data). A parameter printed into a state without a value and without a default is an
/// error naming the SLS, the ID and the parameter.
pub fn render_with_params(
    cwd: &Path,
    files: &[String],
    params: &Value,
) -> Result<Rendered, ValidateError> {
    let run = gather_run(cwd, files, real::RealParams::root(params))?;
    if let Some(err) = run.errors.first() {
        return Err(ValidateError::Unsupported(err.clone()));
    }
    check_missing(&run.high)?;
    let low = compile::compile(&run.high);
    Ok(Rendered {
        high: run.high,
        low,
    })
}

/// The first missing-parameter marker in each state, attributed to its SLS and ID.
fn check_missing(high: &Map) -> Result<(), ValidateError> {
    for (id, body) in high.iter() {
        let sls = body.get("__sls__").map(Value::py_str).unwrap_or_default();
        let mut texts = vec![id.py_str()];
        collect_strings(body, &mut texts);
        for text in &texts {
            if let Some(param) = real::missing_in(text).into_iter().next() {
                let id = real::strip_markers(&id.py_str());
                return Err(ValidateError::MissingParam { sls, id, param });
            }
        }
    }
    Ok(())
}

fn collect_strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Str(s) => out.push(s.to_string()),
        Value::List(l) => l.iter().for_each(|x| collect_strings(x, out)),
        Value::Map(m) => {
            for (k, x) in m.iter() {
                collect_strings(k, out);
                collect_strings(x, out);
            }
        }
        _ => {}
    }
}
