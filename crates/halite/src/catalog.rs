//! Puppet's split: the controller compiles a host's catalog (render + compile from the
//! host's grains and the controller's pillar), the host only applies it. Used by
//! `halite ssh` for every host of a run and alone as `halite catalog compile|apply|diff`.

use crate::functions::{self, Outcome};
use crate::minion::Minion;
use anyhow::{anyhow, Context, Result};
use halite_catalog::Catalog;
use halite_render::opts;
use halite_value::diag::shown_path;
use halite_value::{Map, SaltCompat, Value, SALT_COMPAT_KEY};
use std::io::Write as _;
use std::path::Path;

/// The state functions whose run the controller compiles into a catalog.
pub const CATALOG_FUNCTIONS: &[&str] =
    &["state.apply", "state.highstate", "state.sls", "state.test"];

/// A host's options on the controller: the master config, the host's id and the roster's
/// `minion_opts` over them.
pub fn host_opts(master: &Map, id: &str, minion_opts: &Map) -> Map {
    let mut opts = master.clone();
    for (k, v) in minion_opts.iter() {
        opts.insert(k.clone(), v.clone());
    }
    // The master config's release is the whole run's (a roster's `minion_opts` cannot
    // split the compile from the apply).
    opts.insert(SALT_COMPAT_KEY, Value::str(SaltCompat::of(master).name()));
    opts.insert("id", Value::str(id));
    // mine.get answers from the controller's cache (halite-exec modules/mine.rs).
    if let Some(cachedir) = master.get("cachedir") {
        opts.insert("__halite_mine_cachedir__", cachedir.clone());
    }
    opts.insert("local", Value::Bool(true));
    opts.insert("file_client", Value::str("local"));
    opts
}

/// What a host's templates see as `opts` (and `config.get`, `config.items`, ...) while the
/// controller compiles its states: the host's minion options as salt-ssh builds them
/// (Salt's minion defaults, the master's `ssh_minion_opts`, the roster's `minion_opts`,
/// the id), the master's roots the states render from (salt-ssh's `opts_pkg` copies them)
/// and halite's own keys. Never the master config's other options: `ssh_priv`,
/// `ext_pillar` and whatever credentials it holds (salt-ssh's templates also see those,
/// as `opts['ext_pillar']` and `opts['__master_opts__']`; docs/compat.md). The pillar and
/// the top render with [`host_opts`], as Salt's master renders them.
pub fn template_opts(master: &Map, id: &str, minion_opts: &Map) -> Map {
    let mut opts = crate::config::minion_defaults();
    // salt-ssh's `Single` defaults before the roster's options.
    opts.insert("grains_cache", Value::Bool(true));
    opts.insert("log_file", Value::str("salt-call.log"));
    let ssh_minion_opts = match master.get("ssh_minion_opts") {
        Some(Value::Map(m)) => Some(m),
        _ => None,
    };
    for m in ssh_minion_opts.into_iter().chain([minion_opts]) {
        for (k, v) in m.iter() {
            opts.insert(k.clone(), v.clone());
        }
    }
    // What salt-ssh's wrapper sets over the target's opts for the render on the master
    // (`cachedir` is the master's: SSHHighState anchors it there).
    for key in [
        "file_roots",
        "pillar_roots",
        "cachedir",
        "extension_modules",
        "module_dirs",
    ] {
        if let Some(v) = master.get(key) {
            opts.insert(key, v.clone());
        }
    }
    let controller = host_opts(master, id, minion_opts);
    for key in [
        SALT_COMPAT_KEY,
        "id",
        "__halite_mine_cachedir__",
        "local",
        "file_client",
    ] {
        if let Some(v) = controller.get(key) {
            opts.insert(key, v.clone());
        }
    }
    opts
}

/// What compiling a host's call gave: a catalog to ship, or the call's return as it is
/// (a render or compile error list, `show_*` data, "No Top file ..." and the like).
pub enum Compiled {
    Catalog(Box<Catalog>),
    Done(Outcome),
}

/// Renders and compiles `fun` for one host. `roster_grains` go into the catalog as
/// `roster_grains.json`, as salt-ssh ships them. The pillar is compiled here with the
/// controller's functions (as salt-ssh's master does); while the states render, a function
/// that reads or changes the host goes to `remote` (the host's connection), or fails
/// without one, and templates see `template` ([`template_opts`]) as their `opts`.
#[allow(clippy::too_many_arguments)]
pub fn compile(
    remote: Option<halite_exec::remote::RemoteCall>,
    opts: Map,
    template: Map,
    grains: Map,
    roster_grains: &Map,
    conf_dir: &Path,
    fun: &str,
    args: Vec<Value>,
    kwargs: Map,
) -> Result<Compiled> {
    let mut opts = opts;
    let mut template = template;
    for key in ["saltenv", "pillarenv"] {
        if let Some(v) = kwargs.get(key) {
            opts.insert(key, v.clone());
            template.insert(key, v.clone());
        }
    }
    let pillar_override = match kwargs.get("pillar") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Map(m)) => m.clone(),
        Some(_) => {
            return Err(anyhow!(
                "Pillar data must be formatted as a dictionary, unless pillar_enc is specified."
            ))
        }
    };
    let mut minion = Minion::for_host(opts, grains.clone(), conf_dir, pillar_override);
    template.insert("grains", minion.grains.clone());
    template.insert("pillar", minion.pillar.clone());
    minion.template_opts = Some(template);
    let outcome = match remote {
        Some(call) => halite_exec::remote::with_target(call, || {
            functions::call(&mut minion, fun, args, kwargs)
        }),
        None => {
            halite_exec::remote::without_target(|| functions::call(&mut minion, fun, args, kwargs))
        }
    }?;
    let Some(chunks) = outcome.chunks else {
        return Ok(Compiled::Done(outcome));
    };
    let lowstate = Value::List(chunks.into_iter().map(Value::Map).collect());
    let roots = opts::roots(&minion.opts, "file_roots");
    let mut files = std::collections::BTreeMap::new();
    for (saltenv, refs) in halite_catalog::lowstate_file_refs(&lowstate) {
        for url in refs {
            let (rel, env) = halite_exec::fileserver::split_salt_url(&url, &saltenv);
            let Some(rel) = halite_exec::fileserver::clean_rel(&rel) else {
                continue;
            };
            if let Some(path) = roots.find(&env, &rel) {
                let data = read_member(&path)?;
                files.insert(format!("{saltenv}/{rel}"), data);
            } else if roots.find_dir(&env, &rel).is_some() {
                let prefix = format!("{rel}/");
                for file in roots.list_files(&env) {
                    if file.starts_with(&prefix) {
                        if let Some(path) = roots.find(&env, &file) {
                            let data = read_member(&path)?;
                            files.insert(format!("{saltenv}/{file}"), data);
                        }
                    }
                }
            }
        }
    }
    let mut meta = Map::new();
    meta.insert("format", Value::Int(halite_catalog::FORMAT_VERSION));
    meta.insert(
        "id",
        Value::str(opts::get_str(&minion.opts, "id").unwrap_or_default()),
    );
    meta.insert("grains", Value::Map(grains));
    // The release it was compiled for: `state.pkg` (and so `catalog apply` and the host's
    // apply in `halite ssh`) runs it as that release.
    meta.insert(
        SALT_COMPAT_KEY,
        Value::str(SaltCompat::of(&minion.opts).name()),
    );
    Ok(Compiled::Catalog(Box::new(Catalog {
        lowstate,
        pillar: Some(minion.pillar.clone()),
        roster_grains: (!roster_grains.is_empty()).then(|| Value::Map(roster_grains.clone())),
        meta: Some(Value::Map(meta)),
        files,
    })))
}

/// A salt:// file for the catalog, at most the catalog's bound (a big `file.managed`
/// source is legitimate, so the input-file bound does not apply).
fn read_member(path: &Path) -> Result<Vec<u8>> {
    halite_value::limits::read_bounded(
        path,
        halite_value::limits::max_catalog_bytes(),
        halite_value::limits::CATALOG_ENV,
    )
    .with_context(|| format!("reading {}", shown_path(&path.to_string_lossy())))
}

/// Grains from a JSON or YAML file (a mapping; `{"local": {...}}` as `grains.items --out
/// json` prints it is unwrapped).
pub fn grains_from_file(path: &Path) -> Result<Map> {
    let text = halite_value::limits::read_input_to_string(path)
        .with_context(|| format!("reading {}", path.display()))?;
    let v = halite_yaml::load(&text, halite_yaml::Schema::Salt)
        .map_err(|e| anyhow!("{}: line {}: {}", path.display(), e.line, e.problem))?;
    let v = match v {
        Value::Map(m) if m.len() == 1 && m.get("local").is_some_and(|l| l.as_map().is_some()) => {
            m.get("local").cloned().unwrap_or(Value::Null)
        }
        other => other,
    };
    match v {
        Value::Map(m) => Ok(m),
        other => Err(anyhow!(
            "{}: grains must be a mapping, not a {}",
            path.display(),
            other.type_name()
        )),
    }
}

/// `halite catalog compile|apply|diff`.
#[derive(clap::Parser, Debug)]
#[command(name = "halite catalog")]
pub struct CatalogCli {
    #[command(subcommand)]
    pub cmd: CatalogCmd,
}

#[derive(clap::Subcommand, Debug)]
pub enum CatalogCmd {
    /// Compile a node's catalog on this machine, without any network: the same inputs give
    /// the same bytes. Prints the archive's sha256.
    Compile {
        /// The folder holding the `master` config (file_roots, pillar_roots, ext_pillar).
        #[arg(short = 'c', long = "config-dir", default_value = "/etc/salt")]
        config_dir: std::path::PathBuf,
        /// The node's minion id.
        #[arg(long, required_unless_present = "all", conflicts_with = "all")]
        id: Option<String>,
        /// Every node of the reclass inventory the master config names (its `ext_pillar`
        /// or `master_tops` reclass adapter), compiled in parallel into `-o DIR/ID.tgz`;
        /// prints `ID SHA256` a line, in node order.
        #[arg(long)]
        all: bool,
        /// With --all: how many nodes compile at once (default: the CPUs).
        #[arg(short = 'j', long = "jobs")]
        jobs: Option<usize>,
        /// The node's grains (JSON or YAML); default: the grains `halite ssh` cached. With
        /// --all, every node's (its `id` grain set to the node's id).
        #[arg(long)]
        grains: Option<std::path::PathBuf>,
        /// Where the archive goes (default: ID.tgz); with --all, the folder (default:
        /// catalogs).
        #[arg(short = 'o', long = "out-file")]
        out: Option<std::path::PathBuf>,
        /// The Salt release to compile for (3008 or 3007; default: the master config's
        /// `salt_compat`, else 3008). The catalog records it and is applied as that release.
        #[arg(long = "salt-compat", alias = "salt_compat", value_parser = crate::parse_salt_compat)]
        salt_compat: Option<halite_value::SaltCompat>,
        /// The state function and its arguments (default: state.apply, the highstate).
        #[arg(allow_hyphen_values = true)]
        call: Vec<String>,
    },
    /// Apply a catalog archive here (`state.pkg` with its own sha256); `test=True` works.
    Apply {
        file: std::path::PathBuf,
        #[arg(allow_hyphen_values = true)]
        rest: Vec<String>,
    },
    /// What changed between two catalog archives (exit 0: same, 1: they differ).
    Diff {
        old: std::path::PathBuf,
        new: std::path::PathBuf,
    },
}

/// What `halite catalog compile` is asked for.
pub struct CompileRequest<'a> {
    pub config_dir: &'a Path,
    /// One node, or `None` for every node of the reclass inventory (`--all`).
    pub id: Option<&'a str>,
    pub jobs: Option<usize>,
    pub grains: Option<&'a Path>,
    pub out: Option<&'a Path>,
    pub salt_compat: Option<SaltCompat>,
    pub call: &'a [String],
}

/// `halite catalog compile`: returns the exit status.
pub fn run_compile(req: &CompileRequest) -> Result<u8> {
    let config_dir = req.config_dir;
    let mut master = crate::config::master_config(config_dir)?;
    if let Some(compat) = req.salt_compat {
        master.insert(SALT_COMPAT_KEY, Value::str(compat.name()));
    }
    crate::functions::set_salt_compat(SaltCompat::of(&master));
    let cachedir = opts::get_str(&master, "cachedir")
        .unwrap_or("/var/cache/salt/master")
        .to_string();
    let given = req.grains.map(grains_from_file).transpose()?;
    let grains_of = |id: &str| -> Result<Map> {
        if let Some(g) = &given {
            let mut g = g.clone();
            if req.id.is_none() {
                g.insert("id", Value::str(id));
            }
            return Ok(g);
        }
        match halite_ssh::cache::read(Path::new(&cachedir), id, "grains", None) {
            Some(Value::Map(m)) => Ok(m),
            _ => Err(anyhow!(
                "no grains for {id}: give --grains FILE, or run `halite ssh {id} grains.items` first to cache them under {cachedir}/minions/{id}/"
            )),
        }
    };
    let (fun, rest) = match req.call.split_first() {
        Some((f, r)) => (f.as_str(), r),
        None => ("state.apply", &[][..]),
    };
    if !CATALOG_FUNCTIONS.contains(&fun) {
        return Err(anyhow!(
            "{fun}: a catalog is compiled from {}",
            CATALOG_FUNCTIONS.join(", ")
        ));
    }
    // One node's catalog: the archive, or the call's return when there is none.
    let compile_node = |id: &str| -> Result<std::result::Result<Vec<u8>, Value>> {
        let (args, kwargs) = crate::args::parse_call_args(rest);
        let opts = host_opts(&master, id, &Map::new());
        match compile(
            None,
            opts,
            template_opts(&master, id, &Map::new()),
            grains_of(id)?,
            &Map::new(),
            config_dir,
            fun,
            args,
            kwargs,
        )? {
            Compiled::Catalog(cat) => Ok(Ok(cat.pack()?)),
            Compiled::Done(outcome) => Ok(Err(outcome.ret)),
        }
    };
    let Some(id) = req.id else {
        let nodes = crate::reclass::node_names(&master, config_dir)?.ok_or_else(|| {
            anyhow!(
                "--all compiles the nodes of a reclass inventory, and {} configures none (ext_pillar or master_tops reclass)",
                config_dir.join("master").display()
            )
        })?;
        let dir = req.out.unwrap_or(Path::new("catalogs"));
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let jobs = req.jobs.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let mut results: Vec<Option<std::result::Result<String, String>>> = vec![None; nodes.len()];
        halite_ssh::fan_out(
            nodes.iter().cloned().enumerate().collect(),
            jobs,
            |(i, id): (usize, String)| {
                let r = match compile_node(&id) {
                    Ok(Ok(bytes)) => {
                        let path = dir.join(format!("{}.tgz", file_name(&id)));
                        write_new(&path, &bytes)
                            .map(|()| halite_catalog::sha256_hex(&bytes))
                            .map_err(|e| format!("{e:#}"))
                    }
                    Ok(Err(ret)) => Err(ret.to_json_styled(halite_value::JsonStyle::Compact)),
                    Err(e) => Err(format!("{e:#}")),
                };
                (i, r)
            },
            |(i, r)| results[i] = Some(r),
        );
        let mut failed = 0;
        let mut stdout = std::io::stdout().lock();
        for (id, r) in nodes.iter().zip(results) {
            match r {
                Some(Ok(sum)) => writeln!(stdout, "{id} {sum}")?,
                Some(Err(e)) => {
                    failed += 1;
                    eprintln!("{id}: {e}");
                }
                None => failed += 1,
            }
        }
        return Ok(u8::from(failed > 0));
    };
    match compile_node(id)? {
        Ok(bytes) => {
            let default = std::path::PathBuf::from(format!("{id}.tgz"));
            let out = req.out.unwrap_or(&default);
            write_new(out, &bytes)?;
            println!("{}", halite_catalog::sha256_hex(&bytes));
            Ok(0)
        }
        Err(ret) => {
            let mut m = Map::new();
            m.insert(id, ret);
            println!("{}", Value::Map(m).to_json());
            Ok(1)
        }
    }
}

/// A node id as a file name (no separators, no `..`).
fn file_name(id: &str) -> String {
    let safe: String = id
        .chars()
        .map(|c| if c == '/' || c == '\0' { '_' } else { c })
        .collect();
    if safe == ".." || safe == "." {
        format!("_{safe}")
    } else {
        safe
    }
}

/// Writes `bytes` to `path` through a temporary file beside it (nothing half-written).
fn write_new(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .with_context(|| format!("creating a file in {}", dir.display()))?;
    std::io::Write::write_all(&mut tmp, bytes)?;
    tmp.persist(path)
        .map_err(|e| anyhow!("writing {}: {}", path.display(), e.error))?;
    Ok(())
}

/// `halite catalog diff OLD NEW`.
pub fn run_diff(old: &Path, new: &Path) -> Result<u8> {
    let read = |p: &Path| -> Result<Catalog> {
        let data = read_member(p)?;
        Catalog::unpack(&data).map_err(|e| anyhow!("{}: {e}", p.display()))
    };
    let lines = halite_catalog::diff(&read(old)?, &read(new)?);
    for l in &lines {
        println!("{l}");
    }
    Ok(u8::from(!lines.is_empty()))
}
