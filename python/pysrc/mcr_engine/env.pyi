"""Type stubs of mcr_engine.env (the vectorised environment)."""
from typing import Any, Dict, List, NamedTuple, Sequence, Union

import numpy as np
import numpy.typing as npt

from . import NUM_ACTIONS as NUM_ACTIONS
from . import EnvError as EnvError
from . import action_name as action_name

OBS_LEN: Dict[str, int]

class ActionError(EnvError, TypeError, ValueError):
    """Actions that are not a batch of action indices (dtype, shape, index outside 0..234), or step before reset."""

class StepResult(NamedTuple):
    obs: npt.NDArray[np.uint8]
    """[num_envs, 4, obs_len]"""
    mask: npt.NDArray[np.uint8]
    """[num_envs, 4, 235]"""
    reward: npt.NDArray[np.float32]
    """[num_envs, 4]"""
    done: npt.NDArray[np.uint8]
    """[num_envs]"""
    hu_fans: npt.NDArray[np.int32]
    """[num_envs, 4]"""

class VecEnv:
    """num_envs tables of judge-exact MCR stepped together in Rust into numpy arrays."""
    num_envs: int
    seed: int
    obs_kind: str
    records: bool
    rules: str
    obs: npt.NDArray[np.uint8]
    mask: npt.NDArray[np.uint8]
    reward: npt.NDArray[np.float32]
    done: npt.NDArray[np.uint8]
    hu_fans: npt.NDArray[np.int32]
    def __init__(
        self,
        num_envs: int,
        seed: int,
        *,
        obs: str = "compact",
        duplicate: bool = False,
        records: bool = False,
        threads: int = 0,
        skip_forced: bool = True,
        rules: str = "botzone",
    ) -> None: ...
    @property
    def obs_len(self) -> int: ...
    def reset(self) -> StepResult: ...
    def step(self, actions: Union[npt.NDArray[np.integer[Any]], Sequence[Sequence[int]]]) -> StepResult: ...
    def take_records(self) -> List[str]: ...
    @property
    def games_finished(self) -> int: ...
    @property
    def judge_steps(self) -> int: ...
    def legal_answers(self, env: int, seat: int) -> List[str]: ...
    def choosing_discard(self, env: int) -> bool: ...
