//! Salt's filters that look at the host: `is_empty`, `is_text_file`, `is_bin_file`,
//! `list_files` (salt/utils/files.py), `file_hashsum` (salt/utils/hashutils.py `get_hash`),
//! `which` (salt/utils/path.py), `get_uid` (salt/utils/user.py) and `http_query`'s test
//! mode (salt/utils/http.py). Like Salt's, they read
//! the machine the template renders on.

use super::{add, mut_list, FilterResult};
use crate::args::PyArgs;
use crate::repr::{py_repr, py_str};
use minijinja::value::Value;
use minijinja::{Environment, Error, ErrorKind};
use std::io::Read;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

pub fn register(env: &mut Environment<'static>) {
    add(env, "is_empty", |_, v, _| {
        Ok(Value::from(
            std::fs::metadata(py_str(&v)).is_ok_and(|m| m.len() == 0),
        ))
    });
    add(env, "is_text_file", |_, v, a| {
        let size = a.int_at(0, "blocksize")?.unwrap_or(512).max(0) as u64;
        Ok(Value::from(match read_head(&py_str(&v), size) {
            Ok(block) => !is_binary(&block),
            Err(_) => false,
        }))
    });
    add(env, "is_bin_file", |_, v, _| {
        let path = py_str(&v);
        if !Path::new(&path).is_file() {
            return Ok(Value::from(false));
        }
        Ok(Value::from(
            read_head(&path, 2048).is_ok_and(|data| is_binary(&data)),
        ))
    });
    add(env, "list_files", |_, v, _| {
        Ok(mut_list(list_files(&py_str(&v))))
    });
    add(env, "file_hashsum", file_hashsum);
    add(env, "which", |_, v, _| {
        let exe = py_str(&v);
        if exe.is_empty() || !v.is_true() {
            return Ok(Value::from(()));
        }
        Ok(which(&exe).map(Value::from).unwrap_or(Value::from(())))
    });
    // salt.utils.http.query: with `test=True` and no `test_url` it returns `{}` before any
    // request; halite makes no HTTP request from a template (docs/compat.md).
    add(env, "http_query", |_, _, a| {
        let test = a
            .get(25, "test")
            .is_some_and(|t| t.kind() == minijinja::value::ValueKind::Bool && t.is_true());
        if test && a.get_some(26, "test_url").is_none() {
            return Ok(crate::mutable::MutMap::default().into_value());
        }
        Err(Error::new(
            ErrorKind::InvalidOperation,
            "http_query: halite makes no HTTP request from a template (only test=True without test_url, which returns {})",
        ))
    });
    add(env, "get_uid", |_, v, _| {
        if v.is_none() {
            // os.geteuid()
            // SAFETY: geteuid takes no arguments and cannot fail.
            return Ok(Value::from(unsafe { libc::geteuid() }));
        }
        Ok(halite_exec::process::getpwnam(&py_str(&v))
            .map(|pw| Value::from(pw.uid))
            .unwrap_or(Value::from(())))
    });
}

/// The first `size` bytes of the file `path`.
fn read_head(path: &str, size: u64) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    std::fs::File::open(path)?
        .take(size)
        .read_to_end(&mut out)?;
    Ok(out)
}

/// `salt.utils.stringutils.is_binary(data)`: a NUL byte, or more than 30% of the bytes
/// outside printable ASCII and `\n\r\t\f\b` (bytes 128-254 count as text when the data is
/// UTF-8, or UTF-8 cut short at its end).
pub(crate) fn is_binary(data: &[u8]) -> bool {
    if data.is_empty() {
        return false;
    }
    if data.contains(&0) {
        return true;
    }
    let utf8 = match std::str::from_utf8(data) {
        Ok(_) => true,
        // "unexpected end of data"
        Err(e) => e.error_len().is_none(),
    };
    let nontext = data
        .iter()
        .filter(|&&b| {
            let text = (32..127).contains(&b)
                || matches!(b, b'\n' | b'\r' | b'\t' | 0x0c | 0x08)
                || (utf8 && (128..255).contains(&b));
            !text
        })
        .count();
    nontext as f64 / data.len() as f64 > 0.30
}

/// `salt.utils.files.list_files`: the folder itself and every file and folder below it
/// (`safe_walk`: symlinked folders followed once). Salt returns `list(set)`, in Python's
/// per-process hash order; halite sorts.
fn list_files(directory: &str) -> Vec<Value> {
    let mut out = std::collections::BTreeSet::new();
    out.insert(directory.to_string());
    let mut seen = std::collections::HashSet::new();
    walk(Path::new(directory), directory, &mut out, &mut seen);
    out.into_iter().map(Value::from).collect()
}

fn walk(
    dir: &Path,
    shown: &str,
    out: &mut std::collections::BTreeSet<String>,
    seen: &mut std::collections::HashSet<(u64, u64)>,
) {
    use std::os::unix::fs::MetadataExt;
    let Ok(meta) = std::fs::metadata(dir) else {
        return;
    };
    if !seen.insert((meta.dev(), meta.ino())) {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut dirs = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let joined = if shown.ends_with('/') {
            format!("{shown}{name}")
        } else {
            format!("{shown}/{name}")
        };
        out.insert(joined.clone());
        // os.walk sorts a symlink to a folder with the folders and descends into it
        if std::fs::metadata(e.path()).is_ok_and(|m| m.is_dir()) {
            dirs.push((e.path(), joined));
        }
    }
    for (path, joined) in dirs {
        walk(&path, &joined, out, seen);
    }
}

/// `salt.utils.hashutils.get_hash(path, form='sha256')`.
fn file_hashsum(_: &minijinja::State, v: Value, a: PyArgs) -> FilterResult {
    let form = a.str_at(0, "form").unwrap_or_else(|| "sha256".into());
    let Some(f) = hash_fn(&form) else {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("Invalid hash type: {form}"),
        ));
    };
    let path = py_str(&v);
    match std::fs::read(&path) {
        Ok(data) => Ok(Value::from(f(&data))),
        Err(e) => Err(Error::new(
            ErrorKind::InvalidOperation,
            format!(
                "[Errno {}] {}: {}",
                e.raw_os_error().unwrap_or(0),
                os_error_text(&e),
                py_repr(&Value::from(path))
            ),
        )),
    }
}

/// Python's `strerror` text of an I/O error (Rust's Display adds " (os error N)").
fn os_error_text(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.rfind(" (os error ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// The `hashlib` constructors halite has, by name.
pub(crate) fn hash_fn(name: &str) -> Option<fn(&[u8]) -> String> {
    use halite_exec::hashes;
    Some(match name {
        "md5" => hashes::md5_hex,
        "sha1" => hashes::sha1_hex,
        "sha224" => hashes::sha224_hex,
        "sha256" => hashes::sha256_hex,
        "sha384" => hashes::sha384_hex,
        "sha512" => hashes::sha512_hex,
        _ => return None,
    })
}

/// `salt.utils.path.which(exe)` on a POSIX host: `exe` itself when it is an executable
/// file, else the first `PATH` folder (then `/sbin`, `/bin`, `/usr/sbin`, `/usr/bin`,
/// `/usr/local/sbin`, `/usr/local/bin` when `PATH` lacks them) holding it executable (the
/// symlinks resolved). The path is returned as joined, not resolved.
pub(crate) fn which(exe: &str) -> Option<String> {
    if is_executable(Path::new(exe)) {
        return Some(exe.to_string());
    }
    let path = std::env::var("PATH").unwrap_or_default();
    let mut dirs: Vec<String> = path.split(':').map(String::from).collect();
    let have: std::collections::HashSet<String> = dirs.iter().cloned().collect();
    for d in [
        "/sbin",
        "/bin",
        "/usr/sbin",
        "/usr/bin",
        "/usr/local/sbin",
        "/usr/local/bin",
    ] {
        if !have.contains(d) {
            dirs.push(d.to_string());
        }
    }
    for d in dirs {
        let joined = super::strings::salt_path_join(&d, exe);
        if is_executable(Path::new(&joined)) {
            return Some(joined);
        }
    }
    None
}

/// `os.path.isfile(path) and os.access(path, os.X_OK)` (following symlinks).
fn is_executable(p: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(p) else {
        return false;
    };
    if !meta.is_file() {
        return false;
    }
    let Ok(c) = std::ffi::CString::new(p.as_os_str().as_encoded_bytes()) else {
        return meta.permissions().mode() & 0o111 != 0;
    };
    // SAFETY: a valid C string; access only reads it.
    unsafe { libc::access(c.as_ptr(), libc::X_OK) == 0 }
}
