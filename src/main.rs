//! The `hewn` binary: parses the command line and hands over to the library.

use std::process::ExitCode;

use clap::Parser;
use hewn::cli::{Cli, Command, run_sim};

fn main() -> ExitCode {
    let cli = Cli::parse();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    match &cli.command {
        Some(Command::Sim(args)) => run_sim(args),
        Some(Command::World(args)) => hewn_save::cli::run_world(args),
        Some(Command::Serve(args)) => hewn::cli::serve::run_serve(args),
        Some(Command::Bot(args)) => hewn::cli::bot::run_bot(args),
        Some(Command::Content(args)) => hewn::cli::content::run_content(args),
        None => match hewn::app::run(&cli.play) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                // Escaped: the message may quote a world's name or path.
                let message = hewn_save::escaped(&e.to_string()).into_owned();
                log::error!("{message}");
                eprintln!("hewn: {message}");
                ExitCode::from(1)
            }
        },
    }
}
