//! The ALSA library, loaded when the player starts rather than linked.
//!
//! Linking ALSA (as cpal and friends do) needs `pkg-config` and
//! `libasound2-dev` to build and `libasound.so.2` to start at all. Loading
//! it with `dlopen` needs neither: a host without it plays silently.
//! Seven functions of the simple `snd_pcm_set_params` API are enough for a
//! blocking 16-bit mono stream.
//!
//! This is the crate's only `unsafe` code: calling C through function
//! pointers cannot be checked by the compiler. Each block says why it holds.
#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr, CString};
use std::ptr;

type PcmOpen = unsafe extern "C" fn(*mut *mut c_void, *const c_char, c_int, c_int) -> c_int;
type PcmSetParams =
    unsafe extern "C" fn(*mut c_void, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int;
type PcmWritei = unsafe extern "C" fn(*mut c_void, *const c_void, c_ulong) -> c_long;
type PcmRecover = unsafe extern "C" fn(*mut c_void, c_int, c_int) -> c_int;
type PcmClose = unsafe extern "C" fn(*mut c_void) -> c_int;
type StrError = unsafe extern "C" fn(c_int) -> *const c_char;

const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_FORMAT_S16_LE: c_int = 2;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;

/// Why there is no sound.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AlsaError {
    /// `libasound.so.2` (Debian package `libasound2`) is not installed, or
    /// lacks a function.
    #[error("cannot load the ALSA library: {0}")]
    Library(String),
    /// The host has no sound card nor sound server (ALSA not asked).
    #[error("{0}")]
    NoDevice(String),
    /// ALSA refused the device or the format.
    #[error("ALSA: {what}: {message}")]
    Device { what: &'static str, message: String },
}

/// The library and the functions taken from it.
struct Api {
    open: PcmOpen,
    set_params: PcmSetParams,
    writei: PcmWritei,
    recover: PcmRecover,
    drain: PcmClose,
    close: PcmClose,
    strerror: StrError,
    /// Kept loaded as long as the function pointers above are used.
    _lib: libloading::Library,
}

impl Api {
    fn load() -> Result<Api, AlsaError> {
        let lib_err = |e: libloading::Error| AlsaError::Library(e.to_string());
        // SAFETY: loading libasound runs its initialisers, which only set up
        // ALSA's own state; the library is a system library meant to be
        // loaded into any process.
        let lib = unsafe { libloading::Library::new("libasound.so.2") }.map_err(lib_err)?;
        // SAFETY: each type above matches the function's C prototype in
        // <alsa/pcm.h> / <alsa/error.h> (snd_pcm_t* as void*, enums as int,
        // snd_pcm_uframes_t as unsigned long, snd_pcm_sframes_t as long,
        // which is their LP64 and ILP32 Linux ABI); the pointers are copied
        // out but `_lib` keeps the code mapped as long as they live.
        unsafe {
            Ok(Api {
                open: *lib.get::<PcmOpen>(b"snd_pcm_open\0").map_err(lib_err)?,
                set_params: *lib
                    .get::<PcmSetParams>(b"snd_pcm_set_params\0")
                    .map_err(lib_err)?,
                writei: *lib.get::<PcmWritei>(b"snd_pcm_writei\0").map_err(lib_err)?,
                recover: *lib
                    .get::<PcmRecover>(b"snd_pcm_recover\0")
                    .map_err(lib_err)?,
                drain: *lib.get::<PcmClose>(b"snd_pcm_drain\0").map_err(lib_err)?,
                close: *lib.get::<PcmClose>(b"snd_pcm_close\0").map_err(lib_err)?,
                strerror: *lib.get::<StrError>(b"snd_strerror\0").map_err(lib_err)?,
                _lib: lib,
            })
        }
    }

    fn message(&self, err: c_int) -> String {
        // SAFETY: snd_strerror returns a pointer to a static, NUL-terminated
        // string for any error number (or NULL, checked).
        let s = unsafe { (self.strerror)(err) };
        if s.is_null() {
            return format!("error {err}");
        }
        // SAFETY: non-null and NUL-terminated, see above; copied at once.
        unsafe { CStr::from_ptr(s) }.to_string_lossy().into_owned()
    }
}

/// An open playback stream: 16-bit mono at a fixed rate, blocking writes.
///
/// Not `Send` (it holds ALSA's handle): open it on the thread that writes.
pub struct AlsaPcm {
    api: Api,
    pcm: *mut c_void,
}

impl AlsaPcm {
    /// Opens the `default` device at `rate` Hz with about `latency_us`
    /// microseconds of device buffer.
    pub fn open(rate: u32, latency_us: u32) -> Result<AlsaPcm, AlsaError> {
        let api = Api::load()?;
        let name = CString::new("default").expect("no NUL in a literal");
        let mut pcm: *mut c_void = ptr::null_mut();
        // SAFETY: `pcm` is a valid out-pointer and `name` a NUL-terminated
        // string that outlives the call.
        let err = unsafe { (api.open)(&mut pcm, name.as_ptr(), SND_PCM_STREAM_PLAYBACK, 0) };
        if err < 0 || pcm.is_null() {
            return Err(AlsaError::Device {
                what: "cannot open the default device",
                message: api.message(err),
            });
        }
        let out = AlsaPcm { api, pcm };
        // SAFETY: `pcm` is the open handle from snd_pcm_open.
        let err = unsafe {
            (out.api.set_params)(
                out.pcm,
                SND_PCM_FORMAT_S16_LE,
                SND_PCM_ACCESS_RW_INTERLEAVED,
                1,
                rate,
                1, // let ALSA resample if the card lacks the rate
                latency_us,
            )
        };
        if err < 0 {
            return Err(AlsaError::Device {
                what: "cannot set 16-bit mono",
                message: out.api.message(err),
            });
        }
        Ok(out)
    }

    /// Plays `samples`, blocking while the device buffer is full. An
    /// underrun is recovered from (a click, not an error).
    pub fn write(&mut self, samples: &[i16]) -> Result<(), AlsaError> {
        let mut rest = samples;
        while !rest.is_empty() {
            // SAFETY: the buffer holds `rest.len()` mono 16-bit frames,
            // exactly what the stream was opened for, and stays borrowed
            // for the call.
            let n =
                unsafe { (self.api.writei)(self.pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
            if n < 0 {
                // SAFETY: the open handle and the error writei gave.
                let r = unsafe { (self.api.recover)(self.pcm, n as c_int, 1) };
                if r < 0 {
                    return Err(AlsaError::Device {
                        what: "playback failed",
                        message: self.api.message(r),
                    });
                }
                continue;
            }
            rest = &rest[(n as usize).min(rest.len())..];
        }
        Ok(())
    }
}

impl Drop for AlsaPcm {
    fn drop(&mut self) {
        // SAFETY: the handle is open (only `open` makes an AlsaPcm) and is
        // not used after this.
        unsafe {
            (self.api.drain)(self.pcm);
            (self.api.close)(self.pcm);
        }
    }
}
