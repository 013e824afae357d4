//! `salt.grains.core.os_data` for Linux: uname, distribution (os-release + lsb-release, as the
//! legacy path Salt 3007.8 takes when the `lsb_release` Python module is missing), init system,
//! CPU, memory, DMI, virtualization and the derived osrelease grains.

use crate::util::{read_trim, which};
use halite_value::{Map, Value};
use std::collections::HashMap;

pub(crate) struct Uname {
    pub sysname: String,
    pub nodename: String,
    pub release: String,
    pub version: String,
    pub machine: String,
}

pub(crate) fn uname() -> Uname {
    // SAFETY: `uname` fills a caller-provided, zero-initialised struct of fixed-size,
    // NUL-terminated arrays; we only read it after a successful return.
    let mut u: libc::utsname = unsafe { std::mem::zeroed() };
    let ok = unsafe { libc::uname(&mut u) } == 0;
    let field = |f: &[libc::c_char]| -> String {
        let bytes: Vec<u8> = f
            .iter()
            .take_while(|c| **c != 0)
            .map(|c| *c as u8)
            .collect();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    if !ok {
        return Uname {
            sysname: "Linux".into(),
            nodename: read_trim("/proc/sys/kernel/hostname").unwrap_or_default(),
            release: read_trim("/proc/sys/kernel/osrelease").unwrap_or_default(),
            version: read_trim("/proc/sys/kernel/version").unwrap_or_default(),
            machine: std::env::consts::ARCH.into(),
        };
    }
    Uname {
        sysname: field(&u.sysname),
        nodename: field(&u.nodename),
        release: field(&u.release),
        version: field(&u.version),
        machine: field(&u.machine),
    }
}

/// `platform.freedesktop_os_release()`: /etc/os-release, else /usr/lib/os-release.
pub(crate) fn os_release() -> Option<HashMap<String, String>> {
    let text = std::fs::read_to_string("/etc/os-release")
        .or_else(|_| std::fs::read_to_string("/usr/lib/os-release"))
        .ok()?;
    let mut m = HashMap::new();
    // Python's defaults when the file lacks them.
    m.insert("NAME".to_string(), "Linux".to_string());
    m.insert("ID".to_string(), "linux".to_string());
    m.insert("PRETTY_NAME".to_string(), "Linux".to_string());
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') {
            continue;
        }
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        if !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') || k.is_empty() {
            continue;
        }
        m.insert(k.to_string(), unquote(v));
    }
    Some(m)
}

/// `shlex.split(value)[0]`-ish unquoting as `platform._parse_os_release` does.
fn unquote(v: &str) -> String {
    let v = v.trim();
    let mut out = String::new();
    let mut chars = v.chars().peekable();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (Some('"') | None, '\\') => {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            (None, c) if c.is_whitespace() => break,
            (_, c) => out.push(c),
        }
    }
    out
}

const OS_NAME_MAP: &[(&str, &str)] = &[
    ("redhatente", "RedHat"),
    ("gentoobase", "Gentoo"),
    ("archarm", "Arch ARM"),
    ("arch", "Arch"),
    ("debian", "Debian"),
    ("Junos", "Junos"),
    ("raspbian", "Raspbian"),
    ("fedoraremi", "Fedora"),
    ("chapeau", "Chapeau"),
    ("korora", "Korora"),
    ("amazonami", "Amazon"),
    ("alt", "ALT"),
    ("enterprise", "OEL"),
    ("oracleserv", "OEL"),
    ("cloudserve", "CloudLinux"),
    ("cloudlinux", "CloudLinux"),
    ("almalinux", "AlmaLinux"),
    ("pidora", "Fedora"),
    ("scientific", "ScientificLinux"),
    ("synology", "Synology"),
    ("nilrt", "NILinuxRT"),
    ("poky", "Poky"),
    ("manjaro", "Manjaro"),
    ("manjarolin", "Manjaro"),
    ("univention", "Univention"),
    ("antergos", "Antergos"),
    ("sles", "SUSE"),
    ("void", "Void"),
    ("slesexpand", "RES"),
    ("linuxmint", "Mint"),
    ("neon", "KDE neon"),
    ("pop", "Pop"),
    ("rocky", "Rocky"),
    ("alibabaclo", "Alinux"),
    ("mendel", "Mendel"),
];

const OS_FAMILY_MAP: &[(&str, &str)] = &[
    ("Ubuntu", "Debian"),
    ("Fedora", "RedHat"),
    ("Chapeau", "RedHat"),
    ("Korora", "RedHat"),
    ("FedBerry", "RedHat"),
    ("CentOS", "RedHat"),
    ("CentOS Stream", "RedHat"),
    ("GoOSe", "RedHat"),
    ("Scientific", "RedHat"),
    ("Amazon", "RedHat"),
    ("CloudLinux", "RedHat"),
    ("AlmaLinux", "RedHat"),
    ("OVS", "RedHat"),
    ("OEL", "RedHat"),
    ("XCP", "RedHat"),
    ("XCP-ng", "RedHat"),
    ("XenServer", "RedHat"),
    ("RES", "RedHat"),
    ("Sangoma", "RedHat"),
    ("VMware Photon OS", "RedHat"),
    ("Mandrake", "Mandriva"),
    ("Mint", "Debian"),
    ("VMwareESX", "VMware"),
    ("Bluewhite64", "Bluewhite"),
    ("Slamd64", "Slackware"),
    ("SLES", "Suse"),
    ("SUSE Enterprise Server", "Suse"),
    ("SUSE  Enterprise Server", "Suse"),
    ("SLED", "Suse"),
    ("openSUSE", "Suse"),
    ("SUSE", "Suse"),
    ("openSUSE Leap", "Suse"),
    ("openSUSE Tumbleweed", "Suse"),
    ("SLES_SAP", "Suse"),
    ("Arch ARM", "Arch"),
    ("Manjaro", "Arch"),
    ("Manjaro ARM", "Arch"),
    ("Antergos", "Arch"),
    ("EndeavourOS", "Arch"),
    ("ALT", "RedHat"),
    ("Trisquel", "Debian"),
    ("GCEL", "Debian"),
    ("Linaro", "Debian"),
    ("elementary OS", "Debian"),
    ("elementary", "Debian"),
    ("Univention", "Debian"),
    ("ScientificLinux", "RedHat"),
    ("Raspbian", "Debian"),
    ("Devuan", "Debian"),
    ("antiX", "Debian"),
    ("Kali", "Debian"),
    ("Parrot OS", "Debian"),
    ("neon", "Debian"),
    ("Cumulus", "Debian"),
    ("Deepin", "Debian"),
    ("NILinuxRT", "NILinuxRT"),
    ("KDE neon", "Debian"),
    ("Void", "Void"),
    ("IDMS", "Debian"),
    ("Funtoo", "Gentoo"),
    ("TurnKey", "Debian"),
    ("Pop", "Debian"),
    ("Rocky", "RedHat"),
    ("AstraLinuxCE", "Debian"),
    ("AstraLinuxSE", "Debian"),
    ("Alinux", "RedHat"),
    ("Mendel", "Debian"),
    ("OSMC", "Debian"),
];

/// `_derive_os_grain(osfullname, os_id)`.
pub(crate) fn derive_os(fullname: &str, os_id: Option<&str>) -> String {
    match (os_id, fullname) {
        (Some("astra"), "Astra Linux (Orel)") => return "AstraLinuxCE".into(),
        (Some("astra"), "Astra Linux (Smolensk)") => return "AstraLinuxSE".into(),
        (Some("pop"), "Pop!_OS") => return "Pop".into(),
        _ => {}
    }
    // _REPLACE_LINUX_RE = r"\W(?:gnu/)?linux" (case-insensitive), removed everywhere.
    let distroname = replace_linux(fullname).trim().to_string();
    let short: String = distroname
        .replace(' ', "")
        .to_lowercase()
        .chars()
        .take(10)
        .collect();
    OS_NAME_MAP
        .iter()
        .find(|(k, _)| *k == short)
        .map(|(_, v)| v.to_string())
        .unwrap_or(distroname)
}

fn replace_linux(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let is_word = c.is_alphanumeric() || c == '_';
        if !is_word {
            let rest: String = chars[i + 1..].iter().collect::<String>().to_lowercase();
            let skip = if rest.starts_with("gnu/linux") {
                Some(9)
            } else if rest.starts_with("linux") {
                Some(5)
            } else {
                None
            };
            if let Some(n) = skip {
                i += 1 + n;
                continue;
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

fn family_id(os_id: &str, id_like: Option<&str>) -> String {
    let Some(like) = id_like.filter(|l| !l.is_empty()) else {
        return os_id.to_string();
    };
    let ids: Vec<&str> = std::iter::once(os_id)
        .chain(like.split_whitespace())
        .collect();
    if ids.contains(&"debian") || ids.contains(&"ubuntu") {
        return "debian".into();
    }
    ids.last().map(|s| s.to_string()).unwrap_or_default()
}

fn prettify_family(id: &str) -> String {
    if id == "fedora" {
        return "RedHat".into();
    }
    let mut c = id.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
        None => String::new(),
    }
}

/// `_parse_lsb_release()`: DISTRIB_* lines of /etc/lsb-release.
fn parse_lsb_release(g: &mut Map) {
    let Ok(text) = std::fs::read_to_string("/etc/lsb-release") else {
        return;
    };
    for line in text.lines() {
        for key in [
            "DISTRIB_ID",
            "DISTRIB_RELEASE",
            "DISTRIB_CODENAME",
            "DISTRIB_DESCRIPTION",
        ] {
            let Some(rest) = line.strip_prefix(key).and_then(|r| r.strip_prefix('=')) else {
                continue;
            };
            let rest = rest.strip_prefix(['\'', '"']).unwrap_or(rest);
            // ([\w\s\.\-_]+)
            let val: String = rest
                .chars()
                .take_while(|c| {
                    c.is_alphanumeric() || c.is_whitespace() || matches!(c, '.' | '-' | '_')
                })
                .collect();
            if !val.is_empty() {
                g.insert(
                    format!("lsb_{}", key.to_lowercase()),
                    Value::Str(val.trim_end().into()),
                );
            }
        }
    }
}

fn gs(g: &Map, k: &str) -> String {
    g.get(k).map(Value::py_str).unwrap_or_default()
}

/// `_linux_distribution_data()` with `lsb_has_error = True` (no `lsb_release` module).
pub(crate) fn distribution(g: &mut Map) {
    let mut d = Map::new();
    parse_lsb_release(&mut d);
    let osr = os_release();
    if let Some(osr) = &osr {
        let get = |k: &str| osr.get(k).map(String::as_str);
        let id = get("ID").unwrap_or("linux");
        let name = get("NAME").unwrap_or("Linux");
        let fam = family_id(id, get("ID_LIKE"));
        let codename = get("VERSION_CODENAME")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .or_else(|| match id {
                "astra" => get("VARIANT_ID").map(String::from),
                "almalinux" | "rocky" => {
                    let v = get("VERSION").unwrap_or("");
                    v.split_once('(')
                        .and_then(|(_, r)| r.split_once(')'))
                        .map(|(c, _)| c.to_string())
                }
                _ => None,
            });
        let release = get("VERSION_ID")
            .filter(|s| !s.is_empty())
            .map(String::from);
        d.insert("os", Value::Str(derive_os(name, Some(id)).into()));
        d.insert("os_family", Value::Str(prettify_family(&fam).into()));
        d.insert(
            "oscodename",
            codename.map(Value::from).unwrap_or(Value::Null),
        );
        d.insert("osfullname", Value::Str(name.trim().into()));
        d.insert("osrelease", release.map(Value::from).unwrap_or(Value::Null));
    }
    d.remove("osrelease");
    // _legacy_linux_distribution_data(grains, os_release, lsb_has_error=True)
    if gs(&d, "lsb_distrib_description")
        .to_lowercase()
        .starts_with("antergos")
    {
        d.insert("osfullname", Value::str("Antergos Linux"));
    } else if !d.contains_key("lsb_distrib_id") {
        if let Some(osr) = &osr {
            if let Some(n) = osr.get("NAME") {
                d.insert("lsb_distrib_id", Value::Str(n.trim().into()));
            }
            if let Some(v) = osr.get("VERSION_ID") {
                d.insert("lsb_distrib_release", Value::Str(v.clone().into()));
            }
            if let Some(v) = osr.get("VERSION_CODENAME") {
                d.insert("lsb_distrib_codename", Value::Str(v.clone().into()));
            } else if let Some(v) = osr.get("PRETTY_NAME") {
                d.insert("lsb_distrib_codename", Value::Str(v.clone().into()));
            }
            if let Some(cpe) = osr.get("CPE_NAME") {
                let parts: Vec<&str> = cpe.split(':').collect();
                let vendor = if parts.len() > 4 && parts[0] == "cpe" {
                    if parts[1].starts_with('/') {
                        parts.get(2)
                    } else {
                        parts.get(3)
                    }
                } else {
                    None
                };
                let version = if parts.len() > 4 && parts[0] == "cpe" {
                    if parts[1].starts_with('/') {
                        parts.get(4)
                    } else {
                        parts.get(5)
                    }
                } else {
                    None
                };
                if let Some(vendor) = vendor {
                    let vl = vendor.to_lowercase();
                    if vl == "suse" || vl == "opensuse" {
                        d.insert("os", Value::str("SUSE"));
                        if osr.get("NAME").map(String::as_str) == Some("openSUSE Leap") {
                            d.insert("osfullname", Value::str("Leap"));
                        } else if osr.get("VERSION").map(String::as_str) == Some("Tumbleweed") {
                            d.insert("osfullname", Value::str("Tumbleweed"));
                        }
                        if *vendor == "opensuse" {
                            if let Some(v) = version.filter(|v| **v != "*") {
                                d.insert("lsb_distrib_release", Value::str(*v));
                            }
                        }
                    }
                }
            }
            if osr.get("ID").map(|s| s.trim()) == Some("mendel") {
                let parts: Vec<&str> = osr
                    .get("PRETTY_NAME")
                    .map(|s| s.split_whitespace().collect())
                    .unwrap_or_default();
                if parts.len() >= 3 {
                    d.insert("lsb_distrib_release", Value::str(parts[2]));
                }
            }
        }
    }
    // `distro` would supply (name, version, codename); os-release is its source too.
    let (osname, osrel, oscode) = match &osr {
        Some(o) => (
            o.get("NAME").cloned().unwrap_or_default(),
            o.get("VERSION_ID").cloned().unwrap_or_default(),
            o.get("VERSION_CODENAME").cloned().unwrap_or_default(),
        ),
        None => Default::default(),
    };
    if !d.contains_key("osfullname") {
        let id = gs(&d, "lsb_distrib_id");
        let v = if id.to_lowercase().starts_with("nilrt") {
            "nilrt".to_string()
        } else if d.contains_key("lsb_distrib_id") {
            id.trim().to_string()
        } else {
            osname.trim().to_string()
        };
        d.insert("osfullname", Value::Str(v.into()));
    }
    if !d.contains_key("osrelease") {
        let code = gs(&d, "lsb_distrib_codename");
        if code.contains("CentOS Linux 7") || code.contains("CentOS Linux 8") {
            d.remove("lsb_distrib_release");
        }
        let rel = if d.contains_key("lsb_distrib_release") {
            gs(&d, "lsb_distrib_release")
        } else {
            osrel
        };
        d.insert("osrelease", Value::Str(rel.trim().into()));
    }
    let os_now = gs(&d, "os");
    let code = gs(&d, "lsb_distrib_codename");
    if !code.is_empty()
        && ["Rocky", "AlmaLinux", "AstraLinuxSE"]
            .iter()
            .any(|o| os_now.contains(o))
    {
        if let Some((_, rest)) = code.split_once('(') {
            let inner = rest.split_once(')').map(|(a, _)| a).unwrap_or(rest);
            let v = if os_now == "AstraLinuxSE" {
                inner.split_whitespace().next().unwrap_or("").to_lowercase()
            } else {
                inner.to_string()
            };
            d.insert("lsb_distrib_codename", Value::Str(v.into()));
        }
    }
    let lsb_code = gs(&d, "lsb_distrib_codename").trim().to_string();
    let mut oscodename = if lsb_code.is_empty() {
        oscode.clone()
    } else {
        lsb_code
    };
    if oscodename.contains("Red Hat") {
        oscodename = oscode;
    }
    d.insert("oscodename", Value::Str(oscodename.into()));
    if !d.contains_key("os") {
        let full = gs(&d, "osfullname");
        d.insert("os", Value::Str(derive_os(&full, None).into()));
    }
    let os = gs(&d, "os");
    let fam = OS_FAMILY_MAP
        .iter()
        .find(|(k, _)| *k == os)
        .map(|(_, v)| v.to_string())
        .unwrap_or(os);
    d.insert("os_family", Value::Str(fam.into()));
    for (k, v) in d {
        g.insert(k, v);
    }
}

/// `_linux_init_system()`.
pub(crate) fn init_system() -> String {
    if std::fs::metadata("/run/systemd/system").is_ok() {
        return "systemd".into();
    }
    let Ok(raw) = std::fs::read("/proc/1/cmdline") else {
        return "unknown".into();
    };
    let text = String::from_utf8_lossy(&raw).replace('\0', " ");
    let cmdline: Vec<&str> = text.split_whitespace().collect();
    let init_bin = cmdline.first().and_then(|c| which(c));
    if let Some(bin) = init_bin.as_deref().filter(|b| b.ends_with("bin/init")) {
        if let Ok(data) = std::fs::read(bin) {
            let lower = data.to_ascii_lowercase();
            for item in ["upstart", "sysvinit", "systemd"] {
                if lower.windows(item.len()).any(|w| w == item.as_bytes()) {
                    return item.into();
                }
            }
        }
        return "unknown".into();
    }
    for (bin, name) in [
        ("supervisord", "supervisord"),
        ("dumb-init", "dumb-init"),
        ("tini", "tini"),
    ] {
        if let Some(p) = which(bin) {
            if cmdline.contains(&p.as_str()) {
                return name.into();
            }
        }
    }
    if cmdline == ["runit"] || cmdline.contains(&"/sbin/my_init") {
        return "runit".into();
    }
    "unknown".into()
}

/// `_systemd()`: version and feature line of `systemctl --version`. The feature line is a
/// string constant of libsystemd-shared, read from there to avoid running systemctl; the
/// subprocess is the fallback.
pub(crate) fn systemd() -> Map {
    let mut m = Map::new();
    let (version, features) = systemd_from_lib()
        .or_else(systemd_from_cmd)
        .unwrap_or(("UNDEFINED".into(), String::new()));
    m.insert("version", Value::Str(version.into()));
    m.insert("features", Value::Str(features.into()));
    m
}

fn systemd_from_lib() -> Option<(String, String)> {
    use std::os::unix::fs::MetadataExt;
    for dir in [
        "/usr/lib/x86_64-linux-gnu/systemd",
        "/usr/lib/aarch64-linux-gnu/systemd",
        "/usr/lib/systemd",
        "/usr/lib64/systemd",
        "/lib/systemd",
    ] {
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let Some(rest) = name.strip_prefix("libsystemd-shared-") else {
                continue;
            };
            let version: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            if version.is_empty() {
                continue;
            }
            let md = e.metadata().ok()?;
            // Reading the 3+ MB library is slow on some kernels (gVisor); remember the
            // answer per library file in the user's cache directory.
            let cache = std::env::var_os("HOME").map(|h| {
                std::path::PathBuf::from(h)
                    .join(".cache/halite")
                    .join(format!(
                        "systemd-features-{}-{}-{}",
                        name,
                        md.size(),
                        md.mtime()
                    ))
            });
            if let Some(text) = cache.as_ref().and_then(|c| std::fs::read_to_string(c).ok()) {
                if text.contains("default-hierarchy=") {
                    return Some((version, text));
                }
            }
            let data = std::fs::read(e.path()).ok()?;
            let pos = find_features(&data)?;
            let end = data[pos..].iter().position(|b| *b == 0).map(|e| pos + e)?;
            let features = String::from_utf8_lossy(&data[pos..end]).into_owned();
            if features.contains("default-hierarchy=") {
                if let Some(c) = cache {
                    if let Some(parent) = c.parent() {
                        // A cache that cannot be written only costs time next run.
                        let _ = std::fs::create_dir_all(parent);
                    }
                    let _ = std::fs::write(&c, &features);
                }
                return Some((version, features));
            }
        }
    }
    None
}

/// Offset of systemd's feature string (`+PAM +AUDIT ...` or `-PAM ...`).
fn find_features(data: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 5 <= data.len() {
        let j = data[i..].iter().position(|b| *b == b'P')? + i;
        if j >= 1
            && data.len() >= j + 4
            && &data[j..j + 4] == b"PAM "
            && (data[j - 1] == b'+' || data[j - 1] == b'-')
        {
            return Some(j - 1);
        }
        i = j + 1;
    }
    None
}

fn systemd_from_cmd() -> Option<(String, String)> {
    let out = std::process::Command::new("systemctl")
        .arg("--version")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut lines = text.lines();
    let first = lines.next()?;
    let version = first
        .strip_prefix("systemd ")?
        .split_whitespace()
        .next()?
        .to_string();
    Some((version, lines.next().unwrap_or("").to_string()))
}

/// `_linux_cpudata()`.
pub(crate) fn cpudata(g: &mut Map) {
    let mut num_cpus: Option<i64> = None;
    let mut model: Option<String> = None;
    let mut flags: Option<Vec<Value>> = None;
    if let Ok(text) = std::fs::read_to_string("/proc/cpuinfo") {
        num_cpus = Some(0);
        for line in text.lines() {
            let comps: Vec<&str> = line.split(':').collect();
            if comps.len() < 2 {
                continue;
            }
            let (key, val) = (comps[0].trim(), comps[1].trim());
            match key {
                "processor" => num_cpus = num_cpus.map(|n| n + 1),
                "# processors" => num_cpus = val.parse().ok().or(num_cpus),
                "vendor_id" | "model name" | "cpu" => model = Some(val.to_string()),
                "flags" | "Features" => {
                    flags = Some(val.split_whitespace().map(Value::str).collect())
                }
                "Processor" => {
                    model = Some(val.split('-').next().unwrap_or("").to_string());
                    num_cpus = Some(1);
                }
                _ => {}
            }
        }
    }
    g.insert("num_cpus", Value::Int(num_cpus.unwrap_or(0)));
    g.insert(
        "cpu_model",
        Value::Str(model.unwrap_or_else(|| "Unknown".into()).into()),
    );
    g.insert("cpu_flags", Value::List(flags.unwrap_or_default().into()));
}

/// `_linux_gpu_data()`: only when `lspci` exists, from `lspci -vmm` as Salt does.
pub(crate) fn gpu_data(g: &mut Map) {
    if which("lspci").is_none() {
        return;
    }
    let Ok(out) = std::process::Command::new("lspci").arg("-vmm").output() else {
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let known = [
        "nvidia",
        "amd",
        "ati",
        "intel",
        "cirrus logic",
        "vmware",
        "matrox",
        "aspeed",
    ];
    let mut gpus = Vec::new();
    for block in text.split("\n\n") {
        let mut dev: HashMap<&str, &str> = HashMap::new();
        for line in block.lines() {
            if let Some((k, v)) = line.split_once(':') {
                dev.insert(k.trim(), v.trim());
            }
        }
        let class = dev.get("Class").copied().unwrap_or("");
        if !(class.contains("VGA")
            || class.contains("3D controller")
            || class.contains("Display controller"))
        {
            continue;
        }
        let vendor = dev.get("Vendor").copied().unwrap_or("").to_lowercase();
        let vendor = known
            .iter()
            .find(|k| vendor.contains(*k))
            .map(|k| k.to_string())
            .unwrap_or_else(|| "unknown".into());
        let mut m = Map::new();
        m.insert("vendor", Value::Str(vendor.into()));
        m.insert(
            "model",
            Value::str(dev.get("Device").copied().unwrap_or("")),
        );
        gpus.push(Value::Map(m));
    }
    g.insert("num_gpus", Value::Int(gpus.len() as i64));
    g.insert("gpus", Value::List(gpus.into()));
}

/// `_osarch()`: what `dpkg --print-architecture` / `rpm --eval %{_host_cpu}` would print.
pub(crate) fn osarch(os_family: &str, cpuarch: &str) -> String {
    match os_family {
        "Debian" => match cpuarch {
            "x86_64" => "amd64",
            "aarch64" => "arm64",
            "i386" | "i486" | "i586" | "i686" => "i386",
            "armv7l" | "armv6l" => "armhf",
            "ppc64le" => "ppc64el",
            "riscv64" => "riscv64",
            "s390x" => "s390x",
            other => other,
        }
        .to_string(),
        _ => cpuarch.to_string(),
    }
}

/// `_linux_memdata()`: MiB, floor-divided.
pub(crate) fn memdata(g: &mut Map) {
    let (mut mem, mut swap) = (0i64, 0i64);
    if let Ok(text) = std::fs::read_to_string("/proc/meminfo") {
        for line in text.lines() {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            let kb: i64 = v
                .split_whitespace()
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(0);
            match k.trim() {
                "MemTotal" => mem = kb / 1024,
                "SwapTotal" => swap = kb / 1024,
                _ => {}
            }
        }
    }
    g.insert("mem_total", Value::Int(mem));
    g.insert("swap_total", Value::Int(swap));
}

/// `_hw_data()` on Linux: /sys/class/dmi/id.
pub(crate) fn hw_data(g: &mut Map) {
    if !std::path::Path::new("/sys/class/dmi/id").exists() {
        return;
    }
    for (key, file) in [
        ("biosversion", "bios_version"),
        ("biosvendor", "bios_vendor"),
        ("boardname", "board_name"),
        ("productname", "product_name"),
        ("manufacturer", "sys_vendor"),
        ("biosreleasedate", "bios_date"),
        ("uuid", "product_uuid"),
        ("serialnumber", "product_serial"),
    ] {
        let path = format!("/sys/class/dmi/id/{file}");
        if let Ok(bytes) = std::fs::read(&path) {
            let s = String::from_utf8_lossy(&bytes).trim().to_string();
            g.insert(
                key,
                Value::Str(if key == "uuid" {
                    s.to_lowercase().into()
                } else {
                    s.into()
                }),
            );
        }
    }
}

/// What `systemd-detect-virt` prints: containers first, then hypervisors.
fn detect_virt() -> Option<String> {
    if let Some(c) = read_trim("/run/systemd/container") {
        if !c.is_empty() {
            return Some(c);
        }
    }
    if let Ok(env) = std::fs::read("/proc/1/environ") {
        for var in env.split(|b| *b == 0) {
            if let Some(v) = var.strip_prefix(b"container=") {
                return Some(String::from_utf8_lossy(v).into_owned());
            }
        }
    }
    if std::path::Path::new("/run/.containerenv").exists() {
        return Some("podman".into());
    }
    if std::path::Path::new("/.dockerenv").exists() {
        return Some("docker".into());
    }
    let dmi = ["sys_vendor", "board_vendor", "bios_vendor", "product_name"]
        .iter()
        .filter_map(|f| read_trim(&format!("/sys/class/dmi/id/{f}")))
        .collect::<Vec<_>>();
    for v in &dmi {
        for (pat, name) in [
            ("KVM", "kvm"),
            ("OpenStack", "kvm"),
            ("KubeVirt", "kvm"),
            ("Amazon EC2", "amazon"),
            ("QEMU", "qemu"),
            ("VMware", "vmware"),
            ("VMW", "vmware"),
            ("innotek GmbH", "oracle"),
            ("VirtualBox", "oracle"),
            ("Oracle Corporation", "oracle"),
            ("Xen", "xen"),
            ("Bochs", "bochs"),
            ("Parallels", "parallels"),
            ("BHYVE", "bhyve"),
            ("Hyper-V", "microsoft"),
            ("Apple Virtualization", "apple"),
            ("Google Compute Engine", "google"),
        ] {
            if v.starts_with(pat) {
                return Some(name.into());
            }
        }
    }
    cpuid_hypervisor()
}

#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)]
fn cpuid_hypervisor() -> Option<String> {
    use std::arch::x86_64::__cpuid;
    // SAFETY: cpuid is available on every x86_64 CPU; leaf 1 ECX bit 31 says whether the
    // hypervisor leaf 0x40000000 is meaningful.
    let leaf1 = unsafe { __cpuid(1) };
    if leaf1.ecx & (1 << 31) == 0 {
        return None;
    }
    // SAFETY: as above.
    let hv = unsafe { __cpuid(0x4000_0000) };
    let mut sig = Vec::with_capacity(12);
    for r in [hv.ebx, hv.ecx, hv.edx] {
        sig.extend_from_slice(&r.to_le_bytes());
    }
    let sig = String::from_utf8_lossy(&sig)
        .trim_end_matches('\0')
        .to_string();
    let name = match sig.as_str() {
        "XenVMMXenVMM" => "xen",
        "KVMKVMKVM" => "kvm",
        "Linux KVM Hv" => "kvm",
        "TCGTCGTCGTCG" => "qemu",
        "VMwareVMware" => "vmware",
        "Microsoft Hv" => "microsoft",
        "bhyve bhyve " => "bhyve",
        "QNXQVMBSQG" => "qnx",
        "ACRNACRNACRN" => "acrn",
        "SRESRESRESRE" => "sre",
        _ => "vm-other",
    };
    Some(name.into())
}

#[cfg(not(target_arch = "x86_64"))]
fn cpuid_hypervisor() -> Option<String> {
    None
}

/// `_virtual()` for Linux, with `systemd-detect-virt` evaluated natively.
pub(crate) fn virtual_(g: &mut Map) {
    let mut virt = "physical".to_string();
    let mut subtype: Option<String> = None;
    if which("systemd-detect-virt").is_some() && which("virt-what").is_none() {
        if let Some(out) = detect_virt() {
            match out.as_str() {
                "qemu" | "kvm" | "oracle" | "xen" | "bochs" | "chroot" | "uml"
                | "systemd-nspawn" => virt = out.clone(),
                o if o.contains("vmware") => virt = "VMware".into(),
                o if o.contains("microsoft") => virt = "VirtualPC".into(),
                o if o.contains("lxc") => {
                    virt = "container".into();
                    subtype = Some("LXC".into());
                }
                o if o.contains("podman") => {
                    virt = "container".into();
                    subtype = Some("Podman".into());
                }
                o if o.contains("docker") => {
                    virt = "container".into();
                    subtype = Some("Docker".into());
                }
                o if o.contains("amazon") => {
                    virt = "Nitro".into();
                    subtype = Some("Amazon EC2".into());
                }
                _ => {}
            }
        }
    }
    // The checks Salt runs after the commands, in its order.
    use std::os::unix::fs::MetadataExt;
    if let (Ok(a), Ok(b)) = (std::fs::metadata("/"), std::fs::metadata("/proc/1/root/.")) {
        if (a.dev(), a.ino()) != (b.dev(), b.ino()) {
            subtype = Some("chroot".into());
        }
    }
    if std::path::Path::new("/proc/vz").is_dir() {
        if std::path::Path::new("/proc/vz/version").is_file() {
            virt = "openvzhn".into();
        } else if std::path::Path::new("/proc/vz/veinfo").is_file() {
            virt = "openvzve".into();
        }
    }
    if let Ok(status) = std::fs::read_to_string("/proc/self/status") {
        for line in status.lines() {
            if let Some(v) = line.strip_prefix("envID:") {
                if let Ok(n) = v.trim().parse::<i64>() {
                    virt = if n != 0 {
                        "openvzve".into()
                    } else {
                        "openvzhn".into()
                    };
                }
            }
        }
    }
    if let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") {
        if cpuinfo.contains("QEMU Virtual CPU") {
            virt = "kvm".into();
        }
    }
    if let Some(pn) = read_trim("/sys/devices/virtual/dmi/id/product_name") {
        if pn.contains("VirtualBox") {
            virt = "VirtualBox".into();
        } else if pn.contains("RHEV Hypervisor") {
            virt = "kvm".into();
            subtype = Some("rhev".into());
        } else if pn.contains("oVirt Node") {
            virt = "kvm".into();
            subtype = Some("ovirt".into());
        } else if pn.contains("Google") {
            virt = "gce".into();
        } else if pn.contains("BHYVE") {
            virt = "bhyve".into();
        }
    }
    if let Ok(cg) = std::fs::read_to_string("/proc/1/cgroup") {
        if cg.contains(":/lxc/") {
            virt = "container".into();
            subtype = Some("LXC".into());
        } else if cg.contains(":/kubepods/") {
            subtype = Some("kubernetes".into());
        } else if cg.contains(":/libpod_parent/") {
            subtype = Some("libpod".into());
        } else if [":/system.slice/docker", ":/docker/", ":/docker-ce/"]
            .iter()
            .any(|x| cg.contains(x))
        {
            virt = "container".into();
            subtype = Some("Docker".into());
        }
    }
    if subtype.as_deref() != Some("LXC") {
        if let Ok(env) = std::fs::read("/proc/1/environ") {
            if env.windows(13).any(|w| w == b"container=lxc") {
                virt = "container".into();
                subtype = Some("LXC".into());
            }
        }
    }
    if subtype.is_some() && virt == "physical" {
        virt = "virtual".into();
    }
    g.insert("virtual", Value::Str(virt.into()));
    if let Some(s) = subtype {
        g.insert("virtual_subtype", Value::Str(s.into()));
    }
}

/// `_osrelease_data(os, osfullname, osrelease)`.
pub(crate) fn osrelease_data(g: &mut Map, os: &str, fullname: &str, osrelease: &str) {
    let info: Vec<Value> = osrelease
        .split('.')
        .map(|p| {
            if !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()) {
                p.parse::<i64>()
                    .map(Value::Int)
                    .unwrap_or_else(|_| Value::str(p))
            } else {
                Value::str(p)
            }
        })
        .collect();
    let first = info.first().cloned().unwrap_or_default();
    g.insert("osrelease_info", Value::List(info.into()));
    let major = match &first {
        Value::Int(i) => Some(*i),
        Value::Str(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    if let Some(m) = major {
        g.insert("osmajorrelease", Value::Int(m));
    }
    let name = if ["Debian", "FreeBSD", "OpenBSD", "NetBSD", "Mac", "Raspbian"].contains(&os) {
        os
    } else {
        fullname
    };
    let ver = if os == "Ubuntu" || os == "Pop" {
        osrelease.to_string()
    } else {
        first.py_str()
    };
    g.insert("osfinger", Value::Str(format!("{name}-{ver}").into()));
}
