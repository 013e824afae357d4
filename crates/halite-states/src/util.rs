//! Small helpers shared by the state modules and the runtime.

use halite_value::{Map, Value};

/// Salt's `_gen_tag`: `state_|-__id__|-name_|-fun`, each part as Python's `str()`.
pub fn gen_tag(low: &Map) -> String {
    let part = |k: &str| low.get(k).map(Value::py_str).unwrap_or_default();
    format!(
        "{}_|-{}_|-{}_|-{}",
        part("state"),
        part("__id__"),
        part("name"),
        part("fun")
    )
}

pub fn gen_tag_value(low: &Value) -> String {
    low.as_map().map(gen_tag).unwrap_or_default()
}

/// Salt's keyword lists live with the requisites they describe, in halite-compile.
pub use halite_compile::{STATE_INTERNAL_KEYWORDS, STATE_REQUISITE_KEYWORDS};

/// A state function's `**kwargs`: the chunk's keys that are neither internal keywords nor
/// among the function's named parameters (`params`).
pub fn extra_kwargs(low: &Map, params: &[&str]) -> Map {
    low.iter()
        .filter(|(k, _)| {
            let k = k.py_str();
            !STATE_INTERNAL_KEYWORDS.contains(&k.as_str()) && !params.contains(&k.as_str())
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Python's `fnmatch.fnmatch` (one implementation for the workspace, in halite-value).
pub use halite_value::fnmatch;

/// Python `datetime.time.isoformat()` of the local time now: `HH:MM:SS.ffffff`, or
/// `HH:MM:SS` when the microseconds are 0.
pub fn local_time_iso(t: std::time::SystemTime) -> String {
    let d = t.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let micros = d.subsec_micros();
    let offset = local_utc_offset(secs);
    let day = (secs + offset).rem_euclid(86_400);
    let (h, m, s) = (day / 3600, (day / 60) % 60, day % 60);
    if micros == 0 {
        format!("{h:02}:{m:02}:{s:02}")
    } else {
        format!("{h:02}:{m:02}:{s:02}.{micros:06}")
    }
}

/// The time stamp `salt.utils.files.backup_minion` puts in a backup's name:
/// `time.strftime("%a_%b_%d_%H:%M:%S_%Y")` (local time, C locale) with the last six digits of
/// the time in microseconds inserted before the year: `Mon_Jan_01_12:00:00_123456_2024`.
pub fn backup_stamp(t: std::time::SystemTime) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let d = t.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own; both pointers are valid.
    let tm = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        libc::localtime_r(&secs, &mut tm);
        tm
    };
    let name = |names: &[&'static str], i: libc::c_int| -> &'static str {
        usize::try_from(i)
            .ok()
            .and_then(|i| names.get(i))
            .copied()
            .unwrap_or("???")
    };
    format!(
        "{}_{}_{:02}_{:02}:{:02}:{:02}_{:06}_{}",
        name(&DAYS, tm.tm_wday),
        name(&MONTHS, tm.tm_mon),
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec,
        d.subsec_micros(),
        tm.tm_year + 1900
    )
}

/// `time.strftime("%Y-%m-%d-%H-%M-%S")` in local time: file.line's backup suffix.
pub fn line_backup_stamp(t: std::time::SystemTime) -> String {
    let secs = t
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs() as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own; both pointers are valid.
    let tm = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        libc::localtime_r(&secs, &mut tm);
        tm
    };
    format!(
        "{:04}-{:02}-{:02}-{:02}-{:02}-{:02}",
        tm.tm_year + 1900,
        tm.tm_mon + 1,
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec
    )
}

fn local_utc_offset(secs: i64) -> i64 {
    let t: libc::time_t = secs as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own; both pointers are valid.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() {
            return 0;
        }
        tm.tm_gmtoff
    }
}

/// `__salt__[fun](*args, **kwargs)` through the execution registry; an exception becomes the
/// state's `CommandExecutionError`, or the Python exception its text names
/// (`TypeError: ...`, which a Salt function raises by accident).
pub fn salt_call(
    call: &crate::StateCall,
    fun: &str,
    args: Vec<Value>,
    kwargs: Map,
) -> Result<Value, crate::StateError> {
    call.exec
        .call(call.ctx, fun, &halite_exec::Args::new(args, kwargs))
        .map_err(|e| {
            let text = e.to_string();
            if text.starts_with("TypeError: ") || text.starts_with("salt.exceptions.MinionError: ")
            {
                crate::StateError::Other(text)
            } else {
                crate::StateError::Command(text)
            }
        })
}

/// [`salt_call`] with positional arguments only.
pub fn salt(
    call: &crate::StateCall,
    fun: &str,
    args: Vec<Value>,
) -> Result<Value, crate::StateError> {
    salt_call(call, fun, args, Map::new())
}

#[cfg(test)]
mod tests {
    use super::fnmatch;

    #[test]
    fn fnmatch_like_python() {
        assert!(fnmatch("web_one", "web_*"));
        assert!(fnmatch("db_one", "db_on?"));
        assert!(!fnmatch("db_one", "db_o?"));
        assert!(fnmatch("abc", "a[a-c]c"));
        assert!(!fnmatch("abc", "a[!a-c]c"));
        assert!(fnmatch("a[", "a["));
        assert!(fnmatch("", "*"));
        assert!(fnmatch("x/y", "x*"));
        assert!(!fnmatch("main", "other"));
    }
}
