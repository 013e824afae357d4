//! `--out nested` (salt/output/nested.py): indented keys, `|_` for list items that are
//! containers, `- ` for scalars, `----------` before a nested mapping.

use crate::OutputOptions;
use halite_value::Value;

struct Colors {
    light_yellow: &'static str,
    yellow: &'static str,
    green: &'static str,
    cyan: &'static str,
    red: &'static str,
    endc: &'static str,
}

const COLORS: Colors = Colors {
    light_yellow: "\x1b[1;33m",
    yellow: "\x1b[0;33m",
    green: "\x1b[0;32m",
    cyan: "\x1b[0;36m",
    red: "\x1b[0;31m",
    endc: "\x1b[0;0m",
};

const NO_COLORS: Colors = Colors {
    light_yellow: "",
    yellow: "",
    green: "",
    cyan: "",
    red: "",
    endc: "",
};

struct Nest<'a> {
    c: &'a Colors,
    retcode: i32,
}

impl Nest<'_> {
    fn line(&self, indent: usize, color: &str, msg: &str, prefix: &str, suffix: &str) -> String {
        format!(
            "{}{color}{prefix}{msg}{}{suffix}",
            " ".repeat(indent),
            self.c.endc
        )
    }

    fn container_color(&self, normal: &'static str) -> &'static str {
        if self.retcode != 0 {
            self.c.red
        } else {
            normal
        }
    }

    fn display(&self, ret: &Value, indent: usize, prefix: &str, out: &mut Vec<String>) {
        match ret {
            Value::Null => out.push(self.line(indent, self.c.light_yellow, "None", prefix, "")),
            Value::Bool(b) => out.push(self.line(
                indent,
                self.c.light_yellow,
                if *b { "True" } else { "False" },
                prefix,
                "",
            )),
            Value::Int(_) | Value::Float(_) => {
                out.push(self.line(indent, self.c.light_yellow, &ret.py_repr(), prefix, ""))
            }
            Value::Str(s) => {
                let pad = " ".repeat(prefix.chars().count());
                for (i, l) in s.lines().enumerate() {
                    let p = if i == 0 { prefix } else { pad.as_str() };
                    out.push(self.line(indent, self.c.green, l, p, ""));
                }
            }
            Value::List(items) => {
                let color = self.container_color(self.c.green);
                for item in items {
                    if matches!(item, Value::List(_) | Value::Map(_)) {
                        out.push(self.line(indent, color, "|_", "", ""));
                        let p = if matches!(item, Value::Map(_)) {
                            ""
                        } else {
                            "- "
                        };
                        self.display(item, indent + 2, p, out);
                    } else {
                        self.display(item, indent, "- ", out);
                    }
                }
            }
            Value::Map(m) => {
                let color = self.container_color(self.c.cyan);
                if indent > 0 {
                    out.push(self.line(indent, color, "----------", "", ""));
                }
                // Salt sorts plain dicts (the usual case for returns).
                let mut keys: Vec<(String, &Value)> =
                    m.iter().map(|(k, v)| (k.py_str(), v)).collect();
                keys.sort_by(|a, b| a.0.cmp(&b.0));
                for (k, v) in keys {
                    out.push(self.line(indent, color, &k, prefix, ":"));
                    self.display(v, indent + 4, "", out);
                }
            }
        }
    }
}

/// `--out nested`.
pub fn nested(data: &Value, opts: &OutputOptions) -> String {
    nested_indented(data, 0, opts)
}

/// Nested with every line indented by `indent` (`nested_indent`): a mapping at the top then
/// starts with a `----------` line.
pub(crate) fn nested_indented(data: &Value, indent: usize, opts: &OutputOptions) -> String {
    let nest = Nest {
        c: if opts.color { &COLORS } else { &NO_COLORS },
        retcode: opts.retcode,
    };
    let mut out = Vec::new();
    nest.display(data, indent, "", &mut out);
    let _ = nest.c.yellow;
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use halite_value::{map, Value};

    #[test]
    fn nested_layout_matches_salt() {
        let chunk = map! {"state" => "test", "order" => 10000, "__sls_included_from__" => vec![Value::str("foo")]};
        let data = Value::Map(map! {"local" => vec![Value::Map(chunk)]});
        let text = nested(&data, &OutputOptions::default());
        assert_eq!(
            text,
            "local:\n    |_\n      ----------\n      __sls_included_from__:\n          - foo\n      order:\n          10000\n      state:\n          test"
        );
    }

    /// file.patch's "Patch would not apply cleanly" comment: `out_format(pre_check,
    /// "nested", opts, nested_indent=14)` as Salt 3008.4 printed it under `--out nested`.
    #[test]
    fn nested_indent_as_in_file_patch_comment() {
        let data = Value::Map(map! {
            "pid" => 1, "retcode" => 1, "stdout" => "patching file x\nHunk #1 FAILED at 1.", "stderr" => ""
        });
        let text = crate::out_format(&data, "nested", Some("nested"), 14);
        let pad = " ".repeat(14);
        let expected = [
            "----------",
            "pid:",
            "    1",
            "retcode:",
            "    1",
            "stderr:",
            "stdout:",
            "    patching file x",
            "    Hunk #1 FAILED at 1.",
        ]
        .map(|l| format!("{pad}{l}"))
        .join("\n");
        assert_eq!(text, expected);
        // `--out json` prints the dict as JSON, highstate falls back to nested
        assert!(
            crate::out_format(&data, "nested", Some("json"), 14).starts_with("{\n    \"pid\": 1,")
        );
        assert_eq!(
            crate::out_format(&data, "nested", Some("highstate"), 14),
            expected
        );
    }
}
