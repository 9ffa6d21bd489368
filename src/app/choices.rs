//! Carrying out what the player chose in the menus: playing, creating, renaming and
//! deleting worlds from the title screen, and the pause menu's buttons.

use std::time::Instant;

use winit::event_loop::ActiveEventLoop;

use super::session::Session;
use super::ui::death::DeathAction;
use super::ui::inventory;
use super::ui::pause::PauseAction;
use super::ui::screen::Transition;
use super::ui::title::{NewWorldForm, RenameForm, TitleAction, WorldRow};
use super::{App, AppError, open};
use crate::cli::{ModeArg, WorldGenArg};
use hewn_core::sim::survival::Mode;
use hewn_core::worldgen::GeneratorKind;
use hewn_save::worlds::{self, list_worlds, seed_from_text};
use hewn_save::{SaveError, resolve_world, world_exists, worlds_dir};

/// What the player chose in a menu this frame.
pub(super) enum Choice {
    /// On the title screen.
    Title(TitleAction),
    /// In the pause menu.
    Pause(PauseAction),
    /// The settings screen's Done.
    SettingsDone,
    /// Enter in the open chat, with the line typed.
    ChatSent(String),
    /// On the multiplayer screen.
    Multiplayer(super::ui::multiplayer::MultiplayerAction),
    /// On the connecting screen.
    Connecting(super::ui::multiplayer::ConnectingAction),
    /// Back to the list, from the screen that says why a join failed.
    DisconnectedBack,
    /// On the death screen.
    Death(DeathAction),
}

impl App {
    /// Carries out what the player chose in a menu.
    pub(super) fn act(&mut self, choice: Choice, event_loop: &ActiveEventLoop) {
        match choice {
            Choice::Pause(PauseAction::Resume) => self.go(Transition::Resume),
            Choice::Pause(PauseAction::Settings) | Choice::Title(TitleAction::Settings) => {
                self.go(Transition::OpenSettings);
            }
            Choice::Pause(PauseAction::SaveAndQuit) => self.go(Transition::SaveAndQuit),
            Choice::Pause(PauseAction::Quit) => self.go(Transition::Quit),
            Choice::Pause(PauseAction::OpenToLan) => self.open_to_lan(),
            Choice::SettingsDone => self.go(Transition::CloseSettings),
            Choice::ChatSent(text) => {
                if let Some(session) = &mut self.session {
                    session.say(&text);
                }
                self.go(Transition::ChatSent);
            }
            Choice::Title(TitleAction::Quit) => event_loop.exit(),
            Choice::Title(TitleAction::Multiplayer) => self.open_multiplayer(),
            Choice::Multiplayer(action) => self.multiplayer_action(action),
            Choice::Connecting(action) => self.connecting_action(action),
            Choice::DisconnectedBack => self.go(Transition::Back),
            Choice::Death(DeathAction::Respawn) => {
                if let Some(session) = &mut self.session {
                    session.input.queue(hewn_core::sim::Action::Respawn);
                }
            }
            Choice::Death(DeathAction::Title) => self.go(Transition::SaveAndQuit),
            Choice::Title(action) => {
                match self.world_action(action) {
                    Ok(()) => {
                        self.ui.title.error = None;
                        self.ui.title.dialog = None;
                    }
                    Err(e) => self.ui.title.error = Some(e.to_string()),
                }
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
            TitleAction::Create(form) => self.create(&form)?,
            TitleAction::Rename(RenameForm { from, to }) => {
                worlds::rename_world(&dir, &from, &to)?;
                self.ui.title.selected = Some(to);
            }
            TitleAction::Delete(name) => {
                worlds::delete_world(&dir, &name)?;
                self.ui.title.selected = None;
            }
            TitleAction::Settings | TitleAction::Quit | TitleAction::Multiplayer => {}
        }
        Ok(())
    }

    /// Makes the world the new-world form asks for and starts playing it. The world is made
    /// as it opens, as one named on the command line is, so that it starts in the mode
    /// chosen.
    fn create(&mut self, form: &NewWorldForm) -> Result<(), AppError> {
        let name = form.name.as_str();
        worlds::check_world_name(name)?;
        let path = resolve_world(name)?;
        if world_exists(&path)? {
            return Err(SaveError::AlreadyExists { path }.into());
        }
        self.ui.title.selected = Some(name.to_owned());
        // The form offers terrain and flat.
        let world_gen = match form.generator {
            GeneratorKind::Flat => WorldGenArg::Flat,
            GeneratorKind::Terrain | GeneratorKind::Empty => WorldGenArg::Terrain,
        };
        let mode = match form.mode {
            Mode::Survival => ModeArg::Survival,
            Mode::Creative => ModeArg::Creative,
        };
        let packs_dir = hewn_save::packs_dir()?;
        let packs = (form.packs.iter())
            .filter(|p| p.on)
            .map(|p| packs_dir.join(&p.file))
            .collect();
        self.open_and_play(
            name,
            Some(seed_from_text(&form.seed)),
            Some(world_gen),
            Some(mode),
            packs,
        )
    }

    /// Opens the world called `name` in the data folder and starts playing it.
    fn play(&mut self, name: &str) -> Result<(), AppError> {
        // The world has its own seed, generator and mode; the command line's are for new
        // ones.
        self.open_and_play(name, None, None, None, Vec::new())
    }

    /// Opens the world called `name` in the data folder, or makes it with `seed`,
    /// `world_gen`, `mode` and `packs`, and starts playing it.
    fn open_and_play(
        &mut self,
        name: &str,
        seed: Option<u64>,
        world_gen: Option<WorldGenArg>,
        mode: Option<ModeArg>,
        packs: Vec<std::path::PathBuf>,
    ) -> Result<(), AppError> {
        let options = crate::cli::PlayOptions {
            world: Some(name.to_owned()),
            seed,
            world_gen,
            mode,
            // A recording, a start time and a final screenshot belong to the world named on
            // the command line, not to every world opened from the title screen.
            record: None,
            time: None,
            screenshot: None,
            // Packs named on the command line are that world's; a world picked here keeps
            // its own, and a new one has those its form enabled.
            packs,
            ..self.options.clone()
        };
        let opened = open::open_world(&options, None, &self.settings.name)?;
        self.launch = Instant::now();
        self.start_session(&options, opened, name.to_owned())
    }

    /// Starts a session of the `opened` world called `name` with `options`, on the loading
    /// screen.
    ///
    /// # Errors
    /// [`SessionError::Join`](hewn_client::SessionError::Join) if the game's server would not let its player in.
    pub(super) fn start_session(
        &mut self,
        options: &crate::cli::PlayOptions,
        opened: open::OpenedWorld,
        name: String,
    ) -> Result<(), AppError> {
        if let Some(display) = &mut self.display {
            display.renderer.clear_chunks();
        }
        let session = Session::new(
            opened,
            &options.hosting(),
            &self.settings.session(),
            self.launch,
        )?;
        self.session = Some(session);
        self.ui.world_name = name;
        self.ui.inventory = inventory::InventoryState::default();
        self.go(Transition::WorldOpened);
        Ok(())
    }

    /// Opens the world played to the local network, announced where the multiplayer
    /// screen's file says LAN games announce themselves, and says so in the chat.
    fn open_to_lan(&mut self) {
        let announce_to = (super::servers::servers_path())
            .and_then(|path| super::servers::ServerList::load(&path).ok())
            .unwrap_or_default()
            .lan_address();
        let Some(session) = &mut self.session else {
            return;
        };
        let now = Instant::now();
        let motd = format!("{} - {}", self.settings.name, self.ui.world_name);
        match session.play.open_to_network(&motd, announce_to) {
            Ok(port) => {
                log::info!("open to LAN on port {port}, announced to {announce_to:?}");
                session
                    .chat
                    .push(now, format!("Local game hosted on port {port}"));
            }
            Err(e) => session.chat.push(now, e),
        }
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
}
