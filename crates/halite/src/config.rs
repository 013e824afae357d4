//! The minion configuration (`__opts__`): `CONFIG_DIR/minion` and `minion.d/*.conf` over
//! Salt's defaults, as `salt.config.minion_config` builds it for `salt-call --local`.

use anyhow::{anyhow, Context, Result};
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};

/// The defaults halite honours, with Salt 3007.8's values (salt/config/__init__.py
/// `DEFAULT_MINION_OPTS`).
fn defaults() -> Map {
    let roots = |a: &str, b: &str| {
        let mut m = Map::new();
        m.insert("base", Value::List(vec![Value::str(a), Value::str(b)]));
        Value::Map(m)
    };
    let mut d = Map::new();
    d.insert("master", Value::str("salt"));
    d.insert("file_client", Value::str("remote"));
    d.insert("file_roots", roots("/srv/salt", "/srv/spm/salt"));
    d.insert("pillar_roots", roots("/srv/pillar", "/srv/spm/pillar"));
    d.insert("state_top", Value::str("salt://top.sls"));
    d.insert("state_top_saltenv", Value::Null);
    d.insert("top_file_merging_strategy", Value::str("merge"));
    d.insert("env_order", Value::List(Vec::new()));
    d.insert("default_top", Value::str("base"));
    d.insert("saltenv", Value::Null);
    d.insert("lock_saltenv", Value::Bool(false));
    d.insert("pillarenv", Value::Null);
    d.insert("renderer", Value::str("jinja|yaml"));
    d.insert("renderer_blacklist", Value::List(Vec::new()));
    d.insert("renderer_whitelist", Value::List(Vec::new()));
    d.insert("state_auto_order", Value::Bool(true));
    d.insert("state_output", Value::str("full"));
    d.insert("state_verbose", Value::Bool(true));
    d.insert("state_aggregate", Value::Bool(false));
    d.insert("test", Value::Bool(false));
    d.insert("failhard", Value::Bool(false));
    d.insert("cachedir", Value::str("/var/cache/salt/minion"));
    d.insert("nodegroups", Value::Map(Map::new()));
    d.insert("jinja_env", Value::Map(Map::new()));
    d.insert("jinja_sls_env", Value::Map(Map::new()));
    d.insert("jinja_trim_blocks", Value::Bool(false));
    d.insert("jinja_lstrip_blocks", Value::Bool(false));
    d.insert("pillar_source_merging_strategy", Value::str("smart"));
    d.insert("pillar_merge_lists", Value::Bool(false));
    d.insert("pillar_safe_render_error", Value::Bool(true));
    d.insert("grains", Value::Map(Map::new()));
    d
}

/// Options whose values are paths that halite resolves against the config folder when
/// relative (Salt requires them absolute).
const PATH_OPTIONS: &[&str] = &["cachedir", "pki_dir", "sock_dir", "log_file"];
const ROOTS_OPTIONS: &[&str] = &["file_roots", "pillar_roots"];

fn load_yaml_file(path: &Path) -> Result<Map> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
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
pub fn minion_config(config_dir: &Path) -> Result<Map> {
    // Relative paths resolve against the real folder (`..` after a symlink included).
    let canonical = std::fs::canonicalize(config_dir).unwrap_or_else(|_| config_dir.to_path_buf());
    let config_dir = canonical.as_path();
    let mut opts = defaults();
    let main = config_dir.join("minion");
    let mut files = Vec::new();
    if main.is_file() {
        files.push(main);
    }
    if let Ok(entries) = std::fs::read_dir(config_dir.join("minion.d")) {
        let mut extra: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "conf"))
            .collect();
        extra.sort();
        files.extend(extra);
    }
    for file in files {
        for (k, v) in load_yaml_file(&file)? {
            opts.insert(k, v);
        }
    }
    resolve_paths(&mut opts, config_dir);
    opts.insert("conf_dir", Value::str(config_dir.to_string_lossy()));
    opts.insert(
        "conf_file",
        Value::str(config_dir.join("minion").to_string_lossy()),
    );
    Ok(opts)
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
            *s = absolutize(s, base);
        }
    }
    for key in ROOTS_OPTIONS {
        if let Some(Value::Map(envs)) = opts.get_mut(key) {
            for dirs in envs.values_mut() {
                if let Value::List(dirs) = dirs {
                    for d in dirs.iter_mut() {
                        if let Value::Str(s) = d {
                            *s = absolutize(s, base);
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
