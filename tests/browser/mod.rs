//! A headless Chromium driven over the DevTools protocol on a pipe
//! (`--remote-debugging-pipe`: commands on the child's fd 3, replies and
//! events on its fd 4, each message JSON ended by a NUL byte). No network,
//! no downloads, a fresh profile directory per browser.
#![allow(dead_code)]

use serde_json::{json, Value};
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{FromRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// The browser to run: `$MCR_CHROMIUM`, else the first of the usual names
/// found on the PATH.
pub fn find_chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MCR_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    for dir in std::env::split_paths(&path) {
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            let p = dir.join(name);
            if p.is_file() {
                return Some(p);
            }
        }
    }
    None
}

pub struct Browser {
    child: Child,
    to: File,
    from: Receiver<Value>,
    next_id: u64,
    session: Option<String>,
    /// Events received and not yet looked at.
    pub events: Vec<Value>,
    profile: PathBuf,
}

fn pipe() -> std::io::Result<(RawFd, RawFd)> {
    let mut fds = [0; 2];
    // Close-on-exec everywhere; the child's ends are dup'ed to 3 and 4.
    // SAFETY: pipe2 writes two descriptors into the two-element array given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    // Out of the way of 3 and 4, so that dup2 always makes a new descriptor.
    let high = |fd: RawFd| -> std::io::Result<RawFd> {
        // SAFETY: `fd` is a descriptor of ours from pipe2; F_DUPFD_CLOEXEC
        // only duplicates it.
        let h = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 10) };
        // SAFETY: `fd` is ours and no longer used: its duplicate replaces it.
        unsafe { libc::close(fd) };
        if h < 0 {
            Err(std::io::Error::last_os_error())
        } else {
            Ok(h)
        }
    };
    Ok((high(fds[0])?, high(fds[1])?))
}

impl Browser {
    /// Starts `bin` headless with a fresh profile under `scratch`.
    pub fn launch(bin: &Path, scratch: &Path) -> Result<Browser, String> {
        let profile = scratch.join(format!("chromium-profile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).map_err(|e| format!("{}: {e}", profile.display()))?;
        let (cmd_r, cmd_w) = pipe().map_err(|e| e.to_string())?;
        let (out_r, out_w) = pipe().map_err(|e| e.to_string())?;
        let mut cmd = Command::new(bin);
        cmd.args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            "--remote-debugging-pipe",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .arg("about:blank")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
        // SAFETY: the hook runs in the child between fork and exec, and
        // calls only dup2, which is async-signal-safe, on descriptors that
        // are open in the child.
        unsafe {
            cmd.pre_exec(move || {
                if libc::dup2(cmd_r, 3) < 0 || libc::dup2(out_w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd.spawn().map_err(|e| format!("cannot start {}: {e}", bin.display()));
        // SAFETY: the child's ends are ours, open, and not used here again
        // (the child has its copies).
        unsafe {
            libc::close(cmd_r);
            libc::close(out_w);
        }
        let child = child?;
        // SAFETY: `cmd_w` and `out_r` are open descriptors of ours that
        // nothing else owns; each File takes them over once.
        let to = unsafe { File::from_raw_fd(cmd_w) };
        // SAFETY: as above.
        let from_file = unsafe { File::from_raw_fd(out_r) };
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(from_file);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match r.read_until(0, &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if buf.last() == Some(&0) {
                            buf.pop();
                        }
                        if let Ok(v) = serde_json::from_slice::<Value>(&buf) {
                            if tx.send(v).is_err() {
                                break;
                            }
                        }
                    }
                }
            }
        });
        let mut b = Browser { child, to, from: rx, next_id: 0, session: None, events: Vec::new(), profile };
        // A page of our own, attached in flat mode: commands carry its session.
        let target = b.call("Target.createTarget", json!({"url": "about:blank"}))?;
        let target_id = target["targetId"].as_str().ok_or("no targetId")?.to_string();
        let attached = b.call("Target.attachToTarget", json!({"targetId": target_id, "flatten": true}))?;
        b.session = Some(attached["sessionId"].as_str().ok_or("no sessionId")?.to_string());
        for domain in ["Page.enable", "Runtime.enable", "Log.enable"] {
            b.call(domain, json!({}))?;
        }
        Ok(b)
    }

    /// Sends a command and waits (at most 60 s) for its reply.
    pub fn call(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if let Some(s) = &self.session {
            if !method.starts_with("Target.") {
                msg["sessionId"] = json!(s);
            }
        }
        let mut bytes = serde_json::to_vec(&msg).map_err(|e| e.to_string())?;
        bytes.push(0);
        self.to.write_all(&bytes).map_err(|e| format!("{method}: write: {e}"))?;
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let v = self.from.recv_timeout(left).map_err(|e| format!("{method}: no reply: {e}"))?;
            if v["id"].as_u64() == Some(id) {
                if let Some(err) = v.get("error") {
                    return Err(format!("{method}: {err}"));
                }
                return Ok(v["result"].clone());
            }
            if v.get("method").is_some() {
                self.events.push(v);
            }
        }
    }

    /// Evaluates a script expression in the page and returns its value.
    pub fn eval(&mut self, expr: &str) -> Result<Value, String> {
        let r =
            self.call("Runtime.evaluate", json!({"expression": expr, "returnByValue": true, "awaitPromise": true}))?;
        if let Some(ex) = r.get("exceptionDetails") {
            return Err(format!("script error in `{expr}`: {ex}"));
        }
        Ok(r["result"]["value"].clone())
    }

    /// Polls `expr` until it is true (10 s at most).
    pub fn wait_for(&mut self, expr: &str) -> Result<(), String> {
        // Generous: on a loaded 2-core machine (CI, tests beside it) a
        // cold page takes seconds; a page that never gets there still fails.
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if self.eval(expr)? == Value::Bool(true) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        Err(format!("timed out waiting for `{expr}`"))
    }

    pub fn navigate(&mut self, url: &str) -> Result<(), String> {
        self.call("Page.navigate", json!({"url": url}))?;
        Ok(())
    }

    /// A key press (down and up) as a user types it.
    pub fn key(&mut self, key: &str, code: i64) -> Result<(), String> {
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({"type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code}),
            )?;
        }
        Ok(())
    }

    pub fn viewport(&mut self, width: u32, height: u32, mobile: bool) -> Result<(), String> {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        )?;
        Ok(())
    }

    /// A PNG of the viewport.
    pub fn screenshot(&mut self, path: &Path) -> Result<(), String> {
        let r = self.call("Page.captureScreenshot", json!({"format": "png"}))?;
        let data = base64_decode(r["data"].as_str().ok_or("no screenshot data")?)?;
        std::fs::write(path, data).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Errors the page reported: uncaught exceptions, console.error calls,
    /// and error-level log entries (a failed load, a blocked request).
    pub fn page_errors(&mut self) -> Vec<String> {
        // Let pending events arrive.
        while let Ok(v) = self.from.recv_timeout(Duration::from_millis(100)) {
            if v.get("method").is_some() {
                self.events.push(v);
            }
        }
        let mut out = Vec::new();
        for e in &self.events {
            let p = &e["params"];
            match e["method"].as_str().unwrap_or("") {
                "Runtime.exceptionThrown" => out.push(format!("exception: {}", p["exceptionDetails"])),
                "Runtime.consoleAPICalled" if matches!(p["type"].as_str(), Some("error") | Some("assert")) => {
                    out.push(format!("console.{}: {}", p["type"], p["args"]))
                }
                "Log.entryAdded" if p["entry"]["level"] == "error" => out.push(format!("log: {}", p["entry"])),
                _ => {}
            }
        }
        out
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.call("Browser.close", json!({}));
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn base64_decode(s: &str) -> Result<Vec<u8>, String> {
    let val = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("bad base64 byte {c}")),
        } as u32)
    };
    let bytes: Vec<u8> = s.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for chunk in bytes.chunks(4) {
        let pad = chunk.iter().rev().take_while(|&&b| b == b'=').count();
        let mut n = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            n |= if b == b'=' { 0 } else { val(b)? } << (18 - 6 * i);
        }
        let got = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&got[..3 - pad.min(2)]);
    }
    Ok(out)
}

#[test]
fn base64_round_trip() {
    assert_eq!(base64_decode("aGVsbG8=").unwrap(), b"hello");
    assert_eq!(base64_decode("aGk=").unwrap(), b"hi");
    assert_eq!(base64_decode("YWJj").unwrap(), b"abc");
}
