//! `reclass` as a stand-alone binary (the same code the `halite reclass` subcommand runs);
//! used by scripts/bench/reclass.sh.

use clap::Parser;
use halite_reclass::cli::{run_to, ReclassArgs};

fn main() {
    let args = ReclassArgs::parse();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let Err(e) = run_to(&args, &mut out) {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
