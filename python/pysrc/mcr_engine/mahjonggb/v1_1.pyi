"""Type stubs of mcr_engine.mahjonggb.v1_1."""
from . import (
    HonorsAndKnittedTilesShanten as HonorsAndKnittedTilesShanten,
    KnittedStraightShanten as KnittedStraightShanten,
    MahjongFanCalculator as MahjongFanCalculator,
    MahjongShanten as MahjongShanten,
    RegularShanten as RegularShanten,
    SevenPairsShanten as SevenPairsShanten,
    ThirteenOrphansShanten as ThirteenOrphansShanten,
)

VERSION: str
