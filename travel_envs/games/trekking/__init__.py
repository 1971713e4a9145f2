"""Trekking (TCG Factory, 2024): mountain hiking, 1-4 players (solo against the Sunday hikers).

Rules, rulings, observation and action tables: docs/games/trekking.md. The files:
  params.py       the frozen, validated parameters (variants, ruling alternatives)
  components.py   the game's data: map configuration E (data/), cards, animals, GPS boards, random maps
  engine.py       the rules: TrekkingState (setup, turn phases, the Sunday hikers) and TrekkingGame
  actions.py      the action table (ids, names, parsing a name), the decision phases, the OPPONENT seat
  encoder.py      observation and state tensors (OBS_LAYOUT); the encoder's own cache lives in the state
  scoring.py      the rulebook's six scoring steps (and the running sums the encoder keeps)
  state_check.py  the checks ``from_dict`` runs on a state dict (clear errors, every piece exactly once)
  heuristic.py    HeuristicPolicy, a rule-based baseline deciding from its seat's view
  render.py       text of the table and of a seat's view, and the rgb_array picture
  scenario.py     hand-made positions from a few named facts (tests, analysis)
"""

from .engine import TrekkingGame, TrekkingState
from .heuristic import HeuristicPolicy
from .params import TrekkingParams

GAME = TrekkingGame

__all__ = ["GAME", "HeuristicPolicy", "TrekkingGame", "TrekkingParams", "TrekkingState"]
