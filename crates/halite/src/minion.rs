//! Everything a call needs: opts, grains, pillar and the execution function registry,
//! assembled as `salt-call --local` does before running a function.

use crate::config;
use crate::Cli;
use anyhow::{anyhow, Result};
use halite_exec::{ExecContext, Registry};
use halite_render::opts;
use halite_render::pillar::PillarCompiler;
use halite_render::prefetch::{Prefetch, Renders};
use halite_value::{List, Map, Value};
use std::sync::Arc;

pub struct Minion {
    pub opts: Map,
    pub grains: Value,
    pub pillar: Value,
    pub registry: Arc<Registry>,
    pub conf_dir: std::path::PathBuf,
    /// The config's `test` before a `test=` argument overrode it (what `state.low` uses).
    pub config_test: bool,
    /// File listing and template compiling for the call's render, begun on a spare core
    /// while grains and pillar load.
    prefetch: Option<Arc<Prefetch>>,
    /// Compile only (a fleet run's controller, `halite catalog compile`): a state run
    /// stops at its low chunks and returns them in `Outcome::chunks` instead of running.
    pub catalog_only: bool,
    /// What templates and execution functions see as `opts` when it is not `opts`: a fleet
    /// compile's host minion options (`catalog::template_opts`), while `opts` (the master
    /// config's, with the host's) drives the render.
    pub template_opts: Option<Map>,
}

/// Call arguments that change the options for that call (`get_sls_opts`).
const OPTION_KWARGS: &[&str] = &["saltenv", "pillarenv", "test"];

impl Minion {
    /// The minion for a call; `renders` says what state files the call will render, if any;
    pub fn load(cli: &Cli, kwargs: &Map, renders: Option<Renders>) -> Result<Minion> {
        let mut opts = config::minion_config(&cli.config_dir)?;
        if cli.refresh_grains_cache {
            opts.insert("refresh_grains_cache", Value::Bool(true));
        }
        // Grains from `grains_cache`, or the network grains' probe started now: the
        // resolver's round trips (the DNS server asked for an AAAA record /etc/hosts lacks)
        // then overlap everything up to the core grains.
        let grains_source = match cached_grains(&opts) {
            Some(g) => GrainsSource::Cache(g),
            None => GrainsSource::Gather(halite_grains::NetworkProbe::start()),
        };
        opts.insert("local", Value::Bool(true));
        opts.insert("file_client", Value::str("local"));
        if let Some(id) = &cli.id {
            opts.insert("id", Value::str(id.clone()));
        }
        if let Some(compat) = cli.salt_compat {
            opts.insert(halite_value::SALT_COMPAT_KEY, Value::str(compat.name()));
        }
        // salt-call's `--out` is the `output` option (a state's comment printed with
        // `salt.output.out_format`, file.patch's, uses it).
        if let Some(out) = &cli.out {
            opts.insert("output", Value::str(out.clone()));
        }
        crate::functions::set_salt_compat(halite_value::SaltCompat::of(&opts));
        let config_test = opts::get_bool(&opts, "test", false);
        for key in OPTION_KWARGS {
            if let Some(v) = kwargs.get(key) {
                opts.insert(*key, v.clone());
            }
        }
        let prefetch = renders
            .and_then(|r| Prefetch::start(&opts, r))
            .map(Arc::new);
        let grains = Self::grains(cli, &mut opts, grains_source)?;
        halite_value::phase("config and grains");
        let registry = Arc::new(Registry::for_minion(&opts, &grains));
        let pillar_override = match kwargs.get("pillar") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Map(m)) => m.clone(),
            Some(_) => {
                return Err(anyhow!(
                    "Pillar data must be formatted as a dictionary, unless pillar_enc is specified."
                ))
            }
        };
        let mut pillar =
            PillarCompiler::new(&opts, &grains, registry.clone(), pillar_override.clone())
                .compile();
        let conf_dir =
            std::fs::canonicalize(&cli.config_dir).unwrap_or_else(|_| cli.config_dir.clone());
        Self::merge_ext_pillar(&opts, &conf_dir, &mut pillar, &pillar_override);
        opts.insert("pillar", Value::Map(pillar.clone()));
        halite_value::phase("pillar");
        Ok(Minion {
            opts,
            grains,
            pillar: Value::Map(pillar),
            registry,
            conf_dir,
            config_test,
            prefetch,
            catalog_only: false,
            template_opts: None,
        })
    }

    /// A host's minion on the controller (a fleet run, `halite catalog compile`): `opts`
    /// (the master config with the host's id and `minion_opts`) and the host's grains as
    /// given, the pillar compiled here from the controller's pillar roots and ext_pillar.
    /// `pillar_override` is the call's `pillar=` (merged as salt-call merges it).
    pub fn for_host(
        mut opts: Map,
        grains: Map,
        conf_dir: &std::path::Path,
        pillar_override: Map,
    ) -> Minion {
        let grains = Value::Map(grains);
        opts.insert("grains", grains.clone());
        let registry = Arc::new(Registry::standard());
        let mut pillar =
            PillarCompiler::new(&opts, &grains, registry.clone(), pillar_override.clone())
                .compile();
        let conf_dir = std::fs::canonicalize(conf_dir).unwrap_or_else(|_| conf_dir.to_path_buf());
        Self::merge_ext_pillar(&opts, &conf_dir, &mut pillar, &pillar_override);
        opts.insert("pillar", Value::Map(pillar.clone()));
        let config_test = opts::get_bool(&opts, "test", false);
        Minion {
            opts,
            grains,
            pillar: Value::Map(pillar),
            registry,
            conf_dir,
            config_test,
            prefetch: None,
            catalog_only: true,
            template_opts: None,
        }
    }

    /// `Pillar.ext_pillar`: the CLI override and then each external pillar merged over the
    /// rendered pillar; a failing one is recorded in `_errors` as Salt does.
    fn merge_ext_pillar(
        opts: &Map,
        conf_dir: &std::path::Path,
        pillar: &mut Map,
        pillar_override: &Map,
    ) {
        let Some(options) = crate::reclass::ext_pillar_options(opts) else {
            return;
        };
        let id = opts::get_str(opts, "id").unwrap_or_default().to_string();
        let merge_lists = opts::get_bool(opts, "pillar_merge_lists", false);
        halite_value::merge_recurse(pillar, pillar_override, merge_lists);
        match crate::reclass::ext_pillar(options, conf_dir, &id) {
            Ok(ext) => halite_value::merge_recurse(pillar, &ext, merge_lists),
            Err(e) => {
                let errors = pillar.entry_or("_errors", Value::List(List::new()));
                if let Value::List(l) = errors {
                    l.push(Value::str(format!(
                        "Failed to load ext_pillar reclass: {e}"
                    )));
                }
            }
        }
        halite_value::merge_recurse(pillar, pillar_override, merge_lists);
    }

    /// Core grains, then the config's `grains:` and the `grains` file over them; the id grain
    /// follows the minion id. With `grains_cache`, what the cache holds (everything, as
    /// Salt caches the merged grains) while it is fresh, and the gathered grains written to
    /// it otherwise.
    fn grains(cli: &Cli, opts: &mut Map, source: GrainsSource) -> Result<Value> {
        if opts::get_str(opts, "id").is_none() {
            opts.insert("id", Value::str(halite_grains::default_id()));
        }
        let network = match source {
            GrainsSource::Cache(grains) => {
                if !opts.contains_key("user") {
                    if let Some(Value::Str(name)) = grains.get("username") {
                        opts.insert("user", Value::Str(name.clone()));
                    }
                }
                let grains = Value::Map(grains);
                opts.insert("grains", grains.clone());
                return Ok(grains);
            }
            GrainsSource::Gather(network) => network,
        };
        let grain_opts = halite_grains::GrainsOptions {
            id: opts::get_str(opts, "id").unwrap_or_default().to_string(),
            master: opts::get_str(opts, "master").unwrap_or("salt").to_string(),
            enable_fqdns: opts::get_bool(opts, "enable_fqdns_grains", true),
            salt_compat: halite_value::SaltCompat::of(opts),
        };
        let mut grains = halite_grains::core_grains_probed(&grain_opts, network);
        // `user` defaults to `salt.utils.user.get_user()`: the effective user's name, which
        // the core `username` grain holds before static grains can override it.
        if !opts.contains_key("user") {
            if let Some(Value::Str(name)) = grains.get("username") {
                opts.insert("user", Value::Str(name.clone()));
            }
        }
        if let Some(Value::Map(static_grains)) = opts.get("grains") {
            for (k, v) in static_grains.iter() {
                grains.insert(k.clone(), v.clone());
            }
        }
        for (k, v) in config::grains_file(&cli.config_dir)? {
            grains.insert(k, v);
        }
        if opts::get_bool(opts, "grains_cache", false) {
            halite_grains::cache::store(&cachedir(opts), &grains);
        }
        let grains = Value::Map(grains);
        opts.insert("grains", grains.clone());
        Ok(grains)
    }

    pub fn exec_context(&self, saltenv: &str) -> ExecContext {
        ExecContext {
            opts: Value::Map(self.template_opts.as_ref().unwrap_or(&self.opts).clone()),
            grains: self.grains.clone(),
            pillar: self.pillar.clone(),
            saltenv: saltenv.to_string(),
            file_roots: opts::roots(&self.opts, "file_roots"),
            renderer: Some(halite_render::SaltRenderers::shared(self.registry.clone())),
            retcode: Default::default(),
        }
    }

    pub fn highstate(&self) -> halite_render::HighState {
        let mut hs = halite_render::HighState::with_prefetch(
            self.opts.clone(),
            self.grains.clone(),
            self.pillar.clone(),
            self.registry.clone(),
            self.prefetch.clone(),
        )
        .with_template_opts(self.template_opts.clone());
        let id = opts::get_str(&self.opts, "id")
            .unwrap_or_default()
            .to_string();
        match crate::reclass::master_tops(&self.opts, &self.conf_dir, &id) {
            Ok(Some(tops)) => {
                for (env, sls) in tops.iter() {
                    let list = sls
                        .as_list()
                        .map(|l| l.iter().map(Value::py_str).collect())
                        .unwrap_or_default();
                    hs.master_tops.insert(env.py_str(), list);
                }
            }
            Ok(None) => {}
            Err(e) => tracing::error!("Top function reclass failed with error {e} for minion {id}"),
        }
        hs
    }
}

/// Where a run's grains come from.
enum GrainsSource {
    Cache(Map),
    /// Gathered, with the network grains' probe already under way.
    Gather(halite_grains::NetworkProbe),
}

fn cachedir(opts: &Map) -> std::path::PathBuf {
    std::path::PathBuf::from(opts::get_str(opts, "cachedir").unwrap_or("/var/cache/salt/minion"))
}

/// Salt's `_load_cached_grains`: the cache's grains when `grains_cache` is on, the file is
/// fresh and no refresh was asked for (`refresh_grains_cache`, `--refresh-grains-cache`).
fn cached_grains(opts: &Map) -> Option<Map> {
    if !opts::get_bool(opts, "grains_cache", false)
        || opts::get_bool(opts, "refresh_grains_cache", false)
    {
        return None;
    }
    let expiration = match opts.get("grains_cache_expiration") {
        Some(Value::Int(i)) if *i >= 0 => *i as u64,
        Some(Value::Float(f)) if *f >= 0.0 => *f as u64,
        _ => halite_grains::cache::DEFAULT_EXPIRATION,
    };
    halite_grains::cache::load(&cachedir(opts), expiration)
}
