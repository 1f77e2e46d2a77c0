"""pymahjonggb 1.2.0 and 1.3.0's functions (the 2018 calculator with wait fans on knitted-straight wins); see :mod:`mcr_engine.mahjonggb`."""
from .._native import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)
from .._native import MahjongFanCalculator_v1_3 as MahjongFanCalculator

VERSION = "1.3.0"

__all__ = [
    "MahjongFanCalculator",
    "MahjongShanten",
    "ThirteenOrphansShanten",
    "SevenPairsShanten",
    "HonorsAndKnittedTilesShanten",
    "KnittedStraightShanten",
    "RegularShanten",
]
