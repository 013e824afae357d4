//! `halite validate FILE.sls [FILE.sls ...] [--params FILE ...] [--output json|yaml]`.

use crate::{load_params_files, render_with_params, validate, Outcome, ValidateError};
use halite_value::Value;
use std::path::PathBuf;

/// Output formats (idem's `--output json|yaml`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum, Default)]
pub enum OutputFormat {
    #[default]
    Json,
    Yaml,
}

/// Arguments of `halite validate`.
#[derive(Debug, Clone, clap::Args)]
pub struct ValidateArgs {
    /// SLS files (as `idem validate` takes them: paths relative to the working directory).
    #[arg(required = true)]
    pub sls: Vec<String>,
    /// YAML files with parameter values: render with real values instead of tracking
    /// (prints `high` and `low`; a parameter with no value and no default is an error).
    #[arg(long = "params")]
    pub params: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = OutputFormat::Json)]
    pub output: OutputFormat,
}

/// `json.dumps(indent=4)` or `yaml.safe_dump` (sorted keys, block style), as idem prints.
fn display(data: &Value, format: OutputFormat) -> String {
    match format {
        OutputFormat::Json => data.to_json_ascii(),
        OutputFormat::Yaml => {
            let opts = halite_yaml::DumpOptions {
                default_flow_style: Some(false),
                indent: 2,
                allow_unicode: false,
                sort_keys: true,
                width: 80,
            };
            halite_yaml::dump(data, opts)
        }
    }
}

/// idem's nested outputter for the error list: one green `- message` line per error.
fn display_errors(errors: &[String]) -> String {
    errors
        .iter()
        .map(|e| format!("\x1b[32m- {e}\x1b[39m"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Runs `halite validate`; returns stdout (without the final newline `print` adds) and the
/// exit status (0, or the number of errors idem lists).
pub fn run(args: &ValidateArgs) -> Result<(String, i32), ValidateError> {
    let cwd = std::env::current_dir().map_err(|e| ValidateError::Params(e.to_string()))?;
    // The command exits right after printing: its data is not dropped piece by piece
    // (several milliseconds for a large tree); the process's exit returns the memory.
    run_impl(&cwd, args, true)
}

/// [`run`] with SLS paths relative to `cwd` instead of the process's working directory.
pub fn run_in(cwd: &std::path::Path, args: &ValidateArgs) -> Result<(String, i32), ValidateError> {
    run_impl(cwd, args, false)
}

/// Prints `data`; with `keep`, the data is left to the process's exit (see [`run`]).
fn print(data: Value, format: OutputFormat, keep: bool) -> String {
    let text = display(&data, format);
    if keep {
        std::mem::forget(data);
    }
    text
}

fn run_impl(
    cwd: &std::path::Path,
    args: &ValidateArgs,
    keep: bool,
) -> Result<(String, i32), ValidateError> {
    let cwd = cwd.to_path_buf();
    if !args.params.is_empty() {
        let values = load_params_files(&args.params)?;
        let rendered = render_with_params(&cwd, &args.sls, &values)?;
        let mut out = halite_value::Map::new();
        out.insert("high", Value::Map(rendered.high));
        out.insert(
            "low",
            Value::List(rendered.low.into_iter().map(Value::Map).collect()),
        );
        return Ok((print(Value::Map(out), args.output, keep), 0));
    }
    match validate(&cwd, &args.sls)? {
        Outcome::Data(data) => Ok((print(data, args.output, keep), 0)),
        Outcome::Errors(errors) => {
            let code = i32::try_from(errors.len()).unwrap_or(i32::MAX);
            Ok((display_errors(&errors), code))
        }
    }
}
