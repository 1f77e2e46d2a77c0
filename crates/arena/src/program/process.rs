//! One bot program over one game: started when a turn needs it, kept when
//! it asks to keep running (stopped with SIGSTOP between its turns), its
//! output read without blocking into a bounded buffer, its verdict decided
//! by the platform's rules.

use std::io;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::protocol::{self, History, Reply};
use super::sandbox::{self, Exit, Jail, Launch, Poller, Ready, Spawned};
use super::spec::BotSpec;

/// A turn's output is at most this long (botzone-local's cap): the OLE verdict.
pub const MAX_OUTPUT_BYTES: usize = 1 << 20;

/// The platform's verdicts on a bot's turn (other than OK).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Over the time limit.
    Tle,
    /// Over the memory limit.
    Mle,
    /// Over 1 MiB of output.
    Ole,
    /// A crash, a signal, a non-zero exit, or a program that cannot start.
    Re,
    /// JSON I/O, and the output is not JSON.
    Nj,
}

impl Verdict {
    /// The verdict as records and standings name it: `TLE`, `MLE`, `OLE`,
    /// `RE` or `NJ`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Tle => "TLE",
            Verdict::Mle => "MLE",
            Verdict::Ole => "OLE",
            Verdict::Re => "RE",
            Verdict::Nj => "NJ",
        }
    }
}

/// The end of one bot's turn.
#[derive(Clone, Debug)]
pub struct TurnResult {
    /// The bot's reply, or the platform's verdict on its turn.
    pub outcome: Result<Reply, Verdict>,
    /// Wall-clock time from the request written to the answer read.
    pub elapsed: Duration,
    /// The turn's time limit.
    pub limit: Duration,
}

/// `globaldata` of one bot entry, kept across the games of a run.
pub type GlobalData = Arc<Mutex<String>>;

enum State {
    Idle,
    /// Input ready, process started, clock not yet running.
    Ready {
        input: Vec<u8>,
        limit: Duration,
    },
    Running {
        input: Vec<u8>,
        written: usize,
        out: Vec<u8>,
        start: Instant,
        deadline: Instant,
        limit: Duration,
        stdout_open: bool,
        /// The process may have exited (its pidfd was readable, or there is
        /// no pidfd): worth a waitpid.
        may_have_exited: bool,
    },
    Done(TurnResult),
}

/// One seat's bot program for one game.
pub struct BotRunner {
    spec: Arc<BotSpec>,
    dir: PathBuf,
    jail: Arc<Jail>,
    proc: Option<Spawned>,
    /// A process is kept running between turns (SIGSTOPped).
    keeping: bool,
    history: History,
    data: String,
    globaldata: GlobalData,
    turns: usize,
    state: State,
    scratch: Vec<u8>,
    /// The output buffer, kept between turns.
    out_buf: Vec<u8>,
}

impl BotRunner {
    /// The runner of `spec` over one game: its processes start in `dir`
    /// (their working directory and `HOME`) inside `jail` (its control
    /// groups, [`Jail::new`]); `globaldata` is its entry's, kept across the
    /// games of the run. No process starts before [`BotRunner::prepare`].
    pub fn new(spec: Arc<BotSpec>, dir: PathBuf, globaldata: GlobalData, jail: Arc<Jail>) -> BotRunner {
        BotRunner {
            spec,
            dir,
            jail,
            proc: None,
            keeping: false,
            history: History::default(),
            data: String::new(),
            globaldata,
            turns: 0,
            state: State::Idle,
            scratch: Vec::with_capacity(4096),
            out_buf: Vec::new(),
        }
    }

    /// The program and limits it runs.
    pub fn spec(&self) -> &BotSpec {
        &self.spec
    }

    /// Prepares the turn of `request`: the input, and a process (started
    /// now if the bot is not kept running). Its clock starts with
    /// [`BotRunner::start`], so that starting the other seats' programs is
    /// not charged to it.
    pub fn prepare(&mut self, request: &str) {
        self.history.requests.push(request.to_string());
        let first = self.turns == 0;
        self.turns += 1;
        let mut input = std::mem::take(&mut self.scratch);
        let limit;
        if self.keeping && self.proc.as_ref().is_some_and(|p| !p.is_reaped()) {
            protocol::bare_input(self.spec.io, self.spec.quote_requests, request, &mut input);
            limit = Duration::from_millis(self.spec.keep_running_limit_ms);
            if let Some(p) = &self.proc {
                p.resume();
            }
        } else {
            self.kill();
            let g = self.globaldata.lock().unwrap_or_else(|e| e.into_inner()).clone();
            protocol::full_input(self.spec.io, &self.history, &self.data, &g, &mut input);
            limit = Duration::from_millis(self.spec.time_limit_ms * if first { 2 } else { 1 });
            let launch = Launch { argv: &self.spec.argv, dir: &self.dir, memory_mb: self.spec.memory_mb };
            match sandbox::spawn(&launch, &self.jail) {
                Ok(p) => self.proc = Some(p),
                Err(_) => {
                    self.state = State::Done(TurnResult { outcome: Err(Verdict::Re), elapsed: Duration::ZERO, limit });
                    self.scratch = input;
                    return;
                }
            }
        }
        self.state = State::Ready { input, limit };
    }

    /// Starts the clock of the prepared turn and writes its input; the
    /// answer is read by [`poll_turns`].
    pub fn start(&mut self) {
        let State::Ready { .. } = self.state else { return };
        let State::Ready { input, limit } = std::mem::replace(&mut self.state, State::Idle) else { return };
        let start = Instant::now();
        let out = std::mem::take(&mut self.out_buf);
        let may_have_exited = self.proc.as_ref().is_none_or(|p| !p.reports_exit());
        self.state = State::Running {
            input,
            written: 0,
            out,
            start,
            deadline: start + limit,
            limit,
            stdout_open: true,
            may_have_exited,
        };
        self.pump_write();
    }

    /// Writes what the pipe takes of the pending input.
    fn pump_write(&mut self) {
        let (State::Running { input, written, .. }, Some(p)) = (&mut self.state, &mut self.proc) else { return };
        while *written < input.len() {
            match p.write_input(&input[*written..]) {
                Ok(n) if n > 0 => *written += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                // The bot closed its input (or died): nothing more to write.
                _ => {
                    *written = input.len();
                    break;
                }
            }
        }
        if *written == input.len() && !self.spec.keep_running {
            // End of input, as Botzone gives a bot that does not keep running.
            p.close_stdin();
        }
    }

    /// Reads what the bot has written, up to the output cap.
    fn pump_read(&mut self) {
        let Some(p) = &mut self.proc else { return };
        let State::Running { out, stdout_open, .. } = &mut self.state else { return };
        while *stdout_open {
            out.reserve(16 << 10);
            match p.read_output(out) {
                Ok(0) => *stdout_open = false,
                Ok(_) => {
                    if out.len() > MAX_OUTPUT_BYTES + protocol::KEEP_RUNNING.len() + 2 {
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    if e.kind() != io::ErrorKind::WouldBlock {
                        *stdout_open = false;
                    }
                    break;
                }
            }
        }
    }

    /// Decides the turn if its answer, exit or deadline has come.
    fn check(&mut self, now: Instant) {
        let State::Running { out, start, deadline, limit, may_have_exited, stdout_open, .. } = &mut self.state else {
            return;
        };
        let (start, deadline, limit) = (*start, *deadline, *limit);
        let look = *may_have_exited || !*stdout_open || now >= deadline;
        let done = |outcome, at: Instant| TurnResult { outcome, elapsed: at.saturating_duration_since(start), limit };
        // The marker ends a turn and keeps the process.
        if let Some(at) = protocol::find_marker(out) {
            let body = &out[..at];
            let result = if body.len() > MAX_OUTPUT_BYTES {
                Err(Verdict::Ole)
            } else {
                protocol::parse_output(self.spec.io, body).map_err(|()| Verdict::Nj)
            };
            let keep = result.is_ok() && self.spec.keep_running;
            self.recycle();
            self.state = State::Done(done(result, now));
            self.keeping = keep;
            if keep {
                if let Some(p) = &self.proc {
                    p.pause();
                }
            } else {
                self.kill();
            }
            return;
        }
        if out.len() > MAX_OUTPUT_BYTES + protocol::KEEP_RUNNING.len() + 2 {
            self.recycle();
            self.state = State::Done(done(Err(Verdict::Ole), now));
            self.kill();
            return;
        }
        let exit = if look { self.proc.as_mut().and_then(Spawned::try_wait) } else { None };
        if let Some(exit) = exit {
            // Whatever it wrote before it ended.
            self.pump_read();
            let State::Running { out, .. } = &mut self.state else { return };
            let out = std::mem::take(out);
            let failed = exit != Exit::Code(0);
            let mem = self.proc.as_ref().is_some_and(|p| p.memory_exceeded(&self.jail, failed));
            let outcome = match exit {
                _ if mem => Err(Verdict::Mle),
                _ if out.len() > MAX_OUTPUT_BYTES => Err(Verdict::Ole),
                Exit::Code(0) => {
                    let body = protocol::find_marker(&out).map_or(&out[..], |at| &out[..at]);
                    protocol::parse_output(self.spec.io, body).map_err(|()| Verdict::Nj)
                }
                _ => Err(Verdict::Re),
            };
            self.recycle();
            self.state = State::Done(done(outcome, now));
            self.keeping = false;
            self.kill();
            return;
        }
        if now >= deadline {
            let mem = self.proc.as_ref().is_some_and(|p| p.memory_exceeded(&self.jail, false));
            self.recycle();
            self.state = State::Done(done(Err(if mem { Verdict::Mle } else { Verdict::Tle }), now));
            self.kill();
        }
    }

    /// Keeps the turn's output buffer for the next turn (if not grown huge).
    fn recycle(&mut self) {
        if let State::Running { out, .. } = &mut self.state {
            let mut o = std::mem::take(out);
            if o.capacity() <= 1 << 16 {
                o.clear();
                self.out_buf = o;
            }
        }
    }

    /// The decided turn: the answer is added to the bot's history, its data
    /// and globaldata kept.
    pub fn finish(&mut self) -> TurnResult {
        let State::Done(r) = std::mem::replace(&mut self.state, State::Idle) else {
            // Not begun: nothing asked, nothing answered.
            return TurnResult { outcome: Err(Verdict::Re), elapsed: Duration::ZERO, limit: Duration::ZERO };
        };
        if let Ok(reply) = &r.outcome {
            self.history.responses.push(reply.response.clone());
            if let Some(d) = &reply.data {
                if d.len() <= protocol::MAX_DATA_BYTES {
                    self.data.clone_from(d);
                }
            }
            if let Some(g) = &reply.globaldata {
                if g.len() <= protocol::MAX_DATA_BYTES {
                    *self.globaldata.lock().unwrap_or_else(|e| e.into_inner()) = g.clone();
                }
            }
        }
        r
    }

    /// A turn has begun ([`BotRunner::start`]) and is not decided yet.
    pub fn is_running(&self) -> bool {
        matches!(self.state, State::Running { .. })
    }

    /// Ends the bot's processes (all of them).
    pub fn kill(&mut self) {
        if let Some(mut p) = self.proc.take() {
            p.kill_all(&self.jail);
        }
        self.keeping = false;
    }
}

impl Drop for BotRunner {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Set by Ctrl-C / SIGTERM (see `arena::interrupt`): turns in flight end at once.
pub fn interrupted() -> bool {
    crate::interrupt::is_interrupted()
}

/// Runs the begun turns of `bots` until each is decided (answer, exit,
/// verdict or deadline), polling all their pipes together. Returns false
/// when interrupted (the bots in flight are killed).
pub fn poll_turns(bots: &mut [&mut BotRunner]) -> bool {
    let mut poller = Poller::default();
    loop {
        let now = Instant::now();
        for b in bots.iter_mut() {
            b.check(now);
        }
        if interrupted() {
            for b in bots.iter_mut() {
                b.kill();
            }
            return false;
        }
        poller.clear();
        let mut wake = now + Duration::from_millis(50);
        for (i, b) in bots.iter().enumerate() {
            let (State::Running { input, written, deadline, stdout_open, .. }, Some(p)) = (&b.state, &b.proc) else {
                continue;
            };
            wake = wake.min(*deadline);
            if *written < input.len() {
                poller.want(p, Ready::Input, i);
            }
            if *stdout_open {
                poller.want(p, Ready::Output, i);
            }
            // Without a pidfd the exit is found by looking often.
            if !poller.want(p, Ready::Exit, i) {
                wake = wake.min(now + Duration::from_millis(1));
            }
        }
        if poller.is_empty() && !bots.iter().any(|b| b.is_running()) {
            return true;
        }
        for (i, ready) in poller.wait(wake.saturating_duration_since(now)) {
            let b = &mut *bots[i];
            match ready {
                Ready::Input => b.pump_write(),
                Ready::Exit => {
                    if let State::Running { may_have_exited, .. } = &mut b.state {
                        *may_have_exited = true;
                    }
                }
                Ready::Output => b.pump_read(),
            }
        }
    }
}
