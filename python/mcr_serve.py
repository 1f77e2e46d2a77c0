"""mcr_serve — the Rust MCR engine (`mcr serve`) behind the interface of the
public validator (`tests/data/validate_engine.py`). Standard library only.

    from mcr_serve import Engine
    with Engine() as eng:
        turn = eng.reset(wall, quan, srand)    # {"requests": {...}, "display": {...}}
        turn = eng.step({"0": "PASS", "1": "PASS", "2": "PASS", "3": "PASS"})

    PYTHONPATH=python python3 tests/data/validate_engine.py \\
        --engine mcr_serve:Engine tests/data/golden.jsonl.gz

The binary is $MCR_BIN, or else target/release/mcr in the repository this
file belongs to (build it with `cargo build --release`). One `mcr serve`
process per Engine; it is stopped by close(), by leaving a `with` block, when
the Engine is garbage collected, or at interpreter exit.

This is the fallback for machines without a Rust toolchain for the native
package (`pip install ./python`, `mcr_engine.Engine`, about 3-4x faster in
the validator); it needs only the `mcr` binary.
"""
import atexit
import json
import os
import subprocess
import weakref

__all__ = ["Engine", "EngineError", "default_binary"]


class EngineError(RuntimeError):
    """The engine refused a command (bad wall, bad responses, step after the
    end...) or the engine process failed."""


def default_binary():
    """$MCR_BIN, else <repo>/target/release/mcr located from this file."""
    env = os.environ.get("MCR_BIN")
    if env:
        return env
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.path.join(repo, "target", "release", "mcr")


def _stop(proc):
    """Ends a serve process: closing its input makes it exit on its own."""
    if proc.poll() is not None:
        return
    try:
        proc.stdin.close()
    except OSError:
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    finally:
        if proc.stdout:
            proc.stdout.close()


class Engine:
    """One game at a time, driven through `mcr serve` over pipes."""

    def __init__(self, binary=None):
        self.binary = binary or default_binary()
        if not os.path.isfile(self.binary):
            raise EngineError(
                "mcr binary not found at %s (run `cargo build --release` in the "
                "repository or set MCR_BIN)" % self.binary)
        self._proc = subprocess.Popen(
            [self.binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            encoding="utf-8", bufsize=1)
        # Stop the process however this object goes away, without atexit
        # keeping the object itself alive.
        self._finalizer = weakref.finalize(self, _stop, self._proc)
        atexit.register(self._finalizer)

    def reset(self, wall, quan, srand):
        """Starts a game on the 136-tile `wall`; returns the INIT turn."""
        return self._call({"cmd": "reset", "wall": list(wall), "quan": quan, "srand": srand})

    def step(self, responses):
        """Feeds the four seats' answers ({"0": "PASS", ...}); returns the next turn."""
        return self._call({"cmd": "step", "responses": dict(responses)})

    def _call(self, command):
        proc = self._proc
        if proc is None:
            raise EngineError("engine is closed")
        try:
            proc.stdin.write(json.dumps(command, ensure_ascii=False) + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        except (BrokenPipeError, OSError) as e:
            raise EngineError("mcr serve is gone (exit status %s): %s" % (proc.poll(), e)) from None
        if not line:
            raise EngineError("mcr serve ended unexpectedly (exit status %s)" % proc.wait())
        reply = json.loads(line)
        if "error" in reply:
            raise EngineError(reply["error"])
        return reply

    def close(self):
        """Stops the engine process (idempotent)."""
        if self._proc is not None:
            self._finalizer()
            atexit.unregister(self._finalizer)
            self._proc = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __del__(self):
        # weakref.finalize covers collection; this only makes it immediate.
        if getattr(self, "_proc", None) is not None:
            self.close()
