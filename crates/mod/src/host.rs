//! hewn's functions, as a mod calls them (`docs/mods.md` says what each does). What a mod
//! asks is queued and done after it returns; each answer says whether it was queued.

#![allow(
    unsafe_code,
    reason = "the host's functions are foreign: declared here, once"
)]

/// The functions under `hewn`, as the module imports them.
mod ffi {
    #[link(wasm_import_module = "hewn")]
    unsafe extern "C" {
        pub safe fn log(ptr: i32, len: i32);
        pub safe fn block_at(x: i32, y: i32, z: i32) -> i32;
        pub safe fn block_named(ptr: i32, len: i32) -> i32;
        pub safe fn set_block(x: i32, y: i32, z: i32, id: i32) -> i32;
        pub safe fn chat(to: i32, to_len: i32, ptr: i32, len: i32) -> i32;
        pub safe fn random() -> i64;
        pub safe fn storage_get(key: i32, key_len: i32, out: i32, room: i32) -> i32;
        pub safe fn storage_set(key: i32, key_len: i32, value: i32, len: i32) -> i32;
        pub safe fn register_command(ptr: i32, len: i32) -> i32;
        pub safe fn set_timer(ticks: i32, id: i32) -> i32;
        pub safe fn teleport(ptr: i32, len: i32, x: f64, y: f64, z: f64) -> i32;
        pub safe fn spawn_point(out: i32);
        pub safe fn player_at(ptr: i32, len: i32, out: i32) -> i32;
        pub safe fn drop_item(x: f64, y: f64, z: f64, ptr: i32, len: i32, count: i32) -> i32;
        pub safe fn give_item(who: i32, who_len: i32, ptr: i32, len: i32, count: i32) -> i32;
    }
}

/// `bytes` as the address and length hewn reads them at.
fn at(bytes: &[u8]) -> (i32, i32) {
    // A 32-bit memory: addresses and lengths fit an i32's bits.
    (bytes.as_ptr() as usize as i32, bytes.len() as i32)
}

/// `bytes` as the address and length hewn writes them at: taken from a mutable borrow, as
/// the host writes through it.
fn at_mut(bytes: &mut [u8]) -> (i32, i32) {
    (bytes.as_mut_ptr() as usize as i32, bytes.len() as i32)
}

/// A line in the server's log.
pub fn log(text: &str) {
    let (ptr, len) = at(text.as_bytes());
    ffi::log(ptr, len);
}

/// The id of the block at `pos` (air where the world is not loaded).
#[must_use]
pub fn block_at(pos: [i32; 3]) -> u16 {
    u16::try_from(ffi::block_at(pos[0], pos[1], pos[2])).unwrap_or(0)
}

/// The id of the block called `name`, if there is one.
#[must_use]
pub fn block_named(name: &str) -> Option<u16> {
    let (ptr, len) = at(name.as_bytes());
    u16::try_from(ffi::block_named(ptr, len)).ok()
}

/// Queues the block `id` at `pos`; whether it was queued.
pub fn set_block(pos: [i32; 3], id: u16) -> bool {
    ffi::set_block(pos[0], pos[1], pos[2], i32::from(id)) == 0
}

/// Queues `text`, said as the server to `to`, or to everyone; whether it was queued.
pub fn chat(to: Option<&str>, text: &str) -> bool {
    let (to, to_len) = at(to.unwrap_or("").as_bytes());
    let (ptr, len) = at(text.as_bytes());
    ffi::chat(to, to_len, ptr, len) == 0
}

/// 64 bits from the mod's generator, the same every run of the same world.
#[must_use]
pub fn random() -> u64 {
    ffi::random().cast_unsigned()
}

/// The value kept under `key`, if any.
#[must_use]
pub fn storage_get(key: &str) -> Option<Vec<u8>> {
    let (k, k_len) = at(key.as_bytes());
    let mut out = vec![0_u8; 256];
    loop {
        let (o, room) = at_mut(&mut out);
        let len = usize::try_from(ffi::storage_get(k, k_len, o, room)).ok()?;
        if len <= out.len() {
            out.truncate(len);
            return Some(out);
        }
        out = vec![0; len];
    }
}

/// Keeps `value` under `key` (an empty value deletes it); whether it was kept.
pub fn storage_set(key: &str, value: &[u8]) -> bool {
    let (k, k_len) = at(key.as_bytes());
    let (v, v_len) = at(value);
    ffi::storage_set(k, k_len, v, v_len) == 0
}

/// Makes `/name` run the mod's [`Mod::command`](crate::Mod::command); whether it did.
pub fn register_command(name: &str) -> bool {
    let (ptr, len) = at(name.as_bytes());
    ffi::register_command(ptr, len) == 0
}

/// Runs the mod's [`Mod::timer`](crate::Mod::timer) with `id` in `ticks` ticks; whether
/// it was set.
pub fn set_timer(ticks: u32, id: i32) -> bool {
    ffi::set_timer(i32::try_from(ticks).unwrap_or(i32::MAX), id) == 0
}

/// Queues moving `player` to `feet`, standing still; whether it was queued.
pub fn teleport(player: &str, feet: [f64; 3]) -> bool {
    let (ptr, len) = at(player.as_bytes());
    ffi::teleport(ptr, len, feet[0], feet[1], feet[2]) == 0
}

/// The world's spawn point: where a new player's feet are put.
#[must_use]
pub fn spawn_point() -> [f64; 3] {
    let mut out = [0_u8; 24];
    ffi::spawn_point(at_mut(&mut out).0);
    place(&out)
}

/// Where `player` stands (its feet), if it is in the world.
#[must_use]
pub fn player_at(player: &str) -> Option<[f64; 3]> {
    let (ptr, len) = at(player.as_bytes());
    let mut out = [0_u8; 24];
    (ffi::player_at(ptr, len, at_mut(&mut out).0) == 0).then(|| place(&out))
}

/// Queues dropping `count` of the item called `item` at `at` (in survival); whether it was
/// queued.
pub fn drop_item(at: [f64; 3], item: &str, count: u8) -> bool {
    let (ptr, len) = self::at(item.as_bytes());
    ffi::drop_item(at[0], at[1], at[2], ptr, len, i32::from(count)) == 0
}

/// Queues giving `count` of the item called `item` to `player` (taking as many where
/// `count` is below 0; in survival); whether it was queued.
pub fn give_item(player: &str, item: &str, count: i16) -> bool {
    let (who, who_len) = at(player.as_bytes());
    let (ptr, len) = at(item.as_bytes());
    ffi::give_item(who, who_len, ptr, len, i32::from(count)) == 0
}

/// Three little-endian f64, as the host writes a place.
fn place(bytes: &[u8; 24]) -> [f64; 3] {
    let coordinate = |i: usize| {
        let mut b = [0; 8];
        b.copy_from_slice(&bytes[i * 8..i * 8 + 8]);
        f64::from_le_bytes(b)
    };
    [coordinate(0), coordinate(1), coordinate(2)]
}
