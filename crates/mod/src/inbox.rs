//! The room hewn writes an event's text into: each `hewn_alloc` is a buffer kept here
//! until the event has been handled, found again by its address, so that reading it needs
//! no pointer of Rust's own.

use std::cell::RefCell;

std::thread_local! {
    static BUFFERS: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// A buffer of `len` bytes for hewn to write into: its address in the module's memory.
#[must_use]
pub fn alloc(len: i32) -> i32 {
    let buffer = vec![0; usize::try_from(len).unwrap_or(0)];
    // Addresses in a 32-bit memory fit an i32's bits.
    let at = buffer.as_ptr() as usize as i32;
    BUFFERS.with_borrow_mut(|b| b.push(buffer));
    at
}

/// The text hewn wrote at `ptr`, `len` bytes (a buffer [`alloc`] gave), as UTF-8 (a byte
/// that is not is replaced); empty for an address no buffer starts at.
#[must_use]
pub fn text(ptr: i32, len: i32) -> String {
    BUFFERS.with_borrow(|buffers| {
        let found = buffers.iter().find(|b| {
            b.as_ptr() as usize as i32 == ptr && b.len() == usize::try_from(len).unwrap_or(0)
        });
        found.map_or_else(String::new, |b| String::from_utf8_lossy(b).into_owned())
    })
}

/// Lets go of every buffer: the event they were for is handled.
pub fn clear() {
    BUFFERS.with_borrow_mut(Vec::clear);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_buffer_is_found_by_its_address_until_cleared() {
        let at = alloc(5);
        // Nothing written into it yet: zeros.
        assert_eq!(text(at, 5), "\0\0\0\0\0");
        assert_eq!(text(at + 1, 5), "", "no buffer starts there");
        clear();
        assert_eq!(text(at, 5), "");
    }
}
