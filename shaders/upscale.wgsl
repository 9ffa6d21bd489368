// The world drawn at a fraction of the window's size (the render scale), stretched over the
// whole window by one triangle before the HUD is drawn over it at the window's own size.

@group(1) @binding(0) var world: texture_2d<f32>;
@group(1) @binding(1) var world_sampler: sampler;

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> VertexOutput {
    // One triangle covering the screen: (-1,-1), (3,-1), (-1,3), texture coordinates running
    // 0 to 1 across it and down it.
    let ndc = vec2<f32>(f32((index << 1u) & 2u) * 2.0 - 1.0, f32(index & 2u) * 2.0 - 1.0);
    var out: VertexOutput;
    out.clip = vec4<f32>(ndc, 0.0, 1.0);
    out.uv = vec2<f32>(ndc.x * 0.5 + 0.5, 0.5 - ndc.y * 0.5);
    return out;
}

@fragment
fn fs_main(in: VertexOutput) -> @location(0) vec4<f32> {
    return textureSample(world, world_sampler, in.uv);
}
