//! The renderer: draws a [`Scene`] (camera, chunk meshes, crates, other players, outline,
//! HUD) with wgpu.
//!
//! Everything the GPU sees is relative to the camera: each chunk is drawn at its offset from
//! the eye, computed in f64 and only then rounded to f32, so nothing shakes far from the
//! origin. A frame is the opaque and cut-out chunk faces (depth tested, back faces culled,
//! chunks outside the view skipped, nearest first), the crates, the other players' figures,
//! the creatures (one instanced draw per shape, [`creatures`]), the sky wherever none of them
//! is; then, in a second pass that reads the depth buffer the first wrote, the translucent
//! chunk faces over all that (water darkening with the depth it covers), the players' name
//! tags, then the outline of the targeted block or crate and the HUD on top.
//!
//! The renderer draws into any texture view: the window's surface, or an offscreen texture
//! for screenshots and the golden-image test ([`Renderer::capture`]).

mod arena;
mod atlas;
mod capture;
pub mod chunks;
pub mod creatures;
pub mod draws;
pub mod far;
pub mod figures;
pub mod font;
mod frame;
pub mod gpu;
pub mod hand;
pub mod hud;
pub mod items;
mod menus;
mod meshes;
pub mod pipelines;
mod scale;
mod scene;
pub mod shaders;
pub mod sky;
pub mod sky_draw;

use bytemuck::Pod;
use glam::{BVec3, DVec3, Mat4, Vec3};
use wgpu::util::DeviceExt;

pub use far::FarLevel;
pub use gpu::{Gpu, RenderError, check_size};
pub use hand::FirstPerson;
pub use hewn_mesh::camera::{self, Camera, Frustum};
pub use hud::{HudState, HudVertex, SurvivalHud};
pub use items::{Crack, ItemSprite};
pub use menus::MenuFrame;
pub use scale::{RENDER_SCALE_RANGE, scaled_size};
pub use scene::{FarScene, Scene};

use atlas::AtlasTexture;
use chunks::ChunkStore;
use draws::{DrawCommands, DrawPath};
use far::FarStore;
use frame::{Depth, Globals};
use hewn_core::world::ChunkPos;
use hewn_core::world::coarse::SectionPos;
use hewn_mesh::{BOX_VERTICES, BoxVertex, ChunkMesh, FreeBox, cube_corner, push_box};
use pipelines::Pipelines;

pub use atlas::{atlas_image, paint as paint_atlas};

/// The brightness setting players start with: halfway between Minecraft's "moody" and
/// "bright".
pub const DEFAULT_BRIGHTNESS: f32 = 0.5;

/// Draws scenes; owns the pipelines, the atlas and the chunk meshes on the GPU.
pub struct Renderer {
    device: wgpu::Device,
    queue: wgpu::Queue,
    format: wgpu::TextureFormat,
    pipelines: Pipelines,
    globals: wgpu::Buffer,
    globals_group: wgpu::BindGroup,
    chunks: ChunkStore,
    far: FarStore,
    /// The frame's draws of chunks and sections.
    commands: DrawCommands,
    creatures: creatures::CreatureStore,
    depth: Option<Depth>,
    menus: menus::MenuPainter,
    atlas: AtlasTexture,
    /// The registry whose blocks' textures the atlas holds ([`Registry::generation`]).
    ///
    /// [`Registry::generation`]: hewn_core::world::block::Registry::generation
    atlas_generation: usize,
    /// The texture pack painted over every world's textures.
    texture_pack: hewn_content::Textures,
    /// The fraction of the target's size the world is drawn at ([`Renderer::set_render_scale`]).
    render_scale: f32,
    /// What drawing below a render scale of 1 needs.
    undersampling: scale::Undersampling,
}

impl std::fmt::Debug for Renderer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Renderer")
            .field("format", &self.format)
            .field("chunks", &self.chunks.len())
            .finish_non_exhaustive()
    }
}

impl Renderer {
    /// A renderer drawing into targets of `format`.
    ///
    /// # Errors
    /// [`RenderError`] if the GPU cannot make what it draws with.
    pub fn new(gpu: &Gpu, format: wgpu::TextureFormat) -> Result<Self, RenderError> {
        let device = gpu.device.clone();
        let queue = gpu.queue.clone();
        let pipelines = Pipelines::new(&device, format);
        let atlas_generation = hewn_core::world::block::Registry::generation();
        let texture_pack = hewn_content::Textures::default();
        let atlas = AtlasTexture::new(&device, &queue, &atlas_image(&texture_pack));
        let sampler = device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("nearest"),
            mag_filter: wgpu::FilterMode::Nearest,
            min_filter: wgpu::FilterMode::Nearest,
            // The atlas's smaller levels are the far view's, read texel by texel: what
            // is sampled stays sharp at every distance.
            lod_max_clamp: 0.0,
            ..Default::default()
        });
        // Group 0 of every pipeline: the frame's globals, the atlas and its sampler.
        let globals_and_group = |label| {
            let globals = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: std::mem::size_of::<Globals>() as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            let group = device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some(label),
                layout: &pipelines.globals_layout,
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: globals.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: wgpu::BindingResource::TextureView(&atlas.view),
                    },
                    wgpu::BindGroupEntry {
                        binding: 2,
                        resource: wgpu::BindingResource::Sampler(&sampler),
                    },
                ],
            });
            (globals, group)
        };
        let (globals, globals_group) = globals_and_group("globals");
        let (overlay, overlay_group) = globals_and_group("overlay globals");
        let undersampling = scale::Undersampling::new(
            &device,
            format,
            &pipelines.globals_layout,
            overlay,
            overlay_group,
        );
        let most_vertices = arena::vertex_limit(&gpu.adapter, &device);
        let chunks = ChunkStore::new(&device, pipelines.light_layout.clone(), most_vertices);
        let far = FarStore::new(&device, pipelines.light_layout.clone(), most_vertices);
        let commands = DrawCommands::new(DrawPath::best(&gpu.adapter, &device));
        let menus = menus::MenuPainter::new(&device, format, &atlas.menu_view);
        Ok(Self {
            far,
            device,
            queue,
            format,
            pipelines,
            globals,
            globals_group,
            chunks,
            commands,
            creatures: creatures::CreatureStore::default(),
            depth: None,
            menus,
            atlas,
            atlas_generation,
            texture_pack,
            render_scale: 1.0,
            undersampling,
        })
    }

    /// Draws the world at `scale` of the target's width and height from the next frame on,
    /// stretched over the target, the HUD and the menus still at the target's own size
    /// ([`scale`](crate::scale)); clamped to [`RENDER_SCALE_RANGE`], and 1 for anything
    /// that is not a number.
    pub fn set_render_scale(&mut self, scale: f32) {
        self.render_scale = if scale.is_nan() {
            1.0
        } else {
            scale.clamp(*RENDER_SCALE_RANGE.start(), *RENDER_SCALE_RANGE.end())
        };
    }

    /// The render scale ([`Renderer::set_render_scale`]).
    #[must_use]
    pub const fn render_scale(&self) -> f32 {
        self.render_scale
    }

    /// Paints `texture_pack`'s textures over every world's from now on (none: the
    /// [default](hewn_content::Textures::default)).
    pub fn set_texture_pack(&mut self, texture_pack: hewn_content::Textures) {
        if texture_pack != self.texture_pack {
            self.texture_pack = texture_pack;
            self.atlas
                .write(&self.queue, &atlas_image(&self.texture_pack));
        }
    }

    /// Paints the atlas again if the blocks in use have changed since it was painted: a
    /// world with other packs has opened. Call it before meshes of the new world's blocks
    /// are drawn; it costs an atomic load when nothing changed.
    pub fn follow_content(&mut self) {
        let generation = hewn_core::world::block::Registry::generation();
        if generation != self.atlas_generation {
            self.atlas
                .write(&self.queue, &atlas_image(&self.texture_pack));
            self.atlas_generation = generation;
        }
    }

    /// Uploads (or replaces) the mesh of the chunk at `pos`.
    pub fn upload_chunk(&mut self, pos: ChunkPos, mesh: &ChunkMesh) {
        self.chunks.upload(&self.device, &self.queue, pos, mesh);
    }

    /// Forgets the mesh of the chunk at `pos`.
    pub fn remove_chunk(&mut self, pos: ChunkPos) {
        self.chunks.remove(pos);
    }

    /// Drops every chunk mesh and coarse section, as when the player leaves a world for
    /// the title screen.
    pub fn clear_chunks(&mut self) {
        self.chunks.clear();
        self.far.clear();
    }

    /// Whether the chunk at `pos` has been uploaded (its mesh, or that it has none).
    #[must_use]
    pub fn holds_chunk(&self, pos: ChunkPos) -> bool {
        self.chunks.holds(pos)
    }

    /// Uploads (or replaces) the mesh of the far view's section at `pos`.
    pub fn upload_section(&mut self, pos: SectionPos, mesh: &ChunkMesh) {
        self.far.upload(&self.device, &self.queue, pos, mesh);
    }

    /// Forgets the mesh of the far view's section at `pos`.
    pub fn remove_section(&mut self, pos: SectionPos) {
        self.far.remove(pos);
    }

    /// The far view's sections, quads and memory per level (index: level), and the quads
    /// the last frame drew of each.
    #[must_use]
    pub fn far_levels(&self) -> &[FarLevel] {
        self.far.levels()
    }

    /// Quads of the far view the last frame drew.
    #[must_use]
    pub fn far_quads_drawn(&self) -> usize {
        self.far.quads_drawn()
    }

    /// How many chunk meshes are on the GPU.
    #[must_use]
    pub fn chunk_count(&self) -> usize {
        self.chunks.len()
    }

    /// Bytes of the chunk meshes on the GPU.
    #[must_use]
    pub fn chunk_bytes(&self) -> u64 {
        self.chunks.bytes()
    }

    /// Quads in the chunks the last frame drew (those in view).
    #[must_use]
    pub fn quads_drawn(&self) -> usize {
        self.chunks.quads_visible()
    }

    /// Commands that drew the last frame's chunks and far sections (a run of a mesh's faces
    /// each), and the calls they took: one per command, or one per batch where the GPU
    /// draws indirectly ([`draws`]).
    #[must_use]
    pub fn draw_counts(&self) -> (usize, usize) {
        self.commands.counts()
    }

    /// Pages of the buffers chunk and far meshes share, and their bytes, free room included
    /// (which is kept for the meshes that come next until the world is left).
    #[must_use]
    pub fn mesh_buffers(&self) -> (usize, u64) {
        let (near, far) = (self.chunks.buffers(), self.far.buffers());
        (near.0 + far.0, near.1 + far.1)
    }

    /// How chunks and far sections are drawn: the best way the GPU allows, unless set.
    #[must_use]
    pub fn draw_path(&self) -> DrawPath {
        self.commands.path()
    }

    /// Draws chunks and far sections by `path` from the next frame on: [`DrawPath::Direct`]
    /// works everywhere, [`DrawPath::Indirect`] only where [`DrawPath::best`] says so (and
    /// elsewhere stays direct).
    pub fn set_draw_path(&mut self, path: DrawPath) {
        self.commands.set_path(path);
    }

    /// How many creatures the last frame drew: those in view.
    #[must_use]
    pub fn creatures_drawn(&self) -> usize {
        self.creatures.drawn()
    }

    /// How many chunks the last frame drew: those in view that a line of sight from the eye
    /// may reach.
    #[must_use]
    pub fn chunks_drawn(&self) -> usize {
        self.chunks.chunks_visible()
    }

    /// Draws only the chunks a line of sight from the eye may reach (cave culling, on by
    /// default), or every chunk in view.
    pub fn set_cave_culling(&mut self, on: bool) {
        self.chunks.set_cave_culling(on);
    }

    /// Draws only the faces of a chunk whose planes the eye is in front of (on by default),
    /// or every face, leaving the back faces to the GPU's culling.
    pub fn set_face_culling(&mut self, on: bool) {
        self.chunks.set_face_culling(on);
    }

    /// The boxes in view as one vertex buffer, camera-relative.
    fn box_buffer(
        &self,
        camera: &Camera,
        frustum: &Frustum,
        boxes: &[FreeBox],
    ) -> Option<(wgpu::Buffer, u32)> {
        let mut vertices: Vec<BoxVertex> = Vec::with_capacity(boxes.len() * BOX_VERTICES);
        for b in boxes {
            if frustum.intersects_box(camera.relative(b.min), camera.relative(b.max)) {
                push_box(&mut vertices, b, camera.eye);
            }
        }
        self.vertex_buffer("boxes", &vertices)
    }

    /// The items in view, the cracks and what the hand holds as one vertex buffer,
    /// camera-relative.
    fn item_buffer(
        &self,
        camera: &Camera,
        frustum: &Frustum,
        scene: &Scene<'_>,
    ) -> Option<(wgpu::Buffer, u32)> {
        let reach = Vec3::splat(items::ITEM_REACH);
        let seen: Vec<ItemSprite> = scene
            .items
            .iter()
            .filter(|s| {
                let middle = camera.relative(items::item_middle(s));
                frustum.intersects_box(middle - reach, middle + reach)
            })
            .copied()
            .collect();
        let mut vertices = Vec::new();
        items::push_items(&mut vertices, &seen, camera.eye);
        if let Some(crack) = scene.crack {
            items::push_crack(&mut vertices, crack, camera.eye);
        }
        if let Some(player) = scene.hand {
            vertices.extend(hand::held(player, camera));
        }
        self.vertex_buffer("items", &vertices)
    }

    /// A vertex buffer holding `vertices`, and their count; `None` when there are none.
    fn vertex_buffer<T: Pod>(&self, label: &str, vertices: &[T]) -> Option<(wgpu::Buffer, u32)> {
        (!vertices.is_empty()).then(|| {
            let buffer = self
                .device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some(label),
                    contents: bytemuck::cast_slice(vertices),
                    usage: wgpu::BufferUsages::VERTEX,
                });
            (buffer, vertices.len() as u32)
        })
    }

    /// The outline: each of a box's twelve edges as a thin beam (triangles, which every
    /// driver depth-tests alike, unlike lines), camera-relative.
    fn outline_buffer(
        &self,
        camera: &Camera,
        boxes: &[(DVec3, DVec3)],
    ) -> Option<(wgpu::Buffer, u32)> {
        const HALF_WIDTH: f64 = 0.01;
        // Grown so the beams stand clear of the faces they outline and win the depth test
        // against them on every driver.
        const GROW: f64 = 0.02;
        let mut points: Vec<[f32; 3]> = Vec::new();
        for &(min, max) in boxes {
            let (min, max) = (min - DVec3::splat(GROW), max + DVec3::splat(GROW));
            let corner = |i: usize| DVec3::select(upper(i), max, min);
            // Each edge once: from a corner to the next one along an axis (the axis's bit).
            for i in 0..8 {
                for bit in [1, 2, 4] {
                    if i & bit == 0 {
                        let (a, b) = (corner(i), corner(i | bit));
                        let grow = DVec3::splat(HALF_WIDTH);
                        beam(&mut points, camera, a.min(b) - grow, a.max(b) + grow);
                    }
                }
            }
        }
        self.vertex_buffer("outline", &points)
    }

    /// The view-projection matrix a scene would use on a `size` target (for tests).
    #[must_use]
    pub fn view_proj(scene: &Scene<'_>, size: (u32, u32)) -> Mat4 {
        Camera {
            aspect: size.0 as f32 / size.1.max(1) as f32,
            ..scene.camera
        }
        .view_proj()
    }
}

/// Draws every vertex of `vertices` (a buffer and its count, from
/// [`Renderer::vertex_buffer`]), if any, with `pipeline`.
pub(crate) fn draw_all(
    pass: &mut wgpu::RenderPass<'_>,
    pipeline: &wgpu::RenderPipeline,
    vertices: Option<&(wgpu::Buffer, u32)>,
) {
    if let Some((buffer, count)) = vertices {
        pass.set_pipeline(pipeline);
        pass.set_vertex_buffer(0, buffer.slice(..));
        pass.draw(0..*count, 0..1);
    }
}

/// A texture of `size` and `format` that one pass draws into and a later one reads (the
/// depth behind the water, the world's picture at a render scale), and its view.
pub(crate) fn drawn_and_read(
    device: &wgpu::Device,
    label: &str,
    size: (u32, u32),
    format: wgpu::TextureFormat,
) -> wgpu::TextureView {
    let texture = device.create_texture(&wgpu::TextureDescriptor {
        label: Some(label),
        size: wgpu::Extent3d {
            width: size.0,
            height: size.1,
            depth_or_array_layers: 1,
        },
        mip_level_count: 1,
        sample_count: 1,
        dimension: wgpu::TextureDimension::D2,
        format,
        usage: wgpu::TextureUsages::RENDER_ATTACHMENT | wgpu::TextureUsages::TEXTURE_BINDING,
        view_formats: &[],
    });
    texture.create_view(&wgpu::TextureViewDescriptor::default())
}

/// A pass's colour target: `view`, first loaded or cleared as `load` says, keeping what
/// is drawn.
pub(crate) const fn drawn_into(
    view: &wgpu::TextureView,
    load: wgpu::LoadOp<wgpu::Color>,
) -> Option<wgpu::RenderPassColorAttachment<'_>> {
    Some(wgpu::RenderPassColorAttachment {
        view,
        depth_slice: None,
        resolve_target: None,
        ops: wgpu::Operations {
            load,
            store: wgpu::StoreOp::Store,
        },
    })
}

/// Which coordinates of the unit cube's corner `i` ([`cube_corner`]) are 1: where a box's
/// corner `i` takes the box's maximum rather than its minimum.
fn upper(i: usize) -> BVec3 {
    BVec3::from(cube_corner(i).map(|c| c == 1))
}

/// Appends the twelve triangles of the box `min..max`, camera-relative.
fn beam(out: &mut Vec<[f32; 3]>, camera: &Camera, min: DVec3, max: DVec3) {
    let (a, b) = (camera.relative(min), camera.relative(max));
    let corner = |i: usize| Vec3::select(upper(i), b, a).to_array();
    // Each face as two triangles over cube corners.
    const FACES: [[usize; 4]; 6] = [
        [0, 2, 6, 4],
        [1, 3, 7, 5],
        [0, 1, 5, 4],
        [2, 3, 7, 6],
        [0, 1, 3, 2],
        [4, 5, 7, 6],
    ];
    for f in FACES {
        for i in [0, 1, 2, 0, 2, 3] {
            out.push(corner(f[i]));
        }
    }
}
