//! `salt.modules.dpkg_lowpkg` (virtual name `lowpkg`, os_family Debian): what `dpkg` says
//! about a package file.

use crate::process::{self, CmdOptions, Program};
use crate::salt_utils::bind_with;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// A package file's path on this host: an absolute path, or a `salt://` URL resolved in the
/// file roots (Salt caches a copy first; the file is the same). Other protocols are not
/// fetched (docs/compat.md).
pub(crate) fn local_path(
    ctx: &ExecContext,
    path: &str,
    saltenv: &str,
) -> Result<String, ExecError> {
    if let Some(rel) = path.strip_prefix("salt://") {
        let rel = rel.split('?').next().unwrap_or(rel);
        return ctx
            .file_roots
            .find(saltenv, rel)
            .map(|p| p.to_string_lossy().to_string())
            .ok_or_else(|| {
                ExecError::Failed(format!(
                    "Unable to retrieve {path} from saltenv '{saltenv}'"
                ))
            });
    }
    if path.contains("://") {
        return Err(ExecError::Failed(format!(
            "halite: package source {path} is not fetched (only local paths and salt://)"
        )));
    }
    if !std::path::Path::new(path).exists() {
        return Err(ExecError::Failed(format!(
            "{path} does not exist on minion"
        )));
    }
    if !path.starts_with('/') {
        return Err(ExecError::Failed(format!(
            "{path} does not exist on minion"
        )));
    }
    Ok(path.to_string())
}

/// `lowpkg.bin_pkg_info(path, saltenv='base')`: `{"name", "version", "arch"}` from `dpkg -I`.
pub fn bin_pkg_info(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("lowpkg.bin_pkg_info", a, &["path", "saltenv"], 1, true)?;
    let path = local_path(ctx, &b.str_or(0, ""), &b.str_or(1, "base"))?;
    let argv = vec!["dpkg".to_string(), "-I".to_string(), path.clone()];
    let out =
        process::run(&Program::Argv(argv), &CmdOptions::default()).map_err(ExecError::Failed)?;
    if out.retcode != 0 {
        let mut msg = format!("Unable to get info for {path}");
        if !out.stderr.is_empty() {
            msg.push_str(": ");
            msg.push_str(&out.stderr);
        }
        return Err(ExecError::Failed(msg));
    }
    let (mut name, mut version, mut arch) = (None, None, None);
    for line in out.stdout.lines() {
        let line = line.trim();
        let field = |key: &str| {
            line.strip_prefix(key)
                .filter(|r| r.trim_start().starts_with(':'))
                .and_then(|_| line.split_whitespace().last())
                .map(String::from)
        };
        if let Some(v) = field("Package") {
            name = Some(v);
        } else if let Some(v) = field("Version") {
            version = Some(v);
        } else if let Some(v) = field("Architecture") {
            arch = Some(v);
        }
    }
    let missing: Vec<&str> = [("name", &name), ("version", &version), ("arch", &arch)]
        .iter()
        .filter(|(_, v)| v.is_none())
        .map(|(k, _)| *k)
        .collect();
    if !missing.is_empty() {
        return Err(ExecError::Failed(format!(
            "Unable to get {} for {path}",
            missing.join(", ")
        )));
    }
    let (mut name, version, arch) = (
        name.unwrap_or_default(),
        version.unwrap_or_default(),
        arch.unwrap_or_default(),
    );
    let g = |k: &str| ctx.grains.get(k).map(Value::py_str).unwrap_or_default();
    if g("cpuarch") == "x86_64" {
        let osarch = g("osarch");
        if arch != "all" && osarch == "amd64" && osarch != arch {
            name = format!("{name}:{arch}");
        }
    }
    let mut m = Map::new();
    m.insert("name", Value::str(name));
    m.insert("version", Value::str(version));
    m.insert("arch", Value::str(arch));
    Ok(Value::Map(m))
}
