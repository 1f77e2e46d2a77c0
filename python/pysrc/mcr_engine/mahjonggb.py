"""A drop-in for pymahjonggb 1.4.0 (``import MahjongGB``)::

    import mcr_engine.mahjonggb as MahjongGB
    MahjongGB.MahjongFanCalculator(pack, hand, winTile, flowerCount, isSelfDrawn,
                                   is4thTile, isAboutKong, isWallLast, seatWind,
                                   prevalentWind, verbose=False)
    MahjongGB.MahjongShanten(pack, hand)                 # -> int
    MahjongGB.RegularShanten(hand)                       # -> (shanten, useful_tiles)
    MahjongGB.SevenPairsShanten(hand)                    # also ThirteenOrphansShanten,
    MahjongGB.HonorsAndKnittedTilesShanten(hand)         # KnittedStraightShanten

Same positional and keyword arguments, same return values (useful tiles a
tuple of names in the reference's order: W1..W9 T1..T9 B1..B9 F1..F4
J1..J3), same exception types and messages (typos included:
``ERROE_WRONG_TILE_CODE``; ``ERROR_INVALID_HAND`` for a count of standing
tiles the shape does not take, ``ERROR_INVALID_HAND_OR_PACK`` where no shape
takes it). Inputs pymahjonggb 1.4.0 reads past its own tables in
``MahjongFanCalculator`` (a wind outside 0..3, a PENG or CHI with offer 0, a
CHI whose tile is not the middle of a run) raise
``mcr_engine.UnsupportedInput`` (a ``ValueError``) instead.

The shanten functions answer from the library's hand analysis
(``mcr_engine.shanten``, ``discards`` and ``waits`` are its Pythonic form).
"""
from ._native import (
    HonorsAndKnittedTilesShanten,
    KnittedStraightShanten,
    MahjongFanCalculator,
    MahjongShanten,
    RegularShanten,
    SevenPairsShanten,
    ThirteenOrphansShanten,
)

__all__ = [
    "MahjongFanCalculator",
    "MahjongShanten",
    "ThirteenOrphansShanten",
    "SevenPairsShanten",
    "HonorsAndKnittedTilesShanten",
    "KnittedStraightShanten",
    "RegularShanten",
]
