//! Unix only (POSIX calls, Linux and macOS alike): a bot started in its own
//! session and process group with rlimits, signalled and reaped by pid, its
//! pipes nonblocking and polled. What only Linux has (cgroups, the
//! subreaper, pidfds, `/proc`) comes from `track`: `sandbox/linux.rs`, or
//! the portable stand-ins of the parent module.

use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::Duration;

use super::track::{self, descendants, pidfd_open};
use super::{sweep_orphans, Exit, Jail, Launch, Ready, MAX_FILE_BYTES};

/// A started bot program: its pipes and what tracks its processes.
pub struct Spawned {
    /// The bot's main process; also its session's and process group's id.
    pub pid: i32,
    /// The write end of its standard input, nonblocking; `None` once
    /// closed (end of input).
    pub stdin: Option<OwnedFd>,
    /// The read end of its standard output, nonblocking.
    pub stdout: OwnedFd,
    /// Readable once the process has exited (Linux 5.3+).
    pub pidfd: Option<OwnedFd>,
    reaped: bool,
}

fn set_nonblocking(fd: RawFd) {
    // SAFETY: `fd` is an open descriptor the caller owns (a pipe end of a
    // bot it started); F_GETFL and F_SETFL take no pointer and change only
    // that descriptor's status flags.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// Starts `launch` in its own session, inside `jail`; the error names what
/// failed.
pub fn spawn(launch: &Launch<'_>, jail: &Jail) -> io::Result<Spawned> {
    let memory = launch.memory_mb.saturating_mul(1 << 20);
    let groups = jail;
    groups.before_spawn();
    let join = groups.join_paths();
    // Without a memory controller the limit is on the address space.
    let address_limit = (!groups.limits_memory()).then_some(memory);
    let mut cmd = Command::new(&launch.argv[0]);
    cmd.args(&launch.argv[1..]).current_dir(launch.dir).env_clear();
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/local/bin:/usr/bin:/bin".into());
    cmd.env("PATH", path).env("HOME", launch.dir).env("LANG", "C.UTF-8").env("LC_ALL", "C.UTF-8").env("TZ", "UTC");
    for v in ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"] {
        cmd.env(v, "1");
    }
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
    // SAFETY: the closure runs in the child between fork and exec, where
    // another thread of the arena may have held a lock or been allocating
    // at the fork: it allocates nothing and takes no lock. It calls setsid,
    // getpid, open, write, close and signal (async-signal-safe in POSIX)
    // and setrlimit (a bare system call); it formats the pid in a buffer on
    // its stack; `join` (NUL-terminated paths) and `address_limit` were made
    // before the fork and are only read; every pointer passed is to them or
    // to that buffer, alive for the call.
    unsafe {
        cmd.pre_exec(move || {
            // Only async-signal-safe calls here (we are between fork and exec).
            if libc::setsid() < 0 {
                return Err(io::Error::last_os_error());
            }
            let pid = libc::getpid();
            let mut buf = [0u8; 16];
            let mut n = buf.len();
            let mut p = pid as u32;
            loop {
                n -= 1;
                buf[n] = b'0' + (p % 10) as u8;
                p /= 10;
                if p == 0 {
                    break;
                }
            }
            for path in &join {
                let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd >= 0 {
                    libc::write(fd, buf[n..].as_ptr().cast(), buf.len() - n);
                    libc::close(fd);
                }
            }
            let lim = |res, v: u64| {
                let r = libc::rlimit { rlim_cur: v as libc::rlim_t, rlim_max: v as libc::rlim_t };
                libc::setrlimit(res, &r);
            };
            lim(libc::RLIMIT_CORE, 0);
            lim(libc::RLIMIT_FSIZE, MAX_FILE_BYTES);
            if let Some(m) = address_limit {
                lim(libc::RLIMIT_AS, m);
            }
            // Ignored for root; the pids controller bounds it where present.
            lim(libc::RLIMIT_NPROC, 4096);
            // Default signal dispositions (the arena ignores SIGPIPE).
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd.spawn()?;
    let pid = child.id() as i32;
    track::register_root(pid);
    let stdin: OwnedFd = child.stdin.take().map(OwnedFd::from).ok_or_else(|| io::Error::other("no stdin pipe"))?;
    let stdout: OwnedFd = child.stdout.take().map(OwnedFd::from).ok_or_else(|| io::Error::other("no stdout pipe"))?;
    drop(child); // We reap it ourselves (waitpid), by pid.
    set_nonblocking(stdin.as_raw_fd());
    set_nonblocking(stdout.as_raw_fd());
    let pidfd = pidfd_open(pid);
    Ok(Spawned { pid, stdin: Some(stdin), stdout, pidfd, reaped: false })
}

impl Spawned {
    /// The exit status, if the process has ended (reaps it).
    pub fn try_wait(&mut self) -> Option<Exit> {
        if self.reaped {
            return None;
        }
        let mut status = 0;
        // SAFETY: `status` is a live local the call writes; `self.pid` is
        // the arena's child, not reaped yet (`reaped` is false), so no
        // other process can hold that pid.
        let r = unsafe { libc::waitpid(self.pid, &mut status, libc::WNOHANG) };
        if r == self.pid {
            self.reaped = true;
            self.unregister();
            if libc::WIFSIGNALED(status) {
                return Some(Exit::Signal(libc::WTERMSIG(status)));
            }
            return Some(Exit::Code(libc::WEXITSTATUS(status)));
        }
        if r < 0 {
            // Not our child any more (reaped elsewhere): treat as gone.
            self.reaped = true;
            self.unregister();
            return Some(Exit::Code(-1));
        }
        None
    }

    fn unregister(&self) {
        track::unregister_root(self.pid);
    }

    /// Closes the bot's standard input (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The main process has been waited for: it is gone, and its pid is
    /// no longer the bot's.
    pub fn is_reaped(&self) -> bool {
        self.reaped
    }

    /// Writes what the input pipe takes of `buf` without blocking
    /// (`WouldBlock` when full; an error once the input is closed).
    pub fn write_input(&mut self, buf: &[u8]) -> io::Result<usize> {
        let Some(fd) = self.stdin.as_ref() else { return Err(io::ErrorKind::BrokenPipe.into()) };
        // SAFETY: `fd` is the open write end this value owns; the call
        // reads at most `buf.len()` bytes from `buf`, a live slice.
        let n = unsafe { libc::write(fd.as_raw_fd(), buf.as_ptr().cast(), buf.len()) };
        if n < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(n as usize)
    }

    /// Reads what the output pipe has into the spare room of `out`, without
    /// blocking (`WouldBlock` when empty; 0 at its end).
    pub fn read_output(&mut self, out: &mut Vec<u8>) -> io::Result<usize> {
        let spare = out.capacity() - out.len();
        // Straight into the buffer's spare room (no zeroing).
        // SAFETY: the read end is open and owned by this value; the pointer
        // is `out`'s allocation at offset `out.len()` (within it, or one
        // past its end when `spare` is 0), followed by `spare` bytes of
        // capacity that `out` owns, and the call writes at most `spare`.
        let n = unsafe { libc::read(self.stdout.as_raw_fd(), out.as_mut_ptr().add(out.len()).cast(), spare) };
        if n < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `read` initialised the first `n` (at most `spare`) bytes
        // of the spare room, so the new length is within the capacity and
        // every byte below it is initialised.
        unsafe { out.set_len(out.len() + n as usize) };
        Ok(n as usize)
    }

    /// The exit can be waited for by a [`Poller`] (a pidfd); else it is
    /// found by looking often.
    pub fn reports_exit(&self) -> bool {
        self.pidfd.is_some()
    }

    /// Stops (SIGSTOP) or continues (SIGCONT) the bot's process group.
    pub fn signal_group(&self, sig: i32) {
        if !self.reaped {
            // SAFETY: kill(2) takes no pointer. The main process is not
            // reaped, so its pid (the id of the group it made with setsid)
            // is not another process's or group's: the signal reaches the
            // bot's group alone.
            unsafe {
                libc::kill(-self.pid, sig);
            }
        }
    }

    /// Stops the bot between its turns (a kept-running bot).
    pub fn pause(&self) {
        self.signal_group(libc::SIGSTOP);
    }

    /// Continues a stopped bot.
    pub fn resume(&self) {
        self.signal_group(libc::SIGCONT);
    }

    /// The memory limit ended the bot's current process: its memory cgroup
    /// killed one of its processes since it started, or, with `or_hit`, a
    /// charge reached the limit (what a bot that failed on an allocation
    /// shows). Always false without a memory cgroup, where an allocation
    /// over `RLIMIT_AS` fails instead.
    pub fn memory_exceeded(&self, jail: &Jail, or_hit: bool) -> bool {
        jail.memory_exceeded(or_hit)
    }

    /// Ends every process of the bot: its group, its control groups, and
    /// (without a complete cgroup) its descendants in the process tree and
    /// orphans handed back to the arena; reaps them.
    pub fn kill_all(&mut self, jail: &Jail) {
        if jail.complete() {
            // SAFETY: kill(2) takes no pointer. `-pid` is the bot's process
            // group (setsid made its id the main process's pid, and a group
            // id is not reused while a process of the group lives); the main
            // process is signalled by pid only while it is not reaped, when
            // the pid is still its own.
            unsafe {
                libc::kill(-self.pid, libc::SIGKILL);
                if !self.reaped {
                    libc::kill(self.pid, libc::SIGKILL);
                }
            }
            jail.kill();
            self.reap();
            return;
        }
        let mut tree = descendants(self.pid);
        // SAFETY: as above: no pointer, the bot's group, and its main
        // process while not reaped.
        unsafe {
            libc::kill(-self.pid, libc::SIGKILL);
            if !self.reaped {
                libc::kill(self.pid, libc::SIGKILL);
            }
        }
        for &p in &tree {
            // SAFETY: kill(2) takes no pointer; `p` was a descendant of the
            // bot in the process table just read.
            unsafe {
                libc::kill(p, libc::SIGKILL);
            }
        }
        jail.kill();
        self.reap();
        tree.extend(sweep_orphans());
        // A second look: a child forked while we were killing.
        for p in descendants(self.pid).into_iter().chain(tree) {
            // SAFETY: kill(2) takes no pointer; `p` is a process of the bot
            // found in the process table or an orphan of it swept above.
            unsafe {
                libc::kill(p, libc::SIGKILL);
            }
        }
        sweep_orphans();
    }

    /// Waits for the (killed) main process.
    fn reap(&mut self) {
        if !self.reaped {
            let mut status = 0;
            // SAFETY: `status` is a live local the call writes; `self.pid`
            // is the arena's child, not reaped yet, so the wait is for it.
            unsafe {
                libc::waitpid(self.pid, &mut status, 0);
            }
            self.reaped = true;
            self.unregister();
        }
    }
}

impl Drop for Spawned {
    /// A last resort (the owner kills with its jail first): the group and
    /// the main process.
    fn drop(&mut self) {
        if !self.reaped {
            // SAFETY: kill(2) takes no pointer; the main process is not
            // reaped, so its pid and its group's id are still the bot's.
            unsafe {
                libc::kill(-self.pid, libc::SIGKILL);
                libc::kill(self.pid, libc::SIGKILL);
            }
            self.reap();
        }
    }
}

/// `fd` as a raw descriptor for poll.
pub fn raw(fd: &OwnedFd) -> RawFd {
    fd.as_raw_fd()
}

/// Waits on the pipes (and pidfds) of many bots at once (`poll`).
#[derive(Default)]
pub struct Poller {
    fds: Vec<libc::pollfd>,
    owners: Vec<(usize, Ready)>,
}

impl Poller {
    /// Forgets everything wanted, for the next round.
    pub fn clear(&mut self) {
        self.fds.clear();
        self.owners.clear();
    }

    /// Nothing is waited for.
    pub fn is_empty(&self) -> bool {
        self.owners.is_empty()
    }

    /// Waits for `what` of `p` on behalf of `owner`; false when that cannot
    /// be waited for here (no input pipe; an exit without a pidfd).
    pub fn want(&mut self, p: &Spawned, what: Ready, owner: usize) -> bool {
        let fd = match what {
            Ready::Input => p.stdin.as_ref(),
            Ready::Output => Some(&p.stdout),
            Ready::Exit => p.pidfd.as_ref(),
        };
        let Some(fd) = fd else { return false };
        let events = if what == Ready::Input { libc::POLLOUT } else { libc::POLLIN };
        self.fds.push(libc::pollfd { fd: fd.as_raw_fd(), events, revents: 0 });
        self.owners.push((owner, what));
        true
    }

    /// Waits up to `timeout` (rounded up to the millisecond); the owners
    /// and what is ready of theirs.
    pub fn wait(&mut self, timeout: Duration) -> impl Iterator<Item = (usize, Ready)> + '_ {
        let ms = (timeout.as_micros().div_ceil(1000)).min(i32::MAX as u128) as i32;
        // SAFETY: `fds` holds `fds.len()` initialised `pollfd`s (maybe
        // none), borrowed mutably for the call, which reads them and writes
        // their `revents` only.
        let r = unsafe { libc::poll(self.fds.as_mut_ptr(), self.fds.len() as libc::nfds_t, ms) };
        let ready = r > 0;
        self.fds.iter().zip(&self.owners).filter(move |(fd, _)| ready && fd.revents != 0).map(|(_, &o)| o)
    }
}
