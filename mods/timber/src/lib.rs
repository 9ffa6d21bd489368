//! `timber`: breaking the lowest log of a tree fells the whole trunk above it, each log
//! dropped where it stood (in survival), as the log broken is.

use hewn_mod::{Mod, host};

/// The mod: it keeps nothing.
#[derive(Default)]
struct Timber;

/// The logs that make trunks.
const LOGS: [&str; 3] = ["log", "spruce_log", "birch_log"];

/// The name of the log `id` is, if it is one.
fn log_named(id: u16) -> Option<&'static str> {
    LOGS.into_iter()
        .find(|name| host::block_named(name) == Some(id))
}

impl Mod for Timber {
    fn broken(&mut self, _player: &str, pos: [i32; 3], block: u16) {
        let Some(log) = log_named(block) else {
            return;
        };
        // Only the lowest log fells: one broken off a trunk's middle leaves what is above.
        let below = host::block_at([pos[0], pos[1] - 1, pos[2]]);
        if log_named(below).is_some() {
            return;
        }
        let [x, mut y, z] = pos;
        y += 1;
        // A trunk is a column; the tallest trees in hewn are under 32 blocks.
        while y < pos[1] + 32 && log_named(host::block_at([x, y, z])) == Some(log) {
            host::set_block([x, y, z], host::block_named("air").unwrap_or(0));
            let centre = [f64::from(x) + 0.5, f64::from(y) + 0.25, f64::from(z) + 0.5];
            host::drop_item(centre, log, 1);
            y += 1;
        }
    }
}

hewn_mod::export!(Timber);
