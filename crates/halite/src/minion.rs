//! Everything a call needs: opts, grains, pillar and the execution function registry,
//! assembled as `salt-call --local` does before running a function.

use crate::config;
use crate::Cli;
use anyhow::{anyhow, Result};
use halite_exec::{ExecContext, Registry};
use halite_render::opts;
use halite_render::pillar::PillarCompiler;
use halite_value::{Map, Value};
use std::sync::Arc;

pub struct Minion {
    pub opts: Map,
    pub grains: Value,
    pub pillar: Value,
    pub registry: Arc<Registry>,
}

/// Call arguments that change the options for that call (`get_sls_opts`).
const OPTION_KWARGS: &[&str] = &["saltenv", "pillarenv", "test"];

impl Minion {
    pub fn load(cli: &Cli, kwargs: &Map) -> Result<Minion> {
        let mut opts = config::minion_config(&cli.config_dir)?;
        opts.insert("local", Value::Bool(true));
        opts.insert("file_client", Value::str("local"));
        if let Some(id) = &cli.id {
            opts.insert("id", Value::str(id.clone()));
        }
        for key in OPTION_KWARGS {
            if let Some(v) = kwargs.get(key) {
                opts.insert(*key, v.clone());
            }
        }
        let grains = Self::grains(cli, &mut opts)?;
        let registry = Arc::new(Registry::standard());
        let pillar_override = match kwargs.get("pillar") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Map(m)) => m.clone(),
            Some(_) => {
                return Err(anyhow!(
                    "Pillar data must be formatted as a dictionary, unless pillar_enc is specified."
                ))
            }
        };
        let pillar =
            PillarCompiler::new(&opts, &grains, registry.clone(), pillar_override).compile();
        opts.insert("pillar", Value::Map(pillar.clone()));
        Ok(Minion {
            opts,
            grains,
            pillar: Value::Map(pillar),
            registry,
        })
    }

    /// Core grains, then the config's `grains:` and the `grains` file over them; the id grain
    /// follows the minion id.
    fn grains(cli: &Cli, opts: &mut Map) -> Result<Value> {
        let mut grains = halite_grains::core_grains();
        if opts::get_str(opts, "id").is_none() {
            let id = grains
                .get("fqdn")
                .or_else(|| grains.get("host"))
                .map(Value::py_str)
                .unwrap_or_else(|| "localhost".to_string());
            opts.insert("id", Value::str(id));
        }
        let id = opts.get("id").cloned().unwrap_or(Value::Null);
        grains.insert("id", id);
        if let Some(Value::Map(static_grains)) = opts.get("grains") {
            for (k, v) in static_grains.iter() {
                grains.insert(k.clone(), v.clone());
            }
        }
        for (k, v) in config::grains_file(&cli.config_dir)? {
            grains.insert(k, v);
        }
        let grains = Value::Map(grains);
        opts.insert("grains", grains.clone());
        Ok(grains)
    }

    pub fn exec_context(&self, saltenv: &str) -> ExecContext {
        ExecContext {
            opts: Value::Map(self.opts.clone()),
            grains: self.grains.clone(),
            pillar: self.pillar.clone(),
            saltenv: saltenv.to_string(),
            file_roots: opts::roots(&self.opts, "file_roots"),
        }
    }

    pub fn highstate(&self) -> halite_render::HighState {
        halite_render::HighState::new(
            self.opts.clone(),
            self.grains.clone(),
            self.pillar.clone(),
            self.registry.clone(),
        )
    }
}
