// Chunk meshes: unpacks the mesher's 8-byte vertices, lights them by face and ambient
// occlusion, textures them from the block atlas and fades them into the sky with distance.
// Free boxes (crates) share the lighting, texturing and fog through their own vertex stage.

struct Globals {
    // Rotation-only view (the camera sits at the origin) times projection.
    view_proj: mat4x4<f32>,
    inv_view_proj: mat4x4<f32>,
    sky_zenith: vec4<f32>,
    // The sky's colour at the horizon, which is also the fog's colour.
    sky_horizon: vec4<f32>,
    // x: distance where fog starts, y: where it is total, zw: screen size in pixels.
    fog_screen: vec4<f32>,
};

struct Chunk {
    // The chunk's minimum corner relative to the camera, computed in f64 on the CPU.
    offset: vec4<f32>,
};

@group(0) @binding(0) var<uniform> globals: Globals;
@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;
@group(1) @binding(0) var<uniform> chunk: Chunk;

// Must match src/mesh/tiles.rs.
const ATLAS_COLUMNS: u32 = 8u;
const ATLAS_SIZE: vec2<f32> = vec2<f32>(8.0, 3.0);

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) local_uv: vec2<f32>,
    @location(1) light: f32,
    @location(2) relative: vec3<f32>,
    @location(3) @interpolate(flat) tile: u32,
};

// Fixed directional shading per face, in FaceDir order: east, west, up, down, south, north.
const FACE_LIGHT = array<f32, 6>(0.8, 0.8, 1.0, 0.55, 0.68, 0.68);

@vertex
fn vs_main(@location(0) packed: u32, @location(1) tile: u32) -> VertexOutput {
    let position = vec3<f32>(
        f32(packed & 63u),
        f32((packed >> 6u) & 127u) * 0.5,
        f32((packed >> 13u) & 63u),
    );
    let face = (packed >> 19u) & 7u;
    let ao = f32((packed >> 22u) & 3u);
    let uv = vec2<f32>(f32((packed >> 24u) & 1u), f32((packed >> 25u) & 3u) * 0.5);

    var out: VertexOutput;
    let relative = chunk.offset.xyz + position;
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.local_uv = uv;
    out.light = FACE_LIGHT[face] * mix(0.42, 1.0, ao / 3.0);
    out.relative = relative;
    out.tile = tile;
    return out;
}

// A free box's corner (src/mesh/boxes.rs): already camera-relative, lit by its face and the
// occlusion the CPU worked out.
@vertex
fn vs_box(
    @location(0) relative: vec3<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) face: u32,
    @location(3) tile: u32,
    @location(4) shade: f32,
) -> VertexOutput {
    var out: VertexOutput;
    out.clip = globals.view_proj * vec4<f32>(relative, 1.0);
    out.local_uv = uv;
    out.light = FACE_LIGHT[face] * shade;
    out.relative = relative;
    out.tile = tile;
    return out;
}

fn sample_atlas(in: VertexOutput) -> vec4<f32> {
    // Clamp inside the tile by half a texel so neighbouring tiles never bleed in.
    let texel = clamp(in.local_uv * 16.0, vec2<f32>(0.5), vec2<f32>(15.5)) / 16.0;
    let cell = vec2<f32>(f32(in.tile % ATLAS_COLUMNS), f32(in.tile / ATLAS_COLUMNS));
    return textureSample(atlas, atlas_sampler, (cell + texel) / ATLAS_SIZE);
}

fn fogged(colour: vec3<f32>, relative: vec3<f32>) -> vec3<f32> {
    // Horizontal distance, so the fog wall is a cylinder matching the loaded columns.
    let distance = length(relative.xz);
    let fog = smoothstep(globals.fog_screen.x, globals.fog_screen.y, distance);
    return mix(colour, globals.sky_horizon.rgb, fog);
}

@fragment
fn fs_opaque(in: VertexOutput) -> @location(0) vec4<f32> {
    let texel = sample_atlas(in);
    return vec4<f32>(fogged(texel.rgb * in.light, in.relative), 1.0);
}

@fragment
fn fs_cutout(in: VertexOutput) -> @location(0) vec4<f32> {
    let texel = sample_atlas(in);
    if texel.a < 0.5 {
        discard;
    }
    return vec4<f32>(fogged(texel.rgb * in.light, in.relative), 1.0);
}

@fragment
fn fs_translucent(in: VertexOutput) -> @location(0) vec4<f32> {
    let texel = sample_atlas(in);
    return vec4<f32>(fogged(texel.rgb * in.light, in.relative), texel.a);
}
