//! `salt.modules.disk`, the one function the mount states read: `blkid`.

use super::cmd;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `disk.blkid(device=None, token=None)`: `blkid [DEVICE | -t TOKEN]` as `{device: {KEY:
/// value}}`; `{}` when blkid fails (or finds nothing).
pub fn blkid(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("disk.blkid", a, &["device", "token"], 0)?;
    let mut argv = vec!["blkid".to_string()];
    if let Some(d) = b.opt(0).filter(|v| v.truthy()) {
        argv.push(d.py_str());
    } else if let Some(t) = b.opt(1).filter(|v| v.truthy()) {
        argv.push("-t".into());
        argv.push(t.py_str());
    }
    Ok(Value::Map(blkid_argv(ctx, &argv)?))
}

pub(crate) fn blkid_argv(ctx: &ExecContext, argv: &[String]) -> Result<Map, ExecError> {
    let res = cmd::run_all_argv(ctx, argv, &[])?;
    let mut ret = Map::new();
    if res
        .get("retcode")
        .is_some_and(|r| !matches!(r, Value::Int(0)))
    {
        return Ok(ret);
    }
    let stdout = res.get("stdout").map(Value::py_str).unwrap_or_default();
    for line in stdout.lines() {
        if line.is_empty() {
            continue;
        }
        let first = line.split_whitespace().next().unwrap_or("");
        // comps[0][:-1]: the device without its colon
        let device: String = {
            let mut c = first.chars();
            c.next_back();
            c.as_str().to_string()
        };
        let rest = line.split_once(' ').map(|(_, r)| r).unwrap_or("");
        // re.split('"*"', rest): split at every run of double quotes
        let parts = split_quotes(rest);
        let mut info = Map::new();
        for pair in parts.chunks(2) {
            if let [k, v] = pair {
                let key = k.trim_matches('=').trim_matches(' ');
                info.insert(key, Value::str(v.trim_matches('"')));
            }
        }
        ret.insert(device.as_str(), Value::Map(info));
    }
    Ok(ret)
}

fn split_quotes(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '"' {
            while chars.peek() == Some(&'"') {
                chars.next();
            }
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    out.push(cur);
    out
}

#[cfg(test)]
mod tests {
    use super::split_quotes;

    #[test]
    fn blkid_attributes_split_like_salts_regex() {
        assert_eq!(
            split_quotes(r#"UUID="ab-c" BLOCK_SIZE="4096" TYPE="ext4""#),
            vec![
                "UUID=",
                "ab-c",
                " BLOCK_SIZE=",
                "4096",
                " TYPE=",
                "ext4",
                ""
            ]
        );
    }
}
