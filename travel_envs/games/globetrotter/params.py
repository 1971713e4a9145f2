"""Globetrotter parameters: player count, the short game, the variations and the rulings with
alternatives (docs/games/globetrotter.md, "Parameters")."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from travel_envs.core.game import ParameterError, check_bool, check_choice, check_range


@dataclass(frozen=True)
class GlobetrotterParams:
    """Globetrotter parameters.

    num_players: 2-5.
    short_game: the rulebook's short game (2 rounds; round 2 starts with the
        player with the fewest round-1 points).
    num_rounds: None = the rulebook's count (players, or 2 in the short game);
        an explicit count 1-10 (short_game requires 2 or None).
    prefill_parking: the variation "parking spaces are filled from the beginning".
    wild_faces: 1 (standard reconstruction) or 2 wild city faces.
    park_same_space: ruling 4; a card drawn from a parking space may be replaced
        in that same space (True) or not (False).
    chain_features: append the card-chain search block to the observation
        (:mod:`.chain_features`; not a rule: an encoder option for learners).
    """

    num_players: int = 2
    short_game: bool = False
    num_rounds: int | None = None
    prefill_parking: bool = False
    wild_faces: int = 1
    park_same_space: bool = True
    chain_features: bool = False

    def __post_init__(self) -> None:
        for name in ("short_game", "prefill_parking", "park_same_space", "chain_features"):
            check_bool(name, getattr(self, name))
        if isinstance(self.wild_faces, (bool, np.bool_)):
            raise ParameterError(f"wild_faces={self.wild_faces!r} is not allowed; allowed values: [1, 2]")
        check_choice("wild_faces", self.wild_faces, (1, 2))
        if self.num_rounds is not None:
            check_range("num_rounds", self.num_rounds, 1, 10)
            if self.short_game and self.num_rounds != 2:
                raise ParameterError(
                    f"num_rounds={self.num_rounds!r} is not allowed with short_game=True; "
                    "allowed values: [None, 2]"
                )

    @property
    def rounds(self) -> int:
        """Rounds this game plays."""
        if self.num_rounds is not None:
            return self.num_rounds
        return 2 if self.short_game else self.num_players
