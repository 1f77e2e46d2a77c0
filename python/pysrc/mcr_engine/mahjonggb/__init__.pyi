"""Type stubs of mcr_engine.mahjonggb (the pymahjonggb drop-in)."""
from types import ModuleType
from typing import Any, Tuple

from . import v1_1 as v1_1, v1_3 as v1_3, v1_4 as v1_4

def imitate(version: str) -> ModuleType: ...

def MahjongFanCalculator(
    pack: Tuple[Tuple[str, str, int], ...],
    hand: Tuple[str, ...],
    winTile: str,
    flowerCount: int,
    isSelfDrawn: bool,
    is4thTile: bool,
    isAboutKong: bool,
    isWallLast: bool,
    seatWind: int,
    prevalentWind: int,
    verbose: bool = False,
) -> Tuple[Tuple[Any, ...], ...]: ...
def MahjongShanten(pack: Tuple[Tuple[str, str, int], ...], hand: Tuple[str, ...]) -> int: ...
def ThirteenOrphansShanten(hand: Tuple[str, ...]) -> Tuple[int, Tuple[str, ...]]: ...
def SevenPairsShanten(hand: Tuple[str, ...]) -> Tuple[int, Tuple[str, ...]]: ...
def HonorsAndKnittedTilesShanten(hand: Tuple[str, ...]) -> Tuple[int, Tuple[str, ...]]: ...
def KnittedStraightShanten(hand: Tuple[str, ...]) -> Tuple[int, Tuple[str, ...]]: ...
def RegularShanten(hand: Tuple[str, ...]) -> Tuple[int, Tuple[str, ...]]: ...
