//! Salt's serializers that `file.serialize` writes with besides json and yaml
//! (salt/serializers/): `configparser` (Python's ConfigParser.write), `python`
//! (`pprint.pformat` after a JSON round trip) and `plist` (plistlib's XML).

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

/// `salt.serializers.configparser.serialize`: `ConfigParser.write` of the sections;
/// `defaults` is the `ConfigParser(defaults=...)` option (`serializer_opts`), written first in
/// the `[DEFAULT]` section.
pub(crate) fn configparser(data: &Value, opt_defaults: Option<&Map>) -> Result<String, String> {
    let Value::Map(sections) = data else {
        return Err(format!(
            "configparser can only serialize dictionaries, not <class '{}'>",
            data.type_name()
        ));
    };
    let mut defaults: Vec<Entry> = Vec::new();
    for (k, v) in opt_defaults.into_iter().flat_map(Map::iter) {
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
                Value::Null => return Err("option values must be strings".into()),
                other => Some(od_str(other)),
            };
            entries.retain(|(e, _): &(String, Option<String>)| *e != key);
            entries.push((key, value));
        }
        if section == "DEFAULT" {
            defaults.extend(entries);
        } else {
            out_sections.push((section, entries));
        }
    }
    let mut out = String::new();
    let write_section = |out: &mut String, name: &str, entries: &[(String, Option<String>)]| {
        out.push_str(&format!("[{name}]\n"));
        for (k, v) in entries {
            match v {
                Some(v) => {
                    out.push_str(&format!("{k} = {}\n", v.replace('\n', "\n\t")));
                }
                None => out.push_str(&format!("{k}\n")),
            }
        }
        out.push('\n');
    };
    if !defaults.is_empty() {
        write_section(&mut out, "DEFAULT", &defaults);
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

/// `plistlib.dumps(value)`: the XML property list (keys sorted).
pub(crate) fn plist(data: &Value) -> Result<String, String> {
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST \
         1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n",
    );
    plist_value(data, 0, &mut out)?;
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

fn plist_value(v: &Value, level: usize, out: &mut String) -> Result<(), String> {
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
            items.sort_by_key(|a| a.0.py_str());
            let inner = "\t".repeat(level + 1);
            for (k, val) in items {
                out.push_str(&format!(
                    "{inner}<key>{}</key>\n",
                    plist_escape(&k.py_str())?
                ));
                plist_value(val, level + 1, out)?;
            }
            out.push_str(&format!("{tabs}</dict>\n"));
        }
        Value::List(l) if l.is_empty() => out.push_str(&format!("{tabs}<array/>\n")),
        Value::List(l) => {
            out.push_str(&format!("{tabs}<array>\n"));
            for val in l.iter() {
                plist_value(val, level + 1, out)?;
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
/// `BasicInterpolation`). `opt_defaults` is the `defaults` option (`deserializer_opts`).
pub(crate) fn configparser_load(text: &str, opt_defaults: Option<&Map>) -> Result<Value, String> {
    let mut defaults: Vec<(String, String)> = Vec::new();
    let set = |entries: &mut Vec<(String, String)>, k: String, v: String| match entries
        .iter_mut()
        .find(|(e, _)| *e == k)
    {
        Some(slot) => slot.1 = v,
        None => entries.push((k, v)),
    };
    for (k, v) in opt_defaults.into_iter().flat_map(Map::iter) {
        set(&mut defaults, k.py_str().to_lowercase(), od_str(v));
    }
    let mut sections: Vec<(String, Vec<(String, String)>)> = Vec::new();
    // None: before any section header; Some(None): [DEFAULT]; Some(Some(i)): sections[i]
    let mut current: Option<Option<usize>> = None;
    let mut last_key: Option<String> = None;
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim_end();
        let stripped = line.trim_start();
        if stripped.is_empty() || stripped.starts_with('#') || stripped.starts_with(';') {
            if stripped.is_empty() {
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
                None => unreachable!(),
            };
            if let Some(slot) = entries.iter_mut().find(|(e, _)| *e == key) {
                slot.1.push('\n');
                slot.1.push_str(stripped);
            }
            continue;
        }
        if let Some(name) = stripped.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            last_key = None;
            if name == "DEFAULT" {
                current = Some(None);
            } else if let Some(i) = sections.iter().position(|(s, _)| s == name) {
                return Err(format!(
                    "While reading from '<???>' [line {:2}]: section '{}' already exists",
                    n + 1,
                    sections[i].0
                ));
            } else {
                sections.push((name.to_string(), Vec::new()));
                current = Some(Some(sections.len() - 1));
            }
            continue;
        }
        let Some(cur) = current else {
            return Err(format!(
                "File contains no section headers.\nfile: '<???>', line: {}\n{:?}",
                n + 1,
                format!("{raw}\n")
            ));
        };
        let cut = stripped.find(['=', ':']);
        let Some(cut) = cut else {
            return Err(format!(
                "Source contains parsing errors: '<???>'\n\t[line {:2}]: {:?}",
                n + 1,
                format!("{raw}\n")
            ));
        };
        let key = stripped[..cut].trim().to_lowercase();
        let value = stripped[cut + 1..].trim().to_string();
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
        let mut section = Map::new();
        for (k, v) in &all {
            section.insert(
                k.as_str(),
                Value::Str(interpolate(v, &all, name, k, 1)?.into()),
            );
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
