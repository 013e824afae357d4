//! salt-call's argument parsing (`salt.utils.args.parse_input`): `key=value` words are
//! keyword arguments, the rest positional; every value goes through `yamlify_arg`.

use halite_value::{Map, Value};

/// `KWARG_REGEX`: `^([^\d\W][\w.-]*)=(?!=)(.*)$`.
fn split_kwarg(word: &str) -> Option<(&str, &str)> {
    let (key, value) = word.split_once('=')?;
    if value.starts_with('=') {
        return None;
    }
    let mut chars = key.chars();
    let first = chars.next()?;
    if !(first.is_alphabetic() || first == '_') {
        return None;
    }
    chars
        .all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '-')
        .then_some((key, value))
}

pub fn parse_call_args(words: &[String]) -> (Vec<Value>, Map) {
    let mut args = Vec::new();
    let mut kwargs = Map::new();
    for word in words {
        match split_kwarg(word) {
            Some((k, v)) => {
                kwargs.insert(k, halite_yaml::yamlify_arg(v));
            }
            None => args.push(halite_yaml::yamlify_arg(word)),
        }
    }
    (args, kwargs)
}
