//! A reclass-compatible node classifier that renders what reclass-rs 0.11 renders.
//!
//! An inventory has `nodes/` and `classes/` of YAML files. A node lists classes; each class
//! may list further classes. Classes are merged depth first, in order, each once; later
//! entities override earlier ones and the node overrides its classes. Then `${a:b}`
//! references are interpolated.
//!
//! ```no_run
//! use halite_reclass::{Inventory, ReclassConfig};
//! let inv = Inventory::load(&ReclassConfig::from_base_uri("/srv/reclass")?)?;
//! println!("{}", inv.node("web1")?.to_json());
//! # Ok::<(), halite_reclass::ReclassError>(())
//! ```

pub mod cli;
mod config;
mod discover;
mod entity;
mod error;
mod inventory;
mod pvalue;
mod resolve;
pub mod salt;
mod token;

pub use config::{ReclassConfig, CONFIG_FILE};
pub use error::ReclassError;
pub use inventory::{
    index, inventory_meta, inventory_value, timestamp, Inventory, NodeInfo, ENVIRONMENT,
};
pub use salt::{ext_pillar, master_tops};
