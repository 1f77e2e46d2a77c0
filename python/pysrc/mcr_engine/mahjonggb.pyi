"""Type stubs of mcr_engine.mahjonggb (the pymahjonggb 1.4.0 drop-in)."""
from typing import Any, Tuple

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
