//! Rendering one SLS file through idem's default pipe `jinja|yaml|replacements`
//! (`rend/rend/init.py` `blocks`/`parse_bytes`, `rend/rend/jinja.py`,
//! `rend/rend/yaml_file.py`, `rend/rend/replacements.py`).

use crate::refs::Resolved;
use crate::ValidateError;
use halite_value::Value;
use minijinja::value::Value as MjValue;
use minijinja::Environment;

/// What `params` is bound to while rendering, plus the Jinja environment.
pub struct Renderer {
    pub env: Environment<'static>,
    pub params: MjValue,
}

impl Renderer {
    pub fn new(params: MjValue) -> Self {
        Renderer {
            env: crate::jinja::environment(),
            params,
        }
    }
}

/// The render pipe of a file: a `#!a|b` first line overrides the default.
/// Block requisites (`#!key:value`) and `#!END` nesting are not supported; such lines
/// are dropped from the text as idem drops them.
fn split_pipe(text: String) -> (Vec<String>, String) {
    let mut pipe: Vec<String> = vec!["jinja".into(), "yaml".into(), "replacements".into()];
    if !text.starts_with("#!") && !text.contains("\n#!") {
        return (pipe, text);
    }
    let mut body = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        if let Some(root) = line.strip_prefix("#!") {
            let root = root.trim();
            if root != "END" && !root.contains(':') {
                pipe = root.split('|').map(|p| p.trim().to_string()).collect();
            }
            continue;
        }
        body.push_str(line);
    }
    (pipe, body)
}

/// Renders a resolved SLS file; errors name the ref (`cfn`, as idem), the file and the line.
pub fn render_sls(r: &mut Renderer, cfn: &str, res: &Resolved) -> Result<Value, ValidateError> {
    let mut raw = String::from_utf8_lossy(&res.content).into_owned();
    if raw.contains('\r') {
        raw = raw.replace('\r', "");
    }
    let (pipe, body) = split_pipe(raw);
    let mut text = body;
    let mut data: Option<Value> = None;
    for stage in &pipe {
        match stage.as_str() {
            "jinja" => {
                text = crate::jinja::render(&r.env, &text, r.params.clone())
                    .map_err(|e| jinja_error(cfn, res, &e))?;
            }
            "yaml" => {
                let v = halite_yaml::load(&text, halite_yaml::Schema::Salt)
                    .map_err(|e| yaml_error(cfn, res, &e))?;
                data = Some(v);
            }
            "replacements" => {
                if let Some(v) = data.take() {
                    data = Some(replacements(v));
                }
            }
            other => {
                return Err(ValidateError::Unsupported(format!(
                    "render pipe `{other}` in {} is not supported",
                    res.path.display()
                )))
            }
        }
    }
    Ok(data.unwrap_or(Value::Str(text.into())))
}

/// idem's messages: `Jinja syntax error: ...` / `Jinja variable: ...` (plus the line).
fn jinja_error(cfn: &str, res: &Resolved, e: &minijinja::Error) -> ValidateError {
    let detail = e
        .detail()
        .map(str::to_string)
        .unwrap_or_else(|| e.kind().to_string());
    let message = match e.kind() {
        // a ResponseObject read twice: Python raises StopIteration inside Jinja's async
        // generator, which surfaces as a RuntimeError
        _ if detail.contains("StopIteration") => "async generator raised StopIteration".to_string(),
        // idem renders with StrictUndefined: any use of a name that is not defined (printed,
        // added to, called, a method of it) raises `'X' is undefined`, naming it
        _ if undefined_name(e.kind(), &detail).is_some() => format!(
            "Jinja variable: '{}' is undefined",
            undefined_name(e.kind(), &detail).unwrap_or_default()
        ),
        minijinja::ErrorKind::SyntaxError => format!("Jinja syntax error: {detail}"),
        minijinja::ErrorKind::UndefinedError => format!("Jinja variable: {detail}"),
        // other Python exceptions (TypeError, ...) propagate with their message only
        _ => detail,
    };
    ValidateError::Render {
        sls: cfn.to_string(),
        file: res.path.clone(),
        line: e.line(),
        message,
    }
}

/// The undefined name behind a minijinja error: "`x` is undefined", "... (`x` is
/// undefined)" after an operation on it, "x is unknown" for a call of it.
fn undefined_name(kind: minijinja::ErrorKind, detail: &str) -> Option<String> {
    let backticked = |t: &str| -> Option<String> {
        let t = t.strip_suffix("` is undefined")?;
        let start = t.rfind('`')?;
        Some(t[start + 1..].to_string())
    };
    if let Some(inner) = detail
        .strip_suffix(" is undefined)")
        .and_then(|t| t.rsplit_once('('))
        .map(|(_, n)| format!("{n} is undefined"))
    {
        return backticked(&inner);
    }
    if let Some(n) = backticked(detail) {
        return Some(n);
    }
    match kind {
        minijinja::ErrorKind::UnknownFunction => detail
            .strip_suffix(" is unknown")
            .filter(|n| !n.contains(' '))
            .map(str::to_string),
        _ => None,
    }
}

/// PyYAML's MarkedYAMLError args joined as rend does (0-based marks).
fn yaml_error(cfn: &str, res: &Resolved, e: &halite_yaml::YamlError) -> ValidateError {
    let mut parts: Vec<String> = Vec::new();
    if let Some(ctx) = &e.context {
        parts.push(ctx.clone());
    }
    if let Some((l, c)) = e.context_mark {
        parts.push(format!(
            "on line: {} column: {}",
            l.saturating_sub(1),
            c.saturating_sub(1)
        ));
    }
    parts.push(e.problem.clone());
    parts.push(format!(
        "on line: {} column: {}",
        e.line.saturating_sub(1),
        e.column.saturating_sub(1)
    ));
    ValidateError::Render {
        sls: cfn.to_string(),
        file: res.path.clone(),
        line: Some(e.line),
        message: format!("Yaml render error: {}", parts.join(" ")),
    }
}

const PY_NONE: &str = "__PYTHON_NONE__";

/// `rend/rend/replacements.py`: `__PYTHON_NONE__` -> None (whole) or removed (inside).
fn replacements(mut v: Value) -> Value {
    replace_in_place(&mut v);
    v
}

fn replace_in_place(v: &mut Value) {
    match v {
        Value::Str(s) if s == PY_NONE => *v = Value::Null,
        Value::Str(s) if s.contains(PY_NONE) => *s = s.replace(PY_NONE, "").into(),
        Value::List(l) => l.iter_mut().for_each(replace_in_place),
        Value::Map(m) => {
            m.values_mut().for_each(replace_in_place);
            let keys_change = m
                .keys()
                .any(|k| matches!(k, Value::Str(s) if s.contains(PY_NONE)));
            if keys_change {
                let old = std::mem::take(m);
                *m = old
                    .into_iter()
                    .map(|(mut k, val)| {
                        replace_in_place(&mut k);
                        (k, val)
                    })
                    .collect();
            }
        }
        _ => {}
    }
}
