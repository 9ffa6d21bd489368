//! A world played alone, as the reload tests play it: included by the test binaries that
//! need one (each its own process, since the packs it installs are the process's).

use std::sync::Arc;

use hewn_core::sim::PlayerName;
use hewn_core::worldgen::{Generator, GeneratorKind};
use hewn_net::host::Host;
use hewn_net::server::{Admin, Server, ServerConfig};

/// The server of a new flat world (seed 3) whose packs are `packs`, with its one player, of
/// the default name, its operator: `prepare` has the server before the player comes in.
pub fn played_alone(packs: Vec<hewn_save::WorldPack>, prepare: impl FnOnce(&mut Server)) -> Host {
    let generator = Arc::new(Generator::new(GeneratorKind::Flat, 3));
    let mut server = Server::new_world(generator, ServerConfig::in_process(3));
    let me = PlayerName::default();
    server.set_admin(Admin {
        operators: [me.clone()].into(),
        ..Admin::default()
    });
    server.set_world_packs(packs);
    prepare(&mut server);
    Host::start(server, me, None).expect("in")
}
