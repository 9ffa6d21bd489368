// The HUD: screen-space quads in pixels, either flat colour or an atlas texel tinted.

@group(0) @binding(1) var atlas: texture_2d<f32>;
@group(0) @binding(2) var atlas_sampler: sampler;

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) colour: vec4<f32>,
};

@vertex
fn vs_main(
    @location(0) pixel: vec2<f32>,
    @location(1) uv: vec2<f32>,
    @location(2) colour: vec4<f32>,
) -> VertexOutput {
    let screen = globals.fog_screen.zw;
    var out: VertexOutput;
    out.clip = vec4<f32>(pixel.x / screen.x * 2.0 - 1.0, 1.0 - pixel.y / screen.y * 2.0, 0.0, 1.0);
    out.uv = uv;
    out.colour = colour;
    return out;
}

@fragment
fn fs_main(in: VertexOutput) -> @location(0) vec4<f32> {
    // Texture coordinates below zero mark untextured quads.
    let texel = textureSample(atlas, atlas_sampler, max(in.uv, vec2<f32>(0.0)));
    if in.uv.x < 0.0 {
        return in.colour;
    }
    return texel * in.colour;
}
