//! The Salt release halite behaves as: `salt_compat` in the minion (or master) config, or
//! `--salt-compat` on the command line. Where Salt 3008 changed a behaviour, the code reads
//! [`SaltCompat::of`] and names the Salt change it mirrors in a comment.

use crate::{Map, Value};

/// The Salt release halite matches. Salt itself ignores the `salt_compat` key, so one config
/// serves Salt and halite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum SaltCompat {
    /// Salt 3007.8.
    V3007,
    /// Salt 3008.4 LTS (the default).
    #[default]
    V3008,
}

/// The options key.
pub const SALT_COMPAT_KEY: &str = "salt_compat";

impl SaltCompat {
    /// Every selectable release, oldest first.
    pub const ALL: [SaltCompat; 2] = [SaltCompat::V3007, SaltCompat::V3008];

    /// Reads a `salt_compat` value: `"3007"`/`"3008"` (or the integers, or the full release
    /// `"3007.8"`/`"3008.4"`). `None` for anything else.
    pub fn parse(v: &Value) -> Option<SaltCompat> {
        let text = match v {
            Value::Str(s) => s.trim().to_string(),
            Value::Int(i) => i.to_string(),
            Value::Float(f) => crate::py_float_repr(*f),
            _ => return None,
        };
        match text.as_str() {
            "3007" | "3007.8" => Some(SaltCompat::V3007),
            "3008" | "3008.4" => Some(SaltCompat::V3008),
            _ => None,
        }
    }

    /// The release the options select (`salt_compat`); the default, 3008, when the key is
    /// missing or not one of the releases (the CLI refuses a bad value before any stage runs).
    pub fn of(opts: &Map) -> SaltCompat {
        opts.get(SALT_COMPAT_KEY)
            .and_then(SaltCompat::parse)
            .unwrap_or_default()
    }

    /// [`SaltCompat::of`] for options held as a [`Value`] (a map, else the default).
    pub fn of_value(opts: &Value) -> SaltCompat {
        match opts {
            Value::Map(m) => SaltCompat::of(m),
            _ => SaltCompat::default(),
        }
    }

    /// The name written in configs: `"3007"` or `"3008"`.
    pub fn name(self) -> &'static str {
        match self {
            SaltCompat::V3007 => "3007",
            SaltCompat::V3008 => "3008",
        }
    }

    /// The version Salt reports (`test.version`, the `saltversion` grain).
    pub fn version(self) -> &'static str {
        match self {
            SaltCompat::V3007 => "3007.8",
            SaltCompat::V3008 => "3008.4",
        }
    }

    /// `saltversioninfo`: (major, minor).
    pub fn version_info(self) -> (i64, i64) {
        match self {
            SaltCompat::V3007 => (3007, 8),
            SaltCompat::V3008 => (3008, 4),
        }
    }

    /// True from Salt 3008 on.
    pub fn is_3008(self) -> bool {
        self >= SaltCompat::V3008
    }
}

impl std::fmt::Display for SaltCompat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn salt_compat_reads_names_integers_and_releases() {
        assert_eq!(
            SaltCompat::parse(&Value::str("3007")),
            Some(SaltCompat::V3007)
        );
        assert_eq!(
            SaltCompat::parse(&Value::Int(3008)),
            Some(SaltCompat::V3008)
        );
        assert_eq!(
            SaltCompat::parse(&Value::str("3008.4")),
            Some(SaltCompat::V3008)
        );
        assert_eq!(
            SaltCompat::parse(&Value::Float(3007.8)),
            Some(SaltCompat::V3007)
        );
        assert_eq!(SaltCompat::parse(&Value::str("3006")), None);
        assert_eq!(SaltCompat::parse(&Value::Bool(true)), None);
    }

    #[test]
    fn salt_compat_defaults_to_3008() {
        assert_eq!(SaltCompat::of(&Map::new()), SaltCompat::V3008);
        let mut m = Map::new();
        m.insert(SALT_COMPAT_KEY, Value::str("3007"));
        assert_eq!(SaltCompat::of(&m), SaltCompat::V3007);
    }
}
