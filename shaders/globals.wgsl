// What every shader of a frame shares: the camera, the sky and the fog. Put in front of each
// shader's own source when it is compiled (src/render/shaders.rs); must match `Globals` in
// src/render/mod.rs.

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
