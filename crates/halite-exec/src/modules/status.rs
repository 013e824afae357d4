//! `salt.modules.status`: the functions formulas call at render time.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;
use std::time::{SystemTime, UNIX_EPOCH};

/// `status.time(format="%A, %d. %B %Y %I:%M%p")`: `datetime.today().strftime(format)`, the
/// local time through C's `strftime` as CPython does (it handles `%f` itself).
pub fn time(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("status.time", a, &["format"], 0)?;
    let format = b
        .get(0)
        .map(Value::py_str)
        .unwrap_or_else(|| "%A, %d. %B %Y %I:%M%p".to_string());
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let format = format.replace("%f", &format!("{:06}", now.subsec_micros()));
    Ok(Value::Str(
        local_strftime(&format, now.as_secs() as libc::time_t).into(),
    ))
}

fn local_strftime(format: &str, secs: libc::time_t) -> String {
    let Ok(cfmt) = std::ffi::CString::new(format) else {
        return String::new();
    };
    // SAFETY: localtime_r fills the zeroed struct we own; strftime writes at most buf.len()
    // bytes into our buffer and returns how many it wrote.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&secs, &mut tm).is_null() {
            return String::new();
        }
        let mut buf = vec![0u8; 256 + format.len() * 16];
        let n = libc::strftime(buf.as_mut_ptr().cast(), buf.len(), cfmt.as_ptr(), &tm);
        buf.truncate(n);
        String::from_utf8_lossy(&buf).into_owned()
    }
}

/// The pids `status.pid(sig)` finds: the second column of each `ps` line (the `ps` grain,
/// `ps -efHww`) where the regular expression `sig` matches, skipping lines that contain this
/// process's pid (as text, like Salt).
pub(crate) fn pids(ctx: &ExecContext, sig: &str) -> Result<Vec<String>, ExecError> {
    let re = regex::Regex::new(sig).map_err(|e| ExecError::Failed(e.to_string()))?;
    let ps = ctx
        .grains
        .as_map()
        .and_then(|g| g.get("ps"))
        .map(Value::py_str)
        .unwrap_or_else(|| "ps -efHww".to_string());
    let mut kw = halite_value::Map::new();
    kw.insert("python_shell", Value::Bool(true));
    let out = super::cmd::run_stdout(ctx, &Args::new(vec![Value::str(ps)], kw))?.py_str();
    let me = std::process::id().to_string();
    Ok(out
        .lines()
        .filter(|l| !l.contains(&me) && re.is_match(l))
        .filter_map(|l| l.split_whitespace().nth(1).map(str::to_string))
        .collect())
}
