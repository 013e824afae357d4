//! STUB: interface only; the implementation is in progress.
use halite_value::Map;

/// The core grains of this host, keyed and typed as Salt 3007.8's `grains.items` reports them.
pub fn core_grains() -> Map {
    Map::new()
}
