//! The arena on a real device: meshes written where their placements say, indices pointing
//! into the shared vertices, room reused, pages grown without moving a mesh, and a new page
//! past the limit.

use super::*;
use crate::Gpu;

/// The device, or `None` (the reason printed) where there is no adapter; with
/// `HEWN_REQUIRE_GPU=1` a missing adapter fails instead.
fn gpu_or_skip() -> Option<Gpu> {
    match Gpu::new(&Gpu::instance(), None) {
        Ok(gpu) => Some(gpu),
        Err(e) if std::env::var("HEWN_REQUIRE_GPU").is_ok_and(|v| v == "1") => {
            panic!("HEWN_REQUIRE_GPU=1 but {e}")
        }
        Err(e) => {
            println!("skipping a test on the GPU: {e}");
            None
        }
    }
}

/// A mesh of `quads` quads whose vertices all carry `mark`, with a quad's six indices.
fn mesh(quads: u32, mark: u32) -> (Vec<Vertex>, Vec<u32>) {
    let vertices = (0..quads * 4)
        .map(|i| Vertex {
            packed: mark,
            surface: i,
        })
        .collect();
    let indices = (0..quads)
        .flat_map(|q| [0, 1, 2, 2, 3, 0].map(|c| q * 4 + c))
        .collect();
    (vertices, indices)
}

/// The bytes of `buffer` from `start` for `length` bytes, read back.
fn read(gpu: &Gpu, buffer: &wgpu::Buffer, start: u64, length: u64) -> Vec<u8> {
    let staging = gpu.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("read back"),
        size: length,
        usage: wgpu::BufferUsages::COPY_DST | wgpu::BufferUsages::MAP_READ,
        mapped_at_creation: false,
    });
    let mut encoder = gpu.device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, start, &staging, 0, length);
    gpu.queue.submit([encoder.finish()]);
    staging.map_async(wgpu::MapMode::Read, .., |r| r.expect("maps"));
    gpu.device
        .poll(wgpu::PollType::wait_indefinitely())
        .expect("the device answers");
    let view = staging.slice(..).get_mapped_range().expect("mapped");
    view.to_vec()
}

/// Asserts the arena holds `mesh` where `placement` says: its vertices, and its indices
/// with its first vertex's place added.
#[track_caller]
fn assert_holds(
    gpu: &Gpu,
    arena: &MeshArena,
    placement: &Placement,
    mesh: &(Vec<Vertex>, Vec<u32>),
) {
    let page = &arena.pages[placement.page as usize];
    let vertex_bytes = read(
        gpu,
        &page.vertices,
        u64::from(placement.vertices.start) * 8,
        u64::from(placement.vertices.end - placement.vertices.start) * 8,
    );
    assert_eq!(vertex_bytes, bytemuck::cast_slice::<Vertex, u8>(&mesh.0));
    let index_bytes = read(
        gpu,
        &page.indices,
        u64::from(placement.indices.start) * 4,
        u64::from(placement.indices.end - placement.indices.start) * 4,
    );
    let expected: Vec<u32> = mesh
        .1
        .iter()
        .map(|i| i + placement.vertices.start)
        .collect();
    assert_eq!(index_bytes, bytemuck::cast_slice::<u32, u8>(&expected));
}

#[test]
fn meshes_keep_their_places_as_room_is_reused_and_a_new_page_begins() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (device, queue) = (&gpu.device, &gpu.queue);
    // Pages of at most 2,048 vertices: the first is made that large at once.
    let mut arena = MeshArena::new("test meshes", 2048);
    let meshes: Vec<_> = (0..5).map(|i| mesh(100, i)).collect();
    let mut placed: Vec<Placement> = meshes
        .iter()
        .map(|m| arena.place(device, queue, &m.0, &m.1))
        .collect();
    assert_eq!(arena.size().0, 1, "five meshes of 400 vertices, one page");
    for (m, p) in meshes.iter().zip(&placed) {
        assert_holds(&gpu, &arena, p, m);
    }

    // The third leaves; a smaller mesh takes its room, best fit, leaving the rest free.
    arena.free(&placed[2]);
    let small = mesh(60, 7);
    let in_the_gap = arena.place(device, queue, &small.0, &small.1);
    assert_eq!(in_the_gap.vertices.start, placed[2].vertices.start);
    placed[2] = in_the_gap;

    // Past what is left: a new page, since the first is as large as a page may be.
    let large = mesh(200, 9);
    let elsewhere = arena.place(device, queue, &large.0, &large.1);
    assert_eq!(elsewhere.page, 1);
    assert_eq!(arena.size().0, 2);
    assert_holds(&gpu, &arena, &elsewhere, &large);
    assert_holds(&gpu, &arena, &placed[2], &small);
    for i in [0, 1, 3, 4] {
        assert_holds(&gpu, &arena, &placed[i], &meshes[i]);
    }

    // Torches alone: nothing placed.
    let nothing = arena.place(device, queue, &[], &[]);
    assert!(nothing.vertices.is_empty() && nothing.indices.is_empty());
    arena.free(&nothing);
}

#[test]
fn a_page_grown_keeps_what_it_held_where_it_was() {
    let Some(gpu) = gpu_or_skip() else { return };
    let (device, queue) = (&gpu.device, &gpu.queue);
    let mut arena = MeshArena::new("test meshes", 1 << 22);
    // The first page's room, then a mesh more: the page doubles.
    let first = mesh(FIRST_VERTICES / 4, 1);
    let before = arena.place(device, queue, &first.0, &first.1);
    let (_, bytes) = arena.size();
    let second = mesh(1000, 2);
    let after = arena.place(device, queue, &second.0, &second.1);
    assert_eq!(
        (after.page, arena.size().0),
        (0, 1),
        "grown, not a new page"
    );
    assert_eq!(arena.size().1, bytes * 2);
    assert_eq!(after.vertices.start, FIRST_VERTICES);
    assert_holds(&gpu, &arena, &before, &first);
    assert_holds(&gpu, &arena, &after, &second);
}
