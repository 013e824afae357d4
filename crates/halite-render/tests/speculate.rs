//! Speculative rendering (halite-render's `speculate` module) gives exactly the sequential
//! walk's result: same high data in the same order, same errors, same log lines in the same
//! order, also when templates hand each other state through side effects.
//!
//! Speculation needs a spare core; on a one-core host these tests still check the results
//! (both runs are then sequential).

use halite_exec::Registry;
use halite_render::highstate::Matches;
use halite_render::HighState;
use halite_value::{Map, Value};
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// A file tree under a temp dir: `files` are (path relative to the file root, text).
struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new(files: &[(&str, String)]) -> Tree {
        let dir = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(dir.path().join("salt")).expect("mkdir");
        let tree = Tree { dir };
        for (path, text) in files {
            tree.write(path, text);
        }
        tree
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    fn salt(&self) -> String {
        self.root().join("salt").to_string_lossy().into_owned()
    }

    fn write(&self, path: &str, text: &str) {
        let p = self.root().join("salt").join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(p, text).expect("write");
    }

    fn opts(&self, speculate: bool) -> Map {
        let mut roots = Map::new();
        roots.insert("base", Value::List(vec![Value::str(self.salt())].into()));
        let mut opts = Map::new();
        opts.insert("file_roots", Value::Map(roots));
        opts.insert("id", Value::str("specminion"));
        opts.insert(
            "cachedir",
            Value::str(self.root().join("cache").to_string_lossy()),
        );
        opts.insert("parallel_render", Value::Bool(speculate));
        opts
    }

    /// `render_highstate` of `sls` (in that top order), as JSON text with the errors.
    fn render(&self, sls: &[&str], speculate: bool) -> String {
        self.render_counted(sls, speculate).0
    }

    /// Renders sequentially, checks the result holds `expected`, then renders speculatively
    /// three times: each must be the sequential result.
    fn assert_speculative_is_sequential(&self, sls: &[&str], expected: &str) {
        let sequential = self.render(sls, false);
        assert!(sequential.contains(expected), "{sequential}");
        for _ in 0..3 {
            assert_eq!(self.render(sls, true), sequential);
        }
    }

    /// [`render`](Self::render), and how many files came from speculative renders.
    fn render_counted(&self, sls: &[&str], speculate: bool) -> (String, usize) {
        let mut pillar = Map::new();
        pillar.insert("greeting", Value::str("hello"));
        let mut hs = HighState::new(
            self.opts(speculate),
            Value::Map(Map::new()),
            Value::Map(pillar),
            Arc::new(Registry::standard()),
        );
        assert_eq!(hs.speculate, speculate);
        let mut matches = Matches::new();
        matches.insert("base".into(), sls.iter().map(|s| s.to_string()).collect());
        let (high, errors) = hs.render_highstate(&matches);
        let errors = Value::List(errors.into_iter().map(Value::str).collect());
        let text = format!("{}\n{}", Value::Map(high).to_json(), errors.to_json());
        (text, hs.speculated)
    }
}

/// One test at a time: the workers need the spare core to get ahead of the walk, or the
/// tests would pass without exercising speculation.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// Enough Jinja work to keep the walk busy for a while on its first file, so the workers
/// render the later files before the walk gets to them.
fn busy(n: usize) -> String {
    format!("{{% set ns = namespace(x=0) %}}{{% for i in range({n}) %}}{{% set ns.x = ns.x + i %}}{{% endfor %}}\n")
}

/// Whether this host gives the workers a core besides the walk's.
fn spare_core() -> bool {
    std::thread::available_parallelism().is_ok_and(|n| n.get() > 1)
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("s{i}")).collect()
}

#[test]
fn pure_ring_is_identical() {
    let _serial = serial();
    // The benchmark's shape: each file includes the previous one, the top names all.
    let n = 24;
    let files: Vec<(String, String)> = (0..n)
        .map(|i| {
            let text = format!(
                "{}include:\n  - s{}\n{{% for j in range(5) %}}\ns{i}_{{{{ j }}}}:\n  test.succeed_without_changes:\n    - name: {{{{ salt['pillar.get']('greeting') }}}} {{{{ sls }}}} {{{{ j }}}}\n{{% endfor %}}\n",
                if i == 0 { busy(20000) } else { String::new() },
                (i + n - 1) % n
            );
            (format!("s{i}.sls"), text)
        })
        .collect();
    let files: Vec<(&str, String)> = files.iter().map(|(p, t)| (p.as_str(), t.clone())).collect();
    let tree = Tree::new(&files);
    let names = names(n);
    let sls: Vec<&str> = names.iter().map(String::as_str).collect();
    let sequential = tree.render(&sls, false);
    assert!(sequential.contains("hello s7 3"), "{sequential}");
    let mut taken = 0;
    for _ in 0..3 {
        let (speculative, count) = tree.render_counted(&sls, true);
        assert_eq!(speculative, sequential);
        taken += count;
    }
    // The walk spends a while on s0: the workers render later files meanwhile.
    assert!(taken > 0 || !spare_core(), "no speculative render was used");
}

#[test]
fn errors_are_reported_as_sequentially() {
    let _serial = serial();
    let tree = Tree::new(&[
        ("a.sls", format!("{}a:\n  test.nop\n", busy(20000))),
        ("b.sls", "b:\n  test.nop: {{ undefined_thing.x }}\n".into()),
        ("c.sls", "include:\n  - missing\nc: [\n".into()),
        ("d.sls", "d:\n  test.nop\n".into()),
        ("e.sls", "{{ salt['test.exception']('boom') }}\n".into()),
        ("f.sls", "- just\n- a list\n".into()),
    ]);
    let sls = ["a", "b", "c", "d", "e", "f", "nope"];
    tree.assert_speculative_is_sequential(&sls, "Rendering SLS");
}

/// The barrier: the walk's second file runs a command that creates a file, after a delay
/// in which the workers render every later file (they cannot see the file yet). The later
/// files must see it, as in Salt's sequential render. Without the barrier (taking the
/// workers' results although the walk ran `cmd.run`), they would say `false`. (Nothing here
/// logs: a log line would void the speculative renders and hide a missing barrier.)
#[test]
fn impure_call_stops_speculation() {
    let _serial = serial();
    let tree = Tree::new(&[]);
    let marker = tree.root().join("marker");
    let marker = marker.to_string_lossy();
    tree.write("s0.sls", "s0:\n  test.nop\n");
    tree.write(
        "s1.sls",
        &format!(
            "{{% set _ = salt['cmd.run'](\"sh -c 'sleep 0.4; echo made > {marker}'\") %}}\ns1:\n  test.nop\n"
        ),
    );
    let n = 12;
    for i in 2..n {
        tree.write(
            &format!("s{i}.sls"),
            &format!(
                "s{i}:\n  test.nop:\n    - exists: {{{{ salt['file.file_exists']('{marker}') }}}}\n"
            ),
        );
    }
    let names = names(n);
    let sls: Vec<&str> = names.iter().map(String::as_str).collect();
    let sequential = tree.render(&sls, false);
    assert!(!sequential.contains("false"), "{sequential}");
    assert!(sequential.contains("true"), "{sequential}");
    for _ in 0..2 {
        std::fs::remove_file(&*marker).expect("remove marker");
        assert_eq!(tree.render(&sls, true), sequential);
    }
}

/// Imported templates are read once per engine: a speculative render's reads reach the
/// engine's cache when the walk takes its result, so a later file that imports the same
/// template after a command rewrote it sees the first contents, as sequentially.
#[test]
fn imported_files_are_cached_as_sequentially() {
    let _serial = serial();
    let tree = Tree::new(&[]);
    let map = tree.root().join("salt").join("map.jinja");
    let map = map.to_string_lossy();
    let write_map = || tree.write("map.jinja", "{% set colour = 'red' %}\n");
    write_map();
    tree.write("s0.sls", &format!("{}s0:\n  test.nop\n", busy(20000)));
    tree.write(
        "s1.sls",
        "{% from 'map.jinja' import colour %}\ns1:\n  test.nop:\n    - colour: {{ colour }}\n",
    );
    tree.write("map.jinja.new", "{% set colour = 'blue' %}\n");
    tree.write(
        "s2.sls",
        &format!("{{% set _ = salt['cmd.run']('cp {map}.new {map}') %}}\ns2:\n  test.nop\n"),
    );
    tree.write(
        "s3.sls",
        "{% from 'map.jinja' import colour %}\ns3:\n  test.nop:\n    - colour: {{ colour }}\n",
    );
    tree.write("s4.sls", "s4:\n  test.nop\n");
    let sls = ["s0", "s1", "s2", "s3", "s4"];
    let sequential = tree.render(&sls, false);
    let map_now = std::fs::read_to_string(&*map).expect("map");
    assert!(
        map_now.contains("blue"),
        "the command rewrote map.jinja: {map_now}"
    );
    assert!(!sequential.contains("blue"), "{sequential}");
    for _ in 0..3 {
        write_map();
        assert_eq!(tree.render(&sls, true), sequential);
    }
}

/// `{% do %}` on grains, pillar or a dict, and macros, stay within their render.
#[test]
fn template_state_stays_in_its_render() {
    let _serial = serial();
    let mut files = vec![("s0.sls", format!("{}s0:\n  test.nop\n", busy(20000)))];
    let texts: Vec<(String, String)> = (1..10)
        .map(|i| {
            (
                format!("s{i}.sls"),
                format!(
                    "{{% macro m(x) %}}{{{{ x }}}}-{i}{{% endmacro %}}\n{{% do pillar.update({{'seen': pillar.get('seen', []) + [{i}]}}) %}}\n{{% do grains.update({{'g{i}': 1}}) %}}\ns{i}:\n  test.nop:\n    - seen: {{{{ pillar['seen'] }}}}\n    - grains: {{{{ grains | length }}}}\n    - m: {{{{ m('x') }}}}\n"
                ),
            )
        })
        .collect();
    files.extend(texts.iter().map(|(p, t)| (p.as_str(), t.clone())));
    let tree = Tree::new(&files);
    let names = names(10);
    let sls: Vec<&str> = names.iter().map(String::as_str).collect();
    tree.assert_speculative_is_sequential(&sls, "\"seen\": [\n");
}

/// Nested includes (packages, relative names, globs) are found and rendered the same.
#[test]
fn nested_includes_are_identical() {
    let _serial = serial();
    let mut files: Vec<(String, String)> = Vec::new();
    for app in ["web", "db", "cache"] {
        files.push((
            format!("{app}/init.sls"),
            format!(
                "include:\n  - .config\n  - {app}.parts.*\n{app}:\n  test.nop:\n    - require:\n      - test: {app}_config\n"
            ),
        ));
        files.push((
            format!("{app}/config.sls"),
            format!(
                "{app}_config:\n  test.nop:\n    - v: {{{{ salt['grains.get']('id', 'x') }}}}\n"
            ),
        ));
        for part in 0..4 {
            files.push((
                format!("{app}/parts/p{part}.sls"),
                format!("include:\n  - ..config\n{app}_p{part}:\n  test.nop:\n    - tpl: {{{{ tpldir }}}} {{{{ slspath }}}}\n"),
            ));
        }
    }
    files.push((
        "top0.sls".into(),
        format!("{}top0:\n  test.nop\n", busy(20000)),
    ));
    let files: Vec<(&str, String)> = files.iter().map(|(p, t)| (p.as_str(), t.clone())).collect();
    let tree = Tree::new(&files);
    let sls = ["top0", "web", "db", "cache"];
    tree.assert_speculative_is_sequential(&sls, "cache_p3");
}

/// Captures the log lines of this test process.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn captured_logs() -> &'static Captured {
    static LOGS: OnceLock<Captured> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Captured::default();
        let writer = logs.clone();
        let _ = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_env_filter(tracing_subscriber::EnvFilter::new("warn"))
            .without_time()
            .with_ansi(false)
            .try_init();
        logs
    })
}

/// Log lines a template causes come out once each, in the sequential walk's order.
#[test]
fn log_lines_come_out_once_in_order() {
    let _serial = serial();
    let logs = captured_logs();
    let mut files = vec![("s0.sls", format!("{}s0:\n  test.nop\n", busy(20000)))];
    let texts: Vec<(String, String)> = (1..12)
        .map(|i| {
            let body = if i % 3 == 0 {
                format!("{{% set x = salt['cp.get_file_str']('salt://nothing-{i}') %}}\n")
            } else if i == 7 {
                "{% do salt['log.warning']('a warning from s7') %}\n".into()
            } else {
                String::new()
            };
            (format!("s{i}.sls"), format!("{body}s{i}:\n  test.nop\n"))
        })
        .collect();
    files.extend(texts.iter().map(|(p, t)| (p.as_str(), t.clone())));
    let tree = Tree::new(&files);
    let names = names(12);
    let sls: Vec<&str> = names.iter().map(String::as_str).collect();
    let take = || {
        let mut buf = logs.0.lock().unwrap_or_else(|e| e.into_inner());
        let text = String::from_utf8_lossy(&buf).into_owned();
        buf.clear();
        // Other tests of this process log too (their own file names): keep ours.
        text.lines()
            .filter(|l| l.contains("nothing-") || l.contains("from s7"))
            .map(|l| l.split_once(": ").map_or(l, |(_, m)| m).to_string())
            .collect::<Vec<_>>()
    };
    take();
    let sequential_out = tree.render(&sls, false);
    let sequential = take();
    assert_eq!(
        sequential,
        [
            "Unable to cache file 'salt://nothing-3' from saltenv 'base'.",
            "Unable to cache file 'salt://nothing-6' from saltenv 'base'.",
            "a warning from s7",
            "Unable to cache file 'salt://nothing-9' from saltenv 'base'.",
        ]
    );
    for _ in 0..3 {
        assert_eq!(tree.render(&sls, true), sequential_out);
        assert_eq!(take(), sequential);
    }
}
