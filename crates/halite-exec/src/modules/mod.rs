//! One file per Salt execution module; register each function here with one line.

mod test;

use crate::Registry;

pub(crate) fn register_all(r: &mut Registry) {
    r.register("test.ping", test::ping);
    r.register("test.true", test::true_);
    r.register("test.false", test::false_);
}
