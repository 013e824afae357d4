//! File helpers from salt/utils/files.py shared by execution functions and states.

use std::os::unix::fs::OpenOptionsExt;

/// `salt.utils.files.mkstemp(suffix=suffix, dir=dir)`: a new empty file (mode 0600) named
/// `__salt.tmp.XXXXXXXX<suffix>` in `dir` (`None`: the temp folder; `""`: the current
/// directory, as Python's `tempfile.mkstemp(dir="")` does). Returns its absolute path.
pub fn mkstemp(dir: Option<&str>, suffix: &str) -> std::io::Result<String> {
    use std::hash::{BuildHasher, Hasher};
    const CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789_";
    let base = match dir {
        None => std::env::temp_dir(),
        Some("") => std::env::current_dir()?,
        Some(d) => std::env::current_dir()?.join(d),
    };
    let mut last = None;
    for attempt in 0..100u32 {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u32(attempt);
        h.write_u32(std::process::id());
        let mut bits = h.finish();
        let name: String = (0..8)
            .map(|_| {
                let c = CHARS[(bits % CHARS.len() as u64) as usize] as char;
                bits /= CHARS.len() as u64;
                c
            })
            .collect();
        let path = base.join(format!("__salt.tmp.{name}{suffix}"));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)
        {
            Ok(_) => return Ok(path.to_string_lossy().into_owned()),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary name left")))
}
