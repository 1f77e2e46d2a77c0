//! Starting a bot program so that nothing leaks: its own session and
//! process group, its own working directory, a cleaned environment,
//! resource limits, and every process it starts tracked so that one call
//! ends them all.
//!
//! Tracking: where the machine lets us create control groups, each bot gets
//! its own (cgroup v2 `cgroup.kill` where there is a writable v2 hierarchy;
//! the v1 `memory` controller for the memory limit and the MLE verdict; the
//! v1 `pids` controller against fork bombs). Otherwise the arena makes
//! itself a child subreaper (orphans come back to it) and walks the process
//! tree in `/proc`. [`tracking`] says which is in use.
//!
//! By platform (the manual's arena chapter states the difference):
//! - `sandbox/linux.rs` (Linux only, the feature `linux-sandbox`, on by
//!   default): cgroups, the child subreaper, pidfds, `/proc`;
//! - `sandbox/unix.rs` (every Unix system, macOS included): the session and
//!   process group, rlimits, signals, `waitpid`, nonblocking pipes. Without
//!   the Linux part, a bot's processes are those of its process group, its
//!   memory is bounded by `RLIMIT_AS` and its orphans are not tracked;
//! - `sandbox/other.rs` (elsewhere: Windows): the standard library only, a
//!   child killed at its time limit and on exit, no memory limit.
//!
//! This file is portable: the constants, the types every platform shares,
//! and the tracking of a machine without the Linux part.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(all(target_os = "linux", feature = "linux-sandbox"))]
mod linux;
#[cfg(not(unix))]
mod other;
#[cfg(unix)]
mod unix;

#[cfg(all(target_os = "linux", feature = "linux-sandbox"))]
pub use linux::{sweep_orphans, tracking, Jail};
#[cfg(not(unix))]
pub use other::{spawn, Poller, Spawned};
#[cfg(unix)]
pub use unix::{raw, spawn, Poller, Spawned};
#[cfg(not(all(target_os = "linux", feature = "linux-sandbox")))]
pub use untracked::{sweep_orphans, tracking, Jail};

/// The environment a bot sees: these names only, with these values (PATH
/// is the arena's own, or a standard one).
pub const ENV_KEPT: &[&str] =
    &["PATH", "HOME", "LANG", "LC_ALL", "TZ", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"];
/// A file a bot writes is at most this big (RLIMIT_FSIZE).
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// Processes (and threads) one bot may have at once (pids controller).
pub const MAX_PROCESSES: u64 = 256;

/// How the processes of a bot are tracked on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tracking {
    /// A cgroup v2 folder under which each bot gets one (with cgroup.kill).
    pub v2: Option<PathBuf>,
    /// cgroup v1 memory controller folder (memory limit, MLE).
    pub memory: Option<PathBuf>,
    /// cgroup v1 pids controller folder (process limit).
    pub pids: Option<PathBuf>,
}

impl Tracking {
    /// The tracking in use, in words, as `mcr arena` prints it
    /// (`cgroup v2 (cgroup.kill) + process tree`, `process tree (/proc,
    /// child subreaper)`, ...).
    pub fn describe(&self) -> String {
        if cfg!(not(all(target_os = "linux", feature = "linux-sandbox"))) {
            return if cfg!(unix) {
                "process group (portable Unix: no cgroups, no orphan tracking)".into()
            } else {
                "the bot's own process (no process group, no memory limit)".into()
            };
        }
        let mut parts = Vec::new();
        if self.v2.is_some() {
            parts.push("cgroup v2 (cgroup.kill)");
        }
        if self.memory.is_some() {
            parts.push("cgroup v1 memory");
        }
        if self.pids.is_some() {
            parts.push("cgroup v1 pids");
        }
        if self.v2.is_none() && self.pids.is_none() && self.memory.is_none() {
            "process tree (/proc, child subreaper)".into()
        } else {
            format!("{} + process tree", parts.join(", "))
        }
    }
}

static SERIAL: AtomicU64 = AtomicU64::new(0);

/// What to start.
pub struct Launch<'a> {
    /// Program and arguments; a program without a `/` is looked up on
    /// `PATH`.
    pub argv: &'a [String],
    /// Its working directory, also its `HOME`.
    pub dir: &'a Path,
    /// Its memory limit in MiB, kept by the memory cgroup where the jail
    /// has one, else by `RLIMIT_AS` (Unix).
    pub memory_mb: u64,
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// It exited with this status; -1 when its status could not be had
    /// (it was not the arena's child any more).
    Code(i32),
    /// A signal ended it: the signal's number.
    Signal(i32),
}

/// What a [`Poller`] waits for on a bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ready {
    /// Its input pipe takes more.
    Input,
    /// Its output pipe has something (or was closed).
    Output,
    /// The process has exited.
    Exit,
}

/// Tracking without the Linux part: nothing but the bot's own process (and,
/// on Unix, its process group). Portable.
#[cfg(not(all(target_os = "linux", feature = "linux-sandbox")))]
mod untracked {
    use super::Tracking;

    /// No control groups here.
    pub fn tracking() -> &'static Tracking {
        static NONE: Tracking = Tracking { v2: None, memory: None, pids: None };
        &NONE
    }

    /// No control groups: the memory limit is the address space's
    /// (`RLIMIT_AS`, Unix), the processes are the process group's.
    #[derive(Debug, Default)]
    pub struct Jail;

    impl Jail {
        /// The jail of one bot: nothing to make here (the memory limit
        /// is the [`Launch`](super::Launch)'s).
        pub fn new(_memory_mb: u64) -> Jail {
            Jail
        }

        #[cfg(unix)]
        pub(super) fn limits_memory(&self) -> bool {
            false
        }

        pub(super) fn before_spawn(&self) {}

        pub(super) fn memory_exceeded(&self, _or_hit: bool) -> bool {
            false
        }

        #[cfg(unix)]
        pub(super) fn complete(&self) -> bool {
            false
        }

        #[cfg(unix)]
        pub(super) fn kill(&self) {}

        #[cfg(unix)]
        pub(super) fn join_paths(&self) -> Vec<std::ffi::CString> {
            Vec::new()
        }
    }

    /// No subreaper here: orphans are not the arena's to find.
    pub fn sweep_orphans() -> Vec<i32> {
        Vec::new()
    }

    /// No process table to walk.
    #[cfg(unix)]
    pub(super) fn descendants(_root: i32) -> Vec<i32> {
        Vec::new()
    }

    /// No pidfds: the exit is found by looking often.
    #[cfg(unix)]
    pub(super) fn pidfd_open(_pid: i32) -> Option<std::os::fd::OwnedFd> {
        None
    }

    #[cfg(unix)]
    pub(super) fn register_root(_pid: i32) {}

    #[cfg(unix)]
    pub(super) fn unregister_root(_pid: i32) {}
}

/// The platform's process-tracking calls, for `sandbox/unix.rs`.
#[cfg(all(unix, all(target_os = "linux", feature = "linux-sandbox")))]
use linux as track;
#[cfg(all(unix, not(all(target_os = "linux", feature = "linux-sandbox"))))]
use untracked as track;

/// A working directory for a bot without `dir`: a fresh empty folder, with
/// an empty `data` inside, removed when dropped.
pub struct ScratchDir(
    /// The folder.
    pub PathBuf,
);

impl ScratchDir {
    /// Creates `mcr-arena-PID-N` in the system's temporary folder, with an
    /// empty `data` folder inside; the error is the file system's.
    pub fn new() -> io::Result<ScratchDir> {
        let base = std::env::temp_dir().join(format!(
            "mcr-arena-{}-{}",
            std::process::id(),
            SERIAL.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(base.join("data"))?;
        Ok(ScratchDir(base))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
