//! `halite`: salt-call compatible command line over halite's render -> compile -> runtime
//! pipeline. This is the only crate that knows about argv, terminals and exit codes.

#[cfg(not(target_env = "musl"))]
mod alloc;
mod apply;
mod args;
mod catalog;
mod config;
mod dashboard;
mod diagnostics;
mod functions;
mod graph;
mod help;
mod jobs;
mod minion;
mod progress;
mod reclass;
mod ssh;
mod ssh_pillar;

use anyhow::Result;
use clap::Parser;
use halite_output::{OutputOptions, Outputter};
use halite_value::{Map, Value};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

// The static musl build (scripts/build-static.sh, for `halite ssh` targets) keeps musl's own
// allocator: mimalloc is C, and building it for musl needs a musl C toolchain.
#[cfg(not(target_env = "musl"))]
#[global_allocator]
static GLOBAL: alloc::Mimalloc = alloc::Mimalloc;

/// A fast, drop-in replacement for Salt's state system (`salt-call --local`).
#[derive(Parser, Debug)]
#[command(
    name = "halite",
    version,
    about,
    trailing_var_arg = true,
    after_help = help::COMMANDS
)]
pub struct Cli {
    /// The folder holding the `minion` config file (Salt's -c).
    #[arg(short = 'c', long = "config-dir", default_value = "/etc/salt")]
    pub config_dir: std::path::PathBuf,
    /// Run masterless (always the case for halite; accepted for salt-call compatibility).
    #[arg(long)]
    pub local: bool,
    /// Outputter: json, yaml, nested, highstate, txt, raw, pprint, table, quiet (and Salt
    /// 3007.8's newline_values_only and profile); the last one given wins, as in salt-call.
    #[arg(long = "out", alias = "output", overrides_with = "out")]
    pub out: Option<String>,
    /// Indent the json, yaml and pprint outputs by this many spaces (negative: none);
    /// overrides the config's `output_indent`.
    #[arg(
        long = "out-indent",
        alias = "output-indent",
        allow_negative_numbers = true
    )]
    pub out_indent: Option<i64>,
    /// Write the output to this file instead of standard output.
    #[arg(long = "out-file", alias = "output-file")]
    pub out_file: Option<std::path::PathBuf>,
    /// Log level on standard error: quiet, error, warning, info, debug, trace.
    #[arg(short = 'l', long = "log-level", default_value = "warning")]
    pub log_level: String,
    /// Exit with the state run's return code.
    #[arg(long = "retcode-passthrough")]
    pub retcode_passthrough: bool,
    /// Also send the return to these returners (comma-separated; `sqlite3`: the job
    /// store's database, halite_jobs), as salt-call's `--return`.
    #[arg(long = "return")]
    pub returners: Vec<String>,
    /// How the highstate outputter shows each state: full, terse, mixed, changes.
    #[arg(long = "state-output", alias = "state_output")]
    pub state_output: Option<String>,
    /// Show states without changes too (`False` hides them).
    #[arg(long = "state-verbose", alias = "state_verbose")]
    pub state_verbose: Option<String>,
    /// Never colour the output.
    #[arg(long = "no-color", alias = "no-colour")]
    pub no_color: bool,
    /// Colour the output even when it is not a terminal.
    #[arg(long = "force-color", alias = "force-colour")]
    pub force_color: bool,
    /// The minion id (overrides the config).
    #[arg(long = "id")]
    pub id: Option<String>,
    /// The Salt release to behave as: 3008 (Salt 3008.4 LTS, the default) or 3007 (Salt
    /// 3007.8); overrides `salt_compat` in the config.
    #[arg(long = "salt-compat", alias = "salt_compat", value_parser = parse_salt_compat)]
    pub salt_compat: Option<halite_value::SaltCompat>,
    /// Gather the grains again even when `grains_cache` has fresh ones (and write them to
    /// the cache).
    #[arg(long = "refresh-grains-cache")]
    pub refresh_grains_cache: bool,
    /// Print the documentation of the functions whose names start with the one given (all
    /// of them without one), as salt-call's `-d`.
    #[arg(short = 'd', long = "doc")]
    pub doc: bool,
    /// `halite ssh`'s host side: write this minion config (JSON) as `CONFIG_DIR/minion`
    /// (0600) and remove run folders a killed run left, before the call.
    #[arg(long = "ssh-minion-config", hide = true)]
    pub ssh_minion_config: Option<String>,
    /// The function to run (`state.show_lowstate`, `grains.items`, ...) and its arguments
    /// (`KEY=VALUE` for keyword arguments, values read as YAML as Salt does).
    #[arg(required_unless_present = "doc", allow_hyphen_values = true)]
    pub call: Vec<String>,
}

pub(crate) fn parse_salt_compat(text: &str) -> Result<halite_value::SaltCompat, String> {
    halite_value::SaltCompat::parse(&Value::str(text))
        .ok_or_else(|| "the Salt release halite behaves as: 3007 or 3008".to_string())
}

pub(crate) fn init_logging(level: &str) {
    use tracing_subscriber::filter::LevelFilter;
    // One level for every target, as salt-call's `-l`: a plain level filter, which (unlike
    // an `EnvFilter`, with its directive parser) costs nothing to set up.
    let filter = match level {
        "quiet" => LevelFilter::OFF,
        "critical" | "error" => LevelFilter::ERROR,
        "warning" | "warn" => LevelFilter::WARN,
        "info" | "profile" => LevelFilter::INFO,
        "debug" => LevelFilter::DEBUG,
        "trace" | "garbage" | "all" => LevelFilter::TRACE,
        _ => LevelFilter::WARN,
    };
    // Colour only on a terminal: a pipe or a log file gets plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let _ = tracing_subscriber::fmt()
        .with_max_level(filter)
        .with_ansi(ansi)
        .with_writer(std::io::stderr)
        .without_time()
        .try_init();
}

/// salt-call's options that take a value (`--out json` or `--out=json`).
const VALUE_OPTIONS: &[&str] = &[
    "-c",
    "--config-dir",
    "--out",
    "--output",
    "--out-file",
    "--output-file",
    "--out-indent",
    "--output-indent",
    "-l",
    "--log-level",
    "--state-output",
    "--state_output",
    "--state-verbose",
    "--state_verbose",
    "--id",
    "--salt-compat",
    "--salt_compat",
    "--ssh-minion-config",
    "--return",
];
/// salt-call's flags.
const FLAG_OPTIONS: &[&str] = &[
    "--local",
    "--retcode-passthrough",
    "--no-color",
    "--no-colour",
    "--force-color",
    "--force-colour",
    "--refresh-grains-cache",
    "-d",
    "--doc",
];
/// Subcommands with their own options, left untouched after their name.
const SUBCOMMANDS: &[&str] = &["reclass", "validate"];

/// salt-call (optparse) takes its options anywhere on the line, also after the function:
/// move them in front of it so clap sees them as options.
fn hoist_options(argv: Vec<String>) -> Vec<String> {
    let mut front = Vec::new();
    let mut rest = Vec::new();
    let mut iter = argv.into_iter();
    if let Some(prog) = iter.next() {
        front.push(prog);
    }
    let mut seen_function = false;
    while let Some(arg) = iter.next() {
        if seen_function
            && rest
                .first()
                .is_some_and(|f: &String| SUBCOMMANDS.contains(&f.as_str()))
        {
            rest.push(arg);
            continue;
        }
        let name = arg.split('=').next().unwrap_or("");
        if VALUE_OPTIONS.contains(&name) {
            let has_inline = arg.contains('=');
            front.push(arg);
            if !has_inline {
                if let Some(v) = iter.next() {
                    front.push(v);
                }
            }
        } else if FLAG_OPTIONS.contains(&arg.as_str()) || (!seen_function && arg.starts_with('-')) {
            front.push(arg);
        } else {
            seen_function = true;
            rest.push(arg);
        }
    }
    front.extend(rest);
    front
}

fn main() -> ExitCode {
    halite_value::phase("process start");
    let argv: Vec<String> = std::env::args().collect();
    if let Some(code) = run_fleet_commands(&argv) {
        return code;
    }
    let cli = Cli::parse_from(hoist_options(argv));
    reexec_for_salts_lock_check(&cli);
    init_logging(&cli.log_level);
    halite_value::phase("arguments");
    match run(&cli) {
        Ok(code) => exit_now(code),
        Err(e) => match e.downcast_ref::<functions::CallerExit>() {
            Some(exit) => {
                eprintln!("{exit}");
                // A mistyped function: Salt's message and status, and on a terminal the
                // function it probably meant.
                if exit.status == 255 && std::io::stderr().is_terminal() {
                    if let Some(near) = cli.call.first().and_then(|f| help::suggestion(f)) {
                        eprintln!("hint: did you mean `{near}`? (`halite -d {near}` documents it)");
                    }
                }
                ExitCode::from(exit.status)
            }
            None => {
                eprintln!("Error: {e:#}");
                ExitCode::from(1)
            }
        },
    }
}

/// salt-call's `--return sqlite3` / `--return pgjsonb` (or the minion config's
/// `returner`): the call's return into the job store (halite_jobs): Salt's `salt_returns`
/// row in that returner's database, and halite's run and state rows in the minion's
/// `sqlite3.database`. Nothing is kept otherwise (salt-call keeps no job cache of its own).
fn keep_local_run(
    cli: &Cli,
    minion: &minion::Minion,
    fun: &str,
    words: &[String],
    outcome: &functions::Outcome,
) {
    let cachedir = std::path::PathBuf::from(
        halite_render::opts::get_str(&minion.opts, "cachedir").unwrap_or("/var/cache/salt/minion"),
    );
    let mut cfg = halite_jobs::StoreConfig::from_opts(&minion.opts, &cachedir, &cli.returners);
    if !cfg
        .returners
        .iter()
        .any(|r| r == "sqlite3" || r == "pgjsonb")
    {
        return;
    }
    // a minion has no master job cache: only the returner's database
    cfg.master_job_cache = String::new();
    let id = halite_render::opts::get_str(&minion.opts, "id")
        .unwrap_or("local")
        .to_string();
    let mut store = halite_jobs::JobStore::open(cfg);
    let fun_args: Vec<Value> = words.iter().map(|w| Value::str(w.as_str())).collect();
    let mut load = Map::new();
    load.insert("tgt_type", Value::str("glob"));
    load.insert("tgt", Value::str(id.as_str()));
    load.insert(
        "user",
        minion
            .opts
            .get("user")
            .cloned()
            .unwrap_or(Value::str("root")),
    );
    load.insert("fun", Value::str(fun));
    load.insert("arg", Value::List(fun_args.iter().cloned().collect()));
    let Ok(jid) = store.start(load, std::slice::from_ref(&id)) else {
        return;
    };
    let kept = match fun.starts_with("pillar.") {
        true => halite_exec::redact_pillar(&outcome.ret),
        false => outcome.ret.clone(),
    };
    let state_fun = fun.starts_with("state.") && !fun.starts_with("state.show_");
    let r = store.host_return(
        &jid,
        &halite_jobs::HostReturn {
            id: &id,
            fun,
            fun_args: &fun_args,
            ret: &kept,
            retcode: i64::from(outcome.retcode),
            state_fun,
            grains: Some(&minion.grains),
            salt_call: true,
        },
    );
    store.finish(&jid);
    if let Err(e) = r {
        eprintln!("[WARNING ] Could not keep the return in the job store: {e}");
    }
    if let Some(e) = &store.db_error {
        eprintln!("[WARNING ] The job database is not writable ({e}): the return is spooled for the next run");
    }
}

/// `halite ssh ...` (also started as `halite-ssh`) and `halite catalog ...`: their own
/// command lines. `None` for anything else.
fn run_fleet_commands(argv: &[String]) -> Option<ExitCode> {
    let argv0 = argv.first().cloned().unwrap_or_default();
    let result = if ssh::started_as_halite_ssh(&argv0) {
        ssh::main(argv.to_vec())
    } else {
        match argv.get(1).map(String::as_str) {
            Some("ssh") => ssh::main(
                std::iter::once("halite ssh".to_string())
                    .chain(argv[2..].iter().cloned())
                    .collect(),
            ),
            Some("catalog") => run_catalog(&argv[2..]),
            Some("dashboard") => dashboard::main(
                std::iter::once("halite dashboard".to_string())
                    .chain(argv[2..].iter().cloned())
                    .collect(),
            ),
            Some("jobs") => jobs::main(
                std::iter::once("halite jobs".to_string())
                    .chain(argv[2..].iter().cloned())
                    .collect(),
            ),
            _ => return None,
        }
    };
    Some(match result {
        Ok(code) => {
            let _ = std::io::stdout().flush();
            ExitCode::from(code)
        }
        Err(e) => {
            eprintln!("Error: {e:#}");
            ExitCode::from(1)
        }
    })
}

/// `halite catalog compile|apply|diff`.
fn run_catalog(rest: &[String]) -> Result<u8> {
    let argv = std::iter::once("halite catalog".to_string()).chain(rest.iter().cloned());
    let cli = match catalog::CatalogCli::try_parse_from(argv) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match cli.cmd {
        catalog::CatalogCmd::Compile {
            config_dir,
            id,
            all: _,
            jobs,
            grains,
            out,
            salt_compat,
            call,
        } => catalog::run_compile(&catalog::CompileRequest {
            config_dir: &config_dir,
            id: id.as_deref(),
            jobs,
            grains: grains.as_deref(),
            out: out.as_deref(),
            salt_compat,
            call: &call,
        }),
        catalog::CatalogCmd::Diff { old, new } => catalog::run_diff(&old, &new),
        catalog::CatalogCmd::Apply { file, rest } => {
            // `state.pkg FILE SUM sha256` with the archive's own sum, through the usual
            // salt-call path (config, grains, outputters, exit status).
            let data = halite_value::limits::read_bounded(
                &file,
                halite_value::limits::max_catalog_bytes(),
                halite_value::limits::CATALOG_ENV,
            )
            .map_err(|e| anyhow::anyhow!("reading {}: {e}", file.display()))?;
            let sum = halite_catalog::sha256_hex(&data);
            let mut argv = vec![
                "halite".to_string(),
                "state.pkg".to_string(),
                file.display().to_string(),
                format!("pkg_sum={sum}"),
                "hash_type=sha256".to_string(),
            ];
            // salt-call options (`-c DIR`, `--out json`) may come anywhere: hoist_options
            // moves them in front.
            argv.extend(rest);
            let mut cli = Cli::parse_from(hoist_options(argv));
            // The catalog runs as the Salt release it was compiled for (over the minion
            // config's `salt_compat`); a `--salt-compat` naming another is refused.
            let compiled_for = halite_catalog::Catalog::unpack_without_files(&data)
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?
                .salt_compat()
                .map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            match (compiled_for, cli.salt_compat) {
                (Some(c), Some(asked)) if c != asked => {
                    return Err(anyhow::anyhow!(
                        "{} was compiled for Salt {} (salt_compat: \"{}\"); --salt-compat {} would apply it as another release: compile it again with that salt_compat",
                        file.display(),
                        c.version(),
                        c.name(),
                        asked.name()
                    ))
                }
                (Some(c), _) => cli.salt_compat = Some(c),
                (None, _) => {}
            }
            init_logging(&cli.log_level);
            run(&cli)
        }
    }
}

/// The state calls that hold the state-run lock (`apply::call`).
const LOCKING_CALLS: &[&str] = &[
    "state.apply",
    "state.highstate",
    "state.sls",
    "state.test",
    "state.sls_id",
    "state.single",
    "state.low",
    "state.template_str",
    "state.template",
];

/// Salt counts a running job's proc file only while the job's pid has `salt` in its command
/// line (salt.utils.minion._check_cmdline, against recycled pids), and removes the file
/// otherwise. So that a Salt run sees halite's state-run lock, a state call whose command
/// line lacks `salt` (no `-c /etc/salt`, say) runs itself again at once with argv[0]
/// "<argv[0]> (salt-call)"; if that exec fails, the call goes on as it is.
fn reexec_for_salts_lock_check(cli: &Cli) {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::process::CommandExt;
    if !cli
        .call
        .first()
        .is_some_and(|f| LOCKING_CALLS.contains(&f.as_str()))
    {
        return;
    }
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if argv
        .iter()
        .any(|a| a.as_bytes().windows(4).any(|w| w == b"salt"))
    {
        return;
    }
    let argv0 = argv
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_else(|| "halite".into());
    let err = std::process::Command::new("/proc/self/exe")
        .arg0(format!("{argv0} (salt-call)"))
        .args(argv.iter().skip(1))
        .exec();
    tracing::debug!("could not re-execute for Salt's proc file check: {err}");
}

/// Ends the process once the output is out, skipping the C-level exit handlers: the only
/// one that does work is mimalloc's, which hands every freed page back to the kernel
/// (hundreds of `madvise` calls, each a TLB shootdown across the cores the threads ran on),
/// about half a millisecond of a 25 ms `show_lowstate` for memory the exit frees anyway.
/// Everything `run` owned is dropped by now; Rust's own stdout buffer is flushed here.
fn exit_now(code: u8) -> ExitCode {
    let flushed = std::io::stdout()
        .flush()
        .and_then(|()| std::io::stderr().flush());
    if flushed.is_err() || cfg!(halite_pgo_gen) {
        // Let the normal exit path deal with (and not hide) a stream that cannot be flushed.
        // A build instrumented for profile-guided optimisation (scripts/pgo-build.sh) writes
        // its profile from an exit handler: it takes the normal path too.
        return ExitCode::from(code);
    }
    // SAFETY: `_exit` only ends the process; no Rust state is observed afterwards.
    unsafe { libc::_exit(i32::from(code)) }
}

fn run(cli: &Cli) -> Result<u8> {
    let compat = cli.salt_compat.unwrap_or_default();
    if cli.doc {
        return Ok(help::print_docs(
            compat,
            cli.call.first().map(String::as_str).unwrap_or(""),
        ));
    }
    let (fun, rest) = cli
        .call
        .split_first()
        .ok_or_else(|| anyhow::anyhow!("no function given"))?;
    if fun == "help" {
        return Ok(help::command(rest.first().map(String::as_str), compat));
    }
    if fun == "reclass" {
        return run_reclass(rest);
    }
    if fun == "validate" {
        return run_validate(rest);
    }
    // `halite FUNCTION --help` (and `halite graph --help`): what `halite help FUNCTION`
    // shows, never a call.
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        return Ok(help::command(Some(fun), compat));
    }
    if let Some(config) = &cli.ssh_minion_config {
        ssh::host_setup(&cli.config_dir, config)?;
    }
    if let Some(warning) = config::missing_config_dir_warning(&cli.config_dir) {
        eprint!("{warning}");
    }
    let mut rest = rest.to_vec();
    // beyond salt-call: `state.apply ... --graph FILE.svg` draws the run's requisite graph
    let graph_file = if fun.starts_with("state.") {
        graph::take_graph_flag(&mut rest)
    } else {
        None
    };
    if fun == "graph" {
        let (_, kwargs) = args::parse_call_args(&rest);
        let minion = minion::Minion::load(cli, &kwargs, None)?;
        return graph::command(&minion, &rest);
    }
    let (args, kwargs) = args::parse_call_args(&rest);
    let renders = functions::renders(fun, &args, &kwargs);
    let mut minion = minion::Minion::load(cli, &kwargs, renders)?;
    let mut outcome = if fun.starts_with("state.") {
        progress::with_spinner(&format!("running {fun}"), || {
            functions::call(&mut minion, fun, args, kwargs)
        })?
    } else {
        functions::call(&mut minion, fun, args, kwargs)?
    };
    // salt-call exits 1 for a failed state unless --retcode-passthrough asks for Salt's own
    // code (2, EX_STATE_FAILURE); likewise 1 for an execution function's nonzero
    // `__context__['retcode']` (a failed command's own code with --retcode-passthrough).
    let exit = if cli.retcode_passthrough {
        outcome.retcode
    } else if outcome.retcode == apply::EX_STATE_FAILURE
        || outcome.retcode == functions::EX_PILLAR_FAILURE
        || (!fun.starts_with("state.") && outcome.retcode != 0)
    {
        1
    } else {
        outcome.retcode
    };
    keep_local_run(cli, &minion, fun, &rest, &outcome);
    if let Some(path) = &graph_file {
        if let Err(e) = graph::write_run_graph(&minion, path, &outcome.ret) {
            eprintln!("{e:#}");
        }
    }
    // The default highstate output on a terminal, for a list of errors (render, compile):
    // each error with a diagnostic is shown as the diagnostic, Salt's text kept as its last
    // line. Anywhere else (`--out`, a pipe) standard output is Salt's text.
    let inline = cli.out.is_none()
        && outcome.default_outputter == Outputter::Highstate
        && outcome.raw.is_none()
        && matches!(outcome.ret, Value::List(_))
        && std::io::stdout().is_terminal();
    if outcome.retcode != 0 || !halite_value::diag::warnings().is_empty() {
        // Where each error is in the files the user wrote, on standard error (standard
        // output stays Salt's).
        let color = !cli.no_color && (cli.force_color || std::io::stderr().is_terminal());
        let roots = halite_render::opts::roots(&minion.opts, "file_roots");
        if inline {
            diagnostics::report(&Value::Null, &roots, color);
            diagnostics::inline(&mut outcome.ret, &roots);
        } else {
            diagnostics::report(&outcome.ret, &roots, color);
        }
    }
    if let Some(raw) = &outcome.raw {
        print!("{raw}");
        return Ok(exit);
    }
    // salt-call falls back to nested for an outputter it does not have (Salt 3008 removed
    // dson, newline_values_only, no_out_quiet, overstatestage, pony, profile, virt_query;
    // halite has Salt 3007.8's newline_values_only and none of the others: docs/compat.md).
    let salt3008 = halite_value::SaltCompat::of(&minion.opts).is_3008();
    let outputter = match cli.out.as_deref() {
        None => outcome.default_outputter,
        Some(o) => Outputter::parse(o)
            .filter(|o| {
                !(salt3008 && matches!(o, Outputter::NewlineValuesOnly | Outputter::Profile))
            })
            .unwrap_or_else(|| {
                eprintln!("[ERROR   ] Invalid outputter {o} specified, fall back to nested");
                Outputter::Nested
            }),
    };
    let mut wrapped = Map::new();
    wrapped.insert("local", outcome.ret);
    let color = !cli.no_color && (cli.force_color || std::io::stdout().is_terminal());
    let data = Value::Map(wrapped);
    let indent = cli
        .out_indent
        .map(halite_output::OutputIndent::Spaces)
        .or_else(|| halite_output::OutputIndent::from_opts(&minion.opts));
    if outputter == Outputter::Json && indent.is_none() {
        write_output_with(cli, |out| {
            data.write_json_to(out)?;
            writeln!(out)
        })?;
        std::mem::forget(data); // as below
        halite_value::phase("output");
        return Ok(exit);
    }
    let text = match outputter {
        Outputter::Highstate => {
            halite_output::highstate::highstate(&data, &highstate_options(cli, &minion.opts, color))
        }
        other => {
            let opts = OutputOptions {
                color,
                retcode: outcome.retcode as i32,
                indent,
                table: halite_output::TableOptions::from_opts(&minion.opts),
            };
            match halite_output::try_render(other, &data, &opts) {
                Ok(text) => text,
                Err(exception) => {
                    // salt-call's fallback asks for the same outputter and raises again:
                    // its global exception handler prints the error, nothing is output.
                    eprintln!(
                        "[ERROR   ] An un-handled exception was caught by Salt's global \
                         exception handler:\n{exception}"
                    );
                    std::mem::forget(data);
                    return Ok(1);
                }
            }
        }
    };
    write_output(cli, &text)?;
    // The process ends right after this: freeing the returned data (thousands of maps for a
    // big lowstate) would only cost time. A `Value` is plain data, with no destructor that
    // touches the outside world (the state-run lock file lives elsewhere and is dropped by
    // then), so leaking it is not observable.
    std::mem::forget(data);
    Ok(exit)
}

/// `halite reclass ...`: the reclass command line (see halite_reclass::cli).
fn run_reclass(rest: &[String]) -> Result<u8> {
    use clap::Parser as _;
    let argv = std::iter::once("halite reclass".to_string()).chain(rest.iter().cloned());
    let args = match halite_reclass::cli::ReclassArgs::try_parse_from(argv) {
        Ok(a) => a,
        Err(e) => {
            let _ = e.print();
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    // Renders everything before writing, so an error leaves stdout empty; `-i` streams.
    match halite_reclass::cli::run_to(&args, &mut std::io::stdout().lock()) {
        Ok(()) => Ok(0),
        Err(e) => {
            eprintln!("{e}");
            Ok(1)
        }
    }
}

/// `halite validate`: find and document the parameters an SLS tree uses, as `idem validate`.
#[derive(Parser, Debug)]
#[command(name = "halite validate")]
struct ValidateCli {
    #[command(flatten)]
    args: halite_validate::cli::ValidateArgs,
}

/// `halite validate FILE.sls ...`: Idem-style parameter discovery (see halite_validate).
fn run_validate(rest: &[String]) -> Result<u8> {
    let argv = std::iter::once("halite validate".to_string()).chain(rest.iter().cloned());
    let args = match ValidateCli::try_parse_from(argv) {
        Ok(a) => a.args,
        Err(e) => {
            let _ = e.print();
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match halite_validate::cli::run(&args) {
        Ok((out, code)) => {
            println!("{out}");
            Ok(u8::try_from(code).unwrap_or(u8::MAX))
        }
        Err(e) => {
            eprintln!("{e}");
            Ok(halite_validate::EXIT_EXCEPTION as u8)
        }
    }
}

/// The highstate outputter's options: the command line over the minion config.
fn highstate_options(
    cli: &Cli,
    opts: &Map,
    color: bool,
) -> halite_output::highstate::HighstateOptions {
    let state_output = cli
        .state_output
        .clone()
        .or_else(|| halite_render::opts::get_str(opts, "state_output").map(String::from))
        .unwrap_or_else(|| "full".into());
    let state_verbose = match &cli.state_verbose {
        Some(v) => halite_yaml::yamlify_arg(v).truthy(),
        None => halite_render::opts::get_bool(opts, "state_verbose", true),
    };
    halite_output::highstate::HighstateOptions {
        color,
        state_output,
        state_verbose,
        ..Default::default()
    }
}

fn write_output(cli: &Cli, text: &str) -> Result<()> {
    if text.is_empty() {
        return Ok(());
    }
    write_output_with(cli, |out| writeln!(out, "{text}"))
}

/// Runs `write` on `--out-file` (appended to, as salt-call does) or on stdout.
fn write_output_with(
    cli: &Cli,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    match &cli.out_file {
        Some(path) => {
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)?;
            write(&mut f)?;
        }
        None => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (`| head`) is not an error worth reporting.
            match write(&mut out).and_then(|()| out.flush()) {
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::hoist_options;

    fn v(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_after_the_function_are_options() {
        assert_eq!(
            hoist_options(v(
                "halite state.apply --state-output=terse test=True -l quiet"
            )),
            v("halite --state-output=terse -l quiet state.apply test=True")
        );
        assert_eq!(
            hoist_options(v("halite -c conf reclass -b inv -n x")),
            v("halite -c conf reclass -b inv -n x")
        );
    }
}
