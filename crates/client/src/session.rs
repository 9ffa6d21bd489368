//! One world being played: the simulation and everything that keeps it going between
//! frames (streaming, the frame clock, autosave, the recording), but nothing of the window,
//! the GPU or the menus. Each frame it reports what changed in the scene ([`SceneChanges`])
//! and the frame applies that to the renderer, so a session runs headless as well (a test,
//! a bench, a server). The scene it shows is built by the window's side.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use glam::DVec3;

use crate::chat::ChatLog;
use crate::far::FarView;
use crate::far::rings::exact_distance;
use crate::input::InputState;
use crate::play::{Play, Remote};
use crate::tuning::FAR_DETAIL;
use crate::tuning::{LOADING_SCREEN_LIMIT, loading_budget};
use crate::{FrameClock, SessionError, Streamer};
use hewn_core::physics::auto_jump::wants_jump;
use hewn_core::physics::tuning::TICK_SECONDS;
use hewn_core::physics::{Body, Control};
use hewn_core::sim::Start;
use hewn_core::sim::survival::Station;
use hewn_core::sim::{ActionOutcome, Event, Input, Item, Simulation, Target};
use hewn_core::world::cache::view_capacity;
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::{BlockSource, ChunkPos, ChunkReader};
use hewn_core::worldgen::Generator;
use hewn_mesh::ChunkMesh;
use hewn_mesh::{Leaves, Shading};
use hewn_net::host::{Host, Stopped};
use hewn_net::server::{Server, ServerConfig};
use hewn_save::{Autosaver, Hotbar, SavedPlayer};

/// What one frame of a session changed in the scene, for the renderer to apply: the chunks
/// whose meshes leave it, then the meshes to draw (new or replacing the old).
#[derive(Debug, Default)]
pub struct SceneChanges {
    /// Chunks no longer in view.
    pub dropped: Vec<ChunkPos>,
    /// Chunks re-meshed by this frame's edits, to upload in order.
    pub meshes: Vec<(ChunkPos, ChunkMesh)>,
    /// The far view's sections no longer held.
    pub dropped_sections: Vec<SectionPos>,
}

/// A world opened for play: where its simulation starts, and what the session keeps beside
/// the simulation.
#[derive(Debug)]
pub struct OpenedWorld {
    /// The world, player, crates, motion and clock the simulation starts from; the one
    /// player is the one played.
    pub start: Start,
    /// The generator the world comes from, for the workers and the debug overlay.
    pub generator: Arc<Generator>,
    /// The player's hotbar as saved.
    pub hotbar: Hotbar,
    /// Writes the world in the background; `None` for a world that is never saved.
    pub saver: Option<Autosaver>,
    /// The world's packs, in order: read again on `/reload`, and offered to players who
    /// join it over the network.
    pub packs: Vec<hewn_save::WorldPack>,
    /// What the world's mods kept, as saved.
    pub mod_storage: hewn_save::ModStorage,
}

/// What a session takes of the player's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionSettings {
    /// Columns of chunks loaded and drawn around the player.
    pub render_distance: u32,
    /// Blocks the far view reaches, 0 for none.
    pub far_view: u32,
    /// Whether the render distance beyond 3/8 of it is drawn from coarse meshes (see
    /// [`crate::far::rings`]).
    pub coarse_ring: bool,
    /// How leaves are meshed.
    pub leaves: Leaves,
    /// Where chunks' light and AO are worked out.
    pub shading: Shading,
    /// Degrees of turn per unit of mouse motion.
    pub mouse_sensitivity: f64,
    /// Whether moving the mouse up looks down.
    pub invert_y: bool,
    /// Whether walking into a step one block high jumps onto it.
    pub auto_jump: bool,
}

/// How the game's own server runs a world: what the command line asked of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hosting {
    /// The world's time of day at launch, in place of the saved one.
    pub time: Option<u64>,
    /// Where the server's recording is written at the end, if one is kept.
    pub record_to: Option<PathBuf>,
}

/// A world in play.
pub struct Session {
    /// The connection to the server whose world is played.
    pub play: Box<dyn Play>,
    /// What loads, meshes and drops the chunks around the player.
    pub streamer: Streamer,
    /// The coarse sections drawn beyond the render distance.
    pub far: FarView,
    /// Blocks the far view reaches (0: off).
    far_view: u32,
    /// Whether the render distance beyond 3/8 of it is drawn from coarse meshes.
    coarse_ring: bool,
    /// The player's input.
    pub input: InputState,
    /// The fixed-rate clock that ticks the simulation from frame times.
    pub clock: FrameClock,
    launch: Instant,
    /// When the ground under the player was in, letting the simulation start.
    ground_loaded: Option<Instant>,
    view_loaded: bool,
    /// Where the player's eye was before the last tick, for drawing between ticks.
    pub previous_eye: DVec3,
    /// Where each crate was before the last tick, for drawing between ticks.
    pub previous_crates: Vec<DVec3>,
    /// Where the game's own server's recording goes at the end, when asked for.
    record_to: Option<PathBuf>,
    /// The chat heard.
    pub chat: ChatLog,
    /// Columns of chunks loaded and drawn around the player.
    pub render_distance: u32,
    /// What happened in this frame's ticks, in order, to be heard.
    heard: Vec<Event>,
    /// The survival screen the simulation had open at the last frame, to notice it
    /// opening and closing.
    pub seen_screen: Option<Station>,
}

impl Session {
    /// Starts playing the `opened` world as `hosting` says, with the player's `settings`,
    /// through a server of the game's own; `launch` is when loading began, for
    /// the log's timings.
    ///
    /// # Errors
    /// [`SessionError::Join`] if the game's server would not let its player in.
    pub fn new(
        opened: OpenedWorld,
        hosting: &Hosting,
        settings: &SessionSettings,
        launch: Instant,
    ) -> Result<Self, SessionError> {
        let OpenedWorld {
            mut start,
            generator,
            hotbar,
            saver,
            packs,
            mod_storage,
        } = opened;
        start.time = hosting.time.unwrap_or(start.time);
        // The player joins the server as any client does, resuming where the world has it.
        let players = std::mem::take(&mut start.players);
        let me = players.first().map(|m| m.name.clone()).unwrap_or_default();
        let config = ServerConfig::in_process(settings.render_distance);
        let mut server = Server::new(Simulation::new(start), generator, config);
        server.resume_players(players.list().iter().map(|m| {
            let saved = SavedPlayer {
                body: m.body,
                hotbar,
            };
            (m.name.clone(), saved)
        }));
        if hosting.record_to.is_some() {
            server.record();
        }
        // The player owns the world they play alone, as Luanti's singleplayer does: its
        // commands (`/time`, `/gamemode`, `/reload`) are theirs.
        server.set_admin(hewn_net::server::Admin {
            operators: [me.clone()].into(),
            ..hewn_net::server::Admin::default()
        });
        // Players joining once it is opened to the network fetch its packs.
        let found = hewn_save::found_packs(&packs).unwrap_or_default();
        server.serve_content(hewn_net::server::ServedContent::installed(&found));
        // The world's mods run in the game's own server, as on a dedicated one, each with
        // what it kept; one refused is logged and the world opens without it.
        server.keep_mod_storage(mod_storage);
        server.load_pack_mods(&found);
        server.set_world_packs(packs);
        let host = Host::start(server, me, saver).map_err(|message| SessionError::Join {
            server: "the game's own".to_owned(),
            message,
        })?;
        let mut session = Self::with(Box::new(host), settings, launch);
        session.record_to.clone_from(&hosting.record_to);
        Ok(session)
    }

    /// Starts playing on the server `remote` joined, with the player's `settings`.
    #[must_use]
    pub fn joined(remote: Box<Remote>, settings: &SessionSettings, launch: Instant) -> Self {
        Self::with(remote, settings, launch)
    }

    /// A session of `play` with nothing recorded or saved yet.
    fn with(play: Box<dyn Play>, settings: &SessionSettings, launch: Instant) -> Self {
        let terrain = play.terrain();
        terrain
            .columns
            .set_capacity(view_capacity(settings.render_distance));
        let me = play.me();
        let mut input = InputState::new(me.yaw, me.pitch);
        input.set_mouse(settings.mouse_sensitivity, settings.invert_y);
        input.set_auto_jump(settings.auto_jump);
        // What the player held when it last played here, as the server kept it.
        input.set_hotbar(&play.game().hotbar());
        let mut streamer = Streamer::new(&terrain, settings.render_distance);
        streamer.set_leaves(settings.leaves);
        streamer.set_shading(settings.shading);
        let far = FarView::new(
            settings.render_distance,
            settings.far_view,
            FAR_DETAIL,
            exact_distance(settings.render_distance, settings.coarse_ring),
        );
        far.attach(&mut streamer);
        Self {
            input,
            previous_eye: me.eye(),
            previous_crates: Vec::new(),
            streamer,
            far,
            far_view: settings.far_view,
            coarse_ring: settings.coarse_ring,
            play,
            clock: FrameClock::new(Duration::from_secs_f64(TICK_SECONDS)),
            launch,
            ground_loaded: None,
            view_loaded: false,
            record_to: None,
            chat: ChatLog::default(),
            render_distance: settings.render_distance,
            heard: Vec::new(),
            seen_screen: None,
        }
    }

    /// The generator the world comes from: its kind and seed head the debug overlay.
    #[must_use]
    pub fn generator(&self) -> &Arc<Generator> {
        self.play.game().generator()
    }

    /// The player being played.
    #[must_use]
    pub fn me(&self) -> Body {
        self.play.me()
    }

    /// Whether the simulation has started: the ground under the player is in memory.
    #[must_use]
    pub fn started(&self) -> bool {
        self.ground_loaded.is_some()
    }

    /// Whether the loading screen may give way to the game: the ground is in and the view
    /// is drawn, or has had [`LOADING_SCREEN_LIMIT`] to be.
    #[must_use]
    pub fn ready_to_play(&self, now: Instant) -> bool {
        self.ground_loaded
            .is_some_and(|t| self.view_loaded || now - t >= LOADING_SCREEN_LIMIT)
    }

    /// How much of the view is drawn, from 0 to 1, for the loading screen.
    #[must_use]
    pub fn loading_progress(&self) -> f32 {
        if self.view_loaded {
            1.0
        } else {
            self.streamer.progress()
        }
    }

    /// Why the world cannot load, if it cannot: no worker thread started (the system refused
    /// them), so nothing is ever generated.
    #[must_use]
    pub fn loading_problem(&self) -> Option<&'static str> {
        (!self.streamer.has_workers())
            .then_some("No worker thread could start, so the world cannot load. Esc goes back.")
    }

    /// Streams chunks within `render_distance` from now on.
    pub fn set_render_distance(&mut self, render_distance: u32) {
        self.render_distance = render_distance;
        self.play.set_view_distance(render_distance);
        (self.play.terrain().columns).set_capacity(view_capacity(render_distance));
        self.streamer.set_render_distance(render_distance);
        self.reshape_far();
        self.view_loaded = false;
    }

    /// Reaches `far_view` blocks with the far view from now on (0: none).
    pub fn set_far_view(&mut self, far_view: u32) {
        self.far_view = far_view;
        self.reshape_far();
    }

    /// Draws the render distance beyond 3/8 of it from coarse meshes from now on, or not.
    pub fn set_coarse_ring(&mut self, coarse_ring: bool) {
        self.coarse_ring = coarse_ring;
        self.reshape_far();
    }

    /// Gives the far view the render distance, reach and exact distance asked for now.
    fn reshape_far(&mut self) {
        self.far.reshape(
            &mut self.streamer,
            self.render_distance,
            self.far_view,
            FAR_DETAIL,
            exact_distance(self.render_distance, self.coarse_ring),
        );
    }

    /// Works out chunks' light and AO as `shading` says from now on, the chunks shown
    /// meshed again.
    pub fn set_shading(&mut self, shading: Shading) {
        self.streamer.set_shading(shading);
    }

    /// Meshes leaves as `leaves` says from now on, the chunks shown included.
    pub fn set_leaves(&mut self, leaves: Leaves) {
        self.streamer.set_leaves(leaves);
    }

    /// One frame's work, `elapsed` after the last: loads and meshes chunks, ticks the
    /// simulation as far as the clock says when `running` (the game is not paused), and
    /// autosaves. Returns what changed in the scene; the meshes the workers finished wait in
    /// [`Session::next_ready_mesh`] for the frame to take as its time allows.
    pub fn advance(&mut self, now: Instant, elapsed: Duration, running: bool) -> SceneChanges {
        self.heard.clear();
        let mut changes = SceneChanges::default();
        self.play.pump(now);
        self.note_view_loaded(now);
        let player = self.me();
        let (feet, heading) = (player.position, player.look_direction() + player.velocity);
        self.streamer.update(
            &mut self.play.sim_mut().loader(),
            feet,
            heading,
            loading_budget(elapsed),
        );
        self.far
            .update(&mut self.streamer, self.play.sim().world(), feet, now);
        if self.ground_loaded.is_none()
            && self.play.ground_ready()
            && Streamer::ground_loaded(self.play.sim().world(), feet)
        {
            self.ground_loaded = Some(now);
            log::info!(
                "ground loaded after {} ms: the player is free to move",
                (now - self.launch).as_millis()
            );
        }
        // One look ray a frame serves both: the station the place button opens, and the door
        // or bed it uses.
        let looked_at = self.looked_at_block();
        self.input.set_survival(self.hand(looked_at));
        self.input.set_at_usable(self.usable(looked_at));
        let game = self.play.game();
        let drawn_at = game.view_tick(self.clock.alpha());
        let at_creature = game.creature_looked_at(&self.me(), drawn_at).is_some();
        self.input.set_at_creature(at_creature);
        // A server's world goes on while this game is paused: its player stands still.
        if self.started() && (running || self.play.runs_while_paused()) {
            self.clock.advance(elapsed);
            while self.clock.should_step() {
                self.tick(&mut changes.meshes, running, now);
                self.clock.did_step();
            }
        }
        for line in self.play.take_chat() {
            self.chat.push(now, line.to_string());
        }
        changes.dropped = self.streamer.take_dropped();
        changes.dropped_sections = self.far.take_dropped();
        changes
    }

    /// Says `text` in the chat (a command if it starts with `/`).
    pub fn say(&mut self, text: &str) {
        self.play.say(text);
    }

    /// What happened in the ticks of the last [`Session::advance`], in order.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.heard
    }

    /// The next mesh a worker finished, nearest first, for the frame to upload. When there
    /// is none left, the view may just have been completed: that is noted at once, so the
    /// log's loading time is the frame's that took the last mesh.
    pub fn next_ready_mesh(&mut self, now: Instant) -> Option<(ChunkPos, ChunkMesh)> {
        let next = self.streamer.next_ready();
        if next.is_none() {
            self.note_view_loaded(now);
        }
        next
    }

    /// The next coarse section a worker finished, nearest first, for the frame to upload
    /// once the near view's meshes are up.
    pub fn next_ready_section(&mut self, now: Instant) -> Option<(SectionPos, ChunkMesh)> {
        self.far.next_ready(now)
    }

    /// Logs, once, when everything within the render distance was meshed and taken for
    /// drawing.
    fn note_view_loaded(&mut self, now: Instant) {
        if !self.view_loaded && self.started() && self.streamer.view_complete() {
            self.view_loaded = true;
            log::info!(
                "view loaded after {} ms ({} chunks in view, render distance {})",
                (now - self.launch).as_millis(),
                self.streamer.shown_count(),
                self.render_distance
            );
        }
    }

    /// One tick, adding the meshes its edits changed to `meshes`.
    fn tick(&mut self, meshes: &mut Vec<(ChunkPos, ChunkMesh)>, running: bool, now: Instant) {
        let mut input = if running {
            self.input.next_input()
        } else {
            Input::default()
        };
        // Auto-jump presses jump as the player would have: the server and a replay see a jump.
        if self.input.auto_jump() {
            let me = self.me();
            let yaw = input.yaw.unwrap_or(me.yaw);
            if wants_jump(self.play.sim().world(), &me, input.controls, yaw) {
                input.controls.set(Control::Jump, true);
            }
        }
        self.previous_eye = self.me().eye();
        self.previous_crates.clear();
        self.previous_crates
            .extend(self.play.sim().crates().list().iter().map(|c| c.position));
        // The server keeps what the player holds, to give back and to save.
        self.play.set_hotbar(&self.input.saved_hotbar(), false);
        for outcome in self.play.tick(&input, now) {
            // The list's indices moved: its places before the tick no longer match.
            if matches!(
                outcome,
                ActionOutcome::BrokeCrate(_) | ActionOutcome::PlacedCrate
            ) {
                self.previous_crates.clear();
            }
        }
        // The server's word may have added or taken crates too.
        if self.previous_crates.len() != self.play.sim().crates().list().len() {
            self.previous_crates.clear();
        }
        self.heard.extend_from_slice(self.play.sim().events());
        // What others did nearby, and what the world did (sand coming to rest).
        self.heard.extend(self.play.take_heard());
        let redrawn = (self.play.sim_mut().loader()).read_chunks(ChunkReader::Remesh);
        let remeshed = self.streamer.remesh_now(self.play.sim().world(), redrawn);
        // A chunk re-meshed twice in one frame keeps only its newest mesh.
        meshes.retain(|(pos, _)| !remeshed.iter().any(|(p, _)| p == pos));
        meshes.extend(remeshed);
        if self.input.take_pick_request() {
            self.pick();
        }
    }

    /// Middle click: puts what the player looks at into the hotbar. Unbreakable blocks
    /// (bedrock) are not picked: placed, they could never be removed. In survival it only
    /// selects the hotbar slot that holds it, if one does.
    fn pick(&mut self) {
        let item = match self.play.sim().peek_looked_at(&self.me()) {
            Some(Target::Crate(_)) => Item::Crate,
            Some(Target::Block(hit)) => match self.play.sim().world().block(hit.block) {
                block if block.is_breakable() => Item::Block(block.held_as()),
                _ => return,
            },
            None => return,
        };
        if self.input.in_survival() {
            let slot = self.survivor().and_then(|s| {
                (s.inventory.slots()[..hewn_core::sim::HOTBAR_SLOTS].iter())
                    .position(|st| st.is_some_and(|st| st.item == item))
            });
            if let Some(slot) = slot {
                self.input.select(slot);
            }
            return;
        }
        self.input.pick(item);
    }

    /// Why the session cannot go on, if it cannot: the server sent the player away or the
    /// connection ended.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        self.play.problem()
    }

    /// Ends the session: writes the world (blocking until it is on disk), logs the final
    /// hash and writes the recording.
    ///
    /// # Errors
    /// [`SessionError`] if the world or the recording cannot be written.
    pub fn finish(mut self, now: Instant) -> Result<(), SessionError> {
        // What the menus asked for last (a survival screen closed as the game quits, its
        // grid going back into the inventory) is played before the world is written.
        if self.started() && self.input.has_queued() {
            self.tick(&mut Vec::new(), true, now);
        }
        // The server hears what the player holds last, before the world is saved.
        self.play.set_hotbar(&self.input.saved_hotbar(), true);
        self.play.leave();
        let copy = (self.play.sim().hash(), self.play.sim().tick_count());
        let (hash, ticks, recording) =
            match self.play.stop().map_err(|message| SessionError::Join {
                server: "the game's own".to_owned(),
                message,
            })? {
                Some(Stopped { mut server, saver }) => {
                    if let Some(saver) = saver {
                        let file = saver.finish(server.checkpoint())?;
                        log::info!("world saved to {}", file.path().display());
                        file.close()?;
                    }
                    let sim = server.sim();
                    (sim.hash(), sim.tick_count(), server.take_recording())
                }
                // A server elsewhere keeps its world; this is the client's copy of it.
                None => (copy.0, copy.1, None),
            };
        let hash = format!("{hash:016x}");
        log::info!("final hash {hash} after {ticks} ticks");
        eprintln!("hewn: final hash {hash} after {ticks} ticks");
        if let (Some(path), Some(recorder)) = (&self.record_to, recording) {
            recorder
                .to_toml()
                .map_err(|e| e.to_string())
                .and_then(|text| std::fs::write(path, text).map_err(|e| e.to_string()))
                .map_err(|message| SessionError::Write {
                    path: path.clone(),
                    message,
                })?;
            log::info!("recording written to {}", path.display());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
