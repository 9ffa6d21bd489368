//! Opening the world a game plays: the one the options name, created if missing, or a
//! fresh unsaved one for automation.

use std::sync::Arc;
use std::time::Instant;

use super::AppError;
use crate::cli::PlayOptions;
use crate::physics::crates::Crate;
use crate::physics::{Player, PlayerCollider};
use crate::save::{Autosaver, DEFAULT_WORLD, Hotbar, Motion, NewWorld, WorldFile, resolve_world};
use crate::sim::spawn;
use crate::sim::time::MORNING;
use crate::world::World;
use crate::worldgen::{Generator, GeneratorKind};

/// The world, player, crates with the world's motion (water queue, falling blocks), hotbar,
/// time of day and autosaver to start a game with.
pub type Opened = (
    World,
    Player,
    (Vec<Crate>, Motion),
    Hotbar,
    u64,
    Option<Autosaver>,
);

/// Whether opening the world the options name would create a file (there is none yet).
///
/// # Errors
/// [`AppError::Save`] if the name names no world file, or the data folder cannot be found.
pub fn would_create_world(options: &PlayOptions) -> Result<bool, AppError> {
    if options.world.is_none() && options.frames.is_some() {
        return Ok(false);
    }
    let path = resolve_world(options.world.as_deref().unwrap_or(DEFAULT_WORLD))?;
    Ok(!path.exists())
}

/// Opens (or creates) and locks the world the options name, with its player, crates and
/// hotbar as they were saved. With `--frames` and no `--world` the world is a fresh one that
/// is never saved, so automation leaves no files behind.
///
/// # Errors
/// [`AppError::Save`] if the world cannot be opened: locked by another hewn, not a hewn
/// world, from a newer hewn, or asked for with another seed or generator.
pub fn open_world(options: &PlayOptions) -> Result<Opened, AppError> {
    let collider = PlayerCollider::from(options.collider);
    if options.world.is_none() && options.frames.is_some() {
        let kind = options
            .world_gen
            .map_or(GeneratorKind::Terrain, GeneratorKind::from);
        let generator = Arc::new(Generator::new(kind, options.seed.unwrap_or(0)));
        let mut world = World::with_shared_generator(generator);
        let mut player = spawn::new_player(&mut world);
        player.collider = collider;
        let still = (Vec::new(), Motion::default());
        return Ok((world, player, still, Hotbar::default(), MORNING, None));
    }
    let path = resolve_world(options.world.as_deref().unwrap_or(DEFAULT_WORLD))?;
    let new = NewWorld {
        seed: options.seed,
        generator: options.world_gen.map(GeneratorKind::from),
    };
    let (file, loaded) = WorldFile::open_or_create(&path, new)?;
    log::info!(
        "{} world {} ({} generator, seed {})",
        if loaded.created { "created" } else { "opened" },
        path.display(),
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
    if loaded.player_damaged {
        log::warn!("the saved player is damaged or out of range: starting at the spawn point");
    }
    let mut world = loaded.world;
    let player = loaded.player.unwrap_or_else(|| {
        let mut p = spawn::new_player(&mut world);
        p.collider = collider;
        p
    });
    let saver = Autosaver::start(file, Instant::now());
    Ok((
        world,
        player,
        (loaded.crates, loaded.motion),
        loaded.hotbar,
        loaded.meta.time,
        Some(saver),
    ))
}
