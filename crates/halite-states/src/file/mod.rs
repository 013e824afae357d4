//! Salt's `file` state module (salt/states/file.py).

use crate::StateRegistry;

pub(crate) fn register(_r: &mut StateRegistry) {}
