use std::collections::BTreeMap;

use super::*;
use crate::input::Button;
use hewn_core::physics::Control;
use hewn_core::sim::survival::{Mode, Survival};
use hewn_core::sim::{PlayerName, Players, spawn};
use hewn_core::world::{Block, BlockPos, World};
use hewn_core::worldgen::GeneratorKind;

/// How long a test waits for the workers before it calls the session stuck.
const PATIENCE: Duration = Duration::from_secs(120);

/// A new creative world of `kind` that is never saved, as `--frames` opens one, its world
/// first handed to `prepare` (to restore edits, as a world file would).
fn unsaved(kind: GeneratorKind, prepare: impl FnOnce(&mut World)) -> OpenedWorld {
    let generator = Arc::new(Generator::new(kind, 0));
    let mut world = World::with_shared_source(generator.clone());
    world.cache_columns(view_capacity(8));
    prepare(&mut world);
    let body = spawn::new_player(&mut world, generator.spawn_point());
    OpenedWorld {
        start: Start {
            players: Players::one(PlayerName::default(), body),
            survival: Survival::new(Mode::Creative, generator.spawn_point()),
            ..Start::in_world(world, body)
        },
        generator,
        hotbar: Hotbar::default(),
        saver: None,
        packs: Vec::new(),
        mod_storage: hewn_save::ModStorage::new(),
    }
}

/// Settings for a view of `render_distance` and a far view out to `far_view` blocks.
fn settings(render_distance: u32, far_view: u32) -> SessionSettings {
    SessionSettings {
        render_distance,
        far_view,
        coarse_ring: true,
        leaves: Leaves::Fancy,
        shading: Shading::Vertex,
        mouse_sensitivity: 0.15,
        invert_y: false,
        auto_jump: false,
    }
}

/// A session of `opened` with `settings`: no window, no GPU and no file.
fn session(opened: OpenedWorld, settings: &SessionSettings) -> Session {
    Session::new(opened, &Hosting::default(), settings, Instant::now())
        .expect("the game's server lets its player in")
}

/// A session of a new flat world that is never saved, at render distance 3.
fn unsaved_flat_session() -> Session {
    session(unsaved(GeneratorKind::Flat, |_| {}), &settings(3, 0))
}

/// A session of a new unsaved flat world at render distance 3 with the far view out to 512
/// blocks, its world first handed to `prepare` (to restore edits, as a world file would).
fn far_flat_session(prepare: impl FnOnce(&mut World)) -> Session {
    session(unsaved(GeneratorKind::Flat, prepare), &settings(3, 512))
}

/// The scene as a renderer would hold it: every chunk's latest mesh.
#[derive(Default)]
struct Scene {
    meshes: BTreeMap<ChunkPos, ChunkMesh>,
}

impl Scene {
    /// Applies one frame: the frame's changes, then every mesh the workers have ready.
    fn apply(&mut self, changes: SceneChanges, session: &mut Session) {
        for pos in changes.dropped {
            self.meshes.remove(&pos);
        }
        let ready = std::iter::from_fn(|| session.next_ready_mesh(Instant::now()));
        for (pos, mesh) in changes.meshes.into_iter().chain(ready) {
            self.meshes.insert(pos, mesh);
        }
    }
}

/// Advances `session` one tick's time at a time until `done`, applying each frame to
/// `scene`; panics after [`PATIENCE`].
fn run_until(
    session: &mut Session,
    scene: &mut Scene,
    running: bool,
    done: impl Fn(&Session) -> bool,
) {
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let deadline = Instant::now() + PATIENCE;
    while !done(session) {
        assert!(Instant::now() < deadline, "the session got stuck");
        let changes = session.advance(Instant::now(), frame, running);
        scene.apply(changes, session);
        if !session.started() || !running {
            // The workers are generating: give them the cores.
            std::thread::sleep(Duration::from_millis(2));
        }
    }
}

#[test]
fn a_session_plays_600_ticks_without_a_window_or_a_gpu() {
    let mut session = unsaved_flat_session();
    let mut scene = Scene::default();
    let start = session.me().position;
    session.input.key(Control::Forward, true);
    run_until(&mut session, &mut scene, true, |s| {
        s.play.game().ticks_played() >= 600
    });

    // Ten seconds of walking at 4.3 blocks a second, less the first steps' acceleration.
    let end = session.me().position;
    let walked = glam::DVec2::new(end.x - start.x, end.z - start.z).length();
    assert!((40.0..43.5).contains(&walked), "walked {walked} blocks");
    assert_eq!(end.y, 64.0, "on the flat world's grass all the way");

    session.input.key(Control::Forward, false);
    run_until(&mut session, &mut scene, false, |s| {
        s.loading_progress() >= 1.0
    });
    let ground = BlockPos::containing(end).offset(glam::IVec3::NEG_Y).chunk();
    assert!(
        scene.meshes.get(&ground).is_some_and(|m| !m.is_empty()),
        "the ground under the player is drawn"
    );
    let far = scene
        .meshes
        .keys()
        .map(|c| (c.x - ground.x).pow(2) + (c.z - ground.z).pow(2))
        .max();
    assert!(
        far.is_some_and(|d| d <= 6 * 6),
        "far chunks were dropped: {far:?}"
    );
}

#[test]
fn a_broken_block_reaches_the_scene_in_the_frame_it_is_broken() {
    let mut session = unsaved_flat_session();
    let mut scene = Scene::default();
    run_until(&mut session, &mut scene, true, |s| s.started());
    run_until(&mut session, &mut scene, false, |s| {
        s.loading_progress() >= 1.0
    });
    // Straight down, at the grass under the player's feet.
    session.input.mouse_motion(0.0, 1e6);
    session.input.button(Button::Break, true);
    let before = session.play.game().ticks_played();
    let grass = BlockPos::containing(session.me().position).offset(glam::IVec3::NEG_Y);
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let mut changes = SceneChanges::default();
    while session.play.game().ticks_played() == before {
        changes = session.advance(Instant::now(), frame, true);
    }
    let edits: Vec<_> = session.play.sim().world().edits().collect();
    assert_eq!(edits.len(), 1);
    assert_eq!((edits[0].0, edits[0].1.current), (grass, Block::AIR));
    let remeshed: Vec<_> = changes.meshes.iter().map(|(pos, _)| *pos).collect();
    assert!(
        remeshed.contains(&grass.chunk()),
        "the chunk with the hole is re-meshed: {remeshed:?}"
    );
}

/// Sections handed out to be drawn since the last call.
fn sections_taken(session: &mut Session) -> usize {
    let mut sections = 0;
    while session.next_ready_section(Instant::now()).is_some() {
        sections += 1;
    }
    sections
}

/// Loads the near view and then the whole far view; returns the sections handed out.
fn load_far_view(session: &mut Session, scene: &mut Scene) -> usize {
    run_until(session, scene, true, |s| s.started());
    run_until(session, scene, false, |s| s.loading_progress() >= 1.0);
    let mut shown = sections_taken(session);
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let deadline = Instant::now() + PATIENCE;
    while !session.far.complete() {
        assert!(Instant::now() < deadline, "the far view never completed");
        let changes = session.advance(Instant::now(), frame, false);
        scene.apply(changes, session);
        shown += sections_taken(session);
    }
    shown
}

/// Places a block of stone on the grass two blocks ahead (the first thing in its level-1
/// cell, so every level above changes); returns where.
fn place_stone_ahead(session: &mut Session, scene: &mut Scene) -> BlockPos {
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    session.input.mouse_motion(0.0, 300.0);
    session.input.button(Button::Place, true);
    let before = session.play.game().ticks_played();
    while session.play.game().ticks_played() == before {
        let changes = session.advance(Instant::now(), frame, true);
        scene.apply(changes, session);
    }
    session.input.button(Button::Place, false);
    let placed: Vec<_> = session.play.sim().world().edits().collect();
    assert_eq!(placed.len(), 1, "one block placed");
    placed[0].0
}

/// Runs `session` until the far view's real blocks hold the block at `at` in its section of
/// `level` and some section has been meshed again; returns how many were.
fn wait_until_taken_in(session: &mut Session, scene: &mut Scene, at: BlockPos, level: u8) -> usize {
    use hewn_core::world::coarse::{CoarseSource, SectionPos};
    let section = SectionPos::containing(level, at);
    let generated = session.generator().coarse_section(section);
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let deadline = Instant::now() + PATIENCE;
    let mut remeshed = 0;
    while session
        .far
        .real_blocks()
        .section(section, &**session.generator())
        == generated
        || remeshed == 0
    {
        assert!(
            Instant::now() < deadline,
            "the block at {at:?} never reached level {level} ({} sections held, {remeshed} \
             re-meshed)",
            session.far.real_blocks().section_count()
        );
        let changes = session.advance(Instant::now(), frame, false);
        scene.apply(changes, session);
        remeshed += sections_taken(session);
        std::thread::sleep(Duration::from_millis(2));
    }
    remeshed
}

#[test]
fn a_block_placed_reaches_the_far_views_coarsest_level_and_its_sections_are_meshed_again() {
    let mut session = far_flat_session(|_| {});
    let mut scene = Scene::default();
    let shown = load_far_view(&mut session, &mut scene);
    assert!(
        shown > 0,
        "the far view's sections were handed out to be drawn"
    );
    let at = place_stone_ahead(&mut session, &mut scene);
    wait_until_taken_in(&mut session, &mut scene, at, 3);
}

#[test]
fn a_far_view_made_again_takes_in_the_chunks_already_shown() {
    // The coarse ring draws level 1 over chunks within the render distance, which are not
    // meshed again when the far view is: their blocks must reach its new levels anyway.
    let mut session = far_flat_session(|_| {});
    let mut scene = Scene::default();
    load_far_view(&mut session, &mut scene);
    let at = place_stone_ahead(&mut session, &mut scene);
    wait_until_taken_in(&mut session, &mut scene, at, 1);
    session.set_far_view(1024);
    wait_until_taken_in(&mut session, &mut scene, at, 1);
}

#[test]
fn edits_the_near_view_never_loaded_reach_the_far_view() {
    use hewn_core::world::coarse::{CoarseSource, SectionPos};
    use hewn_core::world::{Edit, LocalPos};
    // A glowstone tower 300 blocks east, as a world file would bring it: far outside the
    // near view, which never loads it.
    let tower: Vec<BlockPos> = (100..140).map(|y| BlockPos::new(300, y, 5)).collect();
    let mut session = far_flat_session(|world| {
        world.restore_edits(tower.iter().map(|&pos| {
            let edit = Edit {
                generated: Block::AIR,
                current: Block::GLOWSTONE,
            };
            (pos, edit)
        }));
    });
    let mut scene = Scene::default();
    run_until(&mut session, &mut scene, true, |s| s.started());
    let top = *tower.last().expect("a tower");
    let [first, third] = [1, 3].map(|level| {
        session
            .generator()
            .coarse_section(SectionPos::containing(level, top))
    });
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let deadline = Instant::now() + PATIENCE;
    loop {
        let blocks = session.far.real_blocks();
        let level = |l| blocks.section(SectionPos::containing(l, top), &**session.generator());
        if level(1) != first && level(3) != third {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the tower never reached the far view"
        );
        let changes = session.advance(Instant::now(), frame, false);
        scene.apply(changes, &mut session);
        while session.next_ready_section(Instant::now()).is_some() {}
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(
        !session.play.sim().world().is_loaded(top.chunk()),
        "the near view loaded the tower itself"
    );
    // The tower's top cell at level 3 (8 blocks a side) is glowstone.
    let section = SectionPos::containing(3, top);
    let min = section.min_block();
    let cell = |c: i32, low: i32| ((c - low) >> 3) as u8;
    let local = LocalPos::new(cell(top.x, min.x), cell(top.y, min.y), cell(top.z, min.z));
    let blocks = session.far.real_blocks();
    assert_eq!(
        blocks.section(section, &**session.generator()).get(local),
        Block::GLOWSTONE
    );
}

/// A generator that counts how often each column is made.
#[derive(Debug)]
struct Counted {
    generator: Arc<Generator>,
    made: std::sync::Mutex<BTreeMap<hewn_core::world::ColumnPos, u32>>,
}

impl hewn_core::world::ColumnSource for Counted {
    fn generate(&self, pos: ChunkPos) -> hewn_core::world::Chunk {
        self.generator.generate(pos)
    }

    fn generate_column(
        &self,
        pos: hewn_core::world::ColumnPos,
    ) -> [hewn_core::world::Chunk; hewn_core::world::COLUMN_CHUNKS] {
        *self.made.lock().expect("no panic").entry(pos).or_default() += 1;
        self.generator.generate_column(pos)
    }
}

#[test]
fn walking_in_single_player_generates_each_column_once_and_the_frame_never_ticks_the_server() {
    let mut opened = unsaved(GeneratorKind::Terrain, |_| {});
    let counted = Arc::new(Counted {
        generator: opened.generator.clone(),
        made: std::sync::Mutex::default(),
    });
    // The same world, its columns made by the counting generator from the start.
    opened.start.world = World::with_shared_source(counted.clone());
    let mut session = session(opened, &settings(3, 0));
    let mut scene = Scene::default();
    let mut entered = std::collections::BTreeSet::new();
    run_until(&mut session, &mut scene, true, |s| s.started());
    run_until(&mut session, &mut scene, false, |s| {
        s.loading_progress() >= 1.0
    });
    entered.extend(session.play.sim().world().loaded_columns());
    let in_view = entered.len();
    let start = session.me().position;
    session.input.key(Control::Forward, true);
    session.input.key(Control::Sprint, true);
    let frame = Duration::from_secs_f64(TICK_SECONDS);
    let deadline = Instant::now() + PATIENCE;
    // Ten seconds of sprinting, across some columns' worth of new view.
    while session.play.game().ticks_played() < 600 {
        assert!(Instant::now() < deadline, "the session got stuck");
        let changes = session.advance(Instant::now(), frame, true);
        scene.apply(changes, &mut session);
        entered.extend(session.play.sim().world().loaded_columns());
        // Time for the workers to keep the view loaded as the player goes.
        std::thread::sleep(Duration::from_millis(4));
    }
    let walked = (session.me().position - start).length();
    let server = (session.play.stop())
        .expect("the server stops")
        .expect("single-player hosts its server")
        .server;
    entered.extend(server.sim().world().loaded_columns());
    assert!(
        entered.len() > in_view + 14,
        "{} columns entered, {in_view} in the first view, {walked:.1} blocks walked",
        entered.len()
    );
    let made = counted.made.lock().expect("no panic");
    let twice: Vec<_> = made.iter().filter(|&(_, &n)| n > 1).collect();
    assert!(twice.is_empty(), "made more than once: {twice:?}");
    assert!(
        entered.iter().all(|c| made.contains_key(c)),
        "every column entered came from the world's own generator"
    );
    assert!(!server.tick_threads().is_empty(), "the server ticked");
    assert!(
        !server.tick_threads().contains(&std::thread::current().id()),
        "the frame's thread never ran the server's tick"
    );
}
