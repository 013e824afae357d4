//! `salt.modules.timezone`, the read-only functions: `get_zone` (timedatectl when installed,
//! else the os_family's file), `zone_compare` (3008: the name against `get_zone`; 3007, and
//! 3008 when `get_zone` fails: /etc/localtime against the zoneinfo file),
//! `get_hwclock`, `get_offset`, `get_zonecode`. halite does not change the host's zone.

use super::cmd;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

fn grain(ctx: &ExecContext, key: &str) -> String {
    ctx.grains
        .as_map()
        .and_then(|g| g.get(key))
        .map(Value::py_str)
        .unwrap_or_default()
}

/// Python's `OSError.strerror`.
fn strerror(e: &std::io::Error) -> String {
    match e.raw_os_error() {
        // SAFETY: strerror returns a pointer to a static NUL-terminated message.
        Some(n) => unsafe { std::ffi::CStr::from_ptr(libc::strerror(n)) }
            .to_string_lossy()
            .into_owned(),
        None => e.to_string(),
    }
}

/// `_timedatectl()`: its stdout, or the CommandExecutionError.
fn timedatectl(ctx: &ExecContext) -> Result<String, ExecError> {
    let out = cmd::run_all_argv(ctx, &["timedatectl".to_string()], &[])?;
    let get = |k: &str| out.get(k).map(Value::py_str).unwrap_or_default();
    if !matches!(out.get("retcode"), Some(Value::Int(0))) {
        return Err(ExecError::Command(format!(
            "timedatectl failed: {}",
            get("stderr")
        )));
    }
    Ok(get("stdout"))
}

fn localtime_path(ctx: &ExecContext) -> &'static str {
    if grain(ctx, "os_family").contains("NILinuxRT")
        && grain(ctx, "lsb_distrib_id").contains("nilrt")
    {
        "/etc/natinst/share/localtime"
    } else {
        "/etc/localtime"
    }
}

/// `timezone.get_zone()`.
pub fn get_zone(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("timezone.get_zone", a, &[], 0)?;
    if cmd::which_path("timedatectl").is_some() {
        let out = timedatectl(ctx)?;
        for line in out.split('\n').map(str::trim) {
            let rest = line
                .strip_prefix("Time zone:")
                .or_else(|| line.strip_prefix("Timezone:"));
            if let Some(rest) = rest {
                if rest.starts_with(char::is_whitespace) {
                    if let Some(zone) = rest.split_whitespace().next() {
                        return Ok(Value::str(zone));
                    }
                }
            }
        }
        return Err(ExecError::Command(format!(
            "Failed to parse timedatectl output: {out}\nPlease file an issue with SaltStack"
        )));
    }
    let family = grain(ctx, "os_family");
    if family.contains("Debian") || family.contains("Gentoo") {
        return std::fs::read_to_string("/etc/timezone")
            .map(|t| Value::str(t.trim()))
            .map_err(|e| {
                ExecError::Command(format!(
                    "Problem reading timezone file /etc/timezone: {}",
                    strerror(&e)
                ))
            });
    }
    Err(ExecError::Command("Unable to get timezone".into()))
}

/// `timezone.zone_compare(timezone)`: /etc/localtime has the zone file's bytes. Salt 3008
/// compares the name with `get_zone()` first and compares the files only when that raises
/// (a failed `timedatectl` still leaves its exit status in `__context__["retcode"]`).
pub fn zone_compare(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let zone = bind("timezone.zone_compare", a, &["timezone"], 1)?.str_or(0, "");
    if halite_value::SaltCompat::of_value(&ctx.opts).is_3008() {
        match get_zone(ctx, &Args::default()) {
            Ok(current) => return Ok(Value::Bool(current.py_str() == zone)),
            Err(ExecError::Command(_)) => {}
            Err(e) => return Err(e),
        }
    }
    let tzfile = localtime_path(ctx);
    let zonepath = format!("/usr/share/zoneinfo/{zone}");
    let mine = std::fs::read(tzfile).map_err(|e| {
        ExecError::Command(format!(
            "Failed to read {tzfile} to determine current timezone: {}",
            strerror(&e)
        ))
    })?;
    let theirs = std::fs::read(&zonepath)
        .map_err(|_| ExecError::Command(format!("Can't find a local timezone \"{zone}\"")))?;
    Ok(Value::Bool(mine == theirs))
}

/// `timezone.get_hwclock()`: "UTC" or "localtime" (timedatectl's "RTC in local TZ", else
/// /etc/adjtime's last line on Debian).
pub fn get_hwclock(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("timezone.get_hwclock", a, &[], 0)?;
    if cmd::which_path("timedatectl").is_some() {
        let out = timedatectl(ctx)?;
        for line in out.lines().map(str::trim) {
            if line.to_lowercase().contains("rtc in local tz") {
                let last = line.rsplit(':').next().unwrap_or("").trim().to_lowercase();
                return Ok(Value::str(if last == "yes" { "localtime" } else { "UTC" }));
            }
        }
        return Err(ExecError::Command(format!(
            "Failed to parse timedatectl output: {out}\nPlease file an issue with SaltStack"
        )));
    }
    if std::path::Path::new("/etc/adjtime").exists() {
        let text = std::fs::read_to_string("/etc/adjtime").unwrap_or_default();
        let last = text.lines().last().unwrap_or("").to_string();
        return Ok(Value::str(last));
    }
    Ok(Value::str("UTC"))
}

fn date(ctx: &ExecContext, fmt: &str) -> Result<Value, ExecError> {
    let mut kw = Map::new();
    kw.insert("python_shell", Value::Bool(false));
    cmd::run_(ctx, &Args::new(vec![Value::str(format!("date {fmt}"))], kw))
}

/// `timezone.get_offset()`: `date +%z`.
pub fn get_offset(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("timezone.get_offset", a, &[], 0)?;
    date(ctx, "+%z")
}

/// `timezone.get_zonecode()`: `date +%Z`.
pub fn get_zonecode(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("timezone.get_zonecode", a, &[], 0)?;
    date(ctx, "+%Z")
}
