//! Salt's `stateconf` renderer (salt/renderers/stateconf.py): a template renderer and a data
//! renderer in one (`#!stateconf yaml . jinja`), plus a pass over the rendered high data that
//! makes `.id` state IDs and requisites relative to the sls (`.x` in `app.web` is
//! `app.web::x`), adds the implicit `.goal` state (and `.start` with `-s`), orders the states
//! with `-o`, and hands the arguments of `stateconf.set` states to the template as variables
//! (a first pass renders the part above `# --- end of state config ---` to find them).
//!
//! Salt keeps what `stateconf.set` states declared, and the requisites `-o` files extend, in
//! module globals that live for the whole run: a later stateconf file sees an earlier one's
//! `stateconf.set` arguments as template variables. [`Globals`] is that memory, one per
//! highstate render; so the order matters, and a speculative render of a stateconf file is
//! voided (the walk renders it in order).
//!
//! Where Salt's pre-processing raises a Python exception (a state body that is not a
//! dictionary, an argument list that is not a list), Salt runs `verify_high` on the rendered
//! data and reports its errors, else "sls preprocessing/rendering failed!"; so does this
//! module ([`Fail::Py`]).

use crate::template::{py_type, renderer_named, run_renderer, RenderError, Renderer, TemplateJob};
use halite_value::{List, Map, Value};
use std::collections::{HashMap, HashSet};
use std::sync::Mutex;

/// `stateconf_end_marker`: the line that ends the part of the file the first pass renders.
const END_MARKER: &str = r"#\s*-+\s*end of state config\s*-+";
/// `stateconf_start_state`.
const START_SID: &str = ".start";
/// `stateconf_goal_state`.
const GOAL_SID: &str = ".goal";
/// `stateconf_state_func` and its module.
const STATE_FUNC: &str = "stateconf.set";
const STATE_NAME: &str = "stateconf";

const REQUISITES: &[&str] = &[
    "require",
    "require_in",
    "watch",
    "watch_in",
    "use",
    "use_in",
    "listen",
    "listen_in",
    "onchanges",
    "onchanges_in",
    "onfail",
    "onfail_in",
];
const REQUIRE: &[&str] = &["require", "watch", "listen", "onchanges", "onfail"];
const REQUIRE_IN: &[&str] = &[
    "require_in",
    "watch_in",
    "listen_in",
    "onchanges_in",
    "onfail_in",
];

/// `INVALID_USAGE_ERROR` (the module file's name is `stateconf.py`).
const INVALID_USAGE: &str = "Invalid use of stateconf.py renderer!
Usage: #!stateconf.py [-GoSp] [<data_renderer> [options] . <template_renderer> [options]]

where an example <data_renderer> would be yaml and a <template_renderer> might
be jinja. Each renderer can be passed its renderer specific options.

Options(for this renderer):

  -G   Do not generate the goal state that requires all other states in the sls.

  -o   Indirectly order the states by adding requires such that they will be
       executed in the order they are defined in the sls. Implies using yaml -o.

  -s   Generate the start state that gets inserted as the first state in
       the sls. This only makes sense if your high state data dict is ordered.

  -p   Assume high state input. This option allows you to pipe high state data
       through this renderer. With this option, the use of stateconf.set state
       in the sls will have no effect, but other features of the renderer still
       apply.

  ";

/// The module globals Salt's stateconf renderer keeps for a run (`STATE_CONF`,
/// `STATE_CONF_EXT`, `EXTENDED_REQUIRE`, `EXTENDED_REQUIRE_IN`).
#[derive(Debug, Default)]
pub struct Globals {
    state_conf: Map,
    state_conf_ext: Map,
    extended_require: HashMap<String, Vec<(Value, Value)>>,
    extended_require_in: HashMap<String, Vec<(Value, Value)>>,
}

/// The memory of one run's stateconf renders (see the module docs).
pub type SharedGlobals = Mutex<Globals>;

/// Why pre-processing stopped: a `SaltRenderError` (its message), or what would be a Python
/// exception in Salt (then `verify_high` decides the message).
enum Fail {
    Render(String),
    Py,
}

type Step<T = ()> = Result<T, Fail>;

#[derive(Default, Clone, Copy)]
struct Flags {
    no_goal: bool,
    implicit_require: bool,
    gen_start: bool,
    high_input: bool,
}

/// `getopt.getopt(argline.split(), "Gosp")`: the flags and the remaining words.
fn getopt(argline: &str) -> Result<(Flags, Vec<&str>), RenderError> {
    let mut flags = Flags::default();
    let words: Vec<&str> = argline.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        if w == "--" {
            i += 1;
            break;
        }
        if let Some(long) = w.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or("");
            return Err(RenderError::Other(format!(
                "option --{name} not recognized"
            )));
        }
        let Some(opts) = w.strip_prefix('-').filter(|o| !o.is_empty()) else {
            break;
        };
        for c in opts.chars() {
            match c {
                'G' => flags.no_goal = true,
                'o' => flags.implicit_require = true,
                's' => flags.gen_start = true,
                'p' => flags.high_input = true,
                other => {
                    return Err(RenderError::Other(format!(
                        "option -{other} not recognized"
                    )))
                }
            }
        }
        i += 1;
    }
    Ok((flags, words[i..].to_vec()))
}

/// `render(input, saltenv, sls, argline)`.
pub(crate) fn render(input: Value, argline: &str, job: &TemplateJob) -> Result<Value, RenderError> {
    if halite_exec::speculation::is_speculating() {
        // The globals make a stateconf file depend on the files rendered before it.
        halite_exec::speculation::abort();
        return Err(RenderError::Other(
            "stateconf renders in the walk's order".into(),
        ));
    }
    let local;
    let globals = match job.stateconf {
        Some(g) => g,
        None => {
            local = Mutex::new(Globals::default());
            &local
        }
    };
    let mut g = globals
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let (flags, args) = getopt(argline)?;
    let run = Run {
        job,
        sls: job.sls,
        saltenv: job.saltenv,
        flags,
    };
    if flags.high_input {
        return run.process_high_data(&input, false, &mut g);
    }
    let argline = if args.is_empty() {
        "yaml . jinja".to_string()
    } else {
        args.join(" ")
    };
    // `re.split(r"\s+(?<!\\)\.\s+", argline, 1)`: the look-behind sees the whitespace, so a
    // dot written without spaces around it (`\.`) is what does not split.
    let split = regex::Regex::new(r"\s+\.\s+").expect("valid regex");
    let parts: Vec<String> = split
        .splitn(&argline, 2)
        .map(|a| a.trim().replace("\\.", "."))
        .collect();
    let (rd_name, rd_argline) = split_name(&parts[0]);
    let data_renderer = lookup(rd_name, rd_argline, job)?;
    let mut rd_argline = rd_argline.to_string();
    if flags.implicit_require {
        if rd_name == "yaml" {
            rd_argline = format!("-o {rd_argline}");
        } else {
            return Err(RenderError::Render(
                "Implicit ordering is only supported if the yaml renderer is used!".into(),
            ));
        }
    }
    let _ = rd_argline; // the yaml renderer ignores its options
    let Some(template_part) = parts.get(1) else {
        return Err(RenderError::Render(INVALID_USAGE.into()));
    };
    let (rt_name, rt_argline) = split_name(template_part);
    let template_renderer = lookup(rt_name, rt_argline, job)?;
    let text = match input {
        Value::Str(s) => s.to_string(),
        other => {
            return Err(RenderError::Other(format!(
                "'{}' object has no attribute 'read'",
                py_type(&other)
            )))
        }
    };
    let pass = Pass {
        run: &run,
        data_renderer: &data_renderer,
        template_renderer: &template_renderer,
    };
    // The first pass: the part above the end marker, for the stateconf.set arguments.
    let marker = regex::Regex::new(END_MARKER).expect("valid regex");
    if let Some(m) = marker.find(&text) {
        pass.process_sls_data(&text[..m.start()], Map::new(), true, &mut g)?;
    }
    // What stateconf.set states declared (this run's, not only this file's), the keys of
    // this sls's own without their `sls::` prefix.
    let prefix = format!("{}::", job.sls);
    let mut tmplctx = Map::new();
    for (k, v) in g.state_conf.iter() {
        let key = match k.as_str() {
            Some(s) => Value::str(s.strip_prefix(prefix.as_str()).unwrap_or(s)),
            None => k.clone(),
        };
        tmplctx.insert(key, v.clone());
    }
    pass.process_sls_data(&text, tmplctx, false, &mut g)
}

/// `(part + " ").split(" ", 1)`.
fn split_name(part: &str) -> (&str, &str) {
    match part.split_once(' ') {
        Some((name, rest)) => (name, rest.trim()),
        None => (part, ""),
    }
}

/// `renderers[name]`: the loader's KeyError names the function (`'mako2.render'`).
fn lookup(name: &str, argline: &str, job: &TemplateJob) -> Result<Renderer, RenderError> {
    renderer_named(name, argline, job.engine.salt_compat())
        .ok_or_else(|| RenderError::Render(format!("Renderer: '{name}.render' is not available!")))
}

struct Run<'a, 'j> {
    job: &'a TemplateJob<'j>,
    sls: &'a str,
    saltenv: &'a str,
    flags: Flags,
}

struct Pass<'a, 'b, 'j> {
    run: &'a Run<'b, 'j>,
    data_renderer: &'a Renderer,
    template_renderer: &'a Renderer,
}

impl Pass<'_, '_, '_> {
    /// `process_sls_data`: the template renderer (with `sls_dir` and `context` added to the
    /// template variables), the data renderer, then `process_high_data`.
    fn process_sls_data(
        &self,
        data: &str,
        context: Map,
        extract: bool,
        g: &mut Globals,
    ) -> Result<Value, RenderError> {
        let job = self.run.job;
        let sls = self.run.sls;
        let sls_dir = if sls.contains('.') {
            let path = sls.replace('.', "/");
            match path.rsplit_once('/') {
                Some((dir, _)) => dir.to_string(),
                None => String::new(),
            }
        } else {
            sls.to_string()
        };
        let mut extra = job.extra.clone();
        extra.insert(
            "sls_dir",
            Value::str(if sls_dir.is_empty() { "." } else { &sls_dir }),
        );
        for (k, v) in context {
            extra.insert(k, v);
        }
        let tjob = TemplateJob {
            path: job.path,
            default_pipe: job.default_pipe,
            saltenv: job.saltenv,
            sls: job.sls,
            engine: job.engine,
            extra: &extra,
            cached_path: job.cached_path.clone(),
            stateconf: job.stateconf,
        };
        let mut map = None;
        let text = run_renderer(self.template_renderer, Value::str(data), &tjob, &mut map)?;
        let high = run_renderer(self.data_renderer, text, job, &mut map)?;
        self.run.process_high_data(&high, extract, g)
    }
}

impl Run<'_, '_> {
    /// `process_high_data`: the pre-processing on a copy of the rendered data.
    fn process_high_data(
        &self,
        high: &Value,
        extract: bool,
        g: &mut Globals,
    ) -> Result<Value, RenderError> {
        let mut data = high.clone();
        match self.preprocess(&mut data, extract, g) {
            Ok(()) => Ok(data),
            Err(Fail::Render(msg)) => Err(RenderError::Render(msg)),
            Err(Fail::Py) => Err(self.python_error(high)),
        }
    }

    /// The `except Exception` branch: `State.verify_high` on the rendered data.
    fn python_error(&self, high: &Value) -> RenderError {
        let Value::Map(high) = high else {
            // verify_high itself fails on `high.items()`.
            let kind = match high {
                Value::Str(_) => "_io.StringIO",
                other => py_type(other),
            };
            return RenderError::Other(format!("'{kind}' object has no attribute 'items'"));
        };
        let compat = self.job.engine.salt_compat();
        if let Some(crash) = halite_compile::verify_high_crash_as(high, compat) {
            return RenderError::Other(crash);
        }
        let errors = halite_compile::verify_high_as(high, compat);
        // Salt's other verify_high messages name `body["__sls__"]`, which the renderer's
        // data does not have yet: a KeyError.
        if errors
            .iter()
            .any(|e| !e.ends_with("is not formatted as a dictionary"))
        {
            return RenderError::Other("'__sls__'".into());
        }
        if errors.is_empty() {
            RenderError::Render("sls preprocessing/rendering failed!".into())
        } else {
            RenderError::Render(errors.join("\n"))
        }
    }

    fn preprocess(&self, data: &mut Value, extract: bool, g: &mut Globals) -> Step {
        let Value::Map(data) = data else {
            return Err(Fail::Py);
        };
        rewrite_single_shorthand_state_decl(data);
        rewrite_sls_includes_excludes(data, self.sls, self.saltenv)?;
        if !extract && self.flags.implicit_require {
            if let Some(sid) = has_names_decls(data)? {
                return Err(Fail::Render(format!(
                    "'names' declaration(found in state id: {sid}) is not supported with \
                     implicitly ordered states! You should generate the states in a template \
                     for-loop instead."
                )));
            }
            add_implicit_requires(data, g)?;
        }
        if self.flags.gen_start {
            add_start_state(data, self.sls)?;
        }
        if !extract && !self.flags.no_goal {
            add_goal_state(data)?;
        }
        rename_state_ids(data, self.sls, false)?;
        extract_state_confs(data, false, g)
    }
}

// ----- the pre-processing steps, in Salt's words ------------------------------------------

fn rewrite_single_shorthand_state_decl(data: &mut Map) {
    for (_, states) in data.iter_mut() {
        if let Value::Str(s) = states {
            let mut m = Map::new();
            m.insert(Value::Str(s.clone()), Value::List(List::new()));
            *states = Value::Map(m);
        }
    }
}

fn as_str(v: &Value) -> Step<&str> {
    v.as_str().ok_or(Fail::Py)
}

fn rewrite_sls_includes_excludes(data: &mut Map, sls: &str, saltenv: &str) -> Step {
    for (sid, value) in data.iter_mut() {
        match sid.as_str() {
            Some("include") => match value {
                Value::List(includes) => {
                    for each in includes.iter_mut() {
                        let (slsenv, incl) = match &mut *each {
                            Value::Map(m) => {
                                // `each.popitem()`: the entry leaves the dict either way.
                                let Some((k, _)) = m.get_index(m.len().wrapping_sub(1)) else {
                                    return Err(Fail::Py);
                                };
                                let k = k.clone();
                                let v = m.remove_value(&k).unwrap_or_default();
                                (k, v)
                            }
                            other => (Value::str(saltenv), other.clone()),
                        };
                        let incl = as_str(&incl)?;
                        if incl.starts_with('.') {
                            let mut m = Map::new();
                            m.insert(slsenv, Value::str(relative_to_abs_sls(incl, sls)?));
                            *each = Value::Map(m);
                        }
                    }
                }
                // Iterating a string yields characters; a dot would be assigned into it.
                Value::Str(s) if !s.contains('.') => {}
                Value::Map(m) if m.is_empty() => {}
                _ => return Err(Fail::Py),
            },
            Some("exclude") => {
                for sdata in iterate(value)? {
                    match sdata {
                        Value::Map(m) => {
                            if let Some(target) = m.get_mut("sls") {
                                let t = as_str(target)?;
                                if t.starts_with('.') {
                                    *target = Value::str(relative_to_abs_sls(t, sls)?);
                                }
                            }
                        }
                        Value::Str(s) if s.contains("sls") => return Err(Fail::Py),
                        Value::List(l) if l.iter().any(|v| v.as_str() == Some("sls")) => {
                            return Err(Fail::Py)
                        }
                        Value::Str(_) | Value::List(_) => {}
                        _ => return Err(Fail::Py),
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// `for x in value` over what Python can iterate: a list's items (a dict's keys and a
/// string's characters are never dicts, so they are left out here).
fn iterate(value: &mut Value) -> Step<Vec<&mut Value>> {
    match value {
        Value::List(l) => Ok(l.iter_mut().collect()),
        Value::Map(_) | Value::Str(_) => Ok(Vec::new()),
        _ => Err(Fail::Py),
    }
}

/// `_relative_to_abs_sls`.
fn relative_to_abs_sls(relative: &str, sls: &str) -> Step<String> {
    let levels = relative.len() - relative.trim_start_matches('.').len();
    let suffix = &relative[levels..];
    let comps: Vec<&str> = sls.split('.').collect();
    if levels > comps.len() {
        return Err(Fail::Render(
            "Attempted relative include goes beyond top level package".into(),
        ));
    }
    let mut out: Vec<&str> = comps[..comps.len() - levels].to_vec();
    out.push(suffix);
    Ok(out.join("."))
}

/// `_local_to_abs_sid` (the id starts with a dot).
fn local_to_abs_sid(sid: &str, sls: &str) -> Step<String> {
    if sid.contains("::") {
        return relative_to_abs_sls(sid, sls);
    }
    let abs = relative_to_abs_sls(sid, &format!("{sls}."))?;
    Ok(match abs.rsplit_once('.') {
        Some((a, b)) => format!("{a}::{b}"),
        None => abs,
    })
}

/// `state_name`: the module of `mod` or `mod.fun`.
fn state_name(sname: &str) -> &str {
    sname.split('.').next().unwrap_or(sname)
}

/// One `(sid, sname)` of `statelist`: the keys of the states it yields, in order.
fn statelist(data: &Map, excludes: &[&str]) -> Step<Vec<(Value, Value)>> {
    let mut out = Vec::new();
    for (sid, states) in data.iter() {
        let s = as_str(sid)?;
        if s.starts_with("__") || excludes.contains(&s) {
            continue;
        }
        let Value::Map(states) = states else {
            return Err(Fail::Py);
        };
        for (sname, _) in states.iter() {
            if as_str(sname)?.starts_with("__") {
                continue;
            }
            out.push((sid.clone(), sname.clone()));
        }
    }
    Ok(out)
}

const INCLUDE_EXCLUDE: &[&str] = &["include", "exclude"];

fn args_of<'a>(data: &'a Map, sid: &Value, sname: &Value) -> &'a Value {
    static NULL: Value = Value::Null;
    data.get_value(sid)
        .and_then(|s| s.as_map())
        .and_then(|s| s.get_value(sname))
        .unwrap_or(&NULL)
}

fn args_of_mut<'a>(data: &'a mut Map, sid: &Value, sname: &Value) -> Option<&'a mut Value> {
    data.get_value_mut(sid)
        .and_then(|s| s.as_map_mut())
        .and_then(|s| s.get_value_mut(sname))
}

/// `nvlist(thelist, names)`: the single-key dicts of a list (their first key and value),
/// those whose key is in `names` when given.
fn nvlist<'a>(thelist: &'a Value, names: Option<&[&str]>) -> Step<Vec<(&'a Value, &'a Value)>> {
    let items: &[Value] = match thelist {
        Value::List(l) => l,
        Value::Map(_) | Value::Str(_) => &[],
        _ => return Err(Fail::Py),
    };
    let mut out = Vec::new();
    for item in items {
        if let Value::Map(m) = item {
            let Some((name, value)) = m.first() else {
                return Err(Fail::Py);
            };
            if names.is_none_or(|n| name.as_str().is_some_and(|s| n.contains(&s))) {
                out.push((name, value));
            }
        }
    }
    Ok(out)
}

/// `nvlist2(thelist, names)`: `(state, id)` of the requisite entries.
fn nvlist2<'a>(thelist: &'a Value, names: &[&str]) -> Step<Vec<(&'a Value, &'a Value)>> {
    let mut out = Vec::new();
    for (_, value) in nvlist(thelist, Some(names))? {
        out.extend(nvlist(value, None)?);
    }
    Ok(out)
}

fn has_names_decls(data: &Map) -> Step<Option<String>> {
    for (sid, sname) in statelist(data, INCLUDE_EXCLUDE)? {
        if sid.as_str() == Some("extend") {
            continue;
        }
        if !nvlist(args_of(data, &sid, &sname), Some(&["names"]))?.is_empty() {
            return Ok(Some(sid.py_str()));
        }
    }
    Ok(None)
}

/// `T(sid, state)`.
fn tag(sid: &Value, state: &Value) -> Step<String> {
    Ok(format!("{}:{}", sid.py_str(), state_name(as_str(state)?)))
}

fn add_implicit_requires(data: &mut Map, g: &mut Globals) -> Step {
    let mut before: HashSet<String> = HashSet::new();
    let mut after: HashSet<String> = HashSet::new();
    for (sid, states) in data.iter() {
        let keys: Vec<&Value> = match states {
            Value::Map(m) => m.keys().collect(),
            Value::List(l) => l.iter().collect(),
            Value::Str(s) if s.is_empty() => Vec::new(),
            // A string's characters are states here; no real file has one.
            _ => return Err(Fail::Py),
        };
        for state in keys {
            after.insert(tag(sid, state)?);
        }
    }
    let mut prev: Option<(String, Value)> = None;
    for (sid, sname) in statelist(data, INCLUDE_EXCLUDE)? {
        if sid.as_str() == Some("extend") {
            let ext = data
                .get_value(&sid)
                .and_then(Value::as_map)
                .ok_or(Fail::Py)?;
            for (esid, estate) in statelist(ext, INCLUDE_EXCLUDE)? {
                let eargs = args_of(ext, &esid, &estate);
                for (rstate, rsid) in nvlist2(eargs, REQUIRE)? {
                    g.extended_require
                        .entry(tag(&esid, rstate)?)
                        .or_default()
                        .push((rstate.clone(), rsid.clone()));
                }
                for (rstate, rsid) in nvlist2(eargs, REQUIRE_IN)? {
                    g.extended_require_in
                        .entry(tag(&esid, rstate)?)
                        .or_default()
                        .push((rstate.clone(), rsid.clone()));
                }
            }
            continue;
        }
        let t = tag(&sid, &sname)?;
        if !after.remove(&t) {
            return Err(Fail::Py);
        }
        let args = args_of(data, &sid, &sname);
        let mut reqs: Vec<(Value, Value)> = nvlist2(args, REQUIRE)?
            .into_iter()
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect();
        reqs.extend(g.extended_require.get(&t).cloned().unwrap_or_default());
        for (rstate, rsid) in &reqs {
            let r = tag(rsid, rstate)?;
            if after.contains(&r) {
                return Err(Fail::Render(format!(
                    "State({t}) can't require/watch/listen/onchanges/onfail a state({r}) \
                     defined after it!"
                )));
            }
        }
        let mut reqs: Vec<(Value, Value)> = nvlist2(args, REQUIRE_IN)?
            .into_iter()
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect();
        reqs.extend(g.extended_require_in.get(&t).cloned().unwrap_or_default());
        for (rstate, rsid) in &reqs {
            let r = tag(rsid, rstate)?;
            if before.contains(&r) {
                return Err(Fail::Render(format!(
                    "State({t}) can't require_in/watch_in/listen_in/onchanges_in/onfail_in \
                     a state({r}) defined before it!"
                )));
            }
        }
        if let Some((pname, psid)) = &prev {
            let mut req = Map::new();
            req.insert(Value::str(pname.as_str()), psid.clone());
            let args = args_of_mut(data, &sid, &sname).ok_or(Fail::Py)?;
            add_require(args, Value::Map(req))?;
        }
        before.insert(t);
        prev = Some((state_name(as_str(&sname)?).to_string(), sid.clone()));
    }
    Ok(())
}

/// Puts `req` first in the state's `require` list, or appends `- require: [req]`.
fn add_require(args: &mut Value, req: Value) -> Step {
    let Value::List(list) = args else {
        // A dict or a string has no `require` item and no `append`.
        return Err(Fail::Py);
    };
    for item in list.iter_mut() {
        if let Value::Map(m) = item {
            let is_require = m.first().ok_or(Fail::Py)?.0.as_str() == Some("require");
            if is_require {
                let Some((_, value)) = m.get_index_mut(0) else {
                    return Err(Fail::Py);
                };
                let Value::List(reqs) = value else {
                    return Err(Fail::Py);
                };
                reqs.insert(0, req);
                return Ok(());
            }
        }
    }
    let mut m = Map::new();
    m.insert("require", Value::List(List::from(vec![req])));
    list.push(Value::Map(m));
    Ok(())
}

fn contains_key(states: &Value, key: &str) -> Step<bool> {
    match states {
        Value::Map(m) => Ok(m.contains_key(key)),
        Value::List(l) => Ok(l.iter().any(|v| v.as_str() == Some(key))),
        Value::Str(s) => Ok(s.contains(key)),
        _ => Err(Fail::Py),
    }
}

fn add_start_state(data: &mut Map, sls: &str) -> Step {
    if data.contains_key(START_SID) {
        return Err(Fail::Render(format!(
            "Can't generate start state({START_SID})! The same state id already exists!"
        )));
    }
    if data.is_empty() {
        return Ok(());
    }
    let mut first = None;
    for (sid, states) in data.iter() {
        let s = as_str(sid)?;
        if ["include", "exclude", "extend"].contains(&s) || s.starts_with("__") {
            continue;
        }
        if !contains_key(states, "__sls__")? {
            first = Some(sid.clone());
            break;
        }
        match states {
            Value::Map(m) if m.get("__sls__").and_then(Value::as_str) == Some(sls) => {
                first = Some(sid.clone());
                break;
            }
            Value::Map(_) => {}
            _ => return Err(Fail::Py),
        }
    }
    let Some(sid) = first else {
        return Err(Fail::Render(
            "Can't determine the first state in the sls file!".into(),
        ));
    };
    let state = match data.get_value(&sid) {
        Some(Value::Map(m)) => m.first().map(|(k, _)| k.clone()).ok_or(Fail::Py)?,
        _ => return Err(Fail::Py),
    };
    let mut reqin = Map::new();
    reqin.insert(Value::str(state_name(as_str(&state)?)), sid);
    data.insert(START_SID, generated("require_in", vec![Value::Map(reqin)]));
    Ok(())
}

/// `{STATE_FUNC: [{requisite: entries}]}`.
fn generated(requisite: &str, entries: Vec<Value>) -> Value {
    let mut arg = Map::new();
    arg.insert(requisite, Value::List(List::from(entries)));
    let mut body = Map::new();
    body.insert(STATE_FUNC, Value::List(List::from(vec![Value::Map(arg)])));
    Value::Map(body)
}

fn add_goal_state(data: &mut Map) -> Step {
    if data.contains_key(GOAL_SID) {
        return Err(Fail::Render(format!(
            "Can't generate goal state({GOAL_SID})! The same state id already exists!"
        )));
    }
    let mut reqlist = Vec::new();
    for (sid, sname) in statelist(data, &["include", "exclude", "extend"])? {
        let states = data.get_value(&sid).and_then(Value::as_map);
        if states.is_some_and(|s| s.contains_key("__sls__")) {
            continue;
        }
        let mut req = Map::new();
        req.insert(Value::str(state_name(as_str(&sname)?)), sid);
        reqlist.push(Value::Map(req));
    }
    data.insert(GOAL_SID, generated("require", reqlist));
    Ok(())
}

fn rename_state_ids(data: &mut Map, sls: &str, is_extend: bool) -> Step {
    if !is_extend {
        if let Some(ext) = data.get_mut("extend") {
            let Value::Map(ext) = ext else {
                return Err(Fail::Py);
            };
            rename_state_ids(ext, sls, true)?;
        }
    }
    // Relative requisites first, in every state of the file.
    for (sid, sname) in statelist(data, INCLUDE_EXCLUDE)? {
        let Some(args) = args_of_mut(data, &sid, &sname) else {
            continue;
        };
        let items: &mut [Value] = match args {
            Value::List(l) => l,
            Value::Map(_) | Value::Str(_) => &mut [],
            _ => return Err(Fail::Py),
        };
        for item in items.iter_mut() {
            let Value::Map(m) = item else { continue };
            let is_req = {
                let (name, _) = m.first().ok_or(Fail::Py)?;
                name.as_str().is_some_and(|n| REQUISITES.contains(&n))
            };
            if !is_req {
                continue;
            }
            let Some((_, reqs)) = m.get_index_mut(0) else {
                continue;
            };
            let entries: &mut [Value] = match reqs {
                Value::List(l) => l,
                Value::Map(_) | Value::Str(_) => &mut [],
                _ => return Err(Fail::Py),
            };
            for entry in entries.iter_mut() {
                let Value::Map(req) = entry else { continue };
                let Some((_, target)) = req.get_index_mut(0) else {
                    return Err(Fail::Py);
                };
                let t = as_str(target)?;
                if t.starts_with('.') {
                    *target = Value::str(local_to_abs_sid(t, sls)?);
                }
            }
        }
    }
    // Then the ids, moved to the end of the file's data under their new names.
    let sids: Vec<Value> = data.keys().cloned().collect();
    for sid in sids {
        let Some(s) = sid.as_str() else { continue };
        if !s.starts_with('.') {
            continue;
        }
        let newsid = local_to_abs_sid(s, sls)?;
        if data.contains_key(&newsid) {
            return Err(Fail::Render(format!(
                "Can't rename state id({s}) into {newsid} because the later already exists!"
            )));
        }
        let name = &s[1..];
        let Some(Value::Map(states)) = data.get_value_mut(&sid) else {
            return Err(Fail::Py);
        };
        for (sname, args) in states.iter_mut() {
            if state_name(as_str(sname)?) == STATE_NAME {
                continue;
            }
            // A dict's keys or a string's characters are never a `name` item, and neither
            // has `insert`.
            let Value::List(args) = args else {
                return Err(Fail::Py);
            };
            let mut has_name = false;
            for arg in args.iter() {
                if let Value::Map(m) = arg {
                    if m.first().ok_or(Fail::Py)?.0.as_str() == Some("name") {
                        has_name = true;
                        break;
                    }
                }
            }
            if !has_name {
                let mut m = Map::new();
                m.insert("name", Value::str(name));
                args.insert(0, Value::Map(m));
            }
        }
        let i = data.get_index_of(&sid).ok_or(Fail::Py)?;
        data.rekey_to_end(i, Value::str(newsid));
    }
    Ok(())
}

fn extract_state_confs(data: &Map, is_extend: bool, g: &mut Globals) -> Step {
    for (state_id, state_dict) in data.iter() {
        if !is_extend && state_id.as_str() == Some("extend") {
            let Value::Map(ext) = state_dict else {
                return Err(Fail::Py);
            };
            extract_state_confs(ext, true, g)?;
            continue;
        }
        let key = if contains_key(state_dict, STATE_NAME)? {
            STATE_NAME
        } else if contains_key(state_dict, STATE_FUNC)? {
            STATE_FUNC
        } else {
            continue;
        };
        let Value::Map(states) = state_dict else {
            return Err(Fail::Py);
        };
        let args = states.get(key).ok_or(Fail::Py)?;
        let to = if is_extend {
            &mut g.state_conf_ext
        } else {
            &mut g.state_conf
        };
        let conf = to.entry_or_value(state_id, Value::Map(Map::new()));
        let Value::Map(conf) = conf else {
            return Err(Fail::Py);
        };
        for sdk in nvlist(args, None)? {
            conf.insert(sdk.0.clone(), sdk.1.clone());
        }
        if !is_extend {
            if let Some(Value::Map(ext)) = g.state_conf_ext.get_value_mut(state_id) {
                let own = g
                    .state_conf
                    .get_value(state_id)
                    .and_then(Value::as_map)
                    .cloned()
                    .unwrap_or_default();
                for requisite in REQUIRE {
                    if let Some(mine) = ext.get_mut(requisite) {
                        let theirs = own
                            .get(requisite)
                            .cloned()
                            .unwrap_or(Value::List(List::new()));
                        match (mine, theirs) {
                            (Value::List(a), Value::List(b)) => a.extend(b),
                            (Value::Str(a), Value::Str(b)) => {
                                *a = format!("{a}{b}").into();
                            }
                            _ => return Err(Fail::Py),
                        }
                    }
                }
                let ext = ext.clone();
                if let Some(Value::Map(conf)) = g.state_conf.get_value_mut(state_id) {
                    for (k, v) in ext {
                        conf.insert(k, v);
                    }
                }
            }
        }
    }
    Ok(())
}

/// `dict.setdefault` with any key.
trait EntryOrValue {
    fn entry_or_value(&mut self, key: &Value, default: Value) -> &mut Value;
}

impl EntryOrValue for Map {
    fn entry_or_value(&mut self, key: &Value, default: Value) -> &mut Value {
        if !self.contains_value_key(key) {
            self.insert(key.clone(), default);
        }
        self.get_value_mut(key).expect("just inserted")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_ids_resolve_as_salts_local_to_abs_sid() {
        assert!(matches!(
            local_to_abs_sid(".x", "app").ok().as_deref(),
            Some("app::x")
        ));
        assert!(matches!(
            local_to_abs_sid("..x", "a.b").ok().as_deref(),
            Some("a::x")
        ));
        assert!(matches!(
            local_to_abs_sid("..x", "app").ok().as_deref(),
            Some("x")
        ));
        assert!(matches!(
            local_to_abs_sid("..c::y", "a.b.d").ok().as_deref(),
            Some("a.c::y")
        ));
        assert!(matches!(
            local_to_abs_sid("...x", "app"),
            Err(Fail::Render(_))
        ));
    }

    #[test]
    fn getopt_stops_at_the_first_word() {
        let (f, rest) = getopt("-Go yaml . jinja -s").ok().unwrap_or_default();
        assert!(f.no_goal && f.implicit_require && !f.gen_start);
        assert_eq!(rest, vec!["yaml", ".", "jinja", "-s"]);
        assert!(getopt("-x yaml").is_err());
    }
}
