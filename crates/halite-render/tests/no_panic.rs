//! Rendering never panics: the golden cases' sls files, mutated byte by byte with a fixed
//! seed, go through the whole render stage (the `sls_pipeline` fuzz target runs the same
//! path, plus compile, unbounded: `cargo +nightly fuzz run sls_pipeline` in fuzz/).

use halite_exec::Registry;
use halite_render::highstate::Matches;
use halite_render::HighState;
use halite_value::{Map, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn seeds() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cases");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "sls") {
                if let Ok(t) = std::fs::read_to_string(&p) {
                    out.push(t);
                }
            }
        }
    }
    out.sort();
    out
}

/// xorshift: a fixed, dependency-free pseudo-random sequence.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

const INTERESTING: &[&str] = &[
    "{{",
    "}}",
    "{%",
    "%}",
    ":",
    "- ",
    "\n",
    "  ",
    "include:",
    "extend:",
    "exclude:",
    "'",
    "\"",
    "&a",
    "*a",
    "<<",
    "{{ salt['pillar.get']('x') }}",
    "{% for x in range(3) %}",
    "{% endfor %}",
    "#!json\n",
    "\t",
    "- sls: ",
    ".",
    "..",
];

fn mutate(seed: &str, rng: &mut Rng) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    for _ in 0..(1 + rng.next() % 4) {
        let pos = if s.is_empty() {
            0
        } else {
            (rng.next() as usize) % (s.len() + 1)
        };
        match rng.next() % 3 {
            0 if pos < s.len() => {
                s.remove(pos);
            }
            1 => {
                let ins = INTERESTING[(rng.next() as usize) % INTERESTING.len()];
                for (i, c) in ins.chars().enumerate() {
                    s.insert(pos + i, c);
                }
            }
            _ => {
                let c = char::from_u32((rng.next() % 128) as u32).unwrap_or('x');
                s.insert(pos.min(s.len()), c);
            }
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_sls_files_never_panic() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("other.sls"), "other:\n  test.nop\n").expect("write");
    let mut roots = Map::new();
    roots.insert(
        "base",
        Value::List(vec![Value::str(dir.path().to_string_lossy())].into()),
    );
    let mut opts = Map::new();
    opts.insert("file_roots", Value::Map(roots));
    opts.insert("id", Value::str("fuzzminion"));
    let registry = Arc::new(Registry::standard());
    let seeds = seeds();
    assert!(seeds.len() > 20, "seed corpus found");
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let path: PathBuf = dir.path().join("fuzz.sls");
    for round in 0..600 {
        let input = mutate(&seeds[round % seeds.len()], &mut rng);
        std::fs::write(&path, &input).expect("write input");
        let mut hs = HighState::new(
            opts.clone(),
            Value::Map(Map::new()),
            Value::Map(Map::new()),
            registry.clone(),
        );
        let mut matches = Matches::new();
        matches.insert("base".into(), vec!["fuzz".into()]);
        let _ = hs.render_highstate(&matches);
    }
}
