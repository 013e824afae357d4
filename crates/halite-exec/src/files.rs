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
        journal_temp(&path);
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

/// The temp-file journal of the running state call: where it goes, and the file once the
/// first temp file was recorded.
struct Journal {
    path: std::path::PathBuf,
    file: Option<std::fs::File>,
}

static JOURNAL: std::sync::Mutex<Option<Journal>> = std::sync::Mutex::new(None);

/// Record the temp files this process creates from now on in `path` (one absolute path a
/// line, written before the file is created), so that the next state run can remove what
/// this one leaves if it is killed (halite-runtime's `lock`). `None` stops recording. The
/// journal file is created with the first temp file.
pub fn set_temp_journal(path: Option<std::path::PathBuf>) {
    let mut j = JOURNAL.lock().unwrap_or_else(|e| e.into_inner());
    *j = path.map(|path| Journal { path, file: None });
}

/// Note `path` in the temp-file journal, if one is set (best effort: a journal that cannot
/// be written only means a killed run's temp file stays).
pub fn journal_temp(path: &std::path::Path) {
    use std::io::Write;
    use std::os::unix::ffi::OsStrExt;
    let mut guard = JOURNAL.lock().unwrap_or_else(|e| e.into_inner());
    let Some(j) = guard.as_mut() else {
        return;
    };
    if j.file.is_none() {
        j.file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(&j.path)
            .ok();
    }
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(path)
    };
    let mut line = abs.as_os_str().as_bytes().to_vec();
    line.push(b'\n');
    if let Some(f) = j.file.as_mut() {
        // One write(2) for the whole line (O_APPEND): it survives a kill -9 right after.
        let _ = f.write_all(&line);
    }
}
