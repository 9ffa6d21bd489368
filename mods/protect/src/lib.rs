//! `protect`: `/protect` claims the 16 × 16 area (a column of chunks, all heights) a player
//! stands in; from then on only its owner may break or place there. Claims are kept in the
//! mod's storage, so they outlive a restart and a `/reload`.

use hewn_mod::{Mod, host};

/// The mod: its claims live in storage, keyed by area.
#[derive(Default)]
struct Protect {
    /// Where each player last stood, as the command needs it: edits say where a player
    /// works, so the area is the one its last edit was in.
    last_seen: Vec<(String, [i32; 2])>,
}

/// The storage key of the area holding `x`, `z`.
fn key(area: [i32; 2]) -> String {
    format!("claim {} {}", area[0], area[1])
}

/// The 16 × 16 area holding the cell `pos`.
fn area_of(pos: [i32; 3]) -> [i32; 2] {
    [pos[0].div_euclid(16), pos[2].div_euclid(16)]
}

impl Protect {
    /// The owner of `area`, if claimed.
    fn owner(area: [i32; 2]) -> Option<String> {
        host::storage_get(&key(area)).map(|b| String::from_utf8_lossy(&b).into_owned())
    }
}

impl Mod for Protect {
    fn init(&mut self) {
        host::register_command("protect");
    }

    fn command(&mut self, player: &str, _line: &str) {
        let Some(&(_, area)) = self.last_seen.iter().find(|(p, _)| p == player) else {
            host::chat(
                Some(player),
                "Break or place a block in the area to claim first, then /protect.",
            );
            return;
        };
        match Self::owner(area) {
            Some(owner) if owner != player => {
                host::chat(Some(player), &format!("This area is {owner}'s already."));
            }
            Some(_) => {
                host::chat(Some(player), "This area is yours already.");
            }
            None if host::storage_set(&key(area), player.as_bytes()) => {
                host::chat(
                    Some(player),
                    "This 16 × 16 area is yours now: no one else may build or break here.",
                );
            }
            None => {
                host::chat(Some(player), "No more areas can be claimed.");
            }
        }
    }

    fn edit(&mut self, player: &str, pos: [i32; 3], _block: u16) -> bool {
        let area = area_of(pos);
        let allowed = Self::owner(area).is_none_or(|owner| owner == player);
        if allowed {
            match self.last_seen.iter_mut().find(|(p, _)| p == player) {
                Some(seen) => seen.1 = area,
                None => self.last_seen.push((player.to_owned(), area)),
            }
        } else {
            host::chat(Some(player), "This area is protected.");
        }
        allowed
    }
}

hewn_mod::export!(Protect);
