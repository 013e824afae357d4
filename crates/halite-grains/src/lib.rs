//! Salt 3007.8's core grains for the local host (`salt.grains.core`, `extra`, `disks`,
//! `minion_process`, `package`, `zfs`), keyed, typed and ordered as `grains.items` reports
//! them on Linux. Everything is read from /etc, /proc, /sys and libc calls; no subprocess runs
//! on a typical host (`lspci` for GPUs, and `systemctl --version` when libsystemd-shared can't
//! be read, are the exceptions).
//!
//! The caller sets what comes from the minion config: `id` (see [`core_grains_for`] /
//! [`GrainsOptions`]), `master`, and static `grains:` from the config, which Salt merges over
//! these.

pub mod cache;
mod net;
mod os;
mod util;

use halite_value::{Map, Value};
use std::time::{Duration, Instant};
use util::{read_trim, which};

/// A network interface as `ip addr` lists it: name, MAC, IPv4 and IPv6 addresses in kernel
/// order. Interfaces come in ifindex order.
#[derive(Debug, Clone)]
pub struct Interface {
    pub name: String,
    pub hwaddr: Option<String>,
    /// `IFF_UP`.
    pub up: bool,
    pub inet: Vec<std::net::Ipv4Addr>,
    pub inet6: Vec<std::net::Ipv6Addr>,
    /// Per IPv4 address, in `inet` order: netmask, broadcast (None without IFF_BROADCAST),
    /// label (the alias name, e.g. `eth0:1`).
    pub inet_detail: Vec<(std::net::Ipv4Addr, Option<std::net::Ipv4Addr>, String)>,
    /// Per IPv6 address, in `inet6` order: prefix length.
    pub inet6_prefix: Vec<u32>,
}

/// The host's interfaces, as `salt.utils.network.interfaces()` sees them.
pub fn interfaces() -> Vec<Interface> {
    net::interfaces()
        .into_iter()
        .map(|i| Interface {
            name: i.name,
            hwaddr: i.hwaddr,
            up: i.up,
            inet: i.inet,
            inet6: i.inet6,
            inet_detail: i.inet_detail,
            inet6_prefix: i.inet6_prefix,
        })
        .collect()
}

/// `socket.gethostname()`.
pub fn hostname() -> String {
    net::gethostname()
}

/// `salt.utils.network.get_fqhostname()` for `host`.
pub fn fqhostname(host: &str) -> String {
    net::fqhostname(host)
}

/// Python's `socket.getfqdn(name)`.
pub fn getfqdn(name: &str) -> String {
    net::getfqdn(name)
}

/// `pythonversion` of the Salt 3007.8 and 3008.4 reference installs (halite has no Python; templates
/// that branch on `grains['pythonversion']` see the value the reference Salt reported).
pub const PYTHON_VERSION: (i64, i64, i64) = (3, 11, 7);

/// What the core grains need from the minion config.
#[derive(Debug, Clone)]
pub struct GrainsOptions {
    /// The minion `id` (Salt's `id` grain and the seed of `server_id`).
    pub id: String,
    /// The `master` option (`"salt"` by default).
    pub master: String,
    /// `enable_fqdns_grains` (default True on Linux): reverse-resolve every address.
    pub enable_fqdns: bool,
    /// The Salt release halite behaves as (`saltversion`, `saltversioninfo`).
    pub salt_compat: halite_value::SaltCompat,
}

impl Default for GrainsOptions {
    fn default() -> Self {
        GrainsOptions {
            id: default_id(),
            master: "salt".into(),
            enable_fqdns: true,
            salt_compat: halite_value::SaltCompat::default(),
        }
    }
}

/// Salt's default minion id when none is configured: the fqdn (`salt.config.get_id`).
pub fn default_id() -> String {
    net::fqhostname(&net::gethostname())
}

/// The core grains of this host, with the id Salt derives when the config sets none.
pub fn core_grains() -> Map {
    core_grains_with(&GrainsOptions::default())
}

/// The core grains, with `id` from the minion config (`None`: Salt's default, the fqdn).
pub fn core_grains_for(id: Option<&str>) -> Map {
    let mut o = GrainsOptions {
        id: String::new(),
        ..GrainsOptions::default()
    };
    o.id = match id {
        Some(i) => i.to_string(),
        None => default_id(),
    };
    core_grains_with(&o)
}

/// The core grains for the given options, in Salt's key order.
pub fn core_grains_with(opts: &GrainsOptions) -> Map {
    core_grains_probed(opts, NetworkProbe::start())
}

/// [`core_grains_with`], the network grains coming from `probe` (started earlier, so that
/// the resolver's round trips overlap whatever the caller did meanwhile).
pub fn core_grains_probed(opts: &GrainsOptions, probe: NetworkProbe) -> Map {
    let mut g = Map::with_capacity(96);
    let prof = Profile::new();
    // The network grains' keys get placeholders now so the order stays Salt's; they are
    // filled in at the end, from the probe.
    g.insert(
        "cwd",
        std::env::current_dir()
            .map(|p| Value::Str(p.to_string_lossy().into()))
            .unwrap_or(Value::str("")),
    );
    net::gateways(&mut g);
    if let Some(d) = net::dns() {
        g.insert("dns", Value::Map(d));
    }
    let salt3008 = opts.salt_compat.is_3008();
    if salt3008 {
        // Salt 3008's `core.fibre_channel_host`.
        g.insert(
            "fibre_channel_host",
            Value::Bool(std::path::Path::new("/sys/class/fc_host").is_dir()),
        );
    }
    prof.mark("dns+gateways");
    g.insert("fqdns", Value::Null);
    if let Some(mid) = ["/etc/machine-id", "/var/lib/dbus/machine-id"]
        .iter()
        .find_map(|p| read_trim(p))
    {
        g.insert("machine_id", Value::Str(mid.into()));
    }
    g.insert("master", Value::Str(opts.master.clone().into()));
    g.insert("server_id", Value::Int(server_id(&opts.id)));
    for key in ["localhost", "fqdn", "host", "domain", "hwaddr_interfaces"] {
        g.insert(key, Value::Null);
    }
    g.insert("id", Value::Str(opts.id.clone().into()));
    for key in [
        "ip4_interfaces",
        "ip6_interfaces",
        "ipv4",
        "ipv6",
        "fqdn_ip4",
        "fqdn_ip6",
        "ip_interfaces",
    ] {
        g.insert(key, Value::Null);
    }
    if let Some(kp) = kernelparams() {
        g.insert("kernelparams", kp);
    }
    // Salt 3008's onedir has dateutil: the local zone's name instead of "unknown".
    g.insert("locale_info", Value::Map(locale_info(salt3008)));
    os_data(&mut g, &prof);
    let path = std::env::var("PATH").unwrap_or_default().trim().to_string();
    g.insert("path", Value::Str(path.clone().into()));
    g.insert(
        "systempath",
        Value::List(path.split(':').map(Value::str).collect()),
    );
    let (maj, min, mic) = PYTHON_VERSION;
    g.insert(
        "pythonversion",
        Value::List(
            vec![
                Value::Int(maj),
                Value::Int(min),
                Value::Int(mic),
                Value::str("final"),
                Value::Int(0),
            ]
            .into(),
        ),
    );
    g.insert("saltversion", Value::str(opts.salt_compat.version()));
    let (major, minor) = opts.salt_compat.version_info();
    g.insert(
        "saltversioninfo",
        Value::List(vec![Value::Int(major), Value::Int(minor)].into()),
    );
    disks(&mut g);
    g.insert(
        "shell",
        Value::Str(
            std::env::var("SHELL")
                .unwrap_or_else(|_| "/bin/sh".into())
                .into(),
        ),
    );
    g.insert(
        "transactional",
        Value::Bool(which("transactional-update").is_some()),
    );
    let efivars = ["/sys/firmware/efi/efivars", "/sys/firmware/efi/vars"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    g.insert("efi", Value::Bool(efivars.is_some()));
    g.insert(
        "efi-secure-boot",
        Value::Bool(efivars.is_some_and(secure_boot)),
    );
    lvm(&mut g);
    mdadm(&mut g);
    process_grains(&mut g);
    g.insert("package", Value::Null);
    if salt3008 {
        // Salt 3008: `truststore.ca_truststore` ("os" only with `use_os_truststore` and the
        // OS store injected into Python's ssl, which halite has not); the zfs grains moved
        // out of Salt.
        g.insert("ca_truststore", Value::str("certifi"));
    } else {
        let zfs = std::path::Path::new("/sys/module/zfs").exists() && which("zpool").is_some();
        g.insert("zfs_support", Value::Bool(zfs));
        g.insert("zfs_feature_flags", Value::Bool(false));
    }
    prof.mark("rest");
    probe.finish(opts.enable_fqdns).fill(&mut g);
    prof.mark("waiting for the network grains");
    g
}

/// The grains [`network_grains`] finds, off the main thread.
struct NetworkGrains {
    net: net::NetGrains,
    hostname: String,
    fqdn: String,
    fqdns: Vec<Value>,
    fqdn_ip4: Vec<Value>,
    fqdn_ip6: Vec<Value>,
}

/// The grains that wait on the kernel's interface tables and on the resolver (the host's
/// names, the fqdn's A and AAAA records, which go to the DNS server when /etc/hosts lacks
/// them: from microseconds to milliseconds), found on a thread of their own from the moment
/// [`NetworkProbe::start`] is called: a caller starts it first thing, before reading its
/// config, and hands it to [`core_grains_probed`].
pub struct NetworkProbe {
    job: Option<std::thread::JoinHandle<NetworkGrains>>,
    /// `enable_fqdns_grains`, known once the config is read: whether the probe goes on to
    /// reverse-resolve every address (`fqdns`).
    enable_fqdns: std::sync::mpsc::Sender<bool>,
}

impl NetworkProbe {
    pub fn start() -> NetworkProbe {
        let (enable_fqdns, asked) = std::sync::mpsc::channel();
        let job = std::thread::Builder::new()
            .spawn(move || network_grains(|| asked.recv().unwrap_or(false)))
            .ok();
        NetworkProbe { job, enable_fqdns }
    }

    /// The probe's grains (found here when its thread could not be started).
    fn finish(self, enable_fqdns: bool) -> NetworkGrains {
        // The probe only hangs up after it has read this, or when it is gone.
        let _ = self.enable_fqdns.send(enable_fqdns);
        self.job
            .and_then(|job| job.join().ok())
            .unwrap_or_else(|| network_grains(|| enable_fqdns))
    }
}

/// How long a resolver question may go unanswered before halite asks it again (and again). A DNS reply
/// over UDP is occasionally lost (about one query in a hundred on the development VM's
/// resolver); glibc then waits out its 5-second `timeout` before resending, and the host's
/// network grains (an AAAA query for the fqdn, a PTR query per address for `fqdns`: four
/// queries here) held about one call in ten for 5 s. Asked again after this delay, from a
/// fresh socket, the lost query costs this delay instead.
const ASK_AGAIN_AFTER: Duration = Duration::from_millis(200);
/// How long halite waits for one resolver question at all before it reports what Salt
/// reports for a lookup that fails (see [`network_grains`]): a dead DNS server costs this,
/// not glibc's timeouts times attempts.
const GIVE_UP_AFTER: Duration = Duration::from_secs(2);

/// `ask()` on a thread of its own, asked again on a further thread each time `again` passes
/// without an answer (losses come in bursts: a second asking is sometimes lost too); the
/// first answer wins. `None` when none answered within `give_up` (the threads are left to
/// finish on their own: the process does not wait for them).
fn bounded<T: Send + 'static>(
    again: Duration,
    give_up: Duration,
    ask: impl Fn() -> T + Send + Sync + 'static,
) -> Option<T> {
    let start = Instant::now();
    let ask = std::sync::Arc::new(ask);
    let (tx, rx) = std::sync::mpsc::channel();
    loop {
        let asker = {
            let (ask, tx) = (ask.clone(), tx.clone());
            std::thread::Builder::new().spawn(move || {
                let _ = tx.send(ask());
            })
        };
        if asker.is_err() {
            // No thread to ask on: ask here (unbounded, as glibc would).
            return Some(ask());
        }
        let left = give_up.saturating_sub(start.elapsed());
        match rx.recv_timeout(again.min(left)) {
            Ok(v) => return Some(v),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return None,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) if start.elapsed() >= give_up => {
                return None
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
        }
    }
}

/// [`bounded`] with the resolver's delays; `what` names the question in the warning given
/// when halite stops waiting.
fn resolve<T: Send + 'static>(
    what: String,
    fallback: &str,
    ask: impl Fn() -> T + Send + Sync + 'static,
) -> Option<T> {
    let got = bounded(ASK_AGAIN_AFTER, GIVE_UP_AFTER, ask);
    if got.is_none() {
        tracing::warn!(
            "the resolver did not answer {what} within {} s: {fallback}",
            GIVE_UP_AFTER.as_secs()
        );
    }
    got
}

/// The interfaces' grains, `socket.gethostname()` and Salt's fqdn, the fqdn's addresses,
/// then (when `enable_fqdns()` says so) the reverse lookups of `fqdns`.
///
/// The fqdn's A and AAAA lookups are asked together (the AAAA one often goes to the DNS
/// server: an /etc/hosts without an IPv6 entry for the host), while a second thread reads
/// the interfaces. Salt asks for the A or AAAA records only when the host has an address of
/// that family; the answers for a missing family are dropped, so the grains are Salt's.
/// Every question is [`resolve`]d: asked again every 200 ms while unanswered, given up after
/// 2 s with what Salt reports when the lookup fails (the hostname as fqdn, no addresses, no
/// name for that address in `fqdns`).
fn network_grains(enable_fqdns: impl FnOnce() -> bool) -> NetworkGrains {
    let interfaces = std::thread::Builder::new().spawn(net::net_grains).ok();
    let hostname = net::gethostname();
    let fqdn = {
        let h = hostname.clone();
        resolve(
            format!("for the canonical name of {hostname}"),
            "the fqdn grain is the hostname",
            move || net::fqhostname(&h),
        )
        .unwrap_or_else(|| hostname.clone())
    };
    let ips = |v6: bool| {
        let f = fqdn.clone();
        std::thread::Builder::new()
            .spawn(move || {
                let fam = if v6 { "AAAA" } else { "A" };
                let grain = if v6 { "fqdn_ip6" } else { "fqdn_ip4" };
                resolve(
                    format!("for the {fam} records of {f}"),
                    &format!("the {grain} grain is []"),
                    {
                        let f = f.clone();
                        move || net::fqdn_ips(&f, v6)
                    },
                )
                .unwrap_or_default()
            })
            .ok()
    };
    let (ip6_job, ip4_job) = (ips(true), ips(false));
    let mut fqdn_ip6 = ip6_job.and_then(|j| j.join().ok()).unwrap_or_default();
    let mut fqdn_ip4 = ip4_job.and_then(|j| j.join().ok()).unwrap_or_default();
    let net = interfaces
        .and_then(|job| job.join().ok())
        .unwrap_or_else(net::net_grains);
    if net.ipv4.is_empty() {
        fqdn_ip4.clear();
    }
    if net.ipv6.is_empty() {
        fqdn_ip6.clear();
    }
    let fqdns = if enable_fqdns() {
        net::fqdns(&net.non_loopback, |a| {
            resolve(
                format!("for the name of {a}"),
                "the fqdns grain lacks it",
                move || net::reverse(a),
            )
            .flatten()
        })
    } else {
        Vec::new()
    };
    NetworkGrains {
        net,
        hostname,
        fqdn,
        fqdns,
        fqdn_ip4,
        fqdn_ip6,
    }
}

impl NetworkGrains {
    /// Replaces the placeholders `core_grains_probed` left (each keeps its position).
    fn fill(self, g: &mut Map) {
        let (host, domain) = match self.fqdn.split_once('.') {
            Some((h, d)) => (h.to_string(), d.to_string()),
            None => (self.fqdn.clone(), String::new()),
        };
        let mut set = |key: &str, value: Value| {
            debug_assert!(g.contains_key(key), "no placeholder for the {key} grain");
            g.insert(key, value);
        };
        set("fqdns", Value::List(self.fqdns.into()));
        set("localhost", Value::Str(self.hostname.into()));
        set("fqdn", Value::Str(self.fqdn.into()));
        set("host", Value::Str(host.into()));
        set("domain", Value::Str(domain.into()));
        set("hwaddr_interfaces", Value::Map(self.net.hwaddr));
        set("ip4_interfaces", Value::Map(self.net.ip4));
        set("ip6_interfaces", Value::Map(self.net.ip6));
        set("ipv4", Value::List(self.net.ipv4.into()));
        set("ipv6", Value::List(self.net.ipv6.into()));
        set("fqdn_ip4", Value::List(self.fqdn_ip4.into()));
        set("fqdn_ip6", Value::List(self.fqdn_ip6.into()));
        set("ip_interfaces", Value::Map(self.net.ip));
    }
}

/// `HALITE_GRAINS_PROFILE=1` prints how long each group of grains took.
struct Profile(Option<std::cell::Cell<std::time::Instant>>);

impl Profile {
    fn new() -> Self {
        Profile(
            std::env::var_os("HALITE_GRAINS_PROFILE")
                .map(|_| std::cell::Cell::new(std::time::Instant::now())),
        )
    }
    fn mark(&self, what: &str) {
        if let Some(c) = &self.0 {
            let now = std::time::Instant::now();
            eprintln!("grains: {what}: {:?}", now - c.get());
            c.set(now);
        }
    }
}

/// `get_server_id()`: `abs(int(sha256(id).hexdigest(), 16) % 2**31)`.
pub fn server_id(id: &str) -> i64 {
    use sha2::Digest;
    let d = sha2::Sha256::digest(id.as_bytes());
    (u32::from_be_bytes([d[28], d[29], d[30], d[31]]) & 0x7fff_ffff) as i64
}

/// `kernelparams()`: `/proc/cmdline` split like `shlex.split`, each item split on `=`.
fn kernelparams() -> Option<Value> {
    let text = std::fs::read_to_string("/proc/cmdline").ok()?;
    let mut out = Vec::new();
    for item in shlex_split(&text) {
        let parts: Vec<&str> = item.split('=').collect();
        let value = if parts.len() == 2 {
            Value::Str(parts[1].trim_matches('"').into())
        } else {
            Value::Null
        };
        out.push(Value::List(vec![Value::str(parts[0]), value].into()));
    }
    Some(Value::List(out.into()))
}

fn shlex_split(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => match chars.next() {
                Some(n @ ('\\' | '"' | '$' | '`')) => cur.push(n),
                Some(n) => {
                    cur.push('\\');
                    cur.push(n);
                }
                None => {}
            },
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            (None, c) => {
                cur.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// `locale_info()`: Python's `locale.getlocale()` of the environment's LC_CTYPE, the
/// detected encoding, and `timezone: unknown` (Salt 3007.8's onedir lacks dateutil's
/// tzlocal) or, with `tz_name` (3008), the local zone's abbreviation.
fn locale_info(tz_name: bool) -> Map {
    let var = ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()));
    let (lang, enc) = match var.as_deref() {
        None | Some("C") | Some("POSIX") => (Value::Null, Value::Null),
        Some(v) => {
            let base = v.split('@').next().unwrap_or(v);
            let (l, e) = match base.split_once('.') {
                Some((l, e)) => (l.to_string(), Some(e.to_string())),
                None => (base.to_string(), None),
            };
            let enc = e.map(|e| match e.to_lowercase().replace('-', "").as_str() {
                "utf8" => "UTF-8".to_string(),
                "iso88591" => "ISO8859-1".to_string(),
                "iso885915" => "ISO8859-15".to_string(),
                _ => e,
            });
            if l == "C" || l == "POSIX" {
                // Python's alias table maps C.UTF-8 to en_US.UTF-8.
                if enc.as_deref() == Some("UTF-8") {
                    (Value::str("en_US"), Value::str("UTF-8"))
                } else {
                    (Value::Null, Value::Null)
                }
            } else {
                (
                    Value::Str(l.into()),
                    enc.map(Value::from).unwrap_or(Value::str("ISO8859-1")),
                )
            }
        }
    };
    let mut m = Map::new();
    m.insert("defaultlanguage", lang);
    m.insert("defaultencoding", enc);
    m.insert("detectedencoding", Value::str("utf-8"));
    m.insert(
        "timezone",
        match tz_name.then(local_tz_name).flatten() {
            Some(name) => Value::str(name),
            None => Value::str("unknown"),
        },
    );
    m
}

/// `datetime.datetime.now(dateutil.tz.tzlocal()).tzname()`: the local time zone's
/// abbreviation now (`tm_zone` of `localtime_r`).
fn local_tz_name() -> Option<String> {
    // SAFETY: time(NULL) and localtime_r into a zeroed tm are always sound; tm_zone points
    // into libc's static zone names, read at once.
    unsafe {
        let now = libc::time(std::ptr::null_mut());
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&now, &mut tm).is_null() || tm.tm_zone.is_null() {
            return None;
        }
        Some(
            std::ffi::CStr::from_ptr(tm.tm_zone)
                .to_string_lossy()
                .into_owned(),
        )
    }
}

fn os_data(g: &mut Map, prof: &Profile) {
    g.insert("num_gpus", Value::Int(0));
    g.insert("gpus", Value::List(vec![].into()));
    let u = os::uname();
    g.insert("kernel", Value::Str(u.sysname.clone().into()));
    g.insert("nodename", Value::Str(u.nodename.into()));
    g.insert("kernelrelease", Value::Str(u.release.into()));
    g.insert("kernelversion", Value::Str(u.version.into()));
    g.insert("cpuarch", Value::Str(u.machine.clone().into()));
    if which("selinuxenabled").is_some() {
        let mut se = Map::new();
        let enforce = read_trim("/sys/fs/selinux/enforce");
        se.insert("enabled", Value::Bool(enforce.is_some()));
        if which("getenforce").is_some() {
            let v = match enforce.as_deref() {
                Some("1") => "Enforcing",
                Some(_) => "Permissive",
                None => "Disabled",
            };
            se.insert("enforced", Value::str(v));
        }
        g.insert("selinux", Value::Map(se));
    }
    if which("systemctl").is_some() && which("localectl").is_some() {
        g.insert("systemd", Value::Map(os::systemd()));
    }
    prof.mark("systemd");
    g.insert("init", Value::Str(os::init_system().into()));
    os::distribution(g);
    prof.mark("init+distribution");
    os::cpudata(g);
    os::gpu_data(g);
    let fam = g.get("os_family").map(Value::py_str).unwrap_or_default();
    g.insert("osarch", Value::Str(os::osarch(&fam, &u.machine).into()));
    os::memdata(g);
    os::hw_data(g);
    prof.mark("cpu+gpu+mem+hw");
    os::virtual_(g);
    prof.mark("virtual");
    g.insert("ps", Value::str("ps -efHww"));
    let osrelease = g.get("osrelease").map(Value::py_str).unwrap_or_default();
    if !osrelease.is_empty() {
        let osn = g.get("os").map(Value::py_str).unwrap_or_default();
        let full = g.get("osfullname").map(Value::py_str).unwrap_or_default();
        os::osrelease_data(g, &osn, &full, &osrelease);
    }
}

/// `disks.disks()` on Linux: /sys/block entries that are not virtual, by `rotational`.
fn disks(g: &mut Map) {
    let (mut disks, mut ssds) = (Vec::new(), Vec::new());
    if let Ok(entries) = std::fs::read_dir("/sys/block") {
        for e in entries.flatten() {
            let virtual_dev = std::fs::read_link(e.path())
                .map(|t| t.to_string_lossy().starts_with("../devices/virtual/"))
                .unwrap_or(false);
            if virtual_dev {
                continue;
            }
            let name = e.file_name().to_string_lossy().into_owned();
            match read_trim(&format!("/sys/block/{name}/queue/rotational"))
                .as_deref()
                .and_then(|s| s.chars().next())
            {
                Some('0') => ssds.push(Value::Str(name.into())),
                Some('1') => disks.push(Value::Str(name.into())),
                _ => {}
            }
        }
    }
    g.insert("disks", Value::List(disks.into()));
    g.insert("ssds", Value::List(ssds.into()));
}

fn secure_boot(dir: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    let efivars = dir.ends_with("/efivars");
    let matches: Vec<std::path::PathBuf> = entries
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("SecureBoot-"))
        .map(|e| {
            if efivars {
                e.path()
            } else {
                e.path().join("data")
            }
        })
        .filter(|p| p.exists())
        .collect();
    if matches.len() != 1 {
        return false;
    }
    std::fs::read(&matches[0])
        .map(|b| b.last() == Some(&1))
        .unwrap_or(false)
}

/// `lvm.lvm()`: volume groups and their logical volumes, only when the `lvm` binary exists
/// (then, as in Salt, by running `lvm vgs` / `lvm lvs`).
fn lvm(g: &mut Map) {
    let Some(bin) = which("lvm") else { return };
    let run = |args: &[&str]| -> String {
        std::process::Command::new(&bin)
            .args(args)
            .env("LC_ALL", "C")
            .stdin(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default()
    };
    let mut m = Map::new();
    for vg in run(&["vgs", "-o", "vg_name", "--noheadings"]).lines() {
        let vg = vg.trim();
        let lvs: Vec<Value> = run(&["lvs", "-o", "lv_name", "--noheadings", vg])
            .lines()
            .map(|l| Value::str(l.trim()))
            .collect();
        m.insert(vg, Value::List(lvs.into()));
    }
    g.insert("lvm", Value::Map(m));
}

/// `mdadm.mdadm()`: md devices named in /proc/mdstat, sorted; absent without the file.
fn mdadm(g: &mut Map) {
    let Ok(text) = std::fs::read_to_string("/proc/mdstat") else {
        return;
    };
    let mut devices: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with("Personalities : ") && !l.starts_with("unused devices:"))
        .filter_map(|l| l.split_once(" : ").map(|(d, _)| d.to_string()))
        .collect();
    devices.sort();
    devices.dedup();
    g.insert(
        "mdadm",
        Value::List(devices.into_iter().map(Value::from).collect()),
    );
}

/// `minion_process.grains()`: username, groupname, pid, gid, uid of this process.
fn process_grains(g: &mut Map) {
    // SAFETY: these libc calls take no arguments and cannot fail.
    let (euid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let user = passwd.lines().find_map(|l| {
        let f: Vec<&str> = l.split(':').collect();
        (f.len() > 3 && f[2].parse::<u32>().ok() == Some(euid))
            .then(|| (f[0].to_string(), f[3].parse::<u32>().unwrap_or(gid)))
    });
    let groups = std::fs::read_to_string("/etc/group").unwrap_or_default();
    let group_name = |gid: u32| {
        groups.lines().find_map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f.len() > 2 && f[2].parse::<u32>().ok() == Some(gid)).then(|| f[0].to_string())
        })
    };
    let (username, primary) = match &user {
        Some((n, pg)) => (Value::Str(n.clone().into()), Some(*pg)),
        None => (Value::Null, None),
    };
    g.insert("username", username);
    g.insert(
        "groupname",
        Value::Str(primary.and_then(group_name).unwrap_or_default().into()),
    );
    g.insert("pid", Value::Int(std::process::id() as i64));
    g.insert("gid", Value::Int(gid as i64));
    g.insert("uid", Value::Int(euid as i64));
}

#[cfg(test)]
mod bounded_wait {
    use super::bounded;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    const AGAIN: Duration = Duration::from_millis(50);
    const GIVE_UP: Duration = Duration::from_millis(400);

    /// `bounded` over a question whose first `lost` askings are lost (as dropped UDP
    /// replies): the next asking answers, after `again` each, not after the resolver's own
    /// timeout; the number of askings it took.
    fn answered_after_losing(lost: usize) -> usize {
        let calls = Arc::new(AtomicUsize::new(0));
        let c = calls.clone();
        let start = Instant::now();
        let got = bounded(AGAIN, GIVE_UP, move || {
            if c.fetch_add(1, Ordering::SeqCst) < lost {
                std::thread::sleep(Duration::from_secs(5));
            }
            7
        });
        assert_eq!(got, Some(7));
        assert!(start.elapsed() < GIVE_UP, "took {:?}", start.elapsed());
        calls.load(Ordering::SeqCst)
    }

    #[test]
    fn lost_answer_is_asked_again() {
        assert_eq!(answered_after_losing(1), 2);
    }

    /// Lost twice in a row (a burst): the third asking answers.
    #[test]
    fn burst_of_lost_answers_is_asked_again() {
        assert_eq!(answered_after_losing(2), 3);
    }

    /// A resolver that never answers costs `give_up`, then the caller's fallback.
    #[test]
    fn dead_resolver_is_given_up() {
        let start = Instant::now();
        let got = bounded(AGAIN, GIVE_UP, || {
            std::thread::sleep(Duration::from_secs(5));
            7
        });
        assert_eq!(got, None);
        let took = start.elapsed();
        assert!(took >= GIVE_UP && took < GIVE_UP * 3, "took {took:?}");
    }

    /// A prompt answer is asked once.
    #[test]
    fn prompt_answer_is_asked_once() {
        let calls = Arc::new(AtomicUsize::new(0));
        let c = calls.clone();
        let got = bounded(AGAIN, GIVE_UP, move || c.fetch_add(1, Ordering::SeqCst));
        assert_eq!(got, Some(0));
        std::thread::sleep(AGAIN * 2);
        assert_eq!(calls.load(Ordering::SeqCst), 1);
    }
}
