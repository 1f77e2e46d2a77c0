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

use std::ffi::CString;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

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
    pub fn describe(&self) -> String {
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

static TRACKING: OnceLock<Tracking> = OnceLock::new();
static SERIAL: AtomicU64 = AtomicU64::new(0);
/// Live bot roots (pids this process started), so that the orphan sweep
/// leaves the bots of other games alone.
static ROOTS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// What this machine offers, probed once (and the subreaper set).
pub fn tracking() -> &'static Tracking {
    TRACKING.get_or_init(|| {
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
        let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
        let path_of = |controller: &str| -> Option<String> {
            own.lines().find_map(|l| {
                let mut it = l.splitn(3, ':');
                let (_, ctl, path) = (it.next()?, it.next()?, it.next()?);
                ctl.split(',').any(|c| c == controller).then(|| path.to_string())
            })
        };
        let probe = |root: &str, rel: Option<String>, file: &str| -> Option<PathBuf> {
            let base = Path::new(root).join(rel?.trim_start_matches('/'));
            let test = base.join(format!("mcr-arena-probe-{}", std::process::id()));
            std::fs::create_dir(&test).ok()?;
            let ok = test.join(file).exists();
            let _ = std::fs::remove_dir(&test);
            ok.then_some(base)
        };
        let v2 = probe("/sys/fs/cgroup/unified", path_of(""), "cgroup.kill").or_else(|| {
            probe("/sys/fs/cgroup", path_of(""), "cgroup.kill")
                .filter(|_| Path::new("/sys/fs/cgroup/cgroup.controllers").exists())
        });
        Tracking {
            v2,
            memory: probe("/sys/fs/cgroup/memory", path_of("memory"), "memory.limit_in_bytes"),
            pids: probe("/sys/fs/cgroup/pids", path_of("pids"), "pids.max"),
        }
    })
}

/// The control groups one bot's processes run in, reused from process to
/// process and game to game (removed on drop). Without cgroups it is empty
/// and the process tree is walked instead.
#[derive(Debug, Default)]
pub struct Jail {
    dirs: Vec<PathBuf>,
    v2: Option<PathBuf>,
    memory: Option<PathBuf>,
    /// oom_kill count when the current process started.
    oom_base: AtomicU64,
}

impl Jail {
    /// A jail with a memory limit of `memory_mb` MiB where the memory
    /// controller is there.
    pub fn new(memory_mb: u64) -> Jail {
        let memory_bytes = memory_mb.saturating_mul(1 << 20);
        let t = tracking();
        let name = format!("mcr-arena-{}-{}", std::process::id(), SERIAL.fetch_add(1, Ordering::Relaxed));
        let mut g = Jail::default();
        let make = |base: &Option<PathBuf>| {
            base.as_ref().and_then(|b| std::fs::create_dir(b.join(&name)).ok().map(|()| b.join(&name)))
        };
        if let Some(d) = make(&t.v2) {
            g.dirs.push(d.clone());
            g.v2 = Some(d);
        }
        if let Some(d) = make(&t.memory) {
            let ok = std::fs::write(d.join("memory.limit_in_bytes"), memory_bytes.to_string()).is_ok();
            let _ = std::fs::write(d.join("memory.memsw.limit_in_bytes"), memory_bytes.to_string());
            g.dirs.push(d.clone());
            if ok {
                g.memory = Some(d);
            }
        }
        if let Some(d) = make(&t.pids) {
            let _ = std::fs::write(d.join("pids.max"), MAX_PROCESSES.to_string());
            g.dirs.push(d);
        }
        g
    }

    /// `cgroup.procs` files as C strings, for the child to join before exec.
    fn join_paths(&self) -> Vec<CString> {
        self.dirs
            .iter()
            .filter_map(|d| CString::new(d.join("cgroup.procs").into_os_string().into_encoded_bytes()).ok())
            .collect()
    }

    fn members(&self) -> Vec<i32> {
        let mut out = Vec::new();
        for d in &self.dirs {
            if let Ok(s) = std::fs::read_to_string(d.join("cgroup.procs")) {
                out.extend(s.lines().filter_map(|l| l.trim().parse::<i32>().ok()));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every process is tracked by a control group (no tree walk needed).
    fn complete(&self) -> bool {
        self.v2.is_some() || !self.dirs.is_empty() && tracking().pids.is_some()
    }

    /// Forgets earlier limit hits (a new process starts).
    fn reset_memory(&self) {
        if let Some(d) = &self.memory {
            let _ = std::fs::write(d.join("memory.failcnt"), "0");
            let _ = std::fs::write(d.join("memory.max_usage_in_bytes"), "0");
        }
    }

    /// The memory controller killed a process for the limit since the
    /// current process started; with `or_hit`, also: a charge reached the
    /// limit (what a bot that failed on an allocation shows).
    fn memory_exceeded(&self, or_hit: bool) -> bool {
        let Some(d) = &self.memory else { return false };
        if self.oom_kills() > self.oom_base.load(Ordering::Relaxed) {
            return true;
        }
        or_hit
            && std::fs::read_to_string(d.join("memory.failcnt"))
                .ok()
                .and_then(|s| s.trim().parse::<u64>().ok())
                .unwrap_or(0)
                > 0
    }

    fn oom_kills(&self) -> u64 {
        let Some(d) = &self.memory else { return 0 };
        std::fs::read_to_string(d.join("memory.oom_control"))
            .ok()
            .and_then(|s| {
                s.lines().find_map(|l| l.strip_prefix("oom_kill ").and_then(|n| n.trim().parse::<u64>().ok()))
            })
            .unwrap_or(0)
    }

    /// Kills every member and reaps those that are (or become, through
    /// the subreaper) children of the arena: a zombie still counts against
    /// the pids limit, though no longer listed.
    fn kill(&self) {
        let mut first = true;
        let mut dead: Vec<i32> = Vec::new();
        for round in 0..5000 {
            let m = self.members();
            if m.is_empty() {
                break;
            }
            if first {
                if let Some(d) = &self.v2 {
                    let _ = std::fs::write(d.join("cgroup.kill"), "1");
                }
                first = false;
            }
            for &pid in &m {
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            dead.extend(m);
            reap_some(&mut dead);
            std::thread::sleep(std::time::Duration::from_micros(if round < 10 { 20 } else { 200 }));
        }
        // Zombies come back to us as their parents are reaped.
        for round in 0..200 {
            reap_some(&mut dead);
            if dead.is_empty() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_micros(if round < 10 { 20 } else { 500 }));
        }
    }
}

/// Reaps what it can of `pids` (killed processes); keeps those that still
/// exist and are not yet the arena's children.
fn reap_some(pids: &mut Vec<i32>) {
    pids.sort_unstable();
    pids.dedup();
    pids.retain(|&pid| {
        let mut status = 0;
        let r = unsafe { libc::waitpid(pid, &mut status, libc::WNOHANG) };
        if r == pid {
            return false;
        }
        // Not ours (yet): keep while it exists.
        r == 0 || Path::new(&format!("/proc/{pid}")).exists()
    });
}

impl Drop for Jail {
    fn drop(&mut self) {
        for d in &self.dirs {
            for _ in 0..50 {
                if std::fs::remove_dir(d).is_ok() || !d.exists() {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(2));
            }
        }
    }
}

/// A started bot program: its pipes and what tracks its processes.
pub struct Spawned {
    pub pid: i32,
    pub stdin: Option<OwnedFd>,
    pub stdout: OwnedFd,
    /// Readable once the process has exited (Linux 5.3+).
    pub pidfd: Option<OwnedFd>,
    reaped: bool,
}

/// What to start.
pub struct Launch<'a> {
    pub argv: &'a [String],
    pub dir: &'a Path,
    pub memory_mb: u64,
}

fn set_nonblocking(fd: RawFd) {
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
    groups.reset_memory();
    groups.oom_base.store(groups.oom_kills(), Ordering::Relaxed);
    let join = groups.join_paths();
    // Without a memory controller the limit is on the address space.
    let address_limit = groups.memory.is_none().then_some(memory);
    let mut cmd = Command::new(&launch.argv[0]);
    cmd.args(&launch.argv[1..]).current_dir(launch.dir).env_clear();
    let path = std::env::var("PATH").unwrap_or_else(|_| "/usr/local/bin:/usr/bin:/bin".into());
    cmd.env("PATH", path).env("HOME", launch.dir).env("LANG", "C.UTF-8").env("LC_ALL", "C.UTF-8").env("TZ", "UTC");
    for v in ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"] {
        cmd.env(v, "1");
    }
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
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
    ROOTS.lock().unwrap_or_else(|e| e.into_inner()).push(pid);
    let stdin: OwnedFd = child.stdin.take().map(OwnedFd::from).ok_or_else(|| io::Error::other("no stdin pipe"))?;
    let stdout: OwnedFd = child.stdout.take().map(OwnedFd::from).ok_or_else(|| io::Error::other("no stdout pipe"))?;
    drop(child); // We reap it ourselves (waitpid), by pid.
    set_nonblocking(stdin.as_raw_fd());
    set_nonblocking(stdout.as_raw_fd());
    let pidfd = unsafe {
        let fd = libc::syscall(libc::SYS_pidfd_open, pid, 0) as i32;
        (fd >= 0).then(|| OwnedFd::from_raw_fd(fd))
    };
    Ok(Spawned { pid, stdin: Some(stdin), stdout, pidfd, reaped: false })
}

/// How a process ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    Code(i32),
    Signal(i32),
}

impl Spawned {
    /// The exit status, if the process has ended (reaps it).
    pub fn try_wait(&mut self) -> Option<Exit> {
        if self.reaped {
            return None;
        }
        let mut status = 0;
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
        let mut roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner());
        roots.retain(|&p| p != self.pid);
    }

    /// Closes the bot's standard input (end of input).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    pub fn is_reaped(&self) -> bool {
        self.reaped
    }

    /// Stops (SIGSTOP) or continues (SIGCONT) the bot's process group.
    pub fn signal_group(&self, sig: i32) {
        if !self.reaped {
            unsafe {
                libc::kill(-self.pid, sig);
            }
        }
    }

    /// See [`Jail::memory_exceeded`].
    pub fn memory_exceeded(&self, jail: &Jail, or_hit: bool) -> bool {
        jail.memory_exceeded(or_hit)
    }

    /// Ends every process of the bot: its group, its control groups, and
    /// (without a complete cgroup) its descendants in the process tree and
    /// orphans handed back to the arena; reaps them.
    pub fn kill_all(&mut self, jail: &Jail) {
        if jail.complete() {
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
        unsafe {
            libc::kill(-self.pid, libc::SIGKILL);
            if !self.reaped {
                libc::kill(self.pid, libc::SIGKILL);
            }
        }
        for &p in &tree {
            unsafe {
                libc::kill(p, libc::SIGKILL);
            }
        }
        jail.kill();
        self.reap();
        tree.extend(sweep_orphans());
        // A second look: a child forked while we were killing.
        for p in descendants(self.pid).into_iter().chain(tree) {
            unsafe {
                libc::kill(p, libc::SIGKILL);
            }
        }
        sweep_orphans();
    }
}

impl Spawned {
    /// Waits for the (killed) main process.
    fn reap(&mut self) {
        if !self.reaped {
            let mut status = 0;
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
            unsafe {
                libc::kill(-self.pid, libc::SIGKILL);
                libc::kill(self.pid, libc::SIGKILL);
            }
            self.reap();
        }
    }
}

/// pid -> parent pid for every process in /proc.
fn process_table() -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    let Ok(dir) = std::fs::read_dir("/proc") else { return out };
    for e in dir.flatten() {
        let Some(pid) = e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        // Field 4 after the command name in parentheses (which may hold spaces).
        let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else { continue };
        let mut f = rest.split_whitespace();
        let (_state, ppid) = (f.next(), f.next().and_then(|p| p.parse::<i32>().ok()));
        if let Some(ppid) = ppid {
            out.push((pid, ppid));
        }
    }
    out
}

/// Every process below `root` in the process tree.
fn descendants(root: i32) -> Vec<i32> {
    let table = process_table();
    let mut found = vec![root];
    let mut i = 0;
    while i < found.len() {
        let p = found[i];
        found.extend(table.iter().filter(|&&(_, pp)| pp == p).map(|&(c, _)| c));
        i += 1;
        if found.len() > 100_000 {
            break;
        }
    }
    found.remove(0);
    found
}

/// Orphans of bots that came back to the arena (the child subreaper): every
/// child of this process that is not a live bot root is killed, with its
/// descendants, and reaped. Other children of the arena's own (none in
/// `mcr arena`) would be too: the Python binding documents it.
pub fn sweep_orphans() -> Vec<i32> {
    let me = std::process::id() as i32;
    let roots = ROOTS.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let table = process_table();
    let orphans: Vec<i32> =
        table.iter().filter(|&&(p, pp)| pp == me && !roots.contains(&p) && is_bot_orphan(p)).map(|&(p, _)| p).collect();
    let mut all = Vec::new();
    for &o in &orphans {
        all.extend(descendants(o));
        all.push(o);
    }
    for &p in &all {
        unsafe {
            libc::kill(p, libc::SIGKILL);
        }
    }
    for &o in &orphans {
        let mut status = 0;
        unsafe {
            libc::waitpid(o, &mut status, 0);
        }
    }
    all
}

/// A child of ours that one of the bots started: it has a session of its
/// own (every bot starts one, and its descendants keep it or make theirs),
/// never the arena's.
fn is_bot_orphan(pid: i32) -> bool {
    let sid = unsafe { libc::getsid(pid) };
    let own = unsafe { libc::getsid(0) };
    sid >= 0 && sid != own
}

/// A working directory for a bot without `dir`: a fresh empty folder, with
/// an empty `data` inside, removed when dropped.
pub struct ScratchDir(pub PathBuf);

impl ScratchDir {
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

/// `fd` as a raw descriptor for poll.
pub fn raw(fd: &OwnedFd) -> RawFd {
    fd.as_raw_fd()
}
