//! Stopping a run: Ctrl-C, SIGTERM or [`interrupt`] set one flag that the
//! runners ([`crate::run()`], [`crate::run::batch`]) and each bot's turn (`crate::program::process`)
//! read: turns in flight end, their bots are killed, no new game starts.

use std::sync::atomic::{AtomicBool, Ordering};

/// Set when the run is to stop (Ctrl-C, SIGTERM, or [`interrupt`]): turns in
/// flight end, their bots are killed, no new game starts.
pub(crate) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Asks a running arena to stop (what the signal handler does).
pub fn interrupt() {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Whether the run is to stop: [`interrupt`] was called (or Ctrl-C or
/// SIGTERM came, after [`install_interrupt_handler`]) and
/// [`clear_interrupt`] has not been called since.
pub fn is_interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// Clears an earlier interrupt (before a new run).
pub fn clear_interrupt() {
    INTERRUPTED.store(false, Ordering::Relaxed);
}

#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::Relaxed);
}

/// Ctrl-C and SIGTERM stop the run cleanly instead of killing the arena
/// with its bots still running (Unix; elsewhere Ctrl-C ends the arena).
/// The handler replaces the process's own for both signals and only sets
/// the flag of [`is_interrupted`].
pub fn install_interrupt_handler() {
    #[cfg(unix)]
    // SAFETY: `sa` starts all zeroes, a valid `sigaction` (no flags), and
    // `sigemptyset` initialises its mask; both calls get pointers to that
    // live local (only read by `sigaction`) and a null old action. The
    // handler, `on_signal`, only stores to an atomic: async-signal-safe.
    unsafe {
        let mut sa: libc::sigaction = std::mem::zeroed();
        sa.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
        libc::sigemptyset(&mut sa.sa_mask);
        libc::sigaction(libc::SIGINT, &sa, std::ptr::null_mut());
        libc::sigaction(libc::SIGTERM, &sa, std::ptr::null_mut());
    }
}
