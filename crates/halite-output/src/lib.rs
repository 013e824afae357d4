//! Salt's outputters (salt/output/): how `salt-call --out X` prints a return.
//! The `highstate` outputter, for state runs, lives in [`highstate`] when present.

pub mod highstate;
mod nested;
mod pprint;
mod table;

pub use nested::nested;
pub use pprint::pformat;
pub use table::{profile, table, TableOptions};

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
    /// `raw`: Python `str()` of the data.
    Raw,
    /// `pprint`: Python's `pprint.pformat`.
    Pprint,
    /// `table`: [`table::table`], nested where Salt's table outputter raises.
    Table,
    /// Salt 3007.8's `profile` (removed in 3008): state durations as a table.
    Profile,
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
            "raw" => Outputter::Raw,
            "pprint" => Outputter::Pprint,
            "table" => Outputter::Table,
            "profile" => Outputter::Profile,
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
    /// The minion's `output_indent` (salt-call's `--out-indent`), when set: the indent of
    /// the json, yaml and pprint outputters.
    pub indent: Option<OutputIndent>,
    /// The minion options `out.table.*`.
    pub table: TableOptions,
}

/// `output_indent` as Salt's outputters read it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputIndent {
    /// An integer; negative means none (json on one line, yaml in flow style).
    Spaces(i64),
    /// `pretty` (json only: indent 4 and keys sorted).
    Pretty,
    /// Set to something else (`None` in the config): json on one line, and the outputters
    /// that compare it with 0 raise, so salt-call prints nested.
    Other,
}

impl OutputIndent {
    /// The minion option, as salt-call's `--out-indent` or the config sets it.
    pub fn from_opts(m: &halite_value::Map) -> Option<OutputIndent> {
        Some(match m.get("output_indent")? {
            Value::Int(i) => OutputIndent::Spaces(*i),
            Value::Bool(b) => OutputIndent::Spaces(*b as i64),
            Value::Str(s) if s.as_str() == "pretty" => OutputIndent::Pretty,
            _ => OutputIndent::Other,
        })
    }
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
        Outputter::Json => json_indented(data, opts.indent),
        Outputter::Yaml => yaml_indented(data, opts.indent).unwrap_or_default(),
        Outputter::Raw => data.py_str(),
        Outputter::Pprint => match opts.indent {
            Some(OutputIndent::Spaces(n)) if n >= 0 => pformat(data, n as usize),
            // `"pretty" >= 0` raises: see [`try_render`]
            _ => pformat(data, 1),
        },
        // salt-call crashes where these raise: the caller uses [`try_render`] first
        Outputter::Table => table(data, &opts.table, opts.color).unwrap_or_default(),
        Outputter::Profile => profile(data, &opts.table, opts.color).unwrap_or_default(),
        Outputter::Nested | Outputter::Highstate => nested(data, opts),
        Outputter::Txt => txt(data).trim_end_matches('\n').to_string(),
        Outputter::Quiet => String::new(),
        Outputter::NewlineValuesOnly => newline_values_only(data),
    }
}

/// [`render`], or the Python exception Salt's outputter raises there. salt-call's fallback
/// to nested asks for the same outputter again (its `--out` wins in `get_printout`), so such
/// an error ends salt-call in its global exception handler: nothing printed, exit status 1.
pub fn try_render(
    outputter: Outputter,
    data: &Value,
    opts: &OutputOptions,
) -> Result<String, String> {
    match outputter {
        Outputter::Table => table(data, &opts.table, opts.color),
        Outputter::Profile => profile(data, &opts.table, opts.color),
        // `output_indent >= 0` with a string or None raises
        Outputter::Pprint | Outputter::Yaml
            if matches!(
                opts.indent,
                Some(OutputIndent::Pretty | OutputIndent::Other)
            ) =>
        {
            Err("TypeError: '>=' not supported between instances of 'str' and 'int'".into())
        }
        other => Ok(render(other, data, opts)),
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

/// `--out json` with the minion's `output_indent` (salt/output/json_out.py).
pub fn json_indented(data: &Value, indent: Option<OutputIndent>) -> String {
    use halite_value::JsonStyle;
    match indent {
        None => json(data),
        Some(OutputIndent::Spaces(n)) if n >= 0 => {
            data.to_json_styled(JsonStyle::Pretty(n as usize))
        }
        Some(OutputIndent::Pretty) => {
            let mut sorted = data.clone();
            sort_keys_deep(&mut sorted);
            sorted.to_json()
        }
        Some(_) => data.to_json_styled(JsonStyle::Compact),
    }
}

fn sort_keys_deep(v: &mut Value) {
    match v {
        Value::Map(m) => {
            m.sort_keys();
            m.values_mut().for_each(sort_keys_deep);
        }
        Value::List(l) => l.iter_mut().for_each(sort_keys_deep),
        _ => {}
    }
}

/// `--out yaml` with the minion's `output_indent` (salt/output/yaml_out.py): block style
/// with that indent, flow style when negative; `None` where Salt's comparison raises
/// (salt-call prints nested).
pub fn yaml_indented(data: &Value, indent: Option<OutputIndent>) -> Option<String> {
    let opts = match indent {
        None => return Some(yaml(data)),
        Some(OutputIndent::Spaces(n)) if n >= 0 => halite_yaml::DumpOptions {
            default_flow_style: Some(false),
            sort_keys: true,
            indent: n as usize,
            ..halite_yaml::DumpOptions::default()
        },
        Some(OutputIndent::Spaces(_)) => halite_yaml::DumpOptions {
            default_flow_style: Some(true),
            sort_keys: true,
            indent: 0,
            ..halite_yaml::DumpOptions::default()
        },
        Some(_) => return None,
    };
    Some(
        halite_yaml::dump(data, opts)
            .trim_end_matches('\n')
            .to_string(),
    )
}

/// `--out yaml`: `yaml.safe_dump(data, default_flow_style=False)`.
pub fn yaml(data: &Value) -> String {
    halite_yaml::salt_yaml_outputter(data)
        .trim_end_matches('\n')
        .to_string()
}
