//! What a session looks like this frame: the camera between the last two ticks, the fog,
//! the crates and falling blocks, the other players, the outline of the targeted block and
//! the HUD with its debug overlay. Nothing here changes the session.

use glam::{DVec3, IVec3};

use super::far::FarFrame;
use super::keys::Binding;
use super::session::Session;
use super::settings::Settings;
use super::stats::FrameStats;
use super::tuning::{FAR_FOG_START, FOG_END_INSET, FOG_START, LOAD_MARGIN, UNDERWATER_FOG};
use super::ui::options::key_label;
use hewn_core::physics::crates::Crate;
use hewn_core::sim::Target;
use hewn_core::sim::time::Clock;
use hewn_core::world::{BlockPos, BlockSource, CHUNK_SIZE, Face, Light, World};
use hewn_mesh::creature::CreatureFigure;
use hewn_mesh::figure::Figure;
use hewn_mesh::tiles::{CRATE_TILE, tile_for};
use hewn_mesh::{FreeBox, top_height};
use hewn_render::{Camera, Crack, FirstPerson, HudState, ItemSprite, Renderer};

/// Ticks one swing of the arm takes: Minecraft's 6 at 20 a second.
const SWING_TICKS: f64 = 18.0;

/// The parts of a frame's scene that are built rather than borrowed.
pub struct View {
    /// The camera.
    pub camera: Camera,
    /// Distances where fog starts and where it hides everything (see [`Scene::fog`]).
    ///
    /// [`Scene::fog`]: hewn_render::Scene::fog
    pub fog: (f32, f32),
    /// Whether the eye is under water.
    pub underwater: bool,
    /// Outlined boxes: the targeted block's shape or crate.
    pub outline: Vec<(DVec3, DVec3)>,
    /// Crates, then falling blocks.
    pub boxes: Vec<FreeBox>,
    /// The other players.
    pub figures: Vec<Figure>,
    /// The creatures.
    pub creatures: Vec<CreatureFigure>,
    /// Survival's items lying about.
    pub items: Vec<ItemSprite>,
    /// Survival's cracks over the block being dug.
    pub crack: Option<Crack>,
    /// The HUD.
    pub hud: HudState,
    /// The player's own arm and what it holds.
    pub hand: FirstPerson,
    /// What the far view draws.
    pub far: FarFrame,
}

/// A session as the window draws it: what it shows, built from what it holds.
#[derive(Clone, Copy)]
pub struct SessionView<'a>(pub &'a Session);

impl std::ops::Deref for SessionView<'_> {
    type Target = Session;

    fn deref(&self) -> &Session {
        self.0
    }
}

impl SessionView<'_> {
    /// The session as seen this frame, with the player's `settings`; the debug overlay when
    /// `overlay`, with the frame `stats` and what `renderer` holds.
    pub fn view(
        &self,
        settings: &Settings,
        overlay: bool,
        player_list: bool,
        stats: &FrameStats,
        renderer: &Renderer,
    ) -> View {
        let mut boxes = self.crate_boxes();
        let outline = self.outline(&boxes);
        boxes.extend(self.falling_boxes());
        let overlay = overlay.then(|| self.overlay_lines(settings, stats, renderer));
        let survival = self.survival_hud();
        let selected = match self.survivor() {
            Some(s) => usize::from(s.selected),
            None => self.input.selected(),
        };
        let camera = self.camera(settings.fov as f32);
        let underwater = under_water(self.play.sim().world(), camera.eye);
        let far = self
            .far
            .frame(self.me().position, |pos| renderer.holds_chunk(pos));
        View {
            camera,
            fog: if underwater {
                UNDERWATER_FOG
            } else if far.reach > 0.0 {
                (far.reach * FAR_FOG_START, far.reach)
            } else {
                self.fog()
            },
            far,
            underwater,
            outline,
            boxes,
            figures: self.figures(),
            creatures: self.creature_figures(self.clock.alpha()),
            items: {
                let mut items = self.item_sprites();
                items.extend(self.arrow_sprites());
                items
            },
            crack: self.crack(),
            hand: self.first_person(camera.eye),
            hud: HudState {
                hotbar: self.input.hotbar,
                selected,
                overlay,
                banner: (!self.started()).then(|| "Loading...".to_owned()),
                chat: self.chat.fresh(std::time::Instant::now()),
                player_list: player_list.then(|| self.player_list()),
                scale: Some(settings.gui_scale as f32),
                survival,
            },
        }
    }

    /// The player's own arm and the item in its hand, lit where the eye is, swinging while a
    /// button is held to break or place.
    fn first_person(&self, eye: DVec3) -> FirstPerson {
        let held = match self.survivor() {
            Some(s) => s.held().map(|stack| stack.item),
            None => Some(self.input.hotbar[self.input.selected()]),
        };
        let swing = if self.input.swinging() {
            let ticks = self.play.sim().tick_count() as f64 + self.clock.alpha();
            (ticks.rem_euclid(SWING_TICKS) / SWING_TICKS) as f32
        } else {
            0.0
        };
        FirstPerson {
            name: self.play.name().to_string(),
            held,
            swing,
            light: self.play.sim().world().light(BlockPos::containing(eye)),
        }
    }

    fn camera(&self, fov_y: f32) -> Camera {
        let (yaw, pitch) = self.input.look();
        Camera {
            eye: self.previous_eye.lerp(self.me().eye(), self.clock.alpha()),
            yaw,
            pitch,
            fov_y,
            aspect: 1.0,
            far: (self.render_distance + LOAD_MARGIN as u32) as f32 * CHUNK_SIZE as f32,
        }
    }

    fn fog(&self) -> (f32, f32) {
        let edge = self.render_distance as f32 * CHUNK_SIZE as f32;
        (edge * FOG_START, edge - FOG_END_INSET)
    }

    /// Each crate's box where it is drawn this frame: between its places before and after
    /// the last tick, as the camera is, so pushed crates glide rather than step. After a
    /// tick that added or removed a crate, all are drawn where they are.
    fn crate_boxes(&self) -> Vec<FreeBox> {
        let list = self.play.sim().crates().list();
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
                    light: self
                        .play
                        .sim()
                        .world()
                        .light(BlockPos::containing(bounds.centre())),
                }
            })
            .collect()
    }

    /// The falling sand and gravel, drawn as free boxes of their block's texture where they
    /// are after the last tick (after the crates, so a crate's index is its box's).
    fn falling_boxes(&self) -> impl Iterator<Item = FreeBox> + '_ {
        self.play.sim().falling().list().iter().map(|f| {
            let bounds = f.bounds();
            FreeBox {
                min: bounds.min,
                max: bounds.max,
                tile: tile_for(f.block, Face::North),
                resting: false,
                light: self
                    .play
                    .sim()
                    .world()
                    .light(BlockPos::containing(bounds.centre())),
            }
        })
    }

    /// The other players as figures, where the server had them a little while ago
    /// ([`hewn_net::trail`]), each lit by the brighter of the cells at its feet and at its
    /// eyes: one of them may be inside a slab, whose light is dark.
    fn figures(&self) -> Vec<Figure> {
        let game = self.play.game();
        let world = self.play.sim().world();
        game.others_at(game.view_tick(self.clock.alpha()))
            .map(|(name, shown)| {
                let body = shown.body;
                let feet = world.light(BlockPos::containing(body.position));
                let eyes = world.light(BlockPos::containing(body.eye()));
                Figure {
                    name: name.to_owned(),
                    position: body.position,
                    look_yaw: body.yaw,
                    look_pitch: body.pitch,
                    facing: shown.facing,
                    sneaking: body.sneaking,
                    walked: shown.walked,
                    swing: shown.swing,
                    light: Light::new(feet.sky().max(eyes.sky()), feet.block().max(eyes.block())),
                }
            })
            .collect()
    }

    /// The outline of what the player looks at: a block's real shape, or a crate's box as
    /// drawn (`crates` from [`Self::crate_boxes`]).
    fn outline(&self, crates: &[FreeBox]) -> Vec<(DVec3, DVec3)> {
        let pos = match self.play.sim().peek_looked_at(&self.me()) {
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
        self.play
            .sim()
            .world()
            .block(pos)
            .outline()
            .iter()
            .map(|b| {
                let a = b.at(origin);
                (a.min, a.max)
            })
            .collect()
    }

    /// The player list's lines: who is online, with round trips, as the server last said.
    fn player_list(&self) -> Vec<String> {
        let status = self.play.status();
        let mut lines = vec![format!("Players online: {}", status.players.len())];
        lines.extend((status.players.iter()).map(|(name, rtt)| format!("{name:<16} {rtt:>5} ms")));
        lines
    }

    fn overlay_lines(
        &self,
        settings: &Settings,
        stats: &FrameStats,
        renderer: &Renderer,
    ) -> Vec<String> {
        let p = self.me();
        let block = BlockPos::containing(p.position);
        let chunk = block.chunk();
        let (yaw, pitch) = self.input.look();
        let facing = ["north", "east", "south", "west"][(((yaw + 45.0) / 90.0) as usize) % 4];
        let s = self.streamer.stats(self.play.sim().world());
        let generator = self.generator();
        let mut lines = vec![format!(
            "hewn  seed {}  {}",
            generator.seed(),
            generator.kind()
        )];
        if let Some(f) = stats.summary() {
            // The render scale beside the frame's time, which it is for.
            let scale = renderer.render_scale();
            let scale = if scale < 1.0 {
                format!("  render scale {:.0}%", scale * 100.0)
            } else {
                String::new()
            };
            lines.push(format!(
                "{:.0} fps  frame p50 {:.1} p95 {:.1} p99 {:.1} ms{scale}",
                f.fps, f.p50_ms, f.p95_ms, f.p99_ms
            ));
        }
        lines.push(format!(
            "xyz {:.2} {:.2} {:.2}",
            p.position.x, p.position.y, p.position.z
        ));
        // The biome is a pure function of the column: a few noise samples, worked out
        // again each frame the overlay is up.
        let biome = generator
            .biome(block.x, block.z)
            .map_or(String::new(), |b| format!("  biome {b}"));
        lines.push(format!(
            "block {} {} {}  chunk {} {} {}{biome}",
            block.x, block.y, block.z, chunk.x, chunk.y, chunk.z
        ));
        lines.push(format!("facing {facing}  yaw {yaw:.1}  pitch {pitch:.1}"));
        let eyes = self
            .play
            .sim()
            .world()
            .light(BlockPos::containing(self.me().eye()));
        lines.push(format!(
            "{}  (tick {})  light at eyes: sky {} block {}",
            Clock::at(self.play.sim().time()),
            self.play.sim().time(),
            eyes.sky(),
            eyes.block()
        ));
        lines.push(format!(
            "chunks loaded {}  queued {}  meshes {} ({:.1} MiB)",
            s.loaded,
            s.queued,
            renderer.chunk_count(),
            renderer.chunk_bytes() as f64 / f64::from(1 << 20),
        ));
        lines.push(format!(
            "chunks drawn {} of {} meshes  quads drawn {}",
            renderer.chunks_drawn(),
            renderer.chunk_count(),
            renderer.quads_drawn()
        ));
        let (commands, calls) = renderer.draw_counts();
        let (pages, bytes) = renderer.mesh_buffers();
        lines.push(format!(
            "draws {commands} in {calls} calls ({:?})  mesh buffers {pages} ({:.1} MiB)",
            renderer.draw_path(),
            bytes as f64 / f64::from(1 << 20),
        ));
        if self.far.is_on() {
            let (held, shown) = self.far.counts();
            let reach = if self.far.reaches_beyond() {
                format!("{} blocks", settings.far_view)
            } else {
                "off".to_owned()
            };
            let ring = self
                .far
                .ring_from()
                .map_or_else(String::new, |from| format!(", coarse from {from} chunks"));
            lines.push(format!(
                "far view {reach}{ring}  sections {shown} of {held}  quads drawn {}",
                renderer.far_quads_drawn()
            ));
            for (level, l) in renderer.far_levels().iter().enumerate() {
                if l.sections > 0 {
                    lines.push(format!(
                        "  level {level}: {} sections  {} quads ({} drawn)  {:.1} MiB",
                        l.sections,
                        l.quads,
                        l.quads_drawn,
                        l.bytes as f64 / f64::from(1 << 20)
                    ));
                }
            }
        }
        lines.push(format!(
            "tick {}  collider {} ({})  crates {}  {}",
            self.play.sim().tick_count(),
            p.collider.name(),
            key_label(settings.keys.key(Binding::SwitchCollider)),
            self.play.sim().crates().list().len(),
            if p.flying {
                "flying"
            } else if p.on_ground {
                "on ground"
            } else {
                "in air"
            }
        ));
        let game = self.play.game();
        lines.push(format!(
            "server tick {} ({:.2} ms)  corrections {}  others online {}",
            game.server_tick(),
            self.play.status().tick_ms,
            game.corrections(),
            game.online().count()
        ));
        if let Some((addr, rtt_ms, down, up)) = self.play.connection() {
            lines.push(format!(
                "server {addr}  rtt {rtt_ms:.0} ms  down {:.1} KB/s  up {:.1} KB/s",
                down / 1000.0,
                up / 1000.0
            ));
        }
        lines
    }
}

/// Whether `eye` is in water, below the surface the water is drawn with (a flowing cell's
/// surface lies below its top).
fn under_water(world: &World, eye: DVec3) -> bool {
    let cell = BlockPos::containing(eye);
    let block = world.block(cell);
    let surface = f64::from(top_height(block, world.block(cell.offset(IVec3::Y)))) / 16.0;
    block.is_water() && eye.y - f64::from(cell.y) < surface
}

mod herd;

#[cfg(test)]
mod tests {
    use super::*;
    use hewn_core::world::Block;
    use hewn_core::worldgen::{Generator, GeneratorKind};

    #[test]
    fn an_eye_is_under_water_below_the_surface_the_water_is_drawn_with() {
        let mut world = World::new(Generator::new(GeneratorKind::Empty, 0));
        let deep = BlockPos::new(0, 64, 0);
        world.set_block(deep, Block::WATER);
        world.set_block(deep.offset(IVec3::Y), Block::WATER);
        let flowing = BlockPos::new(5, 64, 0);
        world.set_block(flowing, Block::from_name("water_7").expect("a water level"));
        let at = |pos: BlockPos, dy: f64| pos.min_corner() + DVec3::new(0.5, dy, 0.5);
        assert!(
            under_water(&world, at(deep, 0.99)),
            "water over water fills its cell"
        );
        assert!(under_water(&world, at(deep, 1.5)));
        let surface = f64::from(top_height(Block::WATER, Block::AIR)) / 16.0;
        assert!(
            !under_water(&world, at(deep, 1.0 + surface + 0.01)),
            "above the surface"
        );
        assert!(
            under_water(&world, at(flowing, 0.05)),
            "under the thinnest water"
        );
        assert!(
            !under_water(&world, at(flowing, 0.5)),
            "over the thinnest water"
        );
        assert!(
            !under_water(&world, at(BlockPos::new(9, 64, 0), 0.5)),
            "in the air"
        );
    }
}
