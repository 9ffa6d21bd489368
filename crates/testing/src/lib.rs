//! What the tests of several of hewn's crates share: run a scenario written inline, look at
//! the state after every tick, and assert what a player would notice (never inside a solid,
//! bodies apart, positions within a tolerance); copy a pack as a player would; and build the
//! example mods.
//!
//! A dev-dependency only: no crate's library uses it.

mod mods;

pub use mods::example_mods;

use hewn_core::sim::Simulation;
use hewn_scenario::Scenario;
use hewn_scenario::report::{PlayerReport, TickReport};

/// A finished scenario: the state after every tick and the final simulation.
pub struct Run {
    /// The report after each tick, in order.
    pub trace: Vec<TickReport>,
    /// The simulation after the last tick.
    pub sim: Simulation,
    /// The first tick that ended with bodies overlapping, and which.
    first_overlap: Option<String>,
}

impl Run {
    /// The final report.
    pub fn last(&self) -> &TickReport {
        self.trace
            .last()
            .expect("the scenario ran at least one tick")
    }

    /// The highest feet y reached.
    pub fn max_y(&self) -> f64 {
        self.trace
            .iter()
            .map(|r| r.me().position[1])
            .fold(f64::MIN, f64::max)
    }

    /// Asserts that no tick ended with the player inside a solid or with a non-finite value.
    #[track_caller]
    pub fn assert_never_inside(&self) {
        for r in &self.trace {
            assert!(
                !r.me().inside_solid,
                "inside a solid after tick {}: {:?}",
                r.tick,
                r.me().position
            );
            assert!(
                r.me()
                    .position
                    .iter()
                    .chain(&r.me().velocity)
                    .all(|v| v.is_finite())
            );
        }
    }
}

impl Run {
    /// Asserts that no tick ended with two crates, or a crate and the player, overlapping,
    /// or a crate inside a block.
    #[track_caller]
    pub fn assert_bodies_apart(&self) {
        if let Some(overlap) = &self.first_overlap {
            panic!("{overlap}");
        }
    }
}

/// Which bodies overlap in `sim`, if any do: a crate and the player, a crate and a block, or
/// two crates.
fn overlap(sim: &Simulation) -> Option<String> {
    let crates = sim.crates().list();
    for (i, a) in crates.iter().enumerate() {
        if sim.players().any_intersect_by(a.bounds(), 1e-6) {
            return Some(format!("crate {i} overlaps a player"));
        }
        if hewn_core::physics::intersects_world(sim.world(), a.bounds(), 1e-6) {
            return Some(format!("crate {i} is inside a block"));
        }
        for (j, b) in crates.iter().enumerate().skip(i + 1) {
            if a.bounds().intersects_by(b.bounds(), 1e-6) {
                return Some(format!("crates {i} and {j} overlap"));
            }
        }
    }
    for c in sim.creatures().list() {
        if hewn_core::physics::intersects_world(sim.world(), c.bounds(), 1e-6) {
            return Some(format!(
                "creature {} ({}) is inside a block",
                c.id,
                c.kind().name
            ));
        }
    }
    None
}

/// What a report says of `sim`'s state but for its tick count, the hash (which counts it)
/// and the last tick's events: what a run replayed from a recording, or a world opened from
/// a save, must agree on with the run it came from, whose ticks it counts from its own 0.
#[must_use]
pub fn state_without_ticks(sim: &Simulation) -> TickReport {
    let mut report = TickReport::of(sim, &[]);
    report.tick = 0;
    report.hash = String::new();
    report.events.clear();
    report
}

/// Parses and runs `toml`.
#[track_caller]
pub fn run(toml: &str) -> Run {
    let scenario = Scenario::parse(toml).unwrap_or_else(|e| panic!("bad scenario: {e}\n{toml}"));
    let mut trace = Vec::new();
    let mut first_overlap = None;
    let sim = scenario.run(|sim| {
        let report = TickReport::of(sim, &scenario.probes);
        if first_overlap.is_none() {
            first_overlap = overlap(sim).map(|o| format!("after tick {}: {o}", report.tick));
        }
        trace.push(report);
    });
    Run {
        trace,
        sim,
        first_overlap,
    }
}

/// Runs `toml` twice: as written (a box player) and with `collider = "cylinder"`.
#[track_caller]
pub fn both(toml: &str) -> [Run; 2] {
    let cylinder = toml.replacen("[player]", "[player]\ncollider = \"cylinder\"", 1);
    assert_ne!(cylinder, toml, "the scenario needs a [player] table");
    [run(toml), run(&cylinder)]
}

/// A survival player on flat ground facing a `block` at eye height 1.5 blocks east (the
/// cell (2, 65, 0)), holding dig for `ticks` with `tool` in hand (none: the hand).
#[track_caller]
pub fn digging(block: &str, tool: Option<&str>, ticks: u64) -> Run {
    let inventory = tool.map_or(String::new(), |t| {
        format!("inventory = [{{item = \"{t}\", count = 1}}]")
    });
    run(&format!(
        r#"
        world = "flat"
        mode = "survival"
        ticks = {ticks}
        [player]
        position = [0.5, 64.0, 0.5]
        yaw = 90.0
        {inventory}
        [[fill]]
        from = [2, 65, 0]
        to = [2, 65, 0]
        block = "{block}"
        [[input]]
        from = 0
        to = {ticks}
        hold = ["dig"]
        "#
    ))
}

/// Asserts `actual` is within `tolerance` of `expected`.
#[track_caller]
pub fn assert_near(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

/// Output bytes as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The first player's part of a report, which every scenario here has.
pub trait FirstPlayer {
    /// The first player's fields.
    fn me(&self) -> &PlayerReport;
}

impl FirstPlayer for TickReport {
    #[track_caller]
    fn me(&self) -> &PlayerReport {
        self.player
            .as_ref()
            .expect("the first player is in the world")
    }
}

/// The first player of a simulation, which every test here has.
pub trait FirstBody {
    /// The first player.
    fn me(&self) -> &hewn_core::physics::Body;
    /// Whether the first player is inside a solid.
    fn me_inside_solid(&self) -> bool;
}

impl FirstBody for Simulation {
    #[track_caller]
    fn me(&self) -> &hewn_core::physics::Body {
        self.player().expect("the first player is in the world")
    }

    fn me_inside_solid(&self) -> bool {
        self.inside_solid(self.me())
    }
}

/// Copies the folder `from` to `to`, files and folders: a pack, as a player copies one.
///
/// # Panics
/// If a folder or a file cannot be read or written.
pub fn copy_dir(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("a folder").flatten() {
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            copy_dir(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).expect("copied");
        }
    }
}
