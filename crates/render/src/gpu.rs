//! Finding a GPU: instance, adapter and device, with errors a player can read.

/// Why the renderer could not start or draw.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// No adapter (GPU or software renderer) can draw for us.
    #[error(
        "no usable graphics adapter was found (hewn needs Vulkan, Metal or DirectX 12; \
         on Linux without a GPU, install Mesa's lavapipe: mesa-vulkan-drivers): {0}"
    )]
    NoAdapter(#[from] wgpu::RequestAdapterError),
    /// The adapter refused to give us a device.
    #[error("the graphics adapter refused to open a device: {0}")]
    NoDevice(#[from] wgpu::RequestDeviceError),
    /// The window system would not give us a surface to draw into.
    #[error("cannot draw into the window: {0}")]
    Surface(#[from] wgpu::CreateSurfaceError),
    /// The surface cannot be drawn into by this adapter.
    #[error("the graphics adapter cannot draw into this window")]
    IncompatibleSurface,
    /// Reading a frame back from the GPU failed.
    #[error("reading the frame back from the GPU failed: {0}")]
    Readback(String),
    /// A picture larger than the device can draw or read back.
    #[error("{width}x{height} is too large for this graphics adapter: {why}")]
    TooLarge {
        /// The width asked for, in pixels.
        width: u32,
        /// The height asked for, in pixels.
        height: u32,
        /// Which of the device's limits it passes.
        why: String,
    },
}

/// The most pixels a screenshot may have: 2²⁵, an 8K UHD display's 7680 × 4320 with room to
/// spare. Reading a frame back holds it several times over (the frame, the copy, the
/// readback buffer, the PNG encoder's rows), about 22 bytes a pixel on lavapipe, so this
/// keeps a screenshot run under 1 GB where the device's own buffer limit (8192 × 8192 on
/// lavapipe) let one take 1.45 GB.
pub const MAX_SCREENSHOT_PIXELS: u64 = 1 << 25;

/// Refuses a picture of `width` × `height` pixels that a device with `limits` cannot draw
/// (a side longer than its largest texture) or, with `capture`, cannot read back (more than
/// [`MAX_SCREENSHOT_PIXELS`], or a readback buffer, rows padded to wgpu's copy alignment,
/// larger than the device's largest buffer). wgpu panics on the device's limits rather than
/// returning an error, so they are checked first.
///
/// # Errors
/// [`RenderError::TooLarge`] naming the limit passed.
pub fn check_size(
    width: u32,
    height: u32,
    limits: &wgpu::Limits,
    capture: bool,
) -> Result<(), RenderError> {
    let too_large = |why: String| Err(RenderError::TooLarge { width, height, why });
    let side = limits.max_texture_dimension_2d;
    if width > side || height > side {
        return too_large(format!("its largest picture is {side} pixels on a side"));
    }
    let pixels = u64::from(width) * u64::from(height);
    if capture && pixels > MAX_SCREENSHOT_PIXELS {
        return too_large(format!(
            "a screenshot may have at most {MAX_SCREENSHOT_PIXELS} pixels, and this has {pixels}"
        ));
    }
    let bytes = readback_bytes(width, height);
    if capture && bytes > limits.max_buffer_size {
        return too_large(format!(
            "reading it back takes a buffer of {bytes} bytes, more than its largest, {}",
            limits.max_buffer_size
        ));
    }
    Ok(())
}

/// The bytes of the buffer that a `width` × `height` RGBA picture is read back into: rows
/// padded to [`wgpu::COPY_BYTES_PER_ROW_ALIGNMENT`].
#[must_use]
pub fn readback_bytes(width: u32, height: u32) -> u64 {
    let align = u64::from(wgpu::COPY_BYTES_PER_ROW_ALIGNMENT);
    (u64::from(width) * 4).div_ceil(align) * align * u64::from(height)
}

/// The backends hewn draws with. Not OpenGL: the translucent pass reads the depth buffer in
/// its shader (`textureLoad` of a depth texture), which wgpu cannot translate to GLSL, so a
/// machine with only OpenGL finds no adapter and says so, where it would otherwise fail
/// building the pipelines. `WGPU_BACKEND` in the environment still overrides this.
pub const DRAWING_BACKENDS: wgpu::Backends = wgpu::Backends::PRIMARY;

/// `descriptor` limited to [`DRAWING_BACKENDS`], then adjusted by the environment.
fn drawing_backends(mut descriptor: wgpu::InstanceDescriptor) -> wgpu::InstanceDescriptor {
    descriptor.backends = DRAWING_BACKENDS;
    descriptor.with_env()
}

/// A device and its queue, with the adapter's name for the log.
#[derive(Debug, Clone)]
pub struct Gpu {
    /// The adapter the device came from.
    pub adapter: wgpu::Adapter,
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
}

impl Gpu {
    /// Opens a device on the best adapter that can draw into `surface` (or offscreen when
    /// `surface` is `None`). Respects `WGPU_BACKEND` and friends from the environment.
    ///
    /// # Errors
    /// [`RenderError::NoAdapter`] or [`RenderError::NoDevice`].
    pub fn new(
        instance: &wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
    ) -> Result<Self, RenderError> {
        // Where the adapter has it: draws read from a buffer that start at an instance of
        // their own, which lets one call draw many meshes ([`crate::draws`]).
        let wanted = wgpu::Features::INDIRECT_FIRST_INSTANCE;
        Self::within(
            instance,
            surface,
            wgpu::Limits::downlevel_defaults(),
            wanted,
        )
    }

    /// As [`Gpu::new`], the device held to `limits` (each texture side as large as the
    /// adapter allows) and given those of `wanted`'s features the adapter has: a browser's
    /// WebGL2 is `downlevel_webgl2_defaults` and no features, which a test draws within.
    ///
    /// # Errors
    /// [`RenderError::NoAdapter`] or [`RenderError::NoDevice`].
    pub fn within(
        instance: &wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
        limits: wgpu::Limits,
        wanted: wgpu::Features,
    ) -> Result<Self, RenderError> {
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: surface,
            apply_limit_buckets: false,
        }))?;
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
                label: Some("hewn"),
                required_features: adapter.features() & wanted,
                required_limits: limits.using_resolution(adapter.limits()),
                ..Default::default()
            }))?;
        Ok(Self {
            adapter,
            device,
            queue,
        })
    }

    /// An instance for offscreen drawing on every backend that can draw hewn
    /// ([`DRAWING_BACKENDS`]), as the environment allows.
    #[must_use]
    pub fn instance() -> wgpu::Instance {
        wgpu::Instance::new(drawing_backends(
            wgpu::InstanceDescriptor::new_without_display_handle(),
        ))
    }

    /// An instance for drawing into the windows of `display`, on every backend that can
    /// draw hewn, as the environment allows.
    #[must_use]
    pub fn instance_for(display: Box<dyn wgpu::wgt::WgpuHasDisplayHandle>) -> wgpu::Instance {
        wgpu::Instance::new(drawing_backends(
            wgpu::InstanceDescriptor::new_with_display_handle(display),
        ))
    }

    /// Whether the adapter draws in software on the CPU (lavapipe, llvmpipe, SwiftShader),
    /// where every pixel shaded costs the CPU's time.
    #[must_use]
    pub fn is_software(&self) -> bool {
        self.adapter.get_info().device_type == wgpu::DeviceType::Cpu
    }

    /// A one-line description of the adapter, for the log.
    #[must_use]
    pub fn describe(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_past_the_largest_texture_or_readback_buffer_are_refused() {
        // As on lavapipe (whose texture side hewn's device takes): 16384-pixel textures and
        // the 256 MiB buffers of wgpu's downlevel defaults.
        let limits = wgpu::Limits {
            max_texture_dimension_2d: 16384,
            max_buffer_size: 256 << 20,
            ..wgpu::Limits::downlevel_defaults()
        };
        assert!(check_size(1280, 720, &limits, true).is_ok());
        assert!(check_size(7680, 4320, &limits, true).is_ok(), "8K UHD");
        assert!(
            check_size(8192, 4096, &limits, true).is_ok(),
            "exactly the most pixels"
        );
        let square = check_size(8192, 8192, &limits, true).expect_err("twice the pixels");
        assert!(square.to_string().contains("33554432 pixels"), "{square}");
        // A device with a smaller buffer limit is held to it.
        let tight = wgpu::Limits {
            max_buffer_size: 64 << 20,
            ..limits.clone()
        };
        let tall = check_size(4096, 4097, &tight, true).expect_err("one row too many");
        assert!(tall.to_string().contains("4096x4097"), "{tall}");
        assert!(tall.to_string().contains("67125248 bytes"), "{tall}");
        assert!(
            check_size(8192, 8193, &limits, false).is_ok(),
            "drawn, not read back"
        );
        assert!(check_size(16384, 16384, &limits, true).is_err());
        let small = wgpu::Limits {
            max_texture_dimension_2d: 8192,
            ..limits
        };
        let wide = check_size(8193, 100, &small, false).expect_err("too wide");
        assert!(wide.to_string().contains("8192 pixels on a side"), "{wide}");
        // Rows are padded to 256 bytes: a 1-pixel-wide picture reads back 256 bytes a row.
        assert_eq!(readback_bytes(1, 3), 768);
    }
}
