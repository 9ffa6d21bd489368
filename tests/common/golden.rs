//! Golden pictures: comparing a render with `tests/golden/NAME.png` within what drivers
//! may round differently, and the GPU to render with. Included by the tests that draw.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::path::PathBuf;

use hewn_render::Gpu;

/// Pixels whose largest channel difference is above this count as different: small
/// differences come from drivers rounding the fog and lighting arithmetic differently.
pub const CHANNEL_TOLERANCE: u8 = 10;
/// At most this share of pixels may differ: bounded by where drivers may rasterise the edge
/// pixels of triangles and lines differently (the outline and block silhouettes).
pub const MAX_DIFFERENT_SHARE: f64 = 0.01;

/// The GPU, or `None` (with the reason printed) where there is no adapter; with
/// `HEWN_REQUIRE_GPU=1` (as in CI, on Mesa's lavapipe) a missing adapter fails instead.
pub fn gpu_or_skip() -> Option<Gpu> {
    let instance = Gpu::instance();
    match Gpu::new(&instance, None) {
        Ok(gpu) => Some(gpu),
        Err(e) if std::env::var("HEWN_REQUIRE_GPU").is_ok_and(|v| v == "1") => {
            panic!("HEWN_REQUIRE_GPU=1 but {e}")
        }
        Err(e) => {
            println!("skipping a test that draws: {e}");
            None
        }
    }
}

/// Compares `picture` with `tests/golden/NAME.png`, or writes it there with
/// `HEWN_UPDATE_GOLDEN=1`. A missing golden fails: a deleted or renamed one must not pass.
#[track_caller]
pub fn assert_matches_golden(name: &str, picture: &image::RgbaImage) {
    let update = std::env::var("HEWN_UPDATE_GOLDEN").is_ok_and(|v| v == "1");
    compare_with_golden(name, picture, update);
}

/// [`assert_matches_golden`] with the choice to write spelled out, so that the check of a
/// missing golden can run whatever the environment says.
#[track_caller]
pub fn compare_with_golden(name: &str, picture: &image::RgbaImage, update: bool) {
    let golden_path =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/golden/{name}.png"));
    if update {
        picture
            .save(&golden_path)
            .expect("golden image is writable");
        println!("wrote {}", golden_path.display());
        return;
    }
    assert!(
        golden_path.exists(),
        "no golden image {}: run with HEWN_UPDATE_GOLDEN=1 to write it, then look at it",
        golden_path.display()
    );
    let golden = image::open(&golden_path)
        .expect("golden image decodes")
        .to_rgba8();
    assert_eq!(golden.dimensions(), picture.dimensions());
    let different = golden
        .pixels()
        .zip(picture.pixels())
        .filter(|(a, b)| (0..3).any(|c| a[c].abs_diff(b[c]) > CHANNEL_TOLERANCE))
        .count();
    let share = different as f64 / f64::from(picture.width() * picture.height());
    if share > MAX_DIFFERENT_SHARE {
        let actual = std::env::temp_dir().join(format!("hewn-{name}-actual.png"));
        let _ = picture.save(&actual);
        panic!(
            "{:.2}% of pixels differ from {} (at most {:.2}% may); this render: {}",
            share * 100.0,
            golden_path.display(),
            MAX_DIFFERENT_SHARE * 100.0,
            actual.display()
        );
    }
}
