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
    /// The embedded block atlas did not decode.
    #[error("the built-in block atlas is corrupt: {0}")]
    Atlas(#[from] image::ImageError),
    /// Reading a frame back from the GPU failed.
    #[error("reading the frame back from the GPU failed: {0}")]
    Readback(String),
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

    /// A one-line description of the adapter, for the log.
    #[must_use]
    pub fn describe(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type)
    }
}
