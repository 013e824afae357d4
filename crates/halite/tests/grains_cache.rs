//! Salt's `grains_cache`: a fresh `cachedir/grains.cache.p` is what the run's grains are,
//! until `grains_cache_expiration` passes or `--refresh-grains-cache` asks for new ones.
//! The cache file below holds the bytes Salt 3008.4 writes for
//! `{"id": "gc1", "marker": "cached", "osrelease_info": (12, 5)}`
//! (`salt.payload.dumps(...)`, checked with the oracle's python).

use std::path::Path;
use std::process::Command;

const SALT_CACHE: &str =
    "83a26964a3676331a66d61726b6572a6636163686564ae6f7372656c656173655f696e666f920c05";

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn grain(conf: &Path, extra: &[&str], name: &str) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(conf)
        .args(extra)
        .args(["--out", "json", "-l", "quiet", "grains.item", name])
        .output()
        .expect("run halite");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    doc["local"][name].clone()
}

fn sandbox(expiration: Option<u64>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("tempdir");
    let cache = dir.path().join("cache");
    std::fs::create_dir(&cache).expect("cachedir");
    let mut minion = format!(
        "file_client: local\ncachedir: {}\ngrains_cache: True\ngrains:\n  marker: from-config\n",
        cache.display()
    );
    if let Some(e) = expiration {
        minion.push_str(&format!("grains_cache_expiration: {e}\n"));
    }
    std::fs::write(dir.path().join("minion"), minion).expect("minion");
    std::fs::write(cache.join("grains.cache.p"), unhex(SALT_CACHE)).expect("cache");
    dir
}

#[test]
fn a_fresh_salt_grains_cache_is_the_runs_grains() {
    let dir = sandbox(None);
    assert_eq!(grain(dir.path(), &[], "marker"), "cached");
    assert_eq!(
        grain(dir.path(), &[], "osrelease_info"),
        serde_json::json!([12, 5])
    );
    // Nothing gathered: the cache has no os grain.
    assert_eq!(grain(dir.path(), &[], "os"), "");
}

#[test]
fn refresh_grains_cache_gathers_and_rewrites_the_cache() {
    let dir = sandbox(None);
    assert_eq!(
        grain(dir.path(), &["--refresh-grains-cache"], "marker"),
        "from-config"
    );
    // The gathered grains went into the cache, which the next run reads.
    assert_eq!(grain(dir.path(), &[], "marker"), "from-config");
    assert_ne!(grain(dir.path(), &[], "os"), "");
}

#[test]
fn an_expired_grains_cache_is_gathered_again() {
    let dir = sandbox(Some(60));
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
    std::fs::File::options()
        .write(true)
        .open(dir.path().join("cache/grains.cache.p"))
        .expect("open")
        .set_modified(old)
        .expect("mtime");
    assert_eq!(grain(dir.path(), &[], "marker"), "from-config");
}
