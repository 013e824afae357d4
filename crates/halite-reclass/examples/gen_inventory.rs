//! Writes a synthetic reclass inventory for benchmarks.
//!
//! `gen_inventory OUT_DIR [NODES=1000] [CLASSES=2000] [SEED=1]`
//!
//! Classes sit on 8 levels (`lvlL.cI`); each includes one (70%) or two classes of the next level,
//! so include chains are 5-8 deep. Every class adds a deep dict of its own, merges into
//! shared dicts and lists, overrides a scalar, and uses references (embedded, whole-value,
//! nested, and chains through `global:chain`). Each node includes `common`, two level-0
//! and one level-2 class (about 50 classes per node).

use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const LEVELS: usize = 8;

/// A small deterministic generator (64-bit LCG), enough for picking classes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn common_class() -> String {
    let mut s = String::from(
        "parameters:\n  global:\n    domain: example.org\n    region: eu-1\n    ports:\n      http: 80\n      https: 443\n    chain:\n      c0: root\n",
    );
    for i in 1..10 {
        let _ = writeln!(s, "      c{i}: ${{global:chain:c{}}}-{i}", i - 1);
    }
    s.push_str("  shared:\n    all_tags: [common]\n  override_me: {value: common}\n");
    s
}

fn class_text(level: usize, idx: usize, includes: &[String]) -> String {
    let id = format!("l{level}c{idx}");
    let mut s = String::new();
    if !includes.is_empty() {
        s.push_str("classes:\n");
        for c in includes {
            let _ = writeln!(s, "  - {c}");
        }
    }
    let _ = writeln!(s, "applications:\n  - app{}", idx % 50);
    let _ = write!(
        s,
        "parameters:
  svc_{id}:
    name: svc-{id}
    fqdn: ${{svc_{id}:name}}.${{global:domain}}
    url: https://${{svc_{id}:fqdn}}:${{global:ports:https}}/
    settings:
      a:
        b:
          c:
            d: {idx}
            e: [1, 2, 3]
      limits: {{cpu: {level}, mem: {idx}}}
    refs:
      - ${{global:region}}
      - ${{global:chain:c9}}
      - ${{global:ports}}
  shared:
    level{level}:
      {id}:
        port: ${{global:ports:http}}
        tags: [t{idx}]
    all_tags: [{id}]
  override_me:
    value: {id}
  last_service: ${{svc_{id}}}
"
    );
    s
}

fn node_text(n: usize, rng: &mut Rng, per_level: usize) -> String {
    let mut s = String::from("classes:\n  - common\n");
    for _ in 0..2 {
        let _ = writeln!(s, "  - lvl0.c{}", rng.below(per_level));
    }
    let _ = writeln!(s, "  - lvl2.c{}", rng.below(per_level));
    let _ = write!(
        s,
        "parameters:
  node_id: {n}
  hostname: node{n}.${{global:domain}}
  summary: '${{hostname}} in ${{global:region}} (${{override_me:value}})'
  chain_end: ${{global:chain:c9}}
  tags: ${{shared:all_tags}}
"
    );
    s
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let out = Path::new(args.get(1).map_or("bench-inventory", String::as_str)).to_path_buf();
    let nodes: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let classes: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1);
    let per_level = (classes / LEVELS).max(1);
    let mut rng = Rng(seed);
    let _ = fs::remove_dir_all(&out);
    fs::create_dir_all(out.join("nodes"))?;
    fs::create_dir_all(out.join("classes"))?;
    fs::write(out.join("classes/common.yml"), common_class())?;
    for level in 0..LEVELS {
        let dir = out.join(format!("classes/lvl{level}"));
        fs::create_dir_all(&dir)?;
        for idx in 0..per_level {
            let includes: Vec<String> = if level + 1 < LEVELS {
                let count = if rng.below(10) < 3 { 2 } else { 1 };
                (0..count)
                    .map(|_| format!("lvl{}.c{}", level + 1, rng.below(per_level)))
                    .collect()
            } else {
                Vec::new()
            };
            fs::write(
                dir.join(format!("c{idx}.yml")),
                class_text(level, idx, &includes),
            )?;
        }
    }
    for n in 0..nodes {
        fs::write(
            out.join(format!("nodes/node{n}.yml")),
            node_text(n, &mut rng, per_level),
        )?;
    }
    eprintln!(
        "{nodes} nodes, {} classes in {}",
        per_level * LEVELS + 1,
        out.display()
    );
    Ok(())
}
