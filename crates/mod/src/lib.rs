//! Writing a hewn mod in Rust ([the mod guide](../../docs/mods.md)): a type implementing
//! [`Mod`], exported with [`export!`], built for `wasm32-unknown-unknown` as a `cdylib`. The
//! functions hewn gives a mod are [`host`]'s, safe to call. A mod that greets each player:
//!
//! ```ignore
//! #[derive(Default)]
//! struct Welcome;
//!
//! impl hewn_mod::Mod for Welcome {
//!     fn join(&mut self, player: &str) {
//!         hewn_mod::host::chat(Some(player), &format!("Welcome, {player}!"));
//!     }
//! }
//!
//! hewn_mod::export!(Welcome);
//! ```

#[cfg(target_arch = "wasm32")]
pub mod host;
#[doc(hidden)]
pub mod inbox;

/// A mod: what it does when it loads, every tick and at each event. Every method does
/// nothing by default; `edit` lets every edit through.
pub trait Mod: Default {
    /// Once, when the mod loads (and when `/reload` swaps it in).
    fn init(&mut self) {}
    /// Every tick, after it, with its number.
    fn tick(&mut self, _tick: i64) {}
    /// `player` came into the world.
    fn join(&mut self, _player: &str) {}
    /// `player` left it.
    fn leave(&mut self, _player: &str) {}
    /// `player` typed `/line`, whose first word the mod registered
    /// ([`host::register_command`]); `player` is empty for the server's console.
    fn command(&mut self, _player: &str, _line: &str) {}
    /// Whether `player` may set `pos` to the block `block` (air for a break).
    fn edit(&mut self, _player: &str, _pos: [i32; 3], _block: u16) -> bool {
        true
    }
    /// `player` broke the block `block` at `pos`.
    fn broken(&mut self, _player: &str, _pos: [i32; 3], _block: u16) {}
    /// `player` placed the block `block` at `pos`.
    fn placed(&mut self, _player: &str, _pos: [i32; 3], _block: u16) {}
    /// A creature of `kind` was killed at `pos`.
    fn slain(&mut self, _kind: &str, _pos: [i32; 3]) {}
    /// The timer `id` fell due ([`host::set_timer`]).
    fn timer(&mut self, _id: i32) {}
}

/// Exports `$ty` (a [`Mod`]) as the module's `hewn_init`, `hewn_tick`, events and
/// `hewn_alloc`: one value of it, made with `Default`, lives as long as the mod.
#[macro_export]
macro_rules! export {
    ($ty:ty) => {
        std::thread_local! {
            static MOD: std::cell::RefCell<$ty> = std::cell::RefCell::new(<$ty>::default());
        }

        #[allow(unsafe_code, reason = "hewn finds its calls by these names")]
        mod exported {
            use super::*;
            use $crate::Mod as _;
            use $crate::inbox;

            #[unsafe(no_mangle)]
            extern "C" fn hewn_alloc(len: i32) -> i32 {
                inbox::alloc(len)
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_init() {
                MOD.with_borrow_mut(|m| m.init());
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_tick(tick: i64) {
                MOD.with_borrow_mut(|m| m.tick(tick));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_join(ptr: i32, len: i32) {
                let player = inbox::text(ptr, len);
                MOD.with_borrow_mut(|m| m.join(&player));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_leave(ptr: i32, len: i32) {
                let player = inbox::text(ptr, len);
                MOD.with_borrow_mut(|m| m.leave(&player));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_command(p: i32, plen: i32, l: i32, llen: i32) {
                let (player, line) = (inbox::text(p, plen), inbox::text(l, llen));
                MOD.with_borrow_mut(|m| m.command(&player, &line));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_edit(p: i32, plen: i32, x: i32, y: i32, z: i32, block: i32) -> i32 {
                let player = inbox::text(p, plen);
                let block = u16::try_from(block).unwrap_or(0);
                let allowed = MOD.with_borrow_mut(|m| m.edit(&player, [x, y, z], block));
                inbox::clear();
                i32::from(allowed)
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_broken(p: i32, plen: i32, x: i32, y: i32, z: i32, block: i32) {
                let player = inbox::text(p, plen);
                let block = u16::try_from(block).unwrap_or(0);
                MOD.with_borrow_mut(|m| m.broken(&player, [x, y, z], block));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_placed(p: i32, plen: i32, x: i32, y: i32, z: i32, block: i32) {
                let player = inbox::text(p, plen);
                let block = u16::try_from(block).unwrap_or(0);
                MOD.with_borrow_mut(|m| m.placed(&player, [x, y, z], block));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_slain(k: i32, klen: i32, x: i32, y: i32, z: i32) {
                let kind = inbox::text(k, klen);
                MOD.with_borrow_mut(|m| m.slain(&kind, [x, y, z]));
                inbox::clear();
            }
            #[unsafe(no_mangle)]
            extern "C" fn hewn_timer(id: i32) {
                MOD.with_borrow_mut(|m| m.timer(id));
            }
        }
    };
}
