//! `welcome`: greets each player who comes into the world, and `/spawn` takes a player back
//! to the world's spawn point.

use hewn_mod::{Mod, host};

/// The mod: it keeps nothing.
#[derive(Default)]
struct Welcome;

impl Mod for Welcome {
    fn init(&mut self) {
        host::register_command("spawn");
    }

    fn join(&mut self, player: &str) {
        host::chat(
            Some(player),
            &format!("Welcome, {player}! /spawn takes you back to the spawn."),
        );
    }

    fn command(&mut self, player: &str, _line: &str) {
        if player.is_empty() {
            return;
        }
        host::teleport(player, host::spawn_point());
        host::chat(Some(player), "Back at the spawn.");
    }
}

hewn_mod::export!(Welcome);
