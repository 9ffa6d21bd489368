//! Opening the world a game plays: the one the options name, created if missing, or a
//! fresh unsaved one for automation. The game plays it as the name in the settings: the
//! world's player of that name resumes where they left, and a name new to it starts at the
//! spawn point.

use hewn_core::sim::creature::Difficulty;
use hewn_core::sim::survival::{Mode, Survival};
use std::sync::Arc;
use std::time::Instant;

use super::AppError;
use crate::cli::PlayOptions;
use hewn_core::physics::PlayerCollider;
use hewn_core::sim::{PlayerName, Players, Start, spawn};
use hewn_core::world::World;
use hewn_core::world::cache::view_capacity;
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_save::{
    Autosaver, ClaimedWorld, DEFAULT_WORLD, Hotbar, NewWorld, WorldFile, resolve_world,
    world_exists,
};

/// The view a world's cache of generated columns is sized for until the session says its
/// own.
const DEFAULT_VIEW: u32 = 8;

pub use hewn_client::OpenedWorld;

/// Claims the existing world the options name for `player`, before any window opens:
/// everything that can refuse it is asked and its lock taken, but nothing is written
/// ([`WorldFile::claim`]).
/// `None` when there is no world to claim: `--frames` without `--world` (an unsaved world),
/// or a world that does not exist yet (created only once the window is up).
///
/// # Errors
/// [`SessionError::Save`](hewn_client::SessionError::Save) if the world cannot be played: a bad name, locked by another hewn, not
/// a hewn world, read-only, from a newer hewn, or asked for with another seed or generator.
pub fn claim_world(
    options: &PlayOptions,
    player: &PlayerName,
) -> Result<Option<ClaimedWorld>, AppError> {
    if options.world.is_none() && options.frames.is_some() {
        return Ok(None);
    }
    let path = resolve_world(options.world.as_deref().unwrap_or(DEFAULT_WORLD))?;
    if !world_exists(&path)? {
        return Ok(None);
    }
    Ok(Some(WorldFile::claim(&path, new_world(options, player))?))
}

/// What the options ask of a new world, opened by `player`.
fn new_world(options: &PlayOptions, player: &PlayerName) -> NewWorld {
    NewWorld {
        seed: options.seed,
        generator: options.world_gen.map(GeneratorKind::from),
        player: Some(player.clone()),
        packs: (!options.packs.is_empty()).then(|| options.packs.clone()),
    }
}

/// Opens (or creates) and locks the world the options name, with its crates as they were
/// saved and `player` as the world kept them (or new, at the spawn point); `claimed`, when
/// given, is that world already claimed by [`claim_world`] for `player`. With `--frames` and
/// no `--world` the world is a fresh one that is never saved, so automation leaves no files
/// behind.
///
/// # Errors
/// [`SessionError::Save`](hewn_client::SessionError::Save) if the world cannot be opened: locked by another hewn, not a hewn
/// world, from a newer hewn, or asked for with another seed or generator.
pub fn open_world(
    options: &PlayOptions,
    claimed: Option<ClaimedWorld>,
    player: &PlayerName,
) -> Result<OpenedWorld, AppError> {
    let collider = PlayerCollider::from(options.collider);
    if options.world.is_none() && options.frames.is_some() {
        if !options.packs.is_empty() {
            let unsaved = std::path::Path::new("(unsaved world)");
            hewn_save::WorldContent::unsaved(&options.packs)?.install_now(unsaved)?;
        }
        let kind = options
            .world_gen
            .map_or(GeneratorKind::Terrain, GeneratorKind::from);
        let generator = Arc::new(Generator::new(kind, options.seed.unwrap_or(0)));
        let mut world = World::with_shared_source(generator.clone());
        // From its first column on, so the game's client never makes one again.
        world.cache_columns(view_capacity(DEFAULT_VIEW));
        let mut body = spawn::new_player(&mut world, generator.spawn_point());
        body.collider = collider;
        // Automation's worlds are creative unless asked: goldens and timings see no HUD of
        // hearts and no digging that takes time.
        let mode = options.mode.map_or(Mode::Creative, Mode::from);
        return Ok(OpenedWorld {
            start: Start {
                players: Players::one(player.clone(), body),
                survival: Survival::new(mode, generator.spawn_point()),
                ..Start::in_world(world, body)
            },
            generator,
            hotbar: Hotbar::default(),
            saver: None,
            packs: Vec::new(),
            mod_storage: hewn_save::ModStorage::new(),
        });
    }
    let (file, mut loaded) = match claimed {
        Some(claimed) => claimed.open()?,
        None => {
            let path = resolve_world(options.world.as_deref().unwrap_or(DEFAULT_WORLD))?;
            WorldFile::open_or_create(&path, new_world(options, player))?
        }
    };
    let path = file.path();
    log::info!(
        "{} world {} ({} generator, seed {})",
        if loaded.created { "created" } else { "opened" },
        hewn_save::escaped(&path.display().to_string()),
        loaded.meta.generator,
        loaded.meta.seed
    );
    for damaged in &loaded.damaged {
        log::warn!(
            "chunk {:?} is damaged ({}): regenerated in memory; the file keeps it until you edit it",
            damaged.pos,
            damaged.error
        );
    }
    for row in &loaded.damaged_rows {
        log::warn!("damaged row: {row}; left out (the next save drops it from the file)");
    }
    for pack in &loaded.missing_packs {
        log::warn!("{}", pack.missing());
    }
    // From its first column on (a new player's spawn is looked for in it), so the game's
    // client never makes one again.
    loaded.world.cache_columns(view_capacity(DEFAULT_VIEW));
    // Survival by default, as in Minecraft.
    let survival = loaded.take_survival(options.mode.map(Mode::from), Mode::Survival);
    let difficulty = options.difficulty.map(Difficulty::from);
    let mut creatures = loaded.take_creatures(difficulty.unwrap_or_default());
    if let Some(d) = difficulty {
        creatures.difficulty = d;
    }
    let me = match loaded.take_player(player) {
        Some(saved) => {
            log::info!("{player} resumes where they left");
            saved
        }
        None => {
            log::info!("{player} is new to this world: starting at the spawn point");
            let mut new = loaded.new_player();
            new.body.collider = collider;
            new
        }
    };
    Ok(OpenedWorld {
        start: Start {
            world: loaded.world,
            players: Players::one(player.clone(), me.body),
            crates: loaded.crates,
            motion: loaded.motion,
            time: loaded.meta.time,
            survival,
            creatures,
        },
        generator: loaded.generator,
        hotbar: me.hotbar,
        saver: Some(Autosaver::start(file, Instant::now())),
        packs: loaded.packs,
        mod_storage: loaded.mod_storage,
    })
}

#[cfg(test)]
mod tests;
