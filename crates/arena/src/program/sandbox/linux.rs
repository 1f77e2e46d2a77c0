//! Linux only: control groups, the child subreaper, pidfds and the process
//! tree in `/proc` (compiled with the feature `linux-sandbox`, on by
//! default). See the parent module for what each is for.

use std::ffi::CString;
use std::os::fd::{FromRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{Tracking, MAX_PROCESSES, SERIAL};

static TRACKING: OnceLock<Tracking> = OnceLock::new();
/// Live bot roots (pids this process started), so that the orphan sweep
/// leaves the bots of other games alone.
static ROOTS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// What this machine offers, probed once (and the subreaper set).
pub fn tracking() -> &'static Tracking {
    TRACKING.get_or_init(|| {
        // SAFETY: PR_SET_CHILD_SUBREAPER takes integers only, no pointer;
        // it changes only where this process's orphaned descendants are
        // reparented (to it, to be reaped by the sweep).
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
    pub(super) fn join_paths(&self) -> Vec<CString> {
        self.dirs
            .iter()
            .filter_map(|d| CString::new(d.join("cgroup.procs").into_os_string().into_encoded_bytes()).ok())
            .collect()
    }

    /// The memory controller limits the bot (else the address space does).
    pub(super) fn limits_memory(&self) -> bool {
        self.memory.is_some()
    }

    /// A new process starts: earlier limit hits are forgotten.
    pub(super) fn before_spawn(&self) {
        self.reset_memory();
        self.oom_base.store(self.oom_kills(), Ordering::Relaxed);
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
    pub(super) fn complete(&self) -> bool {
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
    pub(super) fn memory_exceeded(&self, or_hit: bool) -> bool {
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
    pub(super) fn kill(&self) {
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
                // SAFETY: kill(2) takes no pointer; `pid` was just listed in
                // the jail's own `cgroup.procs`: a process of this bot.
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
        // SAFETY: `status` is a live local the call writes; WNOHANG: it
        // reaps `pid` only if it is a child of the arena that has ended.
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

/// A pidfd of `pid`, readable once it has exited (Linux 5.3+).
pub(super) fn pidfd_open(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes two integers (the pid, no flags). A
    // non-negative result is a new descriptor that nothing else owns or
    // closes, so the `OwnedFd` is its sole owner.
    unsafe {
        let fd = libc::syscall(libc::SYS_pidfd_open, pid, 0) as i32;
        (fd >= 0).then(|| OwnedFd::from_raw_fd(fd))
    }
}

/// `pid` is a live bot root (the orphan sweep spares it).
pub(super) fn register_root(pid: i32) {
    ROOTS.lock().unwrap_or_else(|e| e.into_inner()).push(pid);
}

/// `pid` was reaped.
pub(super) fn unregister_root(pid: i32) {
    ROOTS.lock().unwrap_or_else(|e| e.into_inner()).retain(|&p| p != pid);
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
pub(super) fn descendants(root: i32) -> Vec<i32> {
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
        // SAFETY: kill(2) takes no pointer; `p` is an orphan of a bot (a
        // child of the arena in a session of its own, not a live bot root)
        // or a descendant of one, in the process table just read.
        unsafe {
            libc::kill(p, libc::SIGKILL);
        }
    }
    for &o in &orphans {
        let mut status = 0;
        // SAFETY: `status` is a live local the call writes; `o` is a child
        // of the arena just killed, so the wait ends.
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
    // SAFETY: getsid(2) takes a pid only and reads nothing of ours.
    let sid = unsafe { libc::getsid(pid) };
    // SAFETY: as above (0: this process).
    let own = unsafe { libc::getsid(0) };
    sid >= 0 && sid != own
}
