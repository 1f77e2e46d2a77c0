"""Type stubs of mcr_engine.policies (built-in policies played in process)."""
from typing import Optional, Tuple, TypedDict

class Seat(TypedDict):
    """A built-in seat: the bots file's keys of a built-in entry."""
    builtin: str
    seed: int
    random_discards: float
    name: str

KINDS: Tuple[str, ...]

def builtin(kind: str, seed: int = 0, random_discards: float = 0.0, name: Optional[str] = None) -> Seat:
    """The built-in ``kind`` (one of KINDS) as a seat; ValueError for another kind."""

def random(seed: int = 0, random_discards: float = 0.0, name: Optional[str] = None) -> Seat:
    """Uniform among the legal actions."""

def greedy(seed: int = 0, random_discards: float = 0.0, name: Optional[str] = None) -> Seat:
    """The reference bot's greedy policy (``mcr bot --policy greedy``)."""

def decide(seed: int = 0, random_discards: float = 0.0, name: Optional[str] = None) -> Seat:
    """The reference bot's decision-analysis policy (``mcr bot --policy decide``)."""

def table(seed: int = 0, random_discards: float = 0.0, name: Optional[str] = None) -> Seat:
    """The reference bot's table policy (``mcr bot --policy table``)."""
