//! One frame of the app, in order: advance the session, lay out the screen's menus, draw,
//! then act on what the player chose; and the moves between screens that follow.

use hewn_client::SessionError;
use std::time::Instant;

use winit::event_loop::ActiveEventLoop;

use super::choices::Choice;
use super::keys::Hotkey;
use super::play::JoinStage;
use super::settings::Settings;
use super::tuning::loading_budget;
use super::ui::pause;
use super::ui::screen::{AfterSave, Screen, Transition};
use super::ui::title;
use super::ui::{Menus, chat, crafting, death, inventory, multiplayer, options};
use super::{App, AppError, capture_mouse, screenshot_path};
use hewn_core::physics::tuning::TICK_SECONDS;
use hewn_core::sim::time::MORNING;
use hewn_core::world::{BlockPos, BlockSource};
use hewn_render::{Camera, FarScene, MenuFrame, Scene};

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
        self.advance_session(elapsed, now);
        if let Some(every) = &mut self.frame.every {
            // The session's share of the frame: its ticks, streaming and what it heard.
            every.push((
                elapsed.as_secs_f64() * 1e3,
                now.elapsed().as_secs_f64() * 1e3,
            ));
        }
        self.follow_survival();
        if let Some(problem) = self.session.as_ref().and_then(super::Session::problem) {
            // A server joined from the command line ends the game with the reason; one
            // joined from the multiplayer screen goes back to it.
            if self.options.connect.is_some() {
                return Err(SessionError::Join {
                    server: self.ui.world_name.clone(),
                    message: problem,
                }
                .into());
            }
            self.connection_lost(problem);
        }
        self.pump_join();
        if let Some(lobby) = &mut self.ui.lobby {
            lobby.poll(now);
        }
        // The screen this frame shows: a save begun by a button below waits for the next
        // frame, so that "Saving world…" is on the screen while it runs.
        let shown = self.screen;
        let before = self.settings.clone();
        let (menus, choice) = self.lay_out_menus();
        let clicks = self.menus.as_mut().map_or(0, Menus::take_clicks);
        if let Some(ears) = &mut self.ears {
            ears.frame(elapsed, self.session.as_ref(), clicks);
        }
        if self.settings != before {
            self.apply_settings(&before);
        }
        if !self.draw(&menus)? {
            return Ok(false);
        }
        if let Some(choice) = choice {
            self.act(choice, event_loop);
        }
        match shown {
            Screen::Saving { then } => self.finish_session(then),
            _ => Ok(true),
        }
    }

    /// Streams and ticks the session, and leaves the loading screen once the view is in (for
    /// the pause menu if the player has switched away meanwhile).
    fn advance_session(&mut self, elapsed: std::time::Duration, now: Instant) {
        let (Some(session), Some(display)) = (&mut self.session, &mut self.display) else {
            return;
        };
        let running = self.screen.runs_simulation();
        let changes = session.advance(now, elapsed, running);
        let renderer = &mut display.renderer;
        for pos in changes.dropped {
            renderer.remove_chunk(pos);
        }
        for pos in changes.dropped_sections {
            renderer.remove_section(pos);
        }
        for (pos, mesh) in &changes.meshes {
            renderer.upload_chunk(*pos, mesh);
        }
        // Finished meshes go up nearest first for as long as the frame can spare; the rest
        // wait for the next frame.
        let (uploads, budget) = (Instant::now(), loading_budget(elapsed));
        while uploads.elapsed() < budget {
            let Some((pos, mesh)) = session.next_ready_mesh(Instant::now()) else {
                break;
            };
            renderer.upload_chunk(pos, &mesh);
        }
        // Then the far view's, in what time is left.
        while uploads.elapsed() < budget {
            let Some((pos, mesh)) = session.next_ready_section(Instant::now()) else {
                break;
            };
            renderer.upload_section(pos, &mesh);
        }
        if self.screen == Screen::Loading && session.ready_to_play(now) {
            self.go(Transition::ViewReady);
            // Switched away while it loaded: paused, as on a switch while playing.
            if self.ever_focused && !self.focused && self.options.frames.is_none() {
                self.go(Transition::PauseKey);
            }
        }
    }

    /// Draws the frame with `menus` over it and takes the screenshots asked for. Returns
    /// `false` once `--frames` frames have been shown.
    fn draw(&mut self, menus: &MenuFrame) -> Result<bool, AppError> {
        let Some(display) = self.display.as_mut() else {
            return Ok(true);
        };
        // The death screen is read whole: the overlay's text would run through it.
        let overlay = self.frame.overlay && self.screen != Screen::Dead;
        let mut view = self.session.as_ref().map(|s| {
            super::view::SessionView(s).view(
                &self.settings,
                overlay,
                self.frame.player_list,
                &self.frame.stats,
                &display.renderer,
            )
        });
        // The open chat shows every line itself.
        if let (Some(view), Screen::Chat) = (&mut view, self.screen) {
            view.hud.chat.clear();
        }
        let scene = match &view {
            Some(view) => Scene {
                camera: view.camera,
                time: self
                    .session
                    .as_ref()
                    .map_or(MORNING, |s| s.play.sim().time()),
                brightness: self.settings.brightness as f32,
                fog: view.fog,
                underwater: view.underwater,
                outline: &view.outline,
                boxes: &view.boxes,
                figures: &view.figures,
                creatures: &view.creatures,
                items: &view.items,
                crack: view.crack.as_ref(),
                // The inventory shows the hotbar itself.
                hud: (self.screen != Screen::Inventory).then_some(&view.hud),
                menus: Some(menus),
                far: FarScene {
                    sections: &view.far.sections,
                    hidden: Some(&view.far.hidden),
                    reach: view.far.reach,
                },
                clouds: self.settings.clouds,
                hand: Some(&view.hand),
            },
            None => title_scene(&self.settings, self.frame.started.elapsed(), menus),
        };
        // An eye inside a block (flying through rock) sees past the faces around it, which
        // are culled from behind: there, cave culling would hide what shows.
        let in_rock = match (&self.session, &view) {
            (Some(session), Some(view)) => session
                .play
                .sim()
                .world()
                .block(BlockPos::containing(view.camera.eye))
                .is_opaque_cube(),
            _ => false,
        };
        display.renderer.set_cave_culling(!in_rock);
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
        if self
            .options
            .frames
            .is_some_and(|limit| self.frame.presented >= limit)
        {
            if let Some(path) = &self.options.screenshot {
                save_screenshot(display, path, &scene)?;
                log::info!("screenshot saved to {}", path.display());
            }
            return Ok(false);
        }
        Ok(true)
    }

    /// The final save, while "Saving world…" is on the screen; then the title screen, or
    /// `false` to quit.
    fn finish_session(&mut self, then: AfterSave) -> Result<bool, AppError> {
        if let Some(session) = self.session.take() {
            session.finish(Instant::now())?;
        }
        if let Some(display) = &mut self.display {
            display.renderer.clear_chunks();
        }
        match then {
            AfterSave::Quit => Ok(false),
            AfterSave::Title => {
                self.go(Transition::Saved);
                self.refresh_worlds();
                Ok(true)
            }
        }
    }

    /// Lays out the current screen's menus; returns them, drawn or empty, and what the
    /// player chose.
    fn lay_out_menus(&mut self) -> (MenuFrame, Option<Choice>) {
        let (Some(display), Some(menus)) = (&mut self.display, &mut self.menus) else {
            return (MenuFrame::default(), None);
        };
        let screen = self.screen;
        if screen == Screen::Playing {
            menus.forget_game_input(&display.window);
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
                    let problem = session.as_ref().and_then(|s| s.loading_problem());
                    pause::show_loading(ui, &ui_state.world_name, progress, problem);
                    None
                }
                Screen::Paused => {
                    let lan =
                        (session.as_ref()).map_or(pause::LanState::NotOurs, |s| s.play.lan_state());
                    pause::show(ui, lan).map(Choice::Pause)
                }
                Screen::Settings { .. } => options::show(ui, &mut ui_state.options, settings)
                    .then_some(Choice::SettingsDone),
                Screen::Inventory => {
                    if let Some(session) = session.as_deref_mut() {
                        match super::view::SessionView(session).screen_view() {
                            Some(view) => {
                                let clicked =
                                    crafting::show(ui, &mut ui_state.crafting, &view, atlas);
                                for action in clicked {
                                    session.input.screen(action);
                                }
                            }
                            None => {
                                inventory::show(
                                    ui,
                                    &mut ui_state.inventory,
                                    &mut session.input,
                                    atlas,
                                );
                            }
                        }
                    }
                    None
                }
                Screen::Dead => {
                    let cause = session
                        .as_ref()
                        .and_then(|s| s.survivor())
                        .and_then(|s| s.death)
                        .map_or_else(String::new, |c| c.message());
                    death::show(ui, &cause).map(Choice::Death)
                }
                Screen::Chat => session.as_deref().and_then(|session| {
                    chat::show(ui, &mut ui_state.chat, &session.chat).map(Choice::ChatSent)
                }),
                Screen::Saving { .. } => {
                    pause::show_saving(ui);
                    None
                }
                Screen::Multiplayer => {
                    let (rows, lan) = ui_state
                        .lobby
                        .as_ref()
                        .map(|l| (l.rows(), l.lan_rows().to_vec()))
                        .unwrap_or_default();
                    multiplayer::show(ui, &mut ui_state.multiplayer, &rows, &lan)
                        .map(Choice::Multiplayer)
                }
                Screen::Connecting => ui_state.join.as_mut().and_then(|join| {
                    let (stage, password) = match &join.stage {
                        JoinStage::NeedsPassword => ("", Some(&mut join.typed)),
                        JoinStage::Waiting(what) => (*what, None),
                        _ => ("", None),
                    };
                    multiplayer::show_connecting(ui, &join.label, stage, password)
                        .map(Choice::Connecting)
                }),
                Screen::Disconnected => multiplayer::show_disconnected(ui, &ui_state.disconnected)
                    .then_some(Choice::DisconnectedBack),
                Screen::Playing => None,
            };
        });
        display.renderer.apply_menu_textures(textures);
        (frame, choice)
    }

    /// Moves to the screen `transition` leads to, capturing or releasing the mouse to suit
    /// it, and writing the settings when the settings screen closes with changes.
    pub(super) fn go(&mut self, transition: Transition) {
        let from = self.screen;
        self.screen = from.next(transition);
        // What the game was sent this frame (the click that died, the click on a table) is
        // not the menu's: it would press the button or slot under the pointer.
        if from.captures_mouse()
            && !self.screen.captures_mouse()
            && let (Some(menus), Some(display)) = (&mut self.menus, &self.display)
        {
            menus.forget_game_input(&display.window);
        }
        // Survival's screen closes with the menu: its grid and cursor go back.
        if from == Screen::Inventory
            && self.screen != Screen::Inventory
            && let Some(session) = &mut self.session
        {
            session
                .input
                .screen(hewn_core::sim::survival::ScreenAction::Close);
        }
        if matches!(from, Screen::Settings { .. }) && from != self.screen {
            self.ui.options.waiting = None;
            self.save_settings();
        }
        if !self.screen.captures_mouse()
            && let Some(session) = &mut self.session
        {
            session.input.release_all();
            self.frame.player_list = false;
        }
        self.set_captured(self.screen.captures_mouse());
    }

    /// What a key asks of the app.
    pub(super) fn command(&mut self, command: Hotkey) {
        match command {
            Hotkey::Pause => self.go(Transition::PauseKey),
            Hotkey::Inventory => {
                // In survival the simulation opens the inventory, with its crafting grid.
                if self.screen == Screen::Playing
                    && let Some(session) = &mut self.session
                {
                    session
                        .input
                        .screen(hewn_core::sim::survival::ScreenAction::OpenInventory);
                }
                self.go(Transition::InventoryKey);
            }
            Hotkey::Drop => {
                if let Some(session) = &mut self.session {
                    session.input.drop_held(self.frame.ctrl);
                }
            }
            Hotkey::PlayerList { shown } => self.frame.player_list = shown,
            Hotkey::Chat { text } => {
                self.ui.chat = chat::ChatState::opened_with(text);
                self.go(Transition::ChatKey);
            }
            Hotkey::Screenshot => self.frame.screenshot_requested = true,
            Hotkey::Overlay => self.frame.overlay = !self.frame.overlay,
            Hotkey::Fullscreen => {
                let before = self.settings.clone();
                self.settings.fullscreen = !self.settings.fullscreen;
                self.apply_settings(&before);
            }
        }
    }

    /// Captures or releases the mouse. Releasing the player's keys is the callers' part: a
    /// screen change and a focus loss each do it once.
    pub(super) fn set_captured(&mut self, on: bool) {
        if self.captured == on {
            return;
        }
        self.captured = on;
        if let Some(display) = &self.display {
            capture_mouse(&display.window, on);
        }
    }

    /// Writes every frame's time to the `--frame-times` file, if asked for: a line a frame,
    /// the time since the last frame and the time the session's advance took, in
    /// milliseconds.
    ///
    /// # Errors
    /// [`SessionError::Write`] if the file cannot be written.
    pub(super) fn write_frame_times(&self) -> Result<(), AppError> {
        let (Some(path), Some(every)) = (&self.options.frame_times, &self.frame.every) else {
            return Ok(());
        };
        let text: String = (every.iter())
            .map(|(frame, session)| format!("{frame:.3} {session:.3}\n"))
            .collect();
        std::fs::write(path, text).map_err(|e| {
            SessionError::Write {
                path: path.clone(),
                message: e.to_string(),
            }
            .into()
        })
    }

    /// Logs the frame-time percentiles at exit.
    pub(super) fn log_frame_times(&self) {
        if let (Some(f), Some(display)) = (self.frame.stats.summary(), &self.display) {
            log::info!(
                "last {} frames: {:.1} fps, frame time p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms; \
                 the last frame drew {} quads (and {} of the far view)",
                self.frame.stats.len(),
                f.fps,
                f.p50_ms,
                f.p95_ms,
                f.p99_ms,
                display.renderer.quads_drawn(),
                display.renderer.far_quads_drawn()
            );
        }
    }
}

/// The title screen's scene: the sky over no world, turning as a day does at the game's
/// pace, `since_launch` after the game started.
fn title_scene<'a>(
    settings: &Settings,
    since_launch: std::time::Duration,
    menus: &'a MenuFrame,
) -> Scene<'a> {
    let ticks = (since_launch.as_secs_f64() / TICK_SECONDS) as u64;
    Scene {
        brightness: settings.brightness as f32,
        menus: Some(menus),
        clouds: settings.clouds,
        ..Scene::plain(
            Camera {
                eye: glam::DVec3::new(0.0, 80.0, 0.0),
                yaw: 0.0,
                pitch: 10.0,
                fov_y: settings.fov as f32,
                aspect: 1.0,
                far: 256.0,
            },
            MORNING + ticks,
            (200.0, 250.0),
        )
    }
}

fn save_screenshot(
    display: &mut super::display::Display,
    path: &std::path::Path,
    scene: &Scene<'_>,
) -> Result<(), AppError> {
    let size = display.size();
    let picture = display.renderer.capture(size, scene)?;
    let write_error = |message: String| SessionError::Write {
        path: path.to_owned(),
        message,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| write_error(e.to_string()))?;
    }
    picture.save(path).map_err(|e| write_error(e.to_string()))?;
    Ok(())
}
