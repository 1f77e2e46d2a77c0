"""Single games in the shapes of Gymnasium and PettingZoo, over a VecEnv of 1.

- :class:`MahjongEnv`: one learning seat (Gymnasium ``Env``):
  ``reset(seed=None) -> obs, info``; ``step(action) -> obs, reward,
  terminated, truncated, info``; ``info["action_mask"]`` (int8 [235]) holds
  the seat's legal actions (the judge's), ``info["hu_fans"]`` the
  calculator's result of a HU now. The other three seats are played by
  ``opponent(obs, mask, rng) -> action`` (default: a uniformly random legal
  action). Steps where the learning seat has no choice (only PASS) are
  played inside ``step``. The reward is the seat's score from the judge at
  the end of the game (0 before); ``truncated`` is always False.
- :class:`MahjongParallelEnv`: the four seats as agents ``player_0`` ..
  ``player_3`` (PettingZoo ``ParallelEnv``): every seat answers every step,
  as on Botzone. ``infos[agent]["action_mask"]`` as above.

Neither gymnasium nor pettingzoo is required: where installed, the classes
derive from ``gymnasium.Env`` / ``pettingzoo.ParallelEnv`` and have their
spaces (``Box(0, 255, (L,), uint8)``, ``Discrete(235)``); without them they
have the same methods and no spaces. At the end of a game the observation
returned is all zeros and the mask empty (the table has already dealt its
next game; ``reset()`` starts it).
"""
from collections.abc import Mapping

import numpy as np

from ._native import NUM_ACTIONS
from .env import VecEnv

try:  # optional
    import gymnasium as _gym
except ImportError:  # pragma: no cover - depends on the installation
    _gym = None
try:  # optional
    import pettingzoo as _pz
except ImportError:  # pragma: no cover
    _pz = None

__all__ = ["MahjongEnv", "MahjongParallelEnv", "random_legal"]


def random_legal(obs, mask, rng):
    """A uniformly random legal action of one seat (``mask``: [235])."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(len(legal))]) if len(legal) else 0


def _spaces(obs_len):
    if _gym is None:
        return None, None
    from gymnasium import spaces

    return spaces.Box(0, 255, (obs_len,), np.uint8), spaces.Discrete(NUM_ACTIONS)


class _Table:
    """A VecEnv of one table, re-created on ``reset(seed)``."""

    def __init__(self, seed, obs, duplicate, rules):
        self.kind, self.duplicate, self.rules = obs, duplicate, rules
        self.start(seed)

    def start(self, seed):
        self.env = VecEnv(1, seed, obs=self.kind, duplicate=self.duplicate, records=True, threads=1, rules=self.rules)
        self.env.reset()

    def reset(self, seed):
        if seed is None:
            self.env.reset()
        else:
            self.start(seed)
        self.env.take_records()
        self.record = None

    def step(self, actions):
        r = self.env.step(np.asarray(actions, np.int64).reshape(1, 4))
        done = bool(r.done[0])
        if done:
            recs = self.env.take_records()
            self.record = recs[-1] if recs else None
        return done, r.reward[0].copy()


_GymBase = _gym.Env if _gym is not None else object


class MahjongEnv(_GymBase):
    """One seat of a four-seat game (Gymnasium ``Env`` shape).

    ``MahjongEnv(seat=0, obs="compact", opponent=None, duplicate=False,
    seed=0, rules="botzone")`` (``rules``: the rule profile, as ``VecEnv``'s); ``opponent(obs, mask, rng) -> action`` plays the other three
    seats (default :func:`random_legal`). After a game ``record`` holds its
    corpus-schema record (a JSON line)."""

    metadata = {"render_modes": []}

    def __init__(self, seat=0, obs="compact", opponent=None, duplicate=False, seed=0, rules="botzone"):
        if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat <= 3:
            raise ValueError(f"seat {seat!r}: expected 0..3")
        seat = int(seat)
        self.seat = seat
        self.opponent = opponent or random_legal
        self._table = _Table(seed, obs, duplicate, rules)
        self.observation_space, self.action_space = _spaces(self._table.env.obs_len)
        self._rng = np.random.default_rng(seed)
        self._over = True

    @property
    def record(self):
        return self._table.record

    def _view(self):
        env = self._table.env
        return env.obs[0, self.seat].copy(), {
            "action_mask": env.mask[0, self.seat].astype(np.int8),
            "hu_fans": int(env.hu_fans[0, self.seat]),
        }

    def _advance(self, mine):
        """Steps once with the seat's action, then while it has no choice."""
        env = self._table.env
        reward = 0.0
        while True:
            acts = [mine if s == self.seat else self.opponent(env.obs[0, s], env.mask[0, s], self._rng) for s in range(4)]
            done, r = self._table.step(acts)
            if done:
                self._over = True
                return True, float(r[self.seat])
            m = env.mask[0, self.seat]
            if int(m.sum()) > 1 or not m[0]:
                return False, reward
            mine = 0

    def reset(self, *, seed=None, options=None):
        if _gym is not None:
            super().reset(seed=seed)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self._table.reset(seed)
        self._over = False
        m = self._table.env.mask[0, self.seat]
        if not (int(m.sum()) > 1 or not m[0]):
            done, _ = self._advance(0)
            assert not done, "a game cannot end before the dealer's first discard"
        return self._view()

    def step(self, action):
        if self._over:
            raise RuntimeError("step after the end of the game: call reset()")
        done, reward = self._advance(int(action))
        if done:
            zero = np.zeros(self._table.env.obs_len, np.uint8)
            return zero, reward, True, False, {"action_mask": np.zeros(NUM_ACTIONS, np.int8), "hu_fans": -4}
        obs, info = self._view()
        return obs, reward, False, False, info


_ParBase = _pz.ParallelEnv if _pz is not None else object


class MahjongParallelEnv(_ParBase):
    """The four seats as agents ``player_0..player_3`` (PettingZoo
    ``ParallelEnv`` shape): ``reset(seed=None, options=None) -> observations,
    infos``; ``step(actions) -> observations, rewards, terminations,
    truncations, infos`` (dicts by agent). After a game ``record`` holds its
    corpus-schema record."""

    metadata = {"render_modes": [], "name": "mcr_mahjong_v0"}

    def __init__(self, obs="compact", duplicate=False, seed=0, rules="botzone"):
        self.possible_agents = [f"player_{s}" for s in range(4)]
        self.agents = []
        self._table = _Table(seed, obs, duplicate, rules)
        self._obs_space, self._act_space = _spaces(self._table.env.obs_len)

    @property
    def record(self):
        return self._table.record

    def observation_space(self, agent):
        if self._obs_space is None:
            raise ImportError("spaces need gymnasium (pip install gymnasium)")
        return self._obs_space

    def action_space(self, agent):
        if self._act_space is None:
            raise ImportError("spaces need gymnasium (pip install gymnasium)")
        return self._act_space

    def _views(self):
        env = self._table.env
        obs = {a: env.obs[0, s].copy() for s, a in enumerate(self.possible_agents)}
        infos = {
            a: {"action_mask": env.mask[0, s].astype(np.int8), "hu_fans": int(env.hu_fans[0, s])}
            for s, a in enumerate(self.possible_agents)
        }
        return obs, infos

    def reset(self, seed=None, options=None):
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._views()

    def step(self, actions):
        if not self.agents:
            raise RuntimeError("step after the end of the game: call reset()")
        if not isinstance(actions, Mapping):
            raise TypeError(f"actions must be a dict agent -> action, not {type(actions).__name__}")
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise ValueError(f"no action for {missing}")
        done, r = self._table.step([int(actions[a]) for a in self.possible_agents])
        rewards = {a: float(r[s]) for s, a in enumerate(self.possible_agents)}
        terms = {a: done for a in self.possible_agents}
        truncs = {a: False for a in self.possible_agents}
        if done:
            n = self._table.env.obs_len
            obs = {a: np.zeros(n, np.uint8) for a in self.possible_agents}
            infos = {a: {"action_mask": np.zeros(NUM_ACTIONS, np.int8), "hu_fans": -4} for a in self.possible_agents}
            self.agents = []
        else:
            obs, infos = self._views()
        return obs, rewards, terms, truncs, infos
