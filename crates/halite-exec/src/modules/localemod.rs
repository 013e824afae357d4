//! `salt.modules.localemod` (virtual name `locale`), the read-only functions: `get_locale`,
//! `list_avail`, `avail`. halite does not change or generate the host's locales.

use super::cmd;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

fn run(ctx: &ExecContext, command: &str) -> Result<String, ExecError> {
    Ok(cmd::run_(ctx, &Args::new(vec![Value::str(command)], Map::new()))?.py_str())
}

/// `locale.get_locale()`: LANG from the os_family's file when systemd is not booted
/// (Debian: `grep "^LANG=" /etc/default/locale`); "" when it has none.
pub fn get_locale(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("locale.get_locale", a, &[], 0)?;
    let family = ctx
        .grains
        .as_map()
        .and_then(|g| g.get("os_family"))
        .map(Value::py_str)
        .unwrap_or_default();
    if super::systemd_service::booted() {
        // localectl status's "System Locale: LANG=..." line
        let out = run(ctx, "localectl status")?;
        for line in out.lines() {
            if let Some(rest) = line.trim().strip_prefix("System Locale: ") {
                if let Some(lang) = rest.strip_prefix("LANG=") {
                    return Ok(Value::str(lang));
                }
            }
        }
        return Ok(Value::str(""));
    }
    let command = if family.contains("Suse") {
        "grep \"^RC_LANG\" /etc/sysconfig/language"
    } else if family.contains("RedHat") {
        "grep \"^LANG=\" /etc/sysconfig/i18n"
    } else if family.contains("Debian") {
        "grep \"^LANG=\" /etc/default/locale"
    } else if family.contains("Gentoo") {
        return Ok(Value::str(run(ctx, "eselect --brief locale show")?.trim()));
    } else if family.contains("Solaris") {
        "grep \"^LANG=\" /etc/default/init"
    } else {
        let code = ctx
            .grains
            .as_map()
            .and_then(|g| g.get("oscodename"))
            .map(Value::py_str)
            .unwrap_or_default();
        return Err(ExecError::Command(format!(
            "Error: \"{code}\" is unsupported!"
        )));
    };
    let out = run(ctx, command)?;
    match out.split('=').nth(1) {
        Some(v) => Ok(Value::str(v.replace('"', ""))),
        None => {
            tracing::error!(
                "Error occurred while running \"{}\": list index out of range",
                command
            );
            Ok(Value::str(""))
        }
    }
}

fn list(ctx: &ExecContext) -> Result<Vec<String>, ExecError> {
    Ok(run(ctx, "locale -a")?
        .split('\n')
        .map(str::to_string)
        .collect())
}

/// `locale.list_avail()`: `locale -a`'s lines.
pub fn list_avail(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("locale.list_avail", a, &[], 0)?;
    Ok(Value::List(
        list(ctx)?.into_iter().map(Value::from).collect(),
    ))
}

/// `salt.utils.locales.normalize_locale`: territory upper-case, codeset lower-case without
/// dashes, no charmap.
pub fn normalize_locale(loc: &str) -> String {
    let (work, _charmap) = loc.split_once(' ').unwrap_or((loc, ""));
    let (work, modifier) = work.split_once('@').unwrap_or((work, ""));
    let (work, codeset) = work.split_once('.').unwrap_or((work, ""));
    let (language, territory) = work.split_once('_').unwrap_or((work, ""));
    let mut out = language.to_string();
    if !territory.is_empty() {
        out.push('_');
        out.push_str(&territory.to_uppercase());
    }
    let codeset = codeset.to_lowercase().replace('-', "");
    if !codeset.is_empty() {
        out.push('.');
        out.push_str(&codeset);
    }
    if !modifier.is_empty() {
        out.push('@');
        out.push_str(modifier);
    }
    out
}

/// `locale.avail(locale)`: `locale -a` lists it (both sides normalised).
pub fn avail(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let locale = bind("locale.avail", a, &["locale"], 1)?.str_or(0, "");
    let wanted = normalize_locale(&locale);
    Ok(Value::Bool(
        list(ctx)?
            .iter()
            .any(|x| normalize_locale(x.trim()) == wanted),
    ))
}

#[cfg(test)]
mod tests {
    use super::normalize_locale;

    #[test]
    fn normalizes_like_salt_utils_locales() {
        assert_eq!(normalize_locale("en_us.UTF-8"), "en_US.utf8");
        assert_eq!(
            normalize_locale("ca_ES.UTF-8@valencia UTF-8"),
            "ca_ES.utf8@valencia"
        );
        assert_eq!(normalize_locale("C.UTF-8"), "C.utf8");
        assert_eq!(normalize_locale("POSIX"), "POSIX");
    }
}
