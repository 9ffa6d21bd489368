//! The game in a window: winit's event loop, the frame loop, streaming and the HUD.
//!
//! The app is a thin shell around the pure simulation. Each frame it measures the time
//! since the last one and feeds it to the [`FrameClock`], turns the keys and mouse into one
//! [`Input`](crate::sim::Input) per due tick, ticks the [`Simulation`], lets the
//! [`Streamer`] load and mesh chunks around the player, and has the [`Renderer`] draw the
//! result with the camera interpolated between the last two ticks.

pub mod clock;
mod display;
mod frame;
pub mod input;
pub mod jobs;
pub mod keys;
mod open;
pub mod settings;
pub mod stats;
pub mod stream;
pub mod tuning;
pub mod workers;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{DeviceEvent, DeviceId, ElementState, MouseScrollDelta, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::keyboard::PhysicalKey;
use winit::window::{CursorGrabMode, Fullscreen, Window, WindowId};

use crate::cli::PlayOptions;
use crate::render::{Gpu, RenderError, Renderer};
pub use clock::FrameClock;
use frame::Game;
use keys::{Binding, MouseBinding, map_button};
use settings::{Settings, settings_path};
pub use stream::Streamer;

/// Why the game could not run.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The windowing system is unavailable (no display, say).
    #[error("cannot open a window: {0}")]
    EventLoop(#[from] winit::error::EventLoopError),
    /// The window could not be created.
    #[error("cannot open a window: {0}")]
    Window(#[from] winit::error::OsError),
    /// The GPU side failed.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// The world could not be opened or saved.
    #[error(transparent)]
    Save(#[from] crate::save::SaveError),
    /// A file could not be written.
    #[error("cannot write {path}: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        message: String,
    },
}

/// Opens the world, then the window, and plays until the window is closed (or `--frames`
/// runs out). An existing world is opened before the display is asked for, so that a world
/// that cannot be played is refused even where no window can open; a world that would be
/// created is created only once the window and the GPU are up, so `hewn` that cannot open a
/// window makes no file.
///
/// # Errors
/// [`AppError`] when the world cannot be opened (before any window appears), when no window
/// or GPU is available, or when the world, screenshot or recording cannot be written.
pub fn run(options: &PlayOptions) -> Result<(), AppError> {
    let launch = Instant::now();
    // A world to be created waits for the window (`resumed`); an existing one is opened now.
    let opened = if open::would_create_world(options)? {
        None
    } else {
        Some(open::open_world(options)?)
    };
    let settings = load_settings().overridden_by(options);
    let event_loop = EventLoop::new()?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App {
        options: options.clone(),
        settings,
        launch,
        opened,
        game: None,
        error: None,
    };
    event_loop.run_app(&mut app)?;
    if let Some(game) = app.game.take() {
        game.finish()?;
    }
    match app.error {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The player's settings file, read (never written) with a warning logged for each problem
/// in it.
fn load_settings() -> Settings {
    let Some(path) = settings_path() else {
        log::warn!("no config folder (no home folder?): default settings");
        return Settings::default();
    };
    let (settings, warnings) = Settings::load(&path);
    for warning in warnings {
        log::warn!("{warning}");
    }
    settings
}

struct App {
    options: PlayOptions,
    /// The settings for this run: the file's, with the command line's flags over them.
    settings: Settings,
    launch: Instant,
    /// The world, until the game takes it when the window opens; `None` from the start when
    /// the world is yet to be created, which waits until a window has opened.
    opened: Option<open::Opened>,
    game: Option<Game>,
    error: Option<AppError>,
}

impl App {
    /// Opens the window and the GPU.
    fn open_display(&self, event_loop: &ActiveEventLoop) -> Result<display::Display, AppError> {
        let size = self.options.size;
        let mut attributes = Window::default_attributes()
            .with_title("hewn")
            .with_inner_size(PhysicalSize::new(size.width, size.height));
        if self.settings.fullscreen {
            attributes = attributes.with_fullscreen(Some(Fullscreen::Borderless(None)));
        }
        let window = Arc::new(event_loop.create_window(attributes)?);
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_with_display_handle_from_env(
                Box::new(event_loop.owned_display_handle()),
            ));
        let surface = instance
            .create_surface(window.clone())
            .map_err(RenderError::from)?;
        let gpu = Gpu::new(&instance, Some(&surface))?;
        log::info!("drawing with {}", gpu.describe());
        let inner = window.inner_size();
        let mut config = surface
            .get_default_config(&gpu.adapter, inner.width.max(1), inner.height.max(1))
            .ok_or(RenderError::IncompatibleSurface)?;
        config.present_mode = if self.settings.vsync {
            wgpu::PresentMode::AutoVsync
        } else {
            wgpu::PresentMode::AutoNoVsync
        };
        if inner.width > 0 && inner.height > 0 {
            surface.configure(&gpu.device, &config);
        }
        let renderer = Renderer::new(&gpu, config.format)?;
        Ok(display::Display {
            window,
            instance,
            surface,
            config,
            gpu,
            renderer,
        })
    }

    fn fail(&mut self, event_loop: &ActiveEventLoop, error: AppError) {
        self.error.get_or_insert(error);
        event_loop.exit();
    }
}

fn capture_mouse(window: &Window, on: bool) {
    if on {
        let grabbed = window
            .set_cursor_grab(CursorGrabMode::Locked)
            .or_else(|_| window.set_cursor_grab(CursorGrabMode::Confined));
        if let Err(e) = grabbed {
            log::warn!("cannot capture the mouse: {e}");
        }
    } else if let Err(e) = window.set_cursor_grab(CursorGrabMode::None) {
        log::warn!("cannot release the mouse: {e}");
    }
    window.set_cursor_visible(!on);
}

impl ApplicationHandler for App {
    fn resumed(&mut self, event_loop: &ActiveEventLoop) {
        if self.game.is_some() || self.error.is_some() {
            return;
        }
        let display = match self.open_display(event_loop) {
            Ok(display) => display,
            Err(e) => return self.fail(event_loop, e),
        };
        let opened = match self.opened.take() {
            Some(opened) => opened,
            None => match open::open_world(&self.options) {
                Ok(opened) => opened,
                Err(e) => return self.fail(event_loop, e),
            },
        };
        self.game = Some(Game::new(
            &self.options,
            &self.settings,
            opened,
            self.launch,
            display,
        ));
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        match event {
            WindowEvent::CloseRequested => event_loop.exit(),
            WindowEvent::Resized(size) => game.display.resize(size.width, size.height),
            WindowEvent::Focused(false) => {
                game.input.release_all();
                game.set_captured(false);
            }
            WindowEvent::KeyboardInput { event, .. } => {
                let PhysicalKey::Code(code) = event.physical_key else {
                    return;
                };
                let down = event.state == ElementState::Pressed;
                match self.settings.keys.binding_of(code) {
                    Some(Binding::Control(key)) if !event.repeat => game.input.key(key, down),
                    Some(Binding::Hotbar(slot)) if down => game.input.select(slot),
                    Some(Binding::ReleaseMouse) if down => game.set_captured(false),
                    Some(Binding::Screenshot) if down && !event.repeat => {
                        game.screenshot_requested = true;
                    }
                    Some(Binding::SwitchCollider) if down && !event.repeat => {
                        game.input.switch_collider();
                    }
                    Some(Binding::Overlay) if down && !event.repeat => {
                        game.overlay = !game.overlay;
                    }
                    Some(Binding::Fullscreen) if down && !event.repeat => {
                        let w = &game.display.window;
                        let full = w
                            .fullscreen()
                            .is_none()
                            .then_some(Fullscreen::Borderless(None));
                        w.set_fullscreen(full);
                    }
                    _ => {}
                }
            }
            WindowEvent::MouseInput { state, button, .. } => {
                let down = state == ElementState::Pressed;
                if !game.captured {
                    if down {
                        game.set_captured(true);
                    }
                } else {
                    match map_button(button) {
                        Some(MouseBinding::Button(b)) => game.input.button(b, down),
                        Some(MouseBinding::Pick) if down => game.input.request_pick(),
                        _ => {}
                    }
                }
            }
            WindowEvent::MouseWheel { delta, .. } => {
                let steps = match delta {
                    MouseScrollDelta::LineDelta(_, y) => -y.signum() as i32,
                    MouseScrollDelta::PixelDelta(p) => -p.y.signum() as i32,
                };
                game.input.scroll(steps);
            }
            WindowEvent::RedrawRequested => match game.frame() {
                Ok(true) => {}
                Ok(false) => event_loop.exit(),
                Err(e) => self.fail(event_loop, e),
            },
            _ => {}
        }
    }

    fn device_event(&mut self, _: &ActiveEventLoop, _: DeviceId, event: DeviceEvent) {
        if let (Some(game), DeviceEvent::MouseMotion { delta }) = (self.game.as_mut(), event) {
            if game.captured {
                game.input.mouse_motion(delta.0, delta.1);
            }
        }
    }

    fn about_to_wait(&mut self, _: &ActiveEventLoop) {
        if let Some(game) = &self.game {
            game.display.window.request_redraw();
        }
    }
}

/// A file name for a screenshot taken now, in `dir`.
fn screenshot_path(dir: &std::path::Path) -> PathBuf {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    dir.join(format!("hewn-{stamp}.png"))
}
