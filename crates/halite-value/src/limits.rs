//! Size bounds on what halite reads, so that a hostile or broken input gets a clear error
//! instead of exhausting memory (an allocation failure aborts the process).
//!
//! - An input file (an SLS file, a template, a pillar or top file, a config file, a reclass
//!   class): at most [`max_input_bytes`], 64 MiB unless `HALITE_MAX_INPUT_BYTES` says
//!   otherwise. The largest SLS file of the formulas tried is under 100 KB; rendering one
//!   takes a few times its size in memory.
//! - A catalog archive (`state.pkg`, `halite catalog apply`): at most [`max_catalog_bytes`]
//!   once unpacked, 512 MiB unless `HALITE_MAX_CATALOG_BYTES` says otherwise; its salt://
//!   files are streamed to disk, only its JSON members are held in memory.
//!
//! Salt has neither bound (a 1 GB one-line SLS makes it allocate until the kernel stops it);
//! docs/compat.md lists both.

use std::io::Read;
use std::path::Path;
use std::sync::OnceLock;

pub const INPUT_ENV: &str = "HALITE_MAX_INPUT_BYTES";
pub const CATALOG_ENV: &str = "HALITE_MAX_CATALOG_BYTES";
const DEFAULT_INPUT: u64 = 64 << 20;
const DEFAULT_CATALOG: u64 = 512 << 20;

fn from_env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .filter(|n| *n > 0)
        .unwrap_or(default)
}

/// The most bytes an input file may have.
pub fn max_input_bytes() -> u64 {
    static LIMIT: OnceLock<u64> = OnceLock::new();
    *LIMIT.get_or_init(|| from_env(INPUT_ENV, DEFAULT_INPUT))
}

/// The most bytes a catalog archive may unpack to.
pub fn max_catalog_bytes() -> u64 {
    static LIMIT: OnceLock<u64> = OnceLock::new();
    *LIMIT.get_or_init(|| from_env(CATALOG_ENV, DEFAULT_CATALOG))
}

/// The error for an input past the bound: `std::io::ErrorKind::FileTooLarge`, its text
/// naming the size (when known: a stream is only known to be longer), the bound and how to
/// raise it.
pub fn too_large(size: Option<u64>, limit: u64, env: &str) -> std::io::Error {
    let size = match size {
        Some(n) => format!("{n} bytes"),
        None => format!("more than {limit} bytes"),
    };
    std::io::Error::new(
        std::io::ErrorKind::FileTooLarge,
        format!("{size}, past halite's limit of {limit} bytes for one input (raise it with {env})"),
    )
}

/// Reads an input file whole, refusing one past [`max_input_bytes`] before reading it (and
/// one that grows past it while being read).
pub fn read_input(path: &Path) -> std::io::Result<Vec<u8>> {
    read_bounded(path, max_input_bytes(), INPUT_ENV)
}

/// [`read_input`] as UTF-8 text (invalid UTF-8 is `InvalidData`, as `read_to_string`).
pub fn read_input_to_string(path: &Path) -> std::io::Result<String> {
    let bytes = read_input(path)?;
    String::from_utf8(bytes).map_err(|_| {
        std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        )
    })
}

/// Reads `path` whole, at most `limit` bytes.
pub fn read_bounded(path: &Path, limit: u64, env: &str) -> std::io::Result<Vec<u8>> {
    let f = std::fs::File::open(path)?;
    let size = f.metadata()?.len();
    if size > limit {
        return Err(too_large(Some(size), limit, env));
    }
    let mut data = Vec::with_capacity(size as usize);
    f.take(limit + 1).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(too_large(None, limit, env));
    }
    Ok(data)
}

/// Reads a stream whole, at most `limit` bytes.
pub fn read_stream_bounded(r: impl Read, limit: u64, env: &str) -> std::io::Result<Vec<u8>> {
    let mut data = Vec::new();
    r.take(limit + 1).read_to_end(&mut data)?;
    if data.len() as u64 > limit {
        return Err(too_large(None, limit, env));
    }
    Ok(data)
}

/// About `max` characters of `text`: a longer one keeps its first two thirds and last third
/// around `…[N characters]…`, so a diagnostic that echoes a name the user wrote (a 10 MB ID)
/// stays short and still shows how the message ends.
pub fn cut(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    let count = text.chars().count();
    if count <= max {
        return std::borrow::Cow::Borrowed(text);
    }
    let (head, tail) = (max * 2 / 3, max / 3);
    let start = text.char_indices().nth(head).map_or(text.len(), |(i, _)| i);
    let end = text
        .char_indices()
        .nth(count - tail)
        .map_or(text.len(), |(i, _)| i);
    std::borrow::Cow::Owned(format!(
        "{}…[{} characters]…{}",
        &text[..start],
        count - head - tail,
        &text[end..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_bounded_refuses_past_the_limit_and_names_the_knob() {
        let dir = tempfile_dir();
        let p = dir.join("big.sls");
        std::fs::write(&p, vec![b'a'; 101]).unwrap();
        let e = read_bounded(&p, 100, INPUT_ENV).unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
        assert!(e.to_string().contains("HALITE_MAX_INPUT_BYTES"), "{e}");
        assert_eq!(read_bounded(&p, 101, INPUT_ENV).unwrap().len(), 101);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn stream_bound_counts_what_was_read() {
        let data = [0u8; 50];
        assert!(read_stream_bounded(&data[..], 49, CATALOG_ENV).is_err());
        assert_eq!(
            read_stream_bounded(&data[..], 50, CATALOG_ENV)
                .unwrap()
                .len(),
            50
        );
    }

    #[test]
    fn cut_keeps_short_text_and_bounds_long_text() {
        assert_eq!(cut("short", 10), "short");
        let long = "é".repeat(1000);
        let text = format!("ID '{long}' is bad");
        let c = cut(&text, 30);
        assert!(c.starts_with(&format!("ID '{}…[", "é".repeat(16))), "{c}");
        assert!(c.ends_with("]…éé' is bad"), "{c}");
        assert!(c.contains("[982 characters]"), "{c}");
    }

    fn tempfile_dir() -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("halite-limits-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d
    }
}
