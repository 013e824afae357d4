//! Help where people look for it: `halite --help` lists every command, `halite help [TOPIC]`
//! shows a command's help or a function's documentation, `halite FUN --help` and salt-call's
//! `-d`/`--doc` print a function's docstring, `sys.doc` returns them as Salt's does, and a
//! mistyped function gets a suggestion on a terminal.
//!
//! The docstrings are Salt's own, recorded from each release (functions.rs: the state
//! functions' by scripts/oracle/docstrings.py, the execution functions' by
//! scripts/oracle/exec_docstrings.py).

use crate::functions::{EXEC_DOCS_3007, EXEC_DOCS_3008, STATE_DOCS_3007, STATE_DOCS_3008};
use crate::minion::Minion;
use halite_value::{Map, SaltCompat, Value};

/// What `halite --help` adds under clap's option list.
pub const COMMANDS: &str = "\
Commands:
  FUNCTION [ARGS]  any salt-call function: `halite state.apply test=True`, `halite grains.items`
                   (`halite sys.list_functions` lists them, `halite -d FUNCTION` documents one)
  ssh              salt-ssh's command line: a function on the roster's hosts (`halite ssh --help`)
  catalog          compile a host's catalog on the controller, apply or diff catalogs
                   (`halite catalog --help`)
  reclass          reclass's command line over the node inventory (`halite reclass --help`)
  validate         check SLS parameters against the state modules' signatures, as Idem does
                   (`halite validate --help`)
  jobs             salt-run jobs.*: the runs halite ssh kept (`halite jobs --help`)
  dashboard        read-only web pages over those runs: fleet, hosts, runs, diffs, grains,
                   /metrics (`halite dashboard --help`)
  graph            draw the requisite graph of the highstate or of SLS files (`halite graph --help`)
  help [TOPIC]     this text, a command's help, or a function's documentation
                   (`halite help ssh`, `halite help state.apply`)";

/// The text of `halite graph --help`.
pub const GRAPH: &str = "\
Draws the requisite graph of the highstate, or of the SLS files named, as the run would
order it (every require, watch, onchanges, onfail, prereq, listen and use edge, the `_in`
forms turned around, as the run honours them).

Usage: halite [-c CONFIG_DIR] graph [SLS[,SLS...]] [--format dot|svg|json] [-o FILE]

Options:
  -f, --format <FORMAT>  dot (default), svg (laid out by halite, no Graphviz needed) or json
  -o, --output <FILE>    write the graph to FILE instead of standard output
  -h, --help             print this help

`halite state.apply ... --graph FILE.svg` draws the graph of a run with each state's result.";

/// Writes `text` and a newline to standard output; a reader that went away (`| head`) ends
/// the output quietly.
fn say(text: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}

/// Every function halite answers, with its docstring for the release: the execution
/// functions of the registry and the state functions.
fn documented(compat: SaltCompat, names: &[&str]) -> Vec<(String, Value)> {
    let parse = |text: &str| Value::from_json_str(text).ok();
    let (states, exec_own) = match compat {
        SaltCompat::V3007 => (parse(STATE_DOCS_3007), parse(EXEC_DOCS_3007)),
        SaltCompat::V3008 => (parse(STATE_DOCS_3008), None),
    };
    let exec = parse(EXEC_DOCS_3008);
    let mut out: Vec<(String, Value)> = Vec::new();
    for name in names {
        let doc = exec_own
            .as_ref()
            .and_then(|d| d.get(name))
            .or_else(|| exec.as_ref().and_then(|d| d.get(name)))
            .cloned()
            .unwrap_or(Value::Null);
        out.push((name.to_string(), doc));
    }
    if let Some(Value::Map(m)) = &states {
        for (k, v) in m.iter() {
            let k = k.py_str();
            if !out.iter().any(|(n, _)| *n == k) {
                out.push((k, v.clone()));
            }
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// salt.utils.doc.strip_rst: the reStructuredText directives Salt replaces (its patterns,
/// unescaped dots and all).
fn strip_rst(doc: &str) -> String {
    static RULES: std::sync::OnceLock<Vec<(regex::Regex, &'static str)>> =
        std::sync::OnceLock::new();
    let rules = RULES.get_or_init(|| {
        [
            (r" *.. code-block:: \S+\n{1,2}", ""),
            (".. note::", "Note:"),
            (".. warning::", "Warning:"),
            (".. versionadded::", "New in version"),
            (".. versionchanged::", "Changed in version"),
        ]
        .into_iter()
        .filter_map(|(re, to)| regex::Regex::new(re).ok().map(|re| (re, to)))
        .collect()
    });
    let mut out = doc.to_string();
    for (re, to) in rules {
        out = re.replace_all(&out, *to).into_owned();
    }
    out
}

/// Whether `name` is selected by one of sys.doc's arguments (salt.modules.sysmod.doc: a glob
/// when it has `*`, else the function itself or every function of the module).
fn selected(name: &str, patterns: &[String]) -> bool {
    patterns.is_empty()
        || patterns.iter().any(|p| {
            if p.contains('*') {
                halite_exec::salt_utils::fnmatchcase(name, p)
            } else if p.is_empty() {
                true
            } else {
                let module = if p.ends_with('.') {
                    p.clone()
                } else {
                    format!("{p}.")
                };
                name == p || name.starts_with(&module)
            }
        })
}

/// `sys.doc [NAME ...]`: `{function: docstring}` for the functions named (modules, globs).
pub fn sys_doc(minion: &Minion, args: &[Value]) -> Value {
    let patterns: Vec<String> = args.iter().map(Value::py_str).collect();
    let names = minion.registry.names();
    let mut out = Map::new();
    for (name, doc) in documented(SaltCompat::of(&minion.opts), &names) {
        if selected(&name, &patterns) {
            let doc = match doc {
                Value::Str(s) => Value::from(strip_rst(&s)),
                other => other,
            };
            out.insert(name.as_str(), doc);
        }
    }
    Value::Map(out)
}

/// salt-call's `-d`/`--doc` (salt.cli.caller `print_docs`): `NAME:\nDOC\n` for every function
/// whose name starts with `prefix` and has a docstring, sorted.
pub fn print_docs(compat: SaltCompat, prefix: &str) -> u8 {
    let registry = halite_exec::Registry::standard();
    let mut any = false;
    for (name, doc) in documented(compat, &registry.names()) {
        if let Value::Str(doc) = doc {
            if name.starts_with(prefix) && !doc.is_empty() {
                say(&format!("{name}:\n{doc}\n"));
                any = true;
            }
        }
    }
    if !any {
        eprintln!("no function starts with '{prefix}' (`halite sys.list_functions` lists them)");
        return 1;
    }
    0
}

/// `halite help [TOPIC]`: the top-level help, a command's own, or a function's documentation.
pub fn command(topic: Option<&str>, compat: SaltCompat) -> u8 {
    use clap::CommandFactory;
    match topic {
        None => {
            let _ = crate::Cli::command().print_long_help();
            0
        }
        Some("graph") => {
            say(GRAPH);
            0
        }
        Some("help") => {
            say(&format!(
                "Usage: halite help [COMMAND | FUNCTION]\n\n{COMMANDS}"
            ));
            0
        }
        Some(cmd @ ("ssh" | "catalog" | "jobs" | "dashboard" | "reclass" | "validate")) => {
            // Each parses its own command line: its `--help`, through the same binary.
            let exe = std::env::current_exe().unwrap_or_else(|_| "halite".into());
            match std::process::Command::new(exe)
                .args([cmd, "--help"])
                .status()
            {
                Ok(s) => s.code().and_then(|c| u8::try_from(c).ok()).unwrap_or(1),
                Err(e) => {
                    eprintln!("halite help {cmd}: {e}");
                    1
                }
            }
        }
        Some(fun) => print_docs(compat, fun),
    }
}

/// The closest function name to a mistyped one, among every function halite answers.
pub fn suggestion(name: &str) -> Option<String> {
    let registry = halite_exec::Registry::standard();
    let all = documented(SaltCompat::default(), &registry.names());
    halite_value::diag::closest(name, all.iter().map(|(n, _)| n.as_str())).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strip_rst_replaces_salts_directives() {
        let doc = "    Apply.\n\n    .. versionadded:: 2015.5.0\n\n    CLI Example:\n\n    .. code-block:: bash\n\n        salt '*' x\n";
        assert_eq!(
            strip_rst(doc),
            "    Apply.\n\n    New in version 2015.5.0\n\n    CLI Example:\n\n        salt '*' x\n"
        );
    }

    #[test]
    fn sys_doc_selects_modules_functions_and_globs() {
        let p = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert!(selected("sys.doc", &p(&["sys"])));
        assert!(selected("sys.doc", &p(&["sys."])));
        assert!(!selected("sysctl.show", &p(&["sys"])));
        assert!(selected("state.apply", &p(&["state.apply"])));
        assert!(selected("state.show_top", &p(&["state.show_*"])));
        assert!(!selected("state.apply", &p(&["state.show_*"])));
        assert!(selected("anything.at_all", &[]));
    }

    #[test]
    fn a_typo_of_a_state_function_is_matched() {
        assert_eq!(suggestion("state.aply").as_deref(), Some("state.apply"));
        assert_eq!(suggestion("grains.itmes").as_deref(), Some("grains.items"));
        assert_eq!(suggestion("qqqqq.zzzzz"), None);
    }
}
