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
];
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
    load_config(config_dir, "minion", defaults())
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
    load_config(config_dir, "master", d)
}

fn load_config(config_dir: &Path, name: &str, defaults: Map) -> Result<Map> {
    let given_dir = salt_abspath(config_dir);
    // Relative paths resolve against the real folder (`..` after a symlink included).
    let canonical = std::fs::canonicalize(config_dir).unwrap_or_else(|_| config_dir.to_path_buf());
    let config_dir = canonical.as_path();
    let mut opts = defaults;
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
    for file in files {
        let values = load_yaml_file(&file)?;
        check_salt_compat(&values, &file)?;
        for (k, v) in values {
            opts.insert(k, v);
        }
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

fn resolve_paths(opts: &mut Map, base: &Path) {
    for key in PATH_OPTIONS {
        if let Some(Value::Str(s)) = opts.get_mut(key) {
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
