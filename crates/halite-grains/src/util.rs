//! Small helpers shared by the grain collectors.

use std::os::unix::fs::PermissionsExt;

/// The file's text, trimmed; `None` when unreadable.
pub(crate) fn read_trim(path: &str) -> Option<String> {
    std::fs::read(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).trim().to_string())
}

/// `salt.utils.path.which`: PATH, then Salt's extra default directories.
pub(crate) fn which(name: &str) -> Option<String> {
    let is_exec = |p: &std::path::Path| {
        std::fs::metadata(p)
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    };
    if name.contains('/') {
        return is_exec(std::path::Path::new(name)).then(|| name.to_string());
    }
    let path = std::env::var("PATH").unwrap_or_default();
    let mut dirs: Vec<String> = path
        .split(':')
        .filter(|d| !d.is_empty())
        .map(String::from)
        .collect();
    for d in ["/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin"] {
        if !dirs.iter().any(|x| x == d) {
            dirs.push(d.into());
        }
    }
    dirs.iter()
        .map(|d| std::path::Path::new(d).join(name))
        .find(|p| is_exec(p))
        .map(|p| p.to_string_lossy().into_owned())
}
