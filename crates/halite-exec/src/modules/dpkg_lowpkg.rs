//! `salt.modules.dpkg_lowpkg` (virtual name `lowpkg`, os_family Debian): what `dpkg` says
//! about a package file.

use crate::process::{self, CmdOptions, Program};
use crate::salt_utils::bind_with;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// A package file's path on this host: an absolute path, a `salt://` URL resolved in the
/// file roots (Salt caches a copy first; the file is the same), or an `http(s)://`/`ftp://`
/// URL fetched into the minion's cache (`cp.cache_file`). `swift://` and `s3://` are not
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
    if crate::http::FETCHED.contains(&crate::http::scheme(path).as_str()) {
        // cp.cache_file: fetched into the minion's extrn_files cache
        return match super::cp::cache_path(ctx, path, saltenv, &crate::http::Fetch::default()) {
            Ok(Some(p)) => Ok(p.to_string_lossy().into_owned()),
            Ok(None) => Err(ExecError::Failed(format!("Unable to cache source {path}"))),
            Err(e) => Err(ExecError::Failed(e)),
        };
    }
    if path.contains("://") {
        return Err(ExecError::Failed(format!(
            "halite: package source {path} is not fetched (only local paths, salt://, \
             http(s):// and ftp://)"
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

/// `lowpkg.info`'s `_get_pkg_info` through `dpkg-query -W -f=...` (one record per package;
/// `install_date` from the mtime of /var/lib/dpkg/info/NAME.list), without the technical
/// keys `info` drops. Records keep dpkg-query's field order (`install_date` right after
/// `package`, where Salt's loop first sets it). Salt 3008 asks dpkg-query for the date
/// instead (`install_date:${db-fsys:Last-Modified}` after `status`, a Unix time made ISO).
pub(crate) fn pkg_info(
    packages: &[String],
    failhard: bool,
    salt3008: bool,
) -> Result<Vec<Map>, ExecError> {
    const FORMAT: &str = "package:${Package}\\nrevision:${binary:Revision}\\narchitecture:${Architecture}\\nmaintainer:${Maintainer}\\nsummary:${Summary}\\nsource:${source:Package}\\nversion:${Version}\\nsection:${Section}\\ninstalled_size:${Installed-size}\\nsize:${Size}\\nMD5:${MD5sum}\\nSHA1:${SHA1}\\nSHA256:${SHA256}\\norigin:${Origin}\\nhomepage:${Homepage}\\nstatus:${db:Status-Abbrev}\\n";
    const DATE: &str = "install_date:${db-fsys:Last-Modified}\\n";
    const TAIL: &str = "description:${Description}\\n\\n*/~^\\\\*\\n";
    let date = if salt3008 { DATE } else { "" };
    let mut argv = vec![
        "dpkg-query".to_string(),
        "-W".to_string(),
        format!("-f={FORMAT}{date}{TAIL}"),
    ];
    argv.extend(packages.iter().cloned());
    let out =
        process::run(&Program::Argv(argv), &CmdOptions::default()).map_err(ExecError::Failed)?;
    if out.retcode != 0 {
        if failhard {
            return Err(ExecError::Failed(format!(
                "Error getting packages information: {}",
                out.stderr
            )));
        }
        return Ok(Vec::new());
    }
    let mut ret = Vec::new();
    for record in out.stdout.split("\n*/~^\\*") {
        let record = record.strip_prefix('\n').unwrap_or(record);
        let record = record.strip_prefix('\r').unwrap_or(record);
        if record.trim().is_empty() {
            continue;
        }
        let Some((head, descr)) = record.split_once("\ndescription:") else {
            continue;
        };
        let mut m = Map::new();
        for line in head.lines().map(str::trim).filter(|l| !l.is_empty()) {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if salt3008 && k == "install_date" {
                if let Ok(secs) = v.trim().parse::<i64>() {
                    m.insert(k, Value::str(iso_utc(secs)));
                }
                continue;
            }
            if !v.is_empty() {
                m.insert(k, Value::str(v));
            }
            if salt3008 {
                continue;
            }
            if let Some(date) = m.get("package").and_then(|p| install_time(&p.py_str())) {
                m.insert("install_date", Value::str(date));
            }
        }
        m.insert("description", Value::str(descr));
        m.remove("installed_size");
        ret.push(m);
    }
    Ok(ret)
}

/// `_get_pkg_install_time`: the mtime of the package's file list, ISO 8601 in UTC.
fn install_time(pkg: &str) -> Option<String> {
    let meta = std::fs::metadata(format!("/var/lib/dpkg/info/{pkg}.list")).ok()?;
    let secs = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?
        .as_secs() as i64;
    Some(iso_utc(secs))
}

/// A Unix time as `datetime.fromtimestamp(secs, utc).isoformat()` with `Z`.
fn iso_utc(secs: i64) -> String {
    let days = secs.div_euclid(86400);
    let rem = secs.rem_euclid(86400);
    // civil_from_days (Howard Hinnant)
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}
