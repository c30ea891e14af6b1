"""The game-agnostic engine: the rules contract, fair randomness, hashing and replay."""

from referee.engine.contract import IllegalMove, Prompt, Rules
from referee.engine.rng import Rng

__all__ = ["IllegalMove", "Prompt", "Rules", "Rng"]
