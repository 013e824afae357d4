//! `halite jobs [-c CONFIG_DIR] VERB [ARGS]`: `salt-run jobs.*` over the job store the
//! master config names (halite_jobs::runner), printed as salt-run prints (nested, or
//! `--out json|yaml|...`).

use anyhow::{anyhow, Result};
use clap::Parser;
use halite_jobs::runner::{self, JobFilter, Source};
use halite_value::{Map, Value};
use std::io::IsTerminal;
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "halite jobs",
    about = "salt-run jobs.* over the job store: the jobs halite ssh and halite catalog apply kept",
    after_help = "Verbs (salt-run's, with or without the `jobs.` prefix):
  list_jobs [search_function=GLOB] [search_target=GLOB] [start_time=T] [end_time=T]
                                                          every job kept
  active                                                  the jobs still running
  list_job JID                                            a job, with every host's return
  lookup_jid JID [missing=True]                           each host's return
  print_job JID                                           the job and its returns
  exit_success JID                                        which hosts returned success
  last_run [function=GLOB] [target=GLOB]                  print_job of the latest job"
)]
pub struct JobsCli {
    #[arg(short = 'c', long = "config-dir", default_value = "/etc/salt")]
    config_dir: PathBuf,
    #[arg(long = "out", alias = "output")]
    out: Option<String>,
    #[arg(long = "no-color", alias = "no-colour")]
    no_color: bool,
    /// VERB [ARGS] [KEY=VALUE]
    #[arg(required = true)]
    words: Vec<String>,
}

/// The master config of `config_dir`, its cachedir and the job store it names (what
/// `halite jobs` and `halite dashboard` read).
pub fn master_store(
    config_dir: &std::path::Path,
) -> Result<(halite_value::Map, PathBuf, halite_jobs::StoreConfig)> {
    let master = crate::config::master_config(config_dir)?;
    let cachedir = PathBuf::from(
        halite_render::opts::get_str(&master, "cachedir").unwrap_or("/var/cache/salt/master"),
    );
    let cfg = halite_jobs::StoreConfig::from_opts(&master, &cachedir, &[]);
    Ok((master, cachedir, cfg))
}

pub fn main(argv: Vec<String>) -> Result<u8> {
    let cli = match JobsCli::try_parse_from(argv) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let (_, cachedir, cfg) = master_store(&cli.config_dir)?;
    let src = Source::of(&cfg).map_err(|e| anyhow!(e))?;
    let verb = cli.words[0].trim_start_matches("jobs.").to_string();
    let mut args: Vec<String> = Vec::new();
    let mut kwargs = Map::new();
    for w in &cli.words[1..] {
        match w.split_once('=') {
            Some((k, v)) if !k.is_empty() && !k.contains(' ') => {
                kwargs.insert(k, Value::str(v));
            }
            _ => args.push(w.clone()),
        }
    }
    let kw = |k: &str| kwargs.get(k).map(Value::py_str);
    let jid = || {
        args.first()
            .cloned()
            .or_else(|| kw("jid"))
            .ok_or_else(|| anyhow!("jobs.{verb} needs a jid"))
    };
    let truthy = |k: &str| {
        kw(k).is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "true" | "1" | "yes"))
    };
    let data = match verb.as_str() {
        "list_jobs" => {
            // a job without metadata never matches `search_metadata` (halite ssh passes none)
            if kwargs.contains_key("search_metadata") {
                Value::Map(Map::new())
            } else {
                Value::Map(runner::list_jobs(
                    &src,
                    &JobFilter {
                        function: kw("search_function"),
                        target: kw("search_target"),
                        start_time: kw("start_time"),
                        end_time: kw("end_time"),
                    },
                ))
            }
        }
        "active" => Value::Map(runner::active(&src, &cachedir)),
        "list_job" => Value::Map(runner::list_job(&src, &jid()?)),
        "lookup_jid" => Value::Map(runner::lookup_jid(&src, &jid()?, truthy("missing"))),
        "print_job" => Value::Map(runner::print_job(&src, &jid()?)),
        "exit_success" => Value::Map(runner::exit_success(&src, &jid()?)),
        "last_run" => runner::last_run(
            &src,
            &JobFilter {
                function: kw("function"),
                target: kw("target"),
                ..JobFilter::default()
            },
        ),
        other => {
            eprintln!("'jobs.{other}' is not available.");
            return Ok(1);
        }
    };
    let outputter = match cli.out.as_deref() {
        Some(o) => {
            halite_output::Outputter::parse(o).ok_or_else(|| anyhow!("unknown outputter '{o}'"))?
        }
        None => halite_output::Outputter::Nested,
    };
    let text = halite_output::render(
        outputter,
        &data,
        &halite_output::OutputOptions {
            color: !cli.no_color && std::io::stdout().is_terminal(),
            ..Default::default()
        },
    );
    println!("{text}");
    Ok(0)
}
