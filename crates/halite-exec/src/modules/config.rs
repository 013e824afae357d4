//! `salt.modules.config`: minion options, then grains, then pillar, then the `master` pillar
//! key, then the module's `DEFAULTS`.

use crate::salt_utils::{bind, dict_merge, fnmatchcase, traverse, DEFAULT_DELIM};
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `salt.modules.config.DEFAULTS` (with `_HOSTS_FILE` = /etc/hosts and SRV_ROOT_DIR = /srv).
pub fn defaults() -> Map {
    fn m(pairs: Vec<(&str, Value)>) -> Value {
        let mut out = Map::new();
        for (k, v) in pairs {
            out.insert(k, v);
        }
        Value::Map(out)
    }
    let s = Value::str;
    let l = |v: &[&str]| Value::List(v.iter().map(|x| Value::str(*x)).collect());
    let Value::Map(map) = m(vec![
        ("mongo.db", s("salt")),
        ("mongo.password", s("")),
        ("mongo.port", Value::Int(27017)),
        ("mongo.user", s("")),
        ("redis.db", s("0")),
        ("redis.host", s("salt")),
        ("redis.port", Value::Int(6379)),
        ("test.foo", s("unconfigured")),
        ("ca.cert_base_path", s("/etc/pki")),
        ("solr.cores", Value::List(vec![].into())),
        ("solr.host", s("localhost")),
        ("solr.port", s("8983")),
        ("solr.baseurl", s("/solr")),
        ("solr.type", s("master")),
        ("solr.request_timeout", Value::Null),
        ("solr.init_script", s("/etc/rc.d/solr")),
        (
            "solr.dih.import_options",
            m(vec![
                ("clean", Value::Bool(false)),
                ("optimize", Value::Bool(true)),
                ("commit", Value::Bool(true)),
                ("verbose", Value::Bool(false)),
            ]),
        ),
        ("solr.backup_path", Value::Null),
        ("solr.num_backups", Value::Int(1)),
        ("poudriere.config", s("/usr/local/etc/poudriere.conf")),
        ("poudriere.config_dir", s("/usr/local/etc/poudriere.d")),
        ("ldap.uri", s("")),
        ("ldap.server", s("localhost")),
        ("ldap.port", s("389")),
        ("ldap.tls", Value::Bool(false)),
        ("ldap.no_verify", Value::Bool(false)),
        ("ldap.anonymous", Value::Bool(true)),
        ("ldap.scope", Value::Int(2)),
        ("ldap.attrs", Value::Null),
        ("ldap.binddn", s("")),
        ("ldap.bindpw", s("")),
        ("hosts.file", s("/etc/hosts")),
        ("aliases.file", s("/etc/aliases")),
        (
            "virt",
            m(vec![
                ("tunnel", Value::Bool(false)),
                ("images", s("/srv/salt-images")),
            ]),
        ),
        ("docker.exec_driver", s("docker-exec")),
        (
            "docker.compare_container_networks",
            m(vec![
                ("static", l(&["Aliases", "Links", "IPAMConfig"])),
                (
                    "automatic",
                    l(&["IPAddress", "Gateway", "GlobalIPv6Address", "IPv6Gateway"]),
                ),
            ]),
        ),
    ]) else {
        return Map::new();
    };
    map
}

fn master_pillar(ctx: &ExecContext) -> Value {
    match ctx.pillar.get("master") {
        Some(Value::Map(m)) => Value::Map(m.clone()),
        _ => Value::Map(Map::new()),
    }
}

/// `config.get(key, default='', delimiter=':', merge=None, omit_opts=False, omit_pillar=False,
/// omit_master=False, omit_grains=False)`. (`sdb://` values are returned as they are.)
pub fn get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "config.get",
        a,
        &[
            "key",
            "default",
            "delimiter",
            "merge",
            "omit_opts",
            "omit_pillar",
            "omit_master",
            "omit_grains",
        ],
        1,
    )?;
    let key = b.str_or(0, "");
    let default = b.get(1).cloned().unwrap_or(Value::str(""));
    let delim = b.str_or(2, DEFAULT_DELIM);
    let defaults = Value::Map(defaults());
    match b.opt(3) {
        None => {
            let master = master_pillar(ctx);
            let sources: [(bool, &Value); 5] = [
                (b.truthy(4), &ctx.opts),
                (b.truthy(7), &ctx.grains),
                (b.truthy(5), &ctx.pillar),
                (b.truthy(6), &master),
                (false, &defaults),
            ];
            for (omit, data) in sources {
                if omit {
                    continue;
                }
                if let Some(v) = traverse(data, &key, &delim) {
                    return Ok(v.clone());
                }
            }
        }
        Some(strategy) => {
            let mut strategy = strategy.py_str();
            if strategy != "recurse" && strategy != "overwrite" {
                tracing::warn!(
                    "Unsupported merge strategy '{}'. Falling back to 'recurse'.",
                    strategy
                );
                strategy = "recurse".into();
            }
            // Salt reads pillar_merge_lists from master_config('/etc/salt/master'): unset -> None.
            let mut data = defaults;
            for upd in [
                master_pillar(ctx),
                as_map(&ctx.pillar),
                as_map(&ctx.grains),
                as_map(&ctx.opts),
            ] {
                data = dict_merge(&data, &upd, &strategy, "yaml", false)?;
            }
            if let Some(v) = traverse(&data, &key, &delim) {
                return Ok(v.clone());
            }
        }
    }
    Ok(default)
}

fn as_map(v: &Value) -> Value {
    match v {
        Value::Map(_) => v.clone(),
        _ => Value::Map(Map::new()),
    }
}

/// `config.option(value, default=None, omit_opts=False, omit_grains=False, omit_pillar=False,
/// omit_master=False, omit_all=False, wildcard=False)`: top-level keys only.
pub fn option(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "config.option",
        a,
        &[
            "value",
            "default",
            "omit_opts",
            "omit_grains",
            "omit_pillar",
            "omit_master",
            "omit_all",
            "wildcard",
        ],
        1,
    )?;
    let value = b.get(0).cloned().unwrap_or_default();
    let omit_all = b.truthy(6);
    let (omit_opts, omit_grains, omit_pillar, omit_master) = (
        omit_all || b.truthy(2),
        omit_all || b.truthy(3),
        omit_all || b.truthy(4),
        omit_all || b.truthy(5),
    );
    let wildcard = b.truthy(7);
    let default = match b.opt(1) {
        Some(d) => d.clone(),
        None if wildcard => Value::Map(Map::new()),
        None => Value::str(""),
    };
    let master = master_pillar(ctx);
    let defaults = defaults();
    let lookup = |data: &Value| data.as_map().and_then(|m| m.get_value(&value)).cloned();
    if !wildcard {
        for (omit, data) in [
            (omit_opts, &ctx.opts),
            (omit_grains, &ctx.grains),
            (omit_pillar, &ctx.pillar),
            (omit_master, &master),
        ] {
            if !omit {
                if let Some(v) = lookup(data) {
                    return Ok(v);
                }
            }
        }
        if let Some(v) = defaults.get_value(&value) {
            return Ok(v.clone());
        }
        return Ok(default);
    }
    let pat = value.py_str();
    let mut ret = Map::new();
    for (omit, data) in [
        (omit_master, &master),
        (omit_pillar, &ctx.pillar),
        (omit_grains, &ctx.grains),
        (omit_opts, &ctx.opts),
    ] {
        if omit {
            continue;
        }
        if let Some(m) = data.as_map() {
            for (k, v) in m.str_iter() {
                if fnmatchcase(k, &pat) {
                    ret.insert(k, v.clone());
                }
            }
        }
    }
    for (k, v) in defaults.str_iter() {
        if fnmatchcase(k, &pat) && !ret.contains_key(k) {
            ret.insert(k, v.clone());
        }
    }
    Ok(if ret.is_empty() {
        default
    } else {
        Value::Map(ret)
    })
}

/// `config.merge(value, default='', omit_opts=False, omit_master=False, omit_pillar=False)`.
pub fn merge(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "config.merge",
        a,
        &[
            "value",
            "default",
            "omit_opts",
            "omit_master",
            "omit_pillar",
        ],
        1,
    )?;
    let value = b.get(0).cloned().unwrap_or_default();
    let default = b.get(1).cloned().unwrap_or(Value::str(""));
    let master = master_pillar(ctx);
    let lookup = |data: &Value| data.as_map().and_then(|m| m.get_value(&value)).cloned();
    let mut ret: Option<Value> = None;
    if !b.truthy(2) {
        if let Some(v) = lookup(&ctx.opts) {
            if v.as_str().is_some() {
                return Ok(v);
            }
            ret = Some(v);
        }
    }
    for (omit, data) in [(b.truthy(3), &master), (b.truthy(4), &ctx.pillar)] {
        if omit {
            continue;
        }
        let Some(tmp) = lookup(data) else { continue };
        match ret.take() {
            None => {
                if tmp.as_str().is_some() {
                    return Ok(tmp);
                }
                ret = Some(tmp);
            }
            Some(Value::Map(r)) => match tmp {
                // tmp.update(ret); ret = tmp
                Value::Map(mut t) => {
                    for (k, v) in r {
                        t.insert(k, v);
                    }
                    ret = Some(Value::Map(t));
                }
                _ => ret = Some(Value::Map(r)),
            },
            Some(Value::List(mut r)) => {
                if let Value::List(t) = tmp {
                    r.extend(t);
                }
                ret = Some(Value::List(r));
            }
            Some(other) => ret = Some(other),
        }
    }
    match ret {
        Some(v) => Ok(v),
        None => Ok(defaults().get_value(&value).cloned().unwrap_or(default)),
    }
}

/// `config.items()`: the minion options.
pub fn items(ctx: &ExecContext, _a: &Args) -> Result<Value, ExecError> {
    Ok(ctx.opts.clone())
}

/// `config.dot_vals(value)`: master-pillar and option keys starting with `value.`.
pub fn dot_vals(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("config.dot_vals", a, &["value"], 1)?;
    let prefix = format!("{}.", b.str_or(0, ""));
    let mut ret = Map::new();
    for data in [master_pillar(ctx), ctx.opts.clone()] {
        if let Some(m) = data.as_map() {
            for (k, v) in m.str_iter() {
                if k.starts_with(&prefix) {
                    ret.insert(k, v.clone());
                }
            }
        }
    }
    Ok(Value::Map(ret))
}

/// `config.valid_fileproto(uri)`: the URL scheme is one of Salt's `VALID_PROTOS`.
pub fn valid_fileproto(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("config.valid_fileproto", a, &["uri"], 1)?;
    let uri = b.str_or(0, "");
    let scheme = uri
        .split_once(':')
        .map(|(s, _)| s.to_ascii_lowercase())
        .unwrap_or_default();
    const VALID: [&str; 7] = ["salt", "file", "http", "https", "ftp", "swift", "s3"];
    Ok(Value::Bool(
        scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && VALID.contains(&scheme.as_str()),
    ))
}
