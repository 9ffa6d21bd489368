//! One running game: the state it advances every frame and the scene it draws from it.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use glam::DVec3;

use super::display::Display;
use super::input::InputState;
use super::open::Opened;
use super::settings::Settings;
use super::stats::FrameStats;
use super::tuning::{FOG_END_INSET, FOG_START, LOAD_MARGIN, loading_budget};
use super::{AppError, FrameClock, Streamer, capture_mouse, screenshot_path};
use crate::cli::PlayOptions;
use crate::mesh::FreeBox;
use crate::mesh::tiles::CRATE_TILE;
use crate::physics::crates::{Crate, Crates};
use crate::physics::tuning::TICK_SECONDS;
use crate::render::{Camera, HudState, Scene};
use crate::save::{Autosaver, Snapshot};
use crate::sim::record::Recorder;
use crate::sim::time::Clock;
use crate::sim::{ActionOutcome, Item, Simulation, Target};
use crate::world::{BlockPos, BlockSource, CHUNK_SIZE, Face};
use crate::worldgen::GeneratorKind;

/// A game in progress.
pub struct Game {
    /// Where it is drawn.
    pub display: Display,
    sim: Simulation,
    kind: GeneratorKind,
    seed: u64,
    streamer: Streamer,
    /// The player's input.
    pub input: InputState,
    clock: FrameClock,
    launch: Instant,
    last_frame: Instant,
    started: bool,
    previous_eye: DVec3,
    /// Where each crate was before the last tick, for drawing between ticks.
    previous_crates: Vec<DVec3>,
    frames: u64,
    frame_limit: Option<u64>,
    final_screenshot: Option<PathBuf>,
    /// F2 was pressed.
    pub screenshot_requested: bool,
    /// F3 overlay shown.
    pub overlay: bool,
    /// Whether the mouse is captured.
    pub captured: bool,
    stats: FrameStats,
    recorder: Option<(PathBuf, Recorder)>,
    /// Writes the world in the background; `None` for an unsaved world.
    saver: Option<Autosaver>,
    render_distance: u32,
    /// Vertical field of view, in degrees.
    fov_y: f32,
    /// How bright dim light looks, 0 to 1.
    brightness: f32,
    view_loaded: bool,
}

impl Game {
    /// A new game of the `opened` world with the command line's options and the player's
    /// `settings` (flags already applied), drawn into `display`.
    pub fn new(
        options: &PlayOptions,
        settings: &Settings,
        opened: Opened,
        launch: Instant,
        display: Display,
    ) -> Self {
        let (world, player, (crates, motion), hotbar, time, saver) = opened;
        let generator = world.generator().clone();
        let (kind, seed) = (generator.kind(), generator.seed());
        let mut sim = Simulation::from_parts(world, player);
        sim.crates = Crates::new(crates);
        sim.restore_motion(motion);
        sim.set_time(options.time.unwrap_or(time));
        let recorder = options
            .record
            .clone()
            .map(|path| (path, Recorder::new(&sim, kind, seed)));
        let mut input = InputState::new(sim.player.yaw, sim.player.pitch);
        input.set_hotbar(&hotbar);
        input.set_mouse(settings.mouse_sensitivity, settings.invert_y);
        Self {
            input,
            previous_eye: sim.eye(),
            previous_crates: Vec::new(),
            streamer: Streamer::new(&generator, settings.render_distance),
            display,
            sim,
            kind,
            seed,
            clock: FrameClock::new(Duration::from_secs_f64(TICK_SECONDS)),
            launch,
            last_frame: Instant::now(),
            started: false,
            frames: 0,
            frame_limit: options.frames,
            final_screenshot: options.screenshot.clone(),
            screenshot_requested: false,
            overlay: false,
            captured: false,
            stats: FrameStats::default(),
            recorder,
            saver,
            render_distance: settings.render_distance,
            fov_y: settings.fov as f32,
            brightness: settings.brightness as f32,
            view_loaded: false,
        }
    }

    /// Captures or releases the mouse.
    pub fn set_captured(&mut self, on: bool) {
        if self.captured != on {
            self.captured = on;
            capture_mouse(&self.display.window, on);
            if !on {
                self.input.release_all();
            }
        }
    }

    fn tick(&mut self) {
        let input = self.input.next_input();
        if let Some((_, recorder)) = &mut self.recorder {
            recorder.record(&input);
        }
        self.previous_eye = self.sim.eye();
        self.previous_crates.clear();
        self.previous_crates
            .extend(self.sim.crates.list().iter().map(|c| c.position));
        for outcome in self.sim.tick(&input) {
            // The list's indices moved: its places before the tick no longer match.
            if matches!(
                outcome,
                ActionOutcome::BrokeCrate(_) | ActionOutcome::PlacedCrate
            ) {
                self.previous_crates.clear();
            }
        }
        let redrawn = self.sim.world.take_redrawn_chunks();
        for (chunk, mesh) in self.streamer.remesh_now(&self.sim.world, redrawn) {
            self.display.renderer.upload_chunk(chunk, &mesh);
        }
        if self.input.take_pick_request() {
            self.pick();
        }
    }

    /// Runs one frame. Returns `false` when the game should end (`--frames` ran out).
    ///
    /// # Errors
    /// [`AppError`] if a screenshot cannot be written.
    pub fn frame(&mut self) -> Result<bool, AppError> {
        let now = Instant::now();
        let elapsed = now - self.last_frame;
        self.last_frame = now;
        self.stats.push(elapsed);

        let heading = self.sim.player.look_direction() + self.sim.player.velocity;
        let budget = loading_budget(elapsed);
        self.streamer.update(
            &mut self.sim.world,
            self.sim.player.position,
            heading,
            budget,
        );
        if !self.started && Streamer::ground_loaded(&self.sim.world, self.sim.player.position) {
            self.started = true;
            log::info!(
                "ground loaded after {} ms: the player is free to move",
                self.launch.elapsed().as_millis()
            );
        }
        if self.started {
            self.clock.advance(elapsed);
            while self.clock.should_step() {
                self.tick();
                self.clock.did_step();
            }
        }
        if let Some(saver) = &mut self.saver {
            let hotbar = self.input.saved_hotbar();
            saver.autosave(now, || Snapshot::of(&mut self.sim, &hotbar));
            if let Some(e) = saver.take_error() {
                log::warn!("autosave failed (will retry): {e}");
            }
        }
        for pos in self.streamer.take_dropped() {
            self.display.renderer.remove_chunk(pos);
        }
        let uploads = Instant::now();
        while uploads.elapsed() < budget {
            let Some((pos, mesh)) = self.streamer.next_ready() else {
                break;
            };
            self.display.renderer.upload_chunk(pos, &mesh);
        }
        if !self.view_loaded && self.started && self.streamer.view_complete() {
            self.view_loaded = true;
            log::info!(
                "view loaded after {} ms ({} chunk meshes, render distance {})",
                self.launch.elapsed().as_millis(),
                self.display.renderer.chunk_count(),
                self.render_distance
            );
        }

        let mut boxes = self.crate_boxes();
        let outline = self.outline(&boxes);
        boxes.extend(self.falling_boxes());
        let hud = self.hud();
        let scene = Scene {
            camera: self.camera(),
            time: self.sim.time(),
            brightness: self.brightness,
            fog: self.fog(),
            outline: &outline,
            boxes: &boxes,
            hud: &hud,
        };
        let presented = self.display.draw(&scene)?;
        if presented {
            self.frames += 1;
            if self.frames == 1 {
                log::info!("first frame after {} ms", self.launch.elapsed().as_millis());
            }
        }
        if std::mem::take(&mut self.screenshot_requested) {
            let path = screenshot_path(std::path::Path::new("screenshots"));
            self.save_screenshot(&path, &scene)?;
            log::info!("screenshot saved to {}", path.display());
        }
        if self.frame_limit.is_some_and(|limit| self.frames >= limit) {
            if let Some(path) = self.final_screenshot.clone() {
                self.save_screenshot(&path, &scene)?;
                log::info!("screenshot saved to {}", path.display());
            }
            return Ok(false);
        }
        Ok(true)
    }

    fn save_screenshot(
        &mut self,
        path: &std::path::Path,
        scene: &Scene<'_>,
    ) -> Result<(), AppError> {
        let size = self.display.size();
        let picture = self.display.renderer.capture(size, scene)?;
        let write_error = |message: String| AppError::Write {
            path: path.to_owned(),
            message,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| write_error(e.to_string()))?;
        }
        picture.save(path).map_err(|e| write_error(e.to_string()))
    }

    fn camera(&self) -> Camera {
        let (yaw, pitch) = self.input.look();
        Camera {
            eye: self.previous_eye.lerp(self.sim.eye(), self.clock.alpha()),
            yaw,
            pitch,
            fov_y: self.fov_y,
            aspect: 1.0,
            far: (self.render_distance + LOAD_MARGIN as u32) as f32 * CHUNK_SIZE as f32,
        }
    }

    fn fog(&self) -> (f32, f32) {
        let edge = self.render_distance as f32 * CHUNK_SIZE as f32;
        (edge * FOG_START, edge - FOG_END_INSET)
    }

    /// Middle click: puts what the player looks at into the hotbar. Unbreakable blocks
    /// (bedrock) are not picked: placed, they could never be removed.
    fn pick(&mut self) {
        let item = match self.sim.peek_looked_at() {
            Some(Target::Crate(_)) => Item::Crate,
            Some(Target::Block(hit)) => match self.sim.world.block(hit.block) {
                block if block.is_breakable() => Item::Block(block.held_as()),
                _ => return,
            },
            None => return,
        };
        self.input.pick(item);
    }

    /// Each crate's box where it is drawn this frame: between its places before and after
    /// the last tick, as the camera is, so pushed crates glide rather than step. After a
    /// tick that added or removed a crate, all are drawn where they are.
    fn crate_boxes(&self) -> Vec<FreeBox> {
        let list = self.sim.crates.list();
        let alpha = self.clock.alpha();
        let same = self.previous_crates.len() == list.len();
        list.iter()
            .enumerate()
            .map(|(i, c)| {
                let position = if same {
                    self.previous_crates[i].lerp(c.position, alpha)
                } else {
                    c.position
                };
                let bounds = Crate { position, ..*c }.bounds();
                FreeBox {
                    min: bounds.min,
                    max: bounds.max,
                    tile: CRATE_TILE,
                    resting: c.on_ground,
                    light: self.sim.world.light(BlockPos::containing(bounds.centre())),
                }
            })
            .collect()
    }

    /// The falling sand and gravel, drawn as free boxes of their block's texture where they
    /// are after the last tick (after the crates, so a crate's index is its box's).
    fn falling_boxes(&self) -> impl Iterator<Item = FreeBox> + '_ {
        self.sim.falling.list().iter().map(|f| {
            let bounds = f.bounds();
            FreeBox {
                min: bounds.min,
                max: bounds.max,
                tile: crate::mesh::tiles::tile_for(f.block, Face::North),
                resting: false,
                light: self.sim.world.light(BlockPos::containing(bounds.centre())),
            }
        })
    }

    /// The outline of what the player looks at: a block's real shape, or a crate's box as
    /// drawn (`crates` from [`Self::crate_boxes`]).
    fn outline(&self, crates: &[FreeBox]) -> Vec<(DVec3, DVec3)> {
        let pos = match self.sim.peek_looked_at() {
            Some(Target::Block(hit)) => hit.block,
            Some(Target::Crate(hit)) => {
                return crates
                    .get(hit.index)
                    .map(|b| (b.min, b.max))
                    .into_iter()
                    .collect();
            }
            None => return Vec::new(),
        };
        let origin = pos.min_corner();
        self.sim
            .world
            .block(pos)
            .outline()
            .iter()
            .map(|b| {
                let a = b.at(origin);
                (a.min, a.max)
            })
            .collect()
    }

    fn hud(&self) -> HudState {
        let banner = (!self.started).then(|| "Loading...".to_owned());
        let overlay = self.overlay.then(|| self.overlay_lines());
        HudState {
            hotbar: self.input.hotbar,
            selected: self.input.selected(),
            overlay,
            banner,
        }
    }

    fn overlay_lines(&self) -> Vec<String> {
        let p = &self.sim.player;
        let block = crate::world::BlockPos::containing(p.position);
        let chunk = block.chunk();
        let (yaw, pitch) = self.input.look();
        let facing = ["north", "east", "south", "west"][(((yaw + 45.0) / 90.0) as usize) % 4];
        let s = self.streamer.stats(&self.sim.world);
        let mut lines = vec![format!("hewn  seed {}  {}", self.seed, self.kind)];
        if let Some(f) = self.stats.summary() {
            lines.push(format!(
                "{:.0} fps  frame p50 {:.1} p95 {:.1} p99 {:.1} ms",
                f.fps, f.p50_ms, f.p95_ms, f.p99_ms
            ));
        }
        lines.push(format!(
            "xyz {:.2} {:.2} {:.2}",
            p.position.x, p.position.y, p.position.z
        ));
        // The biome is a pure function of the column: a few noise samples, worked out
        // again each frame the overlay is up.
        let biome = self
            .sim
            .world
            .generator()
            .biome(block.x, block.z)
            .map_or(String::new(), |b| format!("  biome {b}"));
        lines.push(format!(
            "block {} {} {}  chunk {} {} {}{biome}",
            block.x, block.y, block.z, chunk.x, chunk.y, chunk.z
        ));
        lines.push(format!("facing {facing}  yaw {yaw:.1}  pitch {pitch:.1}"));
        let eyes = self.sim.world.light(BlockPos::containing(self.sim.eye()));
        lines.push(format!(
            "{}  (tick {})  light at eyes: sky {} block {}",
            Clock::at(self.sim.time()),
            self.sim.time(),
            eyes.sky(),
            eyes.block()
        ));
        let renderer = &self.display.renderer;
        lines.push(format!(
            "chunks loaded {}  queued {}  meshes {} ({:.1} MiB)  quads drawn {}",
            s.loaded,
            s.queued,
            renderer.chunk_count(),
            renderer.chunk_bytes() as f64 / f64::from(1 << 20),
            renderer.quads_drawn()
        ));
        lines.push(format!(
            "tick {}  collider {} (C)  crates {}  {}",
            self.sim.tick_count(),
            p.collider.name(),
            self.sim.crates.list().len(),
            if p.flying {
                "flying"
            } else if p.on_ground {
                "on ground"
            } else {
                "in air"
            }
        ));
        lines
    }

    /// Ends the game: logs the final hash and writes the recording.
    ///
    /// # Errors
    /// [`AppError::Write`] if the recording cannot be written.
    pub fn finish(mut self) -> Result<(), AppError> {
        if let Some(saver) = self.saver.take() {
            let hotbar = self.input.saved_hotbar();
            let last = Snapshot::of(&mut self.sim, &hotbar);
            let file = saver.finish(last)?;
            log::info!("world saved to {}", file.path().display());
            file.close()?;
        }
        if let Some(f) = self.stats.summary() {
            log::info!(
                "last {} frames: {:.1} fps, frame time p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms; \
                 the last frame drew {} quads",
                self.stats.len(),
                f.fps,
                f.p50_ms,
                f.p95_ms,
                f.p99_ms,
                self.display.renderer.quads_drawn()
            );
        }
        let hash = format!("{:016x}", self.sim.hash());
        log::info!("final hash {hash} after {} ticks", self.sim.tick_count());
        eprintln!(
            "hewn: final hash {hash} after {} ticks",
            self.sim.tick_count()
        );
        if let Some((path, recorder)) = &self.recorder {
            std::fs::write(path, recorder.to_toml()).map_err(|e| AppError::Write {
                path: path.clone(),
                message: e.to_string(),
            })?;
            log::info!("recording written to {}", path.display());
        }
        Ok(())
    }
}
