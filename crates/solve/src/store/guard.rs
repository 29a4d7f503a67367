//! What happens when a mapped table file is cut short by another program while this process
//! reads it.
//!
//! The largest tables (hundreds of megabytes, [`super::Placement::Mapped`]) are mapped from
//! their files rather than copied, so that a process starts in milliseconds and every process
//! shares one copy in the page cache. This program never writes a table file in place (it
//! writes a new file and renames it), but another program can: `cp` over a table file, or
//! `truncate`, shortens the very file that is mapped. Reading a page past the new end then
//! raises `SIGBUS`, which by default ends the process without a word.
//!
//! The data is gone from the file, so the process cannot go on with that table; what it can do
//! is say so. While a table file is mapped, a `SIGBUS` handler is installed: a fault inside a
//! mapped table writes one line naming the file to standard error and ends the process with
//! exit code 3 (the environment failed). A fault anywhere else is handed to the handler that
//! was there before (by default, the process ends with `SIGBUS` as before). The handler only
//! reads atomics and calls `write` and `_exit`, both async-signal-safe.
//!
//! Processes that must outlive such accidents (a server) ask for private copies instead
//! (`SolverConfig::private_tables`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
#[cfg(unix)]
use std::sync::Once;
use std::sync::{Mutex, OnceLock};

/// How many mappings can be watched at once (a process maps three tables per directory).
const SLOTS: usize = 64;

/// One watched mapping: its address range and the message to write (null when free).
struct Region {
    start: AtomicUsize,
    end: AtomicUsize,
    message: AtomicPtr<u8>,
    message_len: AtomicUsize,
}

#[allow(clippy::declare_interior_mutable_const)] // only used to initialise `REGIONS`
const FREE: Region = Region {
    start: AtomicUsize::new(0),
    end: AtomicUsize::new(0),
    message: AtomicPtr::new(std::ptr::null_mut()),
    message_len: AtomicUsize::new(0),
};

static REGIONS: [Region; SLOTS] = [FREE; SLOTS];

/// The line written for a file, made once per file (the handler cannot allocate).
fn message_for(path: &Path) -> &'static [u8] {
    static MESSAGES: OnceLock<Mutex<HashMap<std::path::PathBuf, &'static [u8]>>> = OnceLock::new();
    let mut map = MESSAGES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    map.entry(path.to_path_buf()).or_insert_with(|| {
        let line = format!(
            "rubik: the table file {} was cut short by another program while this process was \
             reading it; run again to rebuild it\n",
            path.display()
        );
        Box::leak(line.into_bytes().into_boxed_slice())
    })
}

/// A watched mapping; the watch ends when it is dropped.
pub struct Watch {
    slot: Option<usize>,
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            let r = &REGIONS[slot];
            r.message.store(std::ptr::null_mut(), Ordering::SeqCst);
            r.end.store(0, Ordering::SeqCst);
            r.start.store(0, Ordering::SeqCst);
        }
    }
}

/// Watches the mapping `bytes` of the file at `path` (see the module documentation).
pub fn watch(bytes: &[u8], path: &Path) -> Watch {
    install();
    let message = message_for(path);
    let start = bytes.as_ptr() as usize;
    for (slot, r) in REGIONS.iter().enumerate() {
        if r.message
            .compare_exchange(
                std::ptr::null_mut(),
                message.as_ptr() as *mut u8,
                Ordering::SeqCst,
                Ordering::SeqCst,
            )
            .is_ok()
        {
            r.message_len.store(message.len(), Ordering::SeqCst);
            r.end.store(start + bytes.len(), Ordering::SeqCst);
            r.start.store(start, Ordering::SeqCst);
            return Watch { slot: Some(slot) };
        }
    }
    // Every slot taken: this mapping goes unwatched (the default SIGBUS behaviour).
    Watch { slot: None }
}

#[cfg(unix)]
static PREVIOUS: OnceLock<libc::sigaction> = OnceLock::new();

#[cfg(unix)]
fn install() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // SAFETY: `on_sigbus` has the signature SA_SIGINFO asks for and only does
        // async-signal-safe work; the previous action is kept to hand other faults back.
        unsafe {
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_sigbus as *const () as usize;
            action.sa_flags = libc::SA_SIGINFO;
            libc::sigemptyset(&mut action.sa_mask);
            let mut previous: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(libc::SIGBUS, &action, &mut previous) == 0 {
                let _ = PREVIOUS.set(previous);
            }
        }
    });
}

#[cfg(not(unix))]
fn install() {}

#[cfg(unix)]
extern "C" fn on_sigbus(
    _signal: libc::c_int,
    info: *mut libc::siginfo_t,
    _context: *mut libc::c_void,
) {
    // SAFETY: the kernel passes a valid siginfo for SA_SIGINFO handlers.
    let addr = unsafe { (*info).si_addr() } as usize;
    for r in &REGIONS {
        let start = r.start.load(Ordering::SeqCst);
        if start != 0 && start <= addr && addr < r.end.load(Ordering::SeqCst) {
            let message = r.message.load(Ordering::SeqCst);
            let len = r.message_len.load(Ordering::SeqCst);
            // SAFETY: the message is a leaked, never freed buffer of `len` bytes; `write` and
            // `_exit` are async-signal-safe.
            unsafe {
                if !message.is_null() {
                    libc::write(2, message as *const libc::c_void, len);
                }
                libc::_exit(3);
            }
        }
    }
    // Not a table: restore the previous action; returning re-runs the faulting access, which
    // then gets it.
    if let Some(previous) = PREVIOUS.get() {
        // SAFETY: restoring an action the kernel gave us.
        unsafe {
            libc::sigaction(libc::SIGBUS, previous, std::ptr::null_mut());
        }
    }
}
