// The world drawn at a fraction of the window's size (the render scale), stretched over the
// whole window by one triangle before the HUD is drawn over it at the window's own size. Each
// of the window's pixels takes the picture's pixel it falls in, as Luanti's undersampling
// does: filtering cost a software rasteriser as much as a third of what drawing at half the
// size saved, and blurred the blocks' edges besides.

@group(1) @binding(0) var world: texture_2d<f32>;

struct VertexOutput {
    @builtin(position) clip: vec4<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) index: u32) -> VertexOutput {
    // One triangle covering the screen: (-1,-1), (3,-1), (-1,3).
    let ndc = vec2<f32>(f32((index << 1u) & 2u) * 2.0 - 1.0, f32(index & 2u) * 2.0 - 1.0);
    var out: VertexOutput;
    out.clip = vec4<f32>(ndc, 0.0, 1.0);
    return out;
}

@fragment
fn fs_main(in: VertexOutput) -> @location(0) vec4<f32> {
    // The window's size is in these globals (the HUD's); the picture's is its own.
    let size = vec2<f32>(textureDimensions(world));
    let at = vec2<i32>(in.clip.xy * size / globals.fog_screen.zw);
    return textureLoad(world, min(at, vec2<i32>(size) - 1), 0);
}
