"""Trekking the World (2nd edition, Underdog Games 2024): 1-5 players (1 = solo vs the Rival deck).

Files (the same set in every game; rules coverage and rulings: docs/games/trekking_the_world.md):

- ``params.py``      the frozen, checked parameters (variants, solo difficulty, rulings with alternatives)
- ``components.py``  the board, cards, Itineraries, Suitcase and Rival deck as index tables (``data.json``)
- ``engine.py``      the rules: the state, one handler per decision, scoring, serialisation
- ``movement.py``    the movement search: where a move of N steps (walks and flights) can still end
- ``actions.py``     the action table (id ranges, ``action_name`` / ``action_from_name``) and the decision phases
- ``encoder.py``     observation and state tensors (the encoder keeps its own per-seat caches)
- ``heuristic.py``   a rule-based beginner that decides from its seat's view; its weights are a ``HeuristicStyle``;
                     ``ExpertPolicy`` plays the stronger ``EXPERT_STYLE``
- ``master.py``      ``MasterPolicy``: the expert, choosing its turn's plan by short expert roll-outs (2 players)
- ``render.py``      text of the table and of a seat's view, action names, the rgb_array map
- ``scenario.py``    hand-made positions from named facts (tests, analysis) and an invariant check
"""

from .engine import TrekkingTheWorldGame, TrekkingTheWorldState
from .heuristic import DEFAULT_STYLE, EXPERT_STYLE, ExpertPolicy, HeuristicPolicy, HeuristicStyle
from .master import MasterPolicy
from .params import TrekkingTheWorldParams

GAME = TrekkingTheWorldGame

__all__ = [
    "GAME", "DEFAULT_STYLE", "EXPERT_STYLE", "ExpertPolicy", "HeuristicPolicy", "HeuristicStyle", "MasterPolicy",
    "TrekkingTheWorldGame", "TrekkingTheWorldParams", "TrekkingTheWorldState",
]
