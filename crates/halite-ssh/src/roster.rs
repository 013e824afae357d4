//! Salt's flat roster (salt/roster/flat.py): `ID: {host, port, user, priv, sudo, ...}` in
//! YAML, and targeting over it (glob, `-E` regex, `-L` list, `-G` cached grains).

use halite_value::{Map, Value};
use std::path::{Path, PathBuf};

/// One roster entry: a host to reach, under its minion id.
#[derive(Debug, Clone, Default)]
pub struct Target {
    pub id: String,
    pub host: String,
    pub port: Option<u16>,
    pub user: Option<String>,
    pub privkey: Option<PathBuf>,
    pub sudo: bool,
    pub sudo_user: Option<String>,
    /// Connect timeout in seconds.
    pub timeout: Option<u64>,
    pub thin_dir: Option<String>,
    pub minion_opts: Map,
    pub grains: Map,
    pub ssh_options: Vec<String>,
    pub set_path: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum RosterError {
    #[error("{0}: {1}")]
    Read(String, std::io::Error),
    #[error("{file}: line {line}: {problem}")]
    Yaml {
        file: String,
        line: usize,
        problem: String,
    },
    #[error("{0}: entry '{1}': {2}")]
    Entry(String, String, String),
    #[error("invalid regular expression '{0}': {1}")]
    Regex(String, String),
}

/// Reads a flat roster. An entry may be a mapping or just the host (a string); `defaults`
/// (the master's `roster_defaults`) fill keys an entry lacks.
pub fn load(path: &Path, defaults: &Map) -> Result<Vec<Target>, RosterError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| RosterError::Read(file.clone(), e))?;
    let value =
        halite_yaml::load(&text, halite_yaml::Schema::Salt).map_err(|e| RosterError::Yaml {
            file: file.clone(),
            line: e.line,
            problem: e.problem.to_string(),
        })?;
    let Value::Map(entries) = value else {
        if value.is_null() {
            return Ok(Vec::new());
        }
        return Err(RosterError::Yaml {
            file,
            line: 1,
            problem: format!("a roster is a mapping of ids, not a {}", value.type_name()),
        });
    };
    let mut out = Vec::new();
    for (id, entry) in entries.iter() {
        let id = id.py_str();
        let mut data = match entry {
            Value::Map(m) => m.clone(),
            Value::Str(host) => {
                let mut m = Map::new();
                m.insert("host", Value::Str(host.clone()));
                m
            }
            Value::Null => Map::new(),
            other => {
                return Err(RosterError::Entry(
                    file,
                    id,
                    format!("a mapping or a host name, not a {}", other.type_name()),
                ))
            }
        };
        for (k, v) in defaults.iter() {
            if data.get_value(k).is_none() {
                data.insert(k.clone(), v.clone());
            }
        }
        out.push(target_from(&file, &id, &data)?);
    }
    Ok(out)
}

fn target_from(file: &str, id: &str, data: &Map) -> Result<Target, RosterError> {
    let err = |m: String| RosterError::Entry(file.to_string(), id.to_string(), m);
    let s = |k: &str| data.get(k).filter(|v| !v.is_null()).map(Value::py_str);
    let port = match data.get("port") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.py_str()
                .parse::<u16>()
                .map_err(|_| err(format!("port: not a port number: {}", v.py_str())))?,
        ),
    };
    let timeout = match data.get("timeout") {
        None | Some(Value::Null) => None,
        Some(v) => Some(
            v.py_str()
                .parse::<u64>()
                .map_err(|_| err(format!("timeout: not a number of seconds: {}", v.py_str())))?,
        ),
    };
    let map = |k: &str| -> Result<Map, RosterError> {
        match data.get(k) {
            None | Some(Value::Null) => Ok(Map::new()),
            Some(Value::Map(m)) => Ok(m.clone()),
            Some(other) => Err(err(format!("{k}: a mapping, not a {}", other.type_name()))),
        }
    };
    let ssh_options = match data.get("ssh_options") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(Value::Str(s)) => vec![s.to_string()],
        Some(other) => {
            return Err(err(format!(
                "ssh_options: a list, not a {}",
                other.type_name()
            )))
        }
    };
    Ok(Target {
        id: id.to_string(),
        host: s("host").unwrap_or_else(|| id.to_string()),
        port,
        user: s("user"),
        privkey: s("priv").map(PathBuf::from),
        sudo: data.get("sudo").is_some_and(Value::truthy),
        sudo_user: s("sudo_user"),
        timeout,
        thin_dir: s("thin_dir"),
        minion_opts: map("minion_opts")?,
        grains: map("grains")?,
        ssh_options,
        set_path: s("set_path"),
    })
}

/// How the target expression is read (salt-ssh's `-E`, `-L`, `-G`; a glob otherwise).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TargetKind {
    Glob,
    Pcre,
    List,
    Grain,
}

/// The roster entries the expression names, in roster order. `grains` answers a host's
/// cached grains for `-G` (a host without cached grains does not match).
pub fn select<'a>(
    roster: &'a [Target],
    tgt: &str,
    kind: TargetKind,
    grains: &dyn Fn(&str) -> Option<Value>,
) -> Result<Vec<&'a Target>, RosterError> {
    let re = match kind {
        TargetKind::Pcre => Some(
            regex::Regex::new(&format!("^(?:{tgt})"))
                .map_err(|e| RosterError::Regex(tgt.to_string(), e.to_string()))?,
        ),
        _ => None,
    };
    let list: Vec<&str> = tgt
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    Ok(roster
        .iter()
        .filter(|t| match kind {
            TargetKind::Glob => fnmatch(tgt, &t.id),
            TargetKind::Pcre => re.as_ref().is_some_and(|r| r.is_match(&t.id)),
            TargetKind::List => list.contains(&t.id.as_str()),
            TargetKind::Grain => grains(&t.id).is_some_and(|g| grain_match(&g, tgt)),
        })
        .collect())
}

/// `key:sub:glob` against a grains mapping: a list grain matches when an element does.
fn grain_match(grains: &Value, expr: &str) -> bool {
    let Some((path, pattern)) = expr.rsplit_once(':') else {
        return false;
    };
    let mut cur = grains;
    for part in path.split(':') {
        match cur.get(part) {
            Some(v) => cur = v,
            None => return false,
        }
    }
    match cur {
        Value::List(l) => l.iter().any(|v| fnmatch(pattern, &v.py_str())),
        Value::Map(m) => m.keys().any(|k| fnmatch(pattern, &k.py_str())),
        other => fnmatch(pattern, &other.py_str()),
    }
}

/// Python's `fnmatch.fnmatch(name, pattern)` (POSIX: case-sensitive).
fn fnmatch(pattern: &str, name: &str) -> bool {
    halite_value::fnmatch(name, pattern)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnmatch_as_python() {
        assert!(fnmatch("web*", "web1"));
        assert!(fnmatch("h[12]", "h2"));
        assert!(!fnmatch("h[!12]", "h2"));
        assert!(fnmatch("*", ""));
        assert!(!fnmatch("web?", "web"));
    }

    #[test]
    fn roster_entries_defaults_and_targeting() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("roster");
        std::fs::write(
            &path,
            "web1:\n  host: 10.0.0.1\n  port: 2222\n  grains: {role: web}\nweb2: 10.0.0.2\ndb1:\n  host: 10.0.0.3\n  user: admin\n",
        )
        .unwrap();
        let mut defaults = Map::new();
        defaults.insert("user", Value::str("deploy"));
        let roster = load(&path, &defaults).unwrap();
        assert_eq!(roster.len(), 3);
        assert_eq!(roster[0].port, Some(2222));
        assert_eq!(roster[1].host, "10.0.0.2");
        assert_eq!(roster[1].user.as_deref(), Some("deploy"));
        assert_eq!(roster[2].user.as_deref(), Some("admin"));
        let none = |_: &str| None;
        let ids = |v: Vec<&Target>| v.iter().map(|t| t.id.clone()).collect::<Vec<_>>();
        assert_eq!(
            ids(select(&roster, "web*", TargetKind::Glob, &none).unwrap()),
            ["web1", "web2"]
        );
        assert_eq!(
            ids(select(&roster, "db1,web2", TargetKind::List, &none).unwrap()),
            ["web2", "db1"]
        );
        assert_eq!(
            ids(select(&roster, "w.b[2]", TargetKind::Pcre, &none).unwrap()),
            ["web2"]
        );
        let grains = |id: &str| {
            (id == "web1").then(|| Value::from_json_str(r#"{"roles": ["a", "web"]}"#).unwrap())
        };
        assert_eq!(
            ids(select(&roster, "roles:we*", TargetKind::Grain, &grains).unwrap()),
            ["web1"]
        );
    }

    #[test]
    fn bad_port_names_the_entry() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("roster");
        std::fs::write(&path, "web1:\n  host: x\n  port: eighty\n").unwrap();
        let err = load(&path, &Map::new()).unwrap_err().to_string();
        assert!(err.contains("web1") && err.contains("port"), "{err}");
    }
}
