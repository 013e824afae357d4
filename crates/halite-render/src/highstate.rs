//! `BaseHighState`: gathering top files, matching them, and rendering SLS files with their
//! includes into one high data map (salt/state.py `render_state` / `render_highstate`).

use crate::fileclient::{get_state, glob_states, list_envs, Avail};
use crate::matcher::{confirm_top, MatchContext};
use crate::opts;
use crate::prefetch::Prefetch;
use crate::renderers::SaltRenderers;
use crate::speculate::{Key, Speculation};
use crate::template::{compile_template, RenderError, TemplateJob};
use crate::top::{self, TopError, Tops};
use halite_exec::{ExecContext, FileRoots, Registry};
use halite_jinja::JinjaEngine;
use halite_value::{List, Map, MapHasher, Str, Value};
use indexmap::IndexMap;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Top matches: `{saltenv: [sls, ...]}` in match order (an sls may repeat).
pub type Matches = IndexMap<String, Vec<String>>;

/// Salt's `self.iorder` starts here and grows by one per state without an `order`.
const FIRST_AUTO_ORDER: i64 = 10000;

/// At most this many speculative render threads (besides the walk's own).
const MAX_SPECULATIVE_WORKERS: usize = 3;

/// `compile_template` for a file of the file roots with the sls variables: the walk's and
/// the speculative workers' renders (same inputs, same result); `stateconf` is the run's
/// stateconf memory (the walk's; a speculative render has none).
#[allow(clippy::too_many_arguments)]
pub(crate) fn render_sls_file(
    engine: &JinjaEngine,
    pipe: &str,
    cachedir: Option<&str>,
    path: &std::path::Path,
    source: &str,
    saltenv: &str,
    sls: &str,
    stateconf: Option<&crate::stateconf::SharedGlobals>,
) -> Result<Value, RenderError> {
    compile_template(&TemplateJob {
        path,
        default_pipe: pipe,
        saltenv,
        sls,
        engine,
        extra: &Map::new(),
        cached_path: cachedir.map(|dir| format!("{dir}/files/{saltenv}/{source}")),
        stateconf,
    })
}

pub struct HighState {
    pub opts: Map,
    pub grains: Value,
    pub pillar: Value,
    registry: Arc<Registry>,
    file_roots: FileRoots,
    engines: HashMap<String, JinjaEngine>,
    avail: Avail,
    iorder: i64,
    /// Extra `{saltenv: [sls]}` from `master_tops` (reclass), merged after the top file's.
    pub master_tops: Matches,
    /// Render SLS files ahead of the walk on spare cores (see the `speculate` module); the
    /// minion option `parallel_render: False` turns it off.
    pub speculate: bool,
    /// The running speculation, during `render_highstate`.
    speculation: Option<Speculation>,
    /// How many files the last `render_highstate` took from speculative renders (for
    /// diagnostics and tests).
    pub speculated: usize,
    /// The file listing and template compiling begun while the minion loaded.
    prefetch: Option<Arc<Prefetch>>,
    /// What this run's `stateconf` renders declared (Salt keeps it in module globals).
    stateconf: Arc<crate::stateconf::SharedGlobals>,
    /// The opts templates and execution functions see (`opts`, `config.get`) when they are
    /// not [`HighState::opts`]: a fleet compile renders with the controller's options and
    /// shows the host's minion options (`HighState::with_template_opts`).
    template_opts: Option<Map>,
}

impl HighState {
    pub fn new(opts: Map, grains: Value, pillar: Value, registry: Arc<Registry>) -> Self {
        Self::with_prefetch(opts, grains, pillar, registry, None)
    }

    /// A highstate that takes the file lists and the compiled templates of `prefetch`
    /// (started with these options) where they match.
    pub fn with_prefetch(
        opts: Map,
        grains: Value,
        pillar: Value,
        registry: Arc<Registry>,
        prefetch: Option<Arc<Prefetch>>,
    ) -> Self {
        let file_roots = opts::roots(&opts, "file_roots");
        let mut hs = HighState {
            opts,
            grains,
            pillar,
            registry,
            file_roots,
            engines: HashMap::new(),
            avail: Avail::new(),
            iorder: FIRST_AUTO_ORDER,
            master_tops: Matches::new(),
            speculate: true,
            speculation: None,
            speculated: 0,
            prefetch,
            stateconf: Arc::default(),
            template_opts: None,
        };
        hs.speculate = hs.opts.get("parallel_render").is_none_or(Value::truthy);
        let envs = hs.envs();
        let listed = hs
            .prefetch
            .as_ref()
            .and_then(|p| p.avail(&hs.file_roots, &envs));
        hs.avail = match listed {
            Some(avail) => avail,
            None => list_envs(&hs.file_roots, envs),
        };
        hs
    }

    /// Templates see `opts` instead of [`HighState::opts`] (which still drive the render:
    /// top file, environments, renderer, master_tops).
    pub fn with_template_opts(mut self, opts: Option<Map>) -> Self {
        self.template_opts = opts;
        self.engines.clear();
        self
    }

    pub fn file_roots(&self) -> &FileRoots {
        &self.file_roots
    }

    /// The sls names an environment offers (`LazyAvailStates`).
    pub fn avail(&self, saltenv: &str) -> Option<&Vec<String>> {
        self.avail.get(saltenv)
    }

    /// `_get_envs`: base, then the `file_roots` envs, or `env_order` when set.
    pub fn envs(&self) -> Vec<String> {
        opts::envs(&self.opts, &self.file_roots)
    }

    fn engine(&mut self, saltenv: &str) -> &JinjaEngine {
        if !self.engines.contains_key(saltenv) {
            let opts = self.template_opts.as_ref().unwrap_or(&self.opts);
            let ctx = ExecContext {
                opts: Value::Map(opts.clone()),
                grains: self.grains.clone(),
                pillar: self.pillar.clone(),
                saltenv: saltenv.to_string(),
                file_roots: self.file_roots.clone(),
                renderer: Some(SaltRenderers::shared(self.registry.clone())),
                retcode: Default::default(),
            };
            let mut engine = JinjaEngine::new(self.registry.clone(), Arc::new(ctx));
            if let Some(prefetch) = &self.prefetch {
                engine = engine.with_precompiled(prefetch.precompiled());
            }
            self.engines.insert(saltenv.to_string(), engine);
        }
        &self.engines[saltenv]
    }

    fn default_pipe(&self) -> String {
        opts::renderer(&self.opts).to_string()
    }

    /// Renders a file of the file roots; `source` is its path relative to the root (what the
    /// cached copy Salt renders is named after).
    fn render_file(
        &mut self,
        path: &std::path::Path,
        source: &str,
        saltenv: &str,
        sls: &str,
    ) -> Result<Value, RenderError> {
        let pipe = self.default_pipe();
        let cachedir = self.cachedir();
        let stateconf = self.stateconf.clone();
        let engine = self.engine(saltenv);
        render_sls_file(
            engine,
            &pipe,
            cachedir.as_deref(),
            path,
            source,
            saltenv,
            sls,
            Some(&stateconf),
        )
    }

    fn cachedir(&self) -> Option<String> {
        opts::get_str(&self.opts, "cachedir").map(|d| d.trim_end_matches('/').to_string())
    }

    // ----- top file -------------------------------------------------------------------

    /// `get_tops`: the rendered top file of each env (or of `saltenv` only), with top-file
    /// `include`s rendered and appended. A render error is returned as Salt's `get_top`
    /// swallows it (the caller treats the top as empty).
    pub fn get_tops(&mut self) -> Result<Tops, RenderError> {
        let mut tops = Tops::new();
        let state_top = opts::state_top(&self.opts);
        let envs = match opts::saltenv(&self.opts) {
            Some(env) => vec![env],
            None => match opts::get_str(&self.opts, "state_top_saltenv") {
                Some(env) => vec![env.to_string()],
                None => self.envs(),
            },
        };
        for env in envs {
            let top = match self.file_roots.find(&env, &state_top) {
                Some(path) => self.render_file(&path, &state_top, &env, "")?,
                None => Value::Map(Map::new()),
            };
            tops.entry(env).or_default().push(top);
        }
        self.render_top_includes(&mut tops)?;
        Ok(tops)
    }

    fn render_top_includes(&mut self, tops: &mut Tops) -> Result<(), RenderError> {
        let mut include: IndexMap<String, Vec<String>> = IndexMap::new();
        for (env, ctops) in tops.iter_mut() {
            for ctop in ctops.iter_mut() {
                if let Some(Value::List(inc)) = ctop.as_map_mut().and_then(|m| m.remove("include"))
                {
                    include
                        .entry(env.clone())
                        .or_default()
                        .extend(inc.iter().map(Value::py_str));
                }
            }
        }
        let mut done: HashSet<(String, String)> = HashSet::new();
        for (env, patterns) in include {
            for pattern in patterns {
                let found = self
                    .avail
                    .get(&env)
                    .map(|a| glob_states(a, &pattern))
                    .unwrap_or_default();
                for sls in &found {
                    if !done.insert((env.clone(), sls.clone())) {
                        continue;
                    }
                    let Some(sf) = get_state(&self.file_roots, sls, &env) else {
                        continue;
                    };
                    let rendered = self.render_file(&sf.path, &sf.source, &env, "")?;
                    tops.entry(env.clone()).or_default().push(rendered);
                }
            }
        }
        Ok(())
    }

    /// `merge_tops` with the configured `top_file_merging_strategy`.
    pub fn merge_tops(&self, tops: &Tops) -> Result<Map, TopError> {
        top::check_tops(tops)?;
        match opts::get_str(&self.opts, "top_file_merging_strategy").unwrap_or("merge") {
            "same" => {
                let default_top = opts::get_str(&self.opts, "default_top").unwrap_or("base");
                top::merge_tops_same(tops, default_top)
            }
            "merge_all" => top::merge_tops_merge_all(tops),
            _ => top::merge_tops_merge(tops),
        }
    }

    /// `get_top`: merged top data; `{}` when a top file fails to render, as Salt does.
    /// Merging fails on top data of the wrong shape (see [`TopError`]).
    pub fn try_get_top(&mut self) -> Result<Map, TopError> {
        match self.get_tops() {
            Ok(tops) => self.merge_tops(&tops),
            Err(e) => {
                tracing::error!("Unable to render top file: {e}");
                // Salt's answer is then "No Top file ... matches found": the render error's
                // diagnostic is printed on its own
                if let Some(d) = halite_value::diag::for_error(&e.to_string()) {
                    halite_value::diag::logged(d);
                }
                Ok(Map::new())
            }
        }
    }

    /// The top files of the run, as paths (each env's, in `get_tops` order).
    pub fn top_paths(&self) -> Vec<String> {
        crate::top::top_paths(&self.file_roots, &self.envs(), &opts::state_top(&self.opts))
    }

    /// Attaches the diagnostic of a top file naming an SLS that is not there.
    fn diagnose_missing_sls(&self, sls: &str, saltenv: &str) {
        if sls.is_empty() {
            // verify_tops reports the empty name
            return;
        }
        let avail = self.avail.get(saltenv).cloned().unwrap_or_default();
        if let Some(d) = crate::diagnose::top_missing_sls(sls, saltenv, &self.top_paths(), &avail) {
            halite_value::diag::attach(
                format!("No matching sls found for '{sls}' in env '{saltenv}'"),
                d,
            );
        }
    }

    /// The first `match:` option naming a matcher Salt does not have, in the order Salt's
    /// `top_matches` tries the targets: Salt crashes there (`KeyError: 'NAME_match.match'`,
    /// nothing on standard output). The diagnostic is recorded; the answer is the exception.
    pub fn unknown_matcher(&self, top: &Map) -> Option<String> {
        let only_env = opts::saltenv(&self.opts);
        for (env, body) in top.iter() {
            let env = env.py_str();
            if only_env.as_ref().is_some_and(|e| *e != env) {
                continue;
            }
            let Value::Map(body) = body else { continue };
            for (tgt, data) in body.iter() {
                let Value::List(data) = data else { continue };
                let Some(value) = crate::matcher::matcher_of(data) else {
                    continue;
                };
                let name = value.py_str();
                // `matcher + "_match.match"`: a TypeError for a matcher that is not a string
                let exception = match &value {
                    Value::Str(_) if crate::matcher::is_known(&name) => continue,
                    Value::Str(_) => format!("KeyError: '{name}_match.match'"),
                    other => format!(
                        "TypeError: unsupported operand type(s) for +: '{}' and 'str'",
                        other.type_name()
                    ),
                };
                let (message, label, item) = match &value {
                    Value::Str(_) => (
                        format!("there is no top file matcher `{name}`"),
                        "unknown matcher".to_string(),
                        format!("match: {name}"),
                    ),
                    Value::Null => (
                        "the `match` option has no value".to_string(),
                        "no matcher named".to_string(),
                        "match".to_string(),
                    ),
                    _ => (
                        format!(
                            "the `match` option is a {}, not a matcher name",
                            value.type_name()
                        ),
                        "not a matcher name".to_string(),
                        "match".to_string(),
                    ),
                };
                let mut d = halite_value::diag::Diagnostic::new(message, "");
                let tgt = tgt.py_str();
                if crate::diagnose::place_in_top(
                    &mut d,
                    &self.top_paths(),
                    &[Some(&env), Some(&tgt), Some(&item)],
                ) {
                    d.label = label;
                    d.hint = Some(
                        match halite_value::diag::closest(
                            &name,
                            crate::matcher::KNOWN.iter().copied(),
                        ) {
                            Some(near) => format!("did you mean `{near}`?"),
                            None => {
                                format!("the matchers are {}", crate::matcher::KNOWN.join(", "))
                            }
                        },
                    );
                    halite_value::diag::logged(d);
                }
                return Some(exception);
            }
        }
        None
    }

    /// [`try_get_top`](Self::try_get_top), with top data of the wrong shape logged and taken
    /// as `{}`.
    pub fn get_top(&mut self) -> Map {
        self.try_get_top().unwrap_or_else(|e| {
            tracing::error!("Unable to render top file: {e:?}");
            Map::new()
        })
    }

    pub fn verify_tops(&self, top: &Map) -> Vec<String> {
        let compat = halite_value::SaltCompat::of(&self.opts);
        let mistakes = top::verify_tops_placed(top, compat);
        if !mistakes.is_empty() {
            let paths = self.top_paths();
            for m in &mistakes {
                if let Some(d) = crate::diagnose::top_mistake(m, &paths) {
                    halite_value::diag::attach(m.text.clone(), d);
                }
            }
        }
        mistakes.into_iter().map(|m| m.text).collect()
    }

    /// `top_matches`: the sls names whose targets match this minion, per env, followed by
    /// the `master_tops` ones not already there.
    pub fn top_matches(&self, top: &Map) -> Matches {
        let mut matches = Matches::new();
        let only_env = opts::saltenv(&self.opts);
        let id = opts::get_str(&self.opts, "id").unwrap_or("").to_string();
        let nodegroups = self.opts.get("nodegroups").cloned().unwrap_or(Value::Null);
        let ctx = MatchContext {
            id: &id,
            grains: &self.grains,
            pillar: &self.pillar,
            nodegroups: &nodegroups,
        };
        for (env, body) in top.iter() {
            let env = env.py_str();
            if only_env.as_ref().is_some_and(|e| *e != env) {
                continue;
            }
            let Value::Map(body) = body else { continue };
            for (tgt, data) in body.iter() {
                let data = match data {
                    Value::Str(_) => vec![data.clone()],
                    Value::List(l) => l.to_vec(),
                    _ => continue,
                };
                if !confirm_top(&tgt.py_str(), &data, &ctx) {
                    continue;
                }
                matches.entry(env.clone()).or_default();
                for item in &data {
                    match item {
                        Value::Str(s) => matches[&env].push(s.to_string()),
                        Value::Map(m) => {
                            let Some((env_key, inc)) = m.iter().next_back() else {
                                continue;
                            };
                            let env_key = env_key.py_str();
                            if env_key == "match" || !self.avail.contains_key(&env_key) {
                                continue;
                            }
                            matches.entry(env_key).or_default().push(inc.py_str());
                        }
                        _ => {}
                    }
                }
            }
        }
        for (env, ext) in &self.master_tops {
            let first = matches.entry(env.clone()).or_default();
            for sls in ext {
                if !first.contains(sls) {
                    first.push(sls.clone());
                }
            }
        }
        matches
    }

    // ----- sls rendering --------------------------------------------------------------

    /// `render_highstate`: every matched sls (globs expanded against the env's sls list)
    /// rendered once, merged into one high data map.
    ///
    /// Salt renders and merges in one recursion where each include level marks and re-merges
    /// every state below it: quadratic in include depth. halite renders first (same order,
    /// same `mods`), then merges: in one linear pre-order pass when no ID is defined twice
    /// (same result: nothing to report, and `dict.update` never replaces a body), else by
    /// replaying Salt's level-by-level merge.
    pub fn render_highstate(&mut self, matches: &Matches) -> (Map, Vec<String>) {
        self.speculated = 0;
        // The spare cores are the speculative workers' from here on.
        if let Some(prefetch) = &self.prefetch {
            prefetch.stop();
        }
        self.start_speculation(matches);
        halite_value::phase("speculation start");
        let (rendered, ids_unique) = self.render_tops(matches);
        // The walk is over: stop the workers and drop what it did not take.
        self.speculation = None;
        halite_value::phase("render walk");
        tracing::debug!("{} files were rendered speculatively", self.speculated);
        if let Some(prefetch) = &self.prefetch {
            let precompiled = prefetch.precompiled();
            tracing::debug!(
                "{} templates compiled ahead were rendered",
                precompiled.used()
            );
            // The rest were compiled for nothing; their memory serves the compile stage.
            precompiled.clear();
        }
        let (mut highstate, all_errors) = if let Some(keys) = ids_unique {
            self.merge_linear(rendered, keys)
        } else {
            self.merge_like_salt(rendered)
        };
        clean_duplicate_extends(&mut highstate);
        halite_value::phase("merge");
        (highstate, all_errors)
    }

    /// Starts speculative renders (see the `speculate` module) of the files the top matches
    /// name, with one worker per spare core (at most [`MAX_SPECULATIVE_WORKERS`]).
    fn start_speculation(&mut self, matches: &Matches) {
        if !self.speculate {
            return;
        }
        let spare = halite_value::available_cores() - 1;
        let mut jobs: Vec<Key> = Vec::new();
        let mut seen: HashSet<Key> = HashSet::new();
        for (saltenv, states) in matches {
            for sls_match in states {
                for sls in self.matching_sls(saltenv, sls_match).unwrap_or_default() {
                    let key = (saltenv.clone(), sls);
                    if seen.insert(key.clone()) {
                        jobs.push(key);
                    }
                }
            }
        }
        let workers = spare.min(MAX_SPECULATIVE_WORKERS).min(jobs.len());
        if workers == 0 {
            return;
        }
        let mut engines = HashMap::new();
        for (saltenv, _) in &jobs {
            if !engines.contains_key(saltenv) {
                let fork = self.engine(saltenv).fork();
                engines.insert(saltenv.clone(), fork);
            }
        }
        self.speculation = Speculation::start(
            jobs,
            engines,
            self.file_roots.clone(),
            self.avail.clone(),
            self.default_pipe(),
            self.cachedir(),
            workers,
        );
    }

    /// The available sls of `saltenv` (else of `__env__`) that `sls_match` globs; `None`
    /// when neither environment exists.
    fn matching_sls(&self, saltenv: &str, sls_match: &str) -> Option<Vec<String>> {
        let avail = self
            .avail
            .get(saltenv)
            .or_else(|| self.avail.get("__env__"))?;
        Some(glob_states(avail, sls_match))
    }

    /// The walk of `render_highstate`: each top match's files rendered with their includes;
    /// also, when no ID is defined twice (then the linear merge gives Salt's result), how many
    /// keys the rendered files hold.
    fn render_tops(&mut self, matches: &Matches) -> (Vec<TopRender>, Option<usize>) {
        let mut rendered: Vec<TopRender> = Vec::new();
        let mut mods: HashSet<String> = HashSet::new();
        let mut statefiles: Vec<String> = Vec::new();
        for (saltenv, states) in matches {
            for sls_match in states {
                // Without the environment, Salt keeps the previous match's files.
                match self.matching_sls(saltenv, sls_match) {
                    Some(found) => statefiles = found,
                    None => rendered.push(TopRender::Error(format!(
                        "No matching salt environment for environment '{saltenv}' found"
                    ))),
                }
                if statefiles.is_empty() {
                    statefiles = vec![sls_match.clone()];
                }
                for sls in statefiles.clone() {
                    if mods.contains(&format!("{saltenv}:{sls}")) {
                        continue;
                    }
                    let level = self.render_state(&sls, saltenv, &mut mods, matches);
                    rendered.push(TopRender::Sls {
                        level,
                        sls_match: sls_match.clone(),
                        saltenv: saltenv.clone(),
                    });
                }
            }
        }
        let unique = rendered_ids_are_unique(&rendered);
        (rendered, unique)
    }

    /// Salt's merge, level by level (used when some ID is defined more than once, so the
    /// conflicts reported, and their order, are Salt's).
    fn merge_like_salt(&mut self, rendered: Vec<TopRender>) -> (Map, Vec<String>) {
        let mut highstate = Map::new();
        let mut all_errors = Vec::new();
        for top in rendered {
            let (level, sls_match, saltenv) = match top {
                TopRender::Error(e) => {
                    all_errors.push(e);
                    continue;
                }
                TopRender::Sls {
                    level,
                    sls_match,
                    saltenv,
                } => (level, sls_match, saltenv),
            };
            let (state, mut errors) = self.merge_level(level);
            if state.truthy() {
                merge_included_states(&mut highstate, state, &mut errors);
            }
            if rewrite_missing_sls(&mut errors, &sls_match, &saltenv) {
                self.diagnose_missing_sls(&sls_match, &saltenv);
            }
            all_errors.extend(errors);
        }
        (highstate, all_errors)
    }

    /// One level of Salt's `render_state` merge: each include's states marked with this sls
    /// in `__sls_included_from__` and merged in, then auto orders for what still lacks one.
    fn merge_level(&mut self, level: Level) -> (Value, Vec<String>) {
        let Level {
            sls,
            state,
            mut errors,
            steps,
            ..
        } = level;
        let Value::Map(mut state) = state else {
            return (state, errors);
        };
        for step in steps {
            match step {
                Step::Error(e) => errors.push(e),
                Step::Include(child) => {
                    let (nstate, err) = self.merge_level(child);
                    if nstate.truthy() {
                        let nstate = mark_included_from(nstate, &sls);
                        merge_included_states(&mut state, nstate, &mut errors);
                    }
                    errors.extend(err);
                }
            }
        }
        self.handle_iorder(state.values_mut());
        (Value::Map(state), errors)
    }

    /// The linear merge: each level's own states appended in pre-order (where Salt's nested
    /// `dict.update`s put them), marked with their includers (nearest first), and given auto
    /// orders in post-order, as Salt's recursion assigns them.
    fn merge_linear(&mut self, rendered: Vec<TopRender>, keys: usize) -> (Map, Vec<String>) {
        let mut merged = Merged {
            // `__extend__` and `__exclude__` are inserted last.
            states: Map::with_capacity(keys + 2),
            ..Merged::default()
        };
        let mut all_errors = Vec::new();
        for top in rendered {
            match top {
                TopRender::Error(e) => all_errors.push(e),
                TopRender::Sls {
                    level,
                    sls_match,
                    saltenv,
                } => {
                    let mut errors = Vec::new();
                    let before = merged.states.len();
                    let had = (merged.extend.is_empty(), merged.exclude.is_empty());
                    self.append_level(level, &mut Vec::new(), &mut merged, &mut errors);
                    if had.0 && !merged.extend.is_empty() {
                        merged.extend_at = before;
                    }
                    if had.1 && !merged.exclude.is_empty() {
                        merged.exclude_at = before;
                    }
                    if rewrite_missing_sls(&mut errors, &sls_match, &saltenv) {
                        self.diagnose_missing_sls(&sls_match, &saltenv);
                    }
                    all_errors.extend(errors);
                }
            }
        }
        let Merged {
            mut states,
            extend,
            exclude,
            extend_at,
            exclude_at,
        } = merged;
        // `render_highstate`'s `setdefault` puts each key just before the states of the
        // first top match that brought one, `__extend__` before `__exclude__`; inserting
        // the later position first keeps the earlier one valid.
        let mut keys = [
            (extend_at, 0, "__extend__", extend),
            (exclude_at, 1, "__exclude__", exclude),
        ];
        keys.sort_by_key(|k| std::cmp::Reverse((k.0, k.1)));
        for (at, _, key, items) in keys {
            if !items.is_empty() {
                states.shift_insert(at, Value::str(key), Value::List(items.into()));
            }
        }
        (states, all_errors)
    }

    fn append_level(
        &mut self,
        level: Level,
        includers: &mut Vec<String>,
        merged: &mut Merged,
        errors: &mut Vec<String>,
    ) {
        let Level {
            sls,
            state,
            errors: own_errors,
            steps,
            auto_order,
        } = level;
        errors.extend(own_errors);
        let Value::Map(mut own) = state else {
            return;
        };
        for (key, acc) in [
            ("__extend__", &mut merged.extend),
            ("__exclude__", &mut merged.exclude),
        ] {
            if let Some(Value::List(items)) = own.remove(key) {
                acc.extend(items);
            }
        }
        let start = merged.states.len();
        // Every state of this level gets the same chain: one list, shared by all of them.
        let chain: List = includers.iter().rev().map(Value::str).collect();
        // The linear merge runs only when every ID is defined once (`rendered_ids_are_unique`).
        for (id, mut body) in own {
            if let (false, Value::Map(b)) = (chain.is_empty(), &mut body) {
                add_includers(b, &chain);
            }
            merged.states.push_unique(id, body);
        }
        includers.push(sls);
        for step in steps {
            match step {
                Step::Error(e) => errors.push(e),
                Step::Include(child) => self.append_level(child, includers, merged, errors),
            }
        }
        includers.pop();
        self.give_auto_orders(&mut merged.states, start, auto_order);
    }

    /// `render_state`'s rendering half: one sls file and, recursively, its includes, in
    /// Salt's order; merging is left to `merge_linear` / `merge_level`.
    fn render_state(
        &mut self,
        sls: &str,
        saltenv: &str,
        mods: &mut HashSet<String>,
        matches: &Matches,
    ) -> Level {
        let mut errors = Vec::new();
        let state_file = get_state(&self.file_roots, sls, saltenv);
        let mut prepared = Prepared::Empty;
        match &state_file {
            None => errors.push(format!(
                "Specified SLS {sls} in saltenv {saltenv} is not available on the salt master or through a configured fileserver"
            )),
            Some(sf) => {
                // A clean speculative render of this file is the sequential result.
                let result = match self.speculation.as_mut().and_then(|s| s.take(saltenv, sls)) {
                    Some(spec) => {
                        self.speculated += 1;
                        self.engine(saltenv).absorb(spec.files);
                        Ok(spec.prepared)
                    }
                    None => self
                        .render_file(&sf.path, &sf.source, saltenv, sls)
                        .map(|rendered| Prepared::new(rendered, sls, saltenv)),
                };
                match result {
                    Ok(p) => prepared = p,
                    Err(RenderError::Render(msg)) => {
                        errors.push(format!("Rendering SLS '{saltenv}:{sls}' failed: {msg}"))
                    }
                    Err(RenderError::Other(msg)) => {
                        errors.push(format!("Rendering SLS {sls} failed, render error: {msg}"))
                    }
                }
                mods.insert(format!("{saltenv}:{sls}"));
            }
        }
        let leaf = |state: Value, errors: Vec<String>| Level {
            sls: sls.to_string(),
            state,
            errors,
            steps: Vec::new(),
            auto_order: Vec::new(),
        };
        let is_init = state_file
            .as_ref()
            .is_some_and(|sf| is_init_source(&sf.source));
        let (state, include, auto_order) = match prepared {
            Prepared::Empty => return leaf(Value::Map(Map::new()), errors),
            Prepared::NotDict(rendered) => {
                self.learn(saltenv, sls, is_init, &[]);
                errors.push(format!("SLS {sls} does not render to a dictionary"));
                return leaf(rendered, errors);
            }
            Prepared::Dict {
                state,
                include,
                errors: found,
                auto_order,
            } => {
                self.learn(saltenv, sls, is_init, &include);
                errors.extend(found);
                (state, include, auto_order)
            }
        };
        let mut steps = Vec::new();
        for inc in include {
            self.render_include(&mut steps, inc, sls, saltenv, is_init, mods, matches);
        }
        Level {
            sls: sls.to_string(),
            state: Value::Map(state),
            errors,
            steps,
            auto_order,
        }
    }

    /// `render_state(path, saltenv, "", None, local=True)` as `state.template` calls it: the
    /// file at `path` on the minion, not from the file server (its sls name is the path as
    /// given, so are `__sls__` and the template's `sls`), its includes merged as
    /// [`render_highstate`](Self::render_highstate) merges them. `saltenv` is the call's
    /// (`""` without `saltenv=`, which no include resolves in). The high data and the errors.
    pub fn render_local(&mut self, path: &str, saltenv: &str) -> (Map, Vec<String>) {
        let file = std::path::Path::new(path);
        if !file.is_file() {
            // compile_template of a missing file renders nothing.
            let msg = format!("Specified SLS {path} on local filesystem cannot be found.");
            return (Map::new(), vec![msg]);
        }
        let mut errors = Vec::new();
        let pipe = self.default_pipe();
        let stateconf = self.stateconf.clone();
        let engine = self.engine(saltenv);
        // No file client cache: the template's path is the one given.
        let rendered = render_sls_file(
            engine,
            &pipe,
            None,
            file,
            path,
            saltenv,
            path,
            Some(&stateconf),
        );
        let prepared = match rendered {
            Ok(rendered) => Prepared::new(rendered, path, saltenv),
            Err(RenderError::Render(msg)) => {
                errors.push(format!("Rendering SLS '{saltenv}:{path}' failed: {msg}"));
                Prepared::Empty
            }
            Err(RenderError::Other(msg)) => {
                errors.push(format!("Rendering SLS {path} failed, render error: {msg}"));
                Prepared::Empty
            }
        };
        let mut mods = HashSet::from([format!("{saltenv}:{path}")]);
        let (state, include, auto_order) = match prepared {
            Prepared::Empty => (Map::new(), Vec::new(), Vec::new()),
            Prepared::NotDict(_) => {
                errors.push(format!("SLS {path} does not render to a dictionary"));
                (Map::new(), Vec::new(), Vec::new())
            }
            Prepared::Dict {
                state,
                include,
                errors: found,
                auto_order,
            } => {
                errors.extend(found);
                (state, include, auto_order)
            }
        };
        let mut steps = Vec::new();
        for inc in include {
            let matches = Matches::new();
            self.render_include(&mut steps, inc, path, saltenv, false, &mut mods, &matches);
        }
        let level = Level {
            sls: path.to_string(),
            state: Value::Map(state),
            errors,
            steps,
            auto_order,
        };
        match self.merge_level(level) {
            (Value::Map(high), errors) => (high, errors),
            (_, errors) => (Map::new(), errors),
        }
    }

    /// The walk rendered (or took) `(saltenv, sls)`: its include list tells the speculative
    /// workers what comes next.
    fn learn(&mut self, saltenv: &str, sls: &str, is_init: bool, include: &[Value]) {
        if let Some(spec) = &mut self.speculation {
            spec.learn(saltenv, sls, is_init, include);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn render_include(
        &mut self,
        steps: &mut Vec<Step>,
        inc: Value,
        sls: &str,
        saltenv: &str,
        is_init: bool,
        mods: &mut HashSet<String>,
        matches: &Matches,
    ) {
        const XENV_KEY: &str = "_xenv";
        let Some((env_key, mut inc_sls)) = include_env_and_name(&inc, saltenv) else {
            return;
        };
        let written = match &inc {
            Value::Map(m) => m
                .iter()
                .next_back()
                .map(|(k, v)| format!("{}: {}", k.py_str(), v.py_str()))
                .unwrap_or_default(),
            other => other.py_str(),
        };
        if !self.avail.contains_key(&env_key) && !self.avail.contains_key("__env__") {
            steps.push(Step::Error(format!(
                "Nonexistent saltenv '{env_key}' found in include of '{inc_sls}' within SLS '{saltenv}:{sls}'"
            )));
            return;
        }
        if inc_sls.starts_with('.') {
            match resolve_relative_include(&inc_sls, sls, is_init) {
                Some(resolved) => inc_sls = resolved,
                None => {
                    steps.push(Step::Error(format!(
                        "Attempted relative include of '{inc_sls}' within SLS '{saltenv}:{sls}' goes beyond top level package "
                    )));
                    return;
                }
            }
        }
        let avail_has = |env: &str, hs: &HighState| {
            hs.avail
                .get(env)
                .is_some_and(|a| !glob_states(a, &inc_sls).is_empty())
        };
        let resolved_envs: Vec<String> = if env_key != XENV_KEY {
            if matches.contains_key(&env_key) || avail_has(&env_key, self) {
                vec![env_key.clone()]
            } else {
                Vec::new()
            }
        } else {
            matches
                .keys()
                .filter(|e| avail_has(e, self))
                .cloned()
                .collect()
        };
        if resolved_envs.len() == 1 || resolved_envs.iter().any(|e| e == saltenv) {
            let mut targets: Vec<String> = self
                .avail
                .get(saltenv)
                .map(|a| glob_states(a, &inc_sls))
                .unwrap_or_default();
            if targets.is_empty() {
                targets.push(inc_sls.clone());
            }
            for target in targets {
                let r_env = if resolved_envs.len() == 1 {
                    resolved_envs[0].clone()
                } else {
                    saltenv.to_string()
                };
                if mods.contains(&format!("{r_env}:{target}")) {
                    continue;
                }
                let level = self.render_state(&target, &r_env, mods, matches);
                let missing = format!(
                    "Specified SLS {target} in saltenv {r_env} is not available on the salt master or through a configured fileserver"
                );
                if level.errors.contains(&missing) {
                    let avail = self.avail.get(&r_env).cloned().unwrap_or_default();
                    let mut d = halite_value::diag::Diagnostic::in_sls(
                        format!("included SLS '{target}' does not exist in saltenv '{r_env}'"),
                        halite_value::diag::Place::new(saltenv, sls, &["include", &written]),
                        "no such SLS file",
                    );
                    if let Some(near) =
                        halite_value::diag::closest(&target, avail.iter().map(String::as_str))
                    {
                        d.hint = Some(format!("did you mean `{near}`?"));
                    }
                    halite_value::diag::attach(missing, d);
                }
                steps.push(Step::Include(level));
            }
        } else if resolved_envs.is_empty() {
            let envs = if env_key == XENV_KEY {
                matches.keys().cloned().collect::<Vec<_>>().join(", ")
            } else {
                env_key.clone()
            };
            steps.push(Step::Error(format!(
                "Unknown include: Specified SLS {env_key}: {inc_sls} is not available on the salt master in saltenv(s): {envs} "
            )));
        } else {
            steps.push(Step::Error(format!(
                "Ambiguous include: Specified SLS {env_key}: {inc_sls} is available on the salt master in multiple available saltenvs: {}",
                resolved_envs.join(", ")
            )));
        }
    }

    /// `_handle_iorder`: every state function without an `order` argument gets the next
    /// auto order. Salt stops at the first ID that is not iterable (a TypeError there).
    fn handle_iorder<'a>(&mut self, bodies: impl Iterator<Item = &'a mut Value>) {
        if !opts::get_bool(&self.opts, "state_auto_order", true) {
            return;
        }
        for_each_unordered(bodies, |_, _, args| self.push_auto_order(args));
    }

    /// [`handle_iorder`](Self::handle_iorder) on a level the linear merge just appended at
    /// `start`, with the declarations to number found beforehand ([`Prepared`]).
    fn give_auto_orders(&mut self, states: &mut Map, start: usize, slots: Vec<AutoOrderSlot>) {
        if !opts::get_bool(&self.opts, "state_auto_order", true) {
            return;
        }
        for AutoOrderSlot { id, decl, order } in slots {
            let body = states.get_index_mut(start + id as usize).map(|(_, b)| b);
            let Some(Value::Map(body)) = body else {
                continue;
            };
            if let Some((_, Value::List(args))) = body.get_index_mut(decl as usize) {
                self.push_auto_order_in(args, order);
            }
        }
    }

    fn push_auto_order(&mut self, args: &mut List) {
        self.push_auto_order_in(args, order_arg());
    }

    /// Appends `{order: <the next auto order>}` to `args`, given the argument's (empty) map.
    fn push_auto_order_in(&mut self, args: &mut List, mut order: Map) {
        if let Some(slot) = order.get_mut("order") {
            *slot = Value::Int(self.iorder);
        }
        args.push(Value::Map(order));
        self.iorder += 1;
    }
}

/// A rendered sls file after the steps of Salt's `render_state` that depend on that file
/// alone: its include list taken out, its `extend`, `exclude` and state declarations
/// handled. Pure, so a speculative worker prepares the files it renders.
pub(crate) enum Prepared {
    /// Rendered to nothing (an empty file, `{}`, or a failed render).
    Empty,
    /// Rendered to something other than a dict (an error for the walk to report).
    NotDict(Value),
    Dict {
        state: Map,
        include: Vec<Value>,
        /// The include, extend, exclude and declaration errors, in Salt's order.
        errors: Vec<String>,
        /// The declarations without an `order`, which the linear merge numbers.
        auto_order: Vec<AutoOrderSlot>,
    },
}

/// A state declaration `_handle_iorder` gives an auto `order`: the ID's index among the
/// file's states as the linear merge appends them (all but `__extend__` / `__exclude__`),
/// and the declaration's index in the ID's body.
pub(crate) struct AutoOrderSlot {
    id: u32,
    decl: u32,
    /// The `{order: ...}` argument the merge appends, allocated with the file (on the thread
    /// that rendered it) so the serial merge only numbers it.
    order: Map,
}

/// An `{order: 0}` argument, numbered when it is given.
fn order_arg() -> Map {
    // One entry, one allocation: thousands of these are made in a row.
    let mut order = Map::with_capacity(1);
    order.push_unique(Value::str("order"), Value::Int(0));
    order
}

/// `_handle_iorder`'s walk: `found(body index, declaration index, argument list)` for each
/// state declaration (a name not starting with `_`, with an argument list) that has no
/// `order` argument of its own. Salt's `for s_dec in state[name]` raises TypeError on the
/// first body it cannot iterate, which ends the walk.
fn for_each_unordered<'a>(
    bodies: impl Iterator<Item = &'a mut Value>,
    mut found: impl FnMut(usize, usize, &mut List),
) {
    for (at, body) in bodies.enumerate() {
        let Value::Map(body) = body else {
            if matches!(
                body,
                Value::Null | Value::Bool(_) | Value::Int(_) | Value::Float(_)
            ) {
                return;
            }
            continue;
        };
        for (decl, (s_dec, args)) in body.iter_mut().enumerate() {
            let (Some(s_dec), Value::List(args)) = (s_dec.as_str(), args) else {
                continue;
            };
            let has_order = args.iter().any(|arg| {
                matches!(arg, Value::Map(m) if m.first().is_some_and(|(k, _)| k.as_str() == Some("order")))
            });
            if !s_dec.starts_with('_') && !has_order {
                found(at, decl, args);
            }
        }
    }
}

/// The [`AutoOrderSlot`]s of a prepared file, found by `_handle_iorder`'s walk over the
/// states the linear merge will append; each slot's argument list gets room for its `order`
/// now, and its `order` argument is made, so the merge (on the walk's thread, which did not
/// build these lists) only numbers and pushes.
fn auto_order_slots(state: &mut Map) -> Vec<AutoOrderSlot> {
    let mut slots = Vec::new();
    let merged = state
        .iter_mut()
        .filter(|(name, _)| !matches!(name.as_str(), Some("__extend__" | "__exclude__")))
        .map(|(_, body)| body);
    for_each_unordered(merged, |id, decl, args| {
        args.reserve(1);
        slots.push(AutoOrderSlot {
            id: id as u32,
            decl: decl as u32,
            order: order_arg(),
        });
    });
    slots
}

impl Prepared {
    pub(crate) fn new(rendered: Value, sls: &str, saltenv: &str) -> Prepared {
        if !rendered.truthy() {
            return Prepared::Empty;
        }
        let Value::Map(mut state) = rendered else {
            return Prepared::NotDict(rendered);
        };
        let mut errors = Vec::new();
        let mut include = Vec::new();
        match state.get("include") {
            Some(Value::List(_)) => {
                if let Some(Value::List(l)) = state.remove("include") {
                    include = l.into_vec();
                }
            }
            Some(_) => {
                let text = format!("Include Declaration in SLS {sls} is not formed as a list");
                crate::diagnose::attach_in_sls(
                    &text,
                    "`include` is not a list",
                    saltenv,
                    sls,
                    &["include"],
                    "expected `- sls` items below this",
                );
                errors.push(text)
            }
            None => {}
        }
        handle_extend(&mut state, sls, saltenv, &mut errors);
        handle_exclude(&mut state, sls, saltenv, &mut errors);
        handle_state_decls(&mut state, sls, saltenv, &mut errors);
        let auto_order = auto_order_slots(&mut state);
        Prepared::Dict {
            state,
            include,
            errors,
            auto_order,
        }
    }
}

/// One rendered sls before merging: its own states (after extend/exclude handling), the
/// errors found so far, and what its `include` list brought, in order.
struct Level {
    sls: String,
    state: Value,
    errors: Vec<String>,
    steps: Vec<Step>,
    /// Where the linear merge's `_handle_iorder` gives auto orders (see [`Prepared`]).
    auto_order: Vec<AutoOrderSlot>,
}

enum Step {
    Include(Level),
    Error(String),
}

/// A top-file match's rendering, or the error that it has no environment.
enum TopRender {
    Sls {
        level: Level,
        sls_match: String,
        saltenv: String,
    },
    Error(String),
}

#[derive(Default)]
struct Merged {
    states: Map,
    extend: Vec<Value>,
    exclude: Vec<Value>,
    extend_at: usize,
    exclude_at: usize,
}

/// The linear merge gives Salt's result only when no ID is defined twice (then Salt reports
/// no conflict and `dict.update` never replaces a body) and every level rendered to a
/// mapping whose only `__` keys are `__extend__` / `__exclude__`. Returns how many keys the
/// levels hold then (the merged map and this check are sized by it: growing a 5,000-key
/// table rehashes every key at each doubling).
fn rendered_ids_are_unique(rendered: &[TopRender]) -> Option<usize> {
    fn levels<'a>(level: &'a Level, each: &mut impl FnMut(&'a Level) -> bool) -> bool {
        each(level)
            && level.steps.iter().all(|step| match step {
                Step::Include(child) => levels(child, each),
                Step::Error(_) => true,
            })
    }
    fn all_levels<'a>(rendered: &'a [TopRender], mut each: impl FnMut(&'a Level) -> bool) -> bool {
        rendered.iter().all(|top| match top {
            TopRender::Sls { level, .. } => levels(level, &mut each),
            TopRender::Error(_) => true,
        })
    }
    let mut keys = 0;
    if !all_levels(rendered, |level| match &level.state {
        Value::Map(own) => {
            keys += own.len();
            true
        }
        _ => false,
    }) {
        return None;
    }
    let mut seen: HashSet<&Value, MapHasher> =
        HashSet::with_capacity_and_hasher(keys, MapHasher::default());
    let unique = all_levels(rendered, |level| {
        let Value::Map(own) = &level.state else {
            return false;
        };
        own.keys().all(|id| {
            let special = id
                .as_str()
                .is_some_and(|s| s == "__extend__" || s == "__exclude__");
            let dunder = id.as_str().is_some_and(|s| s.starts_with("__"));
            special || (!dunder && seen.insert(id))
        })
    });
    unique.then_some(keys)
}

/// A top match naming an sls that does not exist gets Salt's shorter message; whether one
/// did.
fn rewrite_missing_sls(errors: &mut [String], sls_match: &str, saltenv: &str) -> bool {
    let this_sls = format!("SLS {sls_match} in saltenv");
    let mut rewrote = false;
    for e in errors.iter_mut() {
        if e.contains("is not available") && e.contains(&this_sls) {
            *e = format!("No matching sls found for '{sls_match}' in env '{saltenv}'");
            rewrote = true;
        }
    }
    rewrote
}

/// Whether an sls file is a package's `init.sls` (relative includes then count one level
/// more), as Salt tests it: `salt://<source>` ends with `/init.sls`.
pub(crate) fn is_init_source(source: &str) -> bool {
    format!("salt://{source}").ends_with("/init.sls")
}

/// An `include` entry's environment and sls: `{saltenv: sls}` (the last pair, as Salt
/// reads it) or a name in the including file's environment; `None` for an empty dict.
pub(crate) fn include_env_and_name(inc: &Value, saltenv: &str) -> Option<(String, String)> {
    match inc {
        Value::Map(m) => m.iter().next_back().map(|(k, v)| (k.py_str(), v.py_str())),
        other => Some((saltenv.to_string(), other.py_str())),
    }
}

/// `.foo` / `..foo` relative to the including sls (an `init.sls` counts as one level).
pub(crate) fn resolve_relative_include(inc_sls: &str, sls: &str, is_init: bool) -> Option<String> {
    let levels = inc_sls.chars().take_while(|c| *c == '.').count();
    let rest = &inc_sls[levels..];
    let mut comps: Vec<&str> = sls.split('.').collect();
    if is_init {
        comps.push("init");
    }
    if levels > comps.len() {
        return None;
    }
    let mut parts: Vec<&str> = comps[..comps.len() - levels].to_vec();
    parts.push(rest);
    Some(parts.join("."))
}

/// Records the includer in each included state's `__sls_included_from__`.
fn mark_included_from(mut nstate: Value, sls: &str) -> Value {
    let includer = List::from([Value::str(sls)]);
    if let Value::Map(m) = &mut nstate {
        for (id, body) in m.iter_mut() {
            if id.as_str().is_some_and(|s| s.starts_with("__")) {
                continue;
            }
            if let Value::Map(body) = body {
                add_includers(body, &includer);
            }
        }
    }
    nstate
}

/// Appends includers, nearest first, to a state's `__sls_included_from__`.
/// A state without one shares `includers` itself (a reference-count increment).
fn add_includers(body: &mut Map, includers: &List) {
    match body.get_mut("__sls_included_from__") {
        Some(Value::List(l)) => l.extend_from_slice(includers),
        Some(_) => {}
        None => {
            body.insert("__sls_included_from__", Value::List(includers.clone()));
        }
    }
}

/// `merge_included_states`: `__extend__`/`__exclude__` accumulate; an ID defined twice is a
/// conflict unless the bodies are equal; then Python's `dict.update`.
pub fn merge_included_states(highstate: &mut Map, state: Value, errors: &mut Vec<String>) {
    let mut state = match state {
        Value::Map(m) => m,
        other => {
            dict_update_from_sequence(highstate, other, errors);
            return;
        }
    };
    for key in ["__extend__", "__exclude__"] {
        if let Some(items) = state.remove(key) {
            let acc = highstate.entry_or(key, Value::List(List::new()));
            if let (Value::List(acc), Value::List(items)) = (acc, items) {
                acc.extend(items);
            }
        }
    }
    for (id, body) in state.iter() {
        if let Some(existing) = highstate.get_value(id) {
            if existing != body {
                let field = |b: &Value, k: &str| b.get(k).map(Value::py_str).unwrap_or_default();
                let text = format!(
                    "Detected conflicting IDs, SLS IDs need to be globally unique.\n    The conflicting ID is '{}' and is found in SLS '{}:{}' and SLS '{}:{}'",
                    id.py_str(),
                    field(existing, "__env__"),
                    field(existing, "__sls__"),
                    field(body, "__env__"),
                    field(body, "__sls__"),
                );
                let mut d = halite_value::diag::Diagnostic::in_sls(
                    format!("ID '{}' is declared twice", id.py_str()),
                    halite_value::diag::Place::new(
                        &field(body, "__env__"),
                        &field(body, "__sls__"),
                        &[&id.py_str()],
                    ),
                    "declared again here",
                );
                d.notes.push(format!(
                    "also declared in SLS '{}:{}'",
                    field(existing, "__env__"),
                    field(existing, "__sls__")
                ));
                d.hint = Some(
                    "IDs are global across all SLS files: rename one, or use `extend` to change the other"
                        .into(),
                );
                halite_value::diag::attach(text.clone(), d);
                errors.push(text);
            }
        }
    }
    for (id, body) in state {
        highstate.insert(id, body);
    }
}

/// `dict.update(x)` with a non-dict `x`: pairs are taken from a sequence of 2-item
/// sequences; anything else is Salt's "Error when rendering state with contents" message.
fn dict_update_from_sequence(highstate: &mut Map, state: Value, errors: &mut Vec<String>) {
    let items: Vec<Value> = match &state {
        Value::List(l) => l.to_vec(),
        Value::Str(s) => s.chars().map(|c| Value::str(c.to_string())).collect(),
        _ => Vec::new(),
    };
    for item in items {
        let pair: Option<(Value, Value)> = match item {
            Value::List(l) if l.len() == 2 => Some((l[0].clone(), l[1].clone())),
            Value::Str(s) if s.chars().count() == 2 => {
                let mut cs = s.chars();
                let a = cs.next().map(|c| c.to_string()).unwrap_or_default();
                let b = cs.next().map(|c| c.to_string()).unwrap_or_default();
                Some((Value::str(a), Value::str(b)))
            }
            _ => None,
        };
        match pair {
            Some((k, v)) => {
                highstate.insert(k, v);
            }
            None => {
                errors.push(format!(
                    "Error when rendering state with contents: {}",
                    state.py_str()
                ));
                return;
            }
        }
    }
}

/// `clean_duplicate_extends`: the `__extend__` list as one single-key dict per distinct
/// (ID, body) pair.
fn clean_duplicate_extends(highstate: &mut Map) {
    let Some(Value::List(exts)) = highstate.get("__extend__") else {
        return;
    };
    let mut seen: Vec<(Value, Value)> = Vec::new();
    for ext in exts {
        if let Value::Map(m) = ext {
            for (k, v) in m.iter() {
                let item = (k.clone(), v.clone());
                if !seen.contains(&item) {
                    seen.push(item);
                }
            }
        }
    }
    let cleaned = seen
        .into_iter()
        .map(|(k, v)| {
            let mut m = Map::new();
            m.insert(k, v);
            Value::Map(m)
        })
        .collect();
    highstate.insert("__extend__", Value::List(cleaned));
}

/// Whether `_handle_state_decls` looks for a second declaration of a module (its `skeys`);
/// `_handle_extend` does not.
#[derive(Clone, Copy, PartialEq)]
enum Duplicates {
    Report,
    Allow,
}

/// Splits `mod.fun` keys into `mod: [..., fun]` as Salt's `_handle_state_decls` and
/// `_handle_extend` do: each `mod.fun` whose value is a list is popped and set again as
/// `mod` (so it moves to the end of the body, or replaces `mod`'s value where `mod` is a key
/// already), with `fun` appended to its arguments. With [`Duplicates::Report`], returns how
/// many were a second declaration of a module (Salt reports each and leaves it in place).
fn split_dotted_keys(body: &mut Map, duplicates: Duplicates) -> usize {
    let declares = |k: &Value, v: &Value| matches!((k, v), (Value::Str(k), Value::List(_)) if !k.starts_with('_'));
    // Nearly every body declares one state: no second declaration to look for then.
    let check =
        duplicates == Duplicates::Report && body.iter().filter(|(k, v)| declares(k, v)).count() > 1;
    let mut seen: Vec<Str> = Vec::new();
    let mut found = 0;
    // Salt walks a snapshot of the keys; a popped key shifts the later ones down by one.
    let mut i = 0;
    for _ in 0..body.len() {
        // A state key is short: an inline string, copied without allocating.
        let key = match body.get_index(i) {
            Some((Value::Str(k), Value::List(_))) if !k.starts_with('_') => k.clone(),
            Some(_) => {
                i += 1;
                continue;
            }
            None => break,
        };
        let Some((module, rest)) = key.split_once('.') else {
            if check {
                seen.push(key);
            }
            i += 1;
            continue;
        };
        if seen.iter().any(|s| s == module) {
            found += 1;
            i += 1;
            continue;
        }
        let fun = Value::str(rest.split('.').next().unwrap_or(rest));
        let module = Str::from(module);
        if check {
            seen.push(module.clone());
        }
        if let Some((_, Value::List(args))) = body.get_index_mut(i) {
            args.push(fun);
        }
        if body.contains_key(&module) {
            if let Some(args) = body.remove(&key) {
                body.insert(Value::Str(module), args);
            }
        } else {
            body.rekey_to_end(i, Value::Str(module));
        }
    }
    found
}

/// `_handle_extend`: the sls's `extend:` block, normalised, appended to `__extend__`.
fn handle_extend(state: &mut Map, sls: &str, saltenv: &str, errors: &mut Vec<String>) {
    let Some(ext) = state.remove("extend") else {
        return;
    };
    let Value::Map(mut ext) = ext else {
        let text = format!("Extension value in SLS '{sls}' is not a dictionary");
        crate::diagnose::attach_in_sls(
            &text,
            "`extend` is not a dictionary",
            saltenv,
            sls,
            &["extend"],
            "expected `ID:` entries below this",
        );
        errors.push(text);
        return;
    };
    for (name, body) in ext.iter_mut() {
        let Value::Map(body) = body else {
            let text = format!(
                "Extension name '{}' in SLS '{sls}' is not a dictionary",
                name.py_str()
            );
            crate::diagnose::attach_in_sls(
                &text,
                &format!("the extension of '{}' is not a dictionary", name.py_str()),
                saltenv,
                sls,
                &["extend", &name.py_str()],
                "expected `module:` and its argument list below this",
            );
            errors.push(text);
            continue;
        };
        if !body.contains_key("__sls__") {
            body.insert("__sls__", Value::str(sls));
        }
        if !body.contains_key("__env__") {
            body.insert("__env__", Value::str(saltenv));
        }
        split_dotted_keys(body, Duplicates::Allow);
    }
    let acc = state.entry_or("__extend__", Value::List(List::new()));
    if let Value::List(acc) = acc {
        acc.push(Value::Map(ext));
    }
}

/// `_handle_exclude`: the sls's `exclude:` list appended to `__exclude__`.
fn handle_exclude(state: &mut Map, sls: &str, saltenv: &str, errors: &mut Vec<String>) {
    let Some(exc) = state.remove("exclude") else {
        return;
    };
    let items: Vec<Value> = match exc {
        Value::List(l) => l.into_vec(),
        other => {
            let text = format!("Exclude Declaration in SLS {sls} is not formed as a list");
            crate::diagnose::attach_in_sls(
                &text,
                "`exclude` is not a list",
                saltenv,
                sls,
                &["exclude"],
                "expected `- id: ID` or `- sls: SLS` items below this",
            );
            errors.push(text);
            match other {
                Value::Str(s) => s.chars().map(|c| Value::str(c.to_string())).collect(),
                Value::Map(m) => m.keys().cloned().collect(),
                _ => Vec::new(),
            }
        }
    };
    let acc = state.entry_or("__exclude__", Value::List(List::new()));
    if let Value::List(acc) = acc {
        acc.extend(items);
    }
}

/// `_handle_state_decls`: short forms (`id: pkg.installed`) padded to long form, `mod.fun`
/// keys split, `__sls__` / `__env__` added.
fn handle_state_decls(state: &mut Map, sls: &str, saltenv: &str, errors: &mut Vec<String>) {
    for (name, body) in state.iter_mut() {
        if !matches!(body, Value::Map(_)) {
            if matches!(name.as_str(), Some("__extend__" | "__exclude__")) {
                continue;
            }
            if let Value::Str(s) = body {
                if s.contains('.') {
                    let comps: Vec<&str> = s.split('.').collect();
                    let mut m = Map::new();
                    m.insert("__sls__", Value::str(sls));
                    m.insert("__env__", Value::str(saltenv));
                    m.insert(comps[0], Value::List(vec![Value::str(comps[1])].into()));
                    *body = Value::Map(m);
                    continue;
                }
            }
            let text = format!("ID {} in SLS {sls} is not a dictionary", name.py_str());
            let mut d = halite_value::diag::Diagnostic::in_sls(
                format!("ID '{}' is not a dictionary", name.py_str()),
                halite_value::diag::Place::new(saltenv, sls, &[&name.py_str()]),
                "an ID maps state modules to their arguments",
            );
            d.hint = Some(
                "write `module.function:` indented below the ID (or `ID: module.function` on one line)"
                    .into(),
            );
            halite_value::diag::attach(text.clone(), d);
            errors.push(text);
            continue;
        }
        let Value::Map(body) = body else { continue };
        // Room for `__sls__` and `__env__`: the body came from the YAML loader at its exact
        // size, and this runs for every state of every file.
        body.reserve(2);
        let dups = split_dotted_keys(body, Duplicates::Report);
        if dups > 0 {
            // the declarations left dotted are the second ones of their module
            let second = body
                .keys()
                .filter_map(Value::as_str)
                .find(|k| k.contains('.') && !k.starts_with('_'))
                .unwrap_or_default()
                .to_string();
            let text = format!(
                "ID '{}' in SLS '{sls}' contains multiple state declarations of the same type",
                name.py_str()
            );
            crate::diagnose::attach_in_sls(
                &text,
                &format!("ID '{}' uses one state module twice", name.py_str()),
                saltenv,
                sls,
                &[&name.py_str(), &second],
                "a second declaration of this state module under the same ID",
            );
            for _ in 0..dups {
                errors.push(text.clone());
            }
        }
        if !body.contains_key("__sls__") {
            body.push_unique(Value::str("__sls__"), Value::str(sls));
        }
        if !body.contains_key("__env__") {
            body.push_unique(Value::str("__env__"), Value::str(saltenv));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_includes() {
        assert_eq!(
            resolve_relative_include(".common", "app", true).as_deref(),
            Some("app.common")
        );
        assert_eq!(
            resolve_relative_include(".b", "a.x", false).as_deref(),
            Some("a.b")
        );
        assert_eq!(
            resolve_relative_include("..b", "a.x", false).as_deref(),
            Some("b")
        );
        assert_eq!(resolve_relative_include("...b", "a.x", false), None);
    }
}
