//! What the benches that look at the world share: the meshes around a view and the game's
//! camera on it. Included by the benches that use it.

use std::collections::HashMap;

use glam::DVec3;
use hewn_client::tuning::LOAD_MARGIN;
use hewn_core::world::coords::WORLD_HEIGHT_CHUNKS;
use hewn_core::world::{BlockPos, CHUNK_SIZE, ChunkPos, World};
use hewn_mesh::{ChunkMesh, Leaves, Neighbourhood, Shading};
use hewn_render::Camera;

/// One view of the world.
pub struct View {
    /// What the tables call it.
    pub name: &'static str,
    /// The render distance, in chunks.
    pub render_distance: i32,
    /// Where the eye is.
    pub eye: DVec3,
    /// Degrees clockwise from north.
    pub yaw: f64,
    /// Degrees above the horizon.
    pub pitch: f64,
}

impl View {
    /// The game's camera on the view, at its default field of view in a 1280 × 720 window.
    pub fn camera(&self) -> Camera {
        Camera {
            eye: self.eye,
            yaw: self.yaw,
            pitch: self.pitch,
            fov_y: 70.0,
            aspect: 1280.0 / 720.0,
            far: ((self.render_distance + LOAD_MARGIN) * CHUNK_SIZE) as f32,
        }
    }
}

/// The meshes of every chunk within `render_distance` columns of the chunk at `feet`, as
/// the game meshes them, with leaves drawn and light worked out as `style` says.
pub fn meshes_around(
    world: &mut World,
    feet: DVec3,
    render_distance: i32,
    (leaves, shading): (Leaves, Shading),
) -> HashMap<ChunkPos, ChunkMesh> {
    let centre = BlockPos::containing(feet).chunk();
    let reach = render_distance + LOAD_MARGIN;
    for column in centre.column().around(reach) {
        world.load_column(column);
    }
    let mut meshes = HashMap::new();
    for dz in -render_distance..=render_distance {
        for dx in -render_distance..=render_distance {
            if dx * dx + dz * dz > render_distance * render_distance {
                continue;
            }
            for y in 0..WORLD_HEIGHT_CHUNKS {
                let pos = ChunkPos::new(centre.x + dx, y, centre.z + dz);
                let mut mesh = ChunkMesh::default();
                let mut input = Neighbourhood::from_world(world, pos);
                input.set_leaves(leaves);
                input.set_shading(shading);
                mesh.build(&input);
                meshes.insert(pos, mesh);
            }
        }
    }
    meshes
}
