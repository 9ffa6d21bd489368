// Chunk meshes: unpacks the mesher's 8-byte vertices, lights them by face, ambient occlusion,
// sky light (dimmed by the time of day) and block light, textures them from the block atlas
// and fades them into the sky with distance. Models (torches) and free boxes (crates) share
// the lighting, texturing and fog through vertex stages of their own. Chunks meshed for light
// sampled in the shader have their own vertex and fragment stages, at the end.

@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;
// The depth of the world drawn before the translucent faces: only fs_translucent reads it.
@group(1) @binding(0) var scene_depth: texture_depth_2d;
// Nearest, read at texel centres: WebGL2 samples a depth texture but cannot load from one.
@group(1) @binding(1) var scene_depth_sampler: sampler;

// The atlas tile of water, which darkens with depth. Must match src/mesh/tiles.rs.
const WATER_TILE: u32 = 13u;
// Blocks between the top of a far view's cell of sea and the real surface: the block over
// the water, and the two sixteenths still water's top leaves under its block's top.
const FAR_WATER_DROP: f32 = 1.125;
// The atlas tile of ice. Must match src/mesh/tiles.rs.
const ICE_TILE: u32 = 41u;
// The same for a frozen sea, whose ice (a whole block) takes the place of its top water.
const FAR_ICE_DROP: f32 = 1.0;

// How far a face of a far view's cell is lowered, in blocks: the sea's top, open or frozen,
// to where the near one lies. A far view's cell of sea is the top of the water in it: over
// the sea its upper half is air, so the real surface lies in the block under the cell's top.
// Lowered by exactly that much (the cell size is a power of two), the far sea meets the near
// one with no step. By `select`, not `if`: see `vs_far`.
fn far_sea_drop(face: u32, tile: u32) -> f32 {
    let drop = select(0.0, FAR_ICE_DROP, tile == ICE_TILE);
    return select(0.0, select(drop, FAR_WATER_DROP, tile == WATER_TILE), face == 2u);
}

// Blocks of water through which a little over half the light from behind is lost
// (1 - e^-1): a beach's shallows show their sand, a sea floor ten blocks down barely.
const WATER_CLARITY: f32 = 3.5;
// Deep water's colour, linear, before light: a deep sea blue.
const DEEP_WATER: vec3<f32> = vec3<f32>(0.02, 0.075, 0.2);
// Water's alpha where it is deepest: nearly opaque, a hint of what is behind.
const DEEP_ALPHA: f32 = 0.94;
// Shallow water's tint on the water texture, and its least alpha: water takes red out of
// the light first, so sand under a little of it reads blue-green, not the lavender an even
// mix of blue and sand would give.
const SHALLOW_TINT: vec3<f32> = vec3<f32>(0.45, 1.7, 0.75);
const SHALLOW_ALPHA: f32 = 0.78;

// Must match src/mesh/tiles.rs.
const ATLAS_COLUMNS: u32 = 16u;
const ATLAS_ROWS: u32 = 32u;
const ATLAS_SIZE: vec2<f32> = vec2<f32>(f32(ATLAS_COLUMNS), f32(ATLAS_ROWS));

// The vertex layout: (first bit, bit count) of each field; X to AO and TILE_HIGH are in
// `packed`, the rest in `surface`. Must match `layout` in src/mesh/mod.rs, which a test checks.
const X_SHIFT: u32 = 0u;
const X_BITS: u32 = 6u;
const Y_SHIFT: u32 = 6u;
const Y_BITS: u32 = 10u;
const Z_SHIFT: u32 = 16u;
const Z_BITS: u32 = 6u;
const FACE_SHIFT: u32 = 22u;
const FACE_BITS: u32 = 3u;
const AO_SHIFT: u32 = 25u;
const AO_BITS: u32 = 2u;
const TILE_HIGH_SHIFT: u32 = 27u;
const TILE_HIGH_BITS: u32 = 2u;
const TILE_SHIFT: u32 = 0u;
const TILE_BITS: u32 = 7u;
const SKY_SHIFT: u32 = 7u;
const SKY_BITS: u32 = 6u;
const BLOCK_SHIFT: u32 = 13u;
const BLOCK_BITS: u32 = 6u;
const U_SHIFT: u32 = 19u;
const U_BITS: u32 = 6u;
const V_SHIFT: u32 = 25u;
const V_BITS: u32 = 7u;

fn field(word: u32, shift: u32, bits: u32) -> u32 {
    return (word >> shift) & ((1u << bits) - 1u);
}

// A vertex's position in its mesh: whole blocks (or cells) across, sixteenths up.
fn unpack_position(packed: u32) -> vec3<f32> {
    return vec3<f32>(
        f32(field(packed, X_SHIFT, X_BITS)),
        f32(field(packed, Y_SHIFT, Y_BITS)) / 16.0,
        f32(field(packed, Z_SHIFT, Z_BITS)),
    );
}

// A vertex's atlas tile: its low bits in `surface`, its high bits in `packed`.
fn unpack_tile(packed: u32, surface: u32) -> u32 {
    return field(surface, TILE_SHIFT, TILE_BITS)
        | (field(packed, TILE_HIGH_SHIFT, TILE_HIGH_BITS) << TILE_BITS);
}

// A vertex's texture coordinates, in tiles: U in whole tiles, V in halves.
fn unpack_uv(surface: u32) -> vec2<f32> {
    return vec2<f32>(
        f32(field(surface, U_SHIFT, U_BITS)),
        f32(field(surface, V_SHIFT, V_BITS)) * 0.5,
    );
}

// A mesh-local `position`, camera-relative. Summed in whole blocks (and sixteenths) before
// the eye's place in its cell is taken off, so a corner two meshes share comes to the same
// value from either: no crack opens along their border, however far from the origin. (A
// coarse cell is a power of two of blocks, so scaling keeps the sum exact.)
fn from_eye_cell(position: vec3<f32>, place: vec4<f32>) -> vec3<f32> {
    return (place.xyz + position * place.w) - globals.eye_in_cell.xyz;
}

// What every chunk and far-view vertex stage reads: the mesher's packed vertex, and its
// mesh's `place` from a per-instance attribute, one record per mesh drawn
// (crates/render/src/meshes.rs, `MeshSlots`), picked by the draw's first instance: xyz, the
// mesh's minimum corner from the corner of the eye's cell, computed in f64 on the CPU; w, the
// blocks one of its units stands for: 1 for a chunk, 2^k for a far view's coarse section of
// level k, whose positions count cells. (Models take theirs at location 4.) An attribute
// rather than a uniform slot, so that one indirect draw call can draw many meshes.
struct MeshVertex {
    @location(0) packed: u32,
    @location(1) surface: u32,
    @location(2) place: vec4<f32>,
};

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) local_uv: vec2<f32>,
    // Face and ambient occlusion shading, 0 to 1.
    @location(1) shade: f32,
    @location(2) relative: vec3<f32>,
    @location(3) @interpolate(flat) tile: u32,
    // Sky light and block light levels, 0 to 15, smooth across the face.
    @location(4) light: vec2<f32>,
    // The face's direction, in Face order (2 is up).
    @location(5) @interpolate(flat) face: u32,
};

// Fixed directional shading per face, in Face order: east, west, up, down, south, north.
const FACE_LIGHT = array<f32, 6>(0.8, 0.8, 1.0, 0.55, 0.68, 0.68);

@vertex
fn vs_main(vertex: MeshVertex) -> VertexOutput {
    let packed = vertex.packed;
    let surface = vertex.surface;
    let position = unpack_position(packed);
    let face = field(packed, FACE_SHIFT, FACE_BITS);
    let ao = f32(field(packed, AO_SHIFT, AO_BITS));
    let uv = unpack_uv(surface);
    let tile = unpack_tile(packed, surface);

    var out: VertexOutput;
    let relative = from_eye_cell(position, vertex.place);
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.local_uv = uv;
    out.shade = FACE_LIGHT[face] * mix(0.42, 1.0, ao / 3.0);
    out.relative = relative;
    out.tile = tile;
    out.face = face;
    out.light = vec2<f32>(
        f32(field(surface, SKY_SHIFT, SKY_BITS)),
        f32(field(surface, BLOCK_SHIFT, BLOCK_BITS)),
    ) * 0.25;
    return out;
}

// The far view's faces (src/render/far.rs): the vertex stage of `vs_main`, but for faces
// that carry neither ambient occlusion nor smooth light (every corner has full sky light)
// and are painted in their tile's average colour (the atlas's last level, see
// src/render/atlas.rs), so a corner's colour, light and fog are worked out once and only
// the colour reaches the pixels. A software rasteriser pays for every value carried to the
// pixels of every triangle and for every texture read, and the far view's triangles are
// many and small.
struct FarOutput {
    @builtin(position) clip: vec4<f32>,
    // The corner's colour, lit and fogged; alpha for the far water pipeline to blend by.
    @location(0) colour: vec4<f32>,
};

// The atlas level with a texel per tile: 16 texels halved four times.
const TILE_AVERAGE_LEVEL: u32 = 4u;

// What the far view's vertex stages work out of a corner: where it is, its tile's average
// colour, its light, and its fog and the haze the fog fades into.
struct FarCorner {
    clip: vec4<f32>,
    relative: vec3<f32>,
    face: u32,
    tile: u32,
    average: vec4<f32>,
    light: vec3<f32>,
    fog: f32,
    haze: vec3<f32>,
};

fn far_corner(vertex: MeshVertex) -> FarCorner {
    var out: FarCorner;
    out.face = field(vertex.packed, FACE_SHIFT, FACE_BITS);
    out.tile = unpack_tile(vertex.packed, vertex.surface);
    var at = unpack_position(vertex.packed);
    // The far sea's surface where the near one's lies.
    at.y -= far_sea_drop(out.face, out.tile) / vertex.place.w;
    out.relative = from_eye_cell(at, vertex.place);
    out.clip = globals.view_proj * vec4<f32>(out.relative, 1.0);
    out.average = textureLoad(
        atlas,
        vec2<u32>(out.tile % ATLAS_COLUMNS, out.tile / ATLAS_COLUMNS),
        TILE_AVERAGE_LEVEL,
    );
    // Choices by `select`, not `if`: llvmpipe runs a vertex stage that branches on a
    // uniform several times slower (the far view's frame took half as long again).
    let underwater = globals.water.w > 0.5;
    let distance = select(length(out.relative.xz), length(out.relative), underwater);
    out.fog = smoothstep(globals.fog_screen.x, globals.fog_screen.y, distance);
    out.haze = select(horizon_haze(out.relative), globals.water.rgb, underwater);
    out.light = FACE_LIGHT[out.face] * lit(vec2<f32>(15.0, 0.0));
    return out;
}

@vertex
fn vs_far(vertex: MeshVertex) -> FarOutput {
    let corner = far_corner(vertex);
    // Past the render distance the water is as deep as the open sea looks (a beach's
    // shallows are a few pixels wide there), so the far water pipeline reads nothing of the
    // depth behind it: a software renderer pays for that read at every pixel.
    let water = corner.tile == WATER_TILE;
    let deep = mix(corner.average.rgb * SHALLOW_TINT, DEEP_WATER, 0.9);
    let colour = select(corner.average.rgb, deep, water);
    let alpha = select(corner.average.a, DEEP_ALPHA, water);
    var out: FarOutput;
    out.clip = corner.clip;
    out.colour = vec4<f32>(mix(colour * corner.light, corner.haze, corner.fog), alpha);
    return out;
}

// The coarse ring's water, ice and glass (the far view's level 1 standing in for chunks
// within the render distance): its water looks through to what is behind it at every pixel,
// as the near water does, so a beach's shallows keep their colour where the ring begins.
// The pixels it shades are the ones the near water would have.
struct RingWaterOutput {
    @builtin(position) clip: vec4<f32>,
    // The tile's average colour and alpha, before light.
    @location(0) average: vec4<f32>,
    @location(1) relative: vec3<f32>,
    @location(2) light: vec3<f32>,
    // The haze the fog fades into, and how far it has (alpha).
    @location(3) haze: vec4<f32>,
    @location(4) @interpolate(flat) face: u32,
    @location(5) @interpolate(flat) tile: u32,
};

@vertex
fn vs_ring_water(vertex: MeshVertex) -> RingWaterOutput {
    let corner = far_corner(vertex);
    var out: RingWaterOutput;
    out.clip = corner.clip;
    out.average = corner.average;
    out.relative = corner.relative;
    out.light = corner.light;
    out.haze = vec4<f32>(corner.haze, corner.fog);
    out.face = corner.face;
    out.tile = corner.tile;
    return out;
}

@fragment
fn fs_ring_water(in: RingWaterOutput) -> @location(0) vec4<f32> {
    var colour = in.average;
    if in.tile == WATER_TILE {
        colour = water(in.average, in.clip, in.relative, in.face);
    }
    return vec4<f32>(mix(colour.rgb * in.light, in.haze.rgb, in.haze.a), colour.a);
}

// The far view's opaque faces: whole, whatever their tile's average alpha (a leaf tile's
// holes thin it, and leaves far away are opaque cubes).
@fragment
fn fs_far(in: FarOutput) -> @location(0) vec4<f32> {
    return vec4<f32>(in.colour.rgb, 1.0);
}

// The far view's water, ice and glass, blended by the far water pipeline.
@fragment
fn fs_far_water(in: FarOutput) -> @location(0) vec4<f32> {
    return in.colour;
}

// A corner of a model face (src/mesh/models.rs): chunk-relative, with its texture corner,
// lit by its cell's light and the face it looks closest to.
@vertex
fn vs_model(
    @location(0) position: vec3<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) tile: u32,
    @location(3) shade: vec4<u32>,
    @location(4) place: vec4<f32>,
) -> VertexOutput {
    var out: VertexOutput;
    let relative = from_eye_cell(position, place);
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.local_uv = uv;
    out.shade = FACE_LIGHT[shade.z];
    out.relative = relative;
    out.tile = tile;
    out.face = shade.z;
    out.light = vec2<f32>(f32(shade.x), f32(shade.y)) * 0.25;
    return out;
}

// A free box's corner (src/mesh/boxes.rs): already camera-relative, lit by its face, the
// occlusion the CPU worked out, and the light where it stands.
@vertex
fn vs_box(
    @location(0) relative: vec3<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) face: u32,
    @location(3) tile: u32,
    @location(4) shade: f32,
    @location(5) light: vec2<f32>,
) -> VertexOutput {
    var out: VertexOutput;
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.local_uv = uv;
    out.shade = FACE_LIGHT[face] * shade;
    out.relative = relative;
    out.tile = tile;
    out.face = face;
    out.light = light;
    return out;
}

fn atlas_texel(local_uv: vec2<f32>, tile: u32) -> vec4<f32> {
    // A merged quad repeats its tile: past the first tile, take the fractional part (a
    // single face's 0 to 1, edges included, is left as it is). Then clamp inside the tile by
    // half a texel so neighbouring tiles never bleed in.
    let repeated = local_uv - max(ceil(local_uv) - 1.0, vec2<f32>(0.0));
    let texel = clamp(repeated * 16.0, vec2<f32>(0.5), vec2<f32>(15.5)) / 16.0;
    let cell = vec2<f32>(f32(tile % ATLAS_COLUMNS), f32(tile / ATLAS_COLUMNS));
    return textureSample(atlas, atlas_sampler, (cell + texel) / ATLAS_SIZE);
}

fn sample_atlas(in: VertexOutput) -> vec4<f32> {
    return atlas_texel(in.local_uv, in.tile);
}

fn shaded(texel: vec3<f32>, in: VertexOutput) -> vec3<f32> {
    return fogged(texel * in.shade * lit(in.light), in.relative);
}

@fragment
fn fs_opaque(in: VertexOutput) -> @location(0) vec4<f32> {
    let texel = sample_atlas(in);
    return vec4<f32>(shaded(texel.rgb, in), 1.0);
}

@fragment
fn fs_cutout(in: VertexOutput) -> @location(0) vec4<f32> {
    let texel = sample_atlas(in);
    if texel.a < 0.5 {
        discard;
    }
    return vec4<f32>(shaded(texel.rgb, in), 1.0);
}

// How far the eye looks through water at the pixel `clip`, whose water face looking `face`
// is at `relative`: from the face to the world drawn behind it. Where only the sky is
// behind, a side (a waterfall against the sky) is a block thick, a top (the sea at the edge
// of the loaded world) bottomless.
fn water_thickness(clip: vec4<f32>, relative: vec3<f32>, face: u32) -> f32 {
    let at = clip.xy / globals.fog_screen.zw;
    let depth = textureSampleLevel(scene_depth, scene_depth_sampler, at, 0);
    // Depth is reversed: 0 is the far plane, where only the sky is.
    if depth <= 0.0 {
        return select(1.0, 1e4, face == 2u);
    }
    let ndc = vec2<f32>(
        clip.x / globals.fog_screen.z * 2.0 - 1.0,
        1.0 - clip.y / globals.fog_screen.w * 2.0,
    );
    let p = globals.inv_view_proj * vec4<f32>(ndc, depth, 1.0);
    return distance(p.xyz / p.w, relative);
}

// Water's colour (before light) and alpha at the pixel `clip` of its face looking `face` at
// `relative`: the more water the eye looks through there, the darker and the less
// see-through, as light is absorbed on its way out of the water.
fn water(texel: vec4<f32>, clip: vec4<f32>, relative: vec3<f32>, face: u32) -> vec4<f32> {
    if globals.water.w > 0.5 {
        // Seen from under water, the water between the eye and the face is the fog's
        // business: the face is the surface overhead, as thin as water comes.
        return vec4<f32>(texel.rgb * SHALLOW_TINT, max(texel.a, SHALLOW_ALPHA));
    }
    let thickness = water_thickness(clip, relative, face);
    let murk = 1.0 - exp(-thickness / WATER_CLARITY);
    let colour = mix(texel.rgb * SHALLOW_TINT, DEEP_WATER, murk);
    let alpha = mix(max(texel.a, SHALLOW_ALPHA), DEEP_ALPHA, murk);
    return vec4<f32>(colour, alpha);
}

@fragment
fn fs_translucent(in: VertexOutput) -> @location(0) vec4<f32> {
    let texel = sample_atlas(in);
    if in.tile != WATER_TILE {
        return vec4<f32>(shaded(texel.rgb, in), texel.a);
    }
    let deep = water(texel, in.clip, in.relative, in.face);
    return vec4<f32>(shaded(deep.rgb, in), deep.a);
}

// Light sampled in the fragment stage (Shading::Sampled, src/mesh/shading.rs): faces merge
// by block and direction alone, so the smooth light and ambient occlusion that the other
// path carries on each vertex are worked out here, per pixel, from the chunk's light volume.
// Each texel is one cell of the chunk and of the one-cell border around it: red holds sky
// light (high four bits) and block light (low four), green the flags below. The texture's
// width, height and depth run along x, z and y, as the mesher's padded cells do.
@group(2) @binding(0) var light_volume: texture_3d<u32>;

// Flag bits of a volume texel. Must match `volume` in src/mesh/shading.rs.
const VOLUME_OPAQUE: u32 = 1u;
const VOLUME_CLEAR: u32 = 4u;

// Per face in Face order, its outward normal and the two axes across it.
const NORMALS = array<vec3<i32>, 6>(
    vec3<i32>(1, 0, 0), vec3<i32>(-1, 0, 0), vec3<i32>(0, 1, 0),
    vec3<i32>(0, -1, 0), vec3<i32>(0, 0, 1), vec3<i32>(0, 0, -1),
);
const ACROSS_I = array<vec3<i32>, 6>(
    vec3<i32>(0, 0, 1), vec3<i32>(0, 0, 1), vec3<i32>(1, 0, 0),
    vec3<i32>(1, 0, 0), vec3<i32>(1, 0, 0), vec3<i32>(1, 0, 0),
);
const ACROSS_J = array<vec3<i32>, 6>(
    vec3<i32>(0, 1, 0), vec3<i32>(0, 1, 0), vec3<i32>(0, 0, 1),
    vec3<i32>(0, 0, 1), vec3<i32>(0, 1, 0), vec3<i32>(0, 1, 0),
);

struct SampledOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) local_uv: vec2<f32>,
    @location(1) relative: vec3<f32>,
    @location(2) @interpolate(flat) tile: u32,
    @location(3) @interpolate(flat) face: u32,
    // Chunk-relative: where in the light volume the pixel lies.
    @location(4) local: vec3<f32>,
    // Where a side face starts and ends in its cell, in blocks: 0 and 1 but for slabs and
    // water.
    @location(5) @interpolate(flat) span: vec2<f32>,
};

@vertex
fn vs_sampled(vertex: MeshVertex) -> SampledOutput {
    let packed = vertex.packed;
    let surface = vertex.surface;
    let position = unpack_position(packed);
    var out: SampledOutput;
    let relative = from_eye_cell(position, vertex.place);
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.local_uv = unpack_uv(surface);
    out.relative = relative;
    out.tile = unpack_tile(packed, surface);
    out.face = field(packed, FACE_SHIFT, FACE_BITS);
    out.local = position;
    // Sampled meshes carry the face's top and bottom in the light's bits (layout::TOP).
    out.span = vec2<f32>(
        f32(field(surface, BLOCK_SHIFT, BLOCK_BITS)),
        f32(field(surface, SKY_SHIFT, SKY_BITS)),
    ) / 16.0;
    return out;
}

// The volume's texel for the chunk-relative cell `cell` (−1 to 32 on each axis).
fn volume_at(cell: vec3<i32>) -> vec2<u32> {
    return textureLoad(light_volume, cell.xzy + vec3<i32>(1), 0).rg;
}

fn clear_to_light(texel: vec2<u32>) -> bool {
    return (texel.y & VOLUME_CLEAR) != 0u;
}

fn occluder(texel: vec2<u32>) -> f32 {
    return f32(texel.y & VOLUME_OPAQUE);
}

// Sky and block light of a texel, and 1: a term of a sum whose third part counts.
fn light_term(texel: vec2<u32>) -> vec3<f32> {
    return vec3<f32>(f32(texel.x >> 4u), f32(texel.x & 15u), 1.0);
}

// One corner of a face's cell, as src/mesh/mesher.rs works out a vertex: from `front` (the
// cell the face looks into), its two edge neighbours `a` and `b` and the diagonal `d`.
// Ambient occlusion (0fps.net's rule) counts the opaque ones; light averages those light can
// enter, the diagonal only where an edge cell leaves a way to it. Returns the occlusion, the
// summed sky and block light and how many cells were summed.
fn corner(front: vec2<u32>, a: vec2<u32>, b: vec2<u32>, d: vec2<u32>) -> vec4<f32> {
    let sa = occluder(a);
    let sb = occluder(b);
    let ao = select(3.0 - sa - sb - occluder(d), 0.0, sa + sb > 1.5);
    // Selects, not branches: a software rasteriser shades many pixels in lockstep.
    let none = vec3<f32>(0.0);
    let ca = clear_to_light(a);
    let cb = clear_to_light(b);
    let sum = select(none, light_term(front), clear_to_light(front))
        + select(none, light_term(a), ca)
        + select(none, light_term(b), cb)
        + select(none, light_term(d), clear_to_light(d) && (ca || cb));
    return vec4<f32>(ao, sum);
}

// A corner's light: the average it summed, or `own` where no cell around it lets light in
// (a slab's top under a solid block).
fn corner_light(c: vec4<f32>, own: vec2<f32>) -> vec2<f32> {
    return select(own, c.yz / max(c.w, 1.0), c.w > 0.5);
}

// The ambient occlusion (0 to 3; 3 where `occlude` is false, as for translucent faces) and
// sky and block light at the pixel `local` of a face looking `face`: the four corners of the
// face's cell under the pixel, worked out as the mesher works out a single face's, then
// mixed bilinearly, which is what the GPU's interpolation across one face's two triangles
// approximates. A side face spans `span` (bottom, top) of its cell's height, and its
// corners are spread over that, as its vertices would be.
fn sampled_light(local: vec3<f32>, face: u32, span: vec2<f32>, occlude: bool) -> vec3<f32> {
    let n = NORMALS[face];
    let ti = ACROSS_I[face];
    let tj = ACROSS_J[face];
    // The cell whose face the pixel is on: a sliver back from the face along its normal
    // (the thinnest water is two sixteenths high).
    let cell = vec3<i32>(floor(local - vec3<f32>(n) * (1.0 / 64.0)));
    let front = cell + n;
    let inside = local - vec3<f32>(cell);
    var across = vec2<f32>(dot(inside, vec3<f32>(ti)), dot(inside, vec3<f32>(tj)));
    if face != 2u && face != 3u {
        across.y = (across.y - span.x) / max(span.y - span.x, 1.0 / 16.0);
    }
    let f = clamp(across, vec2<f32>(0.0), vec2<f32>(1.0));
    // The 3 × 3 cells in front of the face, centred on `front`, named by their steps
    // along ti and tj (m for −1, z for 0, p for +1). Loaded one by one rather than into an
    // array, which a software rasteriser may keep in memory rather than registers.
    let zz = volume_at(front);
    let mz = volume_at(front - ti);
    let pz = volume_at(front + ti);
    let zm = volume_at(front - tj);
    let zp = volume_at(front + tj);
    let c00 = corner(zz, mz, zm, volume_at(front - ti - tj));
    let c10 = corner(zz, pz, zm, volume_at(front + ti - tj));
    let c01 = corner(zz, mz, zp, volume_at(front - ti + tj));
    let c11 = corner(zz, pz, zp, volume_at(front + ti + tj));
    var own = vec2<f32>(0.0);
    if min(min(c00.w, c10.w), min(c01.w, c11.w)) < 0.5 {
        own = light_term(volume_at(cell)).xy;
    }
    let ao = mix(mix(c00.x, c10.x, f.x), mix(c01.x, c11.x, f.x), f.y);
    let light = mix(
        mix(corner_light(c00, own), corner_light(c10, own), f.x),
        mix(corner_light(c01, own), corner_light(c11, own), f.x),
        f.y,
    );
    return vec3<f32>(select(3.0, ao, occlude), light);
}

// The colour of an opaque or cut-out pixel of `texel` lit by the volume.
fn sampled_colour(texel: vec3<f32>, in: SampledOutput, occlude: bool) -> vec3<f32> {
    let s = sampled_light(in.local, in.face, in.span, occlude);
    let shade = FACE_LIGHT[in.face] * mix(0.42, 1.0, s.x / 3.0);
    return fogged(texel * shade * lit(s.yz), in.relative);
}

@fragment
fn fs_opaque_sampled(in: SampledOutput) -> @location(0) vec4<f32> {
    let texel = atlas_texel(in.local_uv, in.tile);
    return vec4<f32>(sampled_colour(texel.rgb, in, true), 1.0);
}

@fragment
fn fs_cutout_sampled(in: SampledOutput) -> @location(0) vec4<f32> {
    let texel = atlas_texel(in.local_uv, in.tile);
    if texel.a < 0.5 {
        discard;
    }
    return vec4<f32>(sampled_colour(texel.rgb, in, true), 1.0);
}

@fragment
fn fs_translucent_sampled(in: SampledOutput) -> @location(0) vec4<f32> {
    let texel = atlas_texel(in.local_uv, in.tile);
    if in.tile != WATER_TILE {
        return vec4<f32>(sampled_colour(texel.rgb, in, false), texel.a);
    }
    let deep = water(texel, in.clip, in.relative, in.face);
    return vec4<f32>(sampled_colour(deep.rgb, in, false), deep.a);
}

// Other players' figures (src/figure/mesh.rs) and their name tags (src/render/figures.rs):
// camera-relative corners with an sRGB colour, the shade of the way their face looks and the
// light where the figure stands. Figures are lit and fogged as blocks are; a tag is not.
struct FigureOutput {
    @builtin(position) clip: vec4<f32>,
    // Linear colour and opacity.
    @location(0) colour: vec4<f32>,
    @location(1) shade: f32,
    @location(2) relative: vec3<f32>,
    @location(3) light: vec2<f32>,
};

@vertex
fn vs_figure(
    @location(0) relative: vec3<f32>,
    @location(1) colour: vec4<f32>,
    @location(2) shade: f32,
    @location(3) light: vec2<f32>,
) -> FigureOutput {
    var out: FigureOutput;
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.colour = vec4<f32>(linear(colour.rgb), colour.a);
    out.shade = shade;
    out.relative = relative;
    out.light = light;
    return out;
}

@fragment
fn fs_figure(in: FigureOutput) -> @location(0) vec4<f32> {
    return vec4<f32>(fogged(in.colour.rgb * in.shade * lit(in.light), in.relative), 1.0);
}

// A name tag shows at full brightness, day or night, as Minecraft's do.
@fragment
fn fs_tag(in: FigureOutput) -> @location(0) vec4<f32> {
    return in.colour;
}
