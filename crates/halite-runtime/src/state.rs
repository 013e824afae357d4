//! `salt.state.State`'s run loop, ported: `call_chunks`, `call_chunk`, `check_requisite`,
//! `call`, `call_listen`. Chunks are referred to by their index in the current chunk list, and
//! are mutated in place where Salt mutates its low dicts (`__prereq__`, watch turned require).

use crate::checks::{run_check, run_check_cmd};
use crate::{Aborted, RunOptions, RuntimeEnv, SingleError};
use halite_states::util::{fnmatch, gen_tag, local_time_iso};
use halite_states::{StateCall, StateError};
use halite_value::{Map, Value};
use std::collections::{HashMap, HashSet};
use std::time::{Instant, SystemTime};

/// Requisite keywords in the order Salt's `check_requisite` builds its `reqs` dict.
/// Salt's `STATE_REQUISITE_IN_KEYWORDS`.
const STATE_REQUISITE_IN_KEYWORDS: [&str; 7] = [
    "onchanges_in",
    "onfail_in",
    "require_in",
    "watch_in",
    "listen_in",
    "prereq_in",
    "use_in",
];

/// Salt 3007's exception when reconcile_procs meets `running['__FAILHARD__']` (a bool).
const FAILHARD_IN_RECONCILE: &str = "AttributeError: 'bool' object has no attribute 'get' (Salt 3007's reconcile_procs on running['__FAILHARD__'], left by a failhard state inside a requisite chain)";

const REQ_ORDER: [&str; 10] = [
    "require",
    "require_any",
    "watch",
    "watch_any",
    "prereq",
    "onfail",
    "onfail_any",
    "onfail_all",
    "onchanges",
    "onchanges_any",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Met,
    Unmet,
    Fail,
    Pre,
    Onfail,
    Onchanges,
    Change,
    /// Salt 3008: an onchanges / prereq requisite fired but one of the requisites set
    /// `skip_req`: the state is not run.
    SkipReq,
    /// Salt 3008: a watch requisite has changes but one of the requisites set `skip_req`:
    /// the state runs, its mod_watch does not.
    SkipWatch,
}

type Reqs = Vec<(&'static str, Vec<usize>)>;

struct State<'a> {
    opts: &'a RunOptions,
    /// The caller's environment, until a state makes Salt reload its modules
    /// ([`State::check_refresh`]): then this run's own, loaded anew.
    env: std::borrow::Cow<'a, RuntimeEnv>,
    run_num: i64,
    pre: Map,
    active: HashSet<String>,
    chunks: Vec<Map>,
    /// Chunk indices by name and by ID, for requisites without glob characters (a lookup
    /// instead of Salt's scan over every chunk; same matches, same order).
    index: Option<ChunkIndex>,
    /// `parallel: True` states still running, by tag (Salt's `proc` entries).
    procs: Vec<(String, std::thread::JoinHandle<Map>)>,
    /// The options select Salt 3008 (`salt_compat`).
    salt3008: bool,
    /// State modules whose `mod_init` ran (Salt's `State.mod_init`).
    mod_init: HashSet<String>,
    /// Set when a chunk's function was called with keyword arguments it does not take
    /// (`format_call`'s SaltInvocationError): Salt's `call` raises out of the whole run, so
    /// nothing runs after it.
    abort: Option<Aborted>,
    /// Nested `call_chunk` calls, and the fingerprints of those past [`LOOP_CHECK_DEPTH`].
    nesting: usize,
    frames: Vec<(usize, usize, usize, i64, usize, u64)>,
    /// How many of those calls are for each chunk.
    on_stack: Vec<u32>,
    /// Counts the changes the run makes to its chunks' requisite data (flags set, lists
    /// merged, `watch` turned into `require`), for the fingerprints.
    epoch: u64,
    /// The lowest address of this thread's stack (where it is known).
    stack_low: Option<usize>,
}

/// Nesting below which `call_chunk` takes no fingerprints (a run's requisite chains are
/// rarely this deep; deeper ones pay one hash over the chunks a call).
const LOOP_CHECK_DEPTH: usize = 64;
/// How many nested `call_chunk` calls (past [`LOOP_CHECK_DEPTH`]) one chunk may have on the
/// stack: Salt's own depth retry nests a chunk at most 20 times, prereq re-entry a few more.
const MAX_SAME_CHUNK_ON_STACK: u32 = 64;
/// Stack kept free under the deepest `call_chunk` (one call's frames and what the state it
/// runs needs).
const STACK_RESERVE: usize = 1 << 20;

/// The stack of the thread a run's chunks are called on: Salt's `call_chunk` recurses once
/// a requisite level, so the stack bounds the deepest requisite chain halite runs in Salt
/// 3007's order (3008 orders chunks by the requisite graph and rarely recurses). The pages
/// are only reserved; a run touches what its depth needs.
const RUN_STACK: usize = 512 << 20;

/// Runs `f` on a thread with a [`RUN_STACK`] stack (here when no thread can be started).
fn with_run_stack<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    let cell = std::sync::Mutex::new(Some(f));
    let take = || cell.lock().ok().and_then(|mut g| g.take());
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("halite-run".into())
            .stack_size(RUN_STACK)
            .spawn_scoped(scope, || take().map(|f| f()));
        let ran = match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            Err(_) => None,
        };
        match ran {
            Some(r) => r,
            None => match take() {
                Some(f) => f(),
                None => unreachable!("the run's closure is taken once"),
            },
        }
    })
}

/// The lowest address of the calling thread's stack (glibc's and musl's
/// `pthread_getattr_np`; for the main thread, its size is the stack rlimit).
fn stack_low() -> Option<usize> {
    // SAFETY: a zeroed attr is filled by pthread_getattr_np and destroyed after use; the
    // out-parameters are valid locals.
    unsafe {
        let mut attr: libc::pthread_attr_t = std::mem::zeroed();
        if libc::pthread_getattr_np(libc::pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut libc::c_void = std::ptr::null_mut();
        let mut size: libc::size_t = 0;
        let rc = libc::pthread_attr_getstack(&attr, &mut addr, &mut size);
        libc::pthread_attr_destroy(&mut attr);
        (rc == 0 && !addr.is_null()).then_some(addr as usize)
    }
}

#[derive(Default)]
struct ChunkIndex {
    by_name: HashMap<String, Vec<usize>>,
    by_id: HashMap<String, Vec<usize>>,
}

fn s(v: &str) -> Value {
    Value::str(v)
}

fn low_str(low: &Map, k: &str) -> String {
    low.get(k).map(Value::py_str).unwrap_or_default()
}

/// `trim_req` plus the string form: `(key, value)` of a requisite entry.
fn req_pair(req: &Value) -> Option<(String, Value)> {
    match req {
        Value::Str(_) => Some(("id".into(), req.clone())),
        Value::Map(m) => {
            let (k, v) = m.first()?;
            let key = k.py_str();
            let key = match key.split_once('.') {
                Some((a, _)) => a.to_string(),
                None => key,
            };
            Some((key, v.clone()))
        }
        _ => None,
    }
}

fn req_list(low: &Map, key: &str) -> Vec<Value> {
    match low.get(key) {
        Some(Value::List(l)) => l.to_vec(),
        Some(Value::Null) | None => Vec::new(),
        Some(other) => vec![other.clone()],
    }
}

/// `_calculate_fake_duration`: a start time of now and a duration of (almost) nothing.
fn fake_duration() -> (Value, Value) {
    let start = SystemTime::now();
    let t = Instant::now();
    let st = local_time_iso(start);
    (
        s(&st),
        Value::Float(t.elapsed().as_micros() as f64 / 1000.0),
    )
}

fn result_of(running: &Map, tag: &str) -> Option<Value> {
    running.get(tag).and_then(|r| r.get("result")).cloned()
}

fn changes_truthy(running: &Map, tag: &str) -> bool {
    running
        .get(tag)
        .and_then(|r| r.get("changes"))
        .map(Value::truthy)
        .unwrap_or(false)
}

impl<'a> State<'a> {
    fn new(opts: &'a RunOptions, env: &'a RuntimeEnv) -> Self {
        State {
            opts,
            env: std::borrow::Cow::Borrowed(env),
            run_num: opts.run_num_start,
            pre: Map::new(),
            active: HashSet::new(),
            chunks: Vec::new(),
            index: None,
            procs: Vec::new(),
            salt3008: halite_value::SaltCompat::of_value(&env.ctx.opts).is_3008(),
            mod_init: HashSet::new(),
            abort: None,
            nesting: 0,
            frames: Vec::new(),
            on_stack: Vec::new(),
            epoch: 0,
            stack_low: None,
        }
    }

    /// The run as Salt ends it: the running dict, or the exception that ended it (after
    /// waiting for the parallel states already started, which Salt's own processes finish).
    fn finish(&mut self, mut running: Map) -> Result<Map, Aborted> {
        self.reconcile_procs(&mut running);
        match self.abort.take() {
            Some(aborted) => Err(aborted),
            None => Ok(running),
        }
    }

    /// `_mod_aggregate`: with `state_aggregate` (or the chunk's `aggregate`) naming the
    /// chunk's module (True: every module), its `mod_aggregate` folds the other chunks into
    /// this one, then `_aggregate_requisites` merges their requisites in.
    fn mod_aggregate(&mut self, i: usize, running: &Map) {
        let low = &self.chunks[i];
        let state = low_str(low, "state");
        let opt = match low.get("aggregate") {
            Some(v) => v.clone(),
            None => self
                .env
                .ctx
                .opts
                .get("state_aggregate")
                .cloned()
                .unwrap_or(Value::Bool(false)),
        };
        let enabled = match &opt {
            Value::Bool(true) => true,
            Value::List(l) => l.iter().any(|m| m.as_str() == Some(state.as_str())),
            _ => false,
        };
        if !enabled || low.get("__agg__").is_some_and(Value::truthy) {
            return;
        }
        let Some(agg) = self.env.states.mod_aggregate(&state) else {
            return;
        };
        self.set_flag(i, "__agg__");
        agg(&mut self.chunks, i, running);
        // _aggregate_requisites
        let name = self.chunks[i].get("name").cloned();
        let mut reqs: Vec<(String, Vec<Value>)> = Vec::new();
        for c in &self.chunks {
            if low_str(c, "state") != state
                || !c.get("__agg__").is_some_and(Value::truthy)
                || c.get("name").cloned() == name
            {
                continue;
            }
            for key in halite_states::util::STATE_REQUISITE_KEYWORDS
                .iter()
                .chain(STATE_REQUISITE_IN_KEYWORDS.iter())
            {
                if let Some(Value::List(l)) = c.get(key) {
                    match reqs.iter_mut().find(|(k, _)| k == key) {
                        Some((_, v)) => v.extend(l.iter().cloned()),
                        None => reqs.push((key.to_string(), l.iter().cloned().collect())),
                    }
                }
            }
        }
        for (k, v) in reqs {
            self.chunks[i].insert(k.as_str(), Value::List(v.into_iter().collect()));
            self.epoch += 1;
        }
        self.index = None;
    }

    /// `_mod_init`: a module's `mod_init` before its first state of the run.
    fn mod_init(&mut self, i: usize) {
        let low = &self.chunks[i];
        let state = low_str(low, "state");
        let full = format!("{state}.{}", low_str(low, "fun"));
        if !self.env.states.contains(&full) || self.mod_init.contains(&state) {
            return;
        }
        if let Some(init) = self.env.states.mod_init(&state) {
            if init(low, &self.env.ctx) {
                self.mod_init.insert(state);
            }
        }
    }

    fn has_mod_watch(&self, low: &Map) -> bool {
        self.env
            .states
            .contains(&format!("{}.mod_watch", low_str(low, "state")))
    }

    /// Does this chunk match the requisite `(key, val)`? (by ID or name glob, and state type
    /// unless the key is `id`; `sls` matches the chunk's sls or its include chain.)
    /// The chunks a requisite `(key, val)` matches, in chunk order (Salt scans every chunk).
    fn find_matches(&mut self, key: &str, val: &Value) -> Vec<usize> {
        let pat = val.py_str();
        let is_glob = pat.contains(['*', '?', '[']);
        if key == "sls" || is_glob {
            return (0..self.chunks.len())
                .filter(|&j| Self::chunk_matches(&self.chunks[j], key, val))
                .collect();
        }
        if self.index.is_none() {
            let mut idx = ChunkIndex::default();
            for (j, c) in self.chunks.iter().enumerate() {
                idx.by_name.entry(low_str(c, "name")).or_default().push(j);
                idx.by_id.entry(low_str(c, "__id__")).or_default().push(j);
            }
            self.index = Some(idx);
        }
        let Some(idx) = &self.index else {
            return Vec::new();
        };
        let mut out: Vec<usize> = idx.by_name.get(&pat).cloned().unwrap_or_default();
        out.extend(idx.by_id.get(&pat).cloned().unwrap_or_default());
        out.sort_unstable();
        out.dedup();
        if key != "id" {
            out.retain(|&j| self.chunks[j].get("state").and_then(Value::as_str) == Some(key));
        }
        out
    }

    fn chunk_matches(chunk: &Map, key: &str, val: &Value) -> bool {
        let pat = val.py_str();
        if key == "sls" {
            let sls = low_str(chunk, "__sls__");
            let included = chunk
                .get("__sls_included_from__")
                .and_then(Value::as_list)
                .map(|l| l.iter().any(|x| x.py_str() == pat))
                .unwrap_or(false);
            return fnmatch(&sls, &pat) || included;
        }
        if fnmatch(&low_str(chunk, "name"), &pat) || fnmatch(&low_str(chunk, "__id__"), &pat) {
            return key == "id" || low_str(chunk, "state") == key;
        }
        false
    }

    // ---- call_chunks -------------------------------------------------------------------------

    /// The start of Salt's `call_chunks`: chunks whose `state.fun` matches a glob of the
    /// `state_runs_disabled` grain leave the list and get a failed result instead.
    fn take_disabled(&mut self, chunks: &mut Vec<Map>) -> Map {
        let mut disabled = Map::new();
        let Some(pats) = &self.opts.state_runs_disabled else {
            return disabled;
        };
        chunks.retain(|low| {
            let state_ = format!("{}.{}", low_str(low, "state"), low_str(low, "fun"));
            let Some(pat) = pats.iter().find(|p| fnmatch(&state_, p)) else {
                return true;
            };
            let mut ret = Map::new();
            ret.insert("changes", Value::Map(Map::new()));
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::Str(format!(
                    "The state function \"{state_}\" is currently disabled by \"{pat}\", to re-enable, run state.enable {pat}."
                ).into()),
            );
            ret.insert("__run_num__", Value::Int(self.run_num));
            ret.insert(
                "__sls__",
                low.get("__sls__").cloned().unwrap_or(Value::Null),
            );
            self.run_num += 1;
            disabled.insert(gen_tag(low).as_str(), Value::Map(ret));
            false
        });
        disabled
    }

    /// `call_chunks`, handing the chunks back as the run left them (Salt mutates its chunk
    /// dicts in place, and `call_listen` then reads the same list).
    fn call_chunks(&mut self, chunks: Vec<Map>) -> (Map, Vec<Map>) {
        let saved = std::mem::replace(&mut self.chunks, chunks);
        let saved_index = self.index.take();
        if self.salt3008 {
            self.link_prereqs();
        }
        let running = self.call_each_chunk();
        let chunks = std::mem::replace(&mut self.chunks, saved);
        self.index = saved_index;
        (running, chunks)
    }

    /// Salt 3008 links a `prereq` in its requisite graph: the prerequired state's real run
    /// requires the state declaring the prereq (a REQUIRE edge; 3007's requisite_in wrote a
    /// `prerequired` requisite into it instead). The runtime checks that requisite as
    /// `prerequired`, on every copy of the prerequired chunk (the graph lists it twice: the
    /// prereq check, `__prereq__: true`, and the real run).
    fn link_prereqs(&mut self) {
        let mut links: Vec<(usize, Value)> = Vec::new();
        for i in 0..self.chunks.len() {
            if !self.chunks[i].contains_key("prereq") {
                continue;
            }
            let low = &self.chunks[i];
            let mut entry = Map::new();
            entry.insert(
                low.get("state").cloned().unwrap_or(Value::Null),
                low.get("__id__").cloned().unwrap_or(Value::Null),
            );
            let entry = Value::Map(entry);
            for req in req_list(low, "prereq") {
                let Some((key, val)) = req_pair(&req) else {
                    continue;
                };
                if val.is_null() {
                    continue;
                }
                for j in self.find_matches(&key, &val) {
                    links.push((j, entry.clone()));
                }
            }
        }
        for (j, entry) in links {
            if let Value::List(l) =
                self.chunks[j].entry_or("prerequired", Value::List(Vec::new().into()))
            {
                if !l.iter().any(|e| e == &entry) {
                    l.push(entry);
                }
            }
        }
    }

    fn call_each_chunk(&mut self) -> Map {
        let mut running = Map::new();
        for i in 0..self.chunks.len() {
            if self.abort.is_some() {
                break;
            }
            if running.contains_key("__FAILHARD__") {
                running.remove("__FAILHARD__");
                self.reconcile_procs(&mut running);
                return running;
            }
            let tag = gen_tag(&self.chunks[i]);
            if !running.contains_key(tag.as_str()) {
                self.call_chunk(i, &mut running, 0);
                if self.check_failhard(i, &running) {
                    running.remove("__FAILHARD__");
                    self.reconcile_procs(&mut running);
                    return running;
                }
            }
            self.active.clear();
        }
        // Salt 3007 pops `__FAILHARD__` only at the top of the next iteration: set while the
        // last chunk ran (a failhard state among its requisites), it is still in the running
        // dict, and reconcile_procs raises on it (`running[tag].get` of a bool).
        if !self.salt3008 && running.contains_key("__FAILHARD__") {
            self.abort = Some(Aborted::SaltCrash(FAILHARD_IN_RECONCILE.into()));
            return running;
        }
        self.reconcile_procs(&mut running);
        running
    }

    fn check_failhard(&self, i: usize, running: &Map) -> bool {
        if self.opts.test {
            return false;
        }
        let low = &self.chunks[i];
        let tag = gen_tag(low);
        let fh = match low.get("failhard") {
            Some(v) => v.truthy(),
            None => self.opts.failhard,
        };
        if fh && running.contains_key(tag.as_str()) {
            return match result_of(running, &tag) {
                Some(Value::Null) => false,
                Some(r) => !r.truthy(),
                None => true,
            };
        }
        false
    }

    // ---- check_requisite ---------------------------------------------------------------------

    fn check_requisite(&mut self, i: usize, running: &Map, pre: bool) -> (Status, Reqs) {
        {
            let has_mw = self.has_mod_watch(&self.chunks[i]);
            let low = &mut self.chunks[i];
            // If mod_watch is not available make it a require.
            let mut converted = false;
            for (w, r) in [("watch", "require"), ("watch_any", "require_any")] {
                if low.contains_key(w) && !has_mw {
                    let watch = req_list(low, w);
                    low.remove(w);
                    let mut reqs = req_list(low, r);
                    reqs.extend(watch);
                    low.insert(r, Value::List(reqs.into()));
                    converted = true;
                }
            }
            if converted {
                self.epoch += 1;
            }
        }
        let low = &self.chunks[i];
        let mut keys: Vec<&'static str> = REQ_ORDER.to_vec();
        if pre {
            keys.push("prerequired");
        }
        let present = keys.iter().any(|k| low.contains_key(k)) || low.contains_key("prerequired");
        if !present {
            return (Status::Met, Vec::new());
        }
        // Salt 3007's check_requisite calls reconcile_procs(running) here, which raises on a
        // `__FAILHARD__` left in the running dict by a failhard state further down this
        // chunk's requisite chain (`running[tag].get` of a bool). The caller stops.
        if !self.salt3008 && running.contains_key("__FAILHARD__") {
            self.abort = Some(Aborted::SaltCrash(FAILHARD_IN_RECONCILE.into()));
            return (Status::Met, Vec::new());
        }
        let wanted: Vec<(&'static str, Vec<Value>)> = keys
            .iter()
            .map(|k| {
                let active = low.get(k).map(|v| !v.is_null()).unwrap_or(false)
                    && !self.opts.disabled_requisites.iter().any(|d| d == k);
                (*k, if active { req_list(low, k) } else { Vec::new() })
            })
            .collect();
        let mut reqs: Reqs = Vec::with_capacity(wanted.len());
        for (r_state, req_values) in wanted {
            let mut found_list = Vec::new();
            for req in req_values {
                let Some((key, val)) = req_pair(&req) else {
                    continue;
                };
                if val.is_null() {
                    continue;
                }
                let matches = self.find_matches(&key, &val);
                if matches.is_empty() {
                    return (Status::Unmet, Vec::new());
                }
                found_list.extend(matches);
            }
            reqs.push((r_state, found_list));
        }
        let mut fun_stats: HashSet<&'static str> = HashSet::new();
        for (r_state, idxs) in &reqs {
            let mut req_stats: HashSet<&'static str> = HashSet::new();
            let is_prereq = r_state.starts_with("prereq") && !r_state.starts_with("prerequired");
            let run_dict = if is_prereq { &self.pre } else { running };
            for &j in idxs {
                let tag = gen_tag(&self.chunks[j]);
                let Some(r) = run_dict.get(tag.as_str()) else {
                    req_stats.insert("unmet");
                    continue;
                };
                let result = r.get("result").cloned().unwrap_or(Value::Null);
                // Salt 3008: "A state can include a "skip_req" key in the return dict with a
                // True value to skip triggering onchanges, watch, or other requisites".
                if self.salt3008 && r.get("skip_req").is_some_and(Value::truthy) {
                    req_stats.insert("skip_req");
                }
                if r_state.starts_with("onfail") {
                    if result == Value::Bool(true) && matches!(result, Value::Bool(_)) {
                        req_stats.insert("onfail");
                        continue;
                    }
                } else if self.salt3008 && r_state.starts_with("onchanges") {
                    // Salt 3008: "onchanges is a soft trigger: a failed target is treated
                    // the same as a target with no changes, not a hard failure".
                    let changes = r.get("changes").map(Value::truthy).unwrap_or(false);
                    let soft = matches!(result, Value::Bool(false)) || !changes;
                    req_stats.insert(if soft { "onchanges" } else { "onchangesmet" });
                    continue;
                } else if matches!(result, Value::Bool(false)) {
                    req_stats.insert("fail");
                    continue;
                }
                let changes = r.get("changes").map(Value::truthy).unwrap_or(false);
                if r_state.starts_with("onchanges") {
                    req_stats.insert(if changes { "onchangesmet" } else { "onchanges" });
                    continue;
                }
                if r_state.starts_with("watch") && changes {
                    req_stats.insert("change");
                    continue;
                }
                let is_pre_state = r_state.starts_with("prereq");
                if is_pre_state && result.is_null() && !r_state.starts_with("prerequired") {
                    req_stats.insert("premet");
                }
                if is_pre_state && !result.is_null() {
                    if !r_state.starts_with("prerequired") {
                        req_stats.insert("pre");
                    }
                } else if r.get("__state_ran__").map(Value::truthy).unwrap_or(true) {
                    req_stats.insert("met");
                }
            }
            if r_state.ends_with("_any") || *r_state == "onfail" {
                if (req_stats.contains("met") || req_stats.contains("change"))
                    && req_stats.contains("fail")
                {
                    req_stats.remove("fail");
                }
                if req_stats.contains("onchangesmet") {
                    req_stats.remove("onchanges");
                    req_stats.remove("fail");
                }
                if req_stats.contains("onfail") && req_stats.contains("met") {
                    req_stats.remove("onfail");
                }
            }
            if r_state.ends_with("_all") && req_stats.contains("onfail") {
                req_stats.remove("met");
            }
            fun_stats.extend(req_stats);
        }
        let st = if fun_stats.contains("unmet") {
            Status::Unmet
        } else if fun_stats.contains("fail") {
            Status::Fail
        } else if fun_stats.contains("skip_req")
            && (fun_stats.contains("onchangesmet") || fun_stats.contains("premet"))
        {
            Status::SkipReq
        } else if fun_stats.contains("skip_req") && fun_stats.contains("change") {
            Status::SkipWatch
        } else if fun_stats.contains("pre") {
            if fun_stats.contains("premet") {
                Status::Met
            } else {
                Status::Pre
            }
        } else if fun_stats.contains("onfail") && !fun_stats.contains("onchangesmet") {
            Status::Onfail
        } else if fun_stats.contains("onchanges") && !fun_stats.contains("onchangesmet") {
            Status::Onchanges
        } else if fun_stats.contains("change") {
            Status::Change
        } else if fun_stats.contains("onfail") {
            Status::Onfail
        } else {
            Status::Met
        };
        (st, reqs)
    }

    // ---- call_chunk --------------------------------------------------------------------------

    fn fake_ret(&self, low: &Map, comment: &str, extra: Option<(&str, Value)>) -> Map {
        let (st, dur) = fake_duration();
        let mut m = Map::new();
        m.insert("changes", Value::Map(Map::new()));
        m.insert("result", Value::Bool(!matches!(comment, c if c.starts_with("One or more") || c.starts_with("The following requisites"))));
        m.insert("duration", dur);
        m.insert("start_time", st);
        m.insert("comment", s(comment));
        if let Some((k, v)) = extra {
            m.insert(k, v);
        }
        m.insert("__run_num__", Value::Int(self.run_num));
        for key in ["__sls__", "__id__", "name"] {
            m.insert(key, low.get(key).cloned().unwrap_or(Value::Null));
        }
        m
    }

    /// What Salt 3008's `_assign_not_run_result_dict` adds to every result of a state its
    /// requisites kept from running (3007 added it only for onfail and onchanges).
    fn not_run(&self) -> Option<(&'static str, Value)> {
        self.salt3008
            .then_some(("__state_ran__", Value::Bool(false)))
    }

    fn recursive_ret(&self, low: &Map) -> Map {
        let mut m = Map::new();
        m.insert("changes", Value::Map(Map::new()));
        m.insert("result", Value::Bool(false));
        m.insert("comment", s("Recursive requisite found"));
        m.insert("__run_num__", Value::Int(self.run_num));
        for key in ["__sls__", "__id__", "name"] {
            m.insert(key, low.get(key).cloned().unwrap_or(Value::Null));
        }
        m
    }

    /// `call_chunk` with a guard around Salt's recursion: past [`LOOP_CHECK_DEPTH`] nested
    /// calls, each call notes a fingerprint of everything the recursion depends on (the chunk,
    /// how many results and prereq results there are, the run number, the chunks' requisite
    /// flags and lists). The same fingerprint twice on the stack means Salt's `call_chunk`
    /// recurses without end (a cycle through `prerequired` chunks, which it never marks
    /// active), until Python's RecursionError ends salt-call with no output; halite reports
    /// that crash instead of repeating. A chain too deep for this thread's stack ends the
    /// same way rather than overflowing it.
    fn call_chunk(&mut self, i: usize, running: &mut Map, depth: u32) {
        if self.abort.is_some() {
            return;
        }
        self.nesting += 1;
        let mut noted = false;
        if self.nesting > LOOP_CHECK_DEPTH {
            if self.nesting == LOOP_CHECK_DEPTH + 1 && self.stack_low.is_none() {
                self.stack_low = stack_low();
            }
            let fp = self.fingerprint(i, running);
            let stack_low = self
                .stack_low
                .is_some_and(|low| (&fp as *const _ as usize) < low + STACK_RESERVE);
            if self.on_stack.len() <= i {
                self.on_stack.resize(i + 1, 0);
            }
            // A finite recursion has a chunk on the stack a few times at most (Salt's
            // depth retry stops at 20); an endless one that never repeats its fingerprint
            // (its run number grows each level) keeps stacking the same chunks.
            let stacked = self.on_stack[i] >= MAX_SAME_CHUNK_ON_STACK;
            if self.frames.contains(&fp) || stack_low || stacked {
                self.abort = Some(Aborted::SaltCrash(format!(
                    "RecursionError: maximum recursion depth exceeded ({} at {} nested requisite calls{})",
                    gen_tag(&self.chunks[i]),
                    self.nesting,
                    if stack_low {
                        ": deeper than halite's stack allows"
                    } else if stacked {
                        ": Salt's call_chunk stacks this state without end"
                    } else {
                        ": Salt's call_chunk repeats this call without end"
                    }
                )));
                self.nesting -= 1;
                return;
            }
            self.frames.push(fp);
            self.on_stack[i] += 1;
            noted = true;
        }
        self.call_chunk_inner(i, running, depth);
        if noted {
            self.frames.pop();
            if let Some(n) = self.on_stack.get_mut(i) {
                *n = n.saturating_sub(1);
            }
        }
        self.nesting -= 1;
    }

    /// What the recursion of `call_chunk` depends on (see `call_chunk`): the chunk, the
    /// results and prereq results so far, the run number, the active set, and
    /// [`State::epoch`] for the chunks' own requisite data.
    fn fingerprint(&self, i: usize, running: &Map) -> (usize, usize, usize, i64, usize, u64) {
        (
            i,
            running.len(),
            self.pre.len(),
            self.run_num,
            self.active.len(),
            self.epoch,
        )
    }

    /// Sets a chunk's flag (`__prereq__`, `__prerequired__`, `__agg__`), counting the change
    /// in [`State::epoch`] only when the flag was not set already.
    fn set_flag(&mut self, j: usize, key: &str) {
        if self.chunks[j].get(key) != Some(&Value::Bool(true)) {
            self.chunks[j].insert(key, Value::Bool(true));
            self.epoch += 1;
        }
    }

    fn call_chunk_inner(&mut self, i: usize, running: &mut Map, depth: u32) {
        self.mod_aggregate(i, running);
        self.mod_init(i);
        let tag = gen_tag(&self.chunks[i]);
        if !self.chunks[i]
            .get("prerequired")
            .map(Value::truthy)
            .unwrap_or(false)
        {
            self.active.insert(tag.clone());
        }
        let mut requisites: Vec<&str> = vec![
            "require",
            "require_any",
            "watch",
            "watch_any",
            "prereq",
            "onfail",
            "onfail_any",
            "onchanges",
            "onchanges_any",
        ];
        // check_requisite waits for the parallel states it depends on (halite waits for all).
        if !self.procs.is_empty() {
            let low = &self.chunks[i];
            if REQ_ORDER.iter().any(|k| low.contains_key(k)) || low.contains_key("prerequired") {
                self.reconcile_procs(running);
            }
        }
        let is_prereq = self.chunks[i]
            .get("__prereq__")
            .map(Value::truthy)
            .unwrap_or(false);
        let (status, reqs) = if !is_prereq {
            requisites.push("prerequired");
            self.check_requisite(i, running, true)
        } else {
            self.check_requisite(i, running, false)
        };
        if self.abort.is_some() {
            return;
        }
        match status {
            Status::Unmet => {
                let mut lost: Vec<(&str, Vec<(String, Value)>)> = Vec::new();
                let mut found_reqs: Vec<usize> = Vec::new();
                // Salt's search below runs `for chunk in chunks` for each requisite item, so
                // its local `chunk` is then the last chunk of the run (see the failhard
                // check after the loop over the found requisites).
                let mut searched = false;
                for requisite in &requisites {
                    let mut lost_here = Vec::new();
                    let low = self.chunks[i].clone();
                    if low.contains_key(requisite) {
                        for req in req_list(&low, requisite) {
                            searched = true;
                            let Some((key, val)) = req_pair(&req) else {
                                continue;
                            };
                            let mut found = false;
                            let matches = if val.is_null() {
                                Vec::new()
                            } else {
                                self.find_matches(&key, &val)
                            };
                            for j in matches {
                                {
                                    if *requisite == "prereq" {
                                        self.set_flag(j, "__prereq__");
                                    } else if *requisite == "prerequired" && key != "sls" {
                                        self.set_flag(j, "__prerequired__");
                                    }
                                    found_reqs.push(j);
                                    found = true;
                                }
                            }
                            if !found {
                                lost_here.push((key, val));
                            }
                        }
                    }
                    lost.push((requisite, lost_here));
                }
                if lost.iter().any(|(_, l)| !l.is_empty()) {
                    let mut comment = String::from("The following requisites were not found:\n");
                    for (requisite, lreqs) in &lost {
                        if lreqs.is_empty() {
                            continue;
                        }
                        comment.push_str(&format!("{}{}:\n", " ".repeat(19), requisite));
                        for (k, v) in lreqs {
                            comment.push_str(&format!("{}{}: {}\n", " ".repeat(23), k, v.py_str()));
                        }
                    }
                    let low = &self.chunks[i];
                    let ret = self.fake_ret(low, &comment, None);
                    if is_prereq {
                        self.pre.insert(tag.as_str(), Value::Map(ret));
                    } else {
                        running.insert(tag.as_str(), Value::Map(ret));
                    }
                    self.run_num += 1;
                    return;
                }
                // Salt checks failhard on its local `chunk` after the loop: the last found
                // requisite, else the last chunk of the run from the search above; with
                // neither (no item of these requisites: only `onfail_all`, say) Salt 3007
                // raises UnboundLocalError there.
                let mut last_chunk = if searched {
                    self.chunks.len().saturating_sub(1)
                } else {
                    i
                };
                let unbound = !searched && found_reqs.is_empty();
                for j in found_reqs {
                    last_chunk = j;
                    let ctag = gen_tag(&self.chunks[j]);
                    if running.contains_key(ctag.as_str()) {
                        continue;
                    }
                    if self.active.contains(&ctag) {
                        if self.chunks[j]
                            .get("__prerequired__")
                            .map(Value::truthy)
                            .unwrap_or(false)
                        {
                            // Prereq recursive: run this chunk with prereq on.
                            if !self.pre.contains_key(tag.as_str()) {
                                self.set_flag(i, "__prereq__");
                                let r = self.call_index(i, running);
                                self.pre.insert(ctag.as_str(), Value::Map(r));
                            }
                            return;
                        }
                        let ret = self.recursive_ret(&self.chunks[i]);
                        running.insert(tag.as_str(), Value::Map(ret));
                        self.run_num += 1;
                        return;
                    }
                    self.call_chunk(j, running, 0);
                    if self.check_failhard(j, running) {
                        running.insert("__FAILHARD__", Value::Bool(true));
                        return;
                    }
                }
                if self.chunks[i]
                    .get("__prereq__")
                    .map(Value::truthy)
                    .unwrap_or(false)
                {
                    let (status, _) = self.check_requisite(i, running, false);
                    if self.abort.is_some() {
                        return;
                    }
                    if self.salt3008 && status == Status::Pre {
                        // Salt 3008 (#68438, `_call_unmet_requisites`): the prereq chain of
                        // this prereq check reported no changes, so it is not called.
                        let (start, dur) = fake_duration();
                        let mut ret = Map::new();
                        ret.insert("changes", Value::Map(Map::new()));
                        ret.insert("result", Value::Bool(true));
                        ret.insert("duration", dur);
                        ret.insert("start_time", start);
                        ret.insert("comment", s("No changes detected"));
                        ret.insert("__run_num__", Value::Int(self.run_num));
                        ret.insert("__state_ran__", Value::Bool(false));
                        for key in ["__sls__", "__id__", "name"] {
                            let v = self.chunks[i].get(key).cloned().unwrap_or(Value::Null);
                            ret.insert(key, v);
                        }
                        self.pre.insert(tag.as_str(), Value::Map(ret));
                        self.run_num += 1;
                        if self.check_failhard(i, running) {
                            running.insert("__FAILHARD__", Value::Bool(true));
                        }
                        return;
                    }
                    let mut r = self.call_index(i, running);
                    if !r.get("changes").map(Value::truthy).unwrap_or(false)
                        && status == Status::Change
                    {
                        let mut ch = Map::new();
                        ch.insert("watch", s("watch"));
                        r.insert("changes", Value::Map(ch));
                        r.insert("result", Value::Null);
                    }
                    self.pre.insert(tag.as_str(), Value::Map(r));
                } else if depth + 1 >= 20 {
                    let ret = self.recursive_ret(&self.chunks[i]);
                    running.insert(tag.as_str(), Value::Map(ret));
                } else {
                    self.call_chunk(i, running, depth + 1);
                }
                if unbound && !self.salt3008 {
                    self.abort = Some(Aborted::SaltCrash(
                        "UnboundLocalError: cannot access local variable 'chunk' where it is not associated with a value (Salt 3007's call_chunk checks failhard on the requisite chunk it looped over, and this state's unmet requisites named none)".into(),
                    ));
                    return;
                }
                if self.check_failhard(last_chunk, running) {
                    running.insert("__FAILHARD__", Value::Bool(true));
                }
            }
            Status::Met => {
                let r = self.call_index(i, running);
                if is_prereq {
                    self.pre.insert(tag.as_str(), Value::Map(r));
                } else {
                    running.insert(tag.as_str(), Value::Map(r));
                }
            }
            Status::Fail => {
                if let Some(Value::Map(mut pre)) = self.pre.get(tag.as_str()).cloned() {
                    // The earlier test run of a prereq'd state; its changes were only proposed.
                    if pre.get("changes").map(Value::truthy).unwrap_or(false) {
                        pre.insert("changes", Value::Map(Map::new()));
                    }
                    pre.insert("__run_num__", Value::Int(self.run_num));
                    for key in ["__sls__", "__id__", "name"] {
                        pre.insert(key, self.chunks[i].get(key).cloned().unwrap_or(Value::Null));
                    }
                    running.insert(tag.as_str(), Value::Map(pre));
                } else {
                    // Salt builds this from a set: the order of several names is random there.
                    let mut failed: Vec<String> = Vec::new();
                    for (_, idxs) in &reqs {
                        for &j in idxs {
                            let rl = &self.chunks[j];
                            let rtag = gen_tag(rl);
                            let rret = self
                                .pre
                                .get(rtag.as_str())
                                .or_else(|| running.get(rtag.as_str()));
                            if let Some(r) = rret {
                                if matches!(r.get("result"), Some(Value::Bool(false))) {
                                    let key = format!(
                                        "{}.{}",
                                        low_str(rl, "__sls__"),
                                        low_str(rl, "__id__")
                                    );
                                    if !failed.contains(&key) {
                                        failed.push(key);
                                    }
                                }
                            }
                        }
                    }
                    let cmt = format!("One or more requisite failed: {}", failed.join(", "));
                    // Salt 3008's `_assign_not_run_result_dict`: `__state_ran__: False`, and
                    // the prereq results only for a prereq check.
                    let ret = self.fake_ret(&self.chunks[i], &cmt, self.not_run());
                    running.insert(tag.as_str(), Value::Map(ret.clone()));
                    if !self.salt3008 || is_prereq {
                        self.pre.insert(tag.as_str(), Value::Map(ret));
                    }
                }
                self.run_num += 1;
            }
            Status::Change if !is_prereq => {
                let ret = self.call_index(i, running);
                let ret = if !ret.get("changes").map(Value::truthy).unwrap_or(false)
                    && !ret.get("skip_watch").map(Value::truthy).unwrap_or(false)
                {
                    let mut low = self.chunks[i].clone();
                    let fun = low.get("fun").cloned().unwrap_or(Value::Null);
                    low.insert("sfun", fun);
                    low.insert("fun", s("mod_watch"));
                    let mut rq = Map::new();
                    for (k, idxs) in &reqs {
                        rq.insert(
                            *k,
                            Value::List(
                                idxs.iter()
                                    .map(|&j| Value::Map(self.chunks[j].clone()))
                                    .collect(),
                            ),
                        );
                    }
                    low.insert("__reqs__", Value::Map(rq));
                    self.call(&mut low, running, 1)
                } else {
                    ret
                };
                running.insert(tag.as_str(), Value::Map(ret));
            }
            Status::SkipReq => {
                let mut ret = self.fake_ret(
                    &self.chunks[i],
                    "State was not run because requisites were skipped by another state",
                    self.not_run(),
                );
                ret.insert("result", Value::Bool(true));
                running.insert(tag.as_str(), Value::Map(ret.clone()));
                if is_prereq {
                    self.pre.insert(tag.as_str(), Value::Map(ret));
                }
                self.run_num += 1;
            }
            Status::SkipWatch if !is_prereq => {
                let mut ret = self.call_index(i, running);
                let comment = ret.get("comment").map(Value::py_str).unwrap_or_default();
                ret.insert(
                    "comment",
                    Value::Str(
                        format!(
                            "{comment} mod_watch was not run because requisites were skipped by another state"
                        )
                        .into(),
                    ),
                );
                running.insert(tag.as_str(), Value::Map(ret));
            }
            Status::SkipWatch => {
                let r = self.call_index(i, running);
                self.pre.insert(tag.as_str(), Value::Map(r));
            }
            Status::Pre => {
                let mut ret = self.fake_ret(&self.chunks[i], "No changes detected", self.not_run());
                ret.insert("result", Value::Bool(true));
                running.insert(tag.as_str(), Value::Map(ret.clone()));
                if !self.salt3008 || is_prereq {
                    self.pre.insert(tag.as_str(), Value::Map(ret));
                }
                self.run_num += 1;
            }
            Status::Onfail => {
                let ret = self.fake_ret(
                    &self.chunks[i],
                    "State was not run because onfail req did not change",
                    Some(("__state_ran__", Value::Bool(false))),
                );
                // Salt 3008's `_assign_not_run_result_dict` also keeps the result of a prereq
                // check in `pre`.
                if self.salt3008 && is_prereq {
                    self.pre.insert(tag.as_str(), Value::Map(ret.clone()));
                }
                running.insert(tag.as_str(), Value::Map(ret));
                self.run_num += 1;
            }
            Status::Onchanges => {
                let ret = self.fake_ret(
                    &self.chunks[i],
                    "State was not run because none of the onchanges reqs changed",
                    Some(("__state_ran__", Value::Bool(false))),
                );
                // Salt 3008's `_assign_not_run_result_dict` also keeps the result of a prereq
                // check in `pre`: a state prerequiring this one then sees it ran without
                // changes ("No changes detected") where 3007 recursed into "Recursive
                // requisite found" (test_onchanges_any_recursive_error_issues_50811).
                if self.salt3008 && is_prereq {
                    self.pre.insert(tag.as_str(), Value::Map(ret.clone()));
                }
                running.insert(tag.as_str(), Value::Map(ret));
                self.run_num += 1;
            }
            Status::Change => {
                // A prereq test run of a watching state.
                let r = self.call_index(i, running);
                self.pre.insert(tag.as_str(), Value::Map(r));
            }
        }
    }

    /// `reconcile_procs`, blocking: wait for the parallel states and merge their results into
    /// the placeholders (`running[tag].update(ret)`).
    fn reconcile_procs(&mut self, running: &mut Map) {
        for (tag, handle) in std::mem::take(&mut self.procs) {
            let ret = handle.join().unwrap_or_else(|_| {
                let mut r = Map::new();
                r.insert("result", Value::Bool(false));
                r.insert("comment", s("Parallel process failed to return"));
                r.insert("changes", Value::Map(Map::new()));
                r
            });
            if let Some(Value::Map(slot)) = running.get_mut(tag.as_str()) {
                for (k, v) in ret.iter() {
                    slot.insert(k.clone(), v.clone());
                }
            }
        }
    }

    /// `call` on chunk `i` of the current list (mutations to the low chunk are kept).
    fn call_index(&mut self, i: usize, running: &Map) -> Map {
        let mut low = std::mem::take(&mut self.chunks[i]);
        let was_prereq = low.get("__prereq__").is_some_and(Value::truthy);
        let r = self.call(&mut low, running, 1);
        if self.salt3008 && was_prereq && !low.get("__prereq__").is_some_and(Value::truthy) {
            // Salt 3008's graph lists a prerequired chunk twice, as one dict: the prereq
            // check's `low["__prereq__"] = False` makes the second occurrence the real run.
            let tag = gen_tag(&low);
            for (j, other) in self.chunks.iter_mut().enumerate() {
                if j != i && other.contains_key("__prereq__") && gen_tag(other) == tag {
                    other.insert("__prereq__", Value::Bool(false));
                }
            }
        }
        self.chunks[i] = low;
        r
    }

    // ---- call --------------------------------------------------------------------------------

    /// `verify_data`: errors that stop a chunk before its function runs.
    fn verify_data(&self, low: &mut Map) -> Vec<String> {
        let mut errors = Vec::new();
        for k in ["state", "fun", "name"] {
            if !low.contains_key(k) {
                errors.push(format!("Missing \"{k}\" data"));
            }
        }
        if let Some(name) = low.get("name") {
            if name.truthy() && !matches!(name, Value::Str(_)) {
                let sls = match low.get("__sls__") {
                    Some(s) => format!("in SLS '{}' ", s.py_str()),
                    None => String::new(),
                };
                errors.push(format!(
                    "ID '{}' {}is not formed as a string, but is a {}",
                    name.py_str(),
                    sls,
                    name.type_name()
                ));
            }
        }
        if let Some(umask) = low.remove("umask") {
            match i64::from_str_radix(&umask.py_str(), 8) {
                Ok(v) => {
                    low.insert("__umask__", Value::Int(v));
                }
                Err(_) => errors.push(format!("Invalid umask: {}", umask.py_str())),
            }
        }
        if !errors.is_empty() {
            return errors;
        }
        let full = format!("{}.{}", low_str(low, "state"), low_str(low, "fun"));
        match self.env.states.get(&full) {
            None => {
                if let Some(sls) = low.get("__sls__") {
                    errors.push(format!(
                        "State '{full}' was not found in SLS '{}'",
                        sls.py_str()
                    ));
                    // loader.missing_fun_string: "'X' is not available." for a module that
                    // loaded (or never existed), else its `__virtual__`'s reason.
                    errors.push(format!(
                        "Reason: {}",
                        self.env.states.missing_fun_string(&full)
                    ));
                } else {
                    errors.push(format!("Specified state '{full}' was not found"));
                }
            }
            Some(def) => {
                for p in def.required {
                    if !low.contains_key(p) {
                        errors.push(format!("Missing parameter {p} for state {full}"));
                    }
                }
            }
        }
        errors
    }

    /// `State.call` under its `OutputUnifier("content_check", "unify")` decorator: a return
    /// whose `changes` is not a dict (a `test` state's `mod_watch` handing back
    /// `changes: True` from its arguments) is replaced by the decorator's exception result,
    /// without the keys `call` added (`__run_num__`, `__sls__`, durations).
    fn call(&mut self, low: &mut Map, running: &Map, retries: i64) -> Map {
        let ret = self.call_inner(low, running, retries);
        match ret.get("changes") {
            Some(Value::Map(_)) | None => ret,
            Some(_) => {
                let mut later = Map::new();
                later.insert("result", Value::Bool(false));
                later.insert("name", s("later"));
                later.insert("changes", Value::Map(Map::new()));
                later.insert(
                    "comment",
                    s("An exception occurred in this state: 'Changes' should be a dictionary."),
                );
                later
            }
        }
    }

    fn call_inner(&mut self, low: &mut Map, running: &Map, retries: i64) -> Map {
        if self.abort.is_some() {
            return Map::new();
        }
        let started_wall = SystemTime::now();
        let started = Instant::now();
        let errors = self.verify_data(low);
        if !errors.is_empty() {
            let mut ret = Map::new();
            ret.insert("result", Value::Bool(false));
            ret.insert("name", low.get("name").cloned().unwrap_or(Value::Null));
            ret.insert("changes", Value::Map(Map::new()));
            let comment: String = errors.iter().map(|e| format!("{e}\n")).collect();
            ret.insert("comment", Value::Str(comment.into()));
            ret.insert("__run_num__", Value::Int(self.run_num));
            self.run_num += 1;
            self.check_refresh(low, &ret);
            return ret;
        }
        let mut ret = Map::new();
        ret.insert("result", Value::Bool(false));
        ret.insert("name", low.get("name").cloned().unwrap_or(Value::Null));
        ret.insert("changes", Value::Map(Map::new()));

        let is_prereq = low.get("__prereq__").map(Value::truthy).unwrap_or(false);
        let test = self.opts.test || is_prereq;
        let full = format!("{}.{}", low_str(low, "state"), low_str(low, "fun"));
        // format_call binds the chunk to the function's signature before anything runs
        // (onlyif/unless included); a keyword it does not take raises out of the run.
        let compat = halite_value::SaltCompat::of_value(&self.env.ctx.opts);
        if let Some(msg) = halite_states::invalid_keywords(compat, &full, low) {
            self.abort = Some(Aborted::InvalidArguments(msg));
            return Map::new();
        }

        if ["unless", "onlyif", "creates"]
            .iter()
            .any(|k| low.contains_key(k))
        {
            let chk = run_check(low, self.opts, &self.env);
            for (k, v) in chk.iter() {
                ret.insert(k.clone(), v.clone());
            }
        }
        let mut parallel = false;
        if !matches!(ret.get("result"), Some(Value::Bool(true))) {
            let def = self.env.states.get(&full).copied();
            let wants_parallel =
                !is_prereq && low.get("parallel").map(Value::truthy).unwrap_or(false);
            if let (true, Some(def)) = (wants_parallel, def) {
                // call_parallel: the state runs on its own (a thread here, a process in Salt);
                // the running dict gets a placeholder that reconcile_procs fills in later.
                let (low_c, running_c) = (low.clone(), running.clone());
                let lowstate_c = self.chunks.clone();
                let (exec, ctx) = (self.env.exec.clone(), self.env.ctx.clone());
                let (shell, full_c) = (self.opts.shell.clone(), full.clone());
                let templates = self.env.templates.clone();
                let handle = std::thread::spawn(move || {
                    let wall = SystemTime::now();
                    let t0 = Instant::now();
                    let call = StateCall {
                        low: &low_c,
                        test,
                        running: &running_c,
                        lowstate: &lowstate_c,
                        exec: &exec,
                        ctx: &ctx,
                        shell: &shell,
                        templates: &templates,
                    };
                    let mut r = match (def.fun)(&call) {
                        Ok(r) => r,
                        Err(e) => exception_ret(&low_c, &full_c, &e),
                    };
                    unify(&mut r);
                    r.insert("start_time", Value::Str(local_time_iso(wall).into()));
                    r.insert(
                        "duration",
                        Value::Float(t0.elapsed().as_micros() as f64 / 1000.0),
                    );
                    r.insert("__parallel__", Value::Bool(true));
                    if low_c.contains_key("retry") {
                        r = parallel_retry(&call, def.fun, &full_c, r);
                    }
                    r
                });
                self.procs.push((gen_tag(low), handle));
                let mut p = Map::new();
                p.insert("name", low.get("name").cloned().unwrap_or(Value::Null));
                p.insert("result", Value::Null);
                p.insert("changes", Value::Map(Map::new()));
                p.insert("comment", s("Started in a separate process"));
                p.insert(
                    "__sls__",
                    low.get("__sls__").cloned().unwrap_or(Value::Null),
                );
                p.insert("__run_num__", Value::Int(self.run_num));
                self.run_num += 1;
                p.insert("start_time", s(&local_time_iso(started_wall)));
                p.insert(
                    "duration",
                    Value::Float(started.elapsed().as_micros() as f64 / 1000.0),
                );
                p.insert("__id__", low.get("__id__").cloned().unwrap_or(Value::Null));
                return p;
            }
            let outcome = match def {
                Some(def) => {
                    // salt.utils.files.set_umask(low.get("__umask__")) around the call.
                    let _umask = low
                        .get("__umask__")
                        .and_then(Value::as_i64)
                        .map(UmaskGuard::set);
                    let call = StateCall {
                        low,
                        test,
                        running,
                        lowstate: &self.chunks,
                        exec: &self.env.exec,
                        ctx: &self.env.ctx,
                        shell: &self.opts.shell,
                        templates: &self.env.templates,
                    };
                    (def.fun)(&call)
                }
                None => Err(StateError::Other(format!("'{full}' is not available."))),
            };
            ret = match outcome {
                Ok(r) => r,
                Err(e) => exception_ret(low, &full, &e),
            };
            // parallel: True runs in a separate process in Salt; halite runs it in place and
            // reshapes the result as reconcile_procs leaves it.
            parallel = !is_prereq && low.get("parallel").map(Value::truthy).unwrap_or(false);
        }
        if low.contains_key("check_cmd") && !self.has_own_check_cmd(&full) {
            match run_check_cmd(low, self.opts, self.salt3008) {
                Ok(chk) => {
                    for (k, v) in chk.iter() {
                        ret.insert(k.clone(), v.clone());
                    }
                }
                Err(exc) => ret = exception_ret(low, &full, &StateError::Other(exc)),
            }
        }
        unify(&mut ret);
        if is_prereq {
            low.insert("__prereq__", Value::Bool(false));
            return ret;
        }
        let elapsed = started.elapsed();
        let duration = Value::Float(elapsed.as_micros() as f64 / 1000.0);
        let start_time = s(&local_time_iso(started_wall));
        if parallel {
            let mut p = Map::new();
            p.insert("name", ret.get("name").cloned().unwrap_or(Value::Null));
            p.insert("result", Value::Null);
            p.insert("changes", Value::Map(Map::new()));
            p.insert("comment", s("Started in a separate process"));
            p.insert(
                "__sls__",
                low.get("__sls__").cloned().unwrap_or(Value::Null),
            );
            p.insert("__run_num__", Value::Int(self.run_num));
            p.insert("start_time", start_time.clone());
            p.insert("duration", duration.clone());
            p.insert("__id__", low.get("__id__").cloned().unwrap_or(Value::Null));
            for (k, v) in ret.iter() {
                p.insert(k.clone(), v.clone());
            }
            p.insert("start_time", start_time);
            p.insert("duration", duration);
            p.insert("__parallel__", Value::Bool(true));
            self.run_num += 1;
            return p;
        }
        ret.insert(
            "__sls__",
            low.get("__sls__").cloned().unwrap_or(Value::Null),
        );
        ret.insert("__run_num__", Value::Int(self.run_num));
        self.run_num += 1;
        // Salt 3008's `no_log: True` (a runtime keyword there): the result's name, comment
        // and changes are masked (`salt.utils.secret.no_log_mask`).
        if self.salt3008 && low.get("no_log").is_some_and(Value::truthy) {
            for key in ["name", "comment", "changes"] {
                if let Some(v) = ret.get(key) {
                    let masked = halite_exec::redact_pillar(v);
                    ret.insert(key, masked);
                }
            }
        }
        self.check_refresh(low, &ret);
        ret.insert("start_time", start_time);
        ret.insert("duration", duration);
        ret.insert("__id__", low.get("__id__").cloned().unwrap_or(Value::Null));
        if low.contains_key("retry") && !low.contains_key("parallel") {
            let retry = verify_retry_data(low.get("retry").unwrap_or(&Value::Null));
            low.insert("retry", Value::Map(retry.clone()));
            let until = retry.get("until").cloned().unwrap_or(Value::Bool(true));
            let attempts = retry.get("attempts").and_then(Value::as_i64).unwrap_or(2);
            let mut interval = retry.get("interval").and_then(Value::as_i64).unwrap_or(30);
            let splay = retry.get("splay").and_then(Value::as_i64).unwrap_or(0);
            if !self.opts.test {
                let result = ret.get("result").cloned().unwrap_or(Value::Null);
                if until != result && attempts > retries {
                    if splay != 0 {
                        interval += pseudo_random(splay);
                    }
                    std::thread::sleep(std::time::Duration::from_secs(interval.max(0) as u64));
                    let mut retry_ret = self.call(low, running, retries + 1);
                    let orig = ret;
                    let orig_comment = orig.get("comment").map(Value::py_str).unwrap_or_default();
                    let new_comment = retry_ret
                        .get("comment")
                        .map(Value::py_str)
                        .unwrap_or_default();
                    retry_ret.insert(
                        "comment",
                        Value::Str(format!(
                            "Attempt {retries}: Returned a result of \"{}\", with the following comment: \"{}\"\n{}",
                            py_bool_str(orig.get("result")),
                            orig_comment,
                            new_comment
                        ).into()),
                    );
                    let d = retry_ret
                        .get("duration")
                        .and_then(Value::as_f64)
                        .unwrap_or(0.0)
                        + orig.get("duration").and_then(Value::as_f64).unwrap_or(0.0)
                        + (interval * 1000) as f64;
                    retry_ret.insert("duration", Value::Float(d));
                    if retries == 1 {
                        retry_ret.insert(
                            "start_time",
                            orig.get("start_time").cloned().unwrap_or(Value::Null),
                        );
                    }
                    ret = retry_ret;
                }
            } else {
                let c = ret
                    .get("comment")
                    .filter(|c| c.truthy())
                    .map(Value::py_str)
                    .unwrap_or_default();
                ret.insert(
                    "comment",
                    Value::Str(format!(
                        "{c}  The state would be retried every {interval} seconds (with a splay of up to {splay} seconds) a maximum of {attempts} times or until a result of {} is returned",
                        py_bool_str(Some(&until))
                    ).into()),
                );
            }
        }
        // Results live until the run ends: no spare capacity.
        ret.shrink_to_fit();
        ret
    }

    /// Salt's `State.check_refresh(low, ret)`: after a state that may have installed what a
    /// module needs, the loader is loaded anew ([`State::module_refresh`]): a state with
    /// changes and `reload_modules` (or `reload_grains`/`reload_pillar`) set, any `pkg`,
    /// `ports` or `pip` state with changes, `file.recurse` with changes, `file.managed` of
    /// a `.py`/`.pyx`/`.pyo`/`.pyc`/`.so` file, `file.symlink` whose name holds `bin`; and
    /// `force_reload_modules` even without changes. (halite does not gather grains or
    /// pillar anew for `reload_grains`/`reload_pillar`: docs/compat.md.)
    fn check_refresh(&mut self, low: &Map, ret: &Map) {
        let flag = |k: &str| low.get(k).is_some_and(Value::truthy);
        if !ret.get("changes").is_some_and(Value::truthy) {
            if flag("force_reload_modules") {
                self.module_refresh();
            }
            return;
        }
        if flag("reload_modules") || flag("reload_grains") || flag("reload_pillar") {
            self.module_refresh();
            return;
        }
        let name = low_str(low, "name");
        let refresh = match (low_str(low, "state").as_str(), low_str(low, "fun").as_str()) {
            ("file", "managed") => [".py", ".pyx", ".pyo", ".pyc", ".so"]
                .iter()
                .any(|ext| name.ends_with(ext)),
            ("file", "recurse") => true,
            ("file", "symlink") => name.contains("bin"),
            ("pkg" | "ports" | "pip", _) => true,
            _ => false,
        };
        if refresh {
            self.module_refresh();
        }
    }

    /// Salt's `State.module_refresh` (`load_modules`): the execution functions chosen again
    /// for this host (each module's availability decided anew: a program a package just
    /// installed now counts) and the state modules' `__virtual__` checks run again over
    /// them, for the rest of the run. Modules whose `mod_init` ran stay marked, as Salt's
    /// `State.mod_init` set survives a reload.
    fn module_refresh(&mut self) {
        let mut env = self.env.as_ref().clone();
        let empty = Map::new();
        let opts = env.ctx.opts.as_map().unwrap_or(&empty);
        env.exec = halite_exec::Registry::for_minion(opts, &env.ctx.grains);
        env.states = halite_states::StateRegistry::standard();
        env.states.retain_virtual(&env.exec, &env.ctx);
        self.env = std::borrow::Cow::Owned(env);
    }

    /// Salt skips the global check when the state module has `mod_run_check_cmd` and the
    /// function takes a `check_cmd` parameter: `file.managed` and `file.serialize`.
    fn has_own_check_cmd(&self, full: &str) -> bool {
        full == "file.managed" || full == "file.serialize"
    }

    // ---- call_listen -------------------------------------------------------------------------

    fn call_listen(&mut self, chunks: &[Map], running: &mut Map) {
        type Cref = (String, String, String);
        let crefs: Vec<(Cref, &Map)> = chunks
            .iter()
            .map(|c| {
                (
                    (
                        low_str(c, "state"),
                        low_str(c, "__id__"),
                        low_str(c, "name"),
                    ),
                    c,
                )
            })
            .collect();
        let in_cref = |cref: &Cref, v: &str| cref.0 == v || cref.1 == v || cref.2 == v;
        // Salt 3007 keeps a `listen_in` item that is not a mapping (a bare ID) in the chunk,
        // and `for key, val in l_in.items()` raises on it after every state has run; 3008's
        // compile turns such items into mappings.
        if !self.salt3008 {
            let bare = chunks
                .iter()
                .filter_map(|c| match c.get("listen_in") {
                    Some(Value::List(l)) => l.iter().find(|v| !matches!(v, Value::Map(_))),
                    _ => None,
                })
                .next();
            if let Some(item) = bare {
                self.abort = Some(Aborted::SaltCrash(format!(
                    "AttributeError: '{}' object has no attribute 'items' (Salt 3007's call_listen on the listen_in item {}, which is not a mapping)",
                    item.type_name(),
                    item.py_repr()
                )));
                return;
            }
        }
        let mut listeners: Vec<(Cref, Vec<Value>)> = Vec::new();
        for c in chunks {
            let key = (
                low_str(c, "state"),
                low_str(c, "__id__"),
                low_str(c, "name"),
            );
            if c.contains_key("listen") {
                listeners.push((key, req_list(c, "listen")));
            }
            if let Some(Value::List(l_in)) = c.get("listen_in") {
                for l in l_in {
                    if let Value::Map(m) = l {
                        for (k, v) in m.iter() {
                            let mut target = Map::new();
                            target.insert(
                                low_str(c, "state"),
                                c.get("__id__").cloned().unwrap_or(Value::Null),
                            );
                            listeners.push((
                                (k.py_str(), v.py_str(), "lookup".into()),
                                vec![Value::Map(target)],
                            ));
                        }
                    }
                }
            }
        }
        let mut mod_watchers: Vec<Map> = Vec::new();
        // Salt's `errors` is a dict: the same missing target named by several listeners (a
        // `names` state's chunks) is one error, numbered once, where it was first met.
        let mut errors: Vec<(String, Map)> = Vec::new();
        fn add_error(errors: &mut Vec<(String, Map)>, (tag, err): (String, Map)) {
            match errors.iter_mut().find(|(t, _)| *t == tag) {
                Some(slot) => slot.1 = err,
                None => errors.push((tag, err)),
            }
        }
        let listen_error = |name: &str, id: &str| -> (String, Map) {
            let tag = format!("Listen_Error_|-listen_{id}_|-listen_{name}_|-Listen_Error");
            let mut m = Map::new();
            m.insert(
                "comment",
                Value::Str(format!("Referenced state {name}: {id} does not exist").into()),
            );
            m.insert("name", Value::Str(format!("listen_{name}:{id}").into()));
            m.insert("result", Value::Bool(false));
            m.insert("changes", Value::Map(Map::new()));
            (tag, m)
        };
        for (key, vals) in &listeners {
            for listen_to in vals {
                let listen_to: Map = match listen_to {
                    Value::Map(m) => m.clone(),
                    other => {
                        let target = other.py_str();
                        let mut found = None;
                        for c in chunks {
                            if low_str(c, "__id__") == target || low_str(c, "name") == target {
                                let mut m = Map::new();
                                m.insert(
                                    low_str(c, "state"),
                                    c.get("__id__").cloned().unwrap_or(Value::Null),
                                );
                                found = Some(m);
                            }
                        }
                        match found {
                            Some(m) => m,
                            None => continue,
                        }
                    }
                };
                for (lkey, lval) in listen_to.iter() {
                    let (lkey, lval) = (lkey.py_str(), lval.py_str());
                    if !crefs
                        .iter()
                        .any(|(cref, _)| cref.0 == lkey && in_cref(cref, &lval))
                    {
                        add_error(&mut errors, listen_error(&lkey, &lval));
                        continue;
                    }
                    let to_tags: Vec<String> = crefs
                        .iter()
                        .filter(|(cref, _)| cref.0 == lkey && in_cref(cref, &lval))
                        .map(|(_, d)| gen_tag(d))
                        .collect();
                    for to_tag in to_tags {
                        if !running.contains_key(to_tag.as_str())
                            || !changes_truthy(running, &to_tag)
                        {
                            continue;
                        }
                        if !crefs
                            .iter()
                            .any(|(cref, _)| cref.0 == key.0 && in_cref(cref, &key.1))
                        {
                            add_error(&mut errors, listen_error(&key.0, &key.1));
                            continue;
                        }
                        for (cref, data) in &crefs {
                            if cref.0 == key.0 && in_cref(cref, &key.1) {
                                let mut low = (*data).clone();
                                let fun = low.get("fun").cloned().unwrap_or(Value::Null);
                                low.insert("sfun", fun);
                                low.insert("fun", s("mod_watch"));
                                let id = low_str(&low, "__id__");
                                low.insert("__id__", Value::Str(format!("listener_{id}").into()));
                                // STATE_REQUISITE_KEYWORDS are popped from listener mod_watch chunks.
                                for r in halite_states::util::STATE_REQUISITE_KEYWORDS {
                                    low.remove(r);
                                }
                                mod_watchers.push(low);
                            }
                        }
                    }
                }
            }
        }
        let (ret, _) = self.call_chunks(mod_watchers);
        for (k, v) in ret.iter() {
            running.insert(k.clone(), v.clone());
        }
        for (tag, mut err) in errors {
            err.insert("__run_num__", Value::Int(self.run_num));
            self.run_num += 1;
            running.insert(tag.as_str(), Value::Map(err));
        }
    }
}

/// The result Salt builds when a state function raises.
fn exception_ret(low: &Map, full: &str, e: &StateError) -> Map {
    // The exception line: `type: message` (`Other` carries it whole, e.g. `KeyError: 'x'`).
    let exc = match e {
        StateError::Invocation(m) => format!("salt.exceptions.SaltInvocationError: {m}"),
        StateError::Command(m) => format!("salt.exceptions.CommandExecutionError: {m}"),
        StateError::Other(m) => m.clone(),
    };
    let fun = full.rsplit('.').next().unwrap_or(full);
    let mut ret = Map::new();
    ret.insert("result", Value::Bool(false));
    ret.insert("name", low.get("name").cloned().unwrap_or(Value::Null));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert(
        "comment",
        Value::Str(format!(
            "An exception occurred in this state: Traceback (most recent call last):\n  File \"halite\", in {fun}\n{exc}\n"
        ).into()),
    );
    ret
}

/// `OutputUnifier("content_check", "unify")`: a list comment is joined with newlines and the
/// result becomes a bool (or stays None).
fn unify(ret: &mut Map) {
    if let Some(Value::List(l)) = ret.get("comment") {
        let joined = l.iter().map(Value::py_str).collect::<Vec<_>>().join("\n");
        ret.insert("comment", Value::Str(joined.into()));
    }
    if let Some(r) = ret.get("result") {
        if !r.is_null() {
            let b = r.truthy();
            ret.insert("result", Value::Bool(b));
        }
    }
}

fn py_bool_str(v: Option<&Value>) -> String {
    v.map(Value::py_str).unwrap_or_else(|| "None".into())
}

fn pseudo_random(max: i64) -> i64 {
    let n = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0) as i64;
    n % (max + 1)
}

/// `_call_parallel_target`'s retry: in the state's own process, Salt re-runs the function
/// while the result differs from `until`, up to `attempts` more times, and keeps the last
/// run's return (without `__parallel__`), its comment joined under the earlier ones; in test
/// mode it only appends the retry notice.
fn parallel_retry(call: &StateCall, fun: halite_states::StateFn, full: &str, mut ret: Map) -> Map {
    let retry = verify_retry_data(call.low.get("retry").unwrap_or(&Value::Null));
    let until = retry.get("until").cloned().unwrap_or(Value::Bool(true));
    let attempts = retry.get("attempts").and_then(Value::as_i64).unwrap_or(2);
    let interval0 = retry.get("interval").and_then(Value::as_i64).unwrap_or(30);
    let splay = retry.get("splay").and_then(Value::as_i64).unwrap_or(0);
    if call.test {
        let c = ret
            .get("comment")
            .filter(|c| c.truthy())
            .map(Value::py_str)
            .unwrap_or_default();
        ret.insert(
            "comment",
            Value::Str(format!(
                "{c}  The state would be retried every {interval0} seconds (with a splay of up to {splay} seconds) a maximum of {attempts} times or until a result of {} is returned",
                py_bool_str(Some(&until))
            ).into()),
        );
        return ret;
    }
    let mut retries = 1;
    while attempts >= retries {
        if ret.get("result").is_some_and(|r| *r == until) {
            break;
        }
        let mut interval = interval0;
        if splay != 0 {
            interval += pseudo_random(splay);
        }
        std::thread::sleep(std::time::Duration::from_secs(interval.max(0) as u64));
        let t0 = Instant::now();
        let mut retry_ret = match fun(call) {
            Ok(r) => r,
            Err(e) => exception_ret(call.low, full, &e),
        };
        unify(&mut retry_ret);
        let duration = t0.elapsed().as_micros() as f64 / 1000.0;
        let orig = ret;
        let comment = retry_ret.get("comment").cloned().unwrap_or(Value::Null);
        let attempt = if comment.truthy() {
            format!(
                "Attempt {retries}: Returned a result of \"{}\", with the following comment: \"{}\"",
                py_bool_str(retry_ret.get("result")),
                comment.py_str()
            )
        } else {
            String::new()
        };
        let orig_comment = orig.get("comment").map(Value::py_str).unwrap_or_default();
        retry_ret.insert(
            "comment",
            Value::Str(format!("{orig_comment}\n{attempt}").into()),
        );
        let d = duration
            + orig.get("duration").and_then(Value::as_f64).unwrap_or(0.0)
            + (interval * 1000) as f64;
        if retries == 1 {
            retry_ret.insert(
                "start_time",
                orig.get("start_time").cloned().unwrap_or(Value::Null),
            );
        }
        retry_ret.insert("duration", Value::Float(d));
        ret = retry_ret;
        retries += 1;
    }
    ret
}

/// `verify_retry_data`: `retry: True`, `False` or a dict, with defaults and type checks.
fn verify_retry_data(data: &Value) -> Map {
    let defaults = [
        ("until", Value::Bool(true)),
        ("attempts", Value::Int(2)),
        ("splay", Value::Int(0)),
        ("interval", Value::Int(30)),
    ];
    let mut out = Map::new();
    match data {
        Value::Map(m) => {
            for key in ["until", "attempts", "interval", "splay"] {
                let default = defaults
                    .iter()
                    .find(|(k, _)| *k == key)
                    .map(|(_, v)| v.clone())
                    .unwrap_or(Value::Null);
                let v = match (key, m.get(key)) {
                    ("until", Some(v @ Value::Bool(_))) => v.clone(),
                    (_, Some(v @ Value::Int(_))) if key != "until" => v.clone(),
                    (_, Some(Value::Bool(b))) if key != "until" => Value::Int(*b as i64),
                    _ => default,
                };
                out.insert(key, v);
            }
        }
        Value::Bool(false) => {
            out.insert("until", Value::Bool(true));
            out.insert("attempts", Value::Int(0));
            out.insert("splay", Value::Int(0));
            out.insert("interval", Value::Int(30));
        }
        _ => {
            for (k, v) in defaults {
                out.insert(k, v);
            }
        }
    }
    out
}

/// `state.sls_id`: Salt's loop over the compiled chunks calling `call_chunk(chunk, {}, chunks)`
/// for each chunk of the ID (its requisites run too, against a fresh running dict) and
/// merging the results (later runs of a requisite replace earlier ones, keeping the key's
/// place).
pub fn call_sls_id(
    chunks: Vec<Map>,
    id: &str,
    opts: &RunOptions,
    env: &RuntimeEnv,
) -> Result<Map, Aborted> {
    with_run_stack(move || {
        let mut st = State::new(opts, env);
        st.chunks = chunks;
        st.index = None;
        let mut ret = Map::new();
        for i in 0..st.chunks.len() {
            if st.chunks[i].get("__id__").map(Value::py_str).as_deref() != Some(id) {
                continue;
            }
            let mut running = Map::new();
            st.call_chunk(i, &mut running, 0);
            st.reconcile_procs(&mut running);
            running.remove("__FAILHARD__");
            for (k, v) in running {
                ret.insert(k, v);
            }
            // Salt 3007 keeps `self.active` across the ID's chunks: a requisite an earlier chunk
            // ran is active but not in the fresh running dict, so the next chunk requiring it
            // gets "Recursive requisite found". Salt 3008's graph-based call_chunk has no
            // `active` set: each chunk runs its requisites again.
            if st.salt3008 {
                st.active.clear();
            }
        }
        st.finish(ret)
    })
}

/// Salt's `call_chunks`: run the chunks in order, requisites first. The running dictionary is
/// keyed by tag (`state_|-id_|-name_|-fun`).
pub fn call_chunks(
    mut chunks: Vec<Map>,
    opts: &RunOptions,
    env: &RuntimeEnv,
) -> Result<Map, Aborted> {
    with_run_stack(move || {
        let mut st = State::new(opts, env);
        let disabled = st.take_disabled(&mut chunks);
        let (running, _) = st.call_chunks(chunks);
        st.finish(disabled_first(disabled, running))
    })
}

/// What `state.apply`/`state.sls`/`state.highstate`/`state.single` run after compilation
/// (`call_high` without the compile step): `call_chunks` and then `call_listen`.
pub fn apply_chunks(
    mut chunks: Vec<Map>,
    opts: &RunOptions,
    env: &RuntimeEnv,
) -> Result<Map, Aborted> {
    with_run_stack(move || {
        let mut st = State::new(opts, env);
        // Salt removes the disabled chunks from the list it then also gives to call_listen.
        let disabled = st.take_disabled(&mut chunks);
        let (running, chunks) = st.call_chunks(chunks);
        let mut running = disabled_first(disabled, running);
        if st.abort.is_none() {
            st.call_listen(&chunks, &mut running);
        }
        st.finish(running)
    })
}

/// `dict(list(disabled.items()) + list(running.items()))`.
fn disabled_first(disabled: Map, running: Map) -> Map {
    if disabled.is_empty() {
        return running;
    }
    let mut out = disabled;
    for (k, v) in running {
        out.insert(k, v);
    }
    out
}

/// `state.low`: one chunk checked with `verify_data` (`Err(SingleError::Verify(list))`: the
/// list is the return, exit 1), then through `State.call`, returning the bare result dict
/// (no tag, `__run_num__` 0). Salt raises a KeyError after running a chunk without
/// `__id__`; halite returns `null` for it.
pub fn call_low(mut low: Map, opts: &RunOptions, env: &RuntimeEnv) -> Result<Map, SingleError> {
    let mut st = State::new(opts, env);
    // salt.modules.state.low: `verify_data` first; its errors are the return (a list)
    let errors = st.verify_data(&mut low);
    if !errors.is_empty() {
        return Err(SingleError::Verify(errors));
    }
    let tag = gen_tag(&low);
    let ret = st.call(&mut low, &Map::new(), 1);
    let mut one = Map::new();
    one.insert(tag.as_str(), Value::Map(ret));
    let mut one = st.finish(one).map_err(SingleError::Aborted)?;
    Ok(match one.remove(tag.as_str()) {
        Some(Value::Map(r)) => r,
        _ => Map::new(),
    })
}

/// `state.single fun name=... key=value...`: the chunk Salt builds (the keyword arguments, then
/// `state`, `fun`, `__id__` and `name`), checked with `verify_data` (errors are the return, a
/// list, with exit status 1), then one `call` keyed by its tag. No requisites are evaluated.
pub fn call_single(
    fun: &str,
    name: Value,
    kwargs: Map,
    opts: &RunOptions,
    env: &RuntimeEnv,
) -> Result<Map, SingleError> {
    let Some((state, f)) = fun.split_once('.') else {
        return Err(SingleError::Verify(vec!["Invalid function passed".into()]));
    };
    let mut low = kwargs;
    low.insert("state", s(state));
    low.insert("fun", s(f));
    low.insert("__id__", name.clone());
    low.insert("name", name);
    let mut st = State::new(opts, env);
    let errors = st.verify_data(&mut low);
    if !errors.is_empty() {
        return Err(SingleError::Verify(errors));
    }
    let tag = gen_tag(&low);
    let ret = st.call(&mut low, &Map::new(), 1);
    let mut running = Map::new();
    running.insert(tag.as_str(), Value::Map(ret));
    st.finish(running).map_err(SingleError::Aborted)
}

/// Sets the process umask and restores it on drop (Salt's `set_umask` context manager).
struct UmaskGuard(libc::mode_t);

impl UmaskGuard {
    fn set(mask: i64) -> Self {
        // SAFETY: umask only changes the process file-creation mask.
        UmaskGuard(unsafe { libc::umask(mask as libc::mode_t) })
    }
}

impl Drop for UmaskGuard {
    fn drop(&mut self) {
        // SAFETY: restores the previous mask.
        unsafe {
            libc::umask(self.0);
        }
    }
}
