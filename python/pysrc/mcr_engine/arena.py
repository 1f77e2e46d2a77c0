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

Duplicate tournaments: ``records, standings = arena.duplicate(walls=W)``
plays each wall under the 24 seatings (docs/src/arena.md, "Tournaments") and returns
the records and a :class:`Standings` (``.bots``, ``.text``, ``.json``,
``.to_pandas()``). A seat may be a batched policy, ``batched(f)`` with
``f(obs, mask) -> actions`` on 2-D arrays (one row per seat deciding, numpy
uint8 ``[B, 195 or 216]`` and ``[B, 235]``; an int array ``[B]`` back). When
all four seats are batched policies the games run many at once
(``tables``), each policy called once per step with all its rows; else they
run in the arena (a batched policy then gets one row). A seat with one
legal action plays it without asking the policy, in both. ``records="dict"``
(default) parses the records, ``"json"`` keeps the JSON lines, ``None``
keeps none (the standings alone: a training loop's evaluation)::

    def greedy(obs, mask): return mask.argmax(axis=1)
    pol = mcr_engine.batched(checkpoint_policy, name="ckpt-1200")
    _, st = mcr_engine.Arena([pol, mcr_engine.batched(greedy, name="first")] * 2).duplicate(walls=64, records=None)
    print(st.text); st.bots[0]["mean_score"], st.bots[0]["ci95"]
"""
import json

from ._native import ArgumentError, _Arena, sprt_run, standings_of


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

    def duplicate(self, walls, *, shard=None, tables=512, records="dict"):
        """A duplicate tournament of ``walls`` walls (``shard=(i, n)``: the
        games whose index modulo n is i), the four seats as the four entries.
        Returns ``(records, Standings)``; the records are in run order."""
        if records not in ("dict", "json", None):
            raise ArgumentError('records: "dict", "json" or None')
        i, n = shard if shard is not None else (0, 1)
        lines, sjson, stext = self._native.duplicate(walls, i, n, tables, records is not None)
        out = [json.loads(line) for line in lines] if records == "dict" else lines if records == "json" else None
        return out, Standings(sjson, stext)

    @staticmethod
    def summary(records):
        """The standings table (text) of records."""
        return standings(records).text


class Standings:
    """Tournament standings (``mcr standings --format json``'s form:
    ``.json`` the dict, ``.bots`` its rows in rank order, ``.text`` the
    table ``mcr arena`` prints)."""

    def __init__(self, sjson, text):
        self.json = json.loads(sjson)
        self.text = text

    @property
    def bots(self):
        return self.json["bots"]

    def __getitem__(self, name):
        for b in self.bots:
            if b["name"] == name:
                return b
        raise KeyError(name)

    def __str__(self):
        return self.text

    def __repr__(self):
        return f"<Standings {self.json['records']} games: " + ", ".join(f"{b['name']} {b['mean_score']:.2f}" for b in self.bots) + ">"

    def to_pandas(self):
        """One row per bot (rank order), the interval as ``ci95_lo``/``ci95_hi``."""
        import pandas as pd

        rows = []
        for b in self.bots:
            r = {k: v for k, v in b.items() if k not in ("ci95", "time_ms", "verdicts")}
            lo, hi = b["ci95"] if b["ci95"] else (None, None)
            r["ci95_lo"], r["ci95_hi"] = lo, hi
            r["verdicts"] = sum(b["verdicts"].values())
            rows.append(r)
        return pd.DataFrame(rows).set_index("name")


def standings(records):
    """The :class:`Standings` of records (dicts or JSON lines; shards and
    runs in any order give the same)."""
    return Standings(*standings_of([r if isinstance(r, str) else json.dumps(r) for r in records]))


def sprt(candidate, baseline, *, d0, d1, alpha=0.05, beta=0.05, format="1v3", max_walls=10_000, seed=0, jobs=1, out=None, rules="botzone", obs="compact", progress=None):
    """Is the candidate better? A sequential test of ``candidate`` against
    ``baseline`` (``mcr arena --format 1v3|2v2 --sprt D0,D1``): H0 the
    candidate's mean score per game minus the baseline's is at most ``d0``,
    H1 at least ``d1``; walls are played in batches until the LLR crosses a
    bound or ``max_walls``. Seats are bot programs (dicts of the bots file's
    keys), Python policies, :func:`batched` policies or built-ins
    (:mod:`mcr_engine.policies`). With ``out`` the records are written
    there (an existing file is continued). ``progress(walls, games, llr)``
    after each batch.

    Returns the test's report (``mcr standings``' ``sprt`` key):
    ``decision`` ("H0", "H1" or None), ``walls`` (used by the decision),
    ``llr``, ``lower``, ``upper``, ``estimate`` and ``ci95`` (points per
    game, over every wall played), ``sd_per_wall``, ``llr_path``."""
    r = sprt_run(_wrap(candidate), _wrap(baseline), float(d0), float(d1), float(alpha), float(beta), format,
                 int(max_walls), int(seed), int(jobs), None if out is None else str(out), rules, obs, progress)
    return json.loads(r)


def batched(policy, name=None):
    """Marks ``policy(obs, mask) -> actions`` (2-D numpy arrays, one row per
    deciding seat) as a batched seat of :class:`Arena`."""
    import numpy as np

    def call(obs, mask, rows):
        o = np.frombuffer(obs, dtype=np.uint8).reshape(rows, -1)
        m = np.frombuffer(mask, dtype=np.uint8).reshape(rows, -1)
        a = np.asarray(policy(o, m), dtype=np.int64).reshape(rows)
        return a.tobytes()

    call._mcr_batched = True
    call.name = name or getattr(policy, "name", None) or getattr(policy, "__name__", "policy")
    return call


def _wrap(seat):
    if isinstance(seat, dict) or not callable(seat) or getattr(seat, "_mcr_batched", False):
        return seat
    import numpy as np

    def call(obs, mask):
        return seat(np.frombuffer(obs, dtype=np.uint8), np.frombuffer(mask, dtype=np.uint8))

    call.name = getattr(seat, "name", None) or getattr(seat, "__name__", "policy")
    return call
