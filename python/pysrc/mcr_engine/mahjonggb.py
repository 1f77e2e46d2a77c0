"""A drop-in for pymahjonggb 1.4.0 (``import MahjongGB``)::

    import mcr_engine.mahjonggb as MahjongGB
    MahjongGB.MahjongFanCalculator(pack, hand, winTile, flowerCount, isSelfDrawn,
                                   is4thTile, isAboutKong, isWallLast, seatWind,
                                   prevalentWind, verbose=False)

Same positional and keyword arguments, same return values, same exception
types and messages (typos included: ``ERROE_WRONG_TILE_CODE``). Inputs
pymahjonggb 1.4.0 reads past its own tables (a wind outside 0..3, a PENG or
CHI with offer 0, a CHI whose tile is not the middle of a run) raise
``mcr_engine.UnsupportedInput`` (a ``ValueError``) instead.

Not here yet: ``MahjongShanten``, ``ThirteenOrphansShanten``,
``SevenPairsShanten``, ``HonorsAndKnittedTilesShanten``,
``KnittedStraightShanten``, ``RegularShanten``. They are to be exported from
this module once the library's hand analysis (``src/analysis/``) is bound in
``python/src/`` (see README.md, "Python package").
"""
from ._native import MahjongFanCalculator

__all__ = ["MahjongFanCalculator"]
