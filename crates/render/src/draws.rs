//! A frame's draws of meshes, worked out before its passes begin: one command per run of a
//! mesh's index buffer, grouped into *batches* that share a page of the shared buffers and
//! a pipeline, and drawn one batch to a call where the GPU takes indirect draws
//! ([`DrawPath::Indirect`]): many meshes, one `multi_draw_indexed_indirect`, with no
//! buffer or bind group changed between them. Elsewhere (WebGL2, or an adapter that cannot
//! start an indirect draw at an instance other than the first) the same commands are drawn
//! one call each ([`DrawPath::Direct`]), in the same order, so the pictures are the same.
//!
//! Each command's first instance picks its mesh's place in the frame
//! ([`super::meshes::MeshSlots`]), which is how one call draws meshes at many places.

use std::ops::Range;

use wgpu::util::DrawIndexedIndirectArgs;

/// How a frame's mesh commands reach the GPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawPath {
    /// A batch to a call, from a buffer of commands.
    Indirect,
    /// A command to a call.
    Direct,
}

impl DrawPath {
    /// The best way `adapter` and `device` allow: indirect where the device draws from a
    /// buffer of commands that start at instances of their own.
    #[must_use]
    pub fn best(adapter: &wgpu::Adapter, device: &wgpu::Device) -> Self {
        let indirect = adapter
            .get_downlevel_capabilities()
            .flags
            .contains(wgpu::DownlevelFlags::INDIRECT_EXECUTION);
        let first_instance = device
            .features()
            .contains(wgpu::Features::INDIRECT_FIRST_INSTANCE);
        if indirect && first_instance {
            Self::Indirect
        } else {
            Self::Direct
        }
    }
}

/// Consecutive commands drawn with one page's buffers and one pipeline: those of meshes lit
/// by their vertices, or those of one mesh lit from its light volume, `Some(key)` naming it
/// in its store.
#[derive(Clone, Debug)]
pub struct Batch<K> {
    /// The arena page whose buffers the commands draw from.
    pub page: u32,
    /// The mesh whose light volume the commands need, for those lit in the shader.
    pub sampled: Option<K>,
    /// Its commands in the frame's [`DrawCommands`].
    pub commands: Range<u32>,
}

/// Batches of a pass, as they are built: a command joins the last batch where it may.
#[derive(Debug)]
pub struct Batches<K> {
    /// The batches, in the order they are drawn.
    pub list: Vec<Batch<K>>,
}

impl<K: Copy + PartialEq> Batches<K> {
    /// No batch yet.
    #[must_use]
    pub const fn new() -> Self {
        Self { list: Vec::new() }
    }

    /// Adds `args` to the frame's `commands`, in the last batch if it draws from the same
    /// page with the same light, else in a new one.
    pub fn push(
        &mut self,
        commands: &mut DrawCommands,
        page: u32,
        sampled: Option<K>,
        args: DrawIndexedIndirectArgs,
    ) {
        let at = commands.args.len() as u32;
        commands.args.push(args);
        match self.list.last_mut() {
            Some(last)
                if last.page == page && last.sampled == sampled && last.commands.end == at =>
            {
                last.commands.end += 1;
            }
            _ => self.list.push(Batch {
                page,
                sampled,
                commands: at..at + 1,
            }),
        }
    }
}

impl<K: Copy + PartialEq> Default for Batches<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// A frame's commands, every pass's, and the buffer the GPU reads them from.
#[derive(Debug)]
pub struct DrawCommands {
    path: DrawPath,
    /// The best path the device allows, which [`DrawCommands::set_path`] cannot pass.
    best: DrawPath,
    args: Vec<DrawIndexedIndirectArgs>,
    /// The commands as the GPU reads them.
    bytes: Vec<u8>,
    buffer: Option<wgpu::Buffer>,
    /// Calls the last frame made to draw its commands.
    calls: usize,
    /// Commands the last frame drew.
    drawn: usize,
}

impl DrawCommands {
    /// None yet, to be drawn by `best`, the best path the device allows ([`DrawPath::best`]).
    #[must_use]
    pub const fn new(best: DrawPath) -> Self {
        Self {
            path: best,
            best,
            args: Vec::new(),
            bytes: Vec::new(),
            buffer: None,
            calls: 0,
            drawn: 0,
        }
    }

    /// How the commands reach the GPU.
    #[must_use]
    pub const fn path(&self) -> DrawPath {
        self.path
    }

    /// Draws by `path` from the next frame on (tests compare the two ways' pictures), or
    /// directly where the device draws no other way.
    pub fn set_path(&mut self, path: DrawPath) {
        self.path = if path == DrawPath::Indirect {
            self.best
        } else {
            DrawPath::Direct
        };
    }

    /// Forgets the last frame's commands, before a frame's are built.
    pub fn clear(&mut self) {
        self.args.clear();
        self.calls = 0;
        self.drawn = 0;
    }

    /// Writes the frame's commands where the GPU reads them, when it draws indirectly.
    pub fn upload(&mut self, device: &wgpu::Device, queue: &wgpu::Queue) {
        if self.path != DrawPath::Indirect || self.args.is_empty() {
            return;
        }
        self.bytes.clear();
        for args in &self.args {
            self.bytes.extend_from_slice(args.as_bytes());
        }
        let size = self.bytes.len() as u64;
        if self.buffer.as_ref().is_none_or(|b| b.size() < size) {
            self.buffer = Some(device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("mesh draws"),
                size: size.next_power_of_two(),
                usage: wgpu::BufferUsages::INDIRECT | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }));
        }
        if let Some(buffer) = &self.buffer {
            queue.write_buffer(buffer, 0, &self.bytes);
        }
    }

    /// Draws `commands` with the pipeline, buffers and groups set: in one call where the
    /// frame's commands were uploaded for the GPU to read, else a call each.
    pub fn draw(&mut self, pass: &mut wgpu::RenderPass<'_>, commands: Range<u32>) {
        let count = commands.end - commands.start;
        self.drawn += count as usize;
        match (&self.buffer, self.path) {
            (Some(buffer), DrawPath::Indirect) => {
                let stride = size_of::<DrawIndexedIndirectArgs>() as u64;
                pass.multi_draw_indexed_indirect(buffer, u64::from(commands.start) * stride, count);
                self.calls += 1;
            }
            _ => {
                for a in &self.args[commands.start as usize..commands.end as usize] {
                    let indices = a.first_index..a.first_index + a.index_count;
                    let instances = a.first_instance..a.first_instance + a.instance_count;
                    pass.draw_indexed(indices, a.base_vertex, instances);
                }
                self.calls += count as usize;
            }
        }
    }

    /// Commands the last frame drew, and in how many calls.
    #[must_use]
    pub const fn counts(&self) -> (usize, usize) {
        (self.drawn, self.calls)
    }
}
