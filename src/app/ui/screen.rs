//! Which screen the player is on, and how one leads to the next: a small state machine,
//! kept apart from drawing so every path through it can be tested without a window.
//!
//! ```text
//!  title ──play──▶ loading ──view ready──▶ playing ◀──Esc──▶ paused ──settings──▶ settings
//!    ▲  └─settings─▶ settings                 │ ▲ E                 │                (Esc: back)
//!    │                                        ▼ │                   │ save and quit
//!    └────────saved────── saving ◀────────── inventory              ▼
//!                            ▲─────────────────────────────────────-┘
//! ```
//!
//! In survival, dying (in play, the inventory or the chat) leads to the death screen, and
//! respawning from it back to play.

/// Where the settings screen returns to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Back {
    /// The title screen.
    Title,
    /// The pause menu.
    Paused,
}

/// What follows the final save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AfterSave {
    /// The title screen.
    Title,
    /// Quitting the game.
    Quit,
}

/// A screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The worlds list.
    Title,
    /// A world is open and the ground around the player loading.
    Loading,
    /// In the world, the mouse captured.
    Playing,
    /// The pause menu: the simulation stands still.
    Paused,
    /// The settings screen.
    Settings {
        /// Where Done leads.
        from: Back,
    },
    /// The inventory (creative's, or survival's with its crafting grid, a crafting table's
    /// or a furnace's), over the running game.
    Inventory,
    /// Survival's death screen, over the running game.
    Dead,
    /// The chat open to type in, over the running game.
    Chat,
    /// The multiplayer screen: saved servers and those on the local network.
    Multiplayer,
    /// A join under way.
    Connecting,
    /// Why a join failed or the server sent the player away.
    Disconnected,
    /// "Saving world…" while the final save runs.
    Saving {
        /// What comes once the world is on disk.
        then: AfterSave,
    },
}

/// Something that moves the player from one screen to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Transition {
    /// A world was opened to play.
    WorldOpened,
    /// The ground and view around the player are loaded.
    ViewReady,
    /// The pause key (Esc): pauses, or closes the open menu.
    PauseKey,
    /// The inventory key (E).
    InventoryKey,
    /// The chat key (T or /).
    ChatKey,
    /// A line of chat was sent (Enter).
    ChatSent,
    /// The Resume button.
    Resume,
    /// The Settings button.
    OpenSettings,
    /// The settings screen's Done button.
    CloseSettings,
    /// Save and quit to title.
    SaveAndQuit,
    /// Quit the game (the button, or the window closing).
    Quit,
    /// The final save finished.
    Saved,
    /// The title screen's Multiplayer button.
    OpenMultiplayer,
    /// A server picked to join.
    Connect,
    /// The join failed, or the server sent the player away or went silent.
    ConnectFailed,
    /// Back, from the multiplayer screens.
    Back,
    /// The player died (survival).
    Died,
    /// The player came back to life.
    Respawned,
}

impl Screen {
    /// The screen that `transition` leads to from this one; transitions that mean nothing here
    /// leave it as it is.
    #[must_use]
    pub const fn next(self, transition: Transition) -> Self {
        use Transition as T;
        match (self, transition) {
            (Self::Title, T::WorldOpened) => Self::Loading,
            (Self::Title, T::OpenSettings) => Self::Settings { from: Back::Title },
            (Self::Title, T::OpenMultiplayer)
            | (Self::Connecting | Self::Disconnected, T::Back | T::PauseKey) => Self::Multiplayer,
            (Self::Multiplayer, T::Back | T::PauseKey) => Self::Title,
            (Self::Multiplayer, T::Connect) => Self::Connecting,
            (Self::Connecting, T::WorldOpened) => Self::Loading,
            (
                Self::Connecting
                | Self::Loading
                | Self::Playing
                | Self::Paused
                | Self::Inventory
                | Self::Chat
                | Self::Dead
                | Self::Settings { from: Back::Paused },
                T::ConnectFailed,
            ) => Self::Disconnected,
            (Self::Playing | Self::Inventory | Self::Chat, T::Died) => Self::Dead,
            (Self::Dead, T::Respawned) => Self::Playing,
            (Self::Loading, T::ViewReady)
            | (Self::Paused, T::PauseKey | T::Resume)
            | (Self::Inventory, T::PauseKey | T::InventoryKey)
            | (Self::Chat, T::PauseKey | T::ChatSent) => Self::Playing,
            (Self::Playing, T::ChatKey) => Self::Chat,
            (Self::Playing, T::PauseKey) => Self::Paused,
            (Self::Paused, T::OpenSettings) => Self::Settings { from: Back::Paused },
            (Self::Playing, T::InventoryKey) => Self::Inventory,
            (Self::Settings { from }, T::PauseKey | T::CloseSettings) => match from {
                Back::Title => Self::Title,
                Back::Paused => Self::Paused,
            },
            // Esc on the loading screen gives up waiting: back to the title, the world saved.
            (Self::Loading, T::PauseKey)
            | (
                Self::Loading
                | Self::Playing
                | Self::Paused
                | Self::Inventory
                | Self::Chat
                | Self::Dead,
                T::SaveAndQuit,
            ) => Self::Saving {
                then: AfterSave::Title,
            },
            (_, T::Quit) if self.has_world() => Self::Saving {
                then: AfterSave::Quit,
            },
            (
                Self::Saving {
                    then: AfterSave::Title,
                },
                T::Saved,
            ) => Self::Title,
            _ => self,
        }
    }

    /// Whether a world is open on this screen (and must be saved before leaving it).
    #[must_use]
    pub const fn has_world(self) -> bool {
        match self {
            Self::Title | Self::Multiplayer | Self::Connecting | Self::Disconnected => false,
            Self::Settings { from } => matches!(from, Back::Paused),
            _ => true,
        }
    }

    /// Whether the simulation advances: in play and with the inventory open, as in the
    /// games this one follows; not in the pause menu or its settings.
    #[must_use]
    pub const fn runs_simulation(self) -> bool {
        matches!(
            self,
            Self::Playing | Self::Inventory | Self::Chat | Self::Dead
        )
    }

    /// Whether the mouse belongs to the game (captured, turning the view) rather than to a
    /// menu.
    #[must_use]
    pub const fn captures_mouse(self) -> bool {
        matches!(self, Self::Playing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(start: Screen, transitions: &[Transition]) -> Screen {
        transitions.iter().fold(start, |s, &e| s.next(e))
    }

    #[test]
    fn multiplayer_leads_to_a_join_and_a_failure_back_to_the_list() {
        use Transition as T;
        let after = |from: Screen, transitions: &[Transition]| {
            transitions.iter().fold(from, |s, &e| s.next(e))
        };
        assert_eq!(
            after(
                Screen::Title,
                &[T::OpenMultiplayer, T::Connect, T::WorldOpened]
            ),
            Screen::Loading
        );
        assert_eq!(
            after(Screen::Multiplayer, &[T::Connect, T::PauseKey]),
            Screen::Multiplayer
        );
        assert_eq!(
            after(Screen::Playing, &[T::ConnectFailed, T::Back]),
            Screen::Multiplayer
        );
        assert_eq!(after(Screen::Multiplayer, &[T::Back]), Screen::Title);
        assert!(!Screen::Connecting.has_world() && !Screen::Disconnected.has_world());
        assert_eq!(Screen::Title.next(T::ConnectFailed), Screen::Title);
    }

    #[test]
    fn a_session_goes_from_title_to_play_and_back() {
        use Transition as T;
        assert_eq!(
            after(Screen::Title, &[T::WorldOpened, T::ViewReady]),
            Screen::Playing
        );
        assert_eq!(Screen::Playing.next(T::PauseKey), Screen::Paused);
        assert_eq!(Screen::Paused.next(T::PauseKey), Screen::Playing);
        assert_eq!(Screen::Paused.next(T::Resume), Screen::Playing);
        assert_eq!(
            after(Screen::Paused, &[T::SaveAndQuit, T::Saved]),
            Screen::Title
        );
        assert_eq!(
            after(Screen::Loading, &[T::PauseKey, T::Saved]),
            Screen::Title,
            "Esc gives up a loading that takes too long"
        );
    }

    #[test]
    fn settings_return_where_they_were_opened() {
        use Transition as T;
        assert_eq!(
            after(Screen::Paused, &[T::OpenSettings, T::CloseSettings]),
            Screen::Paused
        );
        assert_eq!(
            after(Screen::Paused, &[T::OpenSettings, T::PauseKey]),
            Screen::Paused
        );
        assert_eq!(
            after(Screen::Title, &[T::OpenSettings, T::CloseSettings]),
            Screen::Title
        );
        assert_eq!(
            Screen::Playing.next(T::OpenSettings),
            Screen::Playing,
            "settings open from a menu, not from play"
        );
    }

    #[test]
    fn the_inventory_opens_and_closes_over_the_running_game() {
        use Transition as T;
        assert_eq!(Screen::Playing.next(T::InventoryKey), Screen::Inventory);
        assert!(Screen::Inventory.runs_simulation());
        assert!(!Screen::Inventory.captures_mouse());
        assert_eq!(Screen::Inventory.next(T::InventoryKey), Screen::Playing);
        assert_eq!(Screen::Inventory.next(T::PauseKey), Screen::Playing);
        assert_eq!(Screen::Paused.next(T::InventoryKey), Screen::Paused);
    }

    #[test]
    fn dying_shows_the_death_screen_over_the_running_game_until_the_respawn() {
        use Transition as T;
        for screen in [Screen::Playing, Screen::Inventory, Screen::Chat] {
            assert_eq!(screen.next(T::Died), Screen::Dead, "{screen:?}");
        }
        assert_eq!(Screen::Paused.next(T::Died), Screen::Paused);
        assert!(Screen::Dead.runs_simulation() && !Screen::Dead.captures_mouse());
        assert_eq!(
            Screen::Dead.next(T::PauseKey),
            Screen::Dead,
            "Esc does not escape it"
        );
        assert_eq!(Screen::Dead.next(T::InventoryKey), Screen::Dead);
        assert_eq!(Screen::Dead.next(T::Respawned), Screen::Playing);
        assert_eq!(
            Screen::Dead.next(T::SaveAndQuit),
            Screen::Saving {
                then: AfterSave::Title
            }
        );
    }

    #[test]
    fn the_chat_opens_over_the_running_game_and_closes_on_enter_or_esc() {
        use Transition as T;
        assert_eq!(Screen::Playing.next(T::ChatKey), Screen::Chat);
        assert!(Screen::Chat.runs_simulation());
        assert!(!Screen::Chat.captures_mouse());
        assert_eq!(Screen::Chat.next(T::ChatSent), Screen::Playing);
        assert_eq!(Screen::Chat.next(T::PauseKey), Screen::Playing);
        assert_eq!(Screen::Chat.next(T::InventoryKey), Screen::Chat);
        assert_eq!(Screen::Paused.next(T::ChatKey), Screen::Paused);
    }

    #[test]
    fn only_play_runs_the_simulation_and_captures_the_mouse() {
        for screen in [
            Screen::Title,
            Screen::Loading,
            Screen::Paused,
            Screen::Settings { from: Back::Paused },
            Screen::Saving {
                then: AfterSave::Title,
            },
        ] {
            assert!(!screen.runs_simulation(), "{screen:?}");
            assert!(!screen.captures_mouse(), "{screen:?}");
        }
        assert!(Screen::Playing.runs_simulation() && Screen::Playing.captures_mouse());
    }

    #[test]
    fn quitting_with_a_world_open_saves_it_first() {
        for screen in [
            Screen::Loading,
            Screen::Playing,
            Screen::Paused,
            Screen::Inventory,
            Screen::Chat,
            Screen::Dead,
            Screen::Settings { from: Back::Paused },
        ] {
            assert_eq!(
                screen.next(Transition::Quit),
                Screen::Saving {
                    then: AfterSave::Quit
                },
                "{screen:?}"
            );
        }
        assert_eq!(Screen::Title.next(Transition::Quit), Screen::Title);
        let saving_to_quit = Screen::Saving {
            then: AfterSave::Quit,
        };
        assert_eq!(saving_to_quit.next(Transition::Saved), saving_to_quit);
    }
}
