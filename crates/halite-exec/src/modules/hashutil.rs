//! `salt.modules.hashutil`: digests and base64 of strings (`str(x)` UTF-8 encoded).

use crate::hashes::{b64decode, b64encode, md5_hex, sha1_hex, sha256_hex, sha512_hex};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

/// `salt.utils.stringutils.to_bytes(instr)`: only text is accepted.
fn instr(fun: &str, a: &Args) -> Result<String, ExecError> {
    let b = bind(fun, a, &["instr"], 1)?;
    to_text(b.get(0))
}

fn to_text(v: Option<&Value>) -> Result<String, ExecError> {
    match v {
        Some(Value::Str(s)) => Ok(s.to_string()),
        other => Err(ExecError::Failed(format!(
            "expected str, bytes, or bytearray not <class '{}'>",
            other.map(Value::type_name).unwrap_or("NoneType")
        ))),
    }
}

pub fn md5_digest(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Str(
        md5_hex(instr("hashutil.md5_digest", a)?.as_bytes()).into(),
    ))
}

pub fn sha256_digest(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Str(
        sha256_hex(instr("hashutil.sha256_digest", a)?.as_bytes()).into(),
    ))
}

pub fn sha512_digest(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Str(
        sha512_hex(instr("hashutil.sha512_digest", a)?.as_bytes()).into(),
    ))
}

/// `hashutil.digest(instr, checksum='md5')`.
pub fn digest(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("hashutil.digest", a, &["instr", "checksum"], 1)?;
    let f: fn(&[u8]) -> String = match b.str_or(1, "md5").as_str() {
        "md5" => md5_hex,
        "sha256" => sha256_hex,
        "sha512" => sha512_hex,
        other => {
            return Err(ExecError::Failed(format!(
                "Hash func '{other}' is not supported."
            )))
        }
    };
    Ok(Value::Str(f(to_text(b.get(0))?.as_bytes()).into()))
}

/// `hashutil.base64_b64encode(instr)`.
pub fn base64_b64encode(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Str(
        b64encode(instr("hashutil.base64_b64encode", a)?.as_bytes()).into(),
    ))
}

/// `hashutil.base64_encodestring(instr)`: `base64.encodebytes`, a newline every 76 chars and
/// at the end.
pub fn base64_encodestring(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let enc = b64encode(instr("hashutil.base64_encodestring", a)?.as_bytes());
    let mut out = String::new();
    for chunk in enc.as_bytes().chunks(76) {
        out.push_str(&String::from_utf8_lossy(chunk));
        out.push('\n');
    }
    Ok(Value::Str(out.into()))
}

/// `hashutil.base64_b64decode(instr)`: text when the bytes are UTF-8.
pub fn base64_b64decode(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let bytes = b64decode(&instr("hashutil.base64_b64decode", a)?).map_err(ExecError::Failed)?;
    Ok(Value::Str(String::from_utf8_lossy(&bytes).into()))
}

/// `file.get_hash(path, form='sha256', chunk_size=65536)`.
pub fn file_get_hash(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("file.get_hash", a, &["path", "form", "chunk_size"], 1)?;
    let path = super::file::expanduser(&b.str_or(0, ""));
    let form = b.str_or(1, "sha256");
    let f: fn(&[u8]) -> String = match form.as_str() {
        "md5" => md5_hex,
        "sha1" => sha1_hex,
        "sha256" => sha256_hex,
        "sha512" => sha512_hex,
        _ => return Err(ExecError::Failed(format!("Invalid hash type: {form}"))),
    };
    let data = std::fs::read(&path).map_err(|e| {
        ExecError::Failed(match e.kind() {
            std::io::ErrorKind::NotFound => {
                format!("[Errno 2] No such file or directory: '{path}'")
            }
            _ => e.to_string(),
        })
    })?;
    Ok(Value::Str(f(&data).into()))
}
