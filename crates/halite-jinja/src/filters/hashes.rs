//! Salt's hash filters (salt/utils/hashutils.py): `md5`, `sha1`, `sha256`, `sha512`,
//! `base64_encode`, `base64_decode`, on halite-exec's digests (hex output as
//! `hashlib.hexdigest()`).

use super::{add, FilterResult};
use crate::repr::py_str;
use halite_exec::hashes;
use minijinja::value::Value;
use minijinja::{Environment, Error, ErrorKind};

pub fn register(env: &mut Environment<'static>) {
    add(env, "md5", |_, v, _| {
        Ok(Value::from(hashes::md5_hex(py_str(&v).as_bytes())))
    });
    add(env, "sha1", |_, v, _| {
        Ok(Value::from(hashes::sha1_hex(py_str(&v).as_bytes())))
    });
    add(env, "sha256", |_, v, _| {
        Ok(Value::from(hashes::sha256_hex(py_str(&v).as_bytes())))
    });
    add(env, "sha512", |_, v, _| {
        Ok(Value::from(hashes::sha512_hex(py_str(&v).as_bytes())))
    });
    add(env, "base64_encode", |_, v, _| {
        Ok(Value::from(hashes::b64encode(py_str(&v).as_bytes())))
    });
    add(env, "base64_decode", |_, v, _| base64_decode(&py_str(&v)));
    // hashutils.hmac_signature(string, shared_secret, challenge_hmac)
    add(env, "hmac", |_, v, a| {
        let secret = a.require(0, "shared_secret", "hmac_signature")?;
        let challenge = a.require(1, "challenge_hmac", "hmac_signature")?;
        let mac = hashes::hmac_sha256(py_str(&secret).as_bytes(), py_str(&v).as_bytes());
        Ok(Value::from(hashes::b64encode(&mac) == py_str(&challenge)))
    });
    // hashutils.hmac_compute(string, shared_secret)
    add(env, "hmac_compute", |_, v, a| {
        let secret = a.require(0, "shared_secret", "hmac_compute")?;
        let mac = hashes::hmac_sha256(py_str(&secret).as_bytes(), py_str(&v).as_bytes());
        Ok(Value::from(hashes::to_hex(&mac)))
    });
    add(env, "random_hash", random_hash);
    add(env, "rand_str", random_hash);
    // stringutils.random(size=32): base64 of `size` random bytes, cut to `size` characters
    add(env, "random_str", |_, v, _| {
        let size = size_arg(&v, 32)?;
        if size < 0 {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "negative argument not allowed",
            ));
        }
        let text = hashes::b64encode(&urandom(size as usize));
        Ok(Value::from(&text[..(size as usize).min(text.len())]))
    });
}

/// The `size` the filter is applied to: `default` for none, else an integer as Python's
/// `range`/`os.urandom` take it.
fn size_arg(v: &Value, default: i64) -> Result<i64, Error> {
    if v.is_none() {
        return Ok(default);
    }
    v.as_i64().ok_or_else(|| {
        crate::args::type_error(format!(
            "'{}' object cannot be interpreted as an integer",
            crate::args::py_type(v)
        ))
    })
}

/// hashutils.random_hash(size=9999999999, hash_type=None): the digest (md5 by default) of
/// `str(random.SystemRandom().randint(0, size))`.
fn random_hash(_: &minijinja::State, v: Value, a: crate::args::PyArgs) -> super::FilterResult {
    let size = size_arg(&v, 9_999_999_999)?;
    let hash_type = a
        .str_at(0, "hash_type")
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "md5".into());
    let Some(f) = super::host::hash_fn(&hash_type) else {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!("module 'hashlib' has no attribute '{hash_type}'"),
        ));
    };
    if size < 0 {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!(
                "empty range for randrange() (0, {}, {})",
                size + 1,
                size + 1
            ),
        ));
    }
    let bytes = urandom(8);
    let mut buf = [0u8; 8];
    buf.copy_from_slice(&bytes[..8]);
    let n = u64::from_le_bytes(buf) % (size as u64 + 1);
    Ok(Value::from(f(n.to_string().as_bytes())))
}

/// `os.urandom(n)`.
pub(super) fn urandom(n: usize) -> Vec<u8> {
    use std::io::Read;
    let mut buf = vec![0u8; n];
    let ok = std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut buf));
    if ok.is_err() {
        // no /dev/urandom: std's per-hasher random keys
        use std::hash::{BuildHasher, Hasher};
        for chunk in buf.chunks_mut(8) {
            let bits = std::collections::hash_map::RandomState::new()
                .build_hasher()
                .finish()
                .to_le_bytes();
            chunk.copy_from_slice(&bits[..chunk.len()]);
        }
    }
    buf
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Lenient, unlike `hashes::b64decode` (which raises "Incorrect padding" as the execution
/// module does): the filter's `base64.b64decode` with non-alphabet characters discarded, then UTF-8 text.
fn base64_decode(s: &str) -> FilterResult {
    let mut bits = 0u32;
    let mut nbits = 0;
    let mut out = Vec::new();
    for c in s.bytes() {
        let Some(v) = B64.iter().position(|&x| x == c) else {
            continue;
        };
        bits = (bits << 6) | v as u32;
        nbits += 6;
        if nbits >= 8 {
            nbits -= 8;
            out.push((bits >> nbits) as u8);
            bits &= (1 << nbits) - 1;
        }
    }
    String::from_utf8(out)
        .map(Value::from)
        .map_err(|_| Error::new(ErrorKind::InvalidOperation, "base64_decode: not UTF-8 text"))
}
