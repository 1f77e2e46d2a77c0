"""The vectorised environment: many tables of judge-exact MCR stepped in Rust.

``VecEnv(num_envs, seed, *, obs="compact", ...)`` wraps the library's
``env::VecEnv`` thinly: it allocates its numpy arrays once, the Rust side
writes them in place on every ``reset``/``step`` (no copies, the GIL
released while the tables are stepped over a thread pool), and the same
arrays are returned each time::

    env = mcr_engine.VecEnv(1024, seed=42)
    obs, mask, reward, done, hu_fans = env.reset()
    while training:
        actions = policy(obs, mask)              # int64 [num_envs, 4]
        obs, mask, reward, done, hu_fans = env.step(actions)

Arrays (``N = num_envs``; ``L`` = 195 for ``obs="compact"``, 216 for
``"feature"``, the baseline FeatureAgent's 6x4x9 planes):

========== ======= =============== ===============================================
array      dtype   shape           meaning
========== ======= =============== ===============================================
obs        uint8   [N, 4, L]       each seat's observation (what it may see)
mask       uint8   [N, 4, 235]     each seat's legal actions (the judge's)
reward     float32 [N, 4]          the judge's scores when a game ended, else 0
done       uint8   [N]             1 when the table's game ended in this step
hu_fans    int32   [N, 4]          the calculator's result of a HU now, -4: no HU
========== ======= =============== ===============================================

The 235 actions are the IJCAI baseline FeatureAgent's (pass, hu, play x34,
chi x63, peng x34, gang x34, angang x34, bugang x34; ``action_name(i)``).
Auto-reset: when ``done[i]`` is 1, ``reward[i]`` holds the finished game's
scores and ``obs[i]``/``mask[i]`` already show the next game on table i.
An action outside its seat's mask is sent to the judge as an illegal answer:
the judge's verdict applies (WA or WH, -30 for the offender, +10 for each
other seat) when it examines it; it is not an exception. With
``records=True`` every finished game's record (a JSON line in the corpus
schema, replayable by ``mcr validate``, ``validate_engine.py`` and
:class:`mcr_engine.Engine`) is kept until ``take_records()``.
"""
import threading
from typing import List, NamedTuple

import numpy as np

from ._native import NUM_ACTIONS, EnvError, _VecEnv, action_name

__all__ = ["VecEnv", "StepResult", "ActionError", "EnvError", "NUM_ACTIONS", "action_name", "OBS_LEN"]

#: Observation bytes per seat, by encoding.
OBS_LEN = {"compact": 195, "feature": 216}


class ActionError(EnvError, TypeError, ValueError):
    """Actions that are not a batch of action indices: not an integer array,
    wrong shape (expected ``[num_envs, 4]``), or an index outside
    ``0..234``; also calling ``step`` before ``reset``. (An index inside the
    range but outside the mask is not an error: the judge's verdict applies.)
    An :class:`EnvError`, a ``TypeError`` and a ``ValueError``."""


class StepResult(NamedTuple):
    """What ``reset`` and ``step`` return: the env's own arrays (overwritten
    by the next call; copy what you keep)."""

    obs: np.ndarray
    mask: np.ndarray
    reward: np.ndarray
    done: np.ndarray
    hu_fans: np.ndarray


def _int(name, value, low, high):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise EnvError(f"{name} must be an int, got {type(value).__name__}")
    value = int(value)
    if not low <= value <= high:
        raise EnvError(f"{name} = {value} out of range {low}..{high}")
    return value


class VecEnv:
    """``num_envs`` tables of judge-exact MCR, stepped together in Rust.

    Parameters (all but the first two keyword-only):

    - ``num_envs``: tables (>= 1).
    - ``seed``: 0..2**64-1. Game g of the run (table ``g % num_envs``) is
      dealt from the seed's SplitMix64 stream g: the same seed gives the same
      games and, under the same actions, the same trajectory, whatever
      ``threads``.
    - ``obs``: ``"compact"`` (195 bytes per seat) or ``"feature"`` (the
      baseline FeatureAgent's 6x4x9 planes, 216 bytes).
    - ``duplicate``: walls in sets of 24 seat permutations of one wall
      (the duplicate format), prevalent wind k // 6.
    - ``records``: keep every finished game's record (``take_records``).
    - ``threads``: worker threads (0: one per core).
    - ``skip_forced``: play inside ``step`` the judge steps where no seat has
      a choice (every seat's mask has one action), so that each step is a
      decision; False makes every judge step a step.
    - ``rules``: the rule profile the games are judged and scored under
      (``mcr_engine.profiles()``): its minimum fan decides which HUs the
      masks allow, and records of a game not under ``"botzone"`` carry
      ``"rules": NAME`` (replay them with ``mcr validate --rules NAME``).

    Raises :class:`EnvError` on a bad parameter, :class:`UnknownRules` on an
    unknown ``rules``.
    """

    def __init__(self, num_envs, seed, *, obs="compact", duplicate=False, records=False, threads=0, skip_forced=True, rules="botzone"):
        n = _int("num_envs", num_envs, 1, 1 << 24)
        seed = _int("seed", seed, 0, (1 << 64) - 1)
        threads = _int("threads", threads, 0, 1024)
        if obs not in OBS_LEN:
            raise EnvError(f"obs {obs!r}: expected 'compact' or 'feature'")
        if not isinstance(rules, str):
            raise TypeError(f"rules must be a profile name (str), not {type(rules).__name__}")
        self._native = _VecEnv(n, seed, obs, bool(duplicate), bool(records), threads, bool(skip_forced), rules)
        self.rules = rules
        length = self._native.obs_len
        self.num_envs = n
        self.seed = seed
        self.obs_kind = obs
        self.records = bool(records)
        self.obs = np.zeros((n, 4, length), np.uint8)
        self.mask = np.zeros((n, 4, NUM_ACTIONS), np.uint8)
        self.reward = np.zeros((n, 4), np.float32)
        self.done = np.zeros(n, np.uint8)
        self.hu_fans = np.full((n, 4), -4, np.int32)
        self._native.bind(self.obs, self.mask, self.reward, self.done, self.hu_fans)
        self._actions = np.zeros((n, 4), np.int64)
        self._result = StepResult(self.obs, self.mask, self.reward, self.done, self.hu_fans)
        self._started = False
        # One call at a time: the tables are stepped without the GIL, and a
        # second thread's call waits here rather than finding them busy.
        self._lock = threading.RLock()

    @property
    def obs_len(self) -> int:
        """Observation bytes per seat."""
        return self.obs.shape[2]

    def reset(self) -> StepResult:
        """New games on every table (the run's game numbers continue: a reset
        never replays a wall); returns the arrays, reward and done zeroed."""
        with self._lock:
            self._native.reset()
            self._started = True
        return self._result

    def step(self, actions) -> StepResult:
        """One decision of every seat of every table.

        ``actions``: ``[num_envs, 4]`` action indices, ideally a C-contiguous
        ``int64`` numpy array (read in place); another integer array or
        nested sequence is converted (one copy). While a table waits for the
        discards of PENG/CHI claims, only the claiming seats' actions are
        read (a play index). Raises :class:`ActionError` on bad actions.
        """
        with self._lock:
            if not self._started:
                raise ActionError("step before reset: call reset() first")
            a = actions
            if not (type(a) is np.ndarray and a.dtype == np.int64 and a.flags.c_contiguous and a.shape == self._actions.shape):
                a = self._convert(a)
            if a.view(np.uint64).max() >= NUM_ACTIONS:
                bad = np.argwhere((a < 0) | (a >= NUM_ACTIONS))[0]
                raise ActionError(
                    f"actions[{bad[0]}, {bad[1]}] = {int(a[bad[0], bad[1]])} is not an action index 0..{NUM_ACTIONS - 1}"
                )
            self._native.step(a)
        return self._result

    def _convert(self, actions):
        try:
            a = np.asarray(actions)
        except (ValueError, TypeError, OverflowError) as e:  # ragged, or values numpy cannot hold
            raise ActionError(f"actions: not an integer array ({e})") from None
        if a.dtype.kind not in "iu":
            raise ActionError(f"actions: dtype {a.dtype}, expected an integer array (int64)")
        if a.shape != self._actions.shape:
            raise ActionError(f"actions: shape {a.shape}, expected {self._actions.shape} (num_envs, 4)")
        if a.dtype.kind == "u" and a.size and a.max() > np.iinfo(np.int64).max:
            raise ActionError("actions: values past int64")
        np.copyto(self._actions, a, casting="unsafe")
        return self._actions

    def take_records(self) -> List[str]:
        """The records (JSON lines in the corpus schema) of the games finished
        since the last call; empty unless ``records=True``."""
        with self._lock:
            return self._native.take_records()

    @property
    def games_finished(self) -> int:
        """Games finished so far."""
        with self._lock:
            return self._native.counters()[0]

    @property
    def judge_steps(self) -> int:
        """Judge steps played so far (forced ones included)."""
        with self._lock:
            return self._native.counters()[2]

    def legal_answers(self, env: int, seat: int) -> List[str]:
        """The answer strings the judge accepts now from ``seat`` at table
        ``env`` (the engine's own list; PENG/CHI with each legal discard)."""
        env, seat = _int("env", env, 0, self.num_envs - 1), _int("seat", seat, 0, 3)
        with self._lock:
            return self._native.legal_answers(env, seat)

    def choosing_discard(self, env: int) -> bool:
        """Table ``env`` waits for the discards of PENG/CHI claims (their
        seats' masks hold play indices, the others' only PASS)."""
        env = _int("env", env, 0, self.num_envs - 1)
        with self._lock:
            return self._native.choosing_discard(env)

    def __repr__(self):
        return f"VecEnv(num_envs={self.num_envs}, seed={self.seed}, obs={self.obs_kind!r}, rules={self.rules!r})"
