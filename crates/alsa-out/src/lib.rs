//! Sound out through ALSA, the Linux sound system (and, through its plugins, PulseAudio and
//! PipeWire), with `libasound.so.2` loaded when the program runs rather than linked when it
//! is built: building needs no ALSA headers, and where there is no library or no device,
//! [`Pcm::open`] says so and the program plays on without sound.
//!
//! Only ALSA's "simple" calls are used (`snd_pcm_set_params`, `snd_pcm_writei`,
//! `snd_pcm_recover`): interleaved signed 16-bit little-endian stereo, at one rate.

use std::ffi::{CStr, c_char, c_int, c_long, c_uint, c_ulong, c_void};

use libloading::Library;

/// `SND_PCM_STREAM_PLAYBACK`.
const PLAYBACK: c_int = 0;
/// `SND_PCM_FORMAT_S16_LE`.
const S16_LE: c_int = 2;
/// `SND_PCM_ACCESS_RW_INTERLEAVED`.
const RW_INTERLEAVED: c_int = 3;

type Open = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type SetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type WriteI = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type Recover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type Close = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;
/// `snd_lib_error_handler_t` without its variadic tail, which the handler ignores.
type ErrorHandler = unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);
type SetErrorHandler = unsafe extern "C" fn(Option<ErrorHandler>) -> c_int;

/// Drops libasound's own messages: it prints each failed step of opening a device to
/// stderr, where the caller says in one line why there is no sound.
unsafe extern "C" fn quiet(
    _: *const c_char,
    _: c_int,
    _: *const c_char,
    _: c_int,
    _: *const c_char,
) {
}

/// An open ALSA playback device.
pub struct Pcm {
    handle: *mut c_void,
    writei: WriteI,
    recover: Recover,
    close: Close,
    strerror: StrError,
    /// Kept loaded for as long as the functions above may be called.
    _library: Library,
}

// SAFETY: an ALSA PCM handle may be used from any one thread at a time; `Pcm` is moved to
// the audio thread and used only there.
unsafe impl Send for Pcm {}

impl Pcm {
    /// Opens ALSA's "default" device for `rate` frames a second of stereo 16-bit sound,
    /// with about `latency_us` microseconds of buffer.
    ///
    /// # Errors
    /// A sentence saying why not: no libasound on this system, or no device.
    pub fn open(rate: u32, latency_us: u32) -> Result<Self, String> {
        // SAFETY: loading libasound runs its initialisers, which have no preconditions.
        let library = unsafe { Library::new("libasound.so.2") }
            .map_err(|e| format!("no ALSA library (libasound.so.2): {e}"))?;
        // SAFETY: the types are those of alsa/pcm.h and alsa/error.h for these names.
        let (open, set_params, writei, recover, close, strerror) = unsafe {
            let get = |e: libloading::Error| format!("libasound.so.2 lacks a function: {e}");
            (
                *library.get::<Open>(b"snd_pcm_open\0").map_err(get)?,
                *library
                    .get::<SetParams>(b"snd_pcm_set_params\0")
                    .map_err(get)?,
                *library.get::<WriteI>(b"snd_pcm_writei\0").map_err(get)?,
                *library.get::<Recover>(b"snd_pcm_recover\0").map_err(get)?,
                *library.get::<Close>(b"snd_pcm_close\0").map_err(get)?,
                *library.get::<StrError>(b"snd_strerror\0").map_err(get)?,
            )
        };
        // SAFETY: on the C ABIs of Linux (x86-64 System V, AAPCS64) a function that takes
        // only the fixed arguments may stand for a variadic one: the fixed arguments are
        // passed alike, and `quiet` reads none of them.
        unsafe {
            if let Ok(set) = library.get::<SetErrorHandler>(b"snd_lib_error_set_handler\0") {
                set(Some(quiet));
            }
        }
        let describe = |code: c_int| {
            // SAFETY: snd_strerror returns a static C string for any code.
            unsafe { CStr::from_ptr(strerror(code)) }
                .to_string_lossy()
                .into_owned()
        };
        let mut handle = std::ptr::null_mut();
        // SAFETY: `handle` is a valid place for the handle; the name is NUL-terminated.
        let code = unsafe { open(&raw mut handle, c"default".as_ptr(), PLAYBACK, 0) };
        if code < 0 || handle.is_null() {
            return Err(format!("no ALSA device: {}", describe(code)));
        }
        // SAFETY: `handle` was just opened.
        let code = unsafe { set_params(handle, S16_LE, RW_INTERLEAVED, 2, rate, 1, latency_us) };
        if code < 0 {
            // SAFETY: `handle` is open and closed once.
            unsafe { close(handle) };
            return Err(format!(
                "the ALSA device refuses 16-bit stereo at {rate} Hz: {}",
                describe(code)
            ));
        }
        Ok(Self {
            handle,
            writei,
            recover,
            close,
            strerror,
            _library: library,
        })
    }

    /// Plays `interleaved` (left, right, left, …), blocking while the device's buffer is
    /// full; recovers from an underrun by starting again.
    ///
    /// # Errors
    /// The device failed in a way it cannot recover from.
    pub fn write(&mut self, interleaved: &[i16]) -> Result<(), String> {
        let mut frames = interleaved.chunks_exact(2).len();
        let mut at = 0;
        while frames > 0 {
            let rest = &interleaved[at * 2..];
            // SAFETY: `rest` holds at least `frames` stereo frames of i16.
            let n = unsafe { (self.writei)(self.handle, rest.as_ptr().cast(), frames as c_ulong) };
            if n < 0 {
                let code = c_int::try_from(n).unwrap_or(c_int::MIN);
                // SAFETY: `handle` is open.
                if unsafe { (self.recover)(self.handle, code, 1) } < 0 {
                    // SAFETY: snd_strerror returns a static C string for any code.
                    let why = unsafe { CStr::from_ptr((self.strerror)(code)) };
                    return Err(why.to_string_lossy().into_owned());
                }
                continue;
            }
            let n = usize::try_from(n).unwrap_or(0).min(frames);
            frames -= n;
            at += n;
        }
        Ok(())
    }
}

impl Drop for Pcm {
    fn drop(&mut self) {
        // SAFETY: `handle` is open, and closed only here.
        unsafe { (self.close)(self.handle) };
    }
}
