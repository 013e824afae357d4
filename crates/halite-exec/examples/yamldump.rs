//! Reads one JSON value per line on stdin and prints `yamldump::dump` of each as a JSON
//! string, for differential checks against PyYAML (`scripts/oracle/exec_yaml_fuzz.py`).
use std::io::BufRead;

fn main() {
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        match halite_value::Value::from_json_str(&line) {
            Ok(v) => println!(
                "{}",
                halite_value::Value::Str(halite_exec::yamldump::dump(&v).into())
                    .to_json_styled(halite_value::JsonStyle::Compact)
            ),
            Err(e) => println!("\"ERROR {e}\""),
        }
    }
}
