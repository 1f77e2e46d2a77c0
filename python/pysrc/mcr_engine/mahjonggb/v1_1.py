"""pymahjonggb 1.1.0's functions (the 2018 calculator, as the Botzone platform scores); see :mod:`mcr_engine.mahjonggb`."""
from .._native import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)
from .._native import MahjongFanCalculator as MahjongFanCalculator

VERSION = "1.1.0"

__all__ = [
    "MahjongFanCalculator",
    "MahjongShanten",
    "ThirteenOrphansShanten",
    "SevenPairsShanten",
    "HonorsAndKnittedTilesShanten",
    "KnittedStraightShanten",
    "RegularShanten",
]
