//! The renderers that decrypt secrets in already rendered data: Salt's `gpg`
//! (salt/renderers/gpg.py) and `nacl` (salt/renderers/nacl.py). Both walk the data (text, or
//! the values of mappings and lists, never the keys) and leave what holds no secret as it is.
//!
//! `gpg` runs the system `gpg` as Salt does (`gpg --homedir <gpg_keydir> --status-fd 2
//! --no-tty -d`, the cipher block on standard input), once per
//! `-----BEGIN PGP MESSAGE----- ... -----END PGP MESSAGE-----` block.

use crate::template::{RenderError, TemplateJob};
use halite_jinja::py_bytes_repr;
use halite_value::Value;
use std::io::Write;
use std::process::{Command, Stdio};

const BEGIN: &str = "-----BEGIN PGP MESSAGE-----";
const END: &str = "-----END PGP MESSAGE-----";

/// The `gpg` renderer.
pub(crate) fn gpg(data: Value, job: &TemplateJob) -> Result<Value, RenderError> {
    // `salt.utils.path.which("gpg")`
    let gpg = halite_exec::which_path("gpg")
        .ok_or_else(|| RenderError::Render("GPG unavailable".into()))?;
    let ctx = job.engine.context();
    let opt = |key: &str| ctx.opts.get(key).filter(|v| !v.is_null()).cloned();
    // `config.get("gpg_keydir")` (opts, then pillar), else `<config_dir>/gpgkeys`.
    let keydir = opt("gpg_keydir")
        .or_else(|| ctx.pillar.get("gpg_keydir").cloned())
        .filter(Value::truthy)
        .map(|v| v.py_str())
        .unwrap_or_else(|| {
            let config_dir = opt("config_dir").map(|v| v.py_str()).unwrap_or_else(|| {
                let conf = opt("conf_file").map(|v| v.py_str()).unwrap_or_default();
                match conf.rsplit_once('/') {
                    Some((dir, _)) => dir.to_string(),
                    None => String::new(),
                }
            });
            format!("{config_dir}/gpgkeys")
        });
    let must_succeed = opt("gpg_decrypt_must_succeed").is_none_or(|v| v.truthy());
    let decrypter = Gpg {
        exe: gpg.into(),
        keydir,
        must_succeed,
    };
    decrypter.object(data)
}

struct Gpg {
    exe: std::path::PathBuf,
    keydir: String,
    must_succeed: bool,
}

impl Gpg {
    /// `_decrypt_object`.
    fn object(&self, data: Value) -> Result<Value, RenderError> {
        Ok(match data {
            Value::Str(s) => Value::str(self.ciphertexts(&s)?),
            Value::Map(mut m) => {
                for (_, v) in m.iter_mut() {
                    *v = self.object(std::mem::take(v))?;
                }
                Value::Map(m)
            }
            Value::List(mut l) => {
                for v in l.iter_mut() {
                    *v = self.object(std::mem::take(v))?;
                }
                Value::List(l)
            }
            other => other,
        })
    }

    /// `_decrypt_ciphertexts`: every block replaced by its plain text; when there was one,
    /// the result loses its trailing newlines.
    fn ciphertexts(&self, text: &str) -> Result<String, RenderError> {
        let mut out = String::new();
        let mut rest = text;
        let mut found = false;
        while let Some(start) = rest.find(BEGIN) {
            let Some(len) = rest[start + BEGIN.len()..].find(END) else {
                break;
            };
            if halite_exec::speculation::is_speculating() {
                halite_exec::speculation::abort();
                return Err(RenderError::Other(
                    "gpg decrypts in the walk's order".into(),
                ));
            }
            let end = start + BEGIN.len() + len + END.len();
            out.push_str(&rest[..start]);
            out.push_str(&self.decrypt(&rest[start..end])?);
            rest = &rest[end..];
            found = true;
        }
        if !found {
            return Ok(text.to_string());
        }
        out.push_str(rest);
        out.truncate(out.trim_end_matches('\n').len());
        Ok(out)
    }

    /// `_decrypt_ciphertext`: one block through `gpg -d`.
    fn decrypt(&self, cipher: &str) -> Result<String, RenderError> {
        let cipher = cipher.replace("\\n", "\n");
        let run = || -> std::io::Result<std::process::Output> {
            let mut child = Command::new(&self.exe)
                .args([
                    "--homedir",
                    &self.keydir,
                    "--status-fd",
                    "2",
                    "--no-tty",
                    "-d",
                ])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()?;
            if let Some(mut stdin) = child.stdin.take() {
                // gpg may stop reading early; its answer says why.
                let _ = stdin.write_all(cipher.as_bytes());
            }
            child.wait_with_output()
        };
        let out = run().map_err(|e| RenderError::Other(e.to_string()))?;
        if out.stdout.is_empty() {
            let msg = format!(
                "Could not decrypt cipher {}, received: {}",
                py_bytes_repr(cipher.as_bytes()),
                py_bytes_repr(&out.stderr)
            );
            tracing::warn!("{msg}");
            if self.must_succeed {
                return Err(RenderError::Render(msg));
            }
            return Ok(cipher);
        }
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }
}

/// The `nacl` renderer: strings that are not `NACL[...]` pass through; halite has no NaCl
/// decryption (Salt's `nacl.dec`).
pub(crate) fn nacl(data: Value) -> Result<Value, RenderError> {
    match &data {
        Value::Str(s) => {
            let line = s.strip_suffix('\n').unwrap_or(s);
            if line.starts_with("NACL[") && line.ends_with(']') && !line.contains('\n') {
                return Err(RenderError::Render(
                    "halite does not implement Salt's 'nacl' decryption (nacl.dec)".into(),
                ));
            }
            Ok(data)
        }
        Value::Map(m) => {
            for (_, v) in m.iter() {
                nacl(v.clone())?;
            }
            Ok(data)
        }
        Value::List(l) => {
            for v in l.iter() {
                nacl(v.clone())?;
            }
            Ok(data)
        }
        _ => Ok(data),
    }
}

#[cfg(test)]
mod tests {
    use super::py_bytes_repr;

    #[test]
    fn bytes_repr_matches_python() {
        assert_eq!(py_bytes_repr(b"a'b\n"), "b\"a'b\\n\"");
        assert_eq!(py_bytes_repr(b"a'\"\x01"), "b'a\\'\"\\x01'");
    }
}
