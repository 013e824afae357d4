//! `halite ssh TARGET FUNCTION [ARGS]` (also started as `halite-ssh`): salt-ssh's command
//! line over halite's split. Each matched roster host gets one multiplexed ssh connection;
//! the halite binary is deployed into its thin_dir when that exact build is missing; its
//! grains are cached on the controller; a state run's catalog is compiled here from those
//! grains and shipped as a `state.pkg` archive that the host only applies. Other functions
//! run on the host; grains.*, pillar.* and state.show_* are answered here, as salt-ssh's
//! wrappers answer them.

use crate::catalog::{self, Compiled};
use anyhow::{anyhow, Context, Result};
use halite_exec::{Args, ExecError};
use halite_render::opts;
use halite_ssh::{shell_quote, Connection, Output, SshConfig, Target, TargetKind};
use halite_value::{Map, SaltCompat, Value, SALT_COMPAT_KEY};
use std::collections::HashMap;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// salt-ssh's options.
#[derive(clap::Parser, Debug)]
#[command(name = "halite ssh", trailing_var_arg = true)]
pub struct SshCli {
    /// The folder holding the `master` config (and by default the `roster`).
    #[arg(short = 'c', long = "config-dir", default_value = "/etc/salt")]
    config_dir: PathBuf,
    #[arg(long = "roster-file")]
    roster_file: Option<PathBuf>,
    /// The target is a regular expression (matched at the start of the id).
    #[arg(short = 'E', long = "pcre")]
    pcre: bool,
    /// The target is a comma-separated list of ids.
    #[arg(short = 'L', long = "list")]
    list: bool,
    /// The target is `grain:glob`, matched against the cached grains.
    #[arg(short = 'G', long = "grain")]
    grain: bool,
    /// The target is a compound expression (`G@os:Debian and not L@web1,web2`, `E@`, `P@`,
    /// `N@`, globs; and/or/not and parentheses), grains matched against the cached ones.
    #[arg(short = 'C', long = "compound")]
    compound: bool,
    /// The target is a nodegroup: a list of ids in the master config's
    /// `ssh_list_nodegroups` (salt-ssh's), else a compound group of its `nodegroups`.
    #[arg(short = 'N', long = "nodegroup")]
    nodegroup: bool,
    /// Accept an unknown host key.
    #[arg(short = 'i', long = "ignore-host-keys")]
    ignore_host_keys: bool,
    /// No host key checking and no known_hosts file.
    #[arg(long = "no-host-keys")]
    no_host_keys: bool,
    #[arg(long = "priv")]
    privkey: Option<PathBuf>,
    #[arg(long = "user")]
    user: Option<String>,
    #[arg(long = "sudo")]
    sudo: bool,
    #[arg(long = "max-procs")]
    max_procs: Option<usize>,
    /// The connect timeout, in seconds (halite's; salt-ssh has only the master config's
    /// `ssh_timeout`, and its `-t` is `--regen-thin`).
    #[arg(long = "timeout")]
    timeout: Option<u64>,
    /// salt-ssh's `-t/--regen-thin/--thin`: deploy the build again to every host (its
    /// sha256 computed anew, each host's copy replaced whatever the records say).
    #[arg(short = 't', long = "regen-thin", alias = "thin")]
    regen_thin: bool,
    /// Keep each host's ssh connection this many seconds after the run, for the next run
    /// to reuse (ssh's ControlPersist; master config `ssh_control_persist`). Off by default.
    #[arg(long = "control-persist")]
    control_persist: Option<u64>,
    /// Gather the grains again instead of using the cached ones.
    #[arg(long = "refresh", alias = "refresh-cache")]
    refresh: bool,
    /// Run the command line as a shell command on the host.
    #[arg(short = 'r', long = "raw", alias = "raw-shell")]
    raw: bool,
    /// Print one document with every host once all have returned.
    #[arg(long = "static")]
    static_out: bool,
    #[arg(long = "out", alias = "output")]
    out: Option<String>,
    #[arg(long = "out-file", alias = "output-file")]
    out_file: Option<PathBuf>,
    #[arg(long = "state-output", alias = "state_output")]
    state_output: Option<String>,
    #[arg(short = 'l', long = "log-level", default_value = "warning")]
    log_level: String,
    #[arg(long = "no-color", alias = "no-colour")]
    no_color: bool,
    /// The halite binary to deploy (default: this one; master config `halite_thin`). A
    /// static build runs on any host.
    #[arg(long = "halite-thin")]
    halite_thin: Option<PathBuf>,
    /// The Salt release the whole run behaves as (the controller's compile and the hosts'
    /// apply): 3008 (Salt 3008.4, the default) or 3007; overrides the master config's
    /// `salt_compat`.
    #[arg(long = "salt-compat", alias = "salt_compat", value_parser = crate::parse_salt_compat)]
    salt_compat: Option<halite_value::SaltCompat>,
    /// Also return to these returners (comma-separated; `sqlite3`), beside the master job
    /// cache (salt-ssh's `--return`).
    #[arg(long = "return")]
    returners: Vec<String>,
    /// TARGET FUNCTION [ARGS] [KEY=VALUE]
    #[arg(required = true, allow_hyphen_values = true)]
    words: Vec<String>,
}

const VALUE_OPTIONS: &[&str] = &[
    "-c",
    "--config-dir",
    "--roster-file",
    "--priv",
    "--user",
    "--max-procs",
    "--timeout",
    "--out",
    "--output",
    "--out-file",
    "--output-file",
    "--state-output",
    "--state_output",
    "-l",
    "--log-level",
    "--halite-thin",
    "--control-persist",
    "--salt-compat",
    "--salt_compat",
    "--return",
];

const FLAGS: &[&str] = &[
    "-E",
    "--pcre",
    "-L",
    "--list",
    "-G",
    "--grain",
    "-C",
    "--compound",
    "-N",
    "--nodegroup",
    "-i",
    "--ignore-host-keys",
    "--no-host-keys",
    "-t",
    "--regen-thin",
    "--thin",
    "--sudo",
    "--refresh",
    "--refresh-cache",
    "-r",
    "--raw",
    "--raw-shell",
    "--static",
    "--no-color",
    "--no-colour",
];

/// optparse takes options anywhere: move them in front of the target.
fn hoist(argv: Vec<String>) -> Vec<String> {
    let mut front = Vec::new();
    let mut rest = Vec::new();
    let mut it = argv.into_iter();
    if let Some(p) = it.next() {
        front.push(p);
    }
    while let Some(a) = it.next() {
        let name = a.split('=').next().unwrap_or("");
        if VALUE_OPTIONS.contains(&name) {
            let inline = a.contains('=');
            front.push(a);
            if !inline {
                if let Some(v) = it.next() {
                    front.push(v);
                }
            }
        } else if FLAGS.contains(&a.as_str())
            || (a.starts_with('-') && a.len() > 1 && rest.len() < 2)
        {
            front.push(a);
        } else {
            rest.push(a);
        }
    }
    if !rest.is_empty() {
        front.push("--".into());
    }
    front.extend(rest);
    front
}

/// Everything a host's run shares.
struct Run {
    master: Map,
    conf_dir: PathBuf,
    ssh: SshConfig,
    cachedir: PathBuf,
    control: tempfile::TempDir,
    /// Where kept connections' sockets live (`--control-persist`).
    persist_dir: Option<PathBuf>,
    binary: Arc<halite_ssh::ThinBinary>,
    sum: Arc<str>,
    refresh: bool,
    /// `--regen-thin`: every host gets the build again.
    regen_thin: bool,
    grains_max_age: Option<u64>,
    raw: bool,
    fun: String,
    words: Vec<String>,
}

/// The functions answered on the controller (salt-ssh's wrappers; the pillar functions
/// its pillar wrapper lacks run on the host, as salt-ssh runs them).
fn controller_side(fun: &str) -> bool {
    fun == "mine.update"
        || fun.starts_with("grains.")
        || crate::ssh_pillar::WRAPPED.contains(&fun)
        || fun.starts_with("state.show_")
        || catalog::CATALOG_FUNCTIONS.contains(&fun)
}

pub fn main(argv: Vec<String>) -> Result<u8> {
    use clap::Parser as _;
    let cli = match SshCli::try_parse_from(hoist(argv)) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    crate::init_logging(&cli.log_level);
    let mut master = crate::config::master_config(&cli.config_dir)?;
    // One release for the whole run: the controller's compile reads it from the master
    // opts (catalog::host_opts keeps it over a roster's `minion_opts`), and every host's
    // THIN/minion carries it to the apply.
    if let Some(compat) = cli.salt_compat {
        master.insert(SALT_COMPAT_KEY, Value::str(compat.name()));
    }
    crate::functions::set_salt_compat(SaltCompat::of(&master));
    let roster_file = cli
        .roster_file
        .clone()
        .or_else(|| opts::get_str(&master, "roster_file").map(PathBuf::from))
        .unwrap_or_else(|| cli.config_dir.join("roster"));
    let mut defaults = master
        .get("roster_defaults")
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    // salt-ssh's target defaults from the master's ssh_* options, under the roster's
    // entries and its `roster_defaults` (salt/client/ssh/__init__.py `self.defaults`).
    for (opt, key) in [
        ("ssh_sudo_user", "sudo_user"),
        ("ssh_options", "ssh_options"),
    ] {
        match master.get(opt) {
            Some(Value::Null) | None => {}
            Some(Value::Str(s)) if s.is_empty() => {}
            Some(v) if !defaults.contains_key(key) => {
                defaults.insert(key, v.clone());
            }
            Some(_) => {}
        }
    }
    let roster = halite_ssh::roster::load(&roster_file, &defaults)?;
    let cachedir =
        PathBuf::from(opts::get_str(&master, "cachedir").unwrap_or("/var/cache/salt/master"));
    let (tgt, fun, rest) = match cli.words.as_slice() {
        [tgt, fun, rest @ ..] => (tgt.clone(), fun.clone(), rest.to_vec()),
        _ => {
            return Err(anyhow!(
                "usage: halite ssh [OPTIONS] TARGET FUNCTION [ARGS]"
            ))
        }
    };
    let kind = if cli.pcre {
        TargetKind::Pcre
    } else if cli.list {
        TargetKind::List
    } else if cli.grain {
        TargetKind::Grain
    } else {
        TargetKind::Glob
    };
    // A host's grains for targeting: the cached ones with the roster's `grains` over them
    // (what its compile sees); none when nothing is cached.
    let cached = |id: &str| {
        let mut g = match halite_ssh::cache::read(&cachedir, id, "grains", None) {
            Some(Value::Map(g)) => g,
            _ => return None,
        };
        if let Some(t) = roster.iter().find(|t| t.id == id) {
            for (k, v) in t.grains.iter() {
                g.insert(k.clone(), v.clone());
            }
        }
        Some(Value::Map(g))
    };
    // salt-ssh's -N: `ssh_list_nodegroups` (a group is a list of ids, or one string of
    // them, comma-separated); a group only `nodegroups` names is matched as `N@GROUP`.
    let list_group = match master.get("ssh_list_nodegroups").and_then(|g| g.get(&tgt)) {
        Some(Value::List(ids)) if cli.nodegroup => Some(ids.iter().map(Value::py_str).collect()),
        Some(Value::Str(ids)) if cli.nodegroup => Some(
            ids.split(',')
                .map(|s| s.trim().to_string())
                .collect::<Vec<_>>(),
        ),
        _ => None,
    };
    let targets: Vec<Target> = if let Some(ids) = list_group {
        roster
            .iter()
            .filter(|t| ids.contains(&t.id))
            .cloned()
            .collect()
    } else if cli.compound || cli.nodegroup {
        // Salt's compound matcher (the top file's), over the roster's ids and the cached
        // grains; a pillar word (`I@`, `J@`) matches nothing (the controller compiles no
        // pillar to target with).
        let expr = if cli.nodegroup {
            format!("N@{tgt}")
        } else {
            tgt.clone()
        };
        let nodegroups = master.get("nodegroups").cloned().unwrap_or(Value::Null);
        let no_grains = Value::Map(Map::new());
        roster
            .iter()
            .filter(|t| {
                let grains = cached(&t.id);
                halite_render::matcher::compound_match(
                    &expr,
                    &halite_render::matcher::MatchContext {
                        id: &t.id,
                        grains: grains.as_ref().unwrap_or(&no_grains),
                        pillar: &Value::Null,
                        nodegroups: &nodegroups,
                    },
                )
            })
            .cloned()
            .collect()
    } else {
        halite_ssh::roster::select(&roster, &tgt, kind, &cached)?
            .into_iter()
            .cloned()
            .collect()
    };
    if targets.is_empty() {
        eprintln!("[ERROR   ] No matching targets found in roster.");
        return Ok(0);
    }
    let thin = cli
        .halite_thin
        .clone()
        .or_else(|| opts::get_str(&master, "halite_thin").map(PathBuf::from))
        .or_else(|| std::env::var_os("HALITE_SSH_THIN").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("/proc/self/exe"));
    let (binary, sum) = thin_build(&thin, &cachedir, cli.regen_thin)?;
    let get_u64 = |k: &str| match master.get(k) {
        Some(Value::Int(i)) if *i >= 0 => Some(*i as u64),
        Some(Value::Str(s)) => s.parse().ok(),
        _ => None,
    };
    let ssh = SshConfig {
        ssh_bin: std::env::var_os("HALITE_SSH_BIN")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("ssh")),
        privkey: cli
            .privkey
            .clone()
            .or_else(|| opts::get_str(&master, "ssh_priv").map(PathBuf::from))
            .filter(|p| p.exists()),
        user: cli
            .user
            .clone()
            .or_else(|| opts::get_str(&master, "ssh_user").map(String::from)),
        user_from_cli: cli.user.is_some(),
        port: get_u64("ssh_port").and_then(|p| u16::try_from(p).ok()),
        timeout: cli.timeout.or_else(|| get_u64("ssh_timeout")).unwrap_or(60),
        known_hosts: opts::get_str(&master, "known_hosts_file").map(PathBuf::from),
        ignore_host_keys: cli.ignore_host_keys
            || opts::get_bool(&master, "ignore_host_keys", false),
        no_host_keys: cli.no_host_keys || opts::get_bool(&master, "no_host_keys", false),
        sudo: cli.sudo || opts::get_bool(&master, "ssh_sudo", false),
        control_persist: cli
            .control_persist
            .or_else(|| get_u64("ssh_control_persist"))
            .filter(|s| *s > 0),
    };
    let max_procs = cli
        .max_procs
        .or_else(|| get_u64("ssh_max_procs").map(|n| n as usize))
        .unwrap_or(25);
    // (A killed run's folder, its controller gone, is removed first.)
    let control = halite_ssh::transport::control_dir(Path::new("/tmp"))
        .context("creating the folder for the ssh control sockets")?;
    let persist_dir = match ssh.control_persist {
        Some(_) => Some(persist_dir()?),
        None => None,
    };
    let run = Run {
        conf_dir: cli.config_dir.clone(),
        ssh,
        cachedir: cachedir.clone(),
        control,
        persist_dir,
        binary: Arc::new(binary),
        sum: Arc::from(sum),
        refresh: cli.refresh,
        regen_thin: cli.regen_thin,
        // salt-ssh's `cache_life` (minutes, default 60) for its `minions/ID/ssh_data.p`.
        grains_max_age: Some(get_u64("cache_life").unwrap_or(60) * 60),
        raw: cli.raw,
        fun: fun.clone(),
        words: rest,
        master,
    };
    let outputter = match cli.out.as_deref() {
        Some(o) => {
            halite_output::Outputter::parse(o).ok_or_else(|| anyhow!("unknown outputter '{o}'"))?
        }
        None if fun.starts_with("state.") && !fun.starts_with("state.show_") && !cli.raw => {
            halite_output::Outputter::Highstate
        }
        None => halite_output::Outputter::Nested,
    };
    // The job store (halite_jobs): the job's load, then each host's return as it comes.
    let tgt_type = if cli.pcre {
        "pcre"
    } else if cli.list {
        "list"
    } else if cli.grain {
        "grain"
    } else if cli.compound {
        "compound"
    } else if cli.nodegroup {
        "nodegroup"
    } else {
        "glob"
    };
    let fun_args: Vec<Value> = run
        .words
        .iter()
        .map(|w| Value::str(mask_pillar_arg(w)))
        .collect();
    let mut store = halite_jobs::JobStore::open(halite_jobs::StoreConfig::from_opts(
        &run.master,
        &cachedir,
        &cli.returners,
    ));
    let jid = {
        let mut load = Map::new();
        load.insert("tgt_type", Value::str(tgt_type));
        load.insert("tgt", Value::str(tgt.as_str()));
        load.insert("user", Value::str(current_user()));
        load.insert(
            "fun",
            Value::str(if cli.raw { "ssh._raw" } else { fun.as_str() }),
        );
        load.insert("arg", Value::List(fun_args.iter().cloned().collect()));
        let ids: Vec<String> = targets.iter().map(|t| t.id.clone()).collect();
        match store.start(load, &ids) {
            Ok(jid) => Some(jid),
            Err(e) => {
                eprintln!("[WARNING ] Could not save the job to the job cache: {e}");
                None
            }
        }
    };
    if let Some(e) = &store.db_error {
        eprintln!("[WARNING ] The job database is not writable ({e}): the run is spooled to the job cache and written later");
    }
    let state_fun = fun.starts_with("state.") && !fun.starts_with("state.show_") && !cli.raw;
    let total = targets.len();
    let progress = std::io::stderr().is_terminal();
    let mut done = 0usize;
    let mut worst: u8 = 0;
    let mut all = Map::new();
    let items: Vec<(usize, Target)> = targets.into_iter().enumerate().collect();
    let mut print_err: Option<anyhow::Error> = None;
    halite_ssh::fan_out(
        items,
        max_procs,
        |(i, t)| {
            let (ret, code) = run_host(&run, i, &t);
            (t.id.clone(), ret, code)
        },
        |(id, ret, code)| {
            done += 1;
            worst = worst.max(code);
            if let Some(jid) = &jid {
                let kept = match fun.starts_with("pillar.") {
                    true => halite_exec::redact_pillar(&ret),
                    false => ret.clone(),
                };
                // the grains the controller holds for the host (the dashboard's inventory)
                let grains = halite_ssh::cache::read(&cachedir, &id, "grains", None);
                let r = store.host_return(
                    jid,
                    &halite_jobs::HostReturn {
                        id: &id,
                        fun: &fun,
                        fun_args: &fun_args,
                        ret: &kept,
                        retcode: i64::from(code),
                        state_fun,
                        grains: grains.as_ref(),
                        salt_call: false,
                    },
                );
                if let Err(e) = r {
                    eprintln!("[WARNING ] Could not save {id}'s return to the job cache: {e}");
                }
            }
            if progress {
                eprint!("\r\x1b[2K");
            }
            if cli.static_out {
                all.insert(id.as_str(), ret);
            } else {
                let mut m = Map::new();
                m.insert(id.as_str(), ret);
                if let Err(e) = print_doc(&cli, outputter, &run.master, Value::Map(m)) {
                    print_err.get_or_insert(e);
                }
            }
            if progress && done < total {
                eprint!("halite ssh: {done}/{total} hosts returned");
                let _ = std::io::stderr().flush();
            }
        },
    );
    if let Some(jid) = &jid {
        store.finish(jid);
    }
    if cli.static_out {
        print_doc(&cli, outputter, &run.master, Value::Map(all))?;
    }
    if let Some(e) = print_err {
        return Err(e);
    }
    // salt-ssh: any host's nonzero retcode makes the run exit EX_AGGREGATE.
    Ok(if worst != 0 { 20 } else { 0 })
}

/// A `pillar=...` argument as the job cache keeps it: its values masked as Salt 3008 masks
/// pillar on output (`**********` for every non-empty scalar), the keys kept.
fn mask_pillar_arg(word: &str) -> String {
    let Some(text) = word.strip_prefix("pillar=") else {
        return word.to_string();
    };
    match halite_yaml::load(text, halite_yaml::Schema::Salt) {
        Ok(v) => format!(
            "pillar={}",
            halite_exec::redact_pillar(&v).to_json_styled(halite_value::JsonStyle::Compact)
        ),
        Err(_) => "pillar=**********".to_string(),
    }
}

/// The user running the controller (salt's `get_user()`): its passwd name, else its uid.
fn current_user() -> String {
    // SAFETY: geteuid has no preconditions; getpwuid returns NULL or a pointer to a static
    // entry read at once.
    unsafe {
        let uid = libc::geteuid();
        let pw = libc::getpwuid(uid);
        if pw.is_null() || (*pw).pw_name.is_null() {
            return uid.to_string();
        }
        std::ffi::CStr::from_ptr((*pw).pw_name)
            .to_string_lossy()
            .into_owned()
    }
}

fn print_doc(
    cli: &SshCli,
    outputter: halite_output::Outputter,
    master: &Map,
    data: Value,
) -> Result<()> {
    use halite_output::Outputter;
    let color = !cli.no_color && cli.out_file.is_none() && std::io::stdout().is_terminal();
    let text = match outputter {
        Outputter::Json => data.to_json(),
        Outputter::Highstate => {
            let state_output = cli
                .state_output
                .clone()
                .or_else(|| opts::get_str(master, "state_output").map(String::from))
                .unwrap_or_else(|| "full".into());
            halite_output::highstate::highstate(
                &data,
                &halite_output::highstate::HighstateOptions {
                    color,
                    state_output,
                    state_verbose: opts::get_bool(master, "state_verbose", true),
                    ..Default::default()
                },
            )
        }
        other => halite_output::render(
            other,
            &data,
            &halite_output::OutputOptions {
                color,
                ..Default::default()
            },
        ),
    };
    match &cli.out_file {
        Some(p) => {
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)?;
            writeln!(f, "{text}")?;
        }
        None => {
            let mut out = std::io::stdout().lock();
            match writeln!(out, "{text}").and_then(|()| out.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
        }
    }
    Ok(())
}

/// salt-ssh's `_error` of a command that failed (`SSHCommandExecutionError`): also what it
/// reports for an ssh that failed (a refused connection, a timeout, a changed host key) or
/// a remote process that died before returning.
const NON_ZERO: &str = "The command resulted in a non-zero exit code";

/// salt-ssh's error return (`SSHException.to_ret`): `stdout`, `stderr`, `retcode`,
/// `parsed`, `_error`.
fn error_ret(
    stdout: &str,
    stderr: &str,
    retcode: i32,
    parsed: Option<Value>,
    error: &str,
) -> Value {
    let mut m = Map::new();
    m.insert("stdout", Value::str(stdout));
    m.insert("stderr", Value::str(stderr));
    m.insert("retcode", Value::Int(i64::from(retcode)));
    m.insert("parsed", parsed.unwrap_or(Value::Null));
    m.insert("_error", Value::str(error));
    Value::Map(m)
}

/// Whether ssh refused the host for a key known_hosts does not hold yet (not one that
/// changed: that is never to be accepted, and its return carries no hint to do so).
fn unknown_host_key(stderr: &str) -> bool {
    !stderr.contains("has changed")
        && !stderr.contains("IDENTIFICATION HAS CHANGED")
        && (stderr.contains("host key is known for") || stderr.contains("The authenticity of host"))
}

/// salt-ssh's return for an ssh-level failure, as its `parse_ret` maps one: the host key
/// hint in `stdout` (retcode 254, as its `_run_cmd` answers ssh's yes/no question) when the
/// key is new, `Permission denied` for a refused login, else the failed command's error.
fn ssh_failure(out: &Output) -> (Value, u8) {
    let stderr = out.stderr.trim_end();
    if unknown_host_key(stderr) {
        let hint = format!(
            "The host key needs to be accepted, to auto accept run halite ssh with the -i flag:\n{stderr}"
        );
        return (error_ret(&hint, "", 254, None, NON_ZERO), 254);
    }
    if stderr.contains("Permission denied") {
        return (
            error_ret(&out.stdout, stderr, out.code, None, "Permission denied"),
            255,
        );
    }
    let code = out.code.max(1);
    (
        error_ret(&out.stdout, &filter_stderr(stderr), code, None, NON_ZERO),
        clamp(code),
    )
}

/// A command's failure as salt-ssh reports it: the thin_dir refused, ssh's own failure,
/// or the remote output parsed.
fn failure(out: &Output) -> (Value, u8) {
    if let Some(why) = halite_ssh::thin_refusal(out) {
        let msg = format!("{why}: halite was not run");
        return (
            error_ret(
                &out.stdout,
                &filter_stderr(&out.stderr),
                out.code,
                None,
                &msg,
            ),
            clamp(out.code.max(1)),
        );
    }
    if out.code == 255 {
        ssh_failure(out)
    } else {
        parse_ret(out)
    }
}

fn clamp(code: i32) -> u8 {
    u8::try_from(code).unwrap_or(if code == 0 { 0 } else { 1 })
}

/// salt's `parse_ret`: `{"local": X}` on stdout gives X; a nonzero status or text that is
/// no such document gives salt-ssh's error mapping.
fn parse_ret(out: &Output) -> (Value, u8) {
    if out.code == 255 && out.stdout.is_empty() {
        return ssh_failure(out);
    }
    let parsed = find_json(&out.stdout);
    let mut code = clamp(out.code);
    let error = |msg: &str, parsed: Option<Value>, code: u8| {
        let ret = error_ret(
            &out.stdout,
            &filter_stderr(&out.stderr),
            i32::from(code),
            parsed,
            msg,
        );
        (ret, code.max(1))
    };
    match parsed {
        Some(Value::Map(m)) if m.len() == 1 && m.get("local").is_some() => {
            let local = m.get("local").cloned().unwrap_or(Value::Null);
            if let Some(Value::Int(rc)) = local.get("retcode") {
                code = code.max(u8::try_from(*rc).unwrap_or(1));
            }
            (local, code)
        }
        Some(other) if code == 0 => error("Return dict was malformed", Some(other), 1),
        None if code == 0 => error("Failed to return clean data", None, 1),
        other => error(NON_ZERO, other, code),
    }
}

/// `SSHException._filter_stderr`: the lines joined without the last newline, Python's
/// DeprecationWarnings (two lines each) dropped.
fn filter_stderr(stderr: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let mut skip_next = false;
    for line in stderr.lines() {
        if skip_next {
            skip_next = false;
            continue;
        }
        let parts: Vec<&str> = line.split(':').collect();
        if parts.len() > 2 && parts[2].contains("DeprecationWarning") {
            skip_next = true;
            continue;
        }
        out.push(line);
    }
    out.join("\n")
}

/// `salt.utils.json.find_json`: the whole text, else the first line from which the rest
/// parses.
fn find_json(text: &str) -> Option<Value> {
    if let Ok(v) = Value::from_json_str(text) {
        return Some(v);
    }
    let lines: Vec<&str> = text.lines().collect();
    for i in 0..lines.len() {
        if lines[i].trim_start().starts_with('{') {
            if let Ok(v) = Value::from_json_str(&lines[i..].join("\n")) {
                return Some(v);
            }
        }
    }
    None
}

/// The halite command line on the host, the call's words quoted.
/// `THIN/halite` with the host's minion config (written by halite itself, see
/// [`host_setup`]) and `-c THIN`, quiet, JSON out: the start of every halite command a
/// fleet run sends. A command sent alone starts with `exec` (the host's shell becomes
/// halite, no process forked); one of a batch does not.
fn halite_command(host: &Host) -> String {
    let thin = shell_quote(&host.thin);
    format!(
        "{thin}/halite --ssh-minion-config {} -c {thin} -l quiet --out json",
        shell_quote(&host.config)
    )
}

fn remote_halite(host: &Host, fun: &str, words: &[String], passthrough: bool) -> String {
    let mut cmd = halite_command(host);
    if passthrough {
        cmd.push_str(" --retcode-passthrough");
    }
    cmd.push(' ');
    cmd.push_str(&shell_quote(fun));
    for w in words {
        cmd.push(' ');
        cmd.push_str(&shell_quote(w));
    }
    cmd
}

/// A value as a salt-call word (`yamlify_arg` reads it back).
fn arg_word(v: &Value) -> String {
    match v {
        Value::Str(s) => s.to_string(),
        other => other.to_json_styled(halite_value::JsonStyle::Compact),
    }
}

/// One host's whole run: its return and retcode.
fn run_host(run: &Run, index: usize, t: &Target) -> (Value, u8) {
    let control = match &run.persist_dir {
        // Named by everything that makes the connection, so a changed roster entry never
        // reuses another's.
        Some(dir) => dir.join(
            &halite_catalog::sha256_hex(
                format!(
                    "{}\0{}\0{:?}\0{:?}\0{:?}\0{:?}\0{:?}\0{:?}",
                    t.id,
                    t.host,
                    t.port.or(run.ssh.port),
                    t.user,
                    run.ssh.user,
                    t.privkey.as_ref().or(run.ssh.privkey.as_ref()),
                    t.ssh_options,
                    run.ssh.known_hosts,
                )
                .as_bytes(),
            )[..20],
        ),
        None => run.control.path().join(index.to_string()),
    };
    let conn = match Connection::open(t, &run.ssh, &control) {
        Ok(c) => Arc::new(c),
        Err(out) => return ssh_failure(&out),
    };
    let user = if run.ssh.user_from_cli {
        run.ssh.user.clone()
    } else {
        t.user.clone().or_else(|| run.ssh.user.clone())
    };
    let thin = t
        .thin_dir
        .clone()
        .or_else(|| opts::get_str(&run.master, "thin_dir").map(String::from))
        .unwrap_or_else(|| halite_ssh::default_thin_dir(user.as_deref()));
    if run.raw {
        let mut line = vec![run.fun.clone()];
        line.extend(run.words.iter().cloned());
        let out = conn.run(&line.join(" "), None);
        if out.code == 255 && out.stdout.is_empty() {
            return ssh_failure(&out);
        }
        // salt-ssh parses a raw command's output as any other: a nonzero status is its
        // CommandExecutionError mapping; text that is no JSON return comes back as
        // stdout/stderr/retcode/parsed with the decode error dropped (retcode kept).
        let (ret, code) = parse_ret(&out);
        return match ret {
            Value::Map(mut m) if out.code == 0 => {
                m.remove("_error");
                m.insert("retcode", Value::Int(0));
                (Value::Map(m), 0)
            }
            other => (other, code),
        };
    }
    // The host's minion config: its id and nothing of the controller's roots (written by
    // every command's preamble: no pillar in it, only options).
    let mut mopts = Map::new();
    mopts.insert("id", Value::str(t.id.clone()));
    mopts.insert("file_client", Value::str("local"));
    let empty_roots = || {
        let mut m = Map::new();
        m.insert("base", Value::List(Default::default()));
        Value::Map(m)
    };
    mopts.insert("file_roots", empty_roots());
    mopts.insert("pillar_roots", empty_roots());
    mopts.insert("cachedir", Value::str(format!("{thin}/cache")));
    // The host keeps the grains its first contact gathered (Salt's grains cache) for as
    // long as the controller compiles with them, so an apply does not gather them again:
    // the network grains' resolver round trips were most of a no-change host's wait.
    mopts.insert("grains_cache", Value::Bool(true));
    if let Some(age) = run.grains_max_age {
        mopts.insert(
            "grains_cache_expiration",
            Value::Int(i64::try_from(age).unwrap_or(i64::MAX)),
        );
    }
    for (k, v) in t.minion_opts.iter() {
        mopts.insert(k.clone(), v.clone());
    }
    // The run's release, for the host's apply (`state.pkg`) and the functions it runs.
    mopts.insert(
        SALT_COMPAT_KEY,
        Value::str(SaltCompat::of(&run.master).name()),
    );
    let config = Value::Map(mopts).to_json_styled(halite_value::JsonStyle::Compact);
    let host = Host {
        conn: conn.clone(),
        id: t.id.clone(),
        current: Arc::new(AtomicBool::new(
            !run.regen_thin && Host::known_current(&run.cachedir, &t.id, &thin, &run.sum),
        )),
        thin: thin.clone(),
        config,
        binary: run.binary.clone(),
        sum: run.sum.clone(),
        cachedir: run.cachedir.clone(),
    };
    if !controller_side(&run.fun) {
        return match host.run(
            &format!("exec {}", remote_halite(&host, &run.fun, &run.words, true)),
            None,
        ) {
            Ok(out) => parse_ret(&out),
            Err(out) => failure(&out),
        };
    }
    let (args, kwargs) = crate::args::parse_call_args(&run.words);
    let opts = catalog::host_opts(&run.master, &t.id, &t.minion_opts);
    let grains = match host_facts(run, &host, t, &opts) {
        Ok(g) => g,
        Err(ret) => return ret,
    };
    if run.fun == "mine.update" {
        return (Value::Null, 0);
    }
    let mut all_grains = grains;
    for (k, v) in t.grains.iter() {
        all_grains.insert(k.clone(), v.clone());
    }
    if crate::ssh_pillar::WRAPPED.contains(&run.fun.as_str()) {
        // salt-ssh's pillar wrapper answers from the pillar compiled here.
        let minion = crate::minion::Minion::for_host(opts, all_grains, &run.conf_dir, Map::new());
        return crate::ssh_pillar::call(
            &run.fun,
            &args,
            &kwargs,
            &minion.pillar,
            SaltCompat::of(&minion.opts),
        );
    }
    let remote = remote_caller(host.clone());
    let compiled = catalog::compile(
        Some(remote),
        opts,
        catalog::template_opts(&run.master, &t.id, &t.minion_opts),
        all_grains,
        &t.grains,
        &run.conf_dir,
        &run.fun,
        args,
        kwargs.clone(),
    );
    let cat = match compiled {
        Ok(Compiled::Catalog(c)) => c,
        Ok(Compiled::Done(outcome)) => return (outcome.ret, outcome.retcode),
        Err(e) => {
            return (
                Value::str(format!("halite: compiling the catalog: {e:#}")),
                1,
            )
        }
    };
    let bytes = match cat.pack() {
        Ok(b) => b,
        Err(e) => return (Value::str(format!("halite: packing the catalog: {e}")), 1),
    };
    let sum = halite_catalog::sha256_hex(&bytes);
    let test = match kwargs.get("test") {
        Some(v) => v.truthy(),
        None => run.fun == "state.test" || opts::get_bool(&run.master, "test", false),
    };
    // The archive on the command's stdin: halite reads it into memory and writes the salt://
    // files to a 0700 `run.*` folder in the host's cache, removed after the run.
    let script = format!(
        "exec {} --retcode-passthrough state.pkg - pkg_sum={sum} hash_type=sha256 test={test}",
        halite_command(&host),
        test = if test { "True" } else { "False" }
    );
    match host.run(&script, Some(&bytes)) {
        Ok(out) => parse_ret(&out),
        Err(out) => failure(&out),
    }
}

/// A host with its connection open: commands run behind the deploy check, or ship the
/// binary with them while the controller has no record that the host has this build.
#[derive(Clone)]
struct Host {
    conn: Arc<Connection>,
    id: String,
    thin: String,
    /// The host's minion config (compact JSON), which every halite command writes.
    config: String,
    binary: Arc<halite_ssh::ThinBinary>,
    sum: Arc<str>,
    cachedir: PathBuf,
    /// Whether the host is known to have this build (`minions/ID/thin.json`).
    current: Arc<AtomicBool>,
}

impl Host {
    fn run(&self, script: &str, stdin: Option<&[u8]>) -> Result<Output, Output> {
        let thin = halite_ssh::Thin {
            dir: &self.thin,
            binary: &self.binary,
            sum: &self.sum,
        };
        let ship = !self.current.load(Ordering::SeqCst);
        let (out, _) = halite_ssh::run_deployed(&self.conn, &thin, script, stdin, ship)?;
        if ship && out.code != 255 && !self.current.swap(true, Ordering::SeqCst) {
            self.remember_deployed();
        }
        Ok(out)
    }

    /// Several commands in one round trip, each one's output apart; `Err` when the batch
    /// did not come back whole (an ssh failure, the host's shell gone).
    fn run_batch(&self, commands: &[String]) -> Result<Vec<Output>, Output> {
        let mark = format!("HALITE_BATCH_{}", &self.sum[..16]);
        let out = self.run(&halite_ssh::batch_script(commands, &mark), None)?;
        halite_ssh::split_batch(&out, &mark, commands.len()).ok_or(out)
    }

    /// Records on the controller that the host has this build in this thin_dir, so the
    /// next run's commands go guarded instead of shipping the binary.
    fn remember_deployed(&self) {
        let mut m = Map::new();
        m.insert("sha256", Value::str(&*self.sum));
        m.insert("thin_dir", Value::str(self.thin.clone()));
        if let Err(e) =
            halite_ssh::cache::write(&self.cachedir, &self.id, "thin", &Value::Map(m), 0.0)
        {
            tracing::warn!("could not record the deploy on {}: {e}", self.id);
        }
    }

    /// Whether the controller's record says the host has this build in this thin_dir.
    fn known_current(cachedir: &Path, id: &str, thin: &str, sum: &str) -> bool {
        match halite_ssh::cache::read(cachedir, id, "thin", None) {
            Some(v) => {
                v.get("sha256").and_then(Value::as_str) == Some(sum)
                    && v.get("thin_dir").and_then(Value::as_str) == Some(thin)
            }
            None => false,
        }
    }
}

/// What the compile needs from the host, in at most one round trip: its grains (the
/// controller's cache unless `--refresh` or too old, else gathered on the host and cached
/// with the time it took) and, for a state run or `mine.update`, the returns of its
/// `mine_functions` (cached as `minions/ID/mine.json`, where `mine.get` in controller-side
/// compiles finds them).
fn host_facts(run: &Run, host: &Host, t: &Target, opts: &Map) -> Result<Map, (Value, u8)> {
    let cached = if run.refresh {
        None
    } else {
        match halite_ssh::cache::read(&run.cachedir, &t.id, "grains", run.grains_max_age) {
            Some(Value::Map(g)) => Some(g),
            _ => None,
        }
    };
    let mine = if run.fun == "mine.update" || catalog::CATALOG_FUNCTIONS.contains(&run.fun.as_str())
    {
        mine_calls(opts)
    } else {
        Vec::new()
    };
    let mut commands = Vec::new();
    if cached.is_none() {
        // Gathered anew (and the host's grains cache rewritten with them).
        commands.push(remote_halite(
            host,
            "grains.items",
            &["--refresh-grains-cache".to_string()],
            false,
        ));
    }
    for (_, fun, words) in &mine {
        commands.push(remote_halite(host, fun, words, false));
    }
    let started = Instant::now();
    let mut outs = match commands.len() {
        0 => Vec::new(),
        1 => vec![host
            .run(&format!("exec {}", commands[0]), None)
            .map_err(|o| failure(&o))?],
        _ => host.run_batch(&commands).map_err(|o| failure(&o))?,
    }
    .into_iter();
    let secs = started.elapsed().as_secs_f64();
    let grains = match cached {
        Some(g) => g,
        None => {
            let out = outs.next().unwrap_or_default();
            match parse_ret(&out) {
                (Value::Map(g), 0) => {
                    if let Err(e) = halite_ssh::cache::write(
                        &run.cachedir,
                        &t.id,
                        "grains",
                        &Value::Map(g.clone()),
                        secs,
                    ) {
                        tracing::warn!("could not cache the grains of {}: {e}", t.id);
                    }
                    g
                }
                (other, code) => return Err((other, code.max(1))),
            }
        }
    };
    if opts
        .get("mine_functions")
        .is_some_and(|f| f.as_map().is_some())
    {
        let mut data = Map::new();
        for ((alias, fun, _), out) in mine.iter().zip(outs) {
            let (ret, code) = parse_ret(&out);
            if out.code == 255 && out.stdout.is_empty() {
                return Err((ret, code));
            }
            if code == 0 {
                data.insert(alias.as_str(), ret);
            } else {
                tracing::warn!("mine function {fun} failed on {}: {}", t.id, ret.py_str());
            }
        }
        if let Err(e) =
            halite_ssh::cache::write(&run.cachedir, &t.id, "mine", &Value::Map(data), secs)
        {
            tracing::warn!("could not cache the mine of {}: {e}", t.id);
        }
    }
    Ok(grains)
}

/// The host's `mine_functions` (master config or the roster's `minion_opts`) as
/// (alias, function, words). Salt's forms: `fun: [args]` and `alias: [{mine_function:
/// fun}, args...]`; a one-key mapping among the args is a keyword.
fn mine_calls(opts: &Map) -> Vec<(String, String, Vec<String>)> {
    let Some(Value::Map(funs)) = opts.get("mine_functions") else {
        return Vec::new();
    };
    let mut calls = Vec::new();
    for (alias, spec) in funs.iter() {
        let alias = alias.py_str();
        let mut fun = alias.clone();
        let mut words = Vec::new();
        let items: Vec<Value> = match spec {
            Value::List(l) => l.to_vec(),
            Value::Map(m) => m
                .iter()
                .map(|(k, v)| {
                    let mut one = Map::new();
                    one.insert(k.clone(), v.clone());
                    Value::Map(one)
                })
                .collect(),
            Value::Null => Vec::new(),
            other => vec![other.clone()],
        };
        for item in items {
            match item {
                Value::Map(m) if m.len() == 1 => {
                    for (k, v) in m.iter() {
                        if k.py_str() == "mine_function" {
                            fun = v.py_str();
                        } else {
                            words.push(format!("{}={}", k.py_str(), arg_word(v)));
                        }
                    }
                }
                other => words.push(arg_word(&other)),
            }
        }
        calls.push((alias, fun, words));
    }
    calls
}

/// Impure template calls during this host's compile: run on the host over its open
/// connection, each distinct call once (memoised for the run).
fn remote_caller(host: Host) -> halite_exec::remote::RemoteCall {
    let memo: Mutex<HashMap<String, Result<Value, ExecError>>> = Mutex::new(HashMap::new());
    Arc::new(move |name: &str, args: &Args| {
        let mut words: Vec<String> = args.args.iter().map(arg_word).collect();
        for (k, v) in args.kwargs.iter() {
            let key = k.py_str();
            if key.starts_with("__") {
                continue;
            }
            words.push(format!("{key}={}", arg_word(v)));
        }
        let key = format!("{name}\0{}", words.join("\0"));
        if let Some(hit) = memo.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return hit;
        }
        let out = match host.run(
            &format!("exec {}", remote_halite(&host, name, &words, false)),
            None,
        ) {
            Ok(out) | Err(out) => out,
        };
        let answer = match find_json(&out.stdout) {
            Some(Value::Map(m)) if m.len() == 1 && m.get("local").is_some() => {
                Ok(m.get("local").cloned().unwrap_or(Value::Null))
            }
            _ => Err(ExecError::Failed(format!(
                "'{name}' on the target failed (exit {}): {}",
                out.code,
                out.stderr.trim()
            ))),
        };
        if let Ok(mut m) = memo.lock() {
            m.insert(key, answer.clone());
        }
        answer
    })
}

/// `/tmp/halite-ssh-UID`, the kept connections' sockets: created 0700, and refused when
/// it is not a folder of ours that only we can enter.
fn persist_dir() -> Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    let uid = unsafe { libc::geteuid() };
    let dir = PathBuf::from(format!("/tmp/halite-ssh-{uid}"));
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(anyhow!("creating {}: {e}", dir.display())),
    }
    let meta = std::fs::symlink_metadata(&dir).with_context(|| format!("{}", dir.display()))?;
    if !meta.is_dir() || meta.uid() != uid || meta.permissions().mode() & 0o077 != 0 {
        return Err(anyhow!(
            "{}: not a folder of uid {uid} with mode 0700; remove it to keep connections (--control-persist)",
            dir.display()
        ));
    }
    Ok(dir)
}

/// Whether argv[0] names the `halite-ssh` entry point.
pub fn started_as_halite_ssh(argv0: &str) -> bool {
    Path::new(argv0)
        .file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with("halite-ssh"))
}

/// How old (seconds) a run folder in a host's thin_dir must be before a later command
/// removes it: a killed run's (its catalog holds the pillar).
const STALE_RUN_SECS: u64 = 24 * 3600;

/// The host side of every halite command a fleet run sends (`--ssh-minion-config`): the
/// controller's minion config for this host written as `THIN/minion` (0600, replaced whole,
/// so a concurrent command never reads half of it), and the run folders (`run.*`) of runs
/// killed more than a day ago removed from the thin_dir and its cache.
pub fn host_setup(config_dir: &Path, config: &str) -> Result<()> {
    use std::os::unix::fs::OpenOptionsExt;
    let opts = match Value::from_json_str(config) {
        Ok(Value::Map(m)) => m,
        Ok(other) => {
            return Err(anyhow!(
                "--ssh-minion-config: a JSON mapping, not a {}",
                other.type_name()
            ))
        }
        Err(e) => return Err(anyhow!("--ssh-minion-config: {e}")),
    };
    std::fs::create_dir_all(config_dir)
        .with_context(|| format!("creating {}", config_dir.display()))?;
    let tmp = config_dir.join(format!(".minion.{}", std::process::id()));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&tmp)
        .and_then(|mut f| f.write_all(format!("{config}\n").as_bytes()))
        .and_then(|()| std::fs::rename(&tmp, config_dir.join("minion")));
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(anyhow!("writing {}/minion: {e}", config_dir.display()));
    }
    let mut dirs = vec![config_dir.to_path_buf()];
    if let Some(cache) = opts::get_str(&opts, "cachedir") {
        dirs.push(PathBuf::from(cache));
    }
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let stale = e.file_name().to_string_lossy().starts_with("run.")
                && e.file_type().is_ok_and(|t| t.is_dir())
                && e.metadata()
                    .and_then(|m| m.modified())
                    .ok()
                    .and_then(|t| t.elapsed().ok())
                    .is_some_and(|age| age.as_secs() > STALE_RUN_SECS);
            if stale {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    Ok(())
}

/// The build to deploy and its sha256. The sum is kept in `CACHEDIR/thin.json` with the
/// file's identity (device, inode, size, modification and change times, to the
/// nanosecond: any write to the file changes its ctime), so a run whose hosts all have
/// the build neither reads nor hashes the ~15 MB binary; `regen` (`--regen-thin`) hashes
/// it anew whatever the record says.
fn thin_build(
    path: &Path,
    cachedir: &Path,
    regen: bool,
) -> Result<(halite_ssh::ThinBinary, String)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).with_context(|| format!("reading {}", path.display()))?;
    let mut id = Map::new();
    id.insert("path", Value::str(path.display().to_string()));
    id.insert("dev", Value::Int(meta.dev() as i64));
    id.insert("ino", Value::Int(meta.ino() as i64));
    id.insert("size", Value::Int(meta.size() as i64));
    id.insert(
        "mtime",
        Value::str(format!("{}.{:09}", meta.mtime(), meta.mtime_nsec())),
    );
    id.insert(
        "ctime",
        Value::str(format!("{}.{:09}", meta.ctime(), meta.ctime_nsec())),
    );
    let record = cachedir.join("thin.json");
    let kept = match regen {
        true => None,
        false => std::fs::read_to_string(&record)
            .ok()
            .and_then(|t| Value::from_json_str(&t).ok()),
    };
    if let Some(Value::Map(m)) = kept {
        let same = id
            .iter()
            .all(|(k, v)| m.get(k.py_str().as_str()) == Some(v));
        if let (true, Some(Value::Str(sum))) = (same, m.get("sha256")) {
            return Ok((
                halite_ssh::ThinBinary::new(path.to_path_buf()),
                sum.to_string(),
            ));
        }
    }
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let sum = halite_catalog::sha256_hex(&bytes);
    id.insert("sha256", Value::str(sum.clone()));
    let text = Value::Map(id).to_json_styled(halite_value::JsonStyle::Compact);
    let tmp = cachedir.join(format!(".thin.json.{}", std::process::id()));
    let kept = std::fs::create_dir_all(cachedir)
        .and_then(|()| std::fs::write(&tmp, text))
        .and_then(|()| std::fs::rename(&tmp, &record));
    if let Err(e) = kept {
        let _ = std::fs::remove_file(&tmp);
        tracing::debug!(
            "could not keep the build's sum in {}: {e}",
            record.display()
        );
    }
    Ok((halite_ssh::ThinBinary::read(path.to_path_buf(), bytes), sum))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_after_the_target_are_options() {
        let v = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(
            hoist(v("halite-ssh web* state.apply test=True --out json -i")),
            v("halite-ssh --out json -i -- web* state.apply test=True")
        );
    }

    /// salt-ssh's `-t` is `--regen-thin` (also spelt `--thin`), a flag; the connect
    /// timeout is a long option only.
    #[test]
    fn dash_t_is_salt_ssh_regen_thin_not_the_timeout() {
        use clap::Parser as _;
        let v = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        for line in [
            "halite-ssh -t h1 test.ping",
            "halite-ssh h1 test.ping -t",
            "halite-ssh --regen-thin h1 test.ping",
            "halite-ssh --thin h1 test.ping",
        ] {
            let cli = SshCli::try_parse_from(hoist(v(line))).expect(line);
            assert!(cli.regen_thin, "{line}");
            assert_eq!(cli.timeout, None, "{line}");
            assert_eq!(cli.words, v("h1 test.ping"), "{line}");
        }
        let cli = SshCli::try_parse_from(hoist(v("halite-ssh --timeout 7 h1 test.ping")))
            .expect("--timeout");
        assert_eq!((cli.timeout, cli.regen_thin), (Some(7), false));
        let cli = SshCli::try_parse_from(hoist(v("halite-ssh --halite-thin /b h1 test.ping")))
            .expect("--halite-thin");
        assert_eq!(cli.halite_thin, Some(PathBuf::from("/b")));
    }

    #[test]
    fn parse_ret_as_salt_ssh() {
        let out = Output {
            stdout: "{\"local\": true}".into(),
            stderr: String::new(),
            code: 0,
        };
        assert_eq!(parse_ret(&out), (Value::Bool(true), 0));
        let out = Output {
            stdout: String::new(),
            stderr: "ssh: connect to host 127.0.0.1 port 1: Connection refused\r\n".into(),
            code: 255,
        };
        let (ret, code) = parse_ret(&out);
        assert_eq!(code, 255);
        assert_eq!(
            ret.get("stderr"),
            Some(&Value::str(
                "ssh: connect to host 127.0.0.1 port 1: Connection refused"
            ))
        );
        assert_eq!(ret.get("retcode"), Some(&Value::Int(255)));
        assert_eq!(ret.get("_error"), Some(&Value::str(NON_ZERO)));
    }

    /// The -i hint is for a key known_hosts does not hold yet, never for a changed one.
    #[test]
    fn only_a_new_host_key_gets_the_dash_i_hint() {
        let new = Output {
            stderr: "No ED25519 host key is known for [localhost]:2222 and you have requested strict checking.\r\nHost key verification failed.\r\n".into(),
            code: 255,
            ..Default::default()
        };
        let (ret, code) = ssh_failure(&new);
        assert_eq!(code, 254);
        let hint = ret
            .get("stdout")
            .and_then(Value::as_str)
            .unwrap_or_default();
        assert!(hint.contains("with the -i flag"), "{hint}");
        let changed = Output {
            stderr: "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\r\n@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @\r\nHost key for [localhost]:2222 has changed and you have requested strict checking.\r\nHost key verification failed.\r\n".into(),
            code: 255,
            ..Default::default()
        };
        let (ret, code) = ssh_failure(&changed);
        assert_eq!(code, 255);
        assert!(!ret.py_str().contains("-i flag"), "{}", ret.py_str());
        assert_eq!(ret.get("_error"), Some(&Value::str(NON_ZERO)));
    }

    #[test]
    fn the_builds_sum_is_kept_until_the_file_changes() {
        let dir = tempfile::tempdir().expect("tempdir");
        let bin = dir.path().join("halite");
        let cache = dir.path().join("cache");
        std::fs::write(&bin, "build one").expect("write");
        let (b, sum) = thin_build(&bin, &cache, false).expect("first");
        assert_eq!(sum, halite_catalog::sha256_hex(b"build one"));
        assert_eq!(b.bytes().expect("bytes"), b"build one");
        // Kept: the same sum, the bytes read only when asked for.
        let (b, again) = thin_build(&bin, &cache, false).expect("again");
        assert_eq!(again, sum);
        assert_eq!(b.bytes().expect("bytes"), b"build one");
        // The same size, rewritten: a new sum.
        std::thread::sleep(std::time::Duration::from_millis(10));
        std::fs::write(&bin, "build two").expect("rewrite");
        let (_, new) = thin_build(&bin, &cache, false).expect("new");
        assert_eq!(new, halite_catalog::sha256_hex(b"build two"));
        // A record naming another sum for this very file is not trusted blindly: its
        // identity fields must all match.
        let record = cache.join("thin.json");
        let text = std::fs::read_to_string(&record).expect("record");
        std::fs::write(
            &record,
            text.replace("\"ino\":", "\"ino\":1").replace(&new, &sum),
        )
        .expect("tamper");
        let (_, checked) = thin_build(&bin, &cache, false).expect("checked");
        assert_eq!(checked, new);
    }
}
