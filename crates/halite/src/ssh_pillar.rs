//! salt-ssh's pillar wrapper (salt/client/ssh/wrapper/pillar.py): the pillar functions
//! salt-ssh answers on the master from the pillar it compiled there. Any other `pillar.*`
//! function runs on the host (`salt-call` in the thin, with no pillar of its own).
//!
//! The wrapper is not the execution module: its own signatures (no `pillarenv`, `saltenv`
//! or Salt 3008's `unmask`; a keyword it lacks is a TypeError), `items`/`data` are `raw`
//! (a positional argument is `raw`'s key), `item` looks keys up without traversal, and a
//! Python error becomes salt-ssh's `run_wfunc` string. Salt 3008's masking over salt-ssh
//! is the wrapper's: only `pillar.item` redacts (`salt.utils.secret.serial`); `get`, `raw`,
//! `items`, `data`, `keys` and `filter_by` return plain values (`salt.utils.secret.expose`),
//! whatever `pillar_mask_output` says.

use halite_exec::salt_utils::{bind, dict_update, filter_by_bound, traverse, DEFAULT_DELIM};
use halite_exec::{Args, ExecError};
use halite_value::{Map, SaltCompat, Value};

/// The functions of salt-ssh's pillar wrapper.
pub const WRAPPED: &[&str] = &[
    "pillar.get",
    "pillar.item",
    "pillar.raw",
    "pillar.keys",
    "pillar.filter_by",
    "pillar.items",
    "pillar.data",
];

/// How a wrapper call ended (salt-ssh's `Single.run_wfunc` and `SSH.handle_routine`).
enum Failure {
    /// `TypeError encountered executing FUN: MSG`
    Type(String),
    /// Any other exception: `An Exception occurred while executing FUN: MSG`
    Other(String),
    /// The return is not JSON-serialisable (`pillar.keys`' dict view): handle_routine's
    /// `Internal error while parsing the command output: MSG`.
    Internal(String),
}

/// A wrapper function's return for the host: the value printed under its id and the
/// host's retcode.
pub fn call(
    fun: &str,
    args: &[Value],
    kwargs: &Map,
    pillar: &Value,
    compat: SaltCompat,
) -> (Value, u8) {
    let args = Args::new(args.to_vec(), kwargs.clone());
    let result = match fun {
        "pillar.get" => get(&args, pillar),
        "pillar.item" => item(&args, pillar, compat),
        "pillar.raw" | "pillar.items" | "pillar.data" => raw(&args, pillar),
        "pillar.keys" => keys(&args, pillar),
        "pillar.filter_by" => filter_by(&args, pillar),
        _ => Err(Failure::Other(format!("'{fun}' is not available."))),
    };
    match result {
        Ok(v) => (v, 0),
        Err(Failure::Type(m)) => (
            Value::str(format!("TypeError encountered executing {fun}: {m}")),
            1,
        ),
        Err(Failure::Other(m)) => (
            Value::str(format!("An Exception occurred while executing {fun}: {m}")),
            1,
        ),
        Err(Failure::Internal(m)) => {
            // The exception left handle_routine's stdout, stderr and retcode as they were
            // set before `single.run()`.
            let mut ret = Map::new();
            ret.insert(
                "_error",
                Value::str(format!(
                    "Internal error while parsing the command output: {m}"
                )),
            );
            ret.insert("stdout", Value::str(""));
            ret.insert("stderr", Value::str(""));
            ret.insert("retcode", Value::Int(0));
            ret.insert("data", Value::Null);
            (Value::Map(ret), 1)
        }
    }
}

fn type_error(e: ExecError) -> Failure {
    match e {
        ExecError::Failed(m) => Failure::Type(m),
        other => Failure::Type(other.to_string()),
    }
}

/// `get(key, default="", merge=False, delimiter=":")`
fn get(a: &Args, pillar: &Value) -> Result<Value, Failure> {
    let b = bind(
        "pillar.get",
        a,
        &["key", "default", "merge", "delimiter"],
        1,
    )
    .map_err(type_error)?;
    let key = b.str_or(0, "");
    let default = b.get(1).cloned().unwrap_or_else(|| Value::str(""));
    let delim = b.str_or(3, DEFAULT_DELIM);
    if b.truthy(2) {
        let ret = traverse(pillar, &key, &delim)
            .cloned()
            .unwrap_or_else(|| Value::Map(Map::new()));
        // `salt.utils.dictupdate.update(default, ret)`: recursive, lists replaced.
        if let (Value::Map(rm), Value::Map(dm)) = (&ret, &default) {
            let mut out = dm.clone();
            dict_update(&mut out, rm, true, false);
            return Ok(Value::Map(out));
        }
    }
    Ok(traverse(pillar, &key, &delim).cloned().unwrap_or(default))
}

/// `item(*args)`: `__pillar__[arg]` for each argument found (no traversal); Salt 3008
/// redacts each value (`salt.utils.secret.serial`, the wrapper's only masked output).
fn item(a: &Args, pillar: &Value, compat: SaltCompat) -> Result<Value, Failure> {
    if let Some(k) = a
        .kwargs
        .keys()
        .map(Value::py_str)
        .find(|k| !k.starts_with("__"))
    {
        return Err(Failure::Type(format!(
            "item() got an unexpected keyword argument '{k}'"
        )));
    }
    let mut ret = Map::new();
    for arg in &a.args {
        if let Some(v) = pillar.as_map().and_then(|m| m.get_value(arg)) {
            let v = if compat.is_3008() {
                halite_exec::redact_pillar(v)
            } else {
                v.clone()
            };
            ret.insert(arg.clone(), v);
        }
    }
    Ok(Value::Map(ret))
}

/// `raw(key=None)` (also `items` and `data`): `__pillar__.get(key, {})` when the key is
/// truthy, else the whole pillar.
fn raw(a: &Args, pillar: &Value) -> Result<Value, Failure> {
    let b = bind("pillar.raw", a, &["key"], 0).map_err(type_error)?;
    Ok(match b.get(0).filter(|k| k.truthy()) {
        Some(k) => pillar
            .as_map()
            .and_then(|m| m.get_value(k))
            .cloned()
            .unwrap_or_else(|| Value::Map(Map::new())),
        None => pillar.clone(),
    })
}

/// `keys(key, delimiter=":")`: the wrapper returns the mapping's `.keys()`, a dict view
/// salt-ssh then fails to serialise (the pillar's mappings are OrderedDicts).
fn keys(a: &Args, pillar: &Value) -> Result<Value, Failure> {
    let b = bind("pillar.keys", a, &["key", "delimiter"], 1).map_err(type_error)?;
    let key = b.str_or(0, "");
    let delim = b.str_or(1, DEFAULT_DELIM);
    match traverse(pillar, &key, &delim) {
        // str() of a KeyError quotes its message.
        None => Err(Failure::Other(format!("'Pillar key not found: {key}'"))),
        Some(Value::Map(_)) => Err(Failure::Internal(
            "Object of type odict_keys is not JSON serializable".into(),
        )),
        Some(_) => Err(Failure::Other(format!(
            "Pillar value in key {key} is not a dict"
        ))),
    }
}

/// `filter_by(lookup_dict, pillar, merge=None, default="default", base=None)`:
/// `salt.utils.data.filter_by` over the pillar.
fn filter_by(a: &Args, pillar: &Value) -> Result<Value, Failure> {
    let b = bind(
        "pillar.filter_by",
        a,
        &["lookup_dict", "pillar", "merge", "default", "base"],
        2,
    )
    .map_err(type_error)?;
    filter_by_bound(&b, "", pillar).map_err(|e| Failure::Other(e.to_string()))
}
