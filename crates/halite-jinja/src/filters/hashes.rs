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
