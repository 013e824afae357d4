//! Salt's serializers that `file.serialize` writes with besides json and yaml
//! (salt/serializers/): `configparser` (Python's ConfigParser.write), `python`
//! (`pprint.pformat` after a JSON round trip) and `plist` (plistlib's XML).

use halite_exec::process::shlex_quote;
use halite_value::{Map, Value};

/// `str(value)` as Python prints a value of a dataset read from an SLS: mappings are
/// `OrderedDict`s there.
fn od_str(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => od_repr(other),
    }
}

fn od_repr(v: &Value) -> String {
    match v {
        Value::Map(m) => {
            if m.is_empty() {
                return "OrderedDict()".into();
            }
            let items: Vec<String> = m
                .iter()
                .map(|(k, v)| format!("({}, {})", od_repr(k), od_repr(v)))
                .collect();
            format!("OrderedDict([{}])", items.join(", "))
        }
        Value::List(l) => {
            let items: Vec<String> = l.iter().map(od_repr).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.py_repr(),
    }
}

/// One `key = value` line of a section (`None`: a key without a value).
type Entry = (String, Option<String>);

/// The keyword arguments `ConfigParser(...)` takes.
const CONFIGPARSER_KWARGS: &[&str] = &[
    "defaults",
    "dict_type",
    "allow_no_value",
    "delimiters",
    "comment_prefixes",
    "inline_comment_prefixes",
    "strict",
    "empty_lines_in_values",
    "default_section",
    "interpolation",
    "converters",
];

/// `ConfigParser(**options)` as the configparser serializer builds it.
pub(crate) struct CpOpts {
    defaults: Option<Map>,
    allow_no_value: bool,
    delimiters: Vec<String>,
    comment_prefixes: Vec<String>,
    inline_comment_prefixes: Vec<String>,
    strict: bool,
    default_section: String,
    interpolation: bool,
}

pub(crate) fn configparser_opts(opts: &Map) -> Result<CpOpts, OptError> {
    let mut o = CpOpts {
        defaults: None,
        allow_no_value: false,
        delimiters: vec!["=".into(), ":".into()],
        comment_prefixes: vec!["#".into(), ";".into()],
        inline_comment_prefixes: Vec::new(),
        strict: true,
        default_section: "DEFAULT".into(),
        interpolation: true,
    };
    let strs = |key: &str, v: &Value| -> Result<Vec<String>, OptError> {
        match v {
            Value::Null => Ok(Vec::new()),
            Value::List(l) => Ok(l.iter().map(Value::py_str).collect()),
            // a string is a sequence of one-character prefixes
            Value::Str(s) => Ok(s.chars().map(|c| c.to_string()).collect()),
            other => Err(OptError::Unsupported(format!(
                "configparser {key} {}",
                other.py_repr()
            ))),
        }
    };
    for (k, v) in opts.iter() {
        let key = k.py_str();
        if !CONFIGPARSER_KWARGS.contains(&key.as_str()) {
            return Err(OptError::Rejected(format!(
                "RawConfigParser.__init__() got an unexpected keyword argument '{key}'"
            )));
        }
        match key.as_str() {
            "defaults" => {
                o.defaults = match v {
                    Value::Map(m) => Some(m.clone()),
                    _ => None,
                }
            }
            "allow_no_value" => o.allow_no_value = v.truthy(),
            "delimiters" => o.delimiters = strs(&key, v)?,
            "comment_prefixes" => o.comment_prefixes = strs(&key, v)?,
            "inline_comment_prefixes" => o.inline_comment_prefixes = strs(&key, v)?,
            "strict" => o.strict = v.truthy(),
            "default_section" => o.default_section = v.py_str(),
            // only None can be written in YAML: RawConfigParser's "no interpolation"
            "interpolation" if v.is_null() => o.interpolation = false,
            // halite reads values as ConfigParser does with empty lines ending a value
            "empty_lines_in_values" => {}
            other => return Err(OptError::Unsupported(format!("configparser {other}"))),
        }
    }
    Ok(o)
}

/// `salt.serializers.configparser.serialize`: `ConfigParser.write` of the sections; the
/// `defaults` option is written first in the default section.
pub(crate) fn configparser(data: &Value, o: &CpOpts) -> Result<String, String> {
    let Value::Map(sections) = data else {
        return Err(format!(
            "configparser can only serialize dictionaries, not <class '{}'>",
            data.type_name()
        ));
    };
    let mut defaults: Vec<Entry> = Vec::new();
    for (k, v) in o.defaults.iter().flat_map(Map::iter) {
        let key = k.py_str().to_lowercase();
        defaults.retain(|(e, _)| *e != key);
        defaults.push((key, Some(od_str(v))));
    }
    let mut out_sections: Vec<(String, Vec<Entry>)> = Vec::new();
    for (section, keys) in sections.iter() {
        let section = section.py_str();
        let Value::Map(keys) = keys else {
            return Err(format!(
                "'{}' object has no attribute 'items'",
                keys.type_name()
            ));
        };
        let mut entries = Vec::new();
        for (k, v) in keys.iter() {
            let key = k.py_str().to_lowercase();
            let value = match v {
                Value::Null if o.allow_no_value => None,
                Value::Null => return Err("option values must be strings".into()),
                other => Some(od_str(other)),
            };
            entries.retain(|(e, _): &(String, Option<String>)| *e != key);
            entries.push((key, value));
        }
        // Salt's `_read_dict` adds every section but configparser's "DEFAULT" (not the
        // parser's `default_section`), then sets its keys
        if section == "DEFAULT" && o.default_section != "DEFAULT" {
            return Err("No section: 'DEFAULT'".into());
        }
        if section == o.default_section && section != "DEFAULT" {
            return Err(format!("Invalid section name: '{section}'"));
        }
        if section == o.default_section {
            defaults.extend(entries);
        } else {
            out_sections.push((section, entries));
        }
    }
    let delimiter = o.delimiters.first().cloned().unwrap_or_default();
    let mut out = String::new();
    let write_section = |out: &mut String, name: &str, entries: &[(String, Option<String>)]| {
        out.push_str(&format!("[{name}]\n"));
        for (k, v) in entries {
            match v {
                Some(v) => {
                    out.push_str(&format!("{k} {delimiter} {}\n", v.replace('\n', "\n\t")));
                }
                None => out.push_str(&format!("{k}\n")),
            }
        }
        out.push('\n');
    };
    if !defaults.is_empty() {
        write_section(&mut out, &o.default_section, &defaults);
    }
    for (name, entries) in &out_sections {
        write_section(&mut out, name, entries);
    }
    Ok(out)
}

/// The JSON round trip `salt.serializers.python` makes: keys become strings.
fn json_round_trip(v: &Value) -> Value {
    match v {
        Value::Map(m) => {
            let mut out = Map::new();
            for (k, v) in m.iter() {
                let key = match k {
                    Value::Str(_) => k.clone(),
                    Value::Null => Value::str("null"),
                    Value::Bool(b) => Value::str(if *b { "true" } else { "false" }),
                    other => Value::str(other.py_str()),
                };
                out.insert(key, json_round_trip(v));
            }
            Value::Map(out)
        }
        Value::List(l) => Value::List(l.iter().map(json_round_trip).collect::<Vec<_>>().into()),
        other => other.clone(),
    }
}

/// `pprint.pformat(obj)` (width 80, sorted dicts) of JSON-like data.
pub(crate) fn python(data: &Value) -> String {
    halite_output::pformat(&json_round_trip(data), 1)
}

/// `plistlib.dumps(value, sort_keys=sort)`: the XML property list.
pub(crate) fn plist(data: &Value, sort: bool) -> Result<String, String> {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST \
         1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n",
    );
    plist_value(data, 0, sort, &mut out)?;
    out.push_str("</plist>\n");
    Ok(out)
}

fn plist_escape(s: &str) -> Result<String, String> {
    if s.chars()
        .any(|c| (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r'))
    {
        return Err("strings can't contain control characters; use bytes instead".into());
    }
    Ok(s.replace("\r\n", "\n")
        .replace('\r', "\n")
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;"))
}

fn plist_value(v: &Value, level: usize, sort: bool, out: &mut String) -> Result<(), String> {
    let tabs = "\t".repeat(level);
    match v {
        Value::Str(s) => out.push_str(&format!("{tabs}<string>{}</string>\n", plist_escape(s)?)),
        Value::Bool(true) => out.push_str(&format!("{tabs}<true/>\n")),
        Value::Bool(false) => out.push_str(&format!("{tabs}<false/>\n")),
        Value::Int(i) => out.push_str(&format!("{tabs}<integer>{i}</integer>\n")),
        Value::Float(_) => out.push_str(&format!("{tabs}<real>{}</real>\n", v.py_repr())),
        Value::Map(m) if m.is_empty() => out.push_str(&format!("{tabs}<dict/>\n")),
        Value::Map(m) => {
            out.push_str(&format!("{tabs}<dict>\n"));
            let mut items: Vec<(&Value, &Value)> = m.iter().collect();
            if items.iter().any(|(k, _)| !matches!(k, Value::Str(_))) {
                return Err("keys must be strings".into());
            }
            if sort {
                items.sort_by_key(|a| a.0.py_str());
            }
            let inner = "\t".repeat(level + 1);
            for (k, val) in items {
                out.push_str(&format!(
                    "{inner}<key>{}</key>\n",
                    plist_escape(&k.py_str())?
                ));
                plist_value(val, level + 1, sort, out)?;
            }
            out.push_str(&format!("{tabs}</dict>\n"));
        }
        Value::List(l) if l.is_empty() => out.push_str(&format!("{tabs}<array/>\n")),
        Value::List(l) => {
            out.push_str(&format!("{tabs}<array>\n"));
            for val in l.iter() {
                plist_value(val, level + 1, sort, out)?;
            }
            out.push_str(&format!("{tabs}</array>\n"));
        }
        Value::Null => return Err("unsupported type: <class 'NoneType'>".into()),
    }
    Ok(())
}

/// `salt.serializers.msgpack.serialize`: `msgpack.packb(dataset)` (halite_value::msgpack).
pub(crate) fn msgpack(data: &Value) -> Vec<u8> {
    halite_value::msgpack::encode(data)
}

/// `salt.serializers.configparser.deserialize`: `ConfigParser(**options).read_file(...)`,
/// then each section's `items()` (the defaults first, values interpolated by
/// `BasicInterpolation` unless `interpolation` is None).
pub(crate) fn configparser_load(text: &str, source: &str, o: &CpOpts) -> Result<Value, String> {
    let source = halite_value::py_str_repr(source);
    type Entries = Vec<(String, Option<String>)>;
    let mut defaults: Entries = Vec::new();
    let set = |entries: &mut Entries, k: String, v: Option<String>| match entries
        .iter_mut()
        .find(|(e, _)| *e == k)
    {
        Some(slot) => slot.1 = v,
        None => entries.push((k, v)),
    };
    for (k, v) in o.defaults.iter().flat_map(Map::iter) {
        set(&mut defaults, k.py_str().to_lowercase(), Some(od_str(v)));
    }
    let mut sections: Vec<(String, Entries)> = Vec::new();
    // None: before any section header; Some(None): the default section; Some(Some(i)):
    // sections[i]
    let mut current: Option<Option<usize>> = None;
    let mut last_key: Option<String> = None;
    let mut seen_options: Vec<(Option<usize>, String)> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let mut line = raw.trim_end();
        // inline comments: a prefix after whitespace
        for p in &o.inline_comment_prefixes {
            let mut from = 0;
            while let Some(i) = line[from..].find(p.as_str()) {
                let at = from + i;
                if at > 0 && line[..at].ends_with(char::is_whitespace) {
                    line = line[..at].trim_end();
                    break;
                }
                from = at + p.len();
            }
        }
        let stripped = line.trim_start();
        let comment = o
            .comment_prefixes
            .iter()
            .any(|p| raw.trim_start().starts_with(p.as_str()));
        if stripped.is_empty() || comment {
            if stripped.is_empty() && !comment {
                last_key = None;
            }
            continue;
        }
        let indented = line.len() > stripped.len();
        if indented && last_key.is_some() && current.is_some() {
            // a continuation line
            let key = last_key.clone().unwrap_or_default();
            let entries = match current {
                Some(None) => &mut defaults,
                Some(Some(i)) => &mut sections[i].1,
                None => continue,
            };
            if let Some(slot) = entries.iter_mut().find(|(e, _)| *e == key) {
                let v = slot.1.get_or_insert_with(String::new);
                v.push('\n');
                v.push_str(stripped);
            }
            continue;
        }
        if let Some(name) = stripped.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            last_key = None;
            if name == o.default_section {
                current = Some(None);
            } else if let Some(i) = sections.iter().position(|(s, _)| s == name) {
                if o.strict {
                    return Err(format!(
                        "While reading from {source} [line {:2}]: section '{}' already exists",
                        n + 1,
                        sections[i].0
                    ));
                }
                current = Some(Some(i));
            } else {
                sections.push((name.to_string(), Vec::new()));
                current = Some(Some(sections.len() - 1));
            }
            continue;
        }
        let Some(cur) = current else {
            return Err(format!(
                "File contains no section headers.\nfile: {source}, line: {}\n{}",
                n + 1,
                halite_value::py_str_repr(&format!("{raw}\n"))
            ));
        };
        let cut = o
            .delimiters
            .iter()
            .filter(|d| !d.is_empty())
            .filter_map(|d| stripped.find(d.as_str()).map(|i| (i, d.len())))
            .min();
        let (key, value) = match cut {
            Some((i, len)) => (
                stripped[..i].trim().to_lowercase(),
                Some(stripped[i + len..].trim().to_string()),
            ),
            None if o.allow_no_value => (stripped.trim().to_lowercase(), None),
            None => {
                return Err(format!(
                    "Source contains parsing errors: {source}\n\t[line {:2}]: {}",
                    n + 1,
                    halite_value::py_str_repr(&format!("{raw}\n"))
                ))
            }
        };
        if o.strict {
            let section = match cur {
                None => o.default_section.clone(),
                Some(i) => sections[i].0.clone(),
            };
            if seen_options.contains(&(cur, key.clone())) {
                return Err(format!(
                    "While reading from {source} [line {:2}]: option '{key}' in section \
                     '{section}' already exists",
                    n + 1
                ));
            }
            seen_options.push((cur, key.clone()));
        }
        let entries = match cur {
            None => &mut defaults,
            Some(i) => &mut sections[i].1,
        };
        set(entries, key.clone(), value);
        last_key = Some(key);
    }
    let mut out = Map::new();
    for (name, entries) in &sections {
        let mut all = defaults.clone();
        for (k, v) in entries {
            set(&mut all, k.clone(), v.clone());
        }
        let vars: Vec<(String, String)> = all
            .iter()
            .filter_map(|(k, v)| v.clone().map(|v| (k.clone(), v)))
            .collect();
        let mut section = Map::new();
        for (k, v) in &all {
            let value = match v {
                // BasicInterpolation.before_get joins nothing: ''
                None if o.interpolation => Value::str(""),
                None => Value::Null,
                Some(v) if o.interpolation => Value::Str(interpolate(v, &vars, name, k, 1)?.into()),
                Some(v) => Value::Str(v.as_str().into()),
            };
            section.insert(k.as_str(), value);
        }
        out.insert(name.as_str(), Value::Map(section));
    }
    Ok(Value::Map(out))
}

/// `BasicInterpolation.before_get`: `%(name)s` replaced by the option's (interpolated)
/// value, `%%` by `%`.
fn interpolate(
    value: &str,
    vars: &[(String, String)],
    section: &str,
    option: &str,
    depth: usize,
) -> Result<String, String> {
    if depth > 10 {
        return Err(format!(
            "Recursion limit exceeded in value substitution: option '{option}' in section \
             '{section}' contains an interpolation key which cannot be substituted in 10 steps. \
             Raw value: '{value}'"
        ));
    }
    let mut out = String::new();
    let mut rest = value;
    while let Some(i) = rest.find('%') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(r) = after.strip_prefix('%') {
            out.push('%');
            rest = r;
        } else if let Some(body) = after.strip_prefix('(') {
            let Some(end) = body.find(")s") else {
                return Err(format!(
                    "bad interpolation variable reference '{}'",
                    &rest[i..]
                ));
            };
            let name = body[..end].to_lowercase();
            let Some((_, v)) = vars.iter().find(|(k, _)| *k == name) else {
                return Err(format!(
                    "Bad value substitution: option '{option}' in section '{section}' contains \
                     an interpolation key '{name}' which is not a valid option name. Raw value: \
                     '{value}'"
                ));
            };
            if v.contains('%') {
                out.push_str(&interpolate(v, vars, section, &name, depth + 1)?);
            } else {
                out.push_str(v);
            }
            rest = &body[end + 2..];
        } else {
            return Err(format!(
                "'%' must be followed by '%' or '(', found: '{}'",
                &rest[i..]
            ));
        }
    }
    out.push_str(rest);
    Ok(out)
}

/// `plistlib.loads` of an XML property list (what [`plist`] writes).
pub(crate) fn plist_load(text: &str) -> Result<Value, String> {
    let mut p = PlistParser { s: text, pos: 0 };
    let start = text
        .find("<plist")
        .ok_or_else(|| "Invalid file".to_string())?;
    p.pos = start;
    p.tag()?; // <plist ...>
    let v = p.value()?;
    Ok(v)
}

struct PlistParser<'a> {
    s: &'a str,
    pos: usize,
}

impl PlistParser<'_> {
    /// The next tag's name (with a leading `/` when closing, a trailing `/` when empty).
    fn tag(&mut self) -> Result<String, String> {
        let rest = &self.s[self.pos..];
        let open = rest.find('<').ok_or("unexpected end of data")?;
        let close = rest[open..].find('>').ok_or("unclosed tag")? + open;
        self.pos += close + 1;
        let inner = &rest[open + 1..close];
        let name = inner.split_whitespace().next().unwrap_or("");
        Ok(if inner.ends_with('/') && !name.ends_with('/') {
            format!("{name}/")
        } else {
            name.to_string()
        })
    }

    fn text_until(&mut self, end: &str) -> Result<String, String> {
        let rest = &self.s[self.pos..];
        let i = rest
            .find(&format!("</{end}>"))
            .ok_or_else(|| format!("missing </{end}>"))?;
        self.pos += i + end.len() + 3;
        Ok(rest[..i]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&apos;", "'")
            .replace("&amp;", "&"))
    }

    fn value(&mut self) -> Result<Value, String> {
        let tag = self.tag()?;
        self.value_of(&tag)
    }

    fn value_of(&mut self, tag: &str) -> Result<Value, String> {
        Ok(match tag {
            "string" => Value::Str(self.text_until("string")?.into()),
            "string/" => Value::str(""),
            "integer" => {
                let t = self.text_until("integer")?;
                let t = t.trim();
                let n = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
                    Some(h) => i64::from_str_radix(h, 16),
                    None => t.parse::<i64>(),
                };
                Value::Int(n.map_err(|e| e.to_string())?)
            }
            "real" => Value::Float(
                self.text_until("real")?
                    .trim()
                    .parse::<f64>()
                    .map_err(|e| e.to_string())?,
            ),
            "true/" => Value::Bool(true),
            "false/" => Value::Bool(false),
            "dict/" => Value::Map(Map::new()),
            "array/" => Value::List(Default::default()),
            "date" => Value::Str(self.text_until("date")?.into()),
            "dict" => {
                let mut m = Map::new();
                loop {
                    let t = self.tag()?;
                    if t == "/dict" {
                        break;
                    }
                    if t != "key" {
                        return Err(format!("unexpected element <{t}> in a dict"));
                    }
                    let k = self.text_until("key")?;
                    let v = self.value()?;
                    m.insert(k.as_str(), v);
                }
                Value::Map(m)
            }
            "array" => {
                let mut l = Vec::new();
                loop {
                    let t = self.tag()?;
                    if t == "/array" {
                        break;
                    }
                    l.push(self.value_of(&t)?);
                }
                Value::from(l)
            }
            other => return Err(format!("unsupported plist element <{other}>")),
        })
    }
}

/// The keyword arguments `json.dumps` takes (the rest go to `JSONEncoder(**kw)`).
const JSON_KWARGS: &[&str] = &[
    "skipkeys",
    "ensure_ascii",
    "check_circular",
    "allow_nan",
    "cls",
    "indent",
    "separators",
    "default",
    "sort_keys",
];

/// What `salt.serializers.json.serialize(obj, **options)` hands `json.dumps`.
pub(crate) struct JsonOpts {
    indent: Option<String>,
    item_sep: String,
    key_sep: String,
    sort_keys: bool,
    ensure_ascii: bool,
}

/// An option halite cannot honour (`Unsupported`) or one Python rejects (`Rejected`, the
/// exception's text).
pub(crate) enum OptError {
    Unsupported(String),
    Rejected(String),
}

/// `json.dumps(obj, **options)`'s reading of the options (`salt.utils.json.dumps` adds
/// `ensure_ascii=False` unless given).
pub(crate) fn json_opts(opts: &Map) -> Result<JsonOpts, OptError> {
    let mut o = JsonOpts {
        indent: None,
        item_sep: ", ".into(),
        key_sep: ": ".into(),
        sort_keys: false,
        ensure_ascii: false,
    };
    let mut separators_given = false;
    for (k, v) in opts.iter() {
        let key = k.py_str();
        if !JSON_KWARGS.contains(&key.as_str()) {
            return Err(OptError::Rejected(format!(
                "JSONEncoder.__init__() got an unexpected keyword argument '{key}'"
            )));
        }
        match key.as_str() {
            "indent" => {
                o.indent = match v {
                    Value::Null => None,
                    Value::Int(n) => Some(" ".repeat((*n).max(0) as usize)),
                    Value::Bool(b) => Some(if *b { " ".into() } else { String::new() }),
                    Value::Str(s) => Some(s.to_string()),
                    other => {
                        return Err(OptError::Unsupported(format!(
                            "json indent {}",
                            other.py_repr()
                        )))
                    }
                }
            }
            "separators" => match v {
                Value::List(l) if l.len() == 2 && l.iter().all(|s| matches!(s, Value::Str(_))) => {
                    o.item_sep = l[0].py_str();
                    o.key_sep = l[1].py_str();
                    separators_given = true;
                }
                Value::Null => separators_given = false,
                other => {
                    return Err(OptError::Unsupported(format!(
                        "json separators {}",
                        other.py_repr()
                    )))
                }
            },
            "sort_keys" => o.sort_keys = v.truthy(),
            "ensure_ascii" => o.ensure_ascii = v.truthy(),
            // they change nothing for data read from an SLS
            "skipkeys" | "check_circular" | "allow_nan" => {}
            _ if v.is_null() => {}
            other => {
                return Err(OptError::Unsupported(format!("json option {other}")));
            }
        }
    }
    if !separators_given && o.indent.is_some() {
        // JSONEncoder: with an indent the item separator defaults to ","
        o.item_sep = ",".into();
    }
    Ok(o)
}

/// `json.dumps(data, **opts)` (Python's encoder: `ensure_ascii` escapes, `repr` floats).
pub(crate) fn json(data: &Value, o: &JsonOpts) -> String {
    let mut out = String::new();
    json_value(data, o, 0, &mut out);
    out
}

fn json_str(s: &str, ensure_ascii: bool, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 || (ensure_ascii && !c.is_ascii()) => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    out.push_str(&format!("\\u{unit:04x}"));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn json_scalar(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => (if *b { "true" } else { "false" }).into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) if f.is_nan() => "NaN".into(),
        Value::Float(f) if f.is_infinite() => {
            (if *f > 0.0 { "Infinity" } else { "-Infinity" }).into()
        }
        Value::Float(f) => halite_value::py_float_repr(*f),
        other => other.py_str(),
    }
}

fn json_value(v: &Value, o: &JsonOpts, level: usize, out: &mut String) {
    let newline = |out: &mut String, level: usize| {
        if let Some(ind) = &o.indent {
            out.push('\n');
            out.push_str(&ind.repeat(level));
        }
    };
    match v {
        Value::Str(s) => json_str(s, o.ensure_ascii, out),
        Value::List(l) if l.is_empty() => out.push_str("[]"),
        Value::List(l) => {
            out.push('[');
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    out.push_str(&o.item_sep);
                }
                newline(out, level + 1);
                json_value(item, o, level + 1, out);
            }
            newline(out, level);
            out.push(']');
        }
        Value::Map(m) if m.is_empty() => out.push_str("{}"),
        Value::Map(m) => {
            let mut entries: Vec<(&Value, &Value)> = m.iter().collect();
            if o.sort_keys {
                sort_entries(&mut entries);
            }
            out.push('{');
            for (i, (k, val)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(&o.item_sep);
                }
                newline(out, level + 1);
                let key = match k {
                    Value::Str(s) => s.to_string(),
                    other => json_scalar(other),
                };
                json_str(&key, o.ensure_ascii, out);
                out.push_str(&o.key_sep);
                json_value(val, o, level + 1, out);
            }
            newline(out, level);
            out.push('}');
        }
        other => out.push_str(&json_scalar(other)),
    }
}

/// `sorted(d.items())` when the keys compare (all strings, or all numbers).
fn sort_entries(entries: &mut [(&Value, &Value)]) {
    if entries.iter().all(|(k, _)| matches!(k, Value::Str(_))) {
        entries.sort_by_key(|a| a.0.py_str());
    } else if entries
        .iter()
        .all(|(k, _)| matches!(k, Value::Int(_) | Value::Float(_) | Value::Bool(_)))
    {
        let num = |v: &Value| match v {
            Value::Int(i) => *i as f64,
            Value::Float(f) => *f,
            Value::Bool(b) => f64::from(u8::from(*b)),
            _ => 0.0,
        };
        entries.sort_by(|a, b| {
            num(a.0)
                .partial_cmp(&num(b.0))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }
}

/// The keyword arguments `yaml.dump` (`dump_all`) takes.
const YAML_KWARGS: &[&str] = &[
    "Dumper",
    "default_style",
    "default_flow_style",
    "canonical",
    "indent",
    "width",
    "allow_unicode",
    "line_break",
    "encoding",
    "explicit_start",
    "explicit_end",
    "version",
    "tags",
    "sort_keys",
];

/// `yaml.dump(obj, **options)` as `salt.serializers.yaml.serialize` (libyaml's
/// `CSafeDumper`) and `salt.serializers.yamlex.serialize` (PyYAML's `SafeDumper`, every
/// mapping in its own order) call it, with the trailing `\n...\n` or `\n` removed.
pub(crate) fn yaml(data: &Value, opts: &Map, yamlex: bool) -> Result<String, OptError> {
    let mut d = halite_yaml::DumpOptions {
        default_flow_style: None,
        indent: 2,
        allow_unicode: false,
        sort_keys: !yamlex,
        width: 80,
    };
    let mut doc = halite_yaml::DocOptions::default();
    for (k, v) in opts.iter() {
        let key = k.py_str();
        if !YAML_KWARGS.contains(&key.as_str()) {
            return Err(OptError::Rejected(format!(
                "dump_all() got an unexpected keyword argument '{key}'"
            )));
        }
        let int = |v: &Value| match v {
            Value::Int(i) => Ok(*i),
            Value::Null => Ok(0),
            other => Err(OptError::Unsupported(format!(
                "yaml {key} {}",
                other.py_repr()
            ))),
        };
        match key.as_str() {
            "default_flow_style" => {
                d.default_flow_style = match v {
                    Value::Null => None,
                    other => Some(other.truthy()),
                }
            }
            "indent" => d.indent = int(v)?.max(0) as usize,
            "width" => {
                let w = int(v)?;
                d.width = if w < 0 { usize::MAX / 2 } else { w as usize };
            }
            "allow_unicode" => d.allow_unicode = v.truthy(),
            // yamlex's Dumper hands PyYAML a list of pairs: nothing to sort
            "sort_keys" => d.sort_keys = v.truthy() && !yamlex,
            "explicit_start" => doc.explicit_start = v.truthy(),
            "explicit_end" => doc.explicit_end = v.truthy(),
            "default_style" => {
                doc.default_style = match v {
                    Value::Null => None,
                    Value::Str(s) if s.as_str() == "\"" => Some('"'),
                    Value::Str(s) if s.as_str() == "'" => Some('\''),
                    other => {
                        return Err(OptError::Unsupported(format!(
                            "yaml default_style {}",
                            other.py_repr()
                        )))
                    }
                }
            }
            _ if !v.truthy() => {}
            other => return Err(OptError::Unsupported(format!("yaml option {other}"))),
        }
    }
    let mut text = halite_yaml::dump_document(data, d, doc);
    if text.ends_with("\n...\n") {
        text.truncate(text.len() - 5);
    } else if text.ends_with('\n') {
        text.pop();
    }
    Ok(text)
}

/// `salt.serializers.keyvalue.serialize` (Salt 3007): `KEY{separator}VALUE` lines joined
/// by `line_ending`, each value `shlex.quote`d with `quoting`.
pub(crate) fn keyvalue(data: &Value, opts: &Map) -> Result<String, String> {
    let sep = opts
        .get("separator")
        .map(Value::py_str)
        .unwrap_or_else(|| "=".into());
    let linend = match opts.get("line_ending") {
        Some(v) if v.truthy() => v.py_str(),
        _ => "\n".into(),
    };
    let quoting = opts.get("quoting").is_some_and(Value::truthy);
    let quote = |v: &Value| -> Result<String, String> {
        if !quoting {
            return Ok(od_str(v));
        }
        match v {
            Value::Str(s) => Ok(shlex_quote(s)),
            other => Err(format!(
                "expected string or bytes-like object, got '{}'",
                other.type_name()
            )),
        }
    };
    let mut lines = Vec::new();
    match data {
        Value::Map(m) => {
            for (k, v) in m.iter() {
                lines.push(format!("{}{sep}{}", od_str(k), quote(v)?));
            }
        }
        Value::List(l) => {
            for item in l.iter() {
                match item {
                    Value::List(pair) if pair.len() == 2 => {
                        lines.push(format!("{}{sep}{}", od_str(&pair[0]), quote(&pair[1])?));
                    }
                    Value::Str(s) if s.chars().count() == 2 => {
                        let mut c = s.chars();
                        let (a, b) = (c.next().unwrap_or_default(), c.next().unwrap_or_default());
                        lines.push(format!("{a}{sep}{}", quote(&Value::str(b.to_string()))?));
                    }
                    Value::Map(m) if m.len() == 2 => {
                        let mut keys = m.keys();
                        let (a, b) = (keys.next(), keys.next());
                        if let (Some(a), Some(b)) = (a, b) {
                            lines.push(format!("{}{sep}{}", od_str(a), quote(b)?));
                        }
                    }
                    other => {
                        let n = match other {
                            Value::List(l) => l.len(),
                            Value::Str(s) => s.chars().count(),
                            Value::Map(m) => m.len(),
                            _ => {
                                return Err(format!(
                                    "cannot unpack non-iterable {} object",
                                    other.type_name()
                                ))
                            }
                        };
                        return Err(if n > 2 {
                            "too many values to unpack (expected 2)".into()
                        } else {
                            format!("not enough values to unpack (expected 2, got {n})")
                        });
                    }
                }
            }
        }
        _ => return Err("Input validation failed. Iterable required.".into()),
    }
    Ok(lines.join(&linend))
}

/// `plistlib.dumps(value, fmt=FMT_BINARY, sort_keys=sort)`: `_BinaryPlistWriter` (objects
/// numbered depth first, keys before values; equal scalars written once; containers by
/// identity).
pub(crate) fn plist_binary(data: &Value, sort: bool) -> Result<Vec<u8>, String> {
    let mut w = BinaryPlist {
        objects: Vec::new(),
        scalars: Vec::new(),
        sort,
    };
    w.flatten(data)?;
    let n = w.objects.len();
    let ref_size = count_to_size(n as u64);
    let mut out = b"bplist00".to_vec();
    let mut offsets = vec![0u64; n];
    for (i, offset) in offsets.iter_mut().enumerate() {
        *offset = out.len() as u64;
        w.write_object(i, ref_size, &mut out)?;
    }
    let table_at = out.len() as u64;
    let offset_size = count_to_size(table_at);
    for off in &offsets {
        put_uint(&mut out, *off, offset_size);
    }
    out.extend_from_slice(&[0u8; 6]);
    out.push(offset_size as u8);
    out.push(ref_size as u8);
    out.extend_from_slice(&(n as u64).to_be_bytes());
    out.extend_from_slice(&0u64.to_be_bytes());
    out.extend_from_slice(&table_at.to_be_bytes());
    Ok(out)
}

fn count_to_size(count: u64) -> usize {
    if count < 1 << 8 {
        1
    } else if count < 1 << 16 {
        2
    } else if count < 1 << 32 {
        4
    } else {
        8
    }
}

fn put_uint(out: &mut Vec<u8>, v: u64, size: usize) {
    out.extend_from_slice(&v.to_be_bytes()[8 - size..]);
}

/// A scalar's `(type(value), value)` key in `_objtable`.
#[derive(PartialEq)]
enum ScalarKey<'a> {
    Str(&'a str),
    Int(i64),
    Bool(bool),
    Float(u64),
}

struct BinaryPlist<'a> {
    /// Every object in reference order.
    objects: Vec<&'a Value>,
    /// The scalars already numbered, with their reference.
    scalars: Vec<(ScalarKey<'a>, usize)>,
    sort: bool,
}

impl<'a> BinaryPlist<'a> {
    fn scalar_key(v: &'a Value) -> Option<ScalarKey<'a>> {
        Some(match v {
            Value::Str(s) => ScalarKey::Str(s.as_str()),
            Value::Int(i) => ScalarKey::Int(*i),
            Value::Bool(b) => ScalarKey::Bool(*b),
            // Python compares floats by value: 0.0 == -0.0
            Value::Float(f) if *f == 0.0 => ScalarKey::Float(0),
            Value::Float(f) => ScalarKey::Float(f.to_bits()),
            _ => return None,
        })
    }

    fn items(&self, m: &'a Map) -> Result<Vec<(&'a Value, &'a Value)>, String> {
        let mut items: Vec<(&Value, &Value)> = m.iter().collect();
        if items.iter().any(|(k, _)| !matches!(k, Value::Str(_))) {
            return Err("keys must be strings".into());
        }
        if self.sort {
            items.sort_by_key(|a| a.0.py_str());
        }
        Ok(items)
    }

    fn flatten(&mut self, v: &'a Value) -> Result<(), String> {
        if let Some(key) = Self::scalar_key(v) {
            if self.scalars.iter().any(|(k, _)| *k == key) {
                return Ok(());
            }
            self.scalars.push((key, self.objects.len()));
        }
        self.objects.push(v);
        match v {
            Value::Map(m) => {
                let items = self.items(m)?;
                for (k, _) in &items {
                    self.flatten(k)?;
                }
                for (_, val) in &items {
                    self.flatten(val)?;
                }
            }
            Value::List(l) => {
                for item in l.iter() {
                    self.flatten(item)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn refnum(&self, v: &'a Value) -> usize {
        match Self::scalar_key(v) {
            Some(key) => self
                .scalars
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, r)| *r)
                .unwrap_or(0),
            None => self
                .objects
                .iter()
                .position(|o| std::ptr::eq(*o, v))
                .unwrap_or(0),
        }
    }

    fn write_size(out: &mut Vec<u8>, token: u8, size: usize) {
        if size < 15 {
            out.push(token | size as u8);
        } else {
            out.push(token | 0xF);
            let (marker, width) = match size as u64 {
                s if s < 1 << 8 => (0x10, 1),
                s if s < 1 << 16 => (0x11, 2),
                s if s < 1 << 32 => (0x12, 4),
                _ => (0x13, 8),
            };
            out.push(marker);
            put_uint(out, size as u64, width);
        }
    }

    fn write_object(&self, i: usize, ref_size: usize, out: &mut Vec<u8>) -> Result<(), String> {
        let v = self.objects[i];
        match v {
            Value::Null => out.push(0x00),
            Value::Bool(false) => out.push(0x08),
            Value::Bool(true) => out.push(0x09),
            Value::Int(n) if *n < 0 => {
                out.push(0x13);
                out.extend_from_slice(&n.to_be_bytes());
            }
            Value::Int(n) => {
                let n = *n as u64;
                let (token, width) = match n {
                    n if n < 1 << 8 => (0x10, 1),
                    n if n < 1 << 16 => (0x11, 2),
                    n if n < 1 << 32 => (0x12, 4),
                    _ => (0x13, 8),
                };
                out.push(token);
                put_uint(out, n, width);
            }
            Value::Float(f) => {
                out.push(0x23);
                out.extend_from_slice(&f.to_be_bytes());
            }
            Value::Str(s) => {
                if s.is_ascii() {
                    Self::write_size(out, 0x50, s.len());
                    out.extend_from_slice(s.as_bytes());
                } else {
                    let units: Vec<u16> = s.encode_utf16().collect();
                    Self::write_size(out, 0x60, units.len());
                    for u in units {
                        out.extend_from_slice(&u.to_be_bytes());
                    }
                }
            }
            Value::List(l) => {
                Self::write_size(out, 0xA0, l.len());
                for item in l.iter() {
                    put_uint(out, self.refnum(item) as u64, ref_size);
                }
            }
            Value::Map(m) => {
                let items = self.items(m)?;
                Self::write_size(out, 0xD0, items.len());
                for (k, _) in &items {
                    put_uint(out, self.refnum(k) as u64, ref_size);
                }
                for (_, val) in &items {
                    put_uint(out, self.refnum(val) as u64, ref_size);
                }
            }
        }
        Ok(())
    }
}

/// `plistlib.loads` of a binary property list (`_BinaryPlistParser`): scalars, strings,
/// arrays and dicts.
pub(crate) fn plist_binary_load(data: &[u8]) -> Result<Value, String> {
    let invalid = || "Invalid file".to_string();
    if data.len() < 40 || !data.starts_with(b"bplist00") {
        return Err(invalid());
    }
    let trailer = &data[data.len() - 32..];
    let offset_size = trailer[6] as usize;
    let ref_size = trailer[7] as usize;
    let be = |b: &[u8]| b.iter().fold(0u64, |acc, x| (acc << 8) | u64::from(*x));
    let num_objects = be(&trailer[8..16]) as usize;
    let top = be(&trailer[16..24]) as usize;
    let table = be(&trailer[24..32]) as usize;
    let get = |at: usize, len: usize| data.get(at..at + len).ok_or_else(invalid);
    let mut offsets = Vec::with_capacity(num_objects.min(data.len()));
    for i in 0..num_objects {
        offsets.push(be(get(table + i * offset_size, offset_size)?) as usize);
    }
    struct P<'d> {
        data: &'d [u8],
        offsets: Vec<usize>,
        ref_size: usize,
    }
    impl P<'_> {
        fn bytes(&self, at: usize, len: usize) -> Result<&[u8], String> {
            self.data
                .get(at..at + len)
                .ok_or_else(|| "Invalid file".to_string())
        }
        fn uint(&self, at: usize, len: usize) -> Result<u64, String> {
            Ok(self
                .bytes(at, len)?
                .iter()
                .fold(0u64, |acc, x| (acc << 8) | u64::from(*x)))
        }
        /// The object's size and where its content starts.
        fn size(&self, at: usize, low: u8) -> Result<(usize, usize), String> {
            if low != 0xF {
                return Ok((low as usize, at + 1));
            }
            let m = *self.bytes(at + 1, 1)?.first().unwrap_or(&0);
            let width = 1usize << (m & 0x3);
            Ok((self.uint(at + 2, width)? as usize, at + 2 + width))
        }
        fn object(&self, r: usize, depth: usize) -> Result<Value, String> {
            if depth > 512 {
                return Err("Invalid file".into());
            }
            let at = *self.offsets.get(r).ok_or("Invalid file")?;
            let token = *self.bytes(at, 1)?.first().unwrap_or(&0);
            let (hi, low) = (token & 0xF0, token & 0x0F);
            Ok(match token {
                0x00 => Value::Null,
                0x08 => Value::Bool(false),
                0x09 => Value::Bool(true),
                _ if hi == 0x10 => {
                    let width = 1usize << low;
                    let b = self.bytes(at + 1, width)?;
                    let n = if width >= 8 {
                        let last8 = &b[width - 8..];
                        i64::from_be_bytes(last8.try_into().map_err(|_| "Invalid file")?)
                    } else {
                        self.uint(at + 1, width)? as i64
                    };
                    Value::Int(n)
                }
                0x22 => Value::Float(f64::from(f32::from_be_bytes(
                    self.bytes(at + 1, 4)?
                        .try_into()
                        .map_err(|_| "Invalid file")?,
                ))),
                0x23 => Value::Float(f64::from_be_bytes(
                    self.bytes(at + 1, 8)?
                        .try_into()
                        .map_err(|_| "Invalid file")?,
                )),
                _ if hi == 0x50 => {
                    let (n, start) = self.size(at, low)?;
                    Value::Str(
                        String::from_utf8_lossy(self.bytes(start, n)?)
                            .as_ref()
                            .into(),
                    )
                }
                _ if hi == 0x60 => {
                    let (n, start) = self.size(at, low)?;
                    let units: Vec<u16> = self
                        .bytes(start, n * 2)?
                        .chunks(2)
                        .map(|c| u16::from_be_bytes([c[0], c[1]]))
                        .collect();
                    Value::Str(String::from_utf16_lossy(&units).into())
                }
                _ if hi == 0xA0 => {
                    let (n, start) = self.size(at, low)?;
                    let mut l = Vec::with_capacity(n.min(self.data.len()));
                    for i in 0..n {
                        let r = self.uint(start + i * self.ref_size, self.ref_size)? as usize;
                        l.push(self.object(r, depth + 1)?);
                    }
                    Value::from(l)
                }
                _ if hi == 0xD0 => {
                    let (n, start) = self.size(at, low)?;
                    let mut m = Map::new();
                    for i in 0..n {
                        let k = self.uint(start + i * self.ref_size, self.ref_size)? as usize;
                        let v = self.uint(start + (n + i) * self.ref_size, self.ref_size)? as usize;
                        m.insert(self.object(k, depth + 1)?, self.object(v, depth + 1)?);
                    }
                    Value::Map(m)
                }
                other => return Err(format!("unsupported binary plist object 0x{other:02x}")),
            })
        }
    }
    let p = P {
        data,
        offsets,
        ref_size,
    };
    p.object(top, 0)
}
