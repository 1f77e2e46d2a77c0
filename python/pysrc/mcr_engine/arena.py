"""Bot matches from Python: ``mcr_engine.Arena`` runs the games ``mcr arena``
runs (the same library: Botzone's protocol, limits, verdicts, records), and
a seat may be a Python callable instead of a program::

    def policy(obs, mask):            # numpy uint8 arrays (obs: 195 or 216, mask: 235)
        return int(mask.nonzero()[0][0])

    bot = {"name": "sample", "command": ["./sample"], "io": "json"}
    arena = mcr_engine.Arena([policy, bot, bot, {"command": "mcr bot", "keep_running": True}],
                             games=100, seed=1)
    records = arena.run()            # dicts in the corpus schema, as the games ended
    print(arena.summary(records))    # the per-bot table

A bot seat is a dict of the bots file's keys (``name``, ``command``, ``io``,
``time_limit_ms``, ``keep_running_limit_ms``, ``memory_mb``, ``dir``,
``keep_running``, ``quote_requests``); ``Arena.from_bots_file(path)`` reads
a BOTS.toml. A policy gets the observation and the legal mask of
``VecEnv`` (``obs="compact"`` or ``"feature"``) and returns an action index;
PENG and CHI are two calls (the claim, then its discard, the mask then
holding the legal discards). An index outside the mask is sent as an
illegal answer (the judge's WA). An exception raised by a policy stops the
run and is raised from ``run``. The arena makes this process a child
subreaper while it runs bot programs (orphans of the bots come back to it
and are killed); ``jobs=J`` plays J games at once (policies share the GIL).
"""
import json

from ._native import _Arena, arena_summary


class Arena:
    def __init__(self, seats=None, *, games=1, seed=0, jobs=1, keep_debug=False, rules="botzone", obs="compact", bots_file=None):
        if seats is not None:
            seats = [_wrap(s) for s in seats]
        self._native = _Arena(seats, bots_file, games, seed, jobs, keep_debug, rules, obs)

    @classmethod
    def from_bots_file(cls, path, **kw):
        return cls(None, bots_file=str(path), **kw)

    @property
    def names(self):
        return self._native.names

    def run(self, out=None):
        """Plays the games; returns their records (dicts). With ``out`` (a
        path), also writes them there as JSON lines."""
        lines = self._native.run()
        if out is not None:
            with open(out, "w") as f:
                for line in lines:
                    f.write(line + "\n")
        return [json.loads(line) for line in lines]

    @staticmethod
    def summary(records):
        """The per-bot table (games, mean score, wins, self-drawn, deal-ins,
        time per turn, verdicts) of records."""
        return arena_summary([r if isinstance(r, str) else json.dumps(r) for r in records])


def _wrap(seat):
    if isinstance(seat, dict) or not callable(seat):
        return seat
    import numpy as np

    def call(obs, mask):
        return seat(np.frombuffer(obs, dtype=np.uint8), np.frombuffer(mask, dtype=np.uint8))

    call.name = getattr(seat, "name", None) or getattr(seat, "__name__", "policy")
    return call
