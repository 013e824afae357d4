//! Random `salt://` paths through `FileRoots::find`/`find_dir` over a temp tree: whatever is
//! found stays inside the root (tests/support/salt_path_check.rs has the invariant). Runs a
//! second by default; `HALITE_FUZZ_SECS=600` runs it for ten minutes (docs/compat.md records
//! such runs). The `salt_path` target in fuzz/ checks the same with libFuzzer.

#[path = "support/salt_path_check.rs"]
mod check;

/// xorshift: a fixed-seed, dependency-free pseudo-random sequence.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_salt_paths_never_resolve_outside_the_root() {
    let secs: u64 = std::env::var("HALITE_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let seed: u64 = std::env::var("HALITE_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_cafe);
    let tree = check::Tree::new("fuzz");
    let mut rng = Rng(seed | 1);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let (mut runs, mut found) = (0u64, 0usize);
    // the known spellings first, then random ones until the deadline
    for url in [
        "salt://sub/../../secret.txt",
        "salt://sub/linkdir/../../secret.txt",
        "salt://sub/link.txt",
        "salt://sub/linkdir/secret.txt",
        "salt://..",
        "salt:///sub/in.txt",
    ] {
        found += tree.check(url);
    }
    while std::time::Instant::now() < deadline {
        for _ in 0..256 {
            let n = 1 + rng.below(12);
            let tokens: Vec<usize> = (0..n).map(|_| rng.below(check::TOKENS.len())).collect();
            let mut url = check::assemble(&tree, tokens);
            // now and then a byte-level mutation
            if rng.below(4) == 0 && !url.is_empty() {
                let mut bytes = url.into_bytes();
                let i = rng.below(bytes.len());
                bytes[i] = b"./\\|?%&=a\0"[rng.below(10)];
                url = String::from_utf8_lossy(&bytes).into_owned();
            }
            found += tree.check(&url);
            runs += 1;
        }
    }
    eprintln!("salt_path_fuzz: {runs} random paths, {found} lookups found a path, seed {seed}");
    assert!(found > 0, "the generator never reached a real file");
}
