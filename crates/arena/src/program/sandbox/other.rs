//! Neither Unix nor Linux (Windows): the standard library only. A bot is a
//! `std::process::Child` with a cleaned environment; its input is written
//! and its output read by one thread each, so that the arena never blocks
//! on a pipe; its time limit is kept by looking often (`try_wait`), and it
//! is killed at its deadline, at the end of its turn and on drop. No process
//! group (what it starts may outlive it), no memory limit, no stop between
//! the turns of a kept-running bot.

use std::io::{self, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Duration;

use super::{Exit, Jail, Launch, Ready};

/// A started bot program.
pub struct Spawned {
    /// The bot's process id.
    pub pid: i32,
    child: Child,
    /// Chunks for the writer thread; dropped: end of input.
    input: Option<Sender<Vec<u8>>>,
    /// Chunks from the reader thread; disconnected: end of output.
    output: Receiver<Vec<u8>>,
    reaped: bool,
}

/// Starts `launch` (its jail holds nothing here).
pub fn spawn(launch: &Launch<'_>, jail: &Jail) -> io::Result<Spawned> {
    jail.before_spawn();
    let mut cmd = Command::new(&launch.argv[0]);
    cmd.args(&launch.argv[1..]).current_dir(launch.dir).env_clear();
    if let Some(path) = std::env::var_os("PATH") {
        cmd.env("PATH", path);
    }
    cmd.env("HOME", launch.dir).env("LANG", "C.UTF-8").env("LC_ALL", "C.UTF-8").env("TZ", "UTC");
    for v in ["OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"] {
        cmd.env(v, "1");
    }
    cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
    let mut child = cmd.spawn()?;
    let mut stdin = child.stdin.take().ok_or_else(|| io::Error::other("no stdin pipe"))?;
    let mut stdout = child.stdout.take().ok_or_else(|| io::Error::other("no stdout pipe"))?;
    let (input, chunks) = mpsc::channel::<Vec<u8>>();
    std::thread::spawn(move || {
        for chunk in chunks {
            if stdin.write_all(&chunk).and_then(|()| stdin.flush()).is_err() {
                break;
            }
        }
    });
    let (sender, output) = mpsc::channel();
    std::thread::spawn(move || {
        let mut buf = vec![0u8; 16 << 10];
        while let Ok(n @ 1..) = stdout.read(&mut buf) {
            if sender.send(buf[..n].to_vec()).is_err() {
                break;
            }
        }
    });
    Ok(Spawned { pid: child.id() as i32, child, input: Some(input), output, reaped: false })
}

impl Spawned {
    /// The exit status, if the process has ended.
    pub fn try_wait(&mut self) -> Option<Exit> {
        if self.reaped {
            return None;
        }
        match self.child.try_wait() {
            Ok(Some(status)) => {
                self.reaped = true;
                Some(Exit::Code(status.code().unwrap_or(-1)))
            }
            Ok(None) => None,
            Err(_) => {
                self.reaped = true;
                Some(Exit::Code(-1))
            }
        }
    }

    /// Closes the bot's standard input (once the writer thread is done).
    pub fn close_stdin(&mut self) {
        self.input = None;
    }

    /// The process has been waited for: it is gone.
    pub fn is_reaped(&self) -> bool {
        self.reaped
    }

    /// Hands `buf` to the writer thread: all of it is taken.
    pub fn write_input(&mut self, buf: &[u8]) -> io::Result<usize> {
        let Some(input) = &self.input else { return Err(io::ErrorKind::BrokenPipe.into()) };
        input.send(buf.to_vec()).map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }

    /// What the reader thread has read (`WouldBlock` when nothing yet; 0 at
    /// the end of the output).
    pub fn read_output(&mut self, out: &mut Vec<u8>) -> io::Result<usize> {
        match self.output.try_recv() {
            Ok(chunk) => {
                out.extend_from_slice(&chunk);
                Ok(chunk.len())
            }
            Err(TryRecvError::Empty) => Err(io::ErrorKind::WouldBlock.into()),
            Err(TryRecvError::Disconnected) => Ok(0),
        }
    }

    /// The exit is found by looking often.
    pub fn reports_exit(&self) -> bool {
        false
    }

    /// No stopping here: a kept-running bot runs between its turns.
    pub fn pause(&self) {}

    /// Nothing to continue ([`Spawned::pause`] does not stop the bot).
    pub fn resume(&self) {}

    /// No memory limit here.
    pub fn memory_exceeded(&self, jail: &Jail, or_hit: bool) -> bool {
        jail.memory_exceeded(or_hit)
    }

    /// Kills the process and waits for it.
    pub fn kill_all(&mut self, _jail: &Jail) {
        self.input = None;
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.reaped = true;
        }
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// "Waits" on many bots: the pipes are threads' here, so it sleeps a
/// millisecond at most and has every wanted input and output looked at.
#[derive(Default)]
pub struct Poller {
    owners: Vec<(usize, Ready)>,
}

impl Poller {
    /// Forgets everything wanted, for the next round.
    pub fn clear(&mut self) {
        self.owners.clear();
    }

    /// Nothing is waited for.
    pub fn is_empty(&self) -> bool {
        self.owners.is_empty()
    }

    /// False for an exit (found by looking often) and a closed input.
    pub fn want(&mut self, p: &Spawned, what: Ready, owner: usize) -> bool {
        if what == Ready::Exit || what == Ready::Input && p.input.is_none() {
            return false;
        }
        self.owners.push((owner, what));
        true
    }

    /// Sleeps up to a millisecond (at most `timeout`), then gives every
    /// owner and what it wanted: the caller tries each without blocking.
    pub fn wait(&mut self, timeout: Duration) -> impl Iterator<Item = (usize, Ready)> + '_ {
        std::thread::sleep(timeout.min(Duration::from_millis(1)));
        self.owners.iter().copied()
    }
}
