//! `salt.modules.test`.

use crate::salt_utils::{bind, clean_kwargs};
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

pub fn ping(_: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(true))
}

pub fn true_(_: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(true))
}

pub fn false_(_: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(false))
}

/// `salt.version.__version__` of the release the options select (`salt_compat`).
pub fn version(ctx: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::str(
        halite_value::SaltCompat::of_value(&ctx.opts).version(),
    ))
}

/// `test.echo(text)`.
pub fn echo(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("test.echo", a, &["text"], 1)?;
    Ok(b.get(0).cloned().unwrap_or_default())
}

/// `test.outputter(data)`.
pub fn outputter(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("test.outputter", a, &["data"], 1)?;
    Ok(b.get(0).cloned().unwrap_or_default())
}

/// `test.arg(*args, **kwargs)` -> `{"args": args, "kwargs": kwargs}`.
pub fn arg(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let mut m = Map::new();
    m.insert("args", Value::List(a.args.clone().into()));
    m.insert("kwargs", Value::Map(a.kwargs.clone()));
    Ok(Value::Map(m))
}

/// `test.kwarg(**kwargs)`.
pub fn kwarg(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Map(a.kwargs.clone()))
}

fn py_type(v: &Value) -> String {
    format!("<class '{}'>", v.type_name())
}

/// `test.arg_type(*args, **kwargs)`: `str(type(x))` of each.
pub fn arg_type(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let mut m = Map::new();
    m.insert(
        "args",
        Value::List(
            a.args
                .iter()
                .map(|v| Value::Str(py_type(v).into()))
                .collect(),
        ),
    );
    m.insert(
        "kwargs",
        Value::Map(
            a.kwargs
                .iter()
                .map(|(k, v)| (k.clone(), Value::Str(py_type(v).into())))
                .collect(),
        ),
    );
    Ok(Value::Map(m))
}

/// `test.arg_repr(*args, **kwargs)`: `repr(args)` (a tuple) and `repr(kwargs)`.
pub fn arg_repr(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let items: Vec<String> = a.args.iter().map(Value::py_repr).collect();
    let tuple = match items.len() {
        1 => format!("({},)", items[0]),
        _ => format!("({})", items.join(", ")),
    };
    let mut m = Map::new();
    m.insert("args", Value::Str(tuple.into()));
    m.insert(
        "kwargs",
        Value::Str(Value::Map(clean_kwargs(&a.kwargs)).py_repr().into()),
    );
    Ok(Value::Map(m))
}

/// `test.fib(num)` -> `[fib(num), seconds]`.
pub fn fib(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("test.fib", a, &["num"], 1)?;
    let n = match b.get(0) {
        Some(Value::Int(i)) => *i,
        Some(Value::Float(f)) => *f as i64,
        Some(Value::Bool(x)) => *x as i64,
        Some(Value::Str(s)) => crate::salt_utils::py_int(s).ok_or_else(|| {
            ExecError::Failed(format!("invalid literal for int() with base 10: '{s}'"))
        })?,
        _ => {
            return Err(ExecError::Failed(
                "int() argument must be a string, a bytes-like object or a real number".into(),
            ))
        }
    };
    if n < 0 {
        return Err(ExecError::Failed("Negative number is not allowed!".into()));
    }
    let start = std::time::Instant::now();
    let (mut prev, mut curr) = (0i64, 1i64);
    let val = if n < 2 {
        n
    } else {
        for _ in 1..n {
            let next = prev.wrapping_add(curr);
            prev = curr;
            curr = next;
        }
        curr
    };
    Ok(Value::List(
        vec![Value::Int(val), Value::Float(start.elapsed().as_secs_f64())].into(),
    ))
}

/// `test.retcode(code=42)`: sets `__context__['retcode']` (which an `onlyif`/`unless`
/// function check reads, and salt-call turns into its exit status) and returns True.
pub fn retcode(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("test.retcode", a, &["code"], 0)?;
    let code = match b.opt(0) {
        None => 42,
        Some(Value::Int(i)) => *i,
        Some(Value::Bool(v)) => i64::from(*v),
        Some(Value::Null) => 0,
        Some(other) => other.py_str().trim().parse::<i64>().unwrap_or(1),
    };
    ctx.retcode.set(code);
    Ok(Value::Bool(true))
}

/// `test.exception(message='Test Exception')`.
pub fn exception(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("test.exception", a, &["message"], 0)?;
    Err(ExecError::Failed(b.str_or(0, "Test Exception")))
}

/// `test.random_hash(size=9999999999, hash_type=None)`: the hex digest of
/// `str(random.SystemRandom().randint(0, size))` (`salt.utils.hashutils.random_hash`), with
/// the minion's `hash_type` (default sha256) when none is given.
pub fn random_hash(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("test.random_hash", a, &["size", "hash_type"], 0)?;
    let size = match b.opt(0) {
        None => 9_999_999_999,
        Some(Value::Int(i)) => *i,
        Some(Value::Bool(v)) => i64::from(*v),
        Some(other) => {
            return Err(ExecError::Failed(format!(
                "'{}' object cannot be interpreted as an integer",
                other.type_name()
            )))
        }
    };
    if size < 0 {
        return Err(ExecError::Failed(format!(
            "empty range in randrange(0, {})",
            size + 1
        )));
    }
    let hash_type = match b.opt(1) {
        Some(Value::Str(s)) if !s.is_empty() => s.to_string(),
        _ => match ctx.opts.get("hash_type") {
            Some(Value::Str(s)) if !s.is_empty() => s.to_string(),
            _ => "sha256".to_string(),
        },
    };
    let f: fn(&[u8]) -> String = match hash_type.as_str() {
        "md5" => crate::hashes::md5_hex,
        "sha1" => crate::hashes::sha1_hex,
        "sha224" => crate::hashes::sha224_hex,
        "sha256" => crate::hashes::sha256_hex,
        "sha384" => crate::hashes::sha384_hex,
        "sha512" => crate::hashes::sha512_hex,
        other => {
            return Err(ExecError::Failed(format!(
                "AttributeError: module 'hashlib' has no attribute '{other}'"
            )))
        }
    };
    let n = random_u64() % (size as u64 + 1);
    Ok(Value::Str(f(n.to_string().as_bytes()).into()))
}

/// Eight bytes from the system's random source (random.SystemRandom reads the same).
fn random_u64() -> u64 {
    use std::io::Read;
    let mut buf = [0u8; 8];
    if let Ok(mut f) = std::fs::File::open("/dev/urandom") {
        if f.read_exact(&mut buf).is_ok() {
            return u64::from_le_bytes(buf);
        }
    }
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
