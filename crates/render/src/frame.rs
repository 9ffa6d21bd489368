//! A frame of the world: the globals every pipeline reads, the depth buffer, and the two
//! passes that draw the world, then its translucent faces and overlays over it
//! ([`Renderer::render`]).

use std::collections::BTreeSet;

use bytemuck::{Pod, Zeroable};

use super::draws::Batch;
use super::far::FarVisible;
use super::pipelines::DEPTH_FORMAT;
use super::scale::scaled_size;
use super::sky;
use super::{Renderer, Scene, atlas, draw_all, drawn_and_read, drawn_into, figures, hand, hud};
use hewn_core::world::coarse::SectionPos;
use hewn_core::world::{ChunkPos, ColumnPos};
use hewn_mesh::Pass;
use hewn_mesh::camera::{Camera, Frustum};

/// What every pipeline reads in group 0 for a frame: the camera, the sky's colours and the
/// sun, the fog and the picture's size, the eye's place in its cell and the clouds.
#[repr(C)]
#[derive(Clone, Copy, Debug, Pod, Zeroable)]
pub(crate) struct Globals {
    view_proj: [[f32; 4]; 4],
    inv_view_proj: [[f32; 4]; 4],
    sky_zenith: [f32; 4],
    sky_horizon: [f32; 4],
    fog_screen: [f32; 4],
    sun: [f32; 4],
    sky_light: [f32; 4],
    glow: [f32; 4],
    water: [f32; 4],
    eye_in_cell: [f32; 4],
    clouds: [f32; 4],
}

/// A frame's batches of chunks and far sections, pass by pass, in the order they are drawn.
struct MeshDraws {
    opaque: Vec<Batch<ChunkPos>>,
    far: Vec<Batch<SectionPos>>,
    cutout: Vec<Batch<ChunkPos>>,
    far_water: Vec<Batch<SectionPos>>,
    ring_water: Vec<Batch<SectionPos>>,
    translucent: Vec<Batch<ChunkPos>>,
}

/// The depth buffer, and the bind group through which the translucent faces read it.
pub(crate) struct Depth {
    size: (u32, u32),
    view: wgpu::TextureView,
    group: wgpu::BindGroup,
}

impl Renderer {
    /// `srgb` in the space this renderer's target holds, with `w` as the fourth value.
    fn colour(&self, srgb: [f32; 3], w: f32) -> [f32; 4] {
        let c = if self.format.is_srgb() {
            srgb.map(|c| atlas::srgb_to_linear(f64::from(c)) as f32)
        } else {
            srgb
        };
        [c[0], c[1], c[2], w]
    }

    fn depth(&mut self, size: (u32, u32)) -> (wgpu::TextureView, wgpu::BindGroup) {
        if let Some(depth) = self.depth.as_ref().filter(|d| d.size == size) {
            return (depth.view.clone(), depth.group.clone());
        }
        let view = drawn_and_read(&self.device, "depth", size, DEPTH_FORMAT);
        // Nearest, at texel centres: each pixel reads its own texel's depth, as a load would.
        let sampler = self.device.create_sampler(&wgpu::SamplerDescriptor {
            label: Some("scene depth"),
            ..Default::default()
        });
        let group = self.device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("scene depth"),
            layout: &self.pipelines.scene_depth_layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(&view),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&sampler),
                },
            ],
        });
        self.depth = Some(Depth {
            size,
            view: view.clone(),
            group: group.clone(),
        });
        (view, group)
    }

    /// Draws `scene` into `texture`, of `size` and this renderer's format, which must allow
    /// views of [`Renderer::menu_format`] for the menus.
    pub fn render(&mut self, texture: &wgpu::Texture, size: (u32, u32), scene: &Scene<'_>) {
        self.follow_content();
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        // The world's picture: the target itself, or at a render scale below 1 a smaller
        // one stretched over it at the end.
        let world_size = scaled_size(size, self.render_scale);
        let undersampled = world_size != size;
        let target = &if undersampled {
            self.undersampling
                .picture(&self.device, self.format, world_size)
        } else {
            view.clone()
        };
        let near = Camera {
            aspect: size.0 as f32 / size.1.max(1) as f32,
            ..scene.camera
        };
        // The far plane beyond the far view's reach, where its corners lie.
        let camera = Camera {
            far: near.far.max(scene.far.reach * std::f32::consts::SQRT_2),
            ..near
        };
        let view_proj = camera.view_proj();
        let sky = sky::Sky::at(scene.time);
        let globals = Globals {
            view_proj: view_proj.to_cols_array_2d(),
            inv_view_proj: view_proj.inverse().to_cols_array_2d(),
            sky_zenith: self.colour(sky.zenith, 1.0),
            sky_horizon: self.colour(sky.horizon, 1.0),
            fog_screen: [
                scene.fog.0,
                scene.fog.1,
                world_size.0 as f32,
                world_size.1 as f32,
            ],
            sun: sky.sun.extend(sky.daylight).to_array(),
            sky_light: self.colour(sky.light_tint, scene.brightness.clamp(0.0, 1.0)),
            glow: self.colour(sky.glow, sky.stars),
            water: self.colour(sky.underwater(), f32::from(u8::from(scene.underwater))),
            eye_in_cell: camera.eye_in_cell().extend(0.0).to_array(),
            clouds: sky::clouds_at(camera.eye, scene.time, scene.clouds),
        };
        self.queue
            .write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        if undersampled {
            let overlay = Globals {
                fog_screen: [scene.fog.0, scene.fog.1, size.0 as f32, size.1 as f32],
                ..globals
            };
            self.queue
                .write_buffer(&self.undersampling.globals, 0, bytemuck::bytes_of(&overlay));
        }
        let frustum = Frustum::new(view_proj);
        let visible =
            self.chunks
                .prepare(&self.device, &self.queue, &near, &frustum, scene.far.hidden);
        let far = self.far.prepare(
            &self.device,
            &self.queue,
            &camera,
            &frustum,
            scene.far.sections,
            |pos| {
                let span = f64::from(pos.span());
                self.chunks
                    .may_show_beyond(pos.min_block().min_corner(), span)
            },
        );
        let boxes = self.box_buffer(&camera, &frustum, scene.boxes);
        let items = self.item_buffer(&camera, &frustum, scene);
        let mut bodies = figures::bodies(&camera, &frustum, scene.figures);
        if let Some(player) = scene.hand {
            bodies.extend(hand::arm(player, &camera));
        }
        let bodies = self.vertex_buffer("figures", &bodies);
        let seen = (&camera, &frustum);
        self.creatures
            .prepare(&self.device, &self.queue, seen, scene.creatures);
        let tags = self.vertex_buffer("name tags", &figures::tags(&camera, scene.figures));
        let lines = self.outline_buffer(&camera, scene.outline);
        let hud_vertices = scene
            .hud
            .map(|h| hud::build(h, size.0 as f32, size.1 as f32))
            .unwrap_or_default();
        let hud = self.vertex_buffer("hud", &hud_vertices);
        let (depth, depth_group) = self.depth(world_size);
        let mut encoder = self
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                label: Some("frame"),
            });
        let [opaque, cutout, translucent] = &self.pipelines.sampled;
        let translucent_pipelines = if scene.underwater {
            let [vertex, sampled] = &self.pipelines.translucent_from_within;
            [vertex, sampled]
        } else {
            [&self.pipelines.translucent, translucent]
        };
        // Every pass's commands, worked out before the passes and uploaded at once. Far
        // water first, back to front: beyond the render distance, then the coarse ring's,
        // which stands in for the chunks that would have drawn it.
        let commands = &mut self.commands;
        commands.clear();
        let (ring, beyond): (Vec<FarVisible>, Vec<FarVisible>) =
            far.iter().partition(|v| in_ring(v.pos(), scene.far.hidden));
        let draws = MeshDraws {
            opaque: self.chunks.batches(&visible, Pass::Opaque, commands),
            far: self.far.batches(&far, Pass::Opaque, commands),
            cutout: self.chunks.batches(&visible, Pass::Cutout, commands),
            far_water: self.far.batches(&beyond, Pass::Translucent, commands),
            ring_water: self.far.batches(&ring, Pass::Translucent, commands),
            translucent: self.chunks.batches(&visible, Pass::Translucent, commands),
        };
        commands.upload(&self.device, &self.queue);
        // Two passes: the second reads the depth the first wrote (water looks through it to
        // see how deep it is), so there the depth buffer is bound read-only.
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("world"),
                color_attachments: &[drawn_into(target, wgpu::LoadOp::Clear(wgpu::Color::BLACK))],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: &depth,
                    depth_ops: Some(wgpu::Operations {
                        // Reversed depth: 0 is the far plane (see `Camera::view_proj`).
                        load: wgpu::LoadOp::Clear(0.0),
                        store: wgpu::StoreOp::Store,
                    }),
                    stencil_ops: None,
                }),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_bind_group(0, &self.globals_group, &[]);
            let commands = &mut self.commands;
            let pipelines = [&self.pipelines.opaque, opaque];
            self.chunks
                .draw(&mut pass, &draws.opaque, commands, pipelines);
            // Behind the near chunks, so they hide it from the depth test before it is shaded.
            self.far
                .draw(&mut pass, &draws.far, commands, &self.pipelines.far);
            let pipelines = [&self.pipelines.cutout, cutout];
            self.chunks
                .draw(&mut pass, &draws.cutout, commands, pipelines);
            pass.set_pipeline(&self.pipelines.models);
            self.chunks.draw_models(&mut pass, &visible);
            draw_all(&mut pass, &self.pipelines.boxes, boxes.as_ref());
            draw_all(&mut pass, &self.pipelines.items, items.as_ref());
            draw_all(&mut pass, &self.pipelines.figures, bodies.as_ref());
            self.creatures.draw(&mut pass, &self.pipelines.creatures);
            // The sky after the opaque world, so that the depth test spares the pixels the
            // world covers; before water and glass, which blend over it.
            self.pipelines.sky.draw(&mut pass, sky.stars);
        }
        {
            let mut pass = encoder.begin_render_pass(&wgpu::RenderPassDescriptor {
                label: Some("translucent and overlays"),
                color_attachments: &[drawn_into(target, wgpu::LoadOp::Load)],
                depth_stencil_attachment: Some(wgpu::RenderPassDepthStencilAttachment {
                    view: &depth,
                    // Read-only, so that the same texture can be read by the shader.
                    depth_ops: None,
                    stencil_ops: None,
                }),
                timestamp_writes: None,
                occlusion_query_set: None,
                multiview_mask: None,
            });
            pass.set_bind_group(0, &self.globals_group, &[]);
            // Last of the world, so water and glass blend over everything behind them.
            pass.set_bind_group(1, &depth_group, &[]);
            let commands = &mut self.commands;
            let far_water = &self.pipelines.far_water;
            self.far
                .draw(&mut pass, &draws.far_water, commands, far_water);
            let ring_water = &self.pipelines.ring_water;
            self.far
                .draw(&mut pass, &draws.ring_water, commands, ring_water);
            let translucent = &draws.translucent;
            self.chunks
                .draw(&mut pass, translucent, commands, translucent_pipelines);
            // After water and glass: a tag writes no depth, so they would be drawn over it.
            draw_all(&mut pass, &self.pipelines.tags, tags.as_ref());
            draw_all(&mut pass, &self.pipelines.lines, lines.as_ref());
            draw_all(
                &mut pass,
                &self.pipelines.hud,
                hud.as_ref().filter(|_| !undersampled),
            );
        }
        if undersampled {
            self.undersampling.finish(&mut encoder, &view, hud.as_ref());
        }
        self.queue.submit([encoder.finish()]);
        if let Some(menus) = scene.menus {
            let menu_view = texture.create_view(&wgpu::TextureViewDescriptor {
                format: Some(self.menu_format()),
                ..Default::default()
            });
            self.draw_menus(&menu_view, size, menus);
        }
    }
}

/// Whether the section at `pos` is the coarse ring's: of level 1, standing in for chunks of
/// the near view (`hidden`) in one of the 2 × 2 chunk columns it spans.
fn in_ring(pos: SectionPos, hidden: Option<&BTreeSet<ColumnPos>>) -> bool {
    let low = pos.min_block().chunk().column();
    pos.level == 1
        && hidden.is_some_and(|hidden| {
            (0..4).any(|i| hidden.contains(&ColumnPos::new(low.x + i % 2, low.z + i / 2)))
        })
}
