//! Salt's `archive` execution module: `archive.list` (salt/modules/archive.py `list_`) for
//! tar (gzip natively; bzip2 and xz through the system tools, as Salt falls back to them)
//! and zip (the system `zipinfo`) archives. `archive.extracted` lists through the same code.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, SaltCompat, Value};
use std::io::Read;

/// What an archive holds, as `archive.list(..., verbose=True)` sorts it, plus what
/// `archive.extracted` checks members with.
#[derive(Default, Debug)]
pub struct Contents {
    pub dirs: Vec<String>,
    pub files: Vec<String>,
    pub links: Vec<String>,
    pub top_level_dirs: Vec<String>,
    pub top_level_files: Vec<String>,
    pub top_level_links: Vec<String>,
    /// Every member's name in archive order (`tar.getnames()` / `zipfile.namelist()`).
    pub names: Vec<String>,
    /// (name, link target) of each symlink member, for the escape check.
    pub link_targets: Vec<(String, String)>,
}

impl Contents {
    /// The folders, files and links, in that order.
    pub fn members(&self) -> Vec<String> {
        let mut all = self.dirs.clone();
        all.extend(self.files.iter().cloned());
        all.extend(self.links.iter().cloned());
        all
    }
}

pub fn open_tar(path: &str) -> Result<Box<dyn Read>, String> {
    let mut f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut magic = [0u8; 6];
    let n = f.read(&mut magic).map_err(|e| e.to_string())?;
    drop(f);
    let f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let tool = if n >= 2 && magic[..2] == [0x1f, 0x8b] {
        return Ok(Box::new(flate2::read::MultiGzDecoder::new(f)));
    } else if n >= 3 && &magic[..3] == b"BZh" {
        "bzip2"
    } else if n >= 6 && magic == [0xfd, b'7', b'z', b'X', b'Z', 0] {
        "xz"
    } else {
        return Ok(Box::new(f));
    };
    let out = std::process::Command::new(tool)
        .args(["--decompress", "--stdout", path])
        .stderr(std::process::Stdio::null())
        .output()
        .map_err(|e| format!("{tool}: {e}"))?;
    if !out.status.success() {
        return Err(format!("Failed to decompress {path}"));
    }
    Ok(Box::new(std::io::Cursor::new(out.stdout)))
}

pub fn unable_to_list(path: &str) -> String {
    format!(
        "Unable to list contents of {path}. If this is an XZ-compressed tar archive, install \
         XZ Utils to enable listing its contents. If it is compressed using something other \
         than XZ, it may be necessary to specify CLI options to decompress the archive. See \
         the documentation for details."
    )
}

/// `archive.list(path, verbose=True)` for tar and zip, with `strip_components`.
pub fn list_contents(
    path: &str,
    format: &str,
    strip: Option<usize>,
    salt3008: bool,
) -> Result<Contents, String> {
    let mut c = Contents::default();
    if format == "zip" {
        let names = zipinfo(path, &["-1"])?;
        let long = zipinfo(path, &["-s"])?;
        // `zipinfo -s` prints a header and a footer around one line a member.
        let kinds: Vec<char> = long
            .iter()
            .filter(|l| l.len() > 10 && l.as_bytes().get(10) == Some(&b' '))
            .filter_map(|l| l.chars().next())
            .collect();
        let mut dirs: Vec<String> = Vec::new();
        for (i, n) in names.iter().enumerate() {
            match kinds.get(i) {
                Some('l') => c.links.push(n.clone()),
                Some('d') => {
                    if !dirs.contains(n) {
                        dirs.push(n.clone());
                    }
                }
                _ => c.files.push(n.clone()),
            }
            c.names.push(n.clone());
        }
        for f in c.files.clone() {
            if let Some(i) = f.rfind('/') {
                let d = f[..=i].to_string();
                if !dirs.contains(&d) {
                    dirs.push(d.clone());
                }
                c.files.retain(|x| *x != d);
            }
        }
        for l in &c.links {
            let t = std::process::Command::new("unzip")
                .args(["-p", path, l])
                .output()
                .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
                .unwrap_or_default();
            c.link_targets.push((l.clone(), t));
        }
        c.dirs = dirs;
    } else {
        let reader = open_tar(path).map_err(|_| unable_to_list(path))?;
        let mut ar = tar::Archive::new(reader);
        let entries = ar.entries().map_err(|_| unable_to_list(path))?;
        for e in entries {
            let e = e.map_err(|_| unable_to_list(path))?;
            let raw = String::from_utf8_lossy(&e.path_bytes()).into_owned();
            let member = raw.trim_end_matches('/').to_string();
            let kind = e.header().entry_type();
            if kind.is_symlink() {
                let target = e
                    .link_name_bytes()
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
                    .unwrap_or_default();
                c.link_targets.push((member.clone(), target));
                c.links.push(member.clone());
            } else if kind.is_dir() {
                c.dirs.push(format!("{member}/"));
            } else if kind.is_hard_link() {
                let target = e
                    .link_name_bytes()
                    .map(|b| String::from_utf8_lossy(&b).into_owned())
                    .unwrap_or_default();
                c.link_targets
                    .push((member.clone(), format!("/hardlink:{target}")));
                c.files.push(member.clone());
            } else {
                c.files.push(member.clone());
            }
            c.names.push(member);
        }
    }
    if let Some(n) = strip.filter(|n| *n > 0) {
        for list in [&mut c.dirs, &mut c.files, &mut c.links] {
            let mut stripped: Vec<String> = list
                .iter()
                .filter_map(|p| p.splitn(n + 1, '/').nth(n).map(str::to_string))
                .filter(|p| !p.is_empty())
                .collect();
            stripped.sort();
            *list = stripped;
        }
    }
    c.dirs.sort();
    c.files.sort();
    c.links.sort();
    c.top_level_dirs = c
        .dirs
        .iter()
        .filter(|d| d.matches('/').count() == 1)
        .cloned()
        .collect();
    // the top-level folder a prefix shared by every member implies: 3007.8 looks at the
    // folders only, 3008.4 at every member (an archive of files under one folder counts)
    let prefix = if salt3008 {
        common_prefix(&c.members())
    } else {
        common_prefix(&c.dirs)
    };
    if prefix.contains('/') {
        let top = format!("{}/", prefix.split('/').next().unwrap_or_default());
        if !c.top_level_dirs.contains(&top) {
            c.top_level_dirs.push(top);
        }
    }
    c.top_level_files = c
        .files
        .iter()
        .filter(|f| !f.contains('/'))
        .cloned()
        .collect();
    c.top_level_links = c
        .links
        .iter()
        .filter(|f| !f.contains('/'))
        .cloned()
        .collect();
    Ok(c)
}

/// `os.path.commonprefix` (character-wise).
fn common_prefix(items: &[String]) -> String {
    let Some(first) = items.first() else {
        return String::new();
    };
    let mut end = first.len();
    for s in &items[1..] {
        end = first
            .char_indices()
            .zip(s.chars())
            .take_while(|((_, a), b)| a == b)
            .map(|((i, a), _)| i + a.len_utf8())
            .last()
            .unwrap_or(0)
            .min(end);
    }
    first[..end].to_string()
}

fn zipinfo(path: &str, args: &[&str]) -> Result<Vec<String>, String> {
    let out = std::process::Command::new("zipinfo")
        .args(args)
        .arg(path)
        .output()
        .map_err(|e| format!("zipinfo: {e}"))?;
    if !out.status.success() {
        return Err(format!("{path} is not a ZIP file"));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect())
}

/// `salt.utils.files.guess_archive_type(name)`.
pub fn guess_archive_type(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    let tar_ext = [
        "tar", "tar.gz", "tgz", "tar.bz2", "tbz2", "tbz", "tar.xz", "txz", "tar.lzma", "tlz",
    ];
    for ext in tar_ext {
        if lower.ends_with(&format!(".{ext}")) {
            return Some("tar");
        }
    }
    if lower.ends_with(".zip") {
        return Some("zip");
    }
    if lower.ends_with(".rar") {
        return Some("rar");
    }
    None
}

/// `archive.list(name, archive_format=None, options=None, strip_components=None,
/// clean=False, verbose=False, saltenv='base', source_hash=None, use_etag=False)`.
pub fn list_(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "archive.list",
        a,
        &[
            "name",
            "archive_format",
            "options",
            "strip_components",
            "clean",
            "verbose",
            "saltenv",
            "source_hash",
            "use_etag",
        ],
        1,
    )?;
    let name = b.str_or(0, "");
    let saltenv = b.get(6).map(Value::py_str).unwrap_or_else(|| "base".into());
    let mut cache_args = Map::new();
    cache_args.insert("saltenv", Value::str(saltenv.as_str()));
    if let Some(h) = b.get(7).filter(|v| !v.is_null()) {
        cache_args.insert("source_hash", h.clone());
    }
    let cached =
        super::cp::cache_file(ctx, &Args::new(vec![Value::str(name.as_str())], cache_args))?;
    let cached = match cached {
        Value::Str(s) if !s.is_empty() => s.to_string(),
        _ => return Err(ExecError::Command(format!("Failed to cache {name}"))),
    };
    let strip = match b.get(3).filter(|v| v.truthy()) {
        None => None,
        Some(v) => match v.py_str().parse::<i64>() {
            Ok(n) if n > 0 => Some(n as usize),
            _ => {
                return Err(ExecError::Command(
                    "'strip_components' must be a positive integer".into(),
                ))
            }
        },
    };
    let path = name
        .split_once("://")
        .map_or(name.as_str(), |(_, rest)| rest);
    let format = match b.get(1).filter(|v| v.truthy()).map(Value::py_str) {
        Some(f) => f,
        None => match guess_archive_type(path) {
            Some(f) => f.to_string(),
            None => {
                return Err(ExecError::Command(
                    "Unable to guess archive format, please pass an 'archive_format' argument."
                        .into(),
                ))
            }
        },
    };
    if format != "tar" && format != "zip" {
        return Err(ExecError::Command(format!(
            "Unsupported archive format '{format}'"
        )));
    }
    let salt3008 = SaltCompat::of_value(&ctx.opts).is_3008();
    let c = list_contents(&cached, &format, strip, salt3008).map_err(ExecError::Command)?;
    if b.get(4).is_some_and(Value::truthy) {
        let _ = std::fs::remove_file(&cached);
    }
    let list = |v: &[String]| Value::List(v.iter().map(|s| Value::str(s.as_str())).collect());
    if b.get(5).is_some_and(Value::truthy) {
        let mut m = Map::new();
        m.insert("dirs", list(&c.dirs));
        m.insert("files", list(&c.files));
        m.insert("links", list(&c.links));
        m.insert("top_level_dirs", list(&c.top_level_dirs));
        m.insert("top_level_files", list(&c.top_level_files));
        m.insert("top_level_links", list(&c.top_level_links));
        return Ok(Value::Map(m));
    }
    let mut all = c.members();
    all.sort();
    Ok(list(&all))
}
