// Creatures: one instanced draw per shape (crates/render/src/creatures.rs). Each vertex is a
// corner of the unposed figure (crates/mesh/src/creature/shape.rs): its place from the joint
// it turns about, the joint, a limb's swing, and packed its face, paint and role. Each
// instance is one creature: where it stands relative to the eye, its heading, its head's
// turn, pitch and drop, its stride, its light, whether it is hurt and its six colours
// (linear, ten bits a channel). The vertex is posed here as `CreatureVertex::posed` poses it
// on the CPU; then lit and fogged as the player figures are, once a corner: each face is
// flat, its colour that of the corner that starts its triangles.

struct CreatureOutput {
    @builtin(position) clip: vec4<f32>,
    // The lit and fogged colour, linear. A face is flat, one light lights a whole creature
    // and a creature is small beside the fog's distances, so one corner's colour stands
    // for its face: the fragment shader only writes it, which keeps a software
    // rasteriser's cost per pixel at nothing.
    @location(0) @interpolate(flat, first) colour: vec3<f32>,
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
) -> CreatureOutput {
    let face = packed & 7u;
    let paint = (packed >> 3u) & 7u;
    let role = (packed >> 6u) & 3u;
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
    let paint_colour = vec3<f32>(vec3<u32>(word, word >> 10u, word >> 20u) & vec3<u32>(1023u)) / 1023.0;
    let colour = mix(paint_colour, HURT_RED, HURT_TINT * hurt);
    let shade = face_shade(body * (part * NORMALS[face]));
    var out: CreatureOutput;
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.colour = fogged(colour * shade * lit(light), relative);
    return out;
}

@fragment
fn fs_main(in: CreatureOutput) -> @location(0) vec4<f32> {
    return vec4<f32>(in.colour, 1.0);
}
