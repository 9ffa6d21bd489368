// Creatures: one instanced draw per shape (crates/render/src/creatures.rs). Each vertex is a
// corner of the unposed figure (crates/mesh/src/creature/shape.rs): its place from the joint
// it turns about, the joint, a limb's swing, and packed its face, paint, role and which
// corner of its box it is. Each instance is one creature: where it stands relative to the
// eye, its heading, its head's turn, pitch and drop, its stride, its light, whether it is
// hurt, its six colours (linear, ten bits a channel) and their atlas tiles. The vertex is
// posed here as `CreatureVertex::posed` poses it on the CPU; then lit and fogged as the
// player figures are, once a corner: each face is flat, its light that of the corner that
// starts its triangles. A textured part shows its whole tile on each face of its box.

@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;

// The atlas's layout: must match crates/mesh/src/tiles.rs.
const ATLAS_SIZE: vec2<f32> = vec2<f32>(16.0, 32.0);
const ATLAS_COLUMNS: u32 = 16u;
// A part drawn in its colour alone: crates/mesh/src/tiles.rs's NO_TILE.
const NO_TILE: u32 = 0xffffu;

struct CreatureOutput {
    @builtin(position) clip: vec4<f32>,
    // What the texel is multiplied by and what is added to it: the part's tint lit, shaded
    // and seen through the fog, and the fog's colour with a hurt creature's red. A face is
    // flat, one light lights a whole creature and a creature is small beside the fog's
    // distances, so one corner's stands for its face, and a pixel costs a texel, a multiply
    // and an add. Any corner's (`either`): WebGL2 can only give the last one's, and the
    // others take the first.
    @location(0) @interpolate(flat, either) colour: vec3<f32>,
    @location(1) @interpolate(flat, either) haze: vec3<f32>,
    // The part's tile, or NO_TILE, and the face, which picks the axes `unit` maps the tile
    // along.
    @location(2) @interpolate(flat, either) tile: u32,
    @location(3) @interpolate(flat, either) face: u32,
    // Where in its box the pixel lies, 0 to 1 along each axis of the unposed box.
    @location(4) unit: vec3<f32>,
};

// The roles of crates/mesh/src/creature/shape.rs's `Role`.
const ROLE_HEAD: u32 = 1u;
const ROLE_LIMB: u32 = 2u;
const ROLE_WING: u32 = 3u;

// The colour a hurt creature is tinted towards, and how far: Minecraft's red flash.
const HURT_RED: vec3<f32> = vec3<f32>(1.0, 0.0, 0.0);
const HURT_TINT: f32 = 0.55;

// Each face's outward normal, in Face order: east, west, up, down, south, north.
const NORMALS = array<vec3<f32>, 6>(
    vec3<f32>(1.0, 0.0, 0.0), vec3<f32>(-1.0, 0.0, 0.0), vec3<f32>(0.0, 1.0, 0.0),
    vec3<f32>(0.0, -1.0, 0.0), vec3<f32>(0.0, 0.0, 1.0), vec3<f32>(0.0, 0.0, -1.0),
);

// Turns by `a` radians about x, y or z, as glam's `Quat::from_rotation_*` do (columns are
// where the axes go).
fn turn_x(a: f32) -> mat3x3<f32> {
    let c = cos(a);
    let s = sin(a);
    return mat3x3<f32>(1.0, 0.0, 0.0, 0.0, c, s, 0.0, -s, c);
}

fn turn_y(a: f32) -> mat3x3<f32> {
    let c = cos(a);
    let s = sin(a);
    return mat3x3<f32>(c, 0.0, -s, 0.0, 1.0, 0.0, s, 0.0, c);
}

fn turn_z(a: f32) -> mat3x3<f32> {
    let c = cos(a);
    let s = sin(a);
    return mat3x3<f32>(c, s, 0.0, -s, c, 0.0, 0.0, 0.0, 1.0);
}

// How much light a face looking along `n` takes: the chunk faces' FACE_LIGHT blended by the
// squares of the normal's components, as `face_shade` in crates/mesh/src/figure/mesh.rs.
fn face_shade(n: vec3<f32>) -> f32 {
    let vertical = select(0.55, 1.0, n.y > 0.0);
    return n.x * n.x * 0.8 + n.y * n.y * vertical + n.z * n.z * 0.68;
}

@vertex
fn vs_main(
    @location(0) offset: vec3<f32>,
    @location(1) joint: vec3<f32>,
    @location(2) swing: vec2<f32>,
    @location(3) packed: u32,
    @location(4) position: vec3<f32>,
    @location(5) yaw: f32,
    @location(6) head: vec3<f32>,
    @location(7) stride: f32,
    @location(8) light: vec2<f32>,
    @location(9) hurt: f32,
    @location(10) paints_low: vec4<u32>,
    @location(11) paints_high: vec2<u32>,
    @location(12) tiles: vec3<u32>,
) -> CreatureOutput {
    let face = packed & 7u;
    let paint = (packed >> 3u) & 7u;
    let role = (packed >> 6u) & 3u;
    let corner = (packed >> 8u) & 7u;
    // The part's turn about its joint.
    var part = mat3x3<f32>(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0);
    var j = joint;
    if role == ROLE_HEAD {
        j.y -= head.z;
        part = turn_y(head.x) * turn_x(head.y);
    } else if role == ROLE_LIMB {
        part = turn_x(swing.x + swing.y * stride);
    } else if role == ROLE_WING {
        part = turn_z(swing.x + swing.y * abs(stride));
    }
    let body = turn_y(yaw);
    let relative = position + body * (j + part * offset);
    var word: u32;
    if paint < 4u {
        word = paints_low[paint];
    } else {
        word = paints_high[paint - 4u];
    }
    let tint = vec3<f32>(vec3<u32>(word, word >> 10u, word >> 20u) & vec3<u32>(1023u)) / 1023.0;
    let lighting = face_shade(body * (part * NORMALS[face])) * lit(light);
    // Seen through the fog, a colour c becomes c * kept + added.
    let fog = fog_at(relative);
    let kept = 1.0 - fog.amount;
    let added = fog.colour * fog.amount;
    let red = HURT_TINT * hurt;
    var out: CreatureOutput;
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.colour = tint * (1.0 - red) * lighting * kept;
    out.haze = HURT_RED * red * lighting * kept + added;
    out.tile = (tiles[paint / 2u] >> (16u * (paint % 2u))) & 0xffffu;
    out.face = face;
    out.unit = vec3<f32>(vec3<u32>(corner, corner >> 1u, corner >> 2u) & vec3<u32>(1u));
    return out;
}

// Where on its tile a pixel of face `face` at `unit` in its box lies, 0 to 1 with v down:
// each face as seen from outside, upright, its right towards the viewer's right.
fn face_uv(face: u32, unit: vec3<f32>) -> vec2<f32> {
    switch face {
        case 0u: { return vec2<f32>(1.0 - unit.z, 1.0 - unit.y); }
        case 1u: { return vec2<f32>(unit.z, 1.0 - unit.y); }
        case 2u, 3u: { return unit.xz; }
        case 4u: { return vec2<f32>(unit.x, 1.0 - unit.y); }
        default: { return vec2<f32>(1.0 - unit.x, 1.0 - unit.y); }
    }
}

@fragment
fn fs_main(in: CreatureOutput) -> @location(0) vec4<f32> {
    // Half a texel in from the tile's edges, so that its neighbours never bleed in. Sampled
    // for every pixel, a part without a tile too, as sampling with the mip levels'
    // derivatives must be in uniform control flow.
    let texel = clamp(face_uv(in.face, in.unit) * 16.0, vec2<f32>(0.5), vec2<f32>(15.5)) / 16.0;
    let cell = vec2<f32>(f32(in.tile % ATLAS_COLUMNS), f32(in.tile / ATLAS_COLUMNS));
    let sampled = textureSample(atlas, atlas_sampler, (cell + texel) / ATLAS_SIZE).rgb;
    let shown = select(sampled, vec3<f32>(1.0), in.tile == NO_TILE);
    return vec4<f32>(shown * in.colour + in.haze, 1.0);
}
