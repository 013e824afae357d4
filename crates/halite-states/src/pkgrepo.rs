//! `salt.states.pkgrepo` for APT one-line repositories (`pkgrepo.managed`, `pkgrepo.absent`)
//! as Salt 3007.8 runs them on Debian: `pkg.get_repo` before, the line expanded and compared
//! the way `_expand_repo_def` does (so options other than `arch`/`signed-by` in the line, such
//! as `trusted=yes`, make every run rewrite the entry: "Configured package repo" with no
//! changes), `pkg.mod_repo` (which adds a `key_url`, `key_text` or `keyid` + `keyserver` key,
//! with `aptkey: False` into the line's `signed-by` keyring), `pkg.get_repo` after;
//! `pkgrepo.absent` with `keyid` then removes the key (`pkg.del_repo_key`). PPAs are not
//! resolved (docs/compat.md).

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::aptsources::{expand_repo_def, split_repo_str, strip_uri};
use halite_exec::Args;
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("pkgrepo.managed", managed, &["name"]);
    r.register("pkgrepo.absent", absent, &["name"]);
}

fn ret(name: &Value) -> Map {
    let mut m = Map::new();
    m.insert("name", name.clone());
    m.insert("changes", Value::Map(Map::new()));
    m.insert("result", Value::Null);
    m.insert("comment", Value::str(""));
    m
}

fn done(mut r: Map, result: Value, comment: String) -> Map {
    r.insert("result", result);
    r.insert("comment", Value::str(comment));
    r
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Value, String> {
    call.exec
        .call(call.ctx, fun, &Args::new(args, kwargs))
        .map_err(|e| e.to_string())
}

/// `pkg.get_repo(repo=repo, **kwargs)` as `managed` calls it before and after
/// `pkg.mod_repo`; anything but a dict reads as `{}`.
fn get_repo(call: &StateCall, repo: &str, kwargs: &Map) -> Result<Map, String> {
    let mut k = kwargs.clone();
    k.insert("repo", Value::str(repo));
    Ok(match exec(call, "pkg.get_repo", vec![], k)? {
        Value::Map(m) => m,
        _ => Map::new(),
    })
}

/// The state's keyword arguments that reach the execution functions (Salt pops its internal
/// keywords: requisites, `fun`, `state`, `__id__`, ...).
fn user_kwargs(call: &StateCall) -> Map {
    let mut m = Map::new();
    for (k, v) in call.low.iter() {
        let Some(key) = k.as_str() else { continue };
        if key.starts_with("__")
            || crate::util::STATE_INTERNAL_KEYWORDS.contains(&key)
            || [
                "ppa",
                "copr",
                "aptkey",
                "enabled",
                "disabled",
                "allow_insecure_key",
            ]
            .contains(&key)
        {
            continue;
        }
        m.insert(k.clone(), v.clone());
    }
    m
}

fn str_list(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        _ => Vec::new(),
    }
}

/// `pkgrepo.managed`.
pub fn managed(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let name_s = call.name_str();
    let r = ret(&name);
    if !call.exec.contains("pkg.get_repo") {
        return Ok(done(
            r,
            Value::Bool(false),
            "Repo management not implemented on this platform".into(),
        ));
    }
    let low = call.low;
    let mut r = r;
    if low.contains_key("key_url") && (low.contains_key("keyid") || low.contains_key("keyserver")) {
        r = done(
            r,
            Value::Bool(false),
            "You may not use both \"keyid\"/\"keyserver\" and \"key_url\" argument.".into(),
        );
    }
    if low.contains_key("key_text") && (low.contains_key("keyid") || low.contains_key("keyserver"))
    {
        r = done(
            r,
            Value::Bool(false),
            "You may not use both \"keyid\"/\"keyserver\" and \"key_text\" argument.".into(),
        );
    }
    if low.contains_key("key_text") && low.contains_key("key_url") {
        r = done(
            r,
            Value::Bool(false),
            "You may not use both \"key_url\" and \"key_text\" argument.".into(),
        );
    }
    if low.contains_key("repo") {
        return Ok(done(
            r,
            Value::Bool(false),
            "'repo' is not a supported argument for this state. The 'name' argument is probably what was intended.".into(),
        ));
    }
    if low.contains_key("enabled") && low.contains_key("disabled") {
        return Ok(done(
            r,
            Value::Bool(false),
            "Only one of enabled/disabled is allowed".into(),
        ));
    }
    let repo = name_s.clone();
    let kwargs = user_kwargs(call);
    let pre = match get_repo(call, &repo, &kwargs) {
        Ok(m) => m,
        Err(e) => {
            return Ok(done(
                r,
                Value::Bool(false),
                format!("Failed to examine repo '{name_s}': {e}"),
            ))
        }
    };
    let mut sanitized = expand_repo_def(&repo, &kwargs);
    if !pre.is_empty() {
        let mut pre = pre.clone();
        pre.remove("file");
        sanitized.remove("file");
        let disabled = sanitized.get("disabled").is_some_and(Value::truthy);
        let mut same = true;
        for (k, v) in sanitized.iter() {
            let key = k.py_str();
            let Some(p) = pre.get(&key) else {
                same = false;
                break;
            };
            let differs = match key.as_str() {
                "comps" => {
                    let (mut a, mut b) = (str_list(Some(v)), str_list(Some(p)));
                    a.sort();
                    b.sort();
                    a != b
                }
                "line" => {
                    if disabled {
                        false
                    } else {
                        let sort_tail = |s: &str| {
                            let mut w: Vec<String> =
                                s.split_whitespace().map(String::from).collect();
                            if w.len() > 3 {
                                w[3..].sort();
                            }
                            w
                        };
                        let pre_line = p.py_str();
                        let repo_part = pre_line.split('#').next().unwrap_or("").trim().to_string();
                        sort_tail(&v.py_str()) != sort_tail(&repo_part)
                    }
                }
                "architectures" => {
                    let a = str_list(Some(v));
                    if a.is_empty() {
                        false
                    } else {
                        let mut a = a;
                        let mut b = str_list(Some(p));
                        a.sort();
                        a.dedup();
                        b.sort();
                        b.dedup();
                        a != b
                    }
                }
                _ => py_str_of(v) != py_str_of(p),
            };
            if differs {
                same = false;
                break;
            }
        }
        if same {
            return Ok(done(
                r,
                Value::Bool(true),
                format!("Package repo '{name_s}' already configured"),
            ));
        }
    }
    if call.test {
        let mut changes = Map::new();
        if !pre.is_empty() {
            for (k, v) in sanitized.iter() {
                let p = pre.get(&k.py_str()).cloned().unwrap_or(Value::Null);
                if *v != p {
                    let mut c = Map::new();
                    c.insert("new", v.clone());
                    c.insert("old", p);
                    changes.insert(k.clone(), Value::Map(c));
                }
            }
        } else {
            changes.insert("repo", name.clone());
        }
        r.insert("changes", Value::Map(changes));
        return Ok(done(
            r,
            Value::Null,
            format!(
                "Package repo '{name_s}' would be configured. This may cause pkg states to behave differently than stated if this action is repeated without test=True, due to the differences in the configured repositories."
            ),
        ));
    }
    if kwargs.get("clean_file").is_some_and(Value::truthy) {
        if let Some(file) = kwargs.get("file") {
            if let Err(e) = std::fs::write(file.py_str(), "") {
                return Err(StateError::Other(format!(
                    "FileNotFoundError: [Errno 2] No such file or directory: '{}' ({e})",
                    file.py_str()
                )));
            }
        }
    }
    let mut mk = kwargs.clone();
    mk.insert("saltenv", Value::str(call.ctx.saltenv.as_str()));
    // `aptkey` (default True; mod_repo makes it False without `apt-key` on PATH).
    mk.insert("aptkey", Value::Bool(call.flag("aptkey", true)));
    if let Err(e) = exec(call, "pkg.mod_repo", vec![Value::str(repo.as_str())], mk) {
        return Ok(done(
            r,
            Value::Bool(false),
            format!("Failed to configure repo '{name_s}': {e}"),
        ));
    }
    let post = match get_repo(call, &repo, &kwargs) {
        Ok(m) => m,
        Err(e) => {
            return Ok(done(
                r,
                Value::Bool(false),
                format!("Failed to confirm config of repo '{name_s}': {e}"),
            ))
        }
    };
    let mut changes = Map::new();
    if !pre.is_empty() {
        for (k, _) in sanitized.iter() {
            let key = k.py_str();
            let (a, b) = (post.get(&key).cloned(), pre.get(&key).cloned());
            if a != b {
                let mut c = Map::new();
                c.insert("new", a.unwrap_or(Value::Null));
                c.insert("old", b.unwrap_or(Value::Null));
                changes.insert(k.clone(), Value::Map(c));
            }
        }
    } else {
        changes.insert("repo", Value::str(repo.as_str()));
    }
    r.insert("changes", Value::Map(changes));
    Ok(done(
        r,
        Value::Bool(true),
        format!("Configured package repo '{name_s}'"),
    ))
}

/// Python's `str()` of a sanitized value (a list prints as its repr).
fn py_str_of(v: &Value) -> String {
    match v {
        Value::List(_) | Value::Map(_) => v.py_repr(),
        other => other.py_str(),
    }
}

/// `pkgrepo.absent`.
pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let name_s = call.name_str();
    let r = ret(&name);
    // `keyid`/`keyid_ppa`: the key goes too, by `pkg.del_repo_key`, once the repo is gone.
    let remove_key = ["keyid", "keyid_ppa"]
        .iter()
        .any(|k| call.low.get(k).is_some_and(|v| !v.is_null()));
    if remove_key && !call.exec.contains("pkg.del_repo_key") {
        return Ok(done(
            r,
            Value::Bool(false),
            "Repo key management is not implemented for this platform".into(),
        ));
    }
    let stripname = strip_uri(&name_s);
    let kwargs = user_kwargs(call);
    let mut repo = match exec(
        call,
        "pkg.get_repo",
        vec![Value::str(stripname.as_str())],
        kwargs.clone(),
    ) {
        Ok(Value::Map(m)) => m,
        Ok(_) => Map::new(),
        Err(e) => {
            return Ok(done(
                r,
                Value::Bool(false),
                format!("Failed to configure repo '{name_s}': {e}"),
            ))
        }
    };
    if !repo.is_empty() {
        let mut want = split_repo_str(&stripname).architectures;
        let mut have = str_list(repo.get("architectures"));
        want.sort();
        want.dedup();
        have.sort();
        have.dedup();
        if want != have {
            repo = Map::new();
        }
    }
    if repo.is_empty() {
        return Ok(done(
            r,
            Value::Bool(true),
            format!("Package repo {name_s} is absent"),
        ));
    }
    if call.test {
        return Ok(done(
            r,
            Value::Null,
            format!(
                "Package repo '{name_s}' will be removed. This may cause pkg states to behave differently than stated if this action is repeated without test=True, due to the differences in the configured repositories."
            ),
        ));
    }
    let mut dk = kwargs.clone();
    dk.insert("repo", Value::str(stripname.as_str()));
    if let Err(e) = exec(call, "pkg.del_repo", vec![], dk) {
        return Ok(done(r, Value::Bool(false), e));
    }
    let repos = exec(call, "pkg.list_repos", vec![], Map::new()).unwrap_or(Value::Null);
    let mut r = r;
    if repos.get(&stripname).is_none() {
        let mut changes = Map::new();
        changes.insert("repo", name.clone());
        let comment = format!("Removed repo {name_s}");
        if !remove_key {
            r.insert("changes", Value::Map(changes));
            return Ok(done(r, Value::Bool(true), comment));
        }
        // absent's **kwargs: not `name` (its argument), but `aptkey` (absent has no such
        // argument)
        let mut kk = kwargs.clone();
        kk.remove("name");
        if let Some(v) = call.low.get("aptkey") {
            kk.insert("aptkey", v.clone());
        }
        match exec(
            call,
            "pkg.del_repo_key",
            vec![Value::str(stripname.as_str())],
            kk,
        ) {
            Err(e) => {
                r.insert("changes", Value::Map(changes));
                Ok(done(
                    r,
                    Value::Bool(false),
                    format!("{comment}, but failed to remove key: {e}"),
                ))
            }
            Ok(keyid) => {
                let text = keyid.py_str();
                changes.insert("keyid", keyid);
                r.insert("changes", Value::Map(changes));
                Ok(done(
                    r,
                    Value::Bool(true),
                    format!("{comment}, and keyid {text}"),
                ))
            }
        }
    } else {
        Ok(done(
            r,
            Value::Bool(false),
            format!("Failed to remove repo {name_s}"),
        ))
    }
}
