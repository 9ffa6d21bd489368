// The sky, drawn after the opaque world on the far plane (depth 0, as depth is reversed), so
// the depth test leaves it only the pixels nothing nearer covers. It is drawn as Minecraft
// draws its sky, in parts that each shade only the pixels they cover, cheaply:
// - the dome: bands of triangles round the eye, the gradient from the horizon colour (shared
//   with the fog) up to the zenith and the red glow about the sun at dawn and dusk worked out
//   at their corners and blended across them;
// - at night, the stars: the one part still shaded pixel by pixel over the whole sky;
// - the sun and the moon: a square each, about them;
// - the clouds: a plane at y 192 reaching 800 blocks round the eye, blocky cells drifting.
// Under water none shows but the dome, in the water's colour.

// The sines of the elevations of the dome's rings, bottom to top: close together where the
// gradient bends (about the horizon), so that blending across a band follows it.
const RINGS: array<f32, 19> = array<f32, 19>(
    -1.0, -0.6, -0.3, -0.15, -0.05, 0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45,
    0.5, 0.6, 0.75, 1.0,
);
// Segments round the dome: the dawn glow turns with the sun's bearing.
const SEGMENTS: u32 = 32u;
// The vertices the dome draws: 18 bands of SEGMENTS quads, two triangles each.
const DOME_VERTICES: u32 = 3456u;

// Angular radii of the sun and the moon, as cosines.
const SUN_SIZE: f32 = 0.9993;
const MOON_SIZE: f32 = 0.9995;
// Half the side of the squares drawn for the sun (wide enough for its halo, which fades
// below a level's worth 13 degrees out) and the moon, at a distance of 1.
const SUN_SQUARE: f32 = 0.25;
const MOON_SQUARE: f32 = 0.04;
// Cells per unit of a cube face's coordinates, for scattering stars.
const STAR_GRID: f32 = 90.0;

// A vertex outside every view: what a part that does not show draws.
const NOWHERE: vec4<f32> = vec4<f32>(0.0, 0.0, 0.0, -1.0);

// Where the point `direction` from the eye lands on the far plane: the eye's rotation and
// the projection, with the depth set to the far plane's.
fn on_far_plane(direction: vec3<f32>) -> vec4<f32> {
    let clip = globals.view_proj * vec4<f32>(direction, 1.0);
    return vec4<f32>(clip.xy, 0.0, clip.w);
}

fn underwater() -> bool {
    return globals.water.w > 0.5;
}

fn hash(p: vec3<f32>) -> f32 {
    let q = fract(p * vec3<f32>(0.1031, 0.1030, 0.0973));
    let r = q + dot(q, q.yzx + 33.33);
    return fract((r.x + r.y) * r.z);
}

// The sky's gradient looking along `direction` (unit length), with the red glow of dawn and
// dusk.
fn gradient(direction: vec3<f32>) -> vec3<f32> {
    let up = smoothstep(-0.05, 0.6, direction.y);
    let colour = mix(globals.sky_horizon.rgb, globals.sky_zenith.rgb, up);
    // Dawn and dusk: red about the sun, strongest low in the sky (the fog's haze there).
    let low = 1.0 - smoothstep(0.0, 0.45, abs(direction.y));
    return colour + (horizon_haze(direction) - globals.sky_horizon.rgb) * low;
}

struct Coloured {
    @builtin(position) clip: vec4<f32>,
    @location(0) colour: vec3<f32>,
};

// The dome's vertex `index`: quads of two triangles, band by band, segment by segment.
@vertex
fn vs_dome(@builtin(vertex_index) index: u32) -> Coloured {
    let quad = index / 6u;
    // The quad's corners in the order of its two triangles: (0,0) (1,0) (1,1), (0,0) (1,1) (0,1).
    let corner = array<vec2<u32>, 6>(
        vec2<u32>(0u, 0u), vec2<u32>(1u, 0u), vec2<u32>(1u, 1u),
        vec2<u32>(0u, 0u), vec2<u32>(1u, 1u), vec2<u32>(0u, 1u),
    )[index % 6u];
    // The last segment's far edge is the first's near one, worked out from the same number
    // so that the two meet exactly.
    let segment = (quad % SEGMENTS + corner.x) % SEGMENTS;
    let ring = quad / SEGMENTS + corner.y;
    let y = RINGS[ring];
    let across = sqrt(max(1.0 - y * y, 0.0));
    let bearing = f32(segment) * (6.2831853 / f32(SEGMENTS));
    let direction = vec3<f32>(cos(bearing) * across, y, sin(bearing) * across);
    var out: Coloured;
    out.clip = on_far_plane(direction);
    if underwater() {
        out.colour = globals.water.rgb;
    } else {
        out.colour = gradient(direction);
    }
    return out;
}

@fragment
fn fs_dome(in: Coloured) -> @location(0) vec4<f32> {
    return vec4<f32>(in.colour, 1.0);
}

// A square about the unit vector `centre`, of half side `half`: corner `index` of its two
// triangles, with the direction through it; nowhere under water, where neither the sun nor
// the moon is seen.
struct Square {
    @builtin(position) clip: vec4<f32>,
    @location(0) direction: vec3<f32>,
};

fn square(centre: vec3<f32>, half: f32, index: u32) -> Square {
    // Two unit vectors across `centre`; the sun and the moon turn about the world's z axis,
    // so z is never along them.
    let across = normalize(cross(centre, vec3<f32>(0.0, 0.0, 1.0)));
    let other = cross(centre, across);
    let corner = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0),
    )[index % 6u];
    let direction = centre + (across * corner.x + other * corner.y) * half;
    var out: Square;
    out.clip = on_far_plane(direction);
    if underwater() {
        out.clip = NOWHERE;
    }
    out.direction = direction;
    return out;
}

@vertex
fn vs_sun(@builtin(vertex_index) index: u32) -> Square {
    return square(globals.sun.xyz, SUN_SQUARE, index);
}

// The sun: a bright disc with a soft halo, added to the sky behind; below the horizon the
// ground hides it.
@fragment
fn fs_sun(in: Square) -> @location(0) vec4<f32> {
    let direction = normalize(in.direction);
    let to_sun = dot(direction, globals.sun.xyz);
    let halo = pow(max(to_sun, 0.0), 200.0) * 0.35;
    let disc = smoothstep(SUN_SIZE - 0.0004, SUN_SIZE, to_sun);
    let light = vec3<f32>(1.0, 0.95, 0.8) * disc + vec3<f32>(1.0, 0.8, 0.55) * halo;
    return vec4<f32>(light * step(-0.02, direction.y), 1.0);
}

@vertex
fn vs_moon(@builtin(vertex_index) index: u32) -> Square {
    return square(-globals.sun.xyz, MOON_SQUARE, index);
}

// The moon, opposite the sun: pale, with a darker sea on it, over the sky behind.
@fragment
fn fs_moon(in: Square) -> @location(0) vec4<f32> {
    let direction = normalize(in.direction);
    let disc = smoothstep(MOON_SIZE - 0.0003, MOON_SIZE, dot(direction, -globals.sun.xyz));
    let mare = 0.82 + 0.18 * hash(floor(direction * 600.0));
    return vec4<f32>(vec3<f32>(0.86, 0.88, 0.95) * mare, disc * step(-0.02, direction.y));
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

struct Screen {
    @builtin(position) clip: vec4<f32>,
    @location(0) ndc: vec2<f32>,
};

// One triangle covering the screen, for the stars.
@vertex
fn vs_stars(@builtin(vertex_index) index: u32) -> Screen {
    let ndc = vec2<f32>(f32((index << 1u) & 2u) * 2.0 - 1.0, f32(index & 2u) * 2.0 - 1.0);
    var out: Screen;
    out.clip = vec4<f32>(ndc, 0.0, 1.0);
    if underwater() {
        out.clip = NOWHERE;
    }
    out.ndc = ndc;
    return out;
}

// The stars, added to the sky behind, turning with the sun about the world's z axis and
// faded near the horizon: drawn only while they show (from dusk to dawn).
@fragment
fn fs_stars(in: Screen) -> @location(0) vec4<f32> {
    let far = globals.inv_view_proj * vec4<f32>(in.ndc, 1.0, 1.0);
    let direction = normalize(far.xyz / far.w);
    let sun = globals.sun.xyz;
    let angle = atan2(sun.y, sun.x);
    let c = cos(angle);
    let s = sin(angle);
    let turned = vec3<f32>(c * direction.x + s * direction.y, -s * direction.x + c * direction.y, direction.z);
    let night = globals.glow.w * smoothstep(-0.05, 0.2, direction.y);
    return vec4<f32>(vec3<f32>(0.9, 0.92, 1.0) * stars(turned) * night, 1.0);
}

// The clouds' layer: its height, the side of a cloud cell, the cells in the pattern's
// period along each axis (the renderer wraps the eye's position by it), and how far off
// they fade out (the plane drawn reaches the end of the fade).
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

struct Layer {
    @builtin(position) clip: vec4<f32>,
    // From the eye to the point of the layer, in blocks.
    @location(0) relative: vec3<f32>,
};

// The clouds' plane, a square of two triangles about the eye.
@vertex
fn vs_clouds(@builtin(vertex_index) index: u32) -> Layer {
    let corner = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0),
    )[index % 6u];
    let rise = CLOUD_HEIGHT - globals.clouds.y;
    let relative = vec3<f32>(corner.x * CLOUD_FADE.y, rise, corner.y * CLOUD_FADE.y);
    var out: Layer;
    out.clip = on_far_plane(relative);
    if globals.clouds.w < 0.5 || underwater() || abs(rise) < 1e-3 {
        out.clip = NOWHERE;
    }
    out.relative = relative;
    return out;
}

// The clouds over the sky behind: their colour and how much they cover.
@fragment
fn fs_clouds(in: Layer) -> @location(0) vec4<f32> {
    let at = globals.clouds.xz + in.relative.xz;
    let cell = floor(at / CLOUD_CELL);
    let wrapped = cell - CLOUD_CELLS * floor(cell / CLOUD_CELLS);
    let cover = cloud_noise(wrapped) * 0.7 + hash(vec3<f32>(wrapped, 9.0)) * 0.3;
    if cover < 0.58 {
        discard;
    }
    let fade = 1.0 - smoothstep(CLOUD_FADE.x, CLOUD_FADE.y, length(in.relative.xz));
    // Lit by the day: white at noon, grey at night, touched by dawn's and dusk's glow.
    let day = globals.sun.w;
    let colour = mix(vec3<f32>(0.18, 0.2, 0.26), vec3<f32>(1.0, 1.0, 1.0), day)
        + globals.glow.rgb * 0.3;
    return vec4<f32>(colour, 0.85 * fade);
}
