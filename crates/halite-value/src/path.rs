use crate::Value;

/// `salt.utils.data.traverse_dict_and_list`: follows a `delimiter`-separated key path through
/// nested maps and lists (a numeric part indexes a list). `None` when any step is missing.
pub fn traverse<'a>(data: &'a Value, key: &str, delimiter: &str) -> Option<&'a Value> {
    let mut cur = data;
    for part in key.split(delimiter) {
        cur = match cur {
            Value::Map(m) => match m.get(part) {
                Some(v) => v,
                None => {
                    // Salt also tries the part as an integer key.
                    let as_int = part.parse::<i64>().ok().map(Value::Int)?;
                    m.get_value(&as_int)?
                }
            },
            Value::List(l) => {
                let idx: usize = part.parse().ok()?;
                l.get(idx)?
            }
            _ => return None,
        };
    }
    Some(cur)
}
