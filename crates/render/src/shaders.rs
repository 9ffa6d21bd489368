//! The WGSL sources, embedded in the binary so the game runs from any directory. Each shader
//! is compiled with the shared declarations of `shaders/globals.wgsl` in front of it, so the
//! frame's uniforms are declared once.

/// The declarations every shader shares.
pub const GLOBALS: &str = include_str!("../../../shaders/globals.wgsl");

/// Every shader's own source, by file name.
pub const SHADERS: [(&str, &str); 6] = [
    ("chunk.wgsl", include_str!("../../../shaders/chunk.wgsl")),
    (
        "creatures.wgsl",
        include_str!("../../../shaders/creatures.wgsl"),
    ),
    ("sky.wgsl", include_str!("../../../shaders/sky.wgsl")),
    ("lines.wgsl", include_str!("../../../shaders/lines.wgsl")),
    ("hud.wgsl", include_str!("../../../shaders/hud.wgsl")),
    (
        "upscale.wgsl",
        include_str!("../../../shaders/upscale.wgsl"),
    ),
];

/// The source of the shader called `name` as it is compiled, with the shared declarations
/// in front; `None` for a name not in [`SHADERS`].
#[must_use]
pub fn source(name: &str) -> Option<String> {
    SHADERS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, body)| format!("{GLOBALS}\n{body}"))
}
