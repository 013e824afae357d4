//! Standalone `halite-validate` binary (the same as `halite validate`), for tests and benches.

use clap::Parser;
use halite_validate::cli::{run, ValidateArgs};

#[derive(Parser)]
#[command(name = "halite-validate")]
struct Cli {
    #[command(flatten)]
    args: ValidateArgs,
}

fn main() {
    let cli = Cli::parse();
    match run(&cli.args) {
        Ok((out, code)) => {
            println!("{out}");
            std::process::exit(code);
        }
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    }
}
