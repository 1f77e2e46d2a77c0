"""Type stubs of mcr_engine.single (Gymnasium/PettingZoo-shaped single games)."""
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
import numpy.typing as npt

Obs = npt.NDArray[np.uint8]
Mask = npt.NDArray[np.uint8]
Info = Dict[str, Any]
Policy = Callable[[Obs, Mask, np.random.Generator], int]

def random_legal(obs: Obs, mask: Mask, rng: np.random.Generator) -> int: ...

class MahjongEnv:
    """One seat of a four-seat game (Gymnasium Env shape); info["action_mask"] is int8 [235]."""
    seat: int
    opponent: Policy
    observation_space: Any
    action_space: Any
    metadata: Dict[str, Any]
    def __init__(self, seat: int = 0, obs: str = "compact", opponent: Optional[Policy] = None, duplicate: bool = False, seed: int = 0, rules: str = "botzone") -> None: ...
    @property
    def record(self) -> Optional[str]: ...
    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Obs, Info]: ...
    def step(self, action: int) -> Tuple[Obs, float, bool, bool, Info]: ...

class MahjongParallelEnv:
    """The four seats as agents player_0..player_3 (PettingZoo ParallelEnv shape)."""
    possible_agents: List[str]
    agents: List[str]
    metadata: Dict[str, Any]
    def __init__(self, obs: str = "compact", duplicate: bool = False, seed: int = 0, rules: str = "botzone") -> None: ...
    @property
    def record(self) -> Optional[str]: ...
    def observation_space(self, agent: str) -> Any: ...
    def action_space(self, agent: str) -> Any: ...
    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> Tuple[Dict[str, Obs], Dict[str, Info]]: ...
    def step(
        self, actions: Dict[str, int]
    ) -> Tuple[Dict[str, Obs], Dict[str, float], Dict[str, bool], Dict[str, bool], Dict[str, Info]]: ...
