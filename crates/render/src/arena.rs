//! One vertex and one index buffer for many meshes: each mesh is a range of each, so a
//! pass binds the buffers once and draws mesh after mesh (with one indirect call, where
//! the GPU takes them: [`super::draws`]) instead of binding two buffers per mesh.
//!
//! The ranges come from a best-fit allocator that merges what is freed with its free
//! neighbours (`range-alloc`, wgpu's own). A mesh's indices are stored as they point into
//! the shared vertex buffer (its vertices' first place added), so no draw needs a base
//! vertex, which WebGL2 lacks. When a mesh does not fit, the buffers are made twice as
//! large and what they held is copied over on the GPU, in place, so no mesh moves; past the
//! largest page the device allows ([`vertex_limit`]) another *page* begins, with buffers of
//! its own. Pages never shrink: room freed is kept for the meshes that come next (the view
//! moves on, and its next chunks take the room the last ones left) until the store is
//! cleared.

use std::ops::Range;

use range_alloc::RangeAllocator;

use hewn_mesh::Vertex;

/// Vertices a page's vertex buffer first has room for (2 MiB), and indices, six for every
/// four vertices: about the meshes of a render distance of 4. Pages double as they fill.
const FIRST_VERTICES: u32 = 1 << 18;

/// Where one mesh lies in a [`MeshArena`]: its page, and its vertices and indices there,
/// counted in vertices and in indices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The page, for [`MeshArena::bind`].
    pub page: u32,
    /// Its vertices in the page's vertex buffer.
    pub vertices: Range<u32>,
    /// Its indices in the page's index buffer.
    pub indices: Range<u32>,
}

impl Placement {
    /// Bytes the mesh takes in the arena.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        u64::from(self.vertices.end - self.vertices.start) * size_of::<Vertex>() as u64
            + u64::from(self.indices.end - self.indices.start) * 4
    }
}

/// A vertex and an index buffer, and which of their ranges are free.
#[derive(Debug)]
struct Page {
    vertices: wgpu::Buffer,
    indices: wgpu::Buffer,
    vertex_room: RangeAllocator<u32>,
    index_room: RangeAllocator<u32>,
}

impl Page {
    fn new(device: &wgpu::Device, label: &str, vertices: u32) -> Self {
        Self {
            vertices: buffer(
                device,
                label,
                u64::from(vertices) * size_of::<Vertex>() as u64,
                wgpu::BufferUsages::VERTEX,
            ),
            // Apart from the vertices: WebGL2 binds no buffer as both.
            indices: buffer(
                device,
                label,
                u64::from(index_room(vertices)) * 4,
                wgpu::BufferUsages::INDEX,
            ),
            vertex_room: RangeAllocator::new(0..vertices),
            index_room: RangeAllocator::new(0..index_room(vertices)),
        }
    }

    /// Room for `vertices` and `indices` in this page as it stands, both or neither.
    fn take(&mut self, vertices: u32, indices: u32) -> Option<(Range<u32>, Range<u32>)> {
        let v = allocate(&mut self.vertex_room, vertices)?;
        match allocate(&mut self.index_room, indices) {
            Some(i) => Some((v, i)),
            None => {
                free(&mut self.vertex_room, v);
                None
            }
        }
    }

    /// Vertices its vertex buffer has room for, free or not.
    fn capacity(&self) -> u32 {
        self.vertex_room.initial_range().end
    }

    /// Makes the page's buffers hold `vertices` (and their share of indices), copying what
    /// they held to the same places in the new ones.
    fn grow(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, label: &str, vertices: u32) {
        let mut next = Self::new(device, label, vertices);
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("mesh arena growth"),
        });
        encoder.copy_buffer_to_buffer(&self.vertices, 0, &next.vertices, 0, self.vertices.size());
        encoder.copy_buffer_to_buffer(&self.indices, 0, &next.indices, 0, self.indices.size());
        // Writes queued for the old buffers run before this submission, and writes queued
        // after it for the new ones run after it, so nothing written is lost.
        queue.submit([encoder.finish()]);
        self.vertex_room.grow_to(vertices);
        self.index_room.grow_to(index_room(vertices));
        std::mem::swap(&mut self.vertices, &mut next.vertices);
        std::mem::swap(&mut self.indices, &mut next.indices);
    }
}

/// The least power of two not below `n`, or the largest `u32` power of two past it.
const fn power_of_two_at_least(n: u32) -> u32 {
    match n.checked_next_power_of_two() {
        Some(p) => p,
        None => 1 << 31,
    }
}

/// The most vertices a page may hold on this device: as many as its largest buffer holds
/// (a page's vertex buffer is the larger of its two), and no more than 2^24 where the
/// device cannot draw with indices past that (some GLES and older mobile drivers), since
/// a page's indices count from its first vertex.
#[must_use]
pub fn vertex_limit(adapter: &wgpu::Adapter, device: &wgpu::Device) -> u32 {
    let largest = device.limits().max_buffer_size / size_of::<Vertex>() as u64;
    let full_indices = adapter
        .get_downlevel_capabilities()
        .flags
        .contains(wgpu::DownlevelFlags::FULL_DRAW_INDEX_UINT32);
    let indexable = if full_indices {
        u64::from(u32::MAX)
    } else {
        1 << 24
    };
    u32::try_from(largest.min(indexable)).unwrap_or(u32::MAX)
}

/// `length` from `room`; nothing, at its start, for nothing (a mesh of models alone has
/// no vertices here).
fn allocate(room: &mut RangeAllocator<u32>, length: u32) -> Option<Range<u32>> {
    if length == 0 {
        return Some(0..0);
    }
    room.allocate_range(length).ok()
}

/// Gives `range` back to `room`.
fn free(room: &mut RangeAllocator<u32>, range: Range<u32>) {
    if !range.is_empty() {
        room.free_range(range);
    }
}

/// Indices for `vertices` vertices, six for each quad's four.
const fn index_room(vertices: u32) -> u32 {
    vertices / 2 * 3
}

fn buffer(
    device: &wgpu::Device,
    label: &str,
    size: u64,
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    device.create_buffer(&wgpu::BufferDescriptor {
        label: Some(label),
        size,
        usage: usage | wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    })
}

/// The meshes of one store (the near chunks, or the far view's sections) in shared buffers.
#[derive(Debug)]
pub struct MeshArena {
    label: &'static str,
    pages: Vec<Page>,
    /// Vertices the device's largest buffer holds: a page's vertex buffer is the larger of
    /// its two (8 bytes a vertex, against 6 bytes of indices).
    most_vertices: u32,
    /// Where new indices are assembled, their vertices' first place added.
    staging: Vec<u32>,
}

impl MeshArena {
    /// An arena with no page yet, whose pages hold at most `most_vertices` vertices
    /// ([`vertex_limit`]) unless one mesh needs more; `label` names its buffers.
    #[must_use]
    pub fn new(label: &'static str, most_vertices: u32) -> Self {
        Self {
            label,
            pages: Vec::new(),
            most_vertices: most_vertices.max(4),
            staging: Vec::new(),
        }
    }

    /// Writes a mesh of `vertices` and `indices` (which count from its first vertex) into
    /// the arena: in the first page with room, else in the last page grown, else in a new
    /// page.
    pub fn place(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        vertices: &[Vertex],
        indices: &[u32],
    ) -> Placement {
        let (count, index_count) = (vertices.len() as u32, indices.len() as u32);
        if count == 0 && index_count == 0 {
            // A chunk of torches alone: nothing here, and no page made for it.
            return Placement {
                page: 0,
                vertices: 0..0,
                indices: 0..0,
            };
        }
        let found = self
            .pages
            .iter_mut()
            .enumerate()
            .find_map(|(i, page)| Some((i, page.take(count, index_count)?)));
        let (page, (vertex_range, index_range)) =
            found.unwrap_or_else(|| self.make_room(device, queue, count, index_count));
        let target = &self.pages[page];
        queue.write_buffer(
            &target.vertices,
            u64::from(vertex_range.start) * size_of::<Vertex>() as u64,
            bytemuck::cast_slice(vertices),
        );
        self.staging.clear();
        self.staging
            .extend(indices.iter().map(|i| i + vertex_range.start));
        queue.write_buffer(
            &target.indices,
            u64::from(index_range.start) * 4,
            bytemuck::cast_slice(&self.staging),
        );
        Placement {
            page: page as u32,
            vertices: vertex_range,
            indices: index_range,
        }
    }

    /// Room for a mesh no page has room for: the last page grown, if it may grow and then
    /// holds it, else a new page.
    fn make_room(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        count: u32,
        index_count: u32,
    ) -> (usize, (Range<u32>, Range<u32>)) {
        // Vertices enough that the indices fit too, whatever their ratio.
        let needed = count.max(index_count.div_ceil(3) * 2);
        if let Some(last) = self.pages.last_mut()
            && last.capacity() < self.most_vertices
        {
            let size = last
                .capacity()
                .saturating_mul(2)
                .max(power_of_two_at_least(
                    last.capacity().saturating_add(needed),
                ))
                .min(self.most_vertices);
            last.grow(device, queue, self.label, size);
            if let Some(taken) = last.take(count, index_count) {
                return (self.pages.len() - 1, taken);
            }
        }
        let size = FIRST_VERTICES
            .max(power_of_two_at_least(needed))
            .min(self.most_vertices.max(needed));
        let mut page = Page::new(device, self.label, size);
        let taken = page
            .take(count, index_count)
            .expect("a new page has room for the mesh it was sized for");
        self.pages.push(page);
        (self.pages.len() - 1, taken)
    }

    /// Frees what `placement` took, for other meshes; it must come from this arena since
    /// it was last cleared.
    pub(crate) fn free(&mut self, placement: &Placement) {
        if let Some(page) = self.pages.get_mut(placement.page as usize) {
            free(&mut page.vertex_room, placement.vertices.clone());
            free(&mut page.index_room, placement.indices.clone());
        }
    }

    /// Rewrites part of a mesh's indices: `indices` (counting from its first vertex) from its
    /// `at`-th index on.
    pub fn rewrite_indices(
        &mut self,
        queue: &wgpu::Queue,
        placement: &Placement,
        at: u32,
        indices: &[u32],
    ) {
        let Some(page) = self.pages.get(placement.page as usize) else {
            return;
        };
        self.staging.clear();
        let base = placement.vertices.start;
        self.staging.extend(indices.iter().map(|i| i + base));
        queue.write_buffer(
            &page.indices,
            u64::from(placement.indices.start + at) * 4,
            bytemuck::cast_slice(&self.staging),
        );
    }

    /// Drops every page, once every mesh placed here is dropped.
    pub(crate) fn clear(&mut self) {
        self.pages.clear();
    }

    /// Binds page `page`'s buffers: its vertices as vertex buffer 0, and its indices.
    pub fn bind(&self, pass: &mut wgpu::RenderPass<'_>, page: u32) {
        if let Some(page) = self.pages.get(page as usize) {
            pass.set_vertex_buffer(0, page.vertices.slice(..));
            pass.set_index_buffer(page.indices.slice(..), wgpu::IndexFormat::Uint32);
        }
    }

    /// How many pages it has, and bytes their buffers take together.
    #[must_use]
    pub fn size(&self) -> (usize, u64) {
        let bytes = self
            .pages
            .iter()
            .map(|p| p.vertices.size() + p.indices.size())
            .sum();
        (self.pages.len(), bytes)
    }
}

#[cfg(test)]
mod tests;
