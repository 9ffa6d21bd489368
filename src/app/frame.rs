//! One frame of the app, in order: advance the session, lay out the screen's menus, draw,
//! then act on what the player chose; and the moves between screens that follow.

use std::time::Instant;

use winit::event_loop::ActiveEventLoop;
use winit::window::Fullscreen;

use super::keys::Command;
use super::session::Session;
use super::settings::{Settings, settings_path};
use super::ui::pause::{self, PauseAction};
use super::ui::screen::{AfterSave, Event, Screen};
use super::ui::title::{self, NewWorldForm, RenameForm, TitleAction, WorldRow};
use super::ui::{inventory, options};
use super::{App, AppError, capture_mouse, open, screenshot_path};
use crate::render::{Camera, MenuFrame, Scene};
use crate::save::worlds::{self, list_worlds, seed_from_text};
use crate::save::worlds_dir;
use crate::sim::time::MORNING;

/// What the player chose in a menu this frame.
enum Choice {
    Title(TitleAction),
    Pause(PauseAction),
    SettingsDone,
}

impl App {
    /// Runs one frame. Returns `false` when the game should end: the player quit, or
    /// `--frames` ran out.
    ///
    /// # Errors
    /// [`AppError`] if a screenshot cannot be written, or the final save fails.
    pub(super) fn frame(&mut self, event_loop: &ActiveEventLoop) -> Result<bool, AppError> {
        let now = Instant::now();
        let elapsed = now - self.frame.last;
        self.frame.last = now;
        self.frame.stats.push(elapsed);
        let Some(display) = self.display.as_mut() else {
            return Ok(true);
        };
        if let Some(session) = &mut self.session {
            session.advance(
                &mut display.renderer,
                elapsed,
                self.screen.runs_simulation(),
            );
            if self.screen == Screen::Loading && session.ready_to_play(now) {
                self.go(Event::ViewReady);
            }
        }

        let before = self.settings.clone();
        let (menus, choice) = self.lay_out_menus();
        if self.settings != before {
            self.apply_settings(&before);
        }
        let Some(display) = self.display.as_mut() else {
            return Ok(true);
        };
        let view = self.session.as_ref().map(|s| {
            s.view(
                &self.settings,
                self.frame.overlay,
                &self.frame.stats,
                &display.renderer,
            )
        });
        let title_camera = Camera {
            eye: glam::DVec3::new(0.0, 80.0, 0.0),
            yaw: 0.0,
            pitch: 10.0,
            fov_y: self.settings.fov as f32,
            aspect: 1.0,
            far: 256.0,
        };
        // The title screen's sky turns as a day does, twenty ticks a second.
        let title_time = MORNING + (self.launch.elapsed().as_secs_f64() * 20.0) as u64;
        let scene = Scene {
            camera: view.as_ref().map_or(title_camera, |v| v.camera),
            time: self.session.as_ref().map_or(title_time, |s| s.sim.time()),
            brightness: self.settings.brightness as f32,
            fog: view.as_ref().map_or((200.0, 250.0), |v| v.fog),
            outline: view.as_ref().map_or(&[], |v| &v.outline),
            boxes: view.as_ref().map_or(&[], |v| &v.boxes),
            // The inventory shows the hotbar itself.
            hud: view
                .as_ref()
                .filter(|_| self.screen != Screen::Inventory)
                .map(|v| &v.hud),
            menus: Some(&menus),
        };
        if display.draw(&scene)? {
            self.frame.presented += 1;
            if self.frame.presented == 1 {
                log::info!("first frame after {} ms", self.launch.elapsed().as_millis());
            }
        }
        if std::mem::take(&mut self.frame.screenshot_requested) {
            let path = screenshot_path(std::path::Path::new("screenshots"));
            save_screenshot(display, &path, &scene)?;
            log::info!("screenshot saved to {}", path.display());
        }
        let limit = self.options.frames;
        if limit.is_some_and(|limit| self.frame.presented >= limit) {
            if let Some(path) = self.options.screenshot.clone() {
                save_screenshot(display, &path, &scene)?;
                log::info!("screenshot saved to {}", path.display());
            }
            return Ok(false);
        }
        if let Some(choice) = choice {
            self.act(choice, event_loop);
        }
        if let Screen::Saving { then } = self.screen {
            // "Saving world…" is on the screen now; the save blocks until the file is whole.
            if let Some(session) = self.session.take() {
                session.finish()?;
            }
            if let Some(display) = &mut self.display {
                display.renderer.clear_chunks();
            }
            match then {
                AfterSave::Quit => return Ok(false),
                AfterSave::Title => {
                    self.go(Event::Saved);
                    self.refresh_worlds();
                }
            }
        }
        Ok(true)
    }

    /// Lays out the current screen's menus; returns them, drawn or empty, and what the
    /// player chose.
    fn lay_out_menus(&mut self) -> (MenuFrame, Option<Choice>) {
        let (Some(display), Some(menus)) = (&mut self.display, &mut self.menus) else {
            return (MenuFrame::default(), None);
        };
        let screen = self.screen;
        if screen == Screen::Playing {
            return (MenuFrame::default(), None);
        }
        let atlas = display.renderer.menu_atlas();
        let ui_state = &mut self.ui;
        let settings = &mut self.settings;
        let mut session = self.session.as_mut();
        let mut choice = None;
        let (frame, textures) = menus.run(&display.window, settings.gui_scale as f32, |ui| {
            choice = match screen {
                Screen::Title => {
                    title::show(ui, &mut ui_state.title, &ui_state.worlds).map(Choice::Title)
                }
                Screen::Loading => {
                    let progress = session.as_ref().map_or(0.0, |s| s.loading_progress());
                    pause::show_loading(ui, &ui_state.world_name, progress);
                    None
                }
                Screen::Paused => pause::show(ui).map(Choice::Pause),
                Screen::Settings { .. } => options::show(ui, &mut ui_state.options, settings)
                    .then_some(Choice::SettingsDone),
                Screen::Inventory => {
                    if let Some(session) = session.as_deref_mut() {
                        inventory::show(ui, &mut ui_state.inventory, &mut session.input, atlas);
                    }
                    None
                }
                Screen::Saving { .. } => {
                    pause::show_saving(ui);
                    None
                }
                Screen::Playing => None,
            };
        });
        display.renderer.apply_menu_textures(textures);
        (frame, choice)
    }

    /// Carries out what the player chose in a menu.
    fn act(&mut self, choice: Choice, event_loop: &ActiveEventLoop) {
        match choice {
            Choice::Pause(PauseAction::Resume) => self.go(Event::Resume),
            Choice::Pause(PauseAction::Settings) | Choice::Title(TitleAction::Settings) => {
                self.go(Event::OpenSettings);
            }
            Choice::Pause(PauseAction::SaveAndQuit) => self.go(Event::SaveAndQuit),
            Choice::Pause(PauseAction::Quit) => self.go(Event::Quit),
            Choice::SettingsDone => self.go(Event::CloseSettings),
            Choice::Title(TitleAction::Quit) => event_loop.exit(),
            Choice::Title(action) => {
                let result = self.world_action(action);
                self.ui.title.error = result.err().map(|e| e.to_string());
                if !self.screen.has_world() {
                    self.refresh_worlds();
                }
            }
        }
    }

    /// Plays, creates, renames or deletes a world from the title screen.
    fn world_action(&mut self, action: TitleAction) -> Result<(), AppError> {
        let dir = worlds_dir()?;
        match action {
            TitleAction::Play(name) => self.play(&name)?,
            TitleAction::Create(NewWorldForm {
                name,
                seed,
                generator,
            }) => {
                worlds::create_world(&dir, &name, seed_from_text(&seed), generator)?;
                self.ui.title.selected = Some(name.clone());
                self.play(&name)?;
            }
            TitleAction::Rename(RenameForm { from, to }) => {
                worlds::rename_world(&dir, &from, &to)?;
                self.ui.title.selected = Some(to);
            }
            TitleAction::Delete(name) => {
                worlds::delete_world(&dir, &name)?;
                self.ui.title.selected = None;
            }
            TitleAction::Settings | TitleAction::Quit => {}
        }
        Ok(())
    }

    /// Opens the world called `name` in the data folder and starts playing it.
    fn play(&mut self, name: &str) -> Result<(), AppError> {
        let options = crate::cli::PlayOptions {
            world: Some(name.to_owned()),
            // The world has its own seed and generator; the command line's are for new ones.
            seed: None,
            world_gen: None,
            ..self.options.clone()
        };
        let opened = open::open_world(&options)?;
        self.launch = Instant::now();
        self.start_session(opened, name.to_owned());
        Ok(())
    }

    /// Starts a session of the `opened` world called `name`, on the loading screen.
    pub(super) fn start_session(&mut self, opened: open::Opened, name: String) {
        if let Some(display) = &mut self.display {
            display.renderer.clear_chunks();
        }
        self.session = Some(Session::new(
            &self.options,
            &self.settings,
            opened,
            self.launch,
        ));
        self.ui.world_name = name;
        self.ui.inventory = inventory::InventoryState::default();
        self.go(Event::WorldOpened);
    }

    /// Reads the worlds list again for the title screen.
    pub(super) fn refresh_worlds(&mut self) {
        let listed = worlds_dir().and_then(|dir| list_worlds(&dir));
        match listed {
            Ok(list) => self.ui.worlds = list.iter().map(WorldRow::of).collect(),
            Err(e) => {
                self.ui.worlds.clear();
                self.ui.title.error = Some(e.to_string());
            }
        }
    }

    /// Moves to the screen `event` leads to, capturing or releasing the mouse to suit it,
    /// and writing the settings when the settings screen closes with changes.
    pub(super) fn go(&mut self, event: Event) {
        let from = self.screen;
        self.screen = from.next(event);
        if matches!(from, Screen::Settings { .. }) && from != self.screen {
            self.ui.options.waiting = None;
            self.save_settings();
        }
        if !self.screen.captures_mouse()
            && let Some(session) = &mut self.session
        {
            session.input.release_all();
        }
        self.set_captured(self.screen.captures_mouse());
    }

    /// What a key asks of the app.
    pub(super) fn command(&mut self, command: Command) {
        match command {
            Command::Pause => self.go(Event::PauseKey),
            Command::Inventory => self.go(Event::InventoryKey),
            Command::Screenshot => self.frame.screenshot_requested = true,
            Command::Overlay => self.frame.overlay = !self.frame.overlay,
            Command::Fullscreen => {
                if let Some(display) = &self.display {
                    let window = &display.window;
                    let full = window
                        .fullscreen()
                        .is_none()
                        .then_some(Fullscreen::Borderless(None));
                    window.set_fullscreen(full);
                }
            }
        }
    }

    /// Captures or releases the mouse.
    pub(super) fn set_captured(&mut self, on: bool) {
        if self.captured == on {
            return;
        }
        self.captured = on;
        if let Some(display) = &self.display {
            capture_mouse(&display.window, on);
        }
        if !on && let Some(session) = &mut self.session {
            session.input.release_all();
        }
    }

    /// Applies at once what the settings screen changed since `before`, and notes it for
    /// the file.
    fn apply_settings(&mut self, before: &Settings) {
        let now = self.settings.clone();
        self.saved_settings.adopt_changes(before, &now);
        self.settings_changed = true;
        if let Some(session) = &mut self.session {
            if now.render_distance != before.render_distance {
                session.set_render_distance(now.render_distance);
            }
            session.input.set_mouse(now.mouse_sensitivity, now.invert_y);
        }
        if let Some(display) = &mut self.display {
            if now.vsync != before.vsync {
                display.set_vsync(now.vsync);
            }
            if now.fullscreen != before.fullscreen {
                let full = now.fullscreen.then_some(Fullscreen::Borderless(None));
                display.window.set_fullscreen(full);
            }
        }
    }

    /// Writes the settings file if the player changed something.
    fn save_settings(&mut self) {
        if !std::mem::take(&mut self.settings_changed) {
            return;
        }
        match settings_path() {
            Some(path) => match self.saved_settings.save(&path) {
                Ok(()) => log::info!("settings saved to {}", path.display()),
                Err(e) => log::warn!("{e}"),
            },
            None => log::warn!("no config folder (no home folder?): settings not saved"),
        }
    }

    /// Logs the frame-time percentiles at exit.
    pub(super) fn log_frame_times(&self) {
        if let (Some(f), Some(display)) = (self.frame.stats.summary(), &self.display) {
            log::info!(
                "last {} frames: {:.1} fps, frame time p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms; \
                 the last frame drew {} quads",
                self.frame.stats.len(),
                f.fps,
                f.p50_ms,
                f.p95_ms,
                f.p99_ms,
                display.renderer.quads_drawn()
            );
        }
    }
}

fn save_screenshot(
    display: &mut super::display::Display,
    path: &std::path::Path,
    scene: &Scene<'_>,
) -> Result<(), AppError> {
    let size = display.size();
    let picture = display.renderer.capture(size, scene)?;
    let write_error = |message: String| AppError::Write {
        path: path.to_owned(),
        message,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| write_error(e.to_string()))?;
    }
    picture.save(path).map_err(|e| write_error(e.to_string()))
}
