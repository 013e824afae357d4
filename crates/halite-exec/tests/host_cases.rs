//! The host-dependent cases of tests/data/cases.json (`"host": true`): commands, users,
//! packages, file ownership, network. Expected values are recomputed from this host here
//! (network ones from `ip -o link` / `ip -o addr` and getent, without halite's code); the
//! recorded Salt value is used only where it does not depend on the host (e.g. `echo`
//! output). Without `ip` the network cases are skipped (said on stderr).

use halite_exec::{Args, ExecContext, ExecError, Registry};
use halite_value::{Map, Value};
use std::net::IpAddr;
use std::os::unix::fs::MetadataExt;
use std::path::PathBuf;

fn cases() -> Vec<Value> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/cases.json");
    match Value::from_json_str(&std::fs::read_to_string(p).expect("fixture")).expect("json") {
        Value::List(l) => l
            .into_iter()
            .filter(|c| c.get("host").is_some_and(Value::truthy))
            .collect(),
        _ => vec![],
    }
}

fn which(name: &str) -> Option<String> {
    let path = std::env::var("PATH").unwrap_or_default();
    path.split(':')
        .map(|d| std::path::Path::new(d).join(name))
        .find(|p| p.is_file())
        .map(|p| p.to_string_lossy().into_owned())
}

fn passwd() -> Vec<Vec<String>> {
    std::fs::read_to_string("/etc/passwd")
        .unwrap_or_default()
        .lines()
        .map(|l| l.split(':').map(String::from).collect::<Vec<_>>())
        .filter(|f| f.len() >= 7)
        .collect()
}

fn group_name(gid: u32) -> Option<String> {
    std::fs::read_to_string("/etc/group")
        .ok()?
        .lines()
        .find_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.len() > 2 && f[2] == gid.to_string()).then(|| f[0].to_string())
        })
}

/// The postgres cases were recorded as root with psql installed and no server running:
/// only such a host can give the same answers.
fn postgres_like_recording() -> bool {
    let root = std::fs::metadata("/proc/self").is_ok_and(|m| m.uid() == 0);
    root && !std::path::Path::new("/var/run/postgresql/.s.PGSQL.5432").exists()
}

/// One interface as `ip -o link` / `ip -o addr` show it.
struct IpIface {
    name: String,
    up: bool,
    hwaddr: Option<String>,
    /// (address, prefix length, broadcast, label)
    inet: Vec<(String, u32, Option<String>, String)>,
    /// (address, prefix length, scope)
    inet6: Vec<(String, u32, String)>,
    /// A secondary address (Salt lists those apart; not modelled here).
    secondary: bool,
}

/// Interfaces in ifindex order, or `None` without `ip`.
fn ip_ifaces() -> Option<Vec<IpIface>> {
    let run = |args: &[&str]| -> Option<String> {
        which("ip")?;
        let o = std::process::Command::new("ip").args(args).output().ok()?;
        o.status
            .success()
            .then(|| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let links = run(&["-o", "link", "show"])?;
    let addrs = run(&["-o", "addr", "show"])?;
    let mut out: Vec<IpIface> = Vec::new();
    for l in links.lines() {
        let Some(name) = l.split(": ").nth(1) else {
            continue;
        };
        let flags = l.split('<').nth(1).and_then(|f| f.split('>').next());
        let words: Vec<&str> = l.split_whitespace().collect();
        let hwaddr = words
            .iter()
            .position(|w| w.starts_with("link/"))
            .and_then(|i| words.get(i + 1))
            .filter(|a| a.contains(':'))
            .map(|a| a.to_string());
        out.push(IpIface {
            name: name.split('@').next().unwrap_or(name).to_string(),
            up: flags.is_some_and(|f| f.split(',').any(|x| x == "UP")),
            hwaddr,
            inet: vec![],
            inet6: vec![],
            secondary: false,
        });
    }
    for l in addrs.lines() {
        let (head, _) = l.split_once('\\').unwrap_or((l, ""));
        let f: Vec<&str> = head.split_whitespace().collect();
        if f.len() < 4 {
            continue;
        }
        let Some(i) = out.iter_mut().find(|i| i.name == f[1]) else {
            continue;
        };
        let (addr, prefix) = f[3].split_once('/').unwrap_or((f[3], "128"));
        let prefix: u32 = prefix.parse().unwrap_or(0);
        let after = |key: &str| {
            f.iter()
                .position(|w| *w == key)
                .and_then(|p| f.get(p + 1))
                .map(|s| s.to_string())
        };
        i.secondary |= f.contains(&"secondary");
        match f[2] {
            "inet" => {
                let label = f.last().map(|s| s.to_string()).unwrap_or_default();
                i.inet.push((addr.to_string(), prefix, after("brd"), label));
            }
            "inet6" => i
                .inet6
                .push((addr.to_string(), prefix, after("scope").unwrap_or_default())),
            _ => {}
        }
    }
    Some(out)
}

fn netmask4(prefix: u32) -> String {
    let bits: u32 = if prefix == 0 {
        0
    } else {
        u32::MAX << (32 - prefix)
    };
    std::net::Ipv4Addr::from(bits).to_string()
}

/// (network address, prefix) of `addr/prefix`.
fn network_of(addr: &str, prefix: u32) -> Option<String> {
    Some(match addr.parse::<IpAddr>().ok()? {
        IpAddr::V4(a) => {
            let mask: u32 = if prefix == 0 {
                0
            } else {
                u32::MAX << (32 - prefix)
            };
            format!("{}/{prefix}", std::net::Ipv4Addr::from(u32::from(a) & mask))
        }
        IpAddr::V6(a) => {
            let mask: u128 = if prefix == 0 {
                0
            } else {
                u128::MAX << (128 - prefix)
            };
            format!(
                "{}/{prefix}",
                std::net::Ipv6Addr::from(u128::from(a) & mask)
            )
        }
    })
}

fn in_cidr(addr: IpAddr, cidr: &str) -> bool {
    let Some((net, prefix)) = cidr.split_once('/') else {
        return false;
    };
    let prefix: u32 = prefix.parse().unwrap_or(0);
    network_of(&addr.to_string(), prefix).as_deref() == network_of(net, prefix).as_deref()
}

/// Python's `ipaddress.IPv4Address.is_private` (3.11's table).
fn py_is_private4(a: std::net::Ipv4Addr) -> bool {
    [
        "0.0.0.0/8",
        "10.0.0.0/8",
        "127.0.0.0/8",
        "169.254.0.0/16",
        "172.16.0.0/12",
        "192.0.0.0/29",
        "192.0.0.170/31",
        "192.0.2.0/24",
        "192.168.0.0/16",
        "198.18.0.0/15",
        "198.51.100.0/24",
        "203.0.113.0/24",
        "240.0.0.0/4",
        "255.255.255.255/32",
    ]
    .iter()
    .any(|c| in_cidr(IpAddr::V4(a), c))
}

fn sorted_strs(mut v: Vec<IpAddr>) -> Value {
    v.sort();
    v.dedup();
    Value::List(v.into_iter().map(|a| Value::str(a.to_string())).collect())
}

/// `getent DB KEY`'s first line, split in words.
fn getent_first(db: &str, key: &str) -> Option<Vec<String>> {
    which("getent")?;
    let o = std::process::Command::new("getent")
        .args([db, key])
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    let line = text.lines().next()?;
    Some(line.split_whitespace().map(String::from).collect())
}

/// The value of a `network.*` case on this host (`None`: cannot be computed here).
fn network_expected(
    fun: &str,
    args: &[Value],
    kwargs: &Map,
    ifaces: &[IpIface],
) -> Option<Result<Value, String>> {
    let kw = |k: &str| kwargs.get(k).cloned();
    let arg0 = args.first().map(Value::py_str);
    let hostname = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .unwrap_or_default()
        .trim()
        .to_string();
    let all: Vec<(&IpIface, IpAddr)> = ifaces
        .iter()
        .flat_map(|i| {
            i.inet
                .iter()
                .map(|a| a.0.as_str())
                .chain(i.inet6.iter().map(|a| a.0.as_str()))
                .filter_map(move |a| a.parse().ok().map(|a| (i, a)))
        })
        .collect();
    Some(Ok(match fun {
        "network.ip_addrs" | "network.ip_addrs6" => {
            let v6 = fun.ends_with('6');
            let iface = arg0.clone();
            let include_lo = args
                .get(1)
                .or(kw("include_loopback").as_ref())
                .is_some_and(Value::truthy);
            let cidr = kw("cidr").map(|c| c.py_str());
            let typ = kw("type").map(|c| c.py_str());
            sorted_strs(
                all.iter()
                    .filter(|(i, a)| {
                        a.is_ipv6() == v6
                            && iface.as_ref().is_none_or(|n| *n == i.name)
                            && (include_lo || !a.is_loopback())
                            && cidr.as_ref().is_none_or(|c| in_cidr(*a, c))
                            && match (typ.as_deref(), a) {
                                (Some("private"), IpAddr::V4(a4)) => py_is_private4(*a4),
                                (Some("public"), IpAddr::V4(a4)) => !py_is_private4(*a4),
                                (Some(_), _) => false,
                                (None, _) => true,
                            }
                    })
                    .map(|(_, a)| *a)
                    .collect(),
            )
        }
        "network.get_hostname" => Value::str(hostname),
        // socket.getfqdn(): the reverse name of the hostname's first address, else a
        // dotted alias, else the hostname.
        "network.get_fqdn" => {
            let addr = getent_first("ahosts", &hostname)?.first()?.clone();
            match getent_first("hosts", &addr) {
                Some(words) if words.len() > 1 => {
                    let names = &words[1..];
                    let dotted = names.iter().find(|n| n.contains('.'));
                    Value::str(dotted.unwrap_or(&names[0]).clone())
                }
                _ => Value::str(hostname),
            }
        }
        "network.hw_addr" => {
            let name = arg0.unwrap_or_default();
            match ifaces.iter().find(|i| i.name == name) {
                Some(i) => Value::str(i.hwaddr.clone()?),
                None => {
                    let names: Vec<String> =
                        ifaces.iter().map(|i| format!("\"{}\"", i.name)).collect();
                    Value::str(format!(
                        "Interface \"{name}\" not in available interfaces: {}",
                        names.join(", ")
                    ))
                }
            }
        }
        "network.in_subnet" => {
            let cidr = arg0.unwrap_or_default();
            Value::Bool(
                all.iter()
                    .any(|(_, a)| !a.is_loopback() && in_cidr(*a, &cidr)),
            )
        }
        "network.subnets" | "network.subnets6" => {
            let v6 = fun.ends_with('6');
            let only: Option<Vec<String>> = args
                .first()
                .and_then(Value::as_list)
                .map(|l| l.iter().map(Value::py_str).collect());
            let mut nets: Vec<String> = Vec::new();
            for i in ifaces {
                if only.as_ref().is_some_and(|o| !o.contains(&i.name)) {
                    continue;
                }
                let addrs: Vec<(String, u32)> = if v6 {
                    i.inet6.iter().map(|a| (a.0.clone(), a.1)).collect()
                } else {
                    i.inet.iter().map(|a| (a.0.clone(), a.1)).collect()
                };
                for (a, p) in addrs {
                    if a.parse::<IpAddr>().is_ok_and(|a| a.is_loopback()) {
                        continue;
                    }
                    let n = network_of(&a, p)?;
                    if !nets.contains(&n) {
                        nets.push(n);
                    }
                }
            }
            Value::List(nets.into_iter().map(Value::str).collect())
        }
        "network.interfaces" => {
            if ifaces.iter().any(|i| i.secondary) {
                eprintln!("network.interfaces: secondary addresses are not modelled here");
                return None;
            }
            let mut m = Map::new();
            for i in ifaces {
                let mut e = Map::new();
                e.insert("up", Value::Bool(i.up));
                if let Some(h) = &i.hwaddr {
                    e.insert("hwaddr", Value::str(h.clone()));
                }
                if !i.inet.is_empty() {
                    let list = i.inet.iter().map(|(a, p, brd, label)| {
                        let mut x = Map::new();
                        x.insert("address", Value::str(a.clone()));
                        x.insert("netmask", Value::str(netmask4(*p)));
                        x.insert(
                            "broadcast",
                            brd.clone().map(Value::str).unwrap_or(Value::Null),
                        );
                        x.insert("label", Value::str(label.clone()));
                        Value::Map(x)
                    });
                    e.insert("inet", Value::List(list.collect()));
                }
                if !i.inet6.is_empty() {
                    let list = i.inet6.iter().map(|(a, p, scope)| {
                        let mut x = Map::new();
                        x.insert("address", Value::str(a.clone()));
                        x.insert("prefixlen", Value::str(p.to_string()));
                        x.insert("scope", Value::str(scope.clone()));
                        Value::Map(x)
                    });
                    e.insert("inet6", Value::List(list.collect()));
                }
                m.insert(i.name.clone(), Value::Map(e));
            }
            Value::Map(m)
        }
        _ => return None,
    }))
}

/// The value this host should give, or `None` to compare with the recorded Salt value.
fn expected(fun: &str, args: &[Value]) -> Option<Result<Value, String>> {
    let arg0 = args.first().map(Value::py_str).unwrap_or_default();
    match fun {
        "cmd.which" => Some(Ok(which(&arg0).map(Value::from).unwrap_or(Value::Null))),
        "cmd.has_exec" => Some(Ok(Value::Bool(which(&arg0).is_some()))),
        "user.list_users" => {
            let mut names: Vec<String> = passwd().into_iter().map(|f| f[0].clone()).collect();
            names.sort();
            Some(Ok(Value::List(
                names.into_iter().map(Value::from).collect(),
            )))
        }
        "user.info" => {
            let Some(f) = passwd().into_iter().find(|f| f[0] == arg0) else {
                return Some(Ok(Value::Map(Map::new())));
            };
            let gid: u32 = f[3].parse().unwrap_or(0);
            let mut groups: Vec<String> = std::fs::read_to_string("/etc/group")
                .unwrap_or_default()
                .lines()
                .filter_map(|l| {
                    let g: Vec<&str> = l.split(':').collect();
                    (g.len() > 3 && (g[2] == gid.to_string() || g[3].split(',').any(|m| m == arg0)))
                        .then(|| g[0].to_string())
                })
                .collect();
            groups.sort();
            groups.dedup();
            let mut gecos: Vec<String> = f[4].splitn(5, ',').map(String::from).collect();
            gecos.resize(5, String::new());
            let mut m = Map::new();
            m.insert("gid", Value::Int(gid as i64));
            m.insert(
                "groups",
                Value::List(groups.into_iter().map(Value::from).collect()),
            );
            m.insert("home", Value::str(f[5].clone()));
            m.insert("name", Value::str(f[0].clone()));
            m.insert("passwd", Value::str(f[1].clone()));
            m.insert("shell", Value::str(f[6].clone()));
            m.insert("uid", Value::Int(f[2].parse().unwrap_or(0)));
            for (k, v) in ["fullname", "roomnumber", "workphone", "homephone", "other"]
                .iter()
                .zip(gecos)
            {
                m.insert(*k, Value::Str(v.into()));
            }
            Some(Ok(Value::Map(m)))
        }
        "pkg.version" => {
            let version = |name: &str| -> Value {
                let out = std::process::Command::new("dpkg-query")
                    .args(["-W", "-f", "${db:Status-Status} ${Version}", name])
                    .output();
                match out {
                    Ok(o) => {
                        let text = String::from_utf8_lossy(&o.stdout).into_owned();
                        match text.split_once(' ') {
                            Some(("installed", v)) => Value::str(v),
                            _ => Value::str(""),
                        }
                    }
                    Err(_) => Value::str(""),
                }
            };
            if args.len() == 1 {
                Some(Ok(version(&arg0)))
            } else {
                Some(Ok(Value::Map(
                    args.iter()
                        .map(|a| (a.clone(), version(&a.py_str())))
                        .collect(),
                )))
            }
        }
        "file.get_user" => {
            let md = std::fs::metadata(&arg0).ok()?;
            let name = passwd()
                .into_iter()
                .find(|f| f[2] == md.uid().to_string())
                .map(|f| f[0].clone());
            Some(Ok(name
                .map(Value::from)
                .unwrap_or(Value::Int(md.uid() as i64))))
        }
        "file.get_group" => {
            let md = std::fs::metadata(&arg0).ok()?;
            Some(Ok(group_name(md.gid())
                .map(Value::from)
                .unwrap_or(Value::Int(md.gid() as i64))))
        }
        "file.get_mode" => {
            let md = std::fs::metadata(&arg0).ok()?;
            Some(Ok(Value::Str(format!("{:04o}", md.mode() & 0o7777).into())))
        }
        "environ.get" => Some(Ok(match args.first() {
            Some(Value::Str(k)) => std::env::var(k)
                .map(Value::from)
                .unwrap_or_else(|_| args.get(1).cloned().unwrap_or(Value::str(""))),
            _ => Value::Bool(false),
        })),
        "environ.has_value" => Some(Ok(Value::Bool(match std::env::var(&arg0) {
            Ok(v) => args.get(1).is_none_or(|want| *want == Value::Str(v.into())),
            Err(_) => false,
        }))),
        "environ.item" => {
            let keys = args
                .first()
                .and_then(Value::as_list)
                .cloned()
                .unwrap_or_default();
            Some(Ok(Value::Map(
                keys.into_iter()
                    .map(|k| {
                        let v = std::env::var(k.py_str())
                            .map(Value::from)
                            .unwrap_or(Value::str(""));
                        (k, v)
                    })
                    .collect(),
            )))
        }
        "git.revision" => {
            let out = std::process::Command::new("git")
                .args(["rev-parse", "HEAD"])
                .current_dir(&arg0)
                .output()
                .ok()?;
            if !out.status.success() {
                return Some(Err("not a git checkout".into()));
            }
            Some(Ok(Value::Str(
                String::from_utf8_lossy(&out.stdout)
                    .trim_end()
                    .to_string()
                    .into(),
            )))
        }
        "alternatives.show_current" => {
            Some(Ok(std::fs::read_link(format!("/etc/alternatives/{arg0}"))
                .map(|p| Value::Str(p.to_string_lossy().into()))
                .unwrap_or(Value::Bool(false))))
        }
        // halite refuses to change a PostgreSQL server (Salt tries, and fails here).
        "postgres.user_create" => Some(Err("not implemented".into())),
        "sys.list_functions" => {
            // halite lists its own functions, not Salt's.
            let names: Vec<Value> = Registry::standard()
                .names()
                .into_iter()
                .filter(|n| n.starts_with(&format!("{arg0}.")))
                .map(Value::str)
                .collect();
            Some(Ok(Value::List(names.into())))
        }
        _ => None,
    }
}

#[test]
fn host_cases_match_this_host() {
    let reg = Registry::standard();
    let ctx = ExecContext {
        saltenv: "base".into(),
        ..Default::default()
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    let ifaces = ip_ifaces();
    if ifaces.is_none() {
        halite_testkit::skip(
            "the network.* host cases",
            "`ip` (iproute2) is not installed",
        );
    }
    for case in cases() {
        let fun = case
            .get("fun")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string();
        let args = case
            .get("args")
            .and_then(Value::as_list)
            .cloned()
            .unwrap_or_default();
        let kwargs = case
            .get("kwargs")
            .and_then(Value::as_map)
            .cloned()
            .unwrap_or_default();
        // Salt's loader hides modules whose __virtual__ fails; so must halite.
        let available = match fun.split('.').next() {
            Some("dig") => which("dig").is_some(),
            Some("pkg") => std::path::Path::new("/var/lib/dpkg/status").exists(),
            Some("git") => which("git").is_some(),
            Some("postgres") => which("psql").is_some(),
            _ => true,
        };
        assert_eq!(reg.contains(&fun), available, "{fun} availability");
        if !available || (fun.starts_with("postgres.") && !postgres_like_recording()) {
            continue;
        }
        let want = if fun.starts_with("network.") {
            match ifaces
                .as_deref()
                .and_then(|i| network_expected(&fun, &args, &kwargs, i))
            {
                Some(w) => Some(w),
                None => continue,
            }
        } else {
            expected(&fun, &args)
        };
        checked += 1;
        let got = reg.call(&ctx, &fun, &Args::new(args.to_vec(), kwargs.clone()));
        let desc = format!("{fun} {:?} {:?}", args, kwargs);
        match (want, got) {
            (Some(Ok(want)), Ok(got)) => {
                if want.to_json() != got.to_json() {
                    failures.push(format!(
                        "{desc}\n  want {}\n  got  {}",
                        want.to_json(),
                        got.to_json()
                    ));
                }
            }
            (Some(Err(_)), Err(_)) => {}
            (Some(want), got) => failures.push(format!("{desc}: want {want:?} got {got:?}")),
            (None, got) => {
                // Host-independent output (echo, exit codes): compare with Salt's recording.
                match (case.get("ret"), case.get("error"), got) {
                    (Some(want), _, Ok(mut got)) => {
                        let mut want = want.clone();
                        if let (Some(Value::Map(w)), Some(Value::Map(g))) =
                            (Some(&mut want), Some(&mut got))
                        {
                            if w.contains_key("pid") {
                                assert!(g
                                    .get("pid")
                                    .and_then(Value::as_i64)
                                    .is_some_and(|p| p > 0));
                                w.remove("pid");
                                g.remove("pid");
                            }
                        }
                        if want.to_json() != got.to_json() {
                            failures.push(format!(
                                "{desc}\n  want {}\n  got  {}",
                                want.to_json(),
                                got.to_json()
                            ));
                        }
                    }
                    (_, Some(err), Err(ExecError::Failed(msg))) => {
                        // The context part of Salt's message lists the whole environment.
                        let want = err.get("message").and_then(Value::as_str).unwrap_or("");
                        let prefix = want.split(" with the context").next().unwrap_or("");
                        if !msg.starts_with(prefix) {
                            failures.push(format!(
                                "{desc}\n  want error {want:.120}\n  got  {msg:.120}"
                            ));
                        }
                    }
                    (_, _, other) => failures.push(format!("{desc}: got {other:?}")),
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} host cases ran");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn call_mut_writes_back_in_place_merges() {
    let reg = Registry::standard();
    let ctx = ExecContext::default();
    let dest = Value::from_json_str(r#"{"a": 1, "d": {"x": 1}}"#).expect("json");
    let src = Value::from_json_str(r#"{"b": 2, "d": {"y": 2}}"#).expect("json");
    let mut args = Args::new(vec![dest.clone(), src.clone()], Map::new());
    let ret = reg
        .call_mut(&ctx, "defaults.merge", &mut args)
        .expect("merge");
    assert_eq!(args.args[0].to_json(), ret.to_json());
    assert_eq!(
        ret.to_json(),
        Value::from_json_str(r#"{"a": 1, "d": {"x": 1, "y": 2}, "b": 2}"#)
            .expect("json")
            .to_json()
    );
    let mut kw = Map::new();
    kw.insert("in_place", Value::Bool(false));
    let mut args = Args::new(vec![dest.clone(), src], kw);
    reg.call_mut(&ctx, "defaults.merge", &mut args)
        .expect("merge");
    assert_eq!(args.args[0].to_json(), dest.to_json());
}
