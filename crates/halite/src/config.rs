//! The minion configuration (`__opts__`): `CONFIG_DIR/minion` and `minion.d/*.conf` over
//! Salt's defaults, as `salt.config.minion_config` builds it for `salt-call --local`.

use anyhow::{anyhow, Context, Result};
use halite_value::{List, Map, SaltCompat, Value, SALT_COMPAT_KEY};
use std::path::{Path, PathBuf};

/// The defaults halite honours, with Salt 3007.8's values (salt/config/__init__.py
/// `DEFAULT_MINION_OPTS`).
fn defaults() -> Map {
    let roots = |a: &str, b: &str| {
        let mut m = Map::new();
        m.insert(
            "base",
            Value::List(vec![Value::str(a), Value::str(b)].into()),
        );
        Value::Map(m)
    };
    let mut d = Map::new();
    d.insert("master", Value::str("salt"));
    d.insert("file_client", Value::str("remote"));
    d.insert("file_roots", roots("/srv/salt", "/srv/spm/salt"));
    d.insert("pillar_roots", roots("/srv/pillar", "/srv/spm/pillar"));
    d.insert("state_top", Value::str("top.sls"));
    d.insert("state_top_saltenv", Value::Null);
    d.insert("top_file_merging_strategy", Value::str("merge"));
    d.insert("env_order", Value::List(List::new()));
    d.insert("default_top", Value::str("base"));
    d.insert("saltenv", Value::Null);
    d.insert("lock_saltenv", Value::Bool(false));
    d.insert("pillarenv", Value::Null);
    d.insert("renderer", Value::str("jinja|yaml"));
    d.insert("renderer_blacklist", Value::List(List::new()));
    d.insert("renderer_whitelist", Value::List(List::new()));
    d.insert("state_auto_order", Value::Bool(true));
    d.insert("state_output", Value::str("full"));
    d.insert("state_verbose", Value::Bool(true));
    d.insert("state_aggregate", Value::Bool(false));
    d.insert("test", Value::Bool(false));
    d.insert("failhard", Value::Bool(false));
    d.insert("cachedir", Value::str("/var/cache/salt/minion"));
    d.insert("pillar_source_merging_strategy", Value::str("smart"));
    d.insert("pillar_merge_lists", Value::Bool(false));
    d.insert("grains", Value::Map(Map::new()));
    // Set by salt-call itself (`salt.cli.call.SaltCall`, `salt.config.apply_minion_config`);
    // formulas' libsaltcli.jinja reads `__cli`.
    d.insert("__cli", Value::str("salt-call"));
    d.insert("__role", Value::str("minion"));
    d.insert("sudo_user", Value::str(""));
    d
}

/// Salt's minion defaults, as [`minion_config`] starts from them (a fleet host's minion
/// options, `catalog::template_opts`, start from them too).
pub fn minion_defaults() -> Map {
    defaults()
}

/// Options whose values are paths that halite resolves against the config folder when
/// relative (Salt requires them absolute).
const PATH_OPTIONS: &[&str] = &[
    "cachedir",
    "pki_dir",
    "sock_dir",
    "log_file",
    "roster_file",
    "ssh_priv",
    "known_hosts_file",
    "extension_modules",
    "pidfile",
    "key_logfile",
    "ssh_log_file",
    "token_dir",
    "syndic_dir",
    "sqlite_queue_dir",
];

/// The options that may be a URL rather than a path (a syslog `udp://host:514`): Salt
/// prefixes them with `root_dir` only without a scheme (`should_prepend_root_dir`).
const LOG_OPTIONS: &[&str] = &["log_file", "key_logfile", "ssh_log_file"];

/// Which program's config: the paths `root_dir` prefixes differ.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Minion,
    Master,
}

impl Role {
    fn name(self) -> &'static str {
        match self {
            Role::Minion => "minion",
            Role::Master => "master",
        }
    }

    /// Salt's defaults of the path options (`DEFAULT_MINION_OPTS`/`DEFAULT_MASTER_OPTS`,
    /// `salt.syspaths` on Linux) that [`Role::root_dir_options`] names.
    fn path_defaults(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Role::Minion => &[
                ("root_dir", "/"),
                ("pki_dir", "/etc/salt/pki/minion"),
                ("sock_dir", "/var/run/salt/minion"),
                ("extension_modules", "/var/cache/salt/minion/extmods"),
                ("pidfile", "/var/run/salt-minion.pid"),
                ("log_file", "/var/log/salt/minion"),
            ],
            Role::Master => &[
                ("root_dir", "/"),
                ("pki_dir", "/etc/salt/pki/master"),
                ("sock_dir", "/var/run/salt/master"),
                ("extension_modules", "/var/cache/salt/master/extmods"),
                ("pidfile", "/var/run/salt-master.pid"),
                ("log_file", "/var/log/salt/master"),
                ("key_logfile", "/var/log/salt/key"),
                ("ssh_log_file", "/var/log/salt/ssh"),
                ("sqlite_queue_dir", "/var/cache/salt/master/queues"),
            ],
        }
    }

    /// The options `apply_minion_config`/`apply_master_config` hand `prepend_root_dir`
    /// (those of [`LOG_OPTIONS`] only when they are no URL).
    fn root_dir_options(self) -> &'static [&'static str] {
        match self {
            Role::Minion => &[
                "pki_dir",
                "cachedir",
                "sock_dir",
                "extension_modules",
                "pidfile",
                "log_file",
            ],
            Role::Master => &[
                "pki_dir",
                "cachedir",
                "pidfile",
                "sock_dir",
                "extension_modules",
                "token_dir",
                "syndic_dir",
                "sqlite_queue_dir",
                "log_file",
                "key_logfile",
                "ssh_log_file",
            ],
        }
    }
}
const ROOTS_OPTIONS: &[&str] = &["file_roots", "pillar_roots"];

/// salt-call's warning for a `-c` that is not a directory (written before logging is set up,
/// so at every log level; the call then runs on the defaults and exits as usual). `~` is
/// expanded first, as Salt's `os.path.expanduser`.
pub fn missing_config_dir_warning(config_dir: &Path) -> Option<String> {
    let given = config_dir.to_string_lossy();
    let expanded = match given.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => match std::env::var("HOME") {
            Ok(home) => format!("{}{rest}", home.trim_end_matches('/')),
            Err(_) => given.to_string(),
        },
        _ => given.to_string(),
    };
    (!Path::new(&expanded).is_dir())
        .then(|| format!("WARNING: CONFIG '{expanded}' directory does not exist.\n"))
}

fn load_yaml_file(path: &Path) -> Result<Map> {
    let text = halite_value::limits::read_input_to_string(path)
        .with_context(|| format!("reading {}", path.display()))?;
    let value = halite_yaml::load(&text, halite_yaml::Schema::Salt)
        .map_err(|e| anyhow!("{}: line {}: {}", path.display(), e.line, e.problem))?;
    match value {
        Value::Map(m) => Ok(m),
        Value::Null => Ok(Map::new()),
        other => Err(anyhow!(
            "{}: the configuration must be a mapping, not a {}",
            path.display(),
            other.type_name()
        )),
    }
}

/// Reads `CONFIG_DIR/minion` and `CONFIG_DIR/minion.d/*.conf` (sorted) over the defaults.
/// `config_dir` and `conf_file` are set as Salt's option parser sets them: the `-c` folder
/// made absolute (`os.path.abspath(os.path.expanduser(dir))`, symlinks kept).
pub fn minion_config(config_dir: &Path) -> Result<Map> {
    load_config(config_dir, Role::Minion, defaults())
}

/// `halite ssh`'s controller config: `CONFIG_DIR/master` and `master.d/*.conf` over the
/// same defaults with the master's cache folder and salt-ssh's options (salt/config
/// `DEFAULT_MASTER_OPTS`: `roster_file`, `ssh_*`).
pub fn master_config(config_dir: &Path) -> Result<Map> {
    let mut d = defaults();
    d.insert("cachedir", Value::str("/var/cache/salt/master"));
    d.insert("__role", Value::str("master"));
    d.insert("__cli", Value::str("salt-ssh"));
    d.insert("ssh_max_procs", Value::Int(25));
    d.insert("ssh_timeout", Value::Int(60));
    d.insert("ssh_user", Value::str("root"));
    d.insert(
        "ssh_priv",
        Value::str("/etc/salt/pki/master/ssh/salt-ssh.rsa"),
    );
    load_config(config_dir, Role::Master, d)
}

fn load_config(config_dir: &Path, role: Role, defaults: Map) -> Result<Map> {
    let name = role.name();
    let given_dir = salt_abspath(config_dir);
    // Relative paths resolve against the real folder (`..` after a symlink included).
    let canonical = std::fs::canonicalize(config_dir).unwrap_or_else(|_| config_dir.to_path_buf());
    let config_dir = canonical.as_path();
    let mut opts = defaults;
    for (key, value) in role.path_defaults() {
        opts.insert(*key, Value::str(*value));
    }
    let main = config_dir.join(name);
    let mut files = Vec::new();
    if main.is_file() {
        files.push(main);
    }
    if let Ok(entries) = std::fs::read_dir(config_dir.join(format!("{name}.d"))) {
        let mut extra: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "conf"))
            .collect();
        extra.sort();
        files.extend(extra);
    }
    let mut root_dir_set = false;
    for file in files {
        let values = load_yaml_file(&file)?;
        check_salt_compat(&values, &file)?;
        root_dir_set |= values.contains_key("root_dir");
        for (k, v) in values {
            opts.insert(k, v);
        }
    }
    derive_paths(&mut opts, role);
    if root_dir_set {
        prepend_root_dir(&mut opts, role, config_dir);
    }
    resolve_paths(&mut opts, config_dir);
    opts.insert("config_dir", Value::str(given_dir.clone()));
    opts.insert("conf_file", Value::str(format!("{given_dir}/{name}")));
    Ok(opts)
}

/// A `salt_compat` a config file sets must name a release halite can behave as.
fn check_salt_compat(values: &Map, file: &Path) -> Result<()> {
    match values.get(SALT_COMPAT_KEY) {
        Some(v) if SaltCompat::parse(v).is_none() => Err(anyhow!(
            "{}: salt_compat must be \"3007\" or \"3008\" (the Salt release halite behaves \
             as), not {}",
            file.display(),
            v.py_repr()
        )),
        _ => Ok(()),
    }
}

/// Python's `os.path.abspath(os.path.expanduser(p))`: `~` expanded, joined to the working
/// directory when relative, then `normpath` (`.`, `..` and doubled slashes folded lexically;
/// symlinks are not resolved).
fn salt_abspath(p: &Path) -> String {
    let text = p.to_string_lossy();
    let expanded = match text.strip_prefix('~') {
        Some(rest) if rest.is_empty() || rest.starts_with('/') => match std::env::var("HOME") {
            Ok(home) if !home.is_empty() => format!("{}{rest}", home.trim_end_matches('/')),
            _ => text.to_string(),
        },
        _ => text.to_string(),
    };
    let joined = if expanded.starts_with('/') {
        expanded
    } else {
        let cwd = std::env::current_dir()
            .map(|d| d.to_string_lossy().into_owned())
            .unwrap_or_else(|_| "/".into());
        format!("{}/{expanded}", cwd.trim_end_matches('/'))
    };
    normpath(&joined)
}

/// `posixpath.normpath` for an absolute path.
fn normpath(path: &str) -> String {
    // POSIX keeps exactly two leading slashes, folds three or more into one.
    let initial = if path.starts_with("//") && !path.starts_with("///") {
        "//"
    } else {
        "/"
    };
    let mut parts: Vec<&str> = Vec::new();
    for comp in path.split('/') {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    format!("{initial}{}", parts.join("/"))
}

fn absolutize(p: &str, base: &Path) -> String {
    let path = Path::new(p);
    if path.is_absolute() {
        p.to_string()
    } else {
        base.join(path).to_string_lossy().into_owned()
    }
}

/// `os.path.join(a, b)`: `b` when absolute, else the two with one slash between.
fn path_join(a: &str, b: &str) -> String {
    if b.starts_with('/') || a.is_empty() {
        b.to_string()
    } else if a.ends_with('/') {
        format!("{a}{b}")
    } else {
        format!("{a}/{b}")
    }
}

/// The paths apply_minion_config/apply_master_config derive before `root_dir` applies: a
/// `sock_dir` more than ten characters longer than `cachedir` moves into it
/// (`cachedir/.salt-unix`); a master's `token_dir` and `syndic_dir` are always below its
/// `cachedir`.
fn derive_paths(opts: &mut Map, role: Role) {
    let Some(cachedir) = opts
        .get("cachedir")
        .and_then(Value::as_str)
        .map(str::to_string)
    else {
        return;
    };
    if let Some(sock_dir) = opts.get("sock_dir").and_then(Value::as_str) {
        if sock_dir.chars().count() > cachedir.chars().count() + 10 {
            opts.insert("sock_dir", Value::str(path_join(&cachedir, ".salt-unix")));
        }
    }
    if role == Role::Master {
        opts.insert("token_dir", Value::str(path_join(&cachedir, "tokens")));
        opts.insert("syndic_dir", Value::str(path_join(&cachedir, "syndics")));
    }
}

/// Whether `urllib.parse.urlparse(value).scheme` is empty: no `scheme:` before the first
/// colon (an ASCII letter, then letters, digits, `+`, `-` or `.`).
fn has_url_scheme(value: &str) -> bool {
    match value.find(':') {
        Some(i) if i > 0 => {
            let scheme = &value[..i];
            scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
        }
        _ => false,
    }
}

/// salt.config `prepend_root_dir` with a configured `root_dir`: each path option (a log
/// option only when it is no URL) below `root_dir` (made absolute: relative to the config
/// folder, as halite resolves relative paths), unless it is there already:
/// `salt.utils.path.join(root_dir, path)`, i.e. `normpath(root_dir + "/" + path)` with the
/// path's leading slashes dropped. As in Salt, a path that is `root_dir` itself is taken
/// for one outside it (`root_dir/root_dir`).
fn prepend_root_dir(opts: &mut Map, role: Role, config_dir: &Path) {
    let Some(root) = opts.get("root_dir").and_then(Value::as_str) else {
        return;
    };
    let root = normpath(&absolutize(root, config_dir));
    for key in role.root_dir_options() {
        let Some(path) = opts.get(key).and_then(Value::as_str) else {
            continue;
        };
        if LOG_OPTIONS.contains(key) && has_url_scheme(path) {
            continue;
        }
        // Salt's default root is "/" (its prefix ""): every absolute path "matches" it, and
        // one below root_dir loses that prefix first.
        let under_root = (root != "/")
            .then(|| path.strip_prefix(root.as_str()))
            .flatten()
            .filter(|rest| rest.starts_with('/'));
        let rest = under_root.unwrap_or(path);
        let joined = normpath(&path_join(&root, rest.trim_start_matches('/')));
        opts.insert(*key, Value::str(joined));
    }
}

fn resolve_paths(opts: &mut Map, base: &Path) {
    for key in PATH_OPTIONS {
        if let Some(Value::Str(s)) = opts.get_mut(key) {
            if LOG_OPTIONS.contains(key) && has_url_scheme(s) {
                continue;
            }
            *s = absolutize(s, base).into();
        }
    }
    for key in ROOTS_OPTIONS {
        if let Some(Value::Map(envs)) = opts.get_mut(key) {
            for dirs in envs.values_mut() {
                if let Value::List(dirs) = dirs {
                    for d in dirs.iter_mut() {
                        if let Value::Str(s) = d {
                            *s = absolutize(s, base).into();
                        }
                    }
                }
            }
        }
    }
}

/// The static grains of `CONFIG_DIR/grains`, if that file exists.
pub fn grains_file(config_dir: &Path) -> Result<Map> {
    let path = config_dir.join("grains");
    if path.is_file() {
        load_yaml_file(&path)
    } else {
        Ok(Map::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salt_compat_in_a_config_file_must_be_a_release() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(dir.path().join("minion"), "salt_compat: '3009'\n").expect("write");
        let err = minion_config(dir.path()).expect_err("3009 is refused");
        let text = format!("{err:#}");
        assert!(text.contains("minion: salt_compat must be"), "{text}");
        assert!(text.contains("'3009'"), "{text}");
        std::fs::write(dir.path().join("minion"), "salt_compat: 3007\n").expect("write");
        let opts = minion_config(dir.path()).expect("3007 is a release");
        assert_eq!(SaltCompat::of(&opts), SaltCompat::V3007);
    }

    /// Issue 32: `root_dir` prefixes the path options as salt.config's `prepend_root_dir`
    /// does, for the minion (salt-call) and the master (salt-ssh) config.
    /// tests/fixtures/root_dir.json holds what Salt 3007.8 and 3008.4 made of each config
    /// (scripts/oracle/root_dir_record.py), the scratch root written `@ROOT@`.
    #[test]
    fn root_dir_prefixes_the_path_options_as_salt_does() {
        let fixture: Value = Value::from_json_str(include_str!("../tests/fixtures/root_dir.json"))
            .expect("the fixture is JSON");
        let records = fixture.as_list().expect("a list of cases");
        assert!(!records.is_empty());
        for record in records.iter() {
            let role = record.get("role").and_then(Value::as_str).unwrap_or("");
            let config = record
                .get("config")
                .and_then(Value::as_map)
                .expect("config");
            for release in ["3007", "3008"] {
                let dir = tempfile::tempdir().expect("tempdir");
                let root = dir.path().join("root").to_string_lossy().into_owned();
                let conf = dir.path().join("conf");
                std::fs::create_dir(&conf).expect("mkdir");
                let text = Value::Map(config.clone())
                    .to_json()
                    .replace("@ROOT@", &root);
                std::fs::write(conf.join(role), text).expect("write");
                let opts = match role {
                    "minion" => minion_config(&conf),
                    _ => master_config(&conf),
                }
                .expect("the config loads");
                let expected = record.get(release).and_then(Value::as_map).expect(release);
                for (key, want) in expected.iter() {
                    let key = key.py_str();
                    let want = match want {
                        Value::Str(w) => Value::str(w.replace("@ROOT@", &root)),
                        other => other.clone(),
                    };
                    let got = opts.get(key.as_str()).cloned().unwrap_or(Value::Null);
                    assert_eq!(got, want, "{role} {config:?} ({release}): {key}");
                }
            }
        }
    }

    #[test]
    fn normpath_folds_like_posixpath() {
        assert_eq!(normpath("/a/./b/../c/"), "/a/c");
        assert_eq!(normpath("/../x"), "/x");
        assert_eq!(normpath("//a//b"), "//a/b");
        assert_eq!(normpath("///a"), "/a");
        assert_eq!(normpath("/"), "/");
    }

    #[test]
    fn config_dir_is_absolute_without_resolving_symlinks() {
        let cwd = std::env::current_dir().expect("cwd");
        let got = salt_abspath(Path::new("conf/../conf2"));
        assert_eq!(got, format!("{}/conf2", cwd.to_string_lossy()));
        assert_eq!(salt_abspath(Path::new("/tmp/x/")), "/tmp/x");
    }
}
