// The outline of the targeted block: thin beams along its edges, camera-relative.

@vertex
fn vs_main(@location(0) position: vec3<f32>) -> @builtin(position) vec4<f32> {
    // Pull each point a little towards the eye (the origin): it projects to the same pixel
    // but lies in front of the faces it outlines, so the depth test keeps the edges that
    // are in view and hides only those behind the block.
    return globals.view_proj * vec4<f32>(position * 0.995, 1.0);
}

@fragment
fn fs_main() -> @location(0) vec4<f32> {
    return vec4<f32>(0.05, 0.05, 0.05, 0.85);
}
