//! The game in a window: winit's event loop, the screens, and the frame loop.
//!
//! The app is a thin shell around the pure simulation, in rooms of one job each:
//! - [`display`]: the window, its surface and the renderer, and the surface's losses;
//! - [`session`]: the world being played: the simulation, streaming, autosave, recording;
//! - [`sound`]: what the player hears of the session's events, its surroundings and the
//!   menus;
//! - [`view`]: the scene a session shows this frame;
//! - [`ui`]: the menus, and [`ui::screen`], the state machine of which screen is up;
//! - this module and `frame`: winit's events routed by screen, and each frame's order:
//!   advance the session, lay out the menus, draw, then act on what the player chose.
//!
//! Each frame measures the time since the last one and feeds it to the session's
//! [`FrameClock`], which ticks the [`Simulation`](hewn_core::sim::Simulation) at a fixed rate
//! with one [`Input`](hewn_core::sim::Input) per tick; the [`Streamer`] loads and meshes chunks
//! around the player, and the [`Renderer`] draws the result with the camera interpolated
//! between the last two ticks.

mod apply;
mod choices;
mod display;
mod events;
mod frame;
mod joins;
pub mod keys;
pub mod lobby;
pub mod open;
pub mod servers;
pub mod settings;
pub mod sound;
pub mod stats;
mod survival;
pub mod ui;
pub mod view;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use winit::application::ApplicationHandler;
use winit::dpi::PhysicalSize;
use winit::event::{DeviceEvent, DeviceId, WindowEvent};
use winit::event_loop::{ActiveEventLoop, ControlFlow, EventLoop};
use winit::window::{CursorGrabMode, Fullscreen, Window, WindowId};

use crate::cli::PlayOptions;
// The client engine's modules, by the names the window's code knows them by.
pub use hewn_client::{FrameClock, SessionError, Streamer};
use hewn_client::{chat, far, input, play, session, tuning};
use hewn_render::{Gpu, RenderError, Renderer};
use session::Session;
use settings::{Settings, settings_path};
use stats::FrameStats;
use ui::Menus;
use ui::inventory::InventoryState;
use ui::options::{OptionsState, SOFTWARE_HINT};
use ui::screen::{Screen, Transition};
use ui::title::{TitleState, WorldRow};

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
    /// A world could not be opened, played, joined or saved, or a file written.
    #[error(transparent)]
    Session(#[from] hewn_client::SessionError),
}

impl From<hewn_save::SaveError> for AppError {
    fn from(e: hewn_save::SaveError) -> Self {
        Self::Session(e.into())
    }
}

/// Plays until the player quits, the window is closed or `--frames` runs out.
///
/// Without `--world` or `--frames` the game opens on the title screen. With them it goes
/// straight into the world, so scripts and tests never meet a menu: an existing world is
/// claimed (checked and locked, nothing written) before the display is asked for, so a world
/// that cannot be played is refused even where no window can open; it is opened (perhaps
/// upgraded) and a new world created only once the window and the GPU are up, so `hewn` that
/// cannot open a window writes no file.
///
/// # Errors
/// [`AppError`] when the world cannot be opened (before any window appears), when no window
/// or GPU is available, or when the world, screenshot or recording cannot be written.
pub fn run(options: &PlayOptions) -> Result<(), AppError> {
    let launch = Instant::now();
    let straight_in =
        options.world.is_some() || options.frames.is_some() || options.connect.is_some();
    // An existing world is claimed now and opened with the window (`resumed`); a world to be
    // created waits for the window too.
    // The settings name the player the world is claimed for (and, if it is from before
    // names, upgraded for).
    let saved_settings = load_settings();
    let settings = saved_settings.clone().overridden_by(options);
    let claimed = if straight_in && options.connect.is_none() {
        open::claim_world(options, &settings.name)?
    } else {
        None
    };
    let ears = sound::Ears::start(options, settings.volumes())?;
    let event_loop = EventLoop::new()?;
    event_loop.set_control_flow(ControlFlow::Poll);
    let mut app = App {
        options: options.clone(),
        settings,
        saved_settings,
        settings_changed: false,
        launch,
        straight_in,
        claimed,
        display: None,
        menus: None,
        session: None,
        screen: Screen::Title,
        ui: UiState::default(),
        frame: FrameState::new(options.frame_times.is_some()),
        captured: false,
        focused: true,
        ever_focused: false,
        error: None,
        ears: Some(ears),
    };
    event_loop.run_app(&mut app)?;
    app.log_frame_times();
    app.write_frame_times()?;
    app.save_settings();
    if let Some(session) = app.session.take() {
        session.finish(Instant::now())?;
    }
    if let Some(ears) = app.ears.take() {
        ears.finish(options)?;
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

/// What the menus remember between frames.
#[derive(Default)]
struct UiState {
    title: TitleState,
    /// The title screen's list, read again after every change to it.
    worlds: Vec<WorldRow>,
    options: OptionsState,
    inventory: InventoryState,
    /// Survival's screen: the drag under way.
    crafting: ui::crafting::CraftingState,
    chat: ui::chat::ChatState,
    /// The name of the world being played, for the loading screen.
    world_name: String,
    multiplayer: ui::multiplayer::MultiplayerState,
    /// The multiplayer screen's servers, while it (or a join from it) is up.
    lobby: Option<lobby::Lobby>,
    /// The join under way.
    join: Option<joins::Join>,
    /// Why the last join failed or the server sent the player away.
    disconnected: String,
}

/// Counting and timing frames, and what the frame shows besides the world.
struct FrameState {
    /// Whether the player list is up (its key held).
    player_list: bool,
    /// When the app started: the title screen's sky turns from it.
    started: Instant,
    last: Instant,
    stats: FrameStats,
    /// Every frame's time and the session's share of it, in milliseconds, when
    /// `--frame-times` asks for them.
    every: Option<Vec<(f64, f64)>>,
    /// Frames presented.
    presented: u64,
    /// F2 was pressed.
    screenshot_requested: bool,
    /// F3 overlay shown.
    overlay: bool,
    /// Whether a Ctrl key is down: Ctrl with the drop key throws the whole stack.
    ctrl: bool,
}

impl FrameState {
    /// A first frame's state, keeping every frame's time if `keep_every`.
    fn new(keep_every: bool) -> Self {
        Self {
            started: Instant::now(),
            last: Instant::now(),
            stats: FrameStats::default(),
            every: keep_every.then(Vec::new),
            presented: 0,
            screenshot_requested: false,
            overlay: false,
            player_list: false,
            ctrl: false,
        }
    }
}

struct App {
    options: PlayOptions,
    /// The settings in effect: the file's, with the command line's flags over them.
    settings: Settings,
    /// The settings as the file has them, which the player's changes are written over.
    saved_settings: Settings,
    /// Whether the player changed a setting since the file was last written.
    settings_changed: bool,
    launch: Instant,
    /// Whether the command line named the world (or asked for frames): no title screen.
    straight_in: bool,
    /// The world claimed before the window, until it is opened.
    claimed: Option<hewn_save::ClaimedWorld>,
    display: Option<display::Display>,
    menus: Option<Menus>,
    session: Option<Session>,
    screen: Screen,
    ui: UiState,
    frame: FrameState,
    /// Whether the mouse is captured.
    captured: bool,
    /// Whether the window has the keyboard.
    focused: bool,
    /// Whether it ever had it: a window that opens without the keyboard (a window manager
    /// that does not give it, a virtual display) was not switched away from.
    ever_focused: bool,
    error: Option<AppError>,
    /// The sound; taken when the game ends, to close its file.
    ears: Option<sound::Ears>,
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
        let instance = Gpu::instance_for(Box::new(event_loop.owned_display_handle()));
        let surface = instance
            .create_surface(window.clone())
            .map_err(RenderError::from)?;
        let gpu = Gpu::new(&instance, Some(&surface))?;
        log::info!("drawing with {}", gpu.describe());
        if gpu.is_software() && self.settings.render_scale >= 1.0 {
            log::info!("{SOFTWARE_HINT} (--render-scale 0.5, or Settings, Video, Render scale)");
        }
        // Refused before anything is drawn or a world is made: wgpu would panic mid-run.
        hewn_render::check_size(
            size.width,
            size.height,
            &gpu.device.limits(),
            self.options.screenshot.is_some(),
        )?;
        let inner = window.inner_size();
        let mut config = surface
            .get_default_config(&gpu.adapter, inner.width.max(1), inner.height.max(1))
            .ok_or(RenderError::IncompatibleSurface)?;
        config.present_mode = display::present_mode(self.settings.vsync);
        let mut renderer = Renderer::new(&gpu, config.format)?;
        renderer.set_texture_pack(apply::texture_pack(&self.settings.texture_pack));
        renderer.set_render_scale(self.settings.render_scale as f32);
        // The menus draw through a view without sRGB encoding.
        config.view_formats = vec![renderer.menu_format()];
        if inner.width > 0 && inner.height > 0 {
            surface.configure(&gpu.device, &config);
        }
        Ok(display::Display {
            window,
            instance,
            surface,
            config,
            gpu,
            renderer,
            stale: false,
        })
    }

    /// Joins the server at `addr` and starts playing on it.
    fn join(&mut self, addr: &str) -> Result<(), AppError> {
        let server = std::net::ToSocketAddrs::to_socket_addrs(addr)
            .ok()
            .and_then(|mut a| a.next())
            .ok_or_else(|| SessionError::Join {
                server: addr.to_owned(),
                message: "not an address (HOST:PORT)".to_owned(),
            })?;
        let name = (self.options.name.clone()).unwrap_or_else(|| self.settings.name.clone());
        let remote = play::Remote::join(server, name)?;
        self.ui.world_name = addr.to_owned();
        // Straight in: the title screen's events never ran, so the screen goes from the
        // title to loading as a world opened from it does.
        self.enter_remote(Box::new(remote));
        if self.options.frames.is_some() {
            self.go(Transition::ViewReady);
        }
        Ok(())
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
        if self.display.is_some() || self.error.is_some() {
            return;
        }
        let display = match self.open_display(event_loop) {
            Ok(display) => display,
            Err(e) => return self.fail(event_loop, e),
        };
        self.menus = Some(Menus::new(&display.window));
        self.ui.options.software = display.gpu.is_software();
        self.display = Some(display);
        if !self.straight_in {
            self.refresh_worlds();
            return;
        }
        if let Some(addr) = self.options.connect.clone() {
            match self.join(&addr) {
                Ok(()) => return,
                Err(e) => return self.fail(event_loop, e),
            }
        }
        let opened = match open::open_world(&self.options, self.claimed.take(), &self.settings.name)
        {
            Ok(opened) => opened,
            Err(e) => return self.fail(event_loop, e),
        };
        let name = self.options.world.clone().unwrap_or_default();
        let options = self.options.clone();
        if let Err(e) = self.start_session(&options, opened, name) {
            return self.fail(event_loop, e);
        }
        if self.options.frames.is_some() {
            // Automation: straight into play, never a loading screen to wait through.
            self.go(Transition::ViewReady);
        }
    }

    fn window_event(&mut self, event_loop: &ActiveEventLoop, _: WindowId, event: WindowEvent) {
        let Some(display) = self.display.as_mut() else {
            return;
        };
        match event {
            WindowEvent::CloseRequested => {
                if self.screen.has_world() {
                    self.go(Transition::Quit);
                } else {
                    self.save_settings();
                    event_loop.exit();
                }
                return;
            }
            WindowEvent::Resized(size) => display.resize(size.width, size.height),
            WindowEvent::Focused(focused) => self.focus_changed(focused),
            WindowEvent::RedrawRequested => {
                match self.frame(event_loop) {
                    Ok(true) => {}
                    Ok(false) => event_loop.exit(),
                    Err(e) => self.fail(event_loop, e),
                }
                return;
            }
            _ => {}
        }
        self.route_input(&event);
    }

    fn device_event(&mut self, _: &ActiveEventLoop, _: DeviceId, event: DeviceEvent) {
        if let (Some(session), DeviceEvent::MouseMotion { delta }) = (self.session.as_mut(), event)
            && self.captured
        {
            session.input.mouse_motion(delta.0, delta.1);
        }
    }

    fn about_to_wait(&mut self, _: &ActiveEventLoop) {
        if let Some(display) = &self.display {
            display.window.request_redraw();
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
