//! Salt's network filters (salt/utils/network.py): `is_ip`, `is_ipv4`, `is_ipv6`, `ipaddr`,
//! `ipv4`, `ipv6`.

use super::{add, mut_list, to_list, FilterResult};
use crate::args::PyArgs;
use crate::repr::py_str;
use minijinja::value::Value;
use minijinja::{Environment, State};
use std::net::IpAddr;

pub fn register(env: &mut Environment<'static>) {
    add(env, "is_ip", |_, v, _| {
        Ok(Value::from(parse_ip(&py_str(&v)).is_some()))
    });
    add(env, "is_ipv4", |_, v, _| {
        Ok(Value::from(matches!(
            parse_ip(&py_str(&v)),
            Some(IpAddr::V4(_))
        )))
    });
    add(env, "is_ipv6", |_, v, _| {
        Ok(Value::from(matches!(
            parse_ip(&py_str(&v)),
            Some(IpAddr::V6(_))
        )))
    });
    add(env, "ipaddr", |s, v, a| filter_ips(s, v, a, None));
    add(env, "ipv4", |s, v, a| filter_ips(s, v, a, Some(4)));
    add(env, "ipv6", |s, v, a| filter_ips(s, v, a, Some(6)));
}

fn parse_ip(s: &str) -> Option<IpAddr> {
    s.parse::<IpAddr>().ok()
}

fn version_ok(ip: &IpAddr, version: Option<u8>) -> bool {
    match version {
        Some(4) => ip.is_ipv4(),
        Some(6) => ip.is_ipv6(),
        _ => true,
    }
}

/// `ipaddr(value)`: a single address gives itself or `None`; a list gives the valid ones.
fn filter_ips(_: &State, v: Value, _a: PyArgs, version: Option<u8>) -> FilterResult {
    if let Some(s) = v.as_str() {
        return Ok(match parse_ip(s) {
            Some(ip) if version_ok(&ip, version) => Value::from(s),
            _ => Value::from(()),
        });
    }
    let items = to_list(&v)?;
    let ok: Vec<Value> = items
        .into_iter()
        .filter(|x| parse_ip(&py_str(x)).is_some_and(|ip| version_ok(&ip, version)))
        .collect();
    Ok(mut_list(ok))
}
