//! `salt.modules.linux_shadow` (virtual name `shadow`, loaded on Linux): /etc/shadow as
//! `spwd.getspnam` reads it (empty numeric fields are -1), password ageing through `chage`,
//! `set_password` rewriting the user's line as Salt does.

use super::useradd::{run_argv, which};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

const SHADOW: &str = "/etc/shadow";
const KEYS: [&str; 8] = [
    "name", "passwd", "lstchg", "min", "max", "warn", "inact", "expire",
];

/// `shadow.info(name)` as a map; every value `""` for an unknown user.
pub(crate) fn info_of(name: &str) -> Map {
    let text = std::fs::read_to_string(SHADOW).unwrap_or_default();
    let mut m = Map::new();
    for line in text.lines() {
        let comps: Vec<&str> = line.trim().split(':').collect();
        if comps.len() < 9 || comps[0] != name {
            continue;
        }
        m.insert("name", Value::str(comps[0]));
        m.insert("passwd", Value::str(comps[1]));
        for (i, key) in KEYS.iter().enumerate().skip(2) {
            let n = comps[i].parse::<i64>().unwrap_or(-1);
            m.insert(*key, Value::Int(n));
        }
        return m;
    }
    for key in KEYS {
        m.insert(key, Value::str(""));
    }
    m
}

/// `shadow.info(name, root=None)`.
pub fn info(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("shadow.info", a, &["name", "root"], 1)?;
    Ok(Value::Map(info_of(&b.str_or(0, ""))))
}

/// `shadow.default_hash()`: `"!"`.
pub fn default_hash(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("shadow.default_hash", a, &[], 0)?;
    Ok(Value::str("!"))
}

/// The hash methods of Python's `crypt` module on glibc/libxcrypt, strongest first
/// (`crypt.methods`): name, the salt's prefix, its random characters.
const METHODS: [(&str, &str, usize); 5] = [
    ("sha512", "$6$", 16),
    ("sha256", "$5$", 16),
    ("blowfish", "$2b$12$", 22),
    ("md5", "$1$", 8),
    ("crypt", "", 2),
];

/// `crypt.mksalt`'s alphabet.
const SALT_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./";

/// `n` random salt characters (the kernel's random source, as Python's `SystemRandom`).
fn random_salt(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    let mut filled = 0;
    while filled < n {
        // SAFETY: the buffer is valid for `n - filled` bytes from `filled`.
        let got = unsafe { libc::getrandom(bytes[filled..].as_mut_ptr().cast(), n - filled, 0) };
        if got > 0 {
            filled += got as usize;
        }
    }
    bytes
        .iter()
        .map(|b| SALT_CHARS[(*b as usize) % SALT_CHARS.len()] as char)
        .collect()
}

// glibc keeps crypt(3) in libcrypt (libxcrypt on Debian: also yescrypt, `$y$`); musl has it
// in libc itself, without yescrypt (the static build: scripts/build-static.sh).
#[cfg_attr(not(target_env = "musl"), link(name = "crypt"))]
extern "C" {
    /// libcrypt's `crypt(3)`, which Python's `crypt.crypt` calls.
    fn crypt(phrase: *const libc::c_char, setting: *const libc::c_char) -> *mut libc::c_char;
}

/// `crypt.crypt(password, setting)`: `None` when libcrypt fails (Python's `OSError`, which
/// Salt's `_gen_hash_crypt` turns into `None`).
fn crypt_hash(password: &str, setting: &str) -> Option<String> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let phrase = std::ffi::CString::new(password).ok()?;
    let setting = std::ffi::CString::new(setting).ok()?;
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: both are NUL-terminated; crypt's static result is copied before the lock is
    // released.
    let out = unsafe { crypt(phrase.as_ptr(), setting.as_ptr()) };
    if out.is_null() {
        return None;
    }
    // SAFETY: a non-null result is a NUL-terminated string.
    let text = unsafe { std::ffi::CStr::from_ptr(out) };
    Some(text.to_string_lossy().into_owned())
}

/// `salt.utils.pycrypto.gen_hash(crypt_salt, password, algorithm)` with Python's `crypt`:
/// `algorithm` None is the strongest method (sha512); a given salt gets the method's prefix
/// (except `crypt`'s), none a random one (`crypt.mksalt`).
pub(crate) fn gen_hash(
    crypt_salt: Option<&str>,
    password: &str,
    algorithm: Option<&str>,
) -> Result<Value, ExecError> {
    let algorithm = algorithm.unwrap_or("sha512");
    let Some((_, prefix, len)) = METHODS.iter().find(|m| m.0 == algorithm) else {
        let names: Vec<String> = METHODS.iter().map(|m| format!("'{}'", m.0)).collect();
        return Err(ExecError::Failed(format!(
            "Cannot hash using '{algorithm}' hash algorithm. Natively supported algorithms are: [{0}]. If passlib is installed (False), the supported algorithms are: [{0}].",
            names.join(", ")
        )));
    };
    let setting = match crypt_salt {
        Some(salt) if algorithm == "crypt" => salt.to_string(),
        // `$ident$salt`: blowfish's ident is `2b` (the cost is then up to the caller).
        Some(salt) => format!("${}${salt}", prefix.split('$').nth(1).unwrap_or("")),
        None => format!("{prefix}{}", random_salt(*len)),
    };
    Ok(crypt_hash(password, &setting)
        .map(Value::from)
        .unwrap_or(Value::Null))
}

/// `shadow.gen_password(password, crypt_salt=None, algorithm="sha512")`.
pub fn gen_password(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "shadow.gen_password",
        a,
        &["password", "crypt_salt", "algorithm"],
        1,
    )?;
    let salt = b.opt(1).map(Value::py_str);
    let algorithm = match b.get(2) {
        None => Some("sha512".to_string()),
        Some(Value::Null) => None,
        Some(v) => Some(v.py_str()),
    };
    gen_hash(salt.as_deref(), &b.str_or(0, ""), algorithm.as_deref())
}

/// `_set_attrib(name, key, value, param, validate=True)`: `chage PARAM VALUE NAME`.
fn set_attrib(
    ctx: &ExecContext,
    name: &str,
    key: &str,
    value: &Value,
    param: &str,
    validate: bool,
) -> Result<Value, ExecError> {
    let pre = info_of(name);
    if !pre.get("name").is_some_and(Value::truthy) {
        return Ok(Value::Bool(false));
    }
    if pre.get(key) == Some(value) {
        return Ok(Value::Bool(true));
    }
    let r = run_argv(
        ctx,
        &["chage".into(), param.into(), value.py_str(), name.into()],
    )?;
    let mut ok = r.retcode == 0;
    if validate {
        ok = info_of(name).get(key) == Some(value);
    }
    Ok(Value::Bool(ok))
}

macro_rules! attrib_fn {
    ($fun:ident, $salt:literal, $arg:literal, $key:literal, $param:literal, $validate:literal) => {
        #[doc = concat!("`shadow.", $salt, "(name, ", $arg, ", root=None)`: `chage ", $param, "`.")]
        pub fn $fun(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
            let b = bind(concat!("shadow.", $salt), a, &["name", $arg, "root"], 2)?;
            let value = b.get(1).cloned().unwrap_or(Value::Null);
            set_attrib(ctx, &b.str_or(0, ""), $key, &value, $param, $validate)
        }
    };
}

attrib_fn!(set_mindays, "set_mindays", "mindays", "min", "-m", true);
attrib_fn!(set_maxdays, "set_maxdays", "maxdays", "max", "-M", true);
attrib_fn!(
    set_inactdays,
    "set_inactdays",
    "inactdays",
    "inact",
    "-I",
    true
);
attrib_fn!(set_warndays, "set_warndays", "warndays", "warn", "-W", true);
attrib_fn!(set_date, "set_date", "date", "lstchg", "-d", false);
attrib_fn!(set_expire, "set_expire", "expire", "expire", "-E", false);

/// Days since 1970-01-01 of today's local date (`datetime.today() - datetime(1970, 1, 1)`).
fn today_days() -> i64 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0);
    let t = now as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own; both pointers are valid.
    let off = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() {
            0
        } else {
            tm.tm_gmtoff
        }
    };
    (now + off).div_euclid(86_400)
}

/// `shadow.set_password(name, password, use_usermod=False, root=None)`: the hash goes into
/// the user's /etc/shadow line with today as the last change (or `usermod -p`).
pub fn set_password(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "shadow.set_password",
        a,
        &["name", "password", "use_usermod", "root"],
        2,
    )?;
    let (name, password) = (b.str_or(0, ""), b.str_or(1, ""));
    // `cmd.retcode(["id", name], ignore_retcode=True)`: the context's retcode becomes 0.
    let known = run_argv(ctx, &["id".into(), name.clone()])?.retcode == 0;
    ctx.retcode.set(0);
    if !known {
        return Ok(Value::Bool(false));
    }
    if b.truthy(2) {
        run_argv(
            ctx,
            &[
                which("usermod")?,
                "-p".into(),
                password.clone(),
                name.clone(),
            ],
        )?;
        return Ok(Value::Bool(
            info_of(&name).get("passwd") == Some(&Value::str(password)),
        ));
    }
    let Ok(text) = std::fs::read_to_string(SHADOW) else {
        return Ok(Value::Map(Map::new()));
    };
    let lstchg = today_days().to_string();
    let mut found = false;
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let mut comps: Vec<String> = line.trim().split(':').take(9).map(String::from).collect();
        if comps[0] == name {
            comps.resize(9, String::new());
            found = true;
            comps[1] = password.clone();
            comps[2] = lstchg.clone();
            out.push_str(&comps.join(":"));
            out.push('\n');
        } else {
            out.push_str(line);
        }
    }
    if !found {
        out.push_str(&format!("{name}:{password}:{lstchg}::::::\n"));
    }
    write_keeping_inode(SHADOW, &out)?;
    Ok(Value::Bool(
        info_of(&name).get("passwd") == Some(&Value::str(password)),
    ))
}

/// Python's `open(path, "w+")`: truncates and rewrites the same file (mode and owner kept).
pub(crate) fn write_keeping_inode(path: &str, text: &str) -> Result<(), ExecError> {
    std::fs::write(path, text).map_err(|e| ExecError::Failed(format!("{path}: {e}")))
}

/// `shadow.del_password(name)`: `passwd -d NAME`.
pub fn del_password(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("shadow.del_password", a, &["name", "root"], 1)?;
    let name = b.str_or(0, "");
    run_argv(ctx, &["passwd".into(), "-d".into(), name.clone()])?;
    let i = info_of(&name);
    Ok(Value::Bool(
        !i.get("passwd").is_some_and(Value::truthy) && i.get("name") == Some(&Value::str(name)),
    ))
}

fn passwd_locked(name: &str) -> bool {
    info_of(name)
        .get("passwd")
        .map(Value::py_str)
        .is_some_and(|p| p.starts_with('!'))
}

/// `shadow.lock_password(name)`: `passwd -l NAME`.
pub fn lock_password(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("shadow.lock_password", a, &["name", "root"], 1)?;
    let name = b.str_or(0, "");
    if !info_of(&name).get("name").is_some_and(Value::truthy) {
        return Ok(Value::Bool(false));
    }
    if passwd_locked(&name) {
        return Ok(Value::Bool(true));
    }
    run_argv(ctx, &["passwd".into(), "-l".into(), name.clone()])?;
    Ok(Value::Bool(passwd_locked(&name)))
}

/// `shadow.unlock_password(name)`: `passwd -u NAME`.
pub fn unlock_password(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("shadow.unlock_password", a, &["name", "root"], 1)?;
    let name = b.str_or(0, "");
    if !info_of(&name).get("name").is_some_and(Value::truthy) {
        return Ok(Value::Bool(false));
    }
    if !passwd_locked(&name) {
        return Ok(Value::Bool(true));
    }
    run_argv(ctx, &["passwd".into(), "-u".into(), name.clone()])?;
    Ok(Value::Bool(!passwd_locked(&name)))
}

/// `shadow.list_users()`: sorted names of /etc/shadow.
pub fn list_users(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("shadow.list_users", a, &["root"], 0)?;
    let text = std::fs::read_to_string(SHADOW).unwrap_or_default();
    let mut names: Vec<String> = text
        .lines()
        .filter_map(|l| l.split(':').next())
        .filter(|n| !n.is_empty())
        .map(String::from)
        .collect();
    names.sort();
    Ok(Value::List(names.into_iter().map(Value::from).collect()))
}
