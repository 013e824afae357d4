//! `salt.modules.dig`: only loaded when the `dig` binary exists (Salt's `__virtual__`).

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;
use std::process::Command;

pub(crate) fn available() -> bool {
    super::cmd::which_path("dig").is_some()
}

fn query(a: &Args, fun: &str, rtype: &str, valid: fn(&str) -> bool) -> Result<Value, ExecError> {
    let b = bind(fun, a, &["host", "nameserver"], 1)?;
    let mut cmd = Command::new("dig");
    cmd.arg("+short").arg(b.str_or(0, "")).arg(rtype);
    if let Some(ns) = b.opt(1) {
        cmd.arg(format!("@{}", ns.py_str()));
    }
    let Ok(out) = cmd.output() else {
        return Ok(Value::List(vec![].into()));
    };
    if !out.status.success() {
        return Ok(Value::List(vec![].into()));
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Ok(Value::List(
        text.lines()
            .map(str::trim)
            .filter(|l| valid(l))
            .map(Value::str)
            .collect(),
    ))
}

/// `dig.A(host, nameserver=None)`: the IPv4 addresses `dig +short host A` prints.
pub fn a(_: &ExecContext, args: &Args) -> Result<Value, ExecError> {
    query(args, "dig.A", "A", |l| {
        l.parse::<std::net::Ipv4Addr>().is_ok()
    })
}

/// `dig.AAAA(host, nameserver=None)`.
pub fn aaaa(_: &ExecContext, args: &Args) -> Result<Value, ExecError> {
    query(args, "dig.AAAA", "AAAA", |l| {
        l.parse::<std::net::Ipv6Addr>().is_ok()
    })
}
