//! Carrying out an operator's `/reload` between two ticks, for whatever runs a server
//! (`hewn serve`, or the game's own server thread): the world's packs read again from disk
//! and installed, the clients joining from then on offered them, everyone told.

use renet::RenetServer;

use crate::server::{Caller, ServedContent, Server};

/// Reads the server's world packs again if an operator asked since the last call, and
/// makes what they hold everyone's; gives who asked and the answer for them, if anyone did.
pub fn reload_if_asked(server: &mut Server, renet: &mut RenetServer) -> Option<(Caller, String)> {
    let caller = server.take_reload_request()?;
    let packs = server.world_packs().to_vec();
    let outcome = hewn_save::reload_packs(&packs).map(|(said, packs)| {
        // Clients joining from now on fetch the packs as they are now.
        server.serve_content(ServedContent::installed(&packs));
        // Mods swap at this tick boundary; one that fails to load leaves the old running.
        let refused = server.load_pack_mods(&packs);
        if refused.is_empty() {
            said
        } else {
            format!("{said}; {}", refused.join("; "))
        }
    });
    let answer = server.finish_reload(&caller, outcome, renet);
    Some((caller, answer))
}
