//! Salt's argument specs of the state functions, per release, and `format_call`'s keyword
//! check (salt/utils/args.py) that `State.call` runs on every chunk before its function.
//!
//! The tables are generated from each release's loader by scripts/oracle/state_argspecs.py
//! (`state_argspecs_3007.rs`, `state_argspecs_3008.rs`); halite's state functions carry no
//! Python signature. A function the tables lack is not checked.

use halite_value::{Map, SaltCompat, Value};

#[path = "state_argspecs_3007.rs"]
mod v3007;
#[path = "state_argspecs_3008.rs"]
mod v3008;

/// (`mod.fun`, the function's arguments, how many of them have no default, whether it takes
/// `**kwargs`).
pub(crate) type Spec = (&'static str, &'static [&'static str], usize, bool);

fn tables(compat: SaltCompat) -> (&'static [&'static str], &'static [Spec]) {
    match compat {
        SaltCompat::V3007 => (v3007::INTERNAL_KEYWORDS, v3007::ARGSPECS),
        SaltCompat::V3008 => (v3008::INTERNAL_KEYWORDS, v3008::ARGSPECS),
    }
}

/// The argument spec of state function `full` in a release.
pub(crate) fn spec(compat: SaltCompat, full: &str) -> Option<&'static Spec> {
    let (_, specs) = tables(compat);
    specs
        .binary_search_by(|s| s.0.cmp(full))
        .ok()
        .map(|i| &specs[i])
}

/// `format_call(self.states[full], low, initial_ret={"full": full},
/// expected_extra_kws=STATE_INTERNAL_KEYWORDS)`'s SaltInvocationError for keys of the low
/// chunk that state function `full` does not take (it has no `**kwargs`), in the chunk's
/// order: "'a' is an invalid keyword argument for 'mod.fun'", "'a', 'b' and 'c' are invalid
/// keyword arguments for 'mod.fun'". The keywords differ by release (3008 added `no_log`, the
/// graph's `__prerequiring__` replaced `__prerequired__`).
pub fn invalid_keywords(compat: SaltCompat, full: &str, low: &Map) -> Option<String> {
    let (internal, _) = tables(compat);
    let (_, args, _, kwargs) = spec(compat, full)?;
    if *kwargs {
        return None;
    }
    let extra: Vec<String> = low
        .keys()
        .filter_map(Value::as_str)
        .filter(|k| !args.contains(k) && !internal.contains(k))
        .map(|k| format!("'{k}'"))
        .collect();
    match extra.as_slice() {
        [] => None,
        [one] => Some(format!("{one} is an invalid keyword argument for '{full}'")),
        [init @ .., last] => Some(format!(
            "{} and {last} are invalid keyword arguments for '{full}'",
            init.join(", ")
        )),
    }
}

/// The low chunk's keys that `format_call` hands state function `full` as `**kwargs`: the
/// ones that are neither its arguments nor Salt's internal keywords (empty when it takes no
/// `**kwargs` or the tables lack it). `file.managed` passes them on to `file.get_managed`,
/// whose template renderer makes them template variables.
pub fn extra_kwargs<'a>(compat: SaltCompat, full: &str, low: &'a Map) -> Vec<(&'a str, &'a Value)> {
    let (internal, _) = tables(compat);
    let Some((_, args, _, true)) = spec(compat, full) else {
        return Vec::new();
    };
    low.iter()
        .filter_map(|(k, v)| Some((k.as_str()?, v)))
        .filter(|(k, _)| !args.contains(k) && !internal.contains(k) && !k.starts_with("__"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::StateRegistry;

    #[test]
    fn tables_are_sorted_for_binary_search() {
        for compat in SaltCompat::ALL {
            let (_, specs) = tables(compat);
            assert!(specs.windows(2).all(|w| w[0].0 < w[1].0), "{compat}");
        }
    }

    /// Each state function halite registers has Salt's spec in a release (regenerate with
    /// scripts/oracle/state_argspecs.py when this fails for a new module), and the required
    /// parameters halite's `verify_data` checks are the spec's arguments without defaults.
    #[test]
    fn registered_state_functions_have_salts_argspec() {
        let registry = StateRegistry::standard();
        for name in registry.names() {
            let def = registry.get(name).expect("registered");
            let specs: Vec<&Spec> = SaltCompat::ALL
                .iter()
                .filter_map(|c| spec(*c, name))
                .collect();
            assert!(
                !specs.is_empty(),
                "{name}: no argspec; run scripts/oracle/state_argspecs.py"
            );
            for (_, args, required, _) in specs {
                assert_eq!(&args[..*required], def.required, "{name}");
            }
        }
    }

    #[test]
    fn unknown_keyword_names_salts_message() {
        let mut low = Map::new();
        for k in [
            "state", "name", "__sls__", "__env__", "__id__", "bogus", "order", "fun",
        ] {
            low.insert(k, Value::Int(1));
        }
        let full = "test.configurable_test_state";
        assert_eq!(
            invalid_keywords(SaltCompat::V3008, full, &low).as_deref(),
            Some("'bogus' is an invalid keyword argument for 'test.configurable_test_state'")
        );
        low.insert("no_log", Value::Bool(true));
        low.insert("other", Value::Int(2));
        assert_eq!(
            invalid_keywords(SaltCompat::V3007, full, &low).as_deref(),
            Some(
                "'bogus', 'no_log' and 'other' are invalid keyword arguments for \
                 'test.configurable_test_state'"
            )
        );
        assert_eq!(
            invalid_keywords(SaltCompat::V3008, full, &low).as_deref(),
            Some(
                "'bogus' and 'other' are invalid keyword arguments for \
                 'test.configurable_test_state'"
            )
        );
        assert_eq!(invalid_keywords(SaltCompat::V3008, "test.nop", &low), None);
    }
}
