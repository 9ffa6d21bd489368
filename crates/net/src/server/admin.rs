//! Running a server: who may use the operators' commands, who may not join, and the
//! commands themselves, typed in chat by a player or at `hewn serve`'s console.
//!
//! Everyone may ask for `/help` and `/list`; `/kick`, `/ban`, `/pardon`, `/op`, `/deop`,
//! `/tp`, `/time`, `/gamemode`, `/say`, `/reload` and `/stop` are for operators and the
//! console. An
//! unknown command, or one a player may not use, gets an answer saying so, never an error.

use std::collections::BTreeSet;
use std::net::IpAddr;

use renet::{ClientId, RenetServer};

use super::Server;
use crate::password::Password;
use crate::protocol;
use hewn_core::sim::PlayerName;

/// Who may run the operators' commands and who may join.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Admin {
    /// Players who may run every command.
    pub operators: BTreeSet<PlayerName>,
    /// Players refused when they join.
    pub banned: BTreeSet<PlayerName>,
    /// Addresses whose clients are refused.
    pub banned_addresses: BTreeSet<IpAddr>,
    /// The password a client must prove before it is let in, if there is one.
    pub password: Option<Password>,
}

/// Who runs a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Caller {
    /// The server's console: may run everything.
    Console,
    /// A player online, by its connection and name.
    Body(ClientId, PlayerName),
}

impl Caller {
    /// How the answers and announcements name the caller.
    fn name(&self) -> &str {
        match self {
            Self::Console => "the server",
            Self::Body(_, name) => name.as_str(),
        }
    }
}

/// What `/help` says to everyone.
const HELP: &str = "Commands: /help, /list";

/// What `/help` adds for operators.
const OPERATOR_HELP: &str = "/kick NAME [reason], /ban NAME|ADDRESS, /pardon NAME|ADDRESS, /op NAME, \
    /deop NAME, /tp NAME X Y Z, /time set dawn|noon|dusk|midnight|TICKS, \
    /gamemode survival|creative, /difficulty peaceful|normal, /say TEXT, /reload, /stop";

impl Server {
    /// Who may run the operators' commands and who may not join, from now on.
    pub fn set_admin(&mut self, admin: Admin) {
        self.admin = admin;
    }

    /// Who may run the operators' commands and who may not join.
    #[must_use]
    pub const fn admin(&self) -> &Admin {
        &self.admin
    }

    /// Whether the operators or the banned names changed since the last call: what a
    /// server keeping them in a file must write.
    pub const fn take_admin_changed(&mut self) -> bool {
        std::mem::replace(&mut self.admin_changed, false)
    }

    /// Whether an operator asked the server to stop (`/stop`).
    #[must_use]
    pub const fn stop_requested(&self) -> bool {
        self.stop_requested
    }

    /// Who asked to read the world's packs again (`/reload`), since the last call: what runs
    /// the server reads them between two ticks and says how it went
    /// ([`Server::finish_reload`]). The server touches no file itself.
    pub fn take_reload_request(&mut self) -> Option<Caller> {
        self.reload_requested.take()
    }

    /// Says how the `/reload` that `caller` asked for went: `Ok` with what was read, told to
    /// everyone, for everyone now plays by it; `Err` with why nothing changed, told to the
    /// caller. Returns the answer for the caller, as [`Server::run_command`] does.
    pub fn finish_reload(
        &mut self,
        caller: &Caller,
        outcome: Result<String, String>,
        renet: &mut RenetServer,
    ) -> String {
        match outcome {
            Ok(read) => {
                let by = caller.name();
                self.announce(
                    format!("The packs were read again ({by} asked): {read}."),
                    None,
                    renet,
                );
                String::new()
            }
            Err(why) => {
                let answer = format!("Nothing was reloaded: {why}");
                log::warn!("{}", protocol::for_log(&answer));
                if let Caller::Body(id, _) = caller {
                    Self::tell(*id, &answer, renet);
                }
                answer
            }
        }
    }

    /// Runs `line` (a command, with or without its `/`) for `caller`; returns the answer.
    pub fn run_command(&mut self, caller: &Caller, line: &str, renet: &mut RenetServer) -> String {
        let line = line.trim().trim_start_matches('/');
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let operator = match caller {
            Caller::Console => true,
            Caller::Body(_, name) => self.admin.operators.contains(name),
        };
        match command {
            "help" if operator => format!("{HELP}, {OPERATOR_HELP}"),
            "help" => HELP.to_owned(),
            "list" => {
                let names: Vec<&str> = (self.clients.values())
                    .filter_map(|r| r.name.as_ref().map(PlayerName::as_str))
                    .collect();
                format!("Online ({}): {}", names.len(), names.join(", "))
            }
            "kick" | "ban" | "pardon" | "op" | "deop" | "tp" | "time" | "gamemode"
            | "difficulty" | "say" | "reload" | "stop"
                if !operator =>
            {
                format!("Only operators may use /{command}.")
            }
            "tp" => self.teleport_command(caller, rest),
            "time" => self.time_command(rest),
            "gamemode" => self.gamemode_command(rest),
            "difficulty" => self.difficulty_command(rest),
            "say" if !rest.is_empty() => {
                self.announce(format!("[{}] {rest}", caller.name()), None, renet);
                String::new()
            }
            "reload" => {
                self.reload_requested = Some(caller.clone());
                "Reading the packs again, between two ticks.".to_owned()
            }
            "stop" => {
                self.stop_requested = true;
                let by = match caller {
                    Caller::Console => String::new(),
                    Caller::Body(_, name) => format!(" ({name} asked)"),
                };
                self.announce(format!("The server is stopping{by}."), None, renet);
                "Stopping: the world is saved first.".to_owned()
            }
            "ban" | "pardon" if rest.parse::<IpAddr>().is_ok() => {
                self.address_command(command, rest, caller, renet)
            }
            "kick" | "ban" | "pardon" | "op" | "deop" => {
                let (target, reason) = rest.split_once(' ').unwrap_or((rest, ""));
                match PlayerName::new(target) {
                    Ok(name) => self.act_on(command, &name, reason.trim(), caller, renet),
                    Err(_) => format!("/{command} needs a player's name."),
                }
            }
            "say" => "/say needs something to say.".to_owned(),
            // A command a mod registered: the mod answers, in chat, if it will.
            _ if self.mod_command(caller, line, renet) => String::new(),
            other => format!("Unknown command /{other}: /help lists the commands."),
        }
    }

    /// Runs an operator's command that names a player.
    fn act_on(
        &mut self,
        command: &str,
        name: &PlayerName,
        reason: &str,
        caller: &Caller,
        renet: &mut RenetServer,
    ) -> String {
        let by = caller.name().to_owned();
        match command {
            "kick" => {
                let reason = if reason.is_empty() {
                    format!("Kicked by {by}")
                } else {
                    format!("Kicked by {by}: {reason}")
                };
                if self.send_away(name, reason, renet) {
                    format!("Kicked {name}.")
                } else {
                    format!("{name} is not online.")
                }
            }
            "ban" => {
                self.admin_changed |= self.admin.banned.insert(name.clone());
                self.send_away(name, format!("Banned by {by}"), renet);
                format!("Banned {name}.")
            }
            "pardon" => {
                if self.admin.banned.remove(name) {
                    self.admin_changed = true;
                    format!("{name} may join again.")
                } else {
                    format!("{name} is not banned.")
                }
            }
            "op" => {
                self.admin_changed |= self.admin.operators.insert(name.clone());
                format!("{name} is an operator.")
            }
            _ => {
                if self.admin.operators.remove(name) {
                    self.admin_changed = true;
                    format!("{name} is no longer an operator.")
                } else {
                    format!("{name} is not an operator.")
                }
            }
        }
    }

    /// `/ban ADDRESS` (sending away everyone playing from it) or `/pardon ADDRESS`.
    fn address_command(
        &mut self,
        command: &str,
        address: &str,
        caller: &Caller,
        renet: &mut RenetServer,
    ) -> String {
        let Ok(ip) = address.parse::<IpAddr>() else {
            return format!("/{command} needs a player's name or an address.");
        };
        if command == "pardon" {
            return if self.admin.banned_addresses.remove(&ip) {
                self.admin_changed = true;
                format!("{ip} may join again.")
            } else {
                format!("{ip} is not banned.")
            };
        }
        self.admin_changed |= self.admin.banned_addresses.insert(ip);
        let from_there: Vec<ClientId> = (self.addresses.iter())
            .filter(|&(id, &a)| {
                a == ip && self.clients.get(id).is_some_and(|r| r.leaving_at.is_none())
            })
            .map(|(&id, _)| id)
            .collect();
        let mut summary = super::TickSummary::default();
        for id in &from_there {
            self.refuse(
                *id,
                format!("Banned by {}", caller.name()),
                renet,
                &mut summary,
            );
        }
        format!("Banned {ip} ({} sent away).", from_there.len())
    }

    /// Sends the player `name` away with `reason`, if it is online; returns whether it was.
    fn send_away(&mut self, name: &PlayerName, reason: String, renet: &mut RenetServer) -> bool {
        let id = (self.clients.iter())
            .find(|(_, r)| r.name.as_ref() == Some(name))
            .map(|(&id, _)| id);
        let Some(id) = id else {
            return false;
        };
        let mut summary = super::TickSummary::default();
        self.refuse(id, reason, renet, &mut summary);
        true
    }

    /// A player's command, answered to it alone.
    pub(super) fn player_command(
        &mut self,
        id: ClientId,
        name: &PlayerName,
        line: &str,
        renet: &mut RenetServer,
    ) {
        let caller = Caller::Body(id, name.clone());
        let answer = self.run_command(&caller, line, renet);
        log::info!(
            "{name} ran /{}: {}",
            protocol::for_log(line),
            protocol::for_log(&answer)
        );
        if !answer.is_empty() {
            Self::tell(id, &answer, renet);
        }
    }
}
