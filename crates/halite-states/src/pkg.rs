//! `salt.states.pkg`: `pkg.installed`, `pkg.latest`, `pkg.removed`, `pkg.purged`,
//! `pkg.held`, `pkg.unheld`, with `mod_init` (the refresh tag) and `mod_aggregate`, as Salt
//! 3007.8 writes them. Every package operation goes through the execution registry
//! (`pkg.list_pkgs`, `pkg.install`, ... of whichever provider the host loaded: aptpkg here).
//!
//! Refresh: `refresh` defaults to None; `mod_init` writes the `pkg_refresh` tag in the
//! cachedir before the run's first `pkg.installed`/`pkg.latest`, and `check_refresh` turns a
//! None into "refresh when the tag exists", so the first such state of a run refreshes the
//! package index (and `pkg.refresh_db` removes the tag), unless it says `refresh: False`.

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::Args;
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("pkg.installed", installed, &["name"]);
    r.register("pkg.latest", latest, &["name"]);
    r.register("pkg.removed", removed, &["name"]);
    r.register("pkg.purged", purged, &["name"]);
    r.register("pkg.held", held, &["name"]);
    r.register("pkg.uptodate", uptodate, &["name"]);
    r.register("pkg.unheld", unheld, &["name"]);
    r.register_mod_init("pkg", mod_init);
    r.register_mod_aggregate("pkg", mod_aggregate);
}

fn ret(name: Value, changes: Map, result: Value, comment: impl Into<String>) -> Map {
    let mut m = Map::new();
    m.insert("name", name);
    m.insert("changes", Value::Map(changes));
    m.insert("result", result);
    m.insert("comment", Value::str(comment.into()));
    m
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Value, String> {
    call.exec
        .call(call.ctx, fun, &Args::new(args, kwargs))
        .map_err(|e| e.to_string())
}

fn kw<const N: usize>(items: [(&str, Value); N]) -> Map {
    crate::map_of(items)
}

/// `salt.utils.pkg.rtag`.
fn rtag(call_ctx: &halite_exec::ExecContext) -> Option<std::path::PathBuf> {
    call_ctx
        .opts
        .get("cachedir")
        .map(|c| std::path::Path::new(&c.py_str()).join("pkg_refresh"))
}

/// `salt.utils.pkg.check_refresh(opts, refresh)`.
fn check_refresh(call: &StateCall, refresh: Option<&Value>) -> bool {
    match refresh {
        Some(v) if is_true(v) => true,
        Some(Value::Bool(false)) => false,
        _ => rtag(call.ctx).is_some_and(|p| p.is_file()),
    }
}

/// `salt.utils.data.is_true`.
fn is_true(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Int(i) => *i > 0,
        Value::Float(f) => *f > 0.0,
        Value::Str(s) => {
            s.trim().parse::<f64>().map(|f| f > 0.0).unwrap_or(false) || s.to_lowercase() == "true"
        }
        other => other.truthy(),
    }
}

/// `mod_init(low)`: before the run's first `installed`/`latest`, write the refresh tag.
pub fn mod_init(low: &Map, ctx: &halite_exec::ExecContext) -> bool {
    let fun = low.get("fun").map(Value::py_str).unwrap_or_default();
    if fun == "installed" || fun == "latest" {
        if let Some(path) = rtag(ctx) {
            if !path.exists() {
                if let Some(dir) = path.parent() {
                    let _ = std::fs::create_dir_all(dir);
                }
                if let Err(e) = std::fs::write(&path, "") {
                    tracing::warn!("Encountered error writing rtag: {e}");
                }
            }
        }
        return true;
    }
    false
}

fn gen_tag(chunk: &Map) -> String {
    let g = |k: &str| chunk.get(k).map(Value::py_str).unwrap_or_default();
    format!(
        "{}_|-{}_|-{}_|-{}",
        g("state"),
        g("__id__"),
        g("name"),
        g("fun")
    )
}

/// `mod_aggregate(low, chunks, running)`: the not-yet-run pkg chunks of the same function
/// and `fromrepo` fold their names into `low`'s `pkgs` (chunk `i` is `low`). As in Salt, the
/// folded chunks are marked `__agg__` and lose their `version`, and `low`'s own name is not
/// added when it has no `pkgs` (so it installs only the others'; tests/host-cases/pkg_aggregate).
pub fn mod_aggregate(chunks: &mut [Map], i: usize, running: &Map) {
    let fun = chunks[i].get("fun").map(Value::py_str).unwrap_or_default();
    if !["installed", "latest", "removed", "purged"].contains(&fun.as_str()) {
        return;
    }
    let fromrepo = chunks[i].get("fromrepo").cloned();
    let mut pkgs: Vec<Value> = Vec::new();
    let mut pkg_type: Option<&str> = None;
    for chunk in chunks.iter_mut() {
        if running.contains_key(&gen_tag(chunk)) {
            continue;
        }
        if chunk.get("state").and_then(Value::as_str) != Some("pkg") {
            continue;
        }
        if chunk.contains_key("__agg__") {
            continue;
        }
        if chunk.get("fun").map(Value::py_str).as_deref() != Some(fun.as_str()) {
            continue;
        }
        if chunk.get("fromrepo").cloned() != fromrepo {
            continue;
        }
        if let Some(sources) = chunk.get("sources").cloned() {
            if pkg_type.is_none() {
                pkg_type = Some("sources");
            }
            if pkg_type == Some("sources") {
                if let Value::List(l) = sources {
                    pkgs.extend(l.iter().cloned());
                }
                chunk.insert("__agg__", Value::Bool(true));
            }
        } else if !chunk.contains_key("hold") {
            if pkg_type.is_none() {
                pkg_type = Some("pkgs");
            }
            if pkg_type == Some("pkgs") {
                if let Some(p) = chunk.get("pkgs").cloned() {
                    if let Value::List(l) = p {
                        pkgs.extend(l.iter().cloned());
                    }
                    chunk.insert("__agg__", Value::Bool(true));
                } else if let Some(name) = chunk.get("name").cloned() {
                    match chunk.remove("version") {
                        Some(v) if !v.is_null() => {
                            let mut m = Map::new();
                            m.insert(name, v);
                            pkgs.push(Value::Map(m));
                        }
                        _ => pkgs.push(name),
                    }
                    chunk.insert("__agg__", Value::Bool(true));
                }
            }
        }
    }
    if let (Some(key), false) = (pkg_type, pkgs.is_empty()) {
        let low = &mut chunks[i];
        match low.get_mut(key) {
            Some(Value::List(l)) => {
                for p in pkgs {
                    l.push(p);
                }
            }
            _ => {
                low.insert(key, Value::List(pkgs.into_iter().collect()));
            }
        }
    }
}

// ---- version helpers ---------------------------------------------------------------------

/// `salt.utils.pkg.split_comparison`.
fn split_comparison(version: &str) -> (String, String) {
    const OPS: &[&str] = &["<=>", "!=", ">=", "<=", ">>", "<<", "<>", ">", "<", "="];
    for op in OPS {
        if let Some(rest) = version.strip_prefix(op) {
            let rest = rest.strip_prefix(' ').unwrap_or(rest);
            if !rest.is_empty() && !rest.contains(['<', '>', '=']) {
                return (op.to_string(), rest.to_string());
            }
            break;
        }
    }
    if version.is_empty() || version.contains(['<', '>', '=']) {
        return (String::new(), version.to_string());
    }
    (String::new(), version.to_string())
}

/// `_get_comparison_spec`.
fn comparison_spec(pkgver: &str) -> (String, String) {
    let (oper, ver) = split_comparison(pkgver.trim());
    let oper = if oper.is_empty() || oper == "=" {
        "==".to_string()
    } else {
        oper
    };
    (oper, ver)
}

/// `salt.utils.versions.compare` through `pkg.version_cmp`.
fn compare(call: &StateCall, ver1: &str, oper: &str, ver2: &str, ignore_epoch: bool) -> bool {
    let accepted: &[i64] = match oper {
        "<" => &[-1],
        "<=" => &[-1, 0],
        "==" => &[0],
        ">=" => &[0, 1],
        ">" => &[1],
        "!=" => &[-1, 1],
        _ => return false,
    };
    let r = exec(
        call,
        "pkg.version_cmp",
        vec![Value::str(ver1), Value::str(ver2)],
        kw([("ignore_epoch", Value::Bool(ignore_epoch))]),
    );
    match r {
        Ok(Value::Int(c)) => accepted.contains(&c),
        _ => false,
    }
}

/// `_fulfills_version_string(installed, "op ver, op ver", ignore_epoch, allow_updates)`.
fn fulfills_version_string(
    call: &StateCall,
    installed: &[String],
    conditions: &str,
    ignore_epoch: Option<bool>,
    allow_updates: bool,
) -> bool {
    let conds: Vec<(String, String)> = if conditions.trim().is_empty() {
        Vec::new()
    } else {
        conditions.trim().split(',').map(comparison_spec).collect()
    };
    for inst in installed {
        let mut all = true;
        for (op, ver) in &conds {
            let op = if allow_updates && conds.len() == 1 && op == "==" {
                ">="
            } else {
                op.as_str()
            };
            all = all && fulfills_spec(call, inst, op, ver, ignore_epoch);
        }
        if all {
            return true;
        }
    }
    false
}

fn fulfills_spec(
    call: &StateCall,
    ver: &str,
    oper: &str,
    desired: &str,
    ignore_epoch: Option<bool>,
) -> bool {
    let ie = ignore_epoch
        .unwrap_or(!oper.contains('<') && !oper.contains('>') && !desired.contains(':'));
    (oper == "==" && halite_value::fnmatch(ver, desired)) || compare(call, ver, oper, desired, ie)
}

/// `_get_desired_pkg(name, desired)`: `name=ver`, `name>=ver` or `name`.
fn desired_pkg(name: &str, ver: Option<&str>) -> String {
    match ver {
        None | Some("") => name.to_string(),
        Some(v) if v.starts_with(['<', '>', '=']) => format!("{name}{v}"),
        Some(v) => format!("{name}={v}"),
    }
}

/// `pkg.list_pkgs(versions_as_list=True)`: the provider's map, read where a state looks.
#[derive(Default)]
struct PkgVersions(Map);

impl PkgVersions {
    fn versions(v: &Value) -> Vec<String> {
        match v {
            Value::List(l) => l.iter().map(Value::py_str).collect(),
            other => vec![other.py_str()],
        }
    }

    fn iter(&self) -> impl Iterator<Item = (String, Vec<String>)> + '_ {
        self.0.iter().map(|(k, v)| (k.py_str(), Self::versions(v)))
    }
}

fn list_pkgs(call: &StateCall, extra: Map) -> Result<PkgVersions, String> {
    let mut kwargs = kw([("versions_as_list", Value::Bool(true))]);
    for (k, v) in extra.iter() {
        kwargs.insert(k.clone(), v.clone());
    }
    Ok(match exec(call, "pkg.list_pkgs", vec![], kwargs)? {
        Value::Map(m) => PkgVersions(m),
        _ => PkgVersions::default(),
    })
}

fn lookup(list: &PkgVersions, name: &str) -> Option<Vec<String>> {
    list.0.get(name).map(PkgVersions::versions)
}

/// `_repack_pkgs` through the provider's normalisation: `[(name, version)]`.
fn repack(call: &StateCall, pkgs: &Value) -> Result<Vec<(String, Option<String>)>, StateError> {
    let list: Vec<Value> = match pkgs {
        Value::List(l) => l.iter().cloned().collect(),
        _ => return Ok(Vec::new()),
    };
    let mut out: Vec<(String, Option<String>)> = Vec::new();
    for item in &list {
        let (n, v) = match item {
            Value::Map(m) if m.len() == 1 => {
                let (k, v) = m.first().expect("one entry");
                (k.py_str(), (!v.is_null()).then(|| v.py_str()))
            }
            Value::Map(_) => return Ok(Vec::new()),
            other => (other.py_str(), None),
        };
        let n = match exec(
            call,
            "pkg.normalize_name",
            vec![Value::str(n.as_str())],
            Map::new(),
        ) {
            Ok(v) => v.py_str(),
            Err(_) => n,
        };
        match out.iter_mut().find(|(k, _)| *k == n) {
            Some(slot) => slot.1 = v,
            None => out.push((n, v)),
        }
    }
    if out.len() != list.len() {
        return Err(StateError::Invocation(format!(
            "You are passing a list of packages that contains duplicated packages names: {}. This cannot be processed. In case you are targeting different versions of the same package, please target them individually",
            pkgs.py_repr()
        )));
    }
    Ok(out)
}

fn pkgs_value(list: &[(String, Option<String>)]) -> Value {
    Value::List(
        list.iter()
            .map(|(n, v)| {
                let mut m = Map::new();
                m.insert(
                    n.as_str(),
                    v.as_deref().map(Value::str).unwrap_or(Value::Null),
                );
                Value::Map(m)
            })
            .collect(),
    )
}

fn opt_bool(call: &StateCall, key: &str) -> Option<bool> {
    call.arg(key).map(Value::truthy)
}

/// Salt's CommandExecutionError text without its `changes:` block (`strerror_without_changes`).
fn without_changes(msg: &str) -> String {
    match (msg.find("changes:\n"), msg.find("errors:")) {
        (Some(a), Some(b)) if a < b => format!("{}{}", &msg[..a], &msg[b..]),
        _ => msg.to_string(),
    }
}

fn compare_versions(old: &PkgVersions, new: &PkgVersions) -> Map {
    let s = |l: &PkgVersions| -> std::collections::BTreeMap<String, String> {
        l.iter().map(|(k, v)| (k, v.join(","))).collect()
    };
    let (o, n) = (s(old), s(new));
    let mut keys: Vec<&String> = o.keys().chain(n.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut m = Map::new();
    for k in keys {
        let (a, b) = (
            o.get(k).cloned().unwrap_or_default(),
            n.get(k).cloned().unwrap_or_default(),
        );
        if a != b || o.contains_key(k) != n.contains_key(k) {
            let mut c = Map::new();
            c.insert("old", Value::str(a));
            c.insert("new", Value::str(b));
            m.insert(k.as_str(), Value::Map(c));
        }
    }
    m
}

// ---- pkg.installed -----------------------------------------------------------------------

enum Targets {
    Done(Map),
    Found {
        cur: PkgVersions,
        desired: Vec<(String, Option<String>)>,
        targets: Vec<(String, Option<String>)>,
        to_reinstall: Vec<(String, Option<String>)>,
    },
}

fn find_install_targets(
    call: &StateCall,
    name: &Value,
    pkgs: &Value,
    refresh: bool,
) -> Result<Targets, StateError> {
    let fail = |c: String| Targets::Done(ret(name.clone(), Map::new(), Value::Bool(false), c));
    let cur = match list_pkgs(call, Map::new()) {
        Ok(c) => c,
        Err(e) => return Ok(fail(e)),
    };
    let mut desired = repack(call, pkgs)?;
    if desired.is_empty() {
        return Ok(fail(
            "Invalidly formatted 'pkgs' parameter. See minion log.".into(),
        ));
    }
    let ignore_epoch = opt_bool(call, "ignore_epoch");
    let reinstall = call.flag("reinstall", false);
    let allow_updates = call.flag("allow_updates", false);
    // "latest" as a version: the candidate, or the installed version when it is newest
    let wants_latest: Vec<String> = desired
        .iter()
        .filter(|(_, v)| v.as_deref() == Some("latest"))
        .map(|(n, _)| n.clone())
        .collect();
    if !wants_latest.is_empty() {
        let resolved = exec(
            call,
            "pkg.latest_version",
            wants_latest
                .iter()
                .map(|n| Value::str(n.as_str()))
                .collect(),
            kw([("refresh", Value::Bool(refresh))]),
        )
        .map_err(StateError::Command)?;
        for n in &wants_latest {
            let v = match &resolved {
                Value::Map(m) => m.get(n).map(Value::py_str).unwrap_or_default(),
                other => other.py_str(),
            };
            let v = if v.is_empty() {
                lookup(&cur, n).and_then(|l| l.last().cloned())
            } else {
                Some(v)
            };
            if let Some(slot) = desired.iter_mut().find(|(k, _)| k == n) {
                slot.1 = v;
            }
        }
    }
    let mut targets = Vec::new();
    let mut to_reinstall = Vec::new();
    let mut version_spec = false;
    for (pkg, ver) in &desired {
        let Some(cver) = lookup(&cur, pkg).filter(|c| !c.is_empty()) else {
            targets.push((pkg.clone(), ver.clone()));
            continue;
        };
        if reinstall {
            to_reinstall.push((pkg.clone(), ver.clone()));
            continue;
        }
        let Some(verstr) = ver.as_deref().filter(|v| !v.is_empty()) else {
            continue;
        };
        let fulfilled = fulfills_version_string(call, &cver, verstr, ignore_epoch, allow_updates);
        version_spec = true;
        if !fulfilled {
            targets.push((pkg.clone(), ver.clone()));
        }
    }
    if targets.is_empty() && to_reinstall.is_empty() {
        let msg = format!(
            "All specified packages are already installed{}",
            if version_spec {
                " and are at the desired version"
            } else {
                ""
            }
        );
        return Ok(Targets::Done(ret(
            name.clone(),
            Map::new(),
            Value::Bool(true),
            msg,
        )));
    }
    Ok(Targets::Found {
        cur,
        desired,
        targets,
        to_reinstall,
    })
}

/// `_get_installable_versions(targets, current)`: what test mode reports per target.
fn installable_versions(
    call: &StateCall,
    targets: &[(String, Option<String>)],
    current: Option<&Map>,
) -> Map {
    let latest_targets: Vec<String> = targets
        .iter()
        .filter(|(_, v)| v.as_deref().is_none_or(str::is_empty))
        .map(|(n, v)| desired_pkg(n, v.as_deref()))
        .collect();
    let mut versions: Map = Map::new();
    // pkg.latest_version without refresh= refreshes (its default), as Salt's call does
    if let Ok(lv) = exec(
        call,
        "pkg.latest_version",
        latest_targets
            .iter()
            .map(|n| Value::str(n.as_str()))
            .collect(),
        Map::new(),
    ) {
        if !latest_targets.is_empty() {
            match lv {
                Value::Map(m) => versions = m,
                other => {
                    versions.insert(latest_targets[0].as_str(), other);
                }
            }
        }
    }
    let explicit: Vec<String> = targets
        .iter()
        .filter(|(n, v)| !(v.as_deref().is_none_or(str::is_empty) && latest_targets.contains(n)))
        .map(|(n, v)| desired_pkg(n, v.as_deref()))
        .collect();
    if !explicit.is_empty() {
        if let Ok(Value::Map(ev)) = exec(
            call,
            "pkg.list_repo_pkgs",
            explicit.iter().map(|n| Value::str(n.as_str())).collect(),
            Map::new(),
        ) {
            for (k, v) in ev.iter() {
                if let Some(first) = v.as_list().and_then(|l| l.iter().next()) {
                    versions.insert(k.clone(), first.clone());
                }
            }
        }
    }
    let mut changes = Map::new();
    for (n, _) in targets {
        let new = versions
            .get(n)
            .filter(|v| v.truthy())
            .cloned()
            .unwrap_or(Value::str("installed"));
        let old = current
            .and_then(|c| c.get(n))
            .cloned()
            .unwrap_or(Value::str(""));
        let mut m = Map::new();
        m.insert("new", new);
        m.insert("old", old);
        changes.insert(n.as_str(), Value::Map(m));
    }
    changes
}

/// The keyword arguments of a state that reach `pkg.install` (its `**kwargs`).
fn install_kwargs(call: &StateCall) -> Map {
    let mut m = Map::new();
    for key in [
        "force_yes",
        "install_recommends",
        "only_upgrade",
        "force_conf_new",
        "cache_valid_time",
        "downloadonly",
        "env",
    ] {
        if let Some(v) = call.low.get(key) {
            m.insert(key, v.clone());
        }
    }
    m.insert("saltenv", Value::str(call.ctx.saltenv.as_str()));
    m
}

/// `(modified, not_modified, failed)` hold returns.
type HoldOutcome = (Vec<Map>, Vec<Map>, Vec<Map>);

/// Runs `pkg.hold`/`pkg.unhold` for `hold: True/False`: `(modified, not_modified, failed)`
/// per package, each its return dict.
fn hold_action(call: &StateCall, name: &Value, pkgs: Value) -> Result<HoldOutcome, String> {
    let action = if call.flag("hold", false) {
        "pkg.hold"
    } else {
        "pkg.unhold"
    };
    let mut kwargs = kw([("name", name.clone()), ("pkgs", pkgs)]);
    if call.test {
        kwargs.insert("test", Value::Bool(true));
    }
    let hret = exec(call, action, vec![], kwargs)?;
    let mut modified = Vec::new();
    let mut not_modified = Vec::new();
    let mut failed = Vec::new();
    if let Value::Map(m) = hret {
        for (_, v) in m.iter() {
            let Value::Map(r) = v else { continue };
            let changed = r.get("changes").is_some_and(Value::truthy);
            let ok = r.get("result").is_some_and(Value::truthy);
            if changed {
                modified.push(r.clone());
            }
            if !changed && ok {
                not_modified.push(r.clone());
            }
            if !ok {
                failed.push(r.clone());
            }
        }
    }
    Ok((modified, not_modified, failed))
}

/// `pkg.installed`.
pub fn installed(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let name_s = call.name_str();
    if let Some(Value::List(l)) = call.arg("pkgs") {
        if l.is_empty() {
            return Ok(ret(
                name,
                Map::new(),
                Value::Bool(true),
                "No packages to install provided",
            ));
        }
    }
    if let Some(sources) = call.arg("sources").filter(|s| s.truthy()) {
        if call.arg("pkgs").is_some_and(Value::truthy) {
            return Ok(ret(
                name,
                Map::new(),
                Value::Bool(false),
                "Only one of \"pkgs\" and \"sources\" is permitted.",
            ));
        }
        return installed_sources(call, sources);
    }
    let mut version = call.arg("version").map(Value::py_str);
    let pkgs = match call.arg("pkgs").filter(|p| p.truthy()) {
        Some(p) => p.clone(),
        None if !name_s.is_empty() => match version.take() {
            Some(v) if !v.is_empty() => {
                let mut m = Map::new();
                m.insert(name.clone(), Value::str(v));
                Value::List(vec![Value::Map(m)].into_iter().collect())
            }
            _ => Value::List(vec![name.clone()].into_iter().collect()),
        },
        None => Value::List(Default::default()),
    };
    let mut refresh = check_refresh(call, call.low.get("refresh"));
    let found = find_install_targets(call, &name, &pkgs, refresh)?;
    let (cur, desired, targets, to_reinstall) = match found {
        Targets::Done(mut result) => {
            if call.low.contains_key("hold") {
                let (modified, not_modified, failed) = match hold_action(call, &name, pkgs.clone())
                {
                    Ok(r) => r,
                    Err(e) => return Ok(ret(name, Map::new(), Value::Bool(false), e)),
                };
                let mut comment = result.get("comment").map(Value::py_str).unwrap_or_default();
                for i in &modified {
                    comment.push_str(&format!(
                        ".\n{}",
                        i.get("comment").map(Value::py_str).unwrap_or_default()
                    ));
                    result.insert("result", i.get("result").cloned().unwrap_or(Value::Null));
                    if let Some(Value::Map(ch)) = result.get_mut("changes") {
                        ch.insert(
                            i.get("name").cloned().unwrap_or(Value::Null),
                            i.get("changes").cloned().unwrap_or(Value::Null),
                        );
                    }
                }
                for i in not_modified.iter().chain(failed.iter()) {
                    comment.push_str(&format!(
                        ".\n{}",
                        i.get("comment").map(Value::py_str).unwrap_or_default()
                    ));
                    result.insert("result", i.get("result").cloned().unwrap_or(Value::Null));
                }
                result.insert("comment", Value::str(comment));
            }
            return Ok(result);
        }
        Targets::Found {
            cur,
            desired,
            targets,
            to_reinstall,
        } => (cur, desired, targets, to_reinstall),
    };
    let mut all: Vec<(String, Option<String>)> = targets.clone();
    all.extend(to_reinstall.iter().cloned());
    let pkgs = pkgs_value(&all);
    let mut comment: Vec<String> = Vec::new();
    let mut changes = Map::new();
    let reinstall = call.flag("reinstall", false);
    if call.test {
        if !targets.is_empty() {
            changes = installable_versions(call, &targets, None);
            let summary: Vec<&str> = targets.iter().map(|(n, _)| n.as_str()).collect();
            comment.push(format!(
                "The following packages would be installed/updated: {}",
                summary.join(", ")
            ));
        }
        if !to_reinstall.is_empty() && reinstall {
            let rt: Vec<String> = to_reinstall
                .iter()
                .map(|(n, v)| desired_pkg(n, v.as_deref()))
                .collect();
            for x in &rt {
                changes.insert(
                    x.as_str(),
                    Value::Map(kw([
                        ("new", Value::str("installed")),
                        ("old", Value::str("")),
                    ])),
                );
            }
            comment.push(format!(
                "The following packages would be reinstalled: {}",
                rt.join(", ")
            ));
        }
        return Ok(ret(name, changes, Value::Null, comment.join("\n")));
    }
    let mut pkg_ret = Map::new();
    if !targets.is_empty() || !to_reinstall.is_empty() {
        let mut kwargs = install_kwargs(call);
        kwargs.insert("name", Value::Null);
        kwargs.insert("refresh", Value::Bool(refresh));
        kwargs.insert(
            "version",
            version.clone().map(Value::from).unwrap_or(Value::Null),
        );
        kwargs.insert(
            "fromrepo",
            call.arg("fromrepo").cloned().unwrap_or(Value::Null),
        );
        kwargs.insert("skip_verify", Value::Bool(call.flag("skip_verify", false)));
        kwargs.insert("pkgs", pkgs);
        kwargs.insert("reinstall", Value::Bool(!to_reinstall.is_empty()));
        if let Some(ie) = call.arg("ignore_epoch") {
            kwargs.insert("ignore_epoch", ie.clone());
        }
        match exec(call, "pkg.install", vec![], kwargs) {
            Ok(Value::Map(m)) => {
                pkg_ret = m.clone();
                for (k, v) in m.iter() {
                    changes.insert(k.clone(), v.clone());
                }
            }
            Ok(other) => comment.push(other.py_str()),
            Err(e) => {
                // Salt's ret: name, result, then the changes and comment from the exception
                // (its changes are pkg.install's before/after comparison)
                let after = list_pkgs(call, Map::new()).unwrap_or_default();
                let mut r = Map::new();
                r.insert("name", name);
                r.insert("result", Value::Bool(false));
                let ch = if e.contains("Additional info follows") {
                    compare_versions(&cur, &after)
                } else {
                    Map::new()
                };
                r.insert("changes", Value::Map(ch));
                r.insert(
                    "comment",
                    Value::str(if e.contains("Additional info follows") {
                        without_changes(&e)
                    } else {
                        format!("An error was encountered while installing package(s): {e}")
                    }),
                );
                return Ok(r);
            }
        }
        refresh = false;
    }
    let _ = refresh;
    let mut modified_hold = Vec::new();
    let mut not_modified_hold = Vec::new();
    let mut failed_hold = Vec::new();
    if call.low.contains_key("hold") {
        match hold_action(call, &name, pkgs_value(&desired)) {
            Ok((m, n, f)) => {
                modified_hold = m;
                not_modified_hold = n;
                failed_hold = f;
            }
            Err(e) => {
                comment.push(e);
                return Ok(ret(name, changes, Value::Bool(false), comment.join("\n")));
            }
        }
    }
    let new_pkgs = list_pkgs(call, Map::new()).map_err(StateError::Command)?;
    let ignore_epoch = opt_bool(call, "ignore_epoch");
    let mut ok = Vec::new();
    let mut failed = Vec::new();
    for (pkg, ver) in &desired {
        let base = pkg.split('=').next().unwrap_or(pkg);
        let Some(cver) = lookup(&new_pkgs, base).filter(|c| !c.is_empty()) else {
            failed.push(pkg.clone());
            continue;
        };
        let good = match ver.as_deref() {
            None | Some("") | Some("latest") => true,
            Some(v) if v.ends_with('*') && cver[0].starts_with(&v[..v.len() - 1]) => true,
            Some(v) => fulfills_version_string(call, &cver, v, ignore_epoch, false),
        };
        if good {
            ok.push(pkg.clone());
        } else {
            failed.push(pkg.clone());
        }
    }
    let in_targets = |x: &String| targets.iter().any(|(n, _)| n == x);
    let in_reinstall = |x: &String| to_reinstall.iter().any(|(n, _)| n == x);
    let ver_of = |x: &str| {
        desired
            .iter()
            .find(|(n, _)| n == x)
            .and_then(|(_, v)| v.clone())
    };
    let modified: Vec<&String> = ok.iter().filter(|x| in_targets(x)).collect();
    let not_modified: Vec<&String> = ok
        .iter()
        .filter(|x| !in_targets(x) && !in_reinstall(x))
        .collect();
    let failed: Vec<&String> = failed.iter().filter(|x| in_targets(x)).collect();
    if !modified.is_empty() {
        let summary: Vec<String> = modified
            .iter()
            .map(|x| desired_pkg(x, ver_of(x).as_deref()))
            .collect();
        let summary = summary.join(", ");
        if summary.chars().count() < 20 {
            comment.push(format!(
                "The following packages were installed/updated: {summary}"
            ));
        } else {
            comment.push(format!(
                "{} targeted package{} {} installed/updated.",
                modified.len(),
                if modified.len() > 1 { "s" } else { "" },
                if modified.len() > 1 { "were" } else { "was" }
            ));
        }
    }
    for i in &modified_hold {
        let cname = i.get("name").map(Value::py_str).unwrap_or_default();
        let icomment = i.get("comment").map(Value::py_str).unwrap_or_default();
        let ich = i
            .get("changes")
            .and_then(Value::as_map)
            .cloned()
            .unwrap_or_default();
        let inew = ich.get("new").map(Value::py_str).unwrap_or_default();
        let iold = ich.get("old").map(Value::py_str).unwrap_or_default();
        comment.push(icomment);
        match changes.get_mut(&cname) {
            Some(Value::Map(c)) => {
                let mut n = c.get("new").map(Value::py_str).unwrap_or_default();
                if !n.is_empty() {
                    n.push('\n');
                }
                n.push_str(&inew);
                c.insert("new", Value::str(n));
                let mut o = c.get("old").map(Value::py_str).unwrap_or_default();
                if !o.is_empty() {
                    o.push('\n');
                }
                o.push_str(&iold);
                c.insert("old", Value::str(o));
            }
            _ => {
                changes.insert(cname.as_str(), Value::Map(kw([("new", Value::str(inew))])));
            }
        }
    }
    if !not_modified.is_empty() {
        let summary: Vec<String> = not_modified
            .iter()
            .map(|x| desired_pkg(x, ver_of(x).as_deref()))
            .collect();
        if not_modified.len() <= 20 {
            comment.push(format!(
                "The following packages were already installed: {}",
                summary.join(", ")
            ));
        } else {
            comment.push(format!(
                "{} targeted package{} {} already installed",
                not_modified.len(),
                if not_modified.len() > 1 { "s" } else { "" },
                if not_modified.len() > 1 {
                    "were"
                } else {
                    "was"
                }
            ));
        }
    }
    for i in &not_modified_hold {
        comment.push(i.get("comment").map(Value::py_str).unwrap_or_default());
    }
    let mut result = true;
    if !failed.is_empty() {
        let summary: Vec<String> = failed
            .iter()
            .map(|x| desired_pkg(x, ver_of(x).as_deref()))
            .collect();
        comment.insert(
            0,
            format!(
                "The following packages failed to install/update: {}",
                summary.join(", ")
            ),
        );
        result = false;
    }
    for i in &failed_hold {
        comment.push(i.get("comment").map(Value::py_str).unwrap_or_default());
        result = false;
    }
    if reinstall {
        for (pkg, _) in &to_reinstall {
            let pkgstr = desired_pkg(pkg, ver_of(pkg).as_deref());
            if pkg_ret.contains_key(pkg) {
                comment.push(format!("Package {pkgstr} was reinstalled."));
            } else {
                comment.push(format!(
                    "Reinstall was not successful for package {pkgstr}."
                ));
                result = false;
            }
        }
    }
    Ok(ret(name, changes, Value::Bool(result), comment.join("\n")))
}

/// `pkg.installed` with `sources` (package files: `{name: path or salt:// URL}`).
fn installed_sources(call: &StateCall, sources: &Value) -> Result<Map, StateError> {
    let name = call.name();
    let fail = |c: String| ret(name.clone(), Map::new(), Value::Bool(false), c);
    let saltenv = Value::str(call.ctx.saltenv.as_str());
    // pkg_resource.pack_sources
    let mut desired: Vec<(String, Value)> = Vec::new();
    let items: Vec<Value> = match sources {
        Value::List(l) => l.iter().cloned().collect(),
        _ => Vec::new(),
    };
    for item in &items {
        match item {
            Value::Map(m) if m.len() == 1 => {
                let (k, v) = m.first().expect("one entry");
                let n = exec(call, "pkg.normalize_name", vec![k.clone()], Map::new())
                    .map(|v| v.py_str())
                    .unwrap_or_else(|_| k.py_str());
                desired.push((n, v.clone()));
            }
            _ => {
                desired.clear();
                break;
            }
        }
    }
    if desired.is_empty() {
        return Ok(fail(
            "Invalidly formatted 'sources' parameter. See minion log.".into(),
        ));
    }
    let cur = list_pkgs(call, Map::new()).map_err(StateError::Command)?;
    let reinstall = call.flag("reinstall", false);
    let ignore_epoch = opt_bool(call, "ignore_epoch");
    let mut targets: Vec<String> = Vec::new();
    let mut to_reinstall: Vec<String> = Vec::new();
    let mut problems: Vec<String> = Vec::new();
    let mut warnings: Vec<String> = Vec::new();
    for (pkg, src) in &desired {
        let Some(cver) = lookup(&cur, pkg).filter(|c| !c.is_empty()) else {
            targets.push(pkg.clone());
            continue;
        };
        if reinstall {
            to_reinstall.push(pkg.clone());
            continue;
        }
        let info = match exec(
            call,
            "lowpkg.bin_pkg_info",
            vec![src.clone()],
            kw([("saltenv", saltenv.clone())]),
        ) {
            Ok(i) => i,
            Err(e) if e.contains("does not exist on minion") => {
                problems.push(format!("{} does not exist on minion", src.py_str()));
                continue;
            }
            Err(e) if e.starts_with("Unable to retrieve") => {
                problems.push(format!("Unable to cache {}: file not found", src.py_str()));
                continue;
            }
            Err(_) => {
                warnings.push(format!("Failed to parse metadata for {}", src.py_str()));
                continue;
            }
        };
        let verstr = info.get("version").map(Value::py_str).unwrap_or_default();
        if !fulfills_version_string(call, &cver, &verstr, ignore_epoch, false) {
            if reinstall {
                to_reinstall.push(pkg.clone());
            } else {
                targets.push(pkg.clone());
            }
        }
    }
    let with_warnings = |mut r: Map| {
        if !warnings.is_empty() {
            r.insert(
                "warnings",
                Value::List(warnings.iter().map(|w| Value::str(w.as_str())).collect()),
            );
        }
        r
    };
    if !problems.is_empty() {
        return Ok(fail(problems.join(" ")));
    }
    if targets.is_empty() && to_reinstall.is_empty() {
        return Ok(with_warnings(ret(
            name,
            Map::new(),
            Value::Bool(true),
            "All specified packages are already installed",
        )));
    }
    let chosen: Vec<Value> = items
        .iter()
        .filter(|x| {
            let k = x
                .as_map()
                .and_then(|m| m.first())
                .map(|(k, _)| k.py_str())
                .unwrap_or_default();
            targets.contains(&k)
        })
        .chain(items.iter().filter(|x| {
            let k = x
                .as_map()
                .and_then(|m| m.first())
                .map(|(k, _)| k.py_str())
                .unwrap_or_default();
            to_reinstall.contains(&k)
        }))
        .cloned()
        .collect();
    let mut comment: Vec<String> = Vec::new();
    let mut changes = Map::new();
    if call.test {
        for t in &targets {
            changes.insert(
                t.as_str(),
                Value::Map(kw([
                    ("new", Value::str("installed")),
                    ("old", Value::str("")),
                ])),
            );
        }
        if !targets.is_empty() {
            comment.push(format!(
                "The following packages would be installed/updated: {}",
                targets.join(", ")
            ));
        }
        if !to_reinstall.is_empty() && reinstall {
            for t in &to_reinstall {
                changes.insert(
                    t.as_str(),
                    Value::Map(kw([
                        ("new", Value::str("installed")),
                        ("old", Value::str("")),
                    ])),
                );
            }
            comment.push(format!(
                "The following packages would be reinstalled: {}",
                to_reinstall.join(", ")
            ));
        }
        return Ok(with_warnings(ret(
            name,
            changes,
            Value::Null,
            comment.join("\n"),
        )));
    }
    let refresh = check_refresh(call, call.low.get("refresh"));
    let mut kwargs = install_kwargs(call);
    kwargs.insert("name", Value::Null);
    kwargs.insert("refresh", Value::Bool(refresh));
    kwargs.insert("skip_verify", Value::Bool(call.flag("skip_verify", false)));
    kwargs.insert("sources", Value::List(chosen.into_iter().collect()));
    kwargs.insert("reinstall", Value::Bool(!to_reinstall.is_empty()));
    let pkg_ret = match exec(call, "pkg.install", vec![], kwargs) {
        Ok(Value::Map(m)) => m,
        Ok(other) => {
            comment.push(other.py_str());
            Map::new()
        }
        Err(e) => {
            let after = list_pkgs(call, Map::new()).unwrap_or_default();
            let info = e.contains("Additional info follows");
            let mut r = Map::new();
            r.insert("name", name);
            r.insert("result", Value::Bool(false));
            r.insert(
                "changes",
                Value::Map(if info {
                    compare_versions(&cur, &after)
                } else {
                    Map::new()
                }),
            );
            r.insert(
                "comment",
                Value::str(if info {
                    without_changes(&e)
                } else {
                    format!("An error was encountered while installing package(s): {e}")
                }),
            );
            return Ok(with_warnings(r));
        }
    };
    for (k, v) in pkg_ret.iter() {
        changes.insert(k.clone(), v.clone());
    }
    let modified: Vec<String> = changes
        .keys()
        .map(Value::py_str)
        .filter(|x| targets.contains(x))
        .collect();
    let not_modified: Vec<String> = desired
        .iter()
        .map(|(n, _)| n.clone())
        .filter(|x| !targets.contains(x) && !to_reinstall.contains(x))
        .collect();
    let failed: Vec<String> = targets
        .iter()
        .filter(|x| !modified.contains(x))
        .cloned()
        .collect();
    if !modified.is_empty() {
        let summary = modified.join(", ");
        if summary.chars().count() < 20 {
            comment.push(format!(
                "The following packages were installed/updated: {summary}"
            ));
        } else {
            comment.push(format!(
                "{} targeted package{} {} installed/updated.",
                modified.len(),
                if modified.len() > 1 { "s" } else { "" },
                if modified.len() > 1 { "were" } else { "was" }
            ));
        }
    }
    if !not_modified.is_empty() {
        if not_modified.len() <= 20 {
            comment.push(format!(
                "The following packages were already installed: {}",
                not_modified.join(", ")
            ));
        } else {
            comment.push(format!(
                "{} targeted package{} {} already installed",
                not_modified.len(),
                if not_modified.len() > 1 { "s" } else { "" },
                if not_modified.len() > 1 {
                    "were"
                } else {
                    "was"
                }
            ));
        }
    }
    let mut result = true;
    if !failed.is_empty() {
        comment.insert(
            0,
            format!(
                "The following packages failed to install/update: {}",
                failed.join(", ")
            ),
        );
        result = false;
    }
    if reinstall {
        for pkg in &to_reinstall {
            if pkg_ret.contains_key(pkg) {
                comment.push(format!("Package {pkg} was reinstalled."));
            } else {
                comment.push(format!("Reinstall was not successful for package {pkg}."));
                result = false;
            }
        }
    }
    Ok(with_warnings(ret(
        name,
        changes,
        Value::Bool(result),
        comment.join("\n"),
    )))
}

// ---- pkg.latest --------------------------------------------------------------------------

/// `pkg.latest`.
pub fn latest(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let refresh = check_refresh(call, call.low.get("refresh"));
    if call.arg("sources").is_some_and(Value::truthy) {
        return Ok(ret(
            name,
            Map::new(),
            Value::Bool(false),
            "The \"sources\" parameter is not supported.",
        ));
    }
    let pkgs_arg = call.arg("pkgs");
    let desired: Vec<String> = match pkgs_arg.filter(|p| p.truthy()) {
        Some(p) => {
            let d = repack(call, p)?;
            if d.is_empty() {
                return Ok(ret(
                    name,
                    Map::new(),
                    Value::Bool(false),
                    "Invalidly formatted \"pkgs\" parameter. See minion log.",
                ));
            }
            d.into_iter().map(|(n, _)| n).collect()
        }
        None => {
            if let Some(Value::List(l)) = pkgs_arg {
                if l.is_empty() {
                    return Ok(ret(
                        name,
                        Map::new(),
                        Value::Bool(true),
                        "No packages to install provided",
                    ));
                }
            }
            vec![call.name_str()]
        }
    };
    let names: Vec<Value> = desired.iter().map(|n| Value::str(n.as_str())).collect();
    let mut lv_kwargs = kw([
        (
            "fromrepo",
            call.arg("fromrepo").cloned().unwrap_or(Value::Null),
        ),
        ("refresh", Value::Bool(refresh)),
    ]);
    lv_kwargs.insert("saltenv", Value::str(call.ctx.saltenv.as_str()));
    let avail = match exec(call, "pkg.latest_version", names.clone(), lv_kwargs) {
        Ok(v) => v,
        Err(e) => {
            return Ok(ret(
                name,
                Map::new(),
                Value::Bool(false),
                format!("An error was encountered while checking the newest available version of package(s): {e}"),
            ))
        }
    };
    let cur = match exec(call, "pkg.version", names, Map::new()) {
        Ok(v) => v,
        Err(e) => return Ok(ret(name, Map::new(), Value::Bool(false), e)),
    };
    let as_map = |v: Value| -> Map {
        match v {
            Value::Map(m) => m,
            other => {
                let mut m = Map::new();
                m.insert(desired[0].as_str(), other);
                m
            }
        }
    };
    let (cur, avail) = (as_map(cur), as_map(avail));
    let mut targets: Vec<(String, String)> = Vec::new();
    let mut problems = Vec::new();
    for pkg in &desired {
        let a = avail.get(pkg).map(Value::py_str).unwrap_or_default();
        if a.is_empty() {
            if cur
                .get(pkg)
                .map(Value::py_str)
                .unwrap_or_default()
                .is_empty()
            {
                let msg = format!("No information found for '{pkg}'.");
                tracing::error!("{msg}");
                problems.push(msg);
            }
        } else {
            targets.push((pkg.clone(), a));
        }
    }
    if !problems.is_empty() {
        return Ok(ret(
            name,
            Map::new(),
            Value::Bool(false),
            problems.join(" "),
        ));
    }
    let mut sorted_desired = desired.clone();
    sorted_desired.sort();
    if targets.is_empty() {
        let comment = if desired.len() > 10 {
            format!("All {} packages are up-to-date.", desired.len())
        } else if desired.len() > 1 {
            format!(
                "All packages are up-to-date ({}).",
                sorted_desired.join(", ")
            )
        } else {
            format!("Package {} is already up-to-date", desired[0])
        };
        return Ok(ret(name, Map::new(), Value::Bool(true), comment));
    }
    let in_targets = |x: &str| targets.iter().any(|(n, _)| n == x);
    let mut up_to_date: Vec<String> = if pkgs_arg.is_some_and(Value::truthy) {
        desired.iter().filter(|x| !in_targets(x)).cloned().collect()
    } else {
        Vec::new()
    };
    up_to_date.sort();
    let mut tnames: Vec<String> = targets.iter().map(|(n, _)| n.clone()).collect();
    tnames.sort();
    if call.test {
        let mut comments = vec![format!(
            "The following packages would be installed/upgraded: {}",
            tnames.join(", ")
        )];
        if !up_to_date.is_empty() {
            if up_to_date.len() <= 10 {
                let l: Vec<String> = up_to_date
                    .iter()
                    .map(|x| {
                        format!(
                            "{x} ({})",
                            cur.get(x).map(Value::py_str).unwrap_or_default()
                        )
                    })
                    .collect();
                comments.push(format!(
                    "The following packages are already up-to-date: {}",
                    l.join(", ")
                ));
            } else {
                comments.push(format!(
                    "{} packages are already up-to-date",
                    up_to_date.len()
                ));
            }
        }
        let t: Vec<(String, Option<String>)> = targets
            .iter()
            .map(|(n, v)| (n.clone(), Some(v.clone())))
            .collect();
        let changes = installable_versions(call, &t, Some(&cur));
        return Ok(ret(name, changes, Value::Null, comments.join("\n")));
    }
    let mut kwargs = install_kwargs(call);
    kwargs.insert("name", Value::Null);
    kwargs.insert("refresh", Value::Bool(false));
    kwargs.insert(
        "fromrepo",
        call.arg("fromrepo").cloned().unwrap_or(Value::Null),
    );
    kwargs.insert("skip_verify", Value::Bool(call.flag("skip_verify", false)));
    kwargs.insert(
        "pkgs",
        Value::List(
            targets
                .iter()
                .map(|(n, _)| Value::str(n.as_str()))
                .collect(),
        ),
    );
    let changes = match exec(call, "pkg.install", vec![], kwargs) {
        Ok(Value::Map(m)) => m,
        Ok(_) => Map::new(),
        Err(e) => {
            return Ok(ret(
                name,
                Map::new(),
                Value::Bool(false),
                format!("An error was encountered while installing package(s): {e}"),
            ))
        }
    };
    if !changes.is_empty() {
        let failed: Vec<&String> = tnames
            .iter()
            .filter(|x| {
                let want = targets
                    .iter()
                    .find(|(n, _)| n == *x)
                    .map(|(_, v)| v.as_str())
                    .unwrap_or("");
                match changes.get(x.as_str()) {
                    Some(c) if c.truthy() => match c.get("new") {
                        Some(n) if !n.is_null() => {
                            !n.py_str().split(',').any(|p| p == want) && want != "latest"
                        }
                        _ => false,
                    },
                    _ => true,
                }
            })
            .collect();
        let successful: Vec<&String> = tnames.iter().filter(|x| !failed.contains(x)).collect();
        let mut comments = Vec::new();
        if !failed.is_empty() {
            comments.push(format!(
                "The following packages failed to update: {}",
                failed
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !successful.is_empty() {
            comments.push(format!(
                "The following packages were successfully installed/upgraded: {}",
                successful
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if !up_to_date.is_empty() {
            if up_to_date.len() <= 10 {
                comments.push(format!(
                    "The following packages were already up-to-date: {}",
                    up_to_date.join(", ")
                ));
            } else {
                comments.push(format!(
                    "{} packages were already up-to-date ",
                    up_to_date.len()
                ));
            }
        }
        return Ok(ret(
            name,
            changes,
            Value::Bool(failed.is_empty()),
            comments.join(" "),
        ));
    }
    let mut comment = if targets.len() > 10 {
        format!(
            "{} targeted packages failed to update. See debug log for details.",
            targets.len()
        )
    } else if targets.len() > 1 {
        format!(
            "The following targeted packages failed to update. See debug log for details: ({}).",
            tnames.join(", ")
        )
    } else {
        format!("Package {} failed to update.", targets[0].0)
    };
    if !up_to_date.is_empty() {
        if up_to_date.len() <= 10 {
            comment.push_str(&format!(
                " The following packages were already up-to-date: {}",
                up_to_date.join(", ")
            ));
        } else {
            comment.push_str(&format!(
                "{} packages were already up-to-date",
                up_to_date.len()
            ));
        }
    }
    Ok(ret(name, changes, Value::Bool(false), comment))
}

// ---- pkg.removed / pkg.purged ------------------------------------------------------------

/// `pkg.removed`.
pub fn removed(call: &StateCall) -> Result<Map, StateError> {
    uninstall(call, "remove")
}

/// `pkg.purged`.
pub fn purged(call: &StateCall) -> Result<Map, StateError> {
    uninstall(call, "purge")
}

fn uninstall(call: &StateCall, action: &str) -> Result<Map, StateError> {
    let name = call.name();
    let name_s = call.name_str();
    let version = call.arg("version").map(Value::py_str);
    let pkgs = call.arg("pkgs").filter(|p| p.truthy()).cloned();
    let ignore_epoch = opt_bool(call, "ignore_epoch");
    // pkg_resource.parse_targets
    let params: Vec<(String, Option<String>)> = match &pkgs {
        Some(p) => repack(call, p)?,
        None => name_s
            .split(',')
            .map(|n| {
                let n = exec(call, "pkg.normalize_name", vec![Value::str(n)], Map::new())
                    .map(|v| v.py_str())
                    .unwrap_or_else(|_| n.to_string());
                (n, version.clone())
            })
            .collect(),
    };
    // _find_remove_targets
    let cur = list_pkgs(call, Map::new()).map_err(StateError::Command)?;
    let to_remove: Vec<(String, Option<String>)> = match &pkgs {
        Some(p) => {
            let r = repack(call, p)?;
            if r.is_empty() {
                return Ok(ret(
                    name,
                    Map::new(),
                    Value::Bool(false),
                    "Invalidly formatted pkgs parameter. See minion log.",
                ));
            }
            r
        }
        None => {
            let n = exec(
                call,
                "pkg.normalize_name",
                vec![Value::str(name_s.as_str())],
                Map::new(),
            )
            .map(|v| v.py_str())
            .unwrap_or_else(|_| name_s.clone());
            vec![(n, version.clone())]
        }
    };
    let mut version_spec = false;
    let mut targets: Vec<String> = Vec::new();
    for (pkg, ver) in &to_remove {
        let Some(cver) = lookup(&cur, pkg).filter(|c| !c.is_empty()) else {
            continue;
        };
        let Some(v) = ver.as_deref().filter(|v| !v.is_empty()) else {
            targets.push(pkg.clone());
            continue;
        };
        version_spec = true;
        if fulfills_version_string(call, &cver, v, ignore_epoch, false) {
            targets.push(pkg.clone());
        }
    }
    if targets.is_empty() && action == "remove" {
        return Ok(ret(
            name,
            Map::new(),
            Value::Bool(true),
            format!(
                "All specified packages{} are already absent",
                if version_spec {
                    " (matching specified versions)"
                } else {
                    ""
                }
            ),
        ));
    }
    if action == "purge" {
        let old_removed =
            list_pkgs(call, kw([("removed", Value::Bool(true))])).map_err(StateError::Command)?;
        targets.extend(
            params
                .iter()
                .filter(|(p, _)| lookup(&old_removed, p).is_some())
                .map(|(p, _)| p.clone()),
        );
    }
    targets.sort();
    if targets.is_empty() {
        return Ok(ret(
            name,
            Map::new(),
            Value::Bool(true),
            format!(
                "None of the targeted packages are installed{}",
                if action == "purge" {
                    " or partially installed"
                } else {
                    ""
                }
            ),
        ));
    }
    if call.test {
        let mut changes = Map::new();
        for t in &targets {
            changes.insert(
                t.as_str(),
                Value::Map(kw([
                    ("new", Value::str(format!("{action}d"))),
                    ("old", Value::str("")),
                ])),
            );
        }
        return Ok(ret(
            name,
            changes,
            Value::Null,
            format!(
                "The following packages will be {action}d: {}.",
                targets.join(", ")
            ),
        ));
    }
    let mut kwargs = kw([
        ("pkgs", pkgs.clone().unwrap_or(Value::Null)),
        (
            "version",
            version.clone().map(Value::from).unwrap_or(Value::Null),
        ),
    ]);
    kwargs.insert("saltenv", Value::str(call.ctx.saltenv.as_str()));
    let changes = match exec(call, &format!("pkg.{action}"), vec![name.clone()], kwargs) {
        Ok(Value::Map(m)) => m,
        Ok(_) => Map::new(),
        Err(e) => {
            let mut r = Map::new();
            r.insert("name", name);
            r.insert("result", Value::Bool(false));
            r.insert("changes", Value::Map(Map::new()));
            r.insert(
                "comment",
                Value::str(if e.contains("Additional info follows") {
                    without_changes(&e)
                } else {
                    format!(
                        "An error was encountered while {}ing package(s): {e}",
                        if action == "remove" { "remov" } else { "purg" }
                    )
                }),
            );
            return Ok(r);
        }
    };
    let new = list_pkgs(call, Map::new()).map_err(StateError::Command)?;
    let mut failed: Vec<String> = params
        .iter()
        .filter(|(p, _)| lookup(&new, p).is_some())
        .map(|(p, _)| p.clone())
        .collect();
    if action == "purge" {
        let new_removed =
            list_pkgs(call, kw([("removed", Value::Bool(true))])).map_err(StateError::Command)?;
        failed.extend(
            params
                .iter()
                .filter(|(p, _)| lookup(&new_removed, p).is_some())
                .map(|(p, _)| p.clone()),
        );
    }
    failed.sort();
    if !failed.is_empty() {
        return Ok(ret(
            name,
            changes,
            Value::Bool(false),
            format!(
                "The following packages failed to {action}: {}.",
                failed.join(", ")
            ),
        ));
    }
    let mut not_installed: Vec<String> = params
        .iter()
        .filter(|(p, _)| !targets.contains(p))
        .map(|(p, _)| p.clone())
        .collect();
    not_installed.sort();
    let comment = if !not_installed.is_empty() {
        format!(
            "The following packages were not installed: {} The following packages were {action}d: {}.",
            not_installed.join(", "),
            targets.join(", ")
        )
    } else {
        format!("All targeted packages were {action}d.")
    };
    Ok(ret(name, changes, Value::Bool(true), comment))
}

// ---- pkg.uptodate ------------------------------------------------------------------------

/// `pkg.uptodate`: `pkg.list_upgrades`, then `pkg.upgrade` of the whole system (`pkgs` only
/// narrows what is reported and checked, as in Salt).
pub fn uptodate(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let fail = |c: String| ret(name.clone(), Map::new(), Value::Bool(false), c);
    if !call.exec.contains("pkg.list_upgrades") {
        return Ok(fail("State pkg.uptodate is not available".into()));
    }
    let refresh = match call.low.get("refresh") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Ok(fail("refresh must be either True or False".into())),
    };
    let pkgs: Option<Vec<String>> = match call.low.get("pkgs") {
        Some(Value::List(l)) => Some(l.iter().map(Value::py_str).collect()),
        _ => None,
    };
    let mut kwargs = kw([("refresh", Value::Bool(refresh))]);
    if let Some(f) = call.arg("fromrepo") {
        kwargs.insert("fromrepo", f.clone());
    }
    let packages = match exec(call, "pkg.list_upgrades", vec![], kwargs) {
        Ok(Value::Map(m)) => m,
        Ok(_) => Map::new(),
        Err(e) => return Ok(fail(e)),
    };
    let mut expected = Map::new();
    for (k, v) in packages.iter() {
        let old = exec(call, "pkg.version", vec![k.clone()], Map::new()).unwrap_or(Value::str(""));
        expected.insert(
            k.clone(),
            Value::Map(kw([("new", v.clone()), ("old", old)])),
        );
    }
    let mut names: Vec<String> = packages.keys().map(Value::py_str).collect();
    if let Some(p) = &pkgs {
        names.retain(|n| p.contains(n));
        expected.retain(|k, _| p.contains(&k.py_str()));
    }
    if names.is_empty() {
        return Ok(ret(
            name,
            Map::new(),
            Value::Bool(true),
            "System is already up-to-date",
        ));
    }
    if call.test {
        return Ok(ret(
            name,
            expected,
            Value::Null,
            "System update will be performed",
        ));
    }
    let mut ukw = kw([("refresh", Value::Bool(refresh))]);
    ukw.insert(
        "pkgs",
        pkgs.as_ref()
            .map(|p| Value::List(p.iter().map(|s| Value::str(s.as_str())).collect()))
            .unwrap_or(Value::Null),
    );
    let changes = match exec(call, "pkg.upgrade", vec![], ukw) {
        Ok(Value::Map(m)) => m,
        Ok(_) => Map::new(),
        Err(e) => {
            let comment = if e.contains("Additional info follows") {
                e
            } else {
                format!("An error was encountered while updating packages: {e}")
            };
            return Ok(ret(name, Map::new(), Value::Bool(false), comment));
        }
    };
    let missing: Vec<String> = match &pkgs {
        Some(_) => expected
            .keys()
            .map(Value::py_str)
            .filter(|k| !changes.contains_key(k))
            .collect(),
        None => Vec::new(),
    };
    if !missing.is_empty() {
        return Ok(ret(
            name,
            changes,
            Value::Bool(false),
            format!(
                "The following package(s) failed to update: {}",
                missing.join(", ")
            ),
        ));
    }
    Ok(ret(
        name,
        changes,
        Value::Bool(true),
        "Upgrade ran successfully",
    ))
}

// ---- pkg.held / pkg.unheld ---------------------------------------------------------------

/// The held packages (`pkg.get_selections(state="hold")`: aptpkg has no `list_locks` or
/// `list_holds`, so Salt takes this branch).
fn locks(call: &StateCall) -> Result<Vec<String>, String> {
    let v = exec(
        call,
        "pkg.get_selections",
        vec![],
        kw([("state", Value::str("hold"))]),
    )?;
    Ok(v.get("hold")
        .and_then(Value::as_list)
        .map(|l| l.iter().map(Value::py_str).collect())
        .unwrap_or_default())
}

/// The packages of `pkg.held`/`pkg.unheld`: `pkgs` (a name or a one-key `{name: version}`),
/// else `name` with `version`. Only a truthy version is kept: Salt's `held` drops a falsy
/// `version` (`if version:`) and both states test the version only for truthiness (`if not
/// pkg_ver`, `dpkgs.get(pkg_name)`; aptpkg's `hold`/`unhold` ignore it).
fn name_pkgs(call: &StateCall) -> Vec<(String, Option<String>)> {
    let truthy = |v: &Value| v.truthy().then(|| v.py_str());
    match call.low.get("pkgs") {
        Some(Value::List(l)) => l
            .iter()
            .map(|p| match p.as_map().and_then(|m| m.first()) {
                Some((k, v)) => (k.py_str(), truthy(v)),
                None => (p.py_str(), None),
            })
            .collect(),
        _ => vec![(call.name_str(), call.arg("version").and_then(truthy))],
    }
}

/// The opening `held` and `unheld` share: Salt's early return for an empty `pkgs` list
/// (unless `flag`, `replace` or `all`, is set), then the packages and the current holds.
#[allow(clippy::type_complexity)]
fn hold_opening(
    call: &StateCall,
    flag: &str,
    what: &str,
) -> Result<Result<(Vec<(String, Option<String>)>, Vec<String>), Map>, StateError> {
    if let Some(Value::List(l)) = call.low.get("pkgs") {
        if l.is_empty() && !call.flag(flag, false) {
            return Ok(Err(ret(
                call.name(),
                Map::new(),
                Value::Bool(true),
                format!("No packages to be {what} provided"),
            )));
        }
    }
    let locks = locks(call).map_err(StateError::Command)?;
    Ok(Ok((name_pkgs(call), locks)))
}

/// The return both states end with: the comments joined, "No changes made" when there is
/// neither a change nor a comment.
fn hold_ret(name: Value, changes: Map, result: bool, comments: &[String]) -> Map {
    let mut comment = comments.join("\n");
    if changes.is_empty() && comment.is_empty() {
        comment = "No changes made".into();
    }
    ret(name, changes, Value::Bool(result), comment)
}

/// `pkg.held`.
pub fn held(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let replace = call.flag("replace", false);
    let (pkgs, locks) = match hold_opening(call, "replace", "held")? {
        Ok(found) => found,
        Err(done) => return Ok(done),
    };
    let mut changes = Map::new();
    let mut result = true;
    let mut comments = Vec::new();
    for (pkg, ver) in &pkgs {
        if locks.contains(pkg) {
            continue;
        }
        let vtxt = ver
            .as_deref()
            .map(|v| format!(" (version = {v})"))
            .unwrap_or_default();
        if call.test {
            comments.push(format!("The following package would be held: {pkg}{vtxt}"));
            continue;
        }
        let item = match ver {
            Some(v) => Value::Map(kw([(pkg.as_str(), Value::str(v.as_str()))])),
            None => Value::str(pkg.as_str()),
        };
        let hret = exec(
            call,
            "pkg.hold",
            vec![],
            kw([
                ("name", name.clone()),
                ("pkgs", Value::List(vec![item].into_iter().collect())),
            ]),
        )
        .map_err(StateError::Command)?;
        let ok = hret
            .get(pkg)
            .and_then(|r| r.get("result"))
            .is_some_and(Value::truthy);
        if !ok {
            result = false;
        }
        comments.push(if ok {
            format!("Package {pkg} is now being held")
        } else {
            format!("Package {pkg} was not held")
        });
        if let Value::Map(m) = hret {
            for (k, v) in m.iter() {
                changes.insert(k.clone(), v.clone());
            }
        }
    }
    if replace {
        for lock in &locks {
            if pkgs.iter().any(|(p, _)| p == lock) {
                continue;
            }
            if call.test {
                comments.push(format!("The following package would be unheld: {lock}"));
            } else {
                if !unhold_lock(call, &name, lock, &mut changes, &mut comments)? {
                    result = false;
                }
            }
        }
    }
    Ok(hold_ret(name, changes, result, &comments))
}

/// One `pkg.unhold` of a single lock as `held` (with `replace`) and `unheld` both call it
/// (Salt writes the same block in each): its comment joins `comments`, its return joins
/// `changes`; false when the lock's `result` is not truthy.
fn unhold_lock(
    call: &StateCall,
    name: &Value,
    lock: &str,
    changes: &mut Map,
    comments: &mut Vec<String>,
) -> Result<bool, StateError> {
    let uret = exec(
        call,
        "pkg.unhold",
        vec![],
        kw([
            ("name", name.clone()),
            (
                "pkgs",
                Value::List(vec![Value::str(lock)].into_iter().collect()),
            ),
        ]),
    )
    .map_err(StateError::Command)?;
    let r = uret.get(lock).cloned().unwrap_or(Value::Null);
    let ok = r.get("result").is_some_and(Value::truthy);
    if let Some(c) = r.get("comment").filter(|c| c.truthy()) {
        comments.push(c.py_str());
    }
    if let Value::Map(m) = uret {
        for (k, v) in m.iter() {
            changes.insert(k.clone(), v.clone());
        }
    }
    Ok(ok)
}

/// `pkg.unheld`.
pub fn unheld(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let all = call.flag("all", false);
    let (pkgs, locks) = match hold_opening(call, "all", "unheld")? {
        Ok(found) => found,
        Err(done) => return Ok(done),
    };
    let mut changes = Map::new();
    let mut result = true;
    let mut comments = Vec::new();
    for lock in &locks {
        let wanted = pkgs.iter().find(|(p, _)| p == lock);
        if !(all || wanted.is_some()) {
            continue;
        }
        if call.test {
            // the version is the lock's, which get_selections does not know: "None"
            let vtxt = if wanted.and_then(|(_, v)| v.as_ref()).is_some() {
                " (version = None)"
            } else {
                ""
            };
            comments.push(format!(
                "The following package would be unheld: {lock}{vtxt}"
            ));
            continue;
        }
        if !unhold_lock(call, &name, lock, &mut changes, &mut comments)? {
            result = false;
        }
    }
    Ok(hold_ret(name, changes, result, &comments))
}
