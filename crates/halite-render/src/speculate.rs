//! Speculative rendering of SLS files on spare cores, ahead of `render_highstate`'s walk.
//!
//! Salt renders the files of a highstate one after the other, in the walk's order (top
//! matches, each file's includes depth first), and templates can observe that order through
//! side effects: a `cmd.run` that writes a file a later template reads, `grains.setval`,
//! log lines, the last command's retcode. halite keeps the walk (same order, same `mods`)
//! and lets worker threads render files before the walk reaches them, under the purity
//! barrier of [`halite_exec::speculation`]:
//! - a speculative render may call only pure execution functions, and none that reads the
//!   host while a fleet compile asks the target for those; an impure call, a log
//!   line the configured level would print, any error or a panic voids it (the walk then
//!   renders that file itself, reporting errors and logging exactly as a sequential run);
//! - the walk takes a speculative result only while the world is clean: no render the walk
//!   did itself has called an impure function since the speculation started. Every render
//!   before that point in walk order was pure, so the world a speculative render saw is the
//!   one the walk would have shown it, and its result is the sequential one. From the first
//!   impure call on, the speculation is cancelled and the rest renders in order, as today.
//!
//! Jinja state stays within one render (each render builds its own environment and deep
//! copies of grains, pillar and opts). The one thing a render leaves behind is the engine's
//! cache of imported template files (read once per engine): a speculative render reads
//! through its own cache layered over the engine's, and the walk adds what it read to the
//! engine's cache when it takes the result, so later renders see the file contents a
//! sequential run would have cached.
//!
//! Which file a worker renders next: the walk's order is predicted from the top matches and
//! the include lists learnt so far (from speculative results and from the walk's own
//! renders), and a worker takes the *last* file of that order not yet claimed, so the walk
//! (from the front) and the workers (from the back) meet in the middle instead of racing
//! for the same file. When the walk reaches a file a worker is rendering, it waits for it.

use crate::fileclient::{get_state, glob_states};
use crate::highstate::{
    include_env_and_name, is_init_source, render_sls_file, resolve_relative_include, Prepared,
};
use halite_exec::{speculation, FileRoots};
use halite_jinja::{CachedFiles, JinjaEngine};
use halite_value::Value;
use indexmap::IndexMap;
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// Worker threads' stack size.
const WORKER_STACK: usize = 64 << 20;

/// `(saltenv, sls)`: a file of the walk (Salt's `mods` entry `saltenv:sls`).
pub(crate) type Key = (String, String);

/// A clean speculative render, prepared for the walk to take.
pub(crate) struct Speculated {
    pub prepared: Prepared,
    /// The imported template files the render read that the engine had not cached.
    pub files: CachedFiles,
}

enum Status {
    /// Named by the top or an include, not started.
    Pending,
    /// A worker is rendering it.
    Running,
    /// Rendered cleanly, waiting for the walk.
    Done(Speculated),
    /// Taken by the walk, rendered by the walk itself, or voided.
    Closed,
}

struct State {
    cancelled: bool,
    /// Every file named so far (by the top or an include), by index.
    files: Vec<File>,
    index: HashMap<Key, usize>,
    /// The top matches' files, in match order.
    top: Vec<usize>,
    /// The predicted walk order; recomputed when `stale`.
    order: Vec<usize>,
    stale: bool,
}

struct File {
    key: Key,
    status: Status,
    /// Its include list, once learnt (plain names resolved against the available sls).
    includes: Option<Vec<usize>>,
}

impl State {
    /// The index of `key`, added as pending when new.
    fn id(&mut self, key: Key) -> usize {
        if let Some(&id) = self.index.get(&key) {
            return id;
        }
        let id = self.files.len();
        self.index.insert(key.clone(), id);
        self.files.push(File {
            key,
            status: Status::Pending,
            includes: None,
        });
        id
    }

    /// The walk's order as known now: the top files depth first through the learnt
    /// includes, each file once (Salt's `mods`).
    fn predict(&mut self) {
        let mut seen = vec![false; self.files.len()];
        let mut order = Vec::with_capacity(self.files.len());
        let mut stack: Vec<usize> = self.top.iter().rev().copied().collect();
        while let Some(id) = stack.pop() {
            if std::mem::replace(&mut seen[id], true) {
                continue;
            }
            order.push(id);
            if let Some(incs) = &self.files[id].includes {
                stack.extend(incs.iter().rev());
            }
        }
        self.order = order;
        self.stale = false;
    }

    /// The pending file farthest from any other work in the predicted walk order (the
    /// middle of the longest run of pending files), marked running.
    ///
    /// Not simply the last one: the prediction knows only the includes learnt so far, and
    /// where it is wrong the true walk can come from the far end. In a ring of includes
    /// (each file includes the previous one, the top names them all) the walk goes s0,
    /// s99, s98, ... while the predicted order still ends with ..., s97, s98: a worker
    /// taking the last file would render what the walk needs next and make it wait.
    /// Taking middles keeps a worker away from both the walk's front and the tail.
    fn pick(&mut self) -> Option<usize> {
        if self.stale {
            self.predict();
        }
        let files = &mut self.files;
        // (start, length) of the longest run of pending files; a later run wins ties.
        let mut best: Option<(usize, usize)> = None;
        let mut run_start = 0;
        for (pos, &id) in self.order.iter().enumerate() {
            if !matches!(files[id].status, Status::Pending) {
                run_start = pos + 1;
                continue;
            }
            let len = pos + 1 - run_start;
            if best.is_none_or(|(_, l)| len >= l) {
                best = Some((run_start, len));
            }
        }
        let (start, len) = best?;
        let id = self.order[start + len / 2];
        files[id].status = Status::Running;
        Some(id)
    }

    /// Records an include list (once per file); new files become pending.
    fn learn(&mut self, id: usize, incs: Vec<Key>) {
        if self.files[id].includes.is_some() {
            return;
        }
        let incs = incs.into_iter().map(|k| self.id(k)).collect();
        self.files[id].includes = Some(incs);
        self.stale = true;
    }
}

/// What workers need besides the shared state: read-only after the start.
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
    /// One engine per saltenv, forked from the walk's (so they share its converted data and
    /// read through its file cache).
    engines: HashMap<String, JinjaEngine>,
    file_roots: FileRoots,
    avail: IndexMap<String, Vec<String>>,
    pipe: String,
    cachedir: Option<String>,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The files a rendered sls includes, as the walk would resolve them: plain and
    /// relative names and globs against the env's available sls, `{saltenv: sls}` maps.
    /// A guess is enough (a wrong one costs a useless render, never a wrong result).
    fn includes(&self, saltenv: &str, sls: &str, is_init: bool, include: &[Value]) -> Vec<Key> {
        let mut out = Vec::new();
        for inc in include {
            let Some((env, mut name)) = include_env_and_name(inc, saltenv) else {
                continue;
            };
            if name.starts_with('.') {
                match resolve_relative_include(&name, sls, is_init) {
                    Some(resolved) => name = resolved,
                    None => continue,
                }
            }
            let Some(avail) = self.avail.get(&env) else {
                continue;
            };
            out.extend(
                glob_states(avail, &name)
                    .into_iter()
                    .map(|s| (env.clone(), s)),
            );
        }
        out
    }

    /// One speculative render: `None` when voided, failed or panicked (the walk then renders
    /// the file itself, and reports or panics as a sequential run does).
    fn render(&self, key: &Key) -> Option<(Speculated, Vec<Key>)> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.try_render(key)))
            .ok()
            .flatten()
    }

    fn try_render(&self, key: &Key) -> Option<(Speculated, Vec<Key>)> {
        let (saltenv, sls) = key;
        let engine = self.engines.get(saltenv)?.fork();
        let sf = get_state(&self.file_roots, sls, saltenv)?;
        let rendered = speculation::speculate(|| {
            render_sls_file(
                &engine,
                &self.pipe,
                self.cachedir.as_deref(),
                &sf.path,
                &sf.source,
                saltenv,
                sls,
                None,
            )
        });
        let prepared = Prepared::new(rendered?.ok()?, sls, saltenv);
        let include = match &prepared {
            Prepared::Dict { include, .. } => include.as_slice(),
            _ => &[],
        };
        let incs = self.includes(saltenv, sls, is_init_source(&sf.source), include);
        let files = engine.into_cached_files();
        Some((Speculated { prepared, files }, incs))
    }
}

/// A worker: renders the last pending file of the predicted order until cancelled.
fn work(shared: Arc<Shared>) {
    let _logs = tracing::subscriber::set_default(VoidOnLog::new());
    loop {
        let (id, key) = {
            let mut st = shared.lock();
            loop {
                if st.cancelled {
                    return;
                }
                if let Some(id) = st.pick() {
                    break (id, st.files[id].key.clone());
                }
                st = shared.changed.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        };
        let done = shared.render(&key);
        let mut st = shared.lock();
        if st.cancelled {
            return;
        }
        st.files[id].status = match done {
            Some((spec, incs)) => {
                st.learn(id, incs);
                Status::Done(spec)
            }
            None => Status::Closed,
        };
        drop(st);
        shared.changed.notify_all();
    }
}

/// The walk's handle on a running speculation. Dropping it cancels the workers (they stop
/// after their current render; nothing waits for them).
pub(crate) struct Speculation {
    shared: Arc<Shared>,
    /// [`speculation::impure_calls`] when the speculation started.
    impure_at_start: u64,
    clean: bool,
}

impl Speculation {
    /// Starts `workers` threads on the top's files (`jobs`, in walk order). `engines` are
    /// the walk's engines for the envs involved.
    pub fn start(
        jobs: Vec<Key>,
        engines: HashMap<String, JinjaEngine>,
        file_roots: FileRoots,
        avail: IndexMap<String, Vec<String>>,
        pipe: String,
        cachedir: Option<String>,
        workers: usize,
    ) -> Option<Self> {
        let mut state = State {
            cancelled: false,
            files: Vec::with_capacity(jobs.len()),
            index: HashMap::with_capacity(jobs.len()),
            top: Vec::with_capacity(jobs.len()),
            order: Vec::new(),
            stale: true,
        };
        for key in jobs {
            let id = state.id(key);
            state.top.push(id);
        }
        // The walk starts with the first file at once: a worker would only race it there.
        if let Some(first) = state.files.first_mut() {
            first.status = Status::Closed;
        }
        let shared = Arc::new(Shared {
            state: Mutex::new(state),
            changed: Condvar::new(),
            engines,
            file_roots,
            avail,
            pipe,
            cachedir,
        });
        let mut started = 0;
        // A fleet compile's workers answer host reads as the walk's thread does (not from
        // this machine: a worker voids its render and the walk asks the target).
        let scope = halite_exec::remote::current();
        for i in 0..workers {
            let worker = shared.clone();
            let scope = scope.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("halite-render-{i}"))
                // Deep templates or YAML must not overflow here where the walk's thread (the
                // process's main thread, usually 8 MiB) would not: a stack overflow aborts
                // the process. Only the pages used are committed.
                .stack_size(WORKER_STACK)
                .spawn(move || halite_exec::remote::enter(scope, || work(worker)));
            if spawned.is_ok() {
                started += 1;
            }
        }
        (started > 0).then(|| Speculation {
            shared,
            impure_at_start: speculation::impure_calls(),
            clean: true,
        })
    }

    /// The walk is about to render `(saltenv, sls)`: the speculative result when the world
    /// is still clean and a worker rendered it cleanly (waiting for a worker that is
    /// rendering it), else `None` and the walk renders it itself (and no worker will).
    pub fn take(&mut self, saltenv: &str, sls: &str) -> Option<Speculated> {
        if !self.clean {
            return None;
        }
        if speculation::impure_calls() != self.impure_at_start {
            // The walk's last render changed the world: what the workers saw is stale.
            self.clean = false;
            self.cancel();
            return None;
        }
        let mut st = self.shared.lock();
        let id = st.id((saltenv.to_string(), sls.to_string()));
        loop {
            let slot = &mut st.files[id].status;
            match slot {
                Status::Running => {
                    st = self
                        .shared
                        .changed
                        .wait(st)
                        .unwrap_or_else(|e| e.into_inner());
                }
                Status::Done(_) => {
                    return match std::mem::replace(slot, Status::Closed) {
                        Status::Done(spec) => Some(spec),
                        _ => None,
                    };
                }
                Status::Pending | Status::Closed => {
                    *slot = Status::Closed;
                    return None;
                }
            }
        }
    }

    /// The walk rendered `(saltenv, sls)` (itself or taken): its include list tells the
    /// workers what comes next.
    pub fn learn(&mut self, saltenv: &str, sls: &str, is_init: bool, include: &[Value]) {
        if !self.clean {
            return;
        }
        let id = {
            let mut st = self.shared.lock();
            let id = st.id((saltenv.to_string(), sls.to_string()));
            if st.files[id].includes.is_some() {
                return;
            }
            id
        };
        let incs = self.shared.includes(saltenv, sls, is_init, include);
        self.shared.lock().learn(id, incs);
        self.shared.changed.notify_all();
    }

    fn cancel(&self) {
        let mut st = self.shared.lock();
        st.cancelled = true;
        // Unconsumed results are dropped here rather than when the last worker exits.
        st.files.clear();
        st.index.clear();
        drop(st);
        self.shared.changed.notify_all();
    }
}

impl Drop for Speculation {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The workers' log subscriber: an event the process's subscriber would record voids the
/// speculative render instead of being printed, so log lines come out once, from the
/// walk's own render of that file, in the sequential order.
struct VoidOnLog {
    /// The process's subscriber, which decides what is enabled.
    global: tracing::Dispatch,
    /// Its most verbose level (taken before this subscriber joins the computation).
    max_level: tracing::level_filters::LevelFilter,
}

impl VoidOnLog {
    fn new() -> Self {
        VoidOnLog {
            global: tracing::dispatcher::get_default(tracing::Dispatch::clone),
            max_level: tracing::level_filters::LevelFilter::current(),
        }
    }
}

impl tracing::Subscriber for VoidOnLog {
    fn register_callsite(
        &self,
        _: &'static tracing::Metadata<'static>,
    ) -> tracing::subscriber::Interest {
        // Decided per event by `enabled`, with the process subscriber's filter.
        tracing::subscriber::Interest::sometimes()
    }

    fn enabled(&self, metadata: &tracing::Metadata<'_>) -> bool {
        self.global.enabled(metadata)
    }

    fn max_level_hint(&self) -> Option<tracing::level_filters::LevelFilter> {
        Some(self.max_level)
    }

    fn new_span(&self, _: &tracing::span::Attributes<'_>) -> tracing::span::Id {
        tracing::span::Id::from_u64(1)
    }

    fn record(&self, _: &tracing::span::Id, _: &tracing::span::Record<'_>) {}

    fn record_follows_from(&self, _: &tracing::span::Id, _: &tracing::span::Id) {}

    fn event(&self, _: &tracing::Event<'_>) {
        speculation::abort();
    }

    fn enter(&self, _: &tracing::span::Id) {}

    fn exit(&self, _: &tracing::span::Id) {}
}
