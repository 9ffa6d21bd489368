//! Finding a GPU: instance, adapter and device, with errors a player can read.

/// Why the renderer could not start or draw.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// No adapter (GPU or software renderer) can draw for us.
    #[error(
        "no usable graphics adapter was found (hewn needs Vulkan, Metal, DirectX 12 or OpenGL; \
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
    /// The embedded block atlas did not decode.
    #[error("the built-in block atlas is corrupt: {0}")]
    Atlas(#[from] image::ImageError),
    /// Reading a frame back from the GPU failed.
    #[error("reading the frame back from the GPU failed: {0}")]
    Readback(String),
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
        let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: surface,
            apply_limit_buckets: false,
        }))?;
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
                label: Some("hewn"),
                required_limits:
                    wgpu::Limits::downlevel_defaults().using_resolution(adapter.limits()),
                ..Default::default()
            }))?;
        Ok(Self {
            adapter,
            device,
            queue,
        })
    }

    /// An instance for every backend this platform has, as the environment allows.
    #[must_use]
    pub fn instance() -> wgpu::Instance {
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env())
    }

    /// A one-line description of the adapter, for the log.
    #[must_use]
    pub fn describe(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type)
    }
}
