// The sky: a full-screen triangle shaded by the view direction through each pixel: a gradient
// from the horizon colour (shared with the fog) up to the zenith, the red glow about the sun
// at dawn and dusk, the sun, the moon opposite it, stars that turn with the sky at night,
// and a layer of blocky clouds drifting at y 192.

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) ndc: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> VertexOutput {
    // One triangle covering the screen: (-1,-1), (3,-1), (-1,3).
    let ndc = vec2<f32>(f32((index << 1u) & 2u) * 2.0 - 1.0, f32(index & 2u) * 2.0 - 1.0);
    var out: VertexOutput;
    // On the far plane (depth 0, as depth is reversed): drawn after the world with a
    // greater-or-equal depth test, the sky is shaded only where nothing nearer has been drawn.
    out.clip = vec4<f32>(ndc, 0.0, 1.0);
    out.ndc = ndc;
    return out;
}

// Angular radii of the sun and the moon, as cosines.
const SUN_SIZE: f32 = 0.9993;
const MOON_SIZE: f32 = 0.9995;
// Cells per unit of a cube face's coordinates, for scattering stars.
const STAR_GRID: f32 = 90.0;

fn hash(p: vec3<f32>) -> f32 {
    let q = fract(p * vec3<f32>(0.1031, 0.1030, 0.0973));
    let r = q + dot(q, q.yzx + 33.33);
    return fract((r.x + r.y) * r.z);
}

// A star field on the faces of a cube around the eye: each grid cell may hold one star,
// somewhere inside it, of its own brightness.
fn stars(direction: vec3<f32>) -> f32 {
    let a = abs(direction);
    var uv: vec2<f32>;
    var side: f32;
    if a.x >= a.y && a.x >= a.z {
        uv = direction.yz / a.x;
        side = sign(direction.x);
    } else if a.y >= a.z {
        uv = direction.xz / a.y;
        side = 2.0 * sign(direction.y);
    } else {
        uv = direction.xy / a.z;
        side = 3.0 * sign(direction.z);
    }
    let cell = floor(uv * STAR_GRID);
    let seed = vec3<f32>(cell, side * 17.0);
    if hash(seed) > 0.06 {
        return 0.0;
    }
    let centre = (cell + 0.25 + 0.5 * vec2<f32>(hash(seed + 1.0), hash(seed + 2.0))) / STAR_GRID;
    let d = length(uv - centre) * STAR_GRID;
    return smoothstep(0.35, 0.0, d) * (0.35 + 0.65 * hash(seed + 3.0));
}

// The direction from the eye through the pixel at `ndc`.
fn view_direction(ndc: vec2<f32>) -> vec3<f32> {
    let far = globals.inv_view_proj * vec4<f32>(ndc, 1.0, 1.0);
    return normalize(far.xyz / far.w);
}

// The sky's gradient looking along `direction`, with the red glow of dawn and dusk.
fn gradient(direction: vec3<f32>) -> vec3<f32> {
    let up = smoothstep(-0.05, 0.6, direction.y);
    let colour = mix(globals.sky_horizon.rgb, globals.sky_zenith.rgb, up);
    // Dawn and dusk: red about the sun, strongest low in the sky (the fog's haze there).
    let low = 1.0 - smoothstep(0.0, 0.45, abs(direction.y));
    return colour + (horizon_haze(direction) - globals.sky_horizon.rgb) * low;
}

// The stars looking along `direction`, turning with the sun about the world's z axis and
// faded near the horizon.
fn starlight(direction: vec3<f32>) -> vec3<f32> {
    let sun = globals.sun.xyz;
    let angle = atan2(sun.y, sun.x);
    let c = cos(angle);
    let s = sin(angle);
    let turned = vec3<f32>(c * direction.x + s * direction.y, -s * direction.x + c * direction.y, direction.z);
    let night = globals.glow.w * smoothstep(-0.05, 0.2, direction.y);
    return vec3<f32>(0.9, 0.92, 1.0) * stars(turned) * night;
}

// `colour` with the sun and the moon looking along `direction`.
fn sun_and_moon(colour: vec3<f32>, direction: vec3<f32>) -> vec4<f32> {
    let sun = globals.sun.xyz;
    // The sun: a bright disc with a soft halo; below the horizon the ground hides it.
    let to_sun = dot(direction, sun);
    let halo = pow(max(to_sun, 0.0), 200.0) * 0.35;
    let sun_disc = smoothstep(SUN_SIZE - 0.0004, SUN_SIZE, to_sun);
    let lit = colour + (vec3<f32>(1.0, 0.95, 0.8) * sun_disc + vec3<f32>(1.0, 0.8, 0.55) * halo) * step(-0.02, direction.y);

    // The moon, opposite: pale, with a darker sea on it.
    let to_moon = dot(direction, -sun);
    let moon_disc = smoothstep(MOON_SIZE - 0.0003, MOON_SIZE, to_moon);
    let mare = 0.82 + 0.18 * hash(floor(direction * 600.0));
    return vec4<f32>(mix(lit, vec3<f32>(0.86, 0.88, 0.95) * mare, moon_disc * step(-0.02, direction.y)), 1.0);
}

// The clouds' layer: its height, the side of a cloud cell, the cells in the pattern's
// period along each axis (the renderer wraps the eye's position by it), and how far off
// they fade out.
const CLOUD_HEIGHT: f32 = 192.0;
const CLOUD_CELL: f32 = 12.0;
const CLOUD_CELLS: f32 = 256.0;
const CLOUD_FADE: vec2<f32> = vec2<f32>(250.0, 800.0);

// Smooth noise over the cloud cells, in lattices of four cells wrapping with the pattern.
fn cloud_noise(cell: vec2<f32>) -> f32 {
    let p = cell / 4.0;
    let i = floor(p);
    let f = fract(p);
    let period = CLOUD_CELLS / 4.0;
    let a = hash(vec3<f32>((i + vec2<f32>(0.0, 0.0)) % period, 5.0));
    let b = hash(vec3<f32>((i + vec2<f32>(1.0, 0.0)) % period, 5.0));
    let c = hash(vec3<f32>((i + vec2<f32>(0.0, 1.0)) % period, 5.0));
    let d = hash(vec3<f32>((i + vec2<f32>(1.0, 1.0)) % period, 5.0));
    let u = f * f * (3.0 - 2.0 * f);
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

// The clouds looking along `direction`: their colour and how much they cover, 0 where the
// ray never meets their layer or they are off.
fn clouds(direction: vec3<f32>) -> vec4<f32> {
    let eye = globals.clouds.xyz;
    let rise = CLOUD_HEIGHT - eye.y;
    if globals.clouds.w < 0.5 || abs(direction.y) < 1e-4 || rise / direction.y <= 0.0 {
        return vec4<f32>(0.0);
    }
    let t = rise / direction.y;
    let at = eye.xz + direction.xz * t;
    let cell = floor(at / CLOUD_CELL);
    let wrapped = cell - CLOUD_CELLS * floor(cell / CLOUD_CELLS);
    let cover = cloud_noise(wrapped) * 0.7 + hash(vec3<f32>(wrapped, 9.0)) * 0.3;
    if cover < 0.58 {
        return vec4<f32>(0.0);
    }
    let across = length(direction.xz * t);
    let fade = 1.0 - smoothstep(CLOUD_FADE.x, CLOUD_FADE.y, across);
    // Lit by the day: white at noon, grey at night, touched by dawn's and dusk's glow.
    let day = globals.sun.w;
    let colour = mix(vec3<f32>(0.18, 0.2, 0.26), vec3<f32>(1.0, 1.0, 1.0), day)
        + globals.glow.rgb * 0.3;
    return vec4<f32>(colour, 0.85 * fade);
}

// `colour` with the clouds looking along `direction` over it.
fn with_clouds(colour: vec4<f32>, direction: vec3<f32>) -> vec4<f32> {
    let c = clouds(direction);
    return vec4<f32>(mix(colour.rgb, c.rgb, c.a), 1.0);
}

// The sky by day, when no star shows: the renderer picks this entry point then, so that
// the pixels pay nothing for the star field. Otherwise as `fs_night`.
@fragment
fn fs_day(in: VertexOutput) -> @location(0) vec4<f32> {
    // Under water nothing shows beyond the fog: everything far off is the water's colour.
    if globals.water.w > 0.5 {
        return vec4<f32>(globals.water.rgb, 1.0);
    }
    let direction = view_direction(in.ndc);
    return with_clouds(sun_and_moon(gradient(direction), direction), direction);
}

// The sky while stars show (from dusk to dawn).
@fragment
fn fs_night(in: VertexOutput) -> @location(0) vec4<f32> {
    if globals.water.w > 0.5 {
        return vec4<f32>(globals.water.rgb, 1.0);
    }
    let direction = view_direction(in.ndc);
    return with_clouds(sun_and_moon(gradient(direction) + starlight(direction), direction), direction);
}
