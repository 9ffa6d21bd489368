//! `hewn content`: looking after packs.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Subcommand};

/// Arguments of `hewn content`.
#[derive(Debug, Args)]
pub struct ContentArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: ContentCommand,
}

/// `hewn content`'s subcommands.
#[derive(Debug, Subcommand)]
pub enum ContentCommand {
    /// Check a pack (a folder or a .zip) as a world enabling it would read it: exit 0 when it has no
    /// problem, 1 printing every problem with its file, line and key.
    Check {
        /// The pack: its folder, or a .zip file.
        pack: PathBuf,
    },
}

/// Runs `hewn content`.
#[must_use]
pub fn run_content(args: &ContentArgs) -> ExitCode {
    match &args.command {
        ContentCommand::Check { pack } => check(pack),
    }
}

/// `hewn content check PACK`.
fn check(dir: &std::path::Path) -> ExitCode {
    // A pack of textures alone is a texture pack, checked as one: each texture must
    // replace one of the base pack's.
    let checked = hewn_content::Pack::read(dir).and_then(|pack| {
        if pack.is_texture_pack() {
            let textures = hewn_content::texture_pack(&pack)?;
            let what = format!("a texture pack replacing {} base textures", textures.len());
            Ok((pack, what))
        } else {
            let s = hewn_content::check(&pack)?;
            let what = format!(
                "{} blocks, {} recipes, {} textures",
                s.blocks, s.recipes, s.textures
            );
            Ok((pack, what))
        }
    });
    match checked {
        Ok((pack, what)) => {
            let m = &pack.manifest;
            println!(
                "{}: {} {}: {what}; no problems",
                dir.display(),
                m.name,
                m.version,
            );
            ExitCode::SUCCESS
        }
        Err(problems) => {
            for problem in &problems.0 {
                // Escaped: a hostile pack chooses its file names and its text.
                eprintln!("{}", hewn_save::escaped(&problem.to_string()));
            }
            eprintln!("{}: {} problems", dir.display(), problems.0.len());
            ExitCode::from(1)
        }
    }
}
