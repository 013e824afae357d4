//! Salt's `service` state module (salt/states/service.py): `running`, `dead`, `enabled`,
//! `disabled`, `masked`, `unmasked` and `mod_watch`, through whichever `service.*` execution
//! functions the host's loader chose (debian_service, systemd_service; halite-exec).

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::{Args, ExecError};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("service.running", running, &["name"]);
    r.register("service.dead", dead, &["name"]);
    r.register("service.enabled", enabled, &["name"]);
    r.register("service.disabled", disabled, &["name"]);
    r.register("service.masked", masked, &["name"]);
    r.register("service.unmasked", unmasked, &["name"]);
    r.register("service.mod_watch", mod_watch, &["name"]);
}

/// Arguments only systemd's functions take (`SYSTEMD_ONLY`).
const SYSTEMD_ONLY: [&str; 3] = ["no_block", "unmask", "unmask_runtime"];

struct Svc<'a, 'b> {
    call: &'a StateCall<'b>,
    name: String,
}

impl Svc<'_, '_> {
    fn has(&self, fun: &str) -> bool {
        self.call.exec.contains(fun)
    }

    /// `__salt__[fun](name, *args, **kwargs)`.
    fn exec(&self, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Value, ExecError> {
        let mut all = vec![Value::str(self.name.clone())];
        all.extend(args);
        self.call
            .exec
            .call(self.call.ctx, fun, &Args::new(all, kwargs))
    }

    /// An execution function whose exceptions the state does not catch.
    fn check(&self, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<bool, StateError> {
        self.exec(fun, args, kwargs)
            .map(|v| v.truthy())
            .map_err(|e| StateError::Command(e.to_string()))
    }

    /// The positional parameters of the loaded function (`_argspec(func).args`).
    fn params(&self, fun: &str) -> &'static [&'static str] {
        let systemd = self.call.exec.module_of(fun) == Some("systemd_service");
        match (systemd, fun.rsplit('.').next().unwrap_or("")) {
            (true, "start" | "restart" | "reload" | "force_reload") => {
                &["name", "no_block", "unmask", "unmask_runtime"]
            }
            (true, "stop") => &["name", "no_block"],
            (true, "enable") => &["name", "no_block", "unmask", "unmask_runtime", "root"],
            (true, "disable") => &["name", "no_block", "root"],
            _ => &["name"],
        }
    }

    /// `_get_systemd_only(func, kwargs)`: the systemd-only arguments the function takes, when
    /// systemd is booted; otherwise a warning for each.
    fn systemd_only(&self, fun: &str, warnings: &mut Vec<String>) -> Map {
        let mut ret = Map::new();
        let params = self.params(fun);
        for arg in SYSTEMD_ONLY {
            if let Some(v) = self.call.low.get(arg) {
                if params.contains(&arg) {
                    if halite_exec::systemd_booted() {
                        ret.insert(arg, v.clone());
                    } else {
                        warnings.push(format!(
                            "The '{arg}' argument is not supported by this platform"
                        ));
                    }
                }
            }
        }
        ret
    }

    /// The state's `**kwargs` as the enable/disable functions get them (only the ones a
    /// provider reads).
    fn passthrough(&self) -> Map {
        let mut m = Map::new();
        for k in ["no_block", "unmask", "unmask_runtime", "root"] {
            if let Some(v) = self.call.low.get(k) {
                m.insert(k, v.clone());
            }
        }
        m
    }

    /// `_available(name, ret)`.
    fn available(&self, ret: &mut Map) -> Result<bool, ExecError> {
        let avail = if self.has("service.available") {
            self.exec("service.available", vec![], Map::new())?.truthy()
        } else if self.has("service.get_all") {
            let all = self
                .call
                .exec
                .call(self.call.ctx, "service.get_all", &Args::default())?;
            matches!(all, Value::List(l) if l.iter().any(|v| v.py_str() == self.name))
        } else {
            false
        };
        if !avail {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                s(format!("The named service {} is not available", self.name)),
            );
        }
        Ok(avail)
    }

    fn offline(&self) -> Result<bool, StateError> {
        if !self.has("service.offline") {
            return Ok(false);
        }
        // `service.offline()` takes no name.
        self.call
            .exec
            .call(self.call.ctx, "service.offline", &Args::default())
            .map(|v| v.truthy())
            .map_err(|e| StateError::Command(e.to_string()))
    }
}

fn s(text: impl Into<String>) -> Value {
    Value::str(text.into())
}

fn base(call: &StateCall) -> Map {
    crate::ret_ncrc(call.name(), Value::Bool(true), "")
}

fn add_warnings(ret: &mut Map, warnings: &[String]) {
    if warnings.is_empty() {
        return;
    }
    let mut current = match ret.get("warnings") {
        Some(Value::List(l)) => l.iter().cloned().collect::<Vec<_>>(),
        _ => Vec::new(),
    };
    for w in warnings {
        let v = s(w.clone());
        if !current.contains(&v) {
            current.push(v);
        }
    }
    ret.insert("warnings", Value::List(current.into_iter().collect()));
}

fn update(ret: &mut Map, other: Map) {
    for (k, v) in other.iter() {
        ret.insert(k.clone(), v.clone());
    }
}

/// `started` of `_enable`/`_disable`: running (True), unchanged (None), dead (False).
#[derive(Clone, Copy, PartialEq)]
enum Started {
    Running,
    Unchanged,
    Dead,
}

impl Started {
    fn from(b: bool) -> Self {
        if b {
            Started::Running
        } else {
            Started::Dead
        }
    }

    /// How Salt's `_enable` and `_disable` end their comments for this `started`
    /// ("Service X is already enabled, and is running").
    fn and_is(self) -> &'static str {
        match self {
            Started::Running => "is running",
            Started::Unchanged => "is in the desired state",
            Started::Dead => "is dead",
        }
    }
}

/// The comment `_enable` and `_disable` (`verb`: "Enable" or "Disable") give when the
/// service module lacks the function pair.
fn toggle_unavailable(verb: &str, name: &str, started: Started) -> String {
    let state = match started {
        Started::Running => "started",
        other => other.and_is(),
    };
    format!("{verb} is not available on this minion, service {name} {state}")
}

/// `_enable`/`_disable` when the boot setting is already `done` ("enabled", "disabled"):
/// the comment, and an empty `changes` when `started` is unchanged.
fn toggle_already(ret: &mut Map, done: &str, name: &str, started: Started) {
    if started == Started::Unchanged {
        ret.insert("changes", Value::Map(Map::new()));
    }
    let c = format!("Service {name} is already {done}, and {}", started.and_is());
    ret.insert("comment", s(c));
}

/// `_enable`/`_disable` after the change: `changes` names the service when the check after
/// differs from the one before.
fn toggle_done(ret: &mut Map, done: &str, name: &str, started: Started, changed: bool) {
    let mut changes = Map::new();
    if changed {
        changes.insert(name, Value::Bool(true));
    }
    ret.insert("changes", Value::Map(changes));
    let c = format!("Service {name} has been {done}, and {}", started.and_is());
    ret.insert("comment", s(c));
}

/// `_enable(name, started, result)`.
fn enable_(svc: &Svc, started: Started, result: bool) -> Result<Map, StateError> {
    let name = &svc.name;
    let mut ret = Map::new();
    match svc.available(&mut ret) {
        Ok(true) => {}
        Ok(false) => return Ok(ret),
        Err(e) => {
            ret.insert("result", Value::Bool(false));
            ret.insert("comment", s(e.to_string()));
            return Ok(ret);
        }
    }
    ret.insert("result", Value::Bool(result));
    if !svc.has("service.enable") || !svc.has("service.enabled") {
        ret.insert("comment", s(toggle_unavailable("Enable", name, started)));
        return Ok(ret);
    }
    let kwargs = svc.passthrough();
    let before = svc.check("service.enabled", vec![], kwargs.clone())?;
    if before {
        toggle_already(&mut ret, "enabled", name, started);
        return Ok(ret);
    }
    if svc.call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", s(format!("Service {name} set to be enabled")));
        return Ok(ret);
    }
    let enable_error = match svc.exec("service.enable", vec![], kwargs.clone()) {
        Ok(v) if v.truthy() => {
            let after = svc.check("service.enabled", vec![], kwargs)?;
            toggle_done(&mut ret, "enabled", name, started, before != after);
            return Ok(ret);
        }
        Ok(_) => None,
        Err(e) => Some(e.to_string()),
    };
    ret.insert("result", Value::Bool(false));
    let mut c = match started {
        Started::Running => format!(
            "Failed when setting service {name} to start at boot, but the service is running"
        ),
        Started::Unchanged => format!(
            "Failed when setting service {name} to start at boot, but the service was already running"
        ),
        Started::Dead => format!(
            "Failed when setting service {name} to start at boot, and the service is dead"
        ),
    };
    if let Some(err) = enable_error.filter(|e| !e.is_empty()) {
        c.push_str(&format!(". Additional information follows:\n\n{err}"));
    }
    ret.insert("comment", s(c));
    Ok(ret)
}

/// `_disable(name, started, result)`.
fn disable_(svc: &Svc, started: Started, result: bool) -> Result<Map, StateError> {
    let name = &svc.name;
    let mut ret = Map::new();
    match svc.available(&mut ret) {
        Ok(true) => {}
        Ok(false) => {
            ret.insert("result", Value::Bool(true));
            return Ok(ret);
        }
        Err(e) => {
            ret.insert("result", Value::Bool(false));
            ret.insert("comment", s(e.to_string()));
            return Ok(ret);
        }
    }
    ret.insert("result", Value::Bool(result));
    if !svc.has("service.disable") || !svc.has("service.disabled") {
        ret.insert("comment", s(toggle_unavailable("Disable", name, started)));
        return Ok(ret);
    }
    let before = svc.check("service.disabled", vec![], Map::new())?;
    if before {
        toggle_already(&mut ret, "disabled", name, started);
        return Ok(ret);
    }
    if svc.call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", s(format!("Service {name} set to be disabled")));
        return Ok(ret);
    }
    if svc.check("service.disable", vec![], svc.passthrough())? {
        let after = svc.check("service.disabled", vec![], Map::new())?;
        toggle_done(&mut ret, "disabled", name, started, before != after);
        return Ok(ret);
    }
    ret.insert("result", Value::Bool(false));
    let c = match started {
        Started::Running => {
            format!("Failed when setting service {name} to not start at boot, and is running")
        }
        Started::Unchanged => format!(
            "Failed when setting service {name} to not start at boot, but the service was already running"
        ),
        Started::Dead => format!(
            "Failed when setting service {name} to not start at boot, and the service is dead"
        ),
    };
    ret.insert("comment", s(c));
    Ok(ret)
}

/// `enable`: `None` stays None, a string goes through `salt.utils.data.is_true`.
fn enable_arg(call: &StateCall) -> Option<bool> {
    match call.low.get("enable") {
        None | Some(Value::Null) => None,
        Some(Value::Bool(b)) => Some(*b),
        Some(Value::Str(t)) => Some(is_true(t)),
        // `enable is True` / `enable is False` only match the booleans
        Some(_) => None,
    }
}

/// `salt.utils.data.is_true` on a string.
fn is_true(t: &str) -> bool {
    if let Ok(n) = t.trim().parse::<i64>() {
        return n > 0;
    }
    if let Ok(f) = t.trim().parse::<f64>() {
        return f > 0.0;
    }
    t.to_lowercase() == "true"
}

fn init_delay(call: &StateCall) -> Option<Value> {
    call.arg("init_delay").filter(|v| v.truthy()).cloned()
}

fn sleep(delay: &Value) {
    let secs = match delay {
        Value::Int(n) => *n as f64,
        Value::Float(f) => *f,
        other => other.py_str().parse().unwrap_or(0.0),
    };
    if secs > 0.0 {
        std::thread::sleep(std::time::Duration::from_secs_f64(secs));
    }
}

fn enabled_used_error(ret: &mut Map, name: &str) -> Map {
    ret.insert("result", Value::Bool(false));
    ret.insert(
        "comment",
        s(format!(
            "Service {name} uses non-existent option \"enabled\".  Perhaps \"enable\" option was intended?"
        )),
    );
    ret.clone()
}

fn sig(call: &StateCall) -> Value {
    call.low.get("sig").cloned().unwrap_or(Value::Null)
}

/// How the opening that `running` and `dead` share ended.
enum Opening {
    /// Go on to the status checks.
    Go,
    /// `ret` is the state's return (the `enabled` misuse, OFFLINE mode, an error from
    /// `_available`).
    Return,
    /// `_available` said no (and set `ret`); each state words the test-mode comment.
    NotAvailable,
}

/// The opening Salt writes alike in `running` and `dead`: the `enabled`-for-`enable`
/// misuse, OFFLINE mode, then `_available`.
fn opening(svc: &Svc, ret: &mut Map) -> Result<Opening, StateError> {
    if svc.call.low.contains_key("enabled") {
        enabled_used_error(ret, &svc.name);
        return Ok(Opening::Return);
    }
    if svc.offline()? {
        ret.insert("result", Value::Bool(true));
        ret.insert("comment", s("Running in OFFLINE mode. Nothing to do"));
        return Ok(Opening::Return);
    }
    match svc.available(ret) {
        Ok(true) => Ok(Opening::Go),
        Ok(false) => Ok(Opening::NotAvailable),
        Err(e) => {
            ret.insert("result", Value::Bool(false));
            ret.insert("comment", s(e.to_string()));
            Ok(Opening::Return)
        }
    }
}

/// `status_kwargs` of `running`, `dead` and `mod_watch`: the systemd-only keywords of `service.status`,
/// with a warning in `ret` for each one given elsewhere.
fn status_kwargs(svc: &Svc, ret: &mut Map) -> Map {
    let mut warnings = Vec::new();
    let kwargs = svc.systemd_only("service.status", &mut warnings);
    add_warnings(ret, &warnings);
    kwargs
}

/// `before_toggle_enable_status` / `after_toggle_enable_status` of `running` and `dead`:
/// `service.enabled`, or true where the provider has none.
fn enabled_status(svc: &Svc) -> Result<bool, StateError> {
    if svc.has("service.enabled") {
        svc.check("service.enabled", vec![], Map::new())
    } else {
        Ok(true)
    }
}

/// Where the status or the enable status moved and nothing else recorded a change, `running`
/// and `dead` record `{name: after_toggle_status}`.
fn record_toggle(ret: &mut Map, name: &str, after: bool) {
    if ret.get("changes").is_some_and(Value::truthy) {
        return;
    }
    let mut changes = Map::new();
    changes.insert(name, Value::Bool(after));
    ret.insert("changes", Value::Map(changes));
}

/// `service.running`.
pub fn running(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = base(call);
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    let name = svc.name.clone();
    let enable = enable_arg(call);
    match opening(&svc, &mut ret)? {
        Opening::Go => {}
        Opening::Return => return Ok(ret),
        Opening::NotAvailable => {
            if call.test {
                ret.insert("result", Value::Null);
                ret.insert(
                    "comment",
                    s(format!("Service {name} not present; if created in this state run, it would have been started")),
                );
            }
            return Ok(ret);
        }
    }
    let status_kwargs = status_kwargs(&svc, &mut ret);
    let before = svc.check("service.status", vec![sig(call)], status_kwargs.clone())?;
    let before_enabled = enabled_status(&svc)?;
    let unmask = call.flag("unmask", false);
    let unmask_comment = if unmask {
        let runtime = call.flag("unmask_runtime", false);
        unmasked_(&svc, runtime)?
            .get("comment")
            .map(Value::py_str)
            .unwrap_or_default()
    } else {
        String::new()
    };
    let join = |first: String| -> String {
        [first, unmask_comment.clone()]
            .into_iter()
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
            .join("\n")
    };
    if before {
        ret.insert(
            "comment",
            s(join(format!("The service {name} is already running"))),
        );
        if enable == Some(true) && !before_enabled {
            update(&mut ret, enable_(&svc, Started::Unchanged, true)?);
        } else if enable == Some(false) && before_enabled {
            update(&mut ret, disable_(&svc, Started::Unchanged, true)?);
        }
        return Ok(ret);
    }
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            s(join(format!("Service {name} is set to start"))),
        );
        return Ok(ret);
    }
    let mut warnings = Vec::new();
    let start_kwargs = svc.systemd_only("service.start", &mut warnings);
    add_warnings(&mut ret, &warnings);
    let started = match svc.exec("service.start", vec![], start_kwargs) {
        Ok(v) => v.truthy(),
        Err(e) => {
            ret.insert("result", Value::Bool(false));
            ret.insert("comment", s(e.to_string()));
            return Ok(ret);
        }
    };
    if !started {
        ret.insert("result", Value::Bool(false));
        ret.insert("comment", s(format!("Service {name} failed to start")));
        if enable == Some(true) {
            update(&mut ret, enable_(&svc, Started::Dead, false)?);
        } else if enable == Some(false) {
            update(&mut ret, disable_(&svc, Started::Dead, false)?);
        }
        return Ok(ret);
    }
    let delay = init_delay(call);
    if let Some(d) = &delay {
        sleep(d);
    }
    let after = svc.check("service.status", vec![sig(call)], status_kwargs)?;
    let after_enabled = enabled_status(&svc)?;
    if before_enabled != after_enabled || before != after {
        record_toggle(&mut ret, &name, after);
    }
    if after {
        ret.insert("comment", s(format!("Started service {name}")));
    } else {
        ret.insert("comment", s(format!("Service {name} failed to start")));
        ret.insert("result", Value::Bool(false));
    }
    if enable == Some(true) {
        update(&mut ret, enable_(&svc, Started::from(after), after)?);
    } else if enable == Some(false) {
        update(&mut ret, disable_(&svc, Started::from(after), after)?);
    }
    if let Some(d) = &delay {
        let c = ret.get("comment").map(Value::py_str).unwrap_or_default();
        ret.insert(
            "comment",
            s(format!("{c}\nDelayed return for {} seconds", d.py_str())),
        );
    }
    if unmask {
        let c = ret.get("comment").map(Value::py_str).unwrap_or_default();
        ret.insert("comment", s(format!("{c}\n{unmask_comment}")));
    }
    Ok(ret)
}

/// `service.dead`.
pub fn dead(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = base(call);
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    let name = svc.name.clone();
    let enable = enable_arg(call);
    match opening(&svc, &mut ret)? {
        Opening::Go => {}
        Opening::Return => return Ok(ret),
        Opening::NotAvailable => {
            if call.test {
                ret.insert("result", Value::Null);
                ret.insert(
                    "comment",
                    s(format!("Service {name} not present; if created in this state run, it would have been stopped")),
                );
            } else {
                ret.insert("result", Value::Bool(true));
            }
            return Ok(ret);
        }
    }
    let status_kwargs = status_kwargs(&svc, &mut ret);
    let before = svc.check("service.status", vec![sig(call)], status_kwargs.clone())?;
    let before_enabled = enabled_status(&svc)?;
    if !before {
        ret.insert("comment", s(format!("The service {name} is already dead")));
        if enable == Some(true) && !before_enabled {
            update(&mut ret, enable_(&svc, Started::Unchanged, true)?);
        } else if enable == Some(false) && before_enabled {
            update(&mut ret, disable_(&svc, Started::Unchanged, true)?);
        }
        return Ok(ret);
    }
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", s(format!("Service {name} is set to be killed")));
        return Ok(ret);
    }
    let mut warnings = Vec::new();
    let stop_kwargs = svc.systemd_only("service.stop", &mut warnings);
    add_warnings(&mut ret, &warnings);
    if !svc.check("service.stop", vec![], stop_kwargs)? {
        ret.insert("result", Value::Bool(false));
        ret.insert("comment", s(format!("Service {name} failed to die")));
        if enable == Some(true) {
            update(&mut ret, enable_(&svc, Started::Running, false)?);
        } else if enable == Some(false) {
            update(&mut ret, disable_(&svc, Started::Running, false)?);
        }
        return Ok(ret);
    }
    if let Some(d) = init_delay(call) {
        sleep(&d);
    }
    // Salt passes no `sig` here.
    let after = svc.check("service.status", vec![], status_kwargs)?;
    let after_enabled = enabled_status(&svc)?;
    if before_enabled != after_enabled || before != after {
        record_toggle(&mut ret, &name, after);
    }
    if after {
        ret.insert("result", Value::Bool(false));
        ret.insert("comment", s(format!("Service {name} failed to die")));
    } else {
        ret.insert("comment", s(format!("Service {name} was killed")));
    }
    if enable == Some(true) {
        update(&mut ret, enable_(&svc, Started::from(after), !after)?);
    } else if enable == Some(false) {
        update(&mut ret, disable_(&svc, Started::from(after), !after)?);
    }
    Ok(ret)
}

/// `service.enabled`.
pub fn enabled(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = base(call);
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    update(&mut ret, enable_(&svc, Started::Unchanged, true)?);
    let missing = format!("The named service {} is not available", svc.name);
    if call.test && ret.get("comment").map(Value::py_str).as_deref() == Some(missing.as_str()) {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            s(format!(
                "Service {} not present; if created in this state run, it would have been enabled",
                svc.name
            )),
        );
    }
    Ok(ret)
}

/// `service.disabled`.
pub fn disabled(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = base(call);
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    update(&mut ret, disable_(&svc, Started::Unchanged, true)?);
    Ok(ret)
}

fn mask_type(runtime: bool) -> &'static str {
    if runtime {
        "runtime masked"
    } else {
        "masked"
    }
}

fn old_new(old: bool, new: bool) -> Map {
    let mut m = Map::new();
    m.insert("old", Value::Bool(old));
    m.insert("new", Value::Bool(new));
    m
}

/// `service.masked(name, runtime=False)`.
pub fn masked(call: &StateCall) -> Result<Map, StateError> {
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    let runtime = call.flag("runtime", false);
    let mut ret = base(call);
    if !svc.has("service.masked") {
        ret.insert("comment", s("Service masking not available on this minion"));
        ret.insert("result", Value::Bool(false));
        return Ok(ret);
    }
    let name = svc.name.clone();
    let kind = mask_type(runtime);
    let mut expected = Map::new();
    expected.insert(kind, Value::Map(old_new(false, true)));
    let rt = Value::Bool(runtime);
    let attempt = || -> Result<Map, ExecError> {
        let mut ret = ret.clone();
        if svc
            .exec("service.masked", vec![rt.clone()], Map::new())?
            .truthy()
        {
            ret.insert("comment", s(format!("Service {name} is already {kind}")));
            return Ok(ret);
        }
        if call.test {
            ret.insert("result", Value::Null);
            ret.insert("changes", Value::Map(expected.clone()));
            ret.insert("comment", s(format!("Service {name} would be {kind}")));
            return Ok(ret);
        }
        svc.exec("service.mask", vec![rt.clone()], Map::new())?;
        if svc
            .exec("service.masked", vec![rt.clone()], Map::new())?
            .truthy()
        {
            ret.insert("changes", Value::Map(expected.clone()));
            ret.insert("comment", s(format!("Service {name} was {kind}")));
        } else {
            ret.insert("comment", s(format!("Failed to mask service {name}")));
        }
        Ok(ret)
    };
    Ok(attempt().unwrap_or_else(|e| {
        let mut r = ret.clone();
        r.insert("result", Value::Bool(false));
        r.insert("comment", s(e.to_string()));
        r
    }))
}

/// `service.unmasked(name, runtime=False)`.
pub fn unmasked(call: &StateCall) -> Result<Map, StateError> {
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    unmasked_(&svc, call.flag("runtime", false))
}

fn unmasked_(svc: &Svc, runtime: bool) -> Result<Map, StateError> {
    let call = svc.call;
    let mut ret = crate::ret_ncrc(s(svc.name.clone()), Value::Bool(true), "");
    if !svc.has("service.masked") {
        ret.insert("comment", s("Service masking not available on this minion"));
        ret.insert("result", Value::Bool(false));
        return Ok(ret);
    }
    let name = svc.name.clone();
    let kind = mask_type(runtime);
    let action = if runtime {
        "runtime unmasked"
    } else {
        "unmasked"
    };
    let mut expected = Map::new();
    expected.insert(kind, Value::Map(old_new(true, false)));
    let rt = Value::Bool(runtime);
    let attempt = || -> Result<Map, ExecError> {
        let mut ret = ret.clone();
        if !svc
            .exec("service.masked", vec![rt.clone()], Map::new())?
            .truthy()
        {
            ret.insert("comment", s(format!("Service {name} was already {action}")));
            return Ok(ret);
        }
        if call.test {
            ret.insert("result", Value::Null);
            ret.insert("changes", Value::Map(expected.clone()));
            ret.insert("comment", s(format!("Service {name} would be {action}")));
            return Ok(ret);
        }
        svc.exec("service.unmask", vec![rt.clone()], Map::new())?;
        if !svc
            .exec("service.masked", vec![rt.clone()], Map::new())?
            .truthy()
        {
            ret.insert("changes", Value::Map(expected.clone()));
            ret.insert("comment", s(format!("Service {name} was {action}")));
        } else {
            ret.insert("comment", s(format!("Failed to unmask service {name}")));
        }
        Ok(ret)
    };
    Ok(attempt().unwrap_or_else(|e| {
        let mut r = ret.clone();
        r.insert("result", Value::Bool(false));
        r.insert("comment", s(e.to_string()));
        r
    }))
}

/// `service.mod_watch`: restart (or reload, force-reload, full restart) a running service,
/// start a dead one for `running`; stop a running one for `dead`.
pub fn mod_watch(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = base(call);
    let svc = Svc {
        call,
        name: call.name_str(),
    };
    let sfun = call
        .low
        .get("sfun")
        .map(Value::py_str)
        .unwrap_or_else(|| "None".into());
    let status_kwargs = status_kwargs(&svc, &mut ret);
    let (func, verb, past): (&str, &str, String) = match sfun.as_str() {
        "dead" => {
            if svc.check("service.status", vec![sig(call)], status_kwargs)? {
                ("service.stop", "stop", "stopped".into())
            } else {
                ret.insert("result", Value::Bool(true));
                ret.insert("comment", s("Service is already stopped"));
                return Ok(ret);
            }
        }
        "running" => {
            let (func, verb) = if svc.check("service.status", vec![sig(call)], status_kwargs)? {
                if svc.has("service.reload") && call.flag("reload", false) {
                    if svc.has("service.force_reload") && call.flag("force", false) {
                        ("service.force_reload", "forcefully reload")
                    } else {
                        ("service.reload", "reload")
                    }
                } else if svc.has("service.full_restart") && call.flag("full_restart", false) {
                    ("service.full_restart", "fully restart")
                } else {
                    ("service.restart", "restart")
                }
            } else {
                ("service.start", "start")
            };
            (func, verb, format!("{verb}ed"))
        }
        _ => {
            ret.insert(
                "comment",
                s(format!("Unable to trigger watch for service.{sfun}")),
            );
            ret.insert("result", Value::Bool(false));
            return Ok(ret);
        }
    };
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", s(format!("Service is set to be {past}")));
        return Ok(ret);
    }
    if verb == "start" && svc.has("service.stop") {
        svc.check("service.stop", vec![], Map::new())?;
    }
    let mut warnings = Vec::new();
    let func_kwargs = svc.systemd_only(func, &mut warnings);
    add_warnings(&mut ret, &warnings);
    let result = match svc.exec(func, vec![], func_kwargs) {
        Ok(v) => v,
        Err(e) => {
            ret.insert("result", Value::Bool(false));
            ret.insert("comment", s(e.to_string()));
            return Ok(ret);
        }
    };
    if let Some(d) = init_delay(call) {
        sleep(&d);
    }
    let mut changes = Map::new();
    changes.insert(svc.name.as_str(), result.clone());
    ret.insert("changes", Value::Map(changes));
    ret.insert("result", result.clone());
    ret.insert(
        "comment",
        s(if result.truthy() {
            format!("Service {past}")
        } else {
            format!("Failed to {verb} the service")
        }),
    );
    Ok(ret)
}
