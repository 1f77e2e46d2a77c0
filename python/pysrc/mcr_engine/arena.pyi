"""Type stubs of mcr_engine.arena (bot matches, duplicate tournaments, the sequential test)."""
from os import PathLike
from typing import Any, Callable, Dict, Iterable, List, Literal, Mapping, Optional, Sequence, Tuple, TypedDict, Union

import numpy as np
import numpy.typing as npt

#: A seat: a bot program or built-in (a dict of the bots file's keys), a
#: policy ``f(obs, mask) -> action`` or a :func:`batched` policy.
Seat = Union[Mapping[str, Any], Callable[..., Any]]

class Standings:
    """Tournament standings (``mcr standings --format json``'s form)."""
    json: Dict[str, Any]
    text: str
    def __init__(self, sjson: str, text: str) -> None: ...
    @property
    def bots(self) -> List[Dict[str, Any]]: ...
    def __getitem__(self, name: str) -> Dict[str, Any]: ...
    def to_pandas(self) -> Any: ...

class Arena:
    def __init__(
        self,
        seats: Optional[Sequence[Seat]] = None,
        *,
        games: int = 1,
        seed: int = 0,
        jobs: int = 1,
        keep_debug: bool = False,
        rules: str = "botzone",
        obs: Literal["compact", "feature"] = "compact",
        bots_file: Optional[str] = None,
    ) -> None: ...
    @classmethod
    def from_bots_file(cls, path: Union[str, PathLike[str]], **kw: Any) -> "Arena": ...
    @property
    def names(self) -> List[str]: ...
    def run(self, out: Optional[Union[str, PathLike[str]]] = None) -> List[Dict[str, Any]]: ...
    def duplicate(
        self,
        walls: int,
        *,
        shard: Optional[Tuple[int, int]] = None,
        tables: int = 512,
        records: Optional[Literal["dict", "json"]] = "dict",
    ) -> Tuple[Optional[List[Any]], Standings]: ...
    @staticmethod
    def summary(records: Iterable[Any]) -> str: ...

def standings(records: Iterable[Union[str, Mapping[str, Any]]]) -> Standings: ...

class SprtReport(TypedDict):
    """What :func:`sprt` returns (``mcr standings``' ``sprt`` key)."""
    candidate: str
    baseline: str
    format: str
    games_per_wall: int
    d0: float
    d1: float
    alpha: float
    beta: float
    lower: float
    upper: float
    decision: Optional[Literal["H0", "H1"]]
    walls: int
    llr: float
    walls_played: int
    estimate: float
    ci95: List[float]
    sd_per_wall: float
    llr_path: List[Any]
    estimate_path: List[Any]

def sprt(
    candidate: Seat,
    baseline: Seat,
    *,
    d0: float,
    d1: float,
    alpha: float = 0.05,
    beta: float = 0.05,
    format: Literal["1v3", "2v2"] = "1v3",
    max_walls: int = 10_000,
    seed: int = 0,
    jobs: int = 1,
    out: Optional[Union[str, PathLike[str]]] = None,
    rules: str = "botzone",
    obs: Literal["compact", "feature"] = "compact",
    progress: Optional[Callable[[int, int, float], Any]] = None,
) -> SprtReport:
    """Is the candidate better? A sequential test of ``candidate`` against ``baseline``."""

def batched(
    policy: Callable[[npt.NDArray[np.uint8], npt.NDArray[np.uint8]], Any], name: Optional[str] = None
) -> Callable[..., bytes]:
    """Marks ``policy(obs, mask) -> actions`` (2-D arrays, a row per deciding seat) as a batched seat."""
