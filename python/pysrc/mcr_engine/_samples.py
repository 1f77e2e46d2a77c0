"""Training samples from game records, without files: the contents of
``mcr samples`` shards as dicts of numpy arrays (needs numpy).

``samples(paths, encoding="baseline", flags="judge", batch=4096, jobs=None)`` yields
dicts with ``obs`` (int8 ``[n,6,4,9]``, or uint8 ``[n,195]`` for
``encoding="compact"``), ``mask`` (int8 ``[n,235]``), ``act`` (int64),
``game`` (int64), ``turn`` (int32), ``seat`` (int8), ``kind`` (int8: 0 own
draw, 1 claim, 2 meld discard), ``score`` (int32) and ``win_flags`` (uint8:
the flags a HU at the decision is scored with, bits 1 self-drawn, 2 fourth
tile, 4 about a kong, 8 last tile of the wall). Records that cannot be
read or replayed are skipped; ``SampleStream.problems()`` lists them.

``sample_state(obs)`` reads compact observations as named arrays (a state
view for custom encodings; given a whole batch, it adds the win flags as
boolean arrays ``self_drawn``, ``fourth_tile``, ``about_kong``,
``wall_last``): ``hand`` [n,34], ``melds`` [n,4,4,3] (kind, tile+1, offer
per relative seat and slot), ``discards`` [n,4,25] (tile+1, +64 when
claimed), ``seat_wind``, ``prevalent_wind``, ``walls`` [n,4] (tiles left per
relative seat's segment), ``event``, ``event_seat``, ``event_tile``,
``chi_middle``, ``pending``, ``pending_middle``, ``hu_fans``.
"""
import numpy as np

from ._native import SampleStream

_SHAPES = {"baseline": (np.int8, (6, 4, 9)), "compact": (np.uint8, (195,))}
_COLUMNS = {"act": np.int64, "game": np.int64, "turn": np.int32, "seat": np.int8, "kind": np.int8, "score": np.int32, "win_flags": np.uint8}


def _arrays(raw, encoding):
    n = raw["n"]
    dtype, shape = _SHAPES[encoding]
    out = {
        "obs": np.frombuffer(raw["obs"], dtype=dtype).reshape((n,) + shape),
        "mask": np.frombuffer(raw["mask"], dtype=np.int8).reshape(n, 235),
    }
    for name, t in _COLUMNS.items():
        out[name] = np.frombuffer(raw[name], dtype=np.dtype(t).newbyteorder("<"))
    return out


def samples(paths, encoding="baseline", flags="judge", batch=4096, keep_forced=False, rules=None, jobs=None):
    """Yields the samples of the game records in ``paths`` (a path or a list)
    in batches of ``batch`` (the last one smaller), sampled on ``jobs``
    threads (``None``: every core; the batches are the same whatever the
    threads)."""
    if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
        paths = [paths]
    stream = SampleStream([str(p) for p in paths], encoding, flags, keep_forced, rules, jobs)
    while True:
        raw = stream.next_batch(int(batch))
        if raw is None:
            return
        yield _arrays(raw, encoding)


WIN_FLAGS = {"self_drawn": 1, "fourth_tile": 2, "about_kong": 4, "wall_last": 8}


def sample_state(obs):
    """Named views of compact observations (``encoding="compact"``): ``obs``
    an array, or a batch of ``samples`` (then the win flags too)."""
    flags = None
    if isinstance(obs, dict):
        flags = obs.get("win_flags")
        obs = obs["obs"]
    o = np.asarray(obs, dtype=np.uint8).reshape(-1, 195)
    out = {
        "hand": o[:, 0:34],
        "melds": o[:, 34:82].reshape(-1, 4, 4, 3),
        "discards": o[:, 82:182].reshape(-1, 4, 25),
        "seat_wind": o[:, 182],
        "prevalent_wind": o[:, 183],
        "walls": o[:, 184:188],
        "event": o[:, 188],
        "event_seat": o[:, 189],
        "event_tile": o[:, 190],
        "chi_middle": o[:, 191],
        "pending": o[:, 192],
        "pending_middle": o[:, 193],
        "hu_fans": o[:, 194],
    }
    if flags is not None:
        for name, bit in WIN_FLAGS.items():
            out[name] = (np.asarray(flags) & bit) != 0
    return out


__all__ = ["samples", "sample_state", "SampleStream", "WIN_FLAGS"]
