//! The `hewn` binary: parses the command line and hands over to the library.

use std::process::ExitCode;

use clap::Parser;
use hewn::cli::{Cli, Command, run_sim};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(Command::Sim(args)) => run_sim(args),
        Some(Command::World(args)) => hewn::save::cli::run_world(args),
        None => {
            eprintln!("hewn: the window is not built yet; try `hewn sim FILE.toml`");
            ExitCode::from(1)
        }
    }
}
