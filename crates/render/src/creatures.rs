//! Creatures for one frame: all creatures of one shape (a kind's model and size) in one
//! instanced draw.
//!
//! Each shape's unposed figure ([`ShapeMesh`]) is uploaded once, the first frame a creature
//! of it is in view, and kept: there are as many shapes as kinds. Each frame the creatures
//! in the view frustum become [`CreatureInstance`]s, grouped by shape into one instance
//! buffer (grown when it is too small, else rewritten), and each shape is drawn once over its
//! range of it; `shaders/creatures.wgsl` poses every corner. A frame with no creature in
//! view writes nothing and draws nothing.
//!
//! On lavapipe, whose vertex pipeline runs on the CPU once per instance, about half of what
//! creatures cost is that fixed price per instance and half their triangles
//! (`benches/creatures.rs`); hence boxes of eight shared corners, without the faces no pose
//! shows.

use std::ops::Range;

use wgpu::util::DeviceExt;

use super::camera::{Camera, Frustum};
use hewn_mesh::creature::{CreatureFigure, CreatureInstance, CreatureVertex, Shape, ShapeMesh};

/// The creature pipeline's two vertex buffers: a shape's corners, stepped per vertex, and
/// the creatures, stepped per instance.
pub const BUFFERS: [Option<wgpu::VertexBufferLayout<'static>>; 2] = [
    Some(wgpu::VertexBufferLayout {
        array_stride: size_of::<CreatureVertex>() as u64,
        step_mode: wgpu::VertexStepMode::Vertex,
        attributes: &wgpu::vertex_attr_array![
            0 => Float32x3, 1 => Float32x3, 2 => Float32x2, 3 => Uint32
        ],
    }),
    Some(wgpu::VertexBufferLayout {
        array_stride: size_of::<CreatureInstance>() as u64,
        step_mode: wgpu::VertexStepMode::Instance,
        attributes: &wgpu::vertex_attr_array![
            4 => Float32x3, 5 => Float32, 6 => Float32x3, 7 => Float32, 8 => Float32x2,
            9 => Float32, 10 => Uint32x4, 11 => Uint32x2, 12 => Uint32x3
        ],
    }),
];

/// The instances of one shape: an index into the shapes seen so far and a range of the
/// frame's instances.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Batch {
    /// Which shape.
    pub shape: usize,
    /// Which instances.
    pub instances: Range<u32>,
}

/// Fills `instances` with the creatures of `figures` whose reach is in `frustum`, grouped
/// by shape, and `batches` with one batch per shape among them; `shapes` gains each shape
/// not in it yet.
pub fn batch(
    camera: &Camera,
    frustum: &Frustum,
    figures: &[CreatureFigure],
    shapes: &mut Vec<Shape>,
    instances: &mut Vec<CreatureInstance>,
    batches: &mut Vec<Batch>,
) {
    instances.clear();
    batches.clear();
    let mut seen: Vec<(usize, CreatureInstance)> = Vec::new();
    for f in figures {
        let (min, max) = f.reach();
        if !frustum.intersects_box(
            camera.relative(f.position + min),
            camera.relative(f.position + max),
        ) {
            continue;
        }
        let shape = Shape::of(f);
        // A few kinds, so a look along the list beats hashing floats.
        let index = shapes.iter().position(|s| *s == shape).unwrap_or_else(|| {
            shapes.push(shape);
            shapes.len() - 1
        });
        seen.push((index, CreatureInstance::of(f, camera.eye)));
    }
    seen.sort_by_key(|(shape, _)| *shape);
    for (shape, instance) in seen {
        // At most one a creature of the world, under u32's reach.
        let at = u32::try_from(instances.len()).unwrap_or(u32::MAX);
        match batches.last_mut() {
            Some(last) if last.shape == shape => last.instances.end = at + 1,
            _ => batches.push(Batch {
                shape,
                instances: at..at + 1,
            }),
        }
        instances.push(instance);
    }
}

/// One shape's figure on the GPU.
struct ShapeBuffers {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    count: u32,
}

/// The shapes' figures on the GPU and the frame's instances.
#[derive(Default)]
pub struct CreatureStore {
    /// Every shape seen so far; `buffers` holds each one's figure, in the same order.
    shapes: Vec<Shape>,
    buffers: Vec<ShapeBuffers>,
    /// The frame's instances, kept to be reused.
    instances: Vec<CreatureInstance>,
    /// Their buffer, grown as needed, and its size in instances.
    instance_buffer: Option<(wgpu::Buffer, usize)>,
    /// The frame's batches.
    batches: Vec<Batch>,
}

impl std::fmt::Debug for CreatureStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CreatureStore")
            .field("shapes", &self.shapes.len())
            .field("batches", &self.batches)
            .finish_non_exhaustive()
    }
}

impl CreatureStore {
    /// Works out the frame's creatures in view and uploads them, with the figures of shapes
    /// not seen before.
    pub fn prepare(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        (camera, frustum): (&Camera, &Frustum),
        figures: &[CreatureFigure],
    ) {
        batch(
            camera,
            frustum,
            figures,
            &mut self.shapes,
            &mut self.instances,
            &mut self.batches,
        );
        for shape in &self.shapes[self.buffers.len()..] {
            let ShapeMesh { vertices, indices } = shape.mesh();
            let buffer = |label, contents: &[u8], usage| {
                device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some(label),
                    contents,
                    usage,
                })
            };
            self.buffers.push(ShapeBuffers {
                vertices: buffer(
                    "creature shape",
                    bytemuck::cast_slice(&vertices),
                    wgpu::BufferUsages::VERTEX,
                ),
                indices: buffer(
                    "creature shape indices",
                    bytemuck::cast_slice(&indices),
                    wgpu::BufferUsages::INDEX,
                ),
                count: u32::try_from(indices.len()).unwrap_or(0),
            });
        }
        if self.instances.is_empty() {
            return;
        }
        let room = self.instance_buffer.as_ref().map_or(0, |(_, n)| *n);
        if room < self.instances.len() {
            let n = self.instances.len().next_power_of_two().max(64);
            let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("creatures"),
                size: (n * size_of::<CreatureInstance>()) as u64,
                usage: wgpu::BufferUsages::VERTEX | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
            self.instance_buffer = Some((buffer, n));
        }
        if let Some((buffer, _)) = &self.instance_buffer {
            queue.write_buffer(buffer, 0, bytemuck::cast_slice(&self.instances));
        }
    }

    /// Draws the creatures [`Self::prepare`] found, a draw per shape, with `pipeline`.
    pub fn draw(&self, pass: &mut wgpu::RenderPass<'_>, pipeline: &wgpu::RenderPipeline) {
        let Some((instances, _)) = self.instance_buffer.as_ref() else {
            return;
        };
        if self.batches.is_empty() {
            return;
        }
        pass.set_pipeline(pipeline);
        pass.set_vertex_buffer(1, instances.slice(..));
        for batch in &self.batches {
            let shape = &self.buffers[batch.shape];
            pass.set_vertex_buffer(0, shape.vertices.slice(..));
            pass.set_index_buffer(shape.indices.slice(..), wgpu::IndexFormat::Uint16);
            pass.draw_indexed(0..shape.count, 0, batch.instances.clone());
        }
    }

    /// How many creatures the last frame drew.
    #[must_use]
    pub fn drawn(&self) -> usize {
        self.instances.len()
    }
}

#[cfg(test)]
mod tests {
    use glam::DVec3;

    use super::*;
    use hewn_core::sim::creature::Model;

    fn creature(model: Model, height: f64, x: f64, z: f64) -> CreatureFigure {
        CreatureFigure {
            model,
            width: 0.9,
            height,
            position: DVec3::new(x, 64.0, z),
            ..CreatureFigure::of_kind(0, 0).expect("the base pack's first kind")
        }
    }

    fn camera() -> Camera {
        Camera {
            eye: DVec3::new(0.0, 65.62, 0.0),
            yaw: 0.0,
            pitch: 0.0,
            fov_y: 70.0,
            aspect: 1.6,
            far: 96.0,
        }
    }

    #[test]
    fn creatures_in_view_are_grouped_by_shape_and_those_out_of_it_left_out() {
        let camera = camera();
        let frustum = Frustum::new(camera.view_proj());
        let figures = [
            creature(Model::Quadruped, 1.3, -1.0, -5.0),
            creature(Model::Biped, 1.95, 0.0, -6.0),
            // Behind the eye, looking north.
            creature(Model::Quadruped, 1.3, 0.0, 10.0),
            creature(Model::Quadruped, 1.3, 1.0, -5.0),
            creature(Model::Quadruped, 0.9, 2.0, -5.0),
        ];
        let (mut shapes, mut instances, mut batches) = (Vec::new(), Vec::new(), Vec::new());
        let mut frame = |shapes: &mut Vec<Shape>| {
            batch(
                &camera,
                &frustum,
                &figures,
                shapes,
                &mut instances,
                &mut batches,
            );
            (instances.len(), batches.clone())
        };
        let (drawn, first) = frame(&mut shapes);
        assert_eq!(drawn, 4);
        assert_eq!(
            shapes.len(),
            3,
            "a sheep-sized and a pig-sized quadruped and a biped"
        );
        let ranges: Vec<(usize, Range<u32>)> = first
            .iter()
            .map(|b| (b.shape, b.instances.clone()))
            .collect();
        assert_eq!(ranges, [(0, 0..2), (1, 2..3), (2, 3..4)]);
        // The next frame finds the same shapes where they were.
        assert_eq!(frame(&mut shapes).1, first);
        assert_eq!(shapes.len(), 3);
        // No creatures, no batches.
        batch(
            &camera,
            &frustum,
            &[],
            &mut shapes,
            &mut instances,
            &mut batches,
        );
        assert!(instances.is_empty() && batches.is_empty());
    }
}
