// What every shader of a frame shares: the camera, the sky, the fog and how light looks. Put
// in front of each shader's own source when it is compiled (crates/render/src/shaders.rs);
// must match `Globals` in crates/render/src/lib.rs.

struct Globals {
    // Rotation-only view (the camera sits at the origin) times projection.
    view_proj: mat4x4<f32>,
    inv_view_proj: mat4x4<f32>,
    sky_zenith: vec4<f32>,
    // The sky's colour at the horizon, which is also the fog's colour.
    sky_horizon: vec4<f32>,
    // x: distance where fog starts, y: where it is total, zw: screen size in pixels.
    fog_screen: vec4<f32>,
    // xyz: unit vector towards the sun; w: daylight, what sky light is scaled by.
    sun: vec4<f32>,
    // rgb: the colour of sky light on the world; w: the brightness setting, 0 to 1.
    sky_light: vec4<f32>,
    // rgb: the red glow about the sun at dawn and dusk; w: how much the stars show.
    glow: vec4<f32>,
    // rgb: the colour of water around an eye under it; w: 1 while the eye is under water,
    // when the fog is the water's (all around and close) instead of the sky's.
    water: vec4<f32>,
    // xyz: where the eye is in its cell, 0 to 1; chunk offsets are from the cell's corner.
    eye_in_cell: vec4<f32>,
    // xyz: the eye in the clouds' pattern (x and z drifted and wrapped by its period, y the
    // eye's height); w: 1 when clouds are drawn.
    clouds: vec4<f32>,
};

@group(0) @binding(0) var<uniform> globals: Globals;

// The colour the fog fades into looking along `direction` (any length, from the eye): the
// sky's at the horizon, with the red glow of dawn and dusk towards the sun as the sky shader
// paints it, so that far ground fades into the sky behind it.
fn horizon_haze(direction: vec3<f32>) -> vec3<f32> {
    let toward_sun = max(dot(normalize(direction.xz + 1e-5), normalize(globals.sun.xz + 1e-5)), 0.0);
    return globals.sky_horizon.rgb + globals.glow.rgb * pow(toward_sun, 3.0);
}

// How much of what lies `relative` blocks away (from the eye) the fog hides, 0 to 1, and
// the colour it hides it behind.
struct Fog {
    amount: f32,
    colour: vec3<f32>,
};

fn fog_at(relative: vec3<f32>) -> Fog {
    if globals.water.w > 0.5 {
        // Under water the water itself fogs the view, as far up and down as across.
        let murk = smoothstep(globals.fog_screen.x, globals.fog_screen.y, length(relative));
        return Fog(murk, globals.water.rgb);
    }
    // Horizontal distance, so the fog wall is a cylinder matching the loaded columns.
    let distance = length(relative.xz);
    let fog = smoothstep(globals.fog_screen.x, globals.fog_screen.y, distance);
    return Fog(fog, horizon_haze(relative));
}

// `colour` seen through the fog from `relative` blocks away (from the eye).
fn fogged(colour: vec3<f32>, relative: vec3<f32>) -> vec3<f32> {
    let fog = fog_at(relative);
    return mix(colour, fog.colour, fog.amount);
}

// How bright a light level looks. Minecraft's curve, l / (4 − 3l) for l = level / 15, bent
// up towards 1 − (1 − b)⁴ as the brightness setting goes from 0 to 1, and lifted off black
// so that level 0 reads as dim shapes rather than nothing.
const DARKEST: f32 = 0.035;

fn brightness(level: f32) -> f32 {
    let l = clamp(level / 15.0, 0.0, 1.0);
    let moody = l / (4.0 - 3.0 * l);
    // Squared twice rather than `pow`, which a software renderer pays for per pixel.
    let dim = (1.0 - moody) * (1.0 - moody);
    let bright = 1.0 - dim * dim;
    return mix(DARKEST, 1.0, mix(moody, bright, globals.sky_light.w));
}

// The colour a surface is lit with: the brighter of its sky light, dimmed by the time of day
// and tinted by the sky, and its block light, which is warm.
fn lit(light: vec2<f32>) -> vec3<f32> {
    let sky = brightness(light.x * globals.sun.w) * globals.sky_light.rgb;
    let b = brightness(light.y);
    let block = b * vec3<f32>(1.0, 0.82 + 0.14 * b, 0.62 + 0.3 * b);
    return max(sky, block);
}

// sRGB to linear, as the atlas's texels are decoded.
fn linear(c: vec3<f32>) -> vec3<f32> {
    return select(pow((c + 0.055) / 1.055, vec3<f32>(2.4)), c / 12.92, c <= vec3<f32>(0.04045));
}
