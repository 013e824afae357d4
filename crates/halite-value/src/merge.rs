//! Salt's `salt.utils.dictupdate` merges, which pillar and `slsutil.merge` use.

use crate::{Map, Value};

/// `dictupdate.update(dest, upd, recursive_update=True, merge_lists)`: nested dicts merge key
/// by key; any other value replaces, except that with `merge_lists` a list is extended by the
/// items of the other list that it does not already hold.
pub fn merge_recurse(dest: &mut Map, upd: &Map, merge_lists: bool) {
    for (k, v) in upd.iter() {
        match (dest.get_value_mut(k), v) {
            (Some(Value::Map(d)), Value::Map(u)) => merge_recurse(d, u, merge_lists),
            (Some(Value::List(d)), Value::List(u)) if merge_lists => {
                for item in u {
                    if !d.contains(item) {
                        d.push(item.clone());
                    }
                }
            }
            _ => {
                dest.insert(k.clone(), v.clone());
            }
        }
    }
}

/// `dictupdate.merge_overwrite`: top-level keys of `upd` replace those of `dest`.
pub fn merge_overwrite(dest: &mut Map, upd: &Map) {
    for (k, v) in upd.iter() {
        dest.insert(k.clone(), v.clone());
    }
}
