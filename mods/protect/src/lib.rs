//! `protect`: `/protect` claims the 16 × 16 area (a column of chunks, all heights) the
//! player stands in; from then on only its owner may break or place there. Claims are kept
//! in the mod's storage, so they outlive a restart and a `/reload`.

use hewn_mod::{Mod, host};

/// The mod: its claims live in storage, keyed by area.
#[derive(Default)]
struct Protect;

/// The storage key of `area`.
fn key(area: [i32; 2]) -> String {
    format!("claim {} {}", area[0], area[1])
}

/// The 16 × 16 area holding the point at `x`, `z`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a player's feet are inside the world border, far within i32"
)]
fn area_at(x: f64, z: f64) -> [i32; 2] {
    [(x / 16.0).floor() as i32, (z / 16.0).floor() as i32]
}

/// The owner of `area`, if claimed.
fn owner(area: [i32; 2]) -> Option<String> {
    host::storage_get(&key(area)).map(|b| String::from_utf8_lossy(&b).into_owned())
}

impl Mod for Protect {
    fn init(&mut self) {
        host::register_command("protect");
    }

    fn command(&mut self, player: &str, _line: &str) {
        let Some([x, _, z]) = host::player_at(player) else {
            return;
        };
        let area = area_at(x, z);
        let answer = match owner(area) {
            Some(owner) if owner != player => format!("This area is {owner}'s already."),
            Some(_) => "This area is yours already.".to_owned(),
            None if host::storage_set(&key(area), player.as_bytes()) => {
                "This 16 × 16 area is yours now: no one else may build or break here.".to_owned()
            }
            None => "No more areas can be claimed.".to_owned(),
        };
        host::chat(Some(player), &answer);
    }

    fn edit(&mut self, player: &str, pos: [i32; 3], _block: u16) -> bool {
        let area = [pos[0].div_euclid(16), pos[2].div_euclid(16)];
        let allowed = owner(area).is_none_or(|owner| owner == player);
        if !allowed {
            host::chat(Some(player), "This area is protected.");
        }
        allowed
    }
}

hewn_mod::export!(Protect);
