//! Mutation smoke test: `load` must return Ok or a YamlError for any text, never panic and
//! never hit the catch-all for a panic inside the parser. A deterministic generator mutates
//! the recorded corpus (the `cargo fuzz` target in /work/main/fuzz explores further).

mod common;

use common::{fixture, input, Rng};
use halite_yaml::{dump, load, DumpOptions, Schema};

const PIECES: &[&str] = &[
    ":",
    ": ",
    "- ",
    "\n",
    "\n  ",
    "\t",
    "'",
    "\"",
    "[",
    "]",
    "{",
    "}",
    ",",
    "#",
    "&a ",
    "*a",
    "!!int ",
    "!!str ",
    "<<: ",
    "? ",
    "|",
    ">-",
    "---\n",
    "...\n",
    "%YAML 1.1\n",
    "\\",
    "é",
    "😀",
    "\u{feff}",
    "\r\n",
    "0644",
    "~",
];

fn mutate(rng: &mut Rng, base: &str) -> String {
    let mut s: Vec<char> = base.chars().collect();
    for _ in 0..=rng.below(4) {
        let at = rng.below(s.len() + 1);
        match rng.below(3) {
            0 if !s.is_empty() => {
                let end = (at + rng.below(4)).min(s.len());
                s.drain(at.min(end)..end);
            }
            _ => {
                let piece = PIECES[rng.below(PIECES.len())];
                for (i, c) in piece.chars().enumerate() {
                    s.insert((at + i).min(s.len()), c);
                }
            }
        }
    }
    s.into_iter().collect()
}

#[test]
fn mutated_corpus_never_panics() {
    let corpus: Vec<String> = fixture("load_salt").iter().map(input).collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for i in 0..10_000 {
        let base = &corpus[i % corpus.len()];
        let text = mutate(&mut rng, base);
        for schema in [Schema::Salt, Schema::Yaml12] {
            match load(&text, schema) {
                Ok(v) => {
                    let _ = dump(&v, DumpOptions::default());
                }
                Err(e) => assert_ne!(
                    e.problem, "internal YAML parser error",
                    "parser panicked on {text:?}"
                ),
            }
        }
    }
}

#[test]
fn deep_nesting_and_alias_bombs_are_errors() {
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    assert!(load(&deep, Schema::Salt).is_err());
    let mut bomb = String::from("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
    for i in 0..12 {
        let prev = if i == 0 {
            "a".to_string()
        } else {
            format!("b{}", i - 1)
        };
        bomb.push_str(&format!("b{i}: &b{i} [*{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}, *{prev}]\n"));
    }
    assert!(load(&bomb, Schema::Salt).is_err());
    assert!(load(&bomb, Schema::Yaml12).is_err());
}
