//! Pillar compilation (salt/pillar/__init__.py `Pillar.compile_pillar`): the pillar top file
//! from `pillar_roots`, matched like the state top, each sls rendered with its includes
//! (`key:` nesting, `defaults:` variables) and merged with Salt's `smart` strategy; the CLI
//! `pillar=` override is merged last. Errors land in `_errors`, as in Salt.

use crate::fileclient::{get_state, glob_states, list_envs, Avail};
use crate::matcher::{confirm_top, MatchContext};
use crate::opts;
use crate::renderers::SaltRenderers;
use crate::template::{compile_template, TemplateJob};
use halite_exec::{ExecContext, FileRoots, Registry};
use halite_jinja::JinjaEngine;
use halite_value::{merge_recurse, Map, Value};
use indexmap::IndexMap;
use std::collections::HashMap;
use std::sync::Arc;

pub struct PillarCompiler<'a> {
    opts: &'a Map,
    grains: &'a Value,
    registry: Arc<Registry>,
    roots: FileRoots,
    override_: Map,
    engines: HashMap<String, JinjaEngine>,
    avail: Avail,
}

impl<'a> PillarCompiler<'a> {
    pub fn new(
        opts: &'a Map,
        grains: &'a Value,
        registry: Arc<Registry>,
        pillar_override: Map,
    ) -> Self {
        let roots = opts::roots(opts, "pillar_roots");
        let avail = list_envs(&roots, opts::root_envs(&roots));
        PillarCompiler {
            opts,
            grains,
            registry,
            roots,
            override_: pillar_override,
            engines: HashMap::new(),
            avail,
        }
    }

    fn envs(&self) -> Vec<String> {
        match opts::get_str(self.opts, "pillarenv") {
            Some(env) if self.roots.envs.contains_key(env) => vec![env.to_string()],
            Some(_) => Vec::new(),
            None => self.avail.keys().cloned().collect(),
        }
    }

    fn merge_lists(&self) -> bool {
        opts::get_bool(self.opts, "pillar_merge_lists", false)
    }

    /// `salt.utils.dictupdate.merge` with `pillar_source_merging_strategy`.
    fn merge(&self, a: &mut Map, b: &Map) {
        match opts::get_str(self.opts, "pillar_source_merging_strategy").unwrap_or("smart") {
            "overwrite" => {
                for (k, v) in b.iter() {
                    if a.contains_value_key(k) {
                        a.insert(k.clone(), v.clone());
                    }
                }
                merge_recurse(a, b, self.merge_lists())
            }
            "none" => merge_recurse(a, b, false),
            _ => merge_recurse(a, b, self.merge_lists()),
        }
    }

    fn render(
        &mut self,
        path: &std::path::Path,
        saltenv: &str,
        sls: &str,
        defaults: &Map,
    ) -> Result<Value, String> {
        if !self.engines.contains_key(saltenv) {
            let mut opts = self.opts.clone();
            opts.insert(
                "file_roots",
                self.opts.get("pillar_roots").cloned().unwrap_or_default(),
            );
            let ctx = ExecContext {
                opts: Value::Map(opts),
                grains: self.grains.clone(),
                pillar: Value::Map(self.override_.clone()),
                saltenv: saltenv.to_string(),
                file_roots: self.roots.clone(),
                renderer: Some(SaltRenderers::shared(self.registry.clone())),
                retcode: Default::default(),
            };
            self.engines.insert(
                saltenv.to_string(),
                JinjaEngine::new(self.registry.clone(), Arc::new(ctx)),
            );
        }
        let pipe = opts::renderer(self.opts).to_string();
        let engine = &self.engines[saltenv];
        compile_template(&TemplateJob {
            path,
            default_pipe: &pipe,
            saltenv,
            sls,
            engine,
            extra: defaults,
            cached_path: None,
            stateconf: None,
        })
        .map_err(|e| e.to_string())
    }

    /// `compile_pillar`.
    pub fn compile(mut self) -> Map {
        let mut errors = Vec::new();
        let top = self.get_top(&mut errors);
        let matches = self.top_matches(&top);
        // Salt 3007.8 shows the CLI override merged only at the end: the sls files' keys
        // keep their order and the override's new keys come last.
        let mut pillar = Map::new();
        for (saltenv, pstates) in &matches {
            let mut files = Vec::new();
            for sls_match in pstates {
                match self.avail.get(saltenv) {
                    Some(avail) => {
                        let found = glob_states(avail, sls_match);
                        if found.is_empty() {
                            files.push(sls_match.clone());
                        } else {
                            files.extend(found);
                        }
                    }
                    None => {
                        errors.push(format!(
                            "No matching pillar environment for environment '{saltenv}' found"
                        ));
                        files.push(sls_match.clone());
                    }
                }
            }
            let mut mods: HashMap<String, Value> = HashMap::new();
            for sls in files {
                let before = errors.len();
                let pstate = self.render_pstate(&sls, saltenv, &mut mods, &Map::new(), &mut errors);
                let missing = format!(
                    "Specified SLS '{sls}' in environment '{saltenv}' is not available on the salt master"
                );
                if errors.get(before) == Some(&missing) && pstates.contains(&sls) {
                    self.diagnose_missing_sls(&sls, saltenv, &missing);
                }
                if let Some(Value::Map(pstate)) = pstate {
                    self.merge(&mut pillar, &pstate);
                }
            }
        }
        if !errors.is_empty() {
            pillar.insert(
                "_errors",
                Value::List(errors.into_iter().map(Value::from).collect()),
            );
        }
        let override_ = self.override_.clone();
        if !override_.is_empty() {
            self.merge(&mut pillar, &override_);
        }
        pillar
    }

    fn get_top(&mut self, errors: &mut Vec<String>) -> Map {
        let state_top = opts::state_top(self.opts);
        let mut tops: Vec<Value> = Vec::new();
        for env in self.envs() {
            let Some(path) = self.roots.find(&env, &state_top) else {
                continue;
            };
            match self.render(&path, &env, "", &Map::new()) {
                Ok(top) => tops.push(top),
                Err(e) => errors.push(format!(
                    "Rendering Primary Top file failed, render error:\n{e}"
                )),
            }
        }
        let (top, strings) = merge_pillar_tops(&tops);
        if !strings.is_empty() {
            self.diagnose_string_targets(&strings);
        }
        top
    }

    /// The pillar top files, as paths.
    fn top_paths(&self) -> Vec<String> {
        crate::top::top_paths(&self.roots, &self.envs(), &opts::state_top(self.opts))
    }

    /// A target whose pillar SLS names are one string: Salt takes each of its characters
    /// as an SLS name (saltstack/salt#47938); each "not available" error gets the
    /// diagnostic at the string.
    fn diagnose_string_targets(&self, strings: &[(String, String, String)]) {
        let paths = self.top_paths();
        for (env, tgt, name) in strings {
            let mut d = halite_value::diag::Diagnostic::new(
                format!("the pillar SLS names of target `{tgt}` are a string, not a list"),
                "",
            );
            if !crate::diagnose::place_in_top(&mut d, &paths, &[Some(env), Some(tgt), Some(name)]) {
                continue;
            }
            d.label = "Salt reads each character of this as an SLS name".into();
            d.hint = Some(format!("write it as a list: `- {name}`"));
            let mut seen = Vec::new();
            for c in name.chars() {
                if seen.contains(&c) {
                    continue;
                }
                seen.push(c);
                halite_value::diag::attach(
                    format!("Specified SLS '{c}' in environment '{env}' is not available on the salt master"),
                    d.clone(),
                );
            }
        }
    }

    /// A pillar top file naming an SLS that is not there: the diagnostic at its line.
    fn diagnose_missing_sls(&self, sls: &str, saltenv: &str, text: &str) {
        let avail = self.avail.get(saltenv).cloned().unwrap_or_default();
        if let Some(mut d) =
            crate::diagnose::top_missing_sls(sls, saltenv, &self.top_paths(), &avail)
        {
            d.message = format!(
                "the pillar top file names SLS `{sls}`, which is not in pillar saltenv `{saltenv}`"
            );
            if d.hint.as_deref().is_some_and(|h| h.starts_with("no file")) {
                d.hint = Some(format!(
                    "no file `{0}.sls` or `{0}/init.sls` under the pillar roots of `{saltenv}`",
                    sls.replace('.', "/")
                ));
            }
            halite_value::diag::attach(text.to_string(), d);
        }
    }

    fn top_matches(&self, top: &Map) -> IndexMap<String, Vec<String>> {
        let mut matches: IndexMap<String, Vec<String>> = IndexMap::new();
        let id = opts::get_str(self.opts, "id").unwrap_or("").to_string();
        let nodegroups = self.opts.get("nodegroups").cloned().unwrap_or(Value::Null);
        let empty = Value::Map(Map::new());
        let ctx = MatchContext {
            id: &id,
            grains: self.grains,
            pillar: &empty,
            nodegroups: &nodegroups,
        };
        let only = opts::get_str(self.opts, "pillarenv");
        for (env, body) in top.iter() {
            let env = env.py_str();
            if only.is_some_and(|o| o != env) {
                continue;
            }
            let Value::Map(body) = body else { continue };
            for (tgt, data) in body.iter() {
                let data = data.as_list().cloned().unwrap_or_default();
                if !confirm_top(&tgt.py_str(), &data, &ctx) {
                    continue;
                }
                let list = matches.entry(env.clone()).or_default();
                for item in data.iter().filter_map(Value::as_str) {
                    if !list.iter().any(|s| s == item) {
                        list.push(item.to_string());
                    }
                }
            }
        }
        matches
    }

    /// `render_pstate`: one pillar sls with its includes, included data merged first so the
    /// including file's own values win.
    fn render_pstate(
        &mut self,
        sls: &str,
        saltenv: &str,
        mods: &mut HashMap<String, Value>,
        defaults: &Map,
        errors: &mut Vec<String>,
    ) -> Option<Value> {
        let Some(sf) = get_state(&self.roots, sls, saltenv) else {
            if self.roots.envs.get(saltenv).is_some_and(|r| !r.is_empty()) {
                errors.push(format!("Specified SLS '{sls}' in environment '{saltenv}' is not available on the salt master"));
            }
            return None;
        };
        let state = match self.render(&sf.path, saltenv, sls, defaults) {
            Ok(v) => Some(v),
            Err(e) => {
                tracing::error!("Rendering SLS '{sls}' failed, render error:\n{e}");
                // Salt's text hides the error: the diagnostic of the render goes with it
                if let Some(d) = halite_value::diag::for_error(&e) {
                    halite_value::diag::attach(
                        format!("Rendering SLS '{sls}' failed. Please see master log for details."),
                        d,
                    );
                }
                errors.push(format!(
                    "Rendering SLS '{sls}' failed. Please see master log for details."
                ));
                None
            }
        };
        mods.insert(sls.to_string(), state.clone().unwrap_or(Value::Null));
        let state = state?;
        if !state.truthy() {
            return Some(state);
        }
        let Value::Map(mut state) = state else {
            errors.push(format!("SLS '{sls}' does not render to a dictionary"));
            return Some(state);
        };
        match state.get("include") {
            None => return Some(Value::Map(state)),
            Some(Value::List(_)) => {}
            Some(_) => {
                errors.push(format!(
                    "Include Declaration in SLS '{sls}' is not formed as a list"
                ));
                return Some(Value::Map(state));
            }
        }
        let Some(Value::List(include)) = state.remove("include") else {
            return Some(Value::Map(state));
        };
        let is_init = format!("salt://{}", sf.source).ends_with("/init.sls");
        let mut include_states: Vec<Map> = Vec::new();
        let mut inc_defaults = defaults.clone();
        for sub in include {
            let (mut sub_sls, key) = match &sub {
                Value::Map(m) => match m.first() {
                    Some((k, v)) => {
                        if let Some(Value::Map(d)) = v.get("defaults") {
                            inc_defaults = d.clone();
                        }
                        (k.py_str(), v.get("key").map(Value::py_str))
                    }
                    None => continue,
                },
                other => (other.py_str(), None),
            };
            let avail = self.avail.get(saltenv).cloned().unwrap_or_default();
            let plain = sub_sls.trim_start_matches('.').replace('/', ".");
            let mut matched = glob_states(&avail, &plain);
            if let Some(rest) = sub_sls.strip_prefix('.') {
                let mut parts: Vec<&str> = sls.split('.').collect();
                if !is_init {
                    parts.pop();
                }
                parts.push(rest);
                sub_sls = parts.join(".");
            }
            matched.extend(glob_states(&avail, &sub_sls));
            if matched.is_empty() {
                matched.push(sub_sls.clone());
            }
            for m in matched {
                let nstate = match mods.get(&m) {
                    Some(v) => Some(v.clone()),
                    None => self.render_pstate(&m, saltenv, mods, &inc_defaults, errors),
                };
                let Some(Value::Map(mut nstate)) = nstate.filter(Value::truthy) else {
                    continue;
                };
                if let Some(key) = &key {
                    for fragment in key.split(':').rev() {
                        let mut wrapped = Map::new();
                        wrapped.insert(fragment, Value::Map(nstate));
                        nstate = wrapped;
                    }
                }
                include_states.push(nstate);
            }
        }
        include_states.push(state);
        let mut merged = Map::new();
        for (i, s) in include_states.into_iter().enumerate() {
            if i == 0 {
                merged = s;
            } else {
                self.merge(&mut merged, &s);
            }
        }
        Some(Value::Map(merged))
    }
}

/// The pillar `merge_tops`: for each env and target, its match options then its sls names,
/// targets sorted by their `order:` option (stable). Also the targets whose value is a
/// string (env, target, string): Salt iterates it, each character an sls name.
fn merge_pillar_tops(tops: &[Value]) -> (Map, Vec<(String, String, String)>) {
    let mut strings = Vec::new();
    let mut top: IndexMap<String, IndexMap<Value, (i64, Vec<Value>)>> = IndexMap::new();
    for ctop in tops {
        let Some(ctop) = ctop.as_map() else { continue };
        for (env, targets) in ctop.str_iter().filter(|(e, _)| *e != "include") {
            let Some(targets) = targets.as_map() else {
                continue;
            };
            for (tgt, comps) in targets.iter() {
                let mut matchers = Vec::new();
                let mut states: Vec<Value> = Vec::new();
                let mut order = 0;
                // `for comp in ctop[saltenv][tgt]`: a list's items, a string's characters,
                // a dict's keys
                let comps: Vec<Value> = match comps {
                    Value::List(l) => l.to_vec(),
                    Value::Str(s) => {
                        strings.push((env.to_string(), tgt.py_str(), s.to_string()));
                        s.chars().map(|c| Value::str(c.to_string())).collect()
                    }
                    Value::Map(m) => m.keys().cloned().collect(),
                    _ => Vec::new(),
                };
                for comp in &comps {
                    if let Value::Map(m) = comp {
                        if m.contains_key("match") {
                            matchers.push(comp.clone());
                        }
                        if let Some(o) = m.get("order") {
                            order = o.as_i64().or_else(|| o.py_str().parse().ok()).unwrap_or(0);
                        }
                    }
                    if let Value::Str(_) = comp {
                        if !states.contains(comp) {
                            states.push(comp.clone());
                        }
                    }
                }
                matchers.extend(states);
                top.entry(env.to_string())
                    .or_default()
                    .insert(tgt.clone(), (order, matchers));
            }
        }
    }
    let mut out = Map::new();
    for (env, targets) in top {
        let mut sorted: Vec<(Value, (i64, Vec<Value>))> = targets.into_iter().collect();
        sorted.sort_by_key(|(_, (order, _))| *order);
        let m: Map = sorted
            .into_iter()
            .map(|(t, (_, data))| (t, Value::List(data.into())))
            .collect();
        out.insert(env, Value::Map(m));
    }
    (out, strings)
}
