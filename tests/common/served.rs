//! A `hewn serve` run by a test, on 127.0.0.1 at a port the system picks: started, typed
//! at, read and stopped as an operator would.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// A `hewn serve` on 127.0.0.1 at a port the system picked.
pub struct Served {
    child: Child,
    /// Where it listens.
    pub addr: String,
    /// What it printed on stderr after `listening on`, collected by a thread.
    log: std::sync::mpsc::Receiver<String>,
    /// Its console.
    console: Option<ChildStdin>,
}

impl Served {
    /// Starts a server of a flat world of seed 5 at `world`, with its data in `data`.
    pub fn start(bin: &Path, world: &Path, data: &Path) -> Self {
        Self::start_with(bin, world, data, &[])
    }

    /// [`Served::start`], with `more` arguments.
    pub fn start_with(bin: &Path, world: &Path, data: &Path, more: &[&str]) -> Self {
        let mut child = Command::new(bin)
            .args([
                "serve",
                "--world-gen",
                "flat",
                "--seed",
                "5",
                "--bind",
                "127.0.0.1",
            ])
            .args(["--port", "0", "--world"])
            .arg(world)
            .args(more)
            .env("HEWN_DATA_DIR", data)
            .env("RUST_LOG", "info")
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .stdin(Stdio::piped())
            .spawn()
            .expect("start hewn serve");
        let stderr = child.stderr.take();
        let console = child.stdin.take();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr.expect("stderr"))
                .lines()
                .map_while(Result::ok)
            {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Dropped (killing the server) if it never says where it listens.
        let mut served = Self {
            child,
            addr: String::new(),
            log: rx,
            console,
        };
        let deadline = Instant::now() + Duration::from_secs(30);
        while served.addr.is_empty() {
            let line = served
                .log
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .expect("hewn serve logs where it listens within 30 s");
            if let Some(addr) = line.split("listening on ").nth(1) {
                served.addr = addr.trim().to_owned();
            }
        }
        served
    }

    /// Types `line` at the server's console.
    pub fn command(&mut self, line: &str) {
        let console = self.console.as_mut().expect("the console is open");
        writeln!(console, "{line}").expect("the server reads its console");
        console.flush().expect("the server reads its console");
    }

    /// Waits, at most `within`, for a line of the log holding `text`, and gives it.
    pub fn wait_for(&self, text: &str, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let line = self
                .log
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .unwrap_or_else(|_| panic!("hewn serve logs {text:?} within {within:?}"));
            if line.contains(text) {
                return line;
            }
        }
    }

    /// Kills it with SIGKILL, as a power cut would, and waits for it to go.
    pub fn kill(&mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("killed");
    }

    /// Sends SIGTERM and waits for the exit, at most 5 seconds; returns the rest of the log.
    pub fn stop(mut self) -> String {
        let pid = self.child.id().to_string();
        // The shell's own kill: a minimal system may have no kill program.
        let status = Command::new("sh")
            .args(["-c", &format!("kill -TERM {pid}")])
            .status();
        assert!(status.is_ok_and(|s| s.success()), "kill -TERM {pid}");
        let deadline = Instant::now() + Duration::from_secs(5);
        let exit = loop {
            if let Some(exit) = self.child.try_wait().expect("wait") {
                break exit;
            }
            assert!(
                Instant::now() < deadline,
                "hewn serve still running 5 s after SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(exit.success(), "hewn serve exited with {exit}");
        let mut rest = String::new();
        while let Ok(line) = self.log.recv_timeout(Duration::from_secs(1)) {
            rest.push_str(&line);
            rest.push('\n');
        }
        rest
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
