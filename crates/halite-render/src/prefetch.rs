//! Work a highstate render can do before grains and pillar are known, done on a spare core
//! while the minion loads them: listing each environment's sls files (`list_states`) and
//! compiling their Jinja templates (see [`halite_jinja::Precompiled`]).
//!
//! Nothing here has effects: it reads the file roots and keeps what it made for the render
//! to take. The render stops it when the walk starts (from then on the spare core is the
//! speculative workers'), so it compiles at most what fits in the grains and pillar time,
//! top files first, then the sls files in `list_states` order. A template it did not reach
//! is compiled by its render, as without it.

use crate::fileclient::{get_state, list_envs, Avail};
use crate::opts;
use crate::template::{pipe_str, render_pipe, Renderer};
use halite_exec::FileRoots;
use halite_jinja::{Precompiled, SyntaxFlags};
use halite_value::Map;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex, OnceLock};
use std::thread::JoinHandle;

/// The memory compiled templates may hold while they wait for their render (a bound for
/// large trees and for walks that start late, e.g. behind a slow external pillar).
const COMPILED_BUDGET: usize = 2 << 20;

/// What a template compiled from `source_len` bytes holds, about: minijinja reserves room
/// for 256 instructions and 128 line and span records (12 KiB) in every template, which also
/// keeps its source, the preprocessed text and instructions of about twice their size.
fn compiled_size(source_len: usize) -> usize {
    (12 << 10) + 4 * source_len
}

/// What the call will render.
#[derive(Debug, Clone)]
pub enum Renders {
    /// The highstate: the top files first.
    Highstate,
    /// These sls (of the `saltenv` option's environment, else base) first.
    Sls(Vec<String>),
}

/// The running prefetch of one call.
pub struct Prefetch {
    precompiled: Arc<Precompiled>,
    stop: Arc<AtomicBool>,
    listing: Mutex<Receiver<Listing>>,
    listed: OnceLock<Option<Listing>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

/// The file roots listed and what they hold.
struct Listing {
    roots: FileRoots,
    avail: Avail,
}

impl Prefetch {
    /// Starts listing and compiling for a call that `renders` with these options (the
    /// minion's, before grains), or `None` without a spare core.
    pub fn start(opts: &Map, renders: Renders) -> Option<Prefetch> {
        if halite_value::available_cores() < 2 {
            return None;
        }
        let precompiled = Arc::new(Precompiled::default());
        let stop = Arc::new(AtomicBool::new(false));
        let (send, listing) = sync_channel(1);
        let opts = opts.clone();
        let (job_precompiled, job_stop) = (precompiled.clone(), stop.clone());
        let thread = std::thread::Builder::new()
            .name("prefetch".into())
            .spawn(move || {
                let roots = opts::roots(&opts, "file_roots");
                let avail = list_envs(&roots, opts::envs(&opts, &roots));
                let _ = send.send(Listing {
                    roots: roots.clone(),
                    avail: avail.clone(),
                });
                let job = Job {
                    sls_syntax: SyntaxFlags::of(&opts, true),
                    opts,
                    precompiled: job_precompiled,
                    stop: job_stop,
                };
                match renders {
                    Renders::Highstate => job.compile_tops(&roots, &avail),
                    Renders::Sls(mods) => job.compile_mods(&roots, &mods),
                }
                job.compile_states(&roots, &avail);
            })
            .ok()?;
        Some(Prefetch {
            precompiled,
            stop,
            listing: Mutex::new(listing),
            listed: OnceLock::new(),
            thread: Mutex::new(Some(thread)),
        })
    }

    /// The sls lists of `envs` in `roots` (waits for the listing); `None` if the listing
    /// failed or was of other roots.
    pub fn avail(&self, roots: &FileRoots, envs: &[String]) -> Option<Avail> {
        let listed = self.listed.get_or_init(|| {
            let listing = self.listing.lock().ok()?;
            listing.recv().ok()
        });
        let listing = listed.as_ref()?;
        let same = listing.roots == *roots && listing.avail.keys().eq(envs.iter());
        same.then(|| listing.avail.clone())
    }

    pub fn precompiled(&self) -> Arc<Precompiled> {
        self.precompiled.clone()
    }

    /// Waits until everything the prefetch would compile is compiled (or it was stopped).
    pub fn join(&self) {
        let thread = self.thread.lock().ok().and_then(|mut t| t.take());
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }

    /// Compiles nothing more (what is compiled stays available).
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Prefetch {
    fn drop(&mut self) {
        self.stop();
    }
}

struct Job {
    opts: Map,
    /// What sls templates are compiled with.
    sls_syntax: SyntaxFlags,
    precompiled: Arc<Precompiled>,
    stop: Arc<AtomicBool>,
}

impl Job {
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Each environment's top file, rendered first (not as an sls: its syntax options are
    /// `jinja_env`'s).
    fn compile_tops(&self, roots: &FileRoots, avail: &Avail) {
        let state_top = opts::state_top(&self.opts);
        let syntax = SyntaxFlags::of(&self.opts, false);
        for env in avail.keys() {
            if self.stopped() {
                return;
            }
            if let Some(path) = roots.find(env, &state_top) {
                self.compile_file(&path, &syntax);
            }
        }
    }

    fn compile_mods(&self, roots: &FileRoots, mods: &[String]) {
        let saltenv = opts::saltenv(&self.opts).unwrap_or_else(|| "base".to_string());
        for sls in mods {
            if self.stopped() {
                return;
            }
            if let Some(file) = get_state(roots, sls, &saltenv) {
                self.compile_file(&file.path, &self.sls_syntax);
            }
        }
    }

    fn compile_states(&self, roots: &FileRoots, avail: &Avail) {
        let mut budget = COMPILED_BUDGET;
        for (env, states) in avail {
            for sls in states {
                if self.stopped() {
                    return;
                }
                let Some(file) = get_state(roots, sls, env) else {
                    continue;
                };
                match self
                    .compile_file(&file.path, &self.sls_syntax)
                    .map(compiled_size)
                {
                    Some(size) if size < budget => budget -= size,
                    Some(_) => return,
                    None => {}
                }
            }
        }
    }

    /// Compiles the file at `path` when its render pipe starts with Jinja; the size of the
    /// text compiled.
    fn compile_file(&self, path: &std::path::Path, syntax: &SyntaxFlags) -> Option<usize> {
        let name = path.to_string_lossy();
        if self.precompiled.contains(&name) {
            return None;
        }
        let text = halite_value::limits::read_input_to_string(path).ok()?;
        if text.trim().is_empty() || !starts_with_jinja(&self.opts, &text) {
            return None;
        }
        let size = text.len();
        self.precompiled.compile(&name, text, syntax.clone());
        Some(size)
    }
}

/// Whether `compile_template` would hand `text` to the Jinja renderer first.
fn starts_with_jinja(opts: &Map, text: &str) -> bool {
    let first_line = text.lines().next().unwrap_or("");
    let compat = halite_value::SaltCompat::of(opts);
    let pipe = render_pipe(pipe_str(first_line, opts::renderer(opts)), compat);
    pipe.is_some_and(|pipe| matches!(pipe.first(), Some(Renderer::Jinja(_))))
}
