//! Salt's outputters (salt/output/): how `salt-call --out X` prints a return.
//! The `highstate` outputter, for state runs, lives in [`highstate`] when present.

pub mod highstate;
mod nested;

pub use nested::nested;

use halite_value::Value;

/// An outputter name as `--out` takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outputter {
    Json,
    Yaml,
    Nested,
    Txt,
    Quiet,
    Highstate,
    /// Salt 3007.8's `newline_values_only` (removed in 3008): each minion's return (each
    /// item of a list return) as Python `str()`, one a line.
    NewlineValuesOnly,
}

impl Outputter {
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "json" => Outputter::Json,
            "yaml" => Outputter::Yaml,
            "nested" => Outputter::Nested,
            "txt" => Outputter::Txt,
            "quiet" => Outputter::Quiet,
            "highstate" => Outputter::Highstate,
            "newline_values_only" => Outputter::NewlineValuesOnly,
            _ => return None,
        })
    }
}

/// Display options shared by the outputters.
#[derive(Debug, Clone, Default)]
pub struct OutputOptions {
    pub color: bool,
    /// The return code, which turns nested's colours red when non-zero.
    pub retcode: i32,
}

/// `--out json`: `json.dumps(data, indent=4, ensure_ascii=False)`.
pub fn json(data: &Value) -> String {
    data.to_json()
}

/// `--out txt`: `key: line` for each line of each value.
pub fn txt(data: &Value) -> String {
    let mut out = String::new();
    match data {
        Value::Map(m) => {
            for (k, v) in m.iter() {
                match v {
                    Value::Str(s) => {
                        for line in s.lines() {
                            out.push_str(&format!("{}: {line}\n", k.py_str()));
                        }
                    }
                    other => out.push_str(&format!("{}: {}\n", k.py_str(), other.py_str())),
                }
            }
        }
        Value::Str(s) => {
            out.push_str(s);
            out.push('\n');
        }
        other => {
            out.push_str(&other.py_repr());
            out.push('\n');
        }
    }
    out
}

/// Renders `data` (salt-call's `{"local": ret}`) with `outputter`; the text ends without a
/// newline, as salt-call adds one when printing.
pub fn render(outputter: Outputter, data: &Value, opts: &OutputOptions) -> String {
    match outputter {
        Outputter::Json => json(data),
        Outputter::Yaml => yaml(data),
        Outputter::Nested | Outputter::Highstate => nested(data, opts),
        Outputter::Txt => txt(data).trim_end_matches('\n').to_string(),
        Outputter::Quiet => String::new(),
        Outputter::NewlineValuesOnly => newline_values_only(data),
    }
}

/// `salt.output.out_format(data, out, opts, nested_indent=N)` with `color: False`, as a
/// state builds a comment with it: the minion's `output` option (salt-call's `--out`) is
/// used instead of `out` unless it is `highstate` (`get_printout`); the text ends without
/// a newline.
pub fn out_format(
    data: &Value,
    out: &str,
    minion_output: Option<&str>,
    nested_indent: usize,
) -> String {
    let name = match minion_output {
        Some(o) if o != "highstate" => o,
        _ => out,
    };
    match Outputter::parse(if name == "text" { "txt" } else { name }) {
        Some(Outputter::Nested) | Some(Outputter::Highstate) | None => {
            nested::nested_indented(data, nested_indent, &OutputOptions::default())
        }
        Some(o) => render(o, data, &OutputOptions::default()),
    }
}

/// `salt/output/newline_values_only.py` (Salt 3007.8): the values of `data` (a list value
/// contributes its items), each as Python `str()`, joined with newlines.
pub fn newline_values_only(data: &Value) -> String {
    let mut lines = Vec::new();
    if let Value::Map(m) = data {
        for v in m.values() {
            match v {
                Value::List(items) => lines.extend(items.iter().map(Value::py_str)),
                other => lines.push(other.py_str()),
            }
        }
    }
    lines.join("\n").trim_end().to_string()
}

/// `--out yaml`: `yaml.safe_dump(data, default_flow_style=False)`.
pub fn yaml(data: &Value) -> String {
    halite_yaml::salt_yaml_outputter(data)
        .trim_end_matches('\n')
        .to_string()
}
