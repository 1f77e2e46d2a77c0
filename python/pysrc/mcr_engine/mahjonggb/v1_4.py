"""pymahjonggb 1.4.0's functions (the 2024 calculator); see :mod:`mcr_engine.mahjonggb`."""
from .._native import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)
from .._native import MahjongFanCalculator_v1_4 as MahjongFanCalculator

VERSION = "1.4.0"

__all__ = [
    "MahjongFanCalculator",
    "MahjongShanten",
    "ThirteenOrphansShanten",
    "SevenPairsShanten",
    "HonorsAndKnittedTilesShanten",
    "KnittedStraightShanten",
    "RegularShanten",
]
