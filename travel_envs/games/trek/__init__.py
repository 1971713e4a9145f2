"""Trek, the expedition game (2-6 players), for travel_envs (``trek_v0``).

- ``params.py``: ``TrekParams``, the frozen parameters (rulings, economy sets) and their checks;
- ``components.py``: the data (camps and groups, markets and price ladders, the cards, the economies);
- ``engine.py``: the rules (``TrekState`` and its transitions) and ``TrekGame``;
- ``actions.py``: the action table (id ranges, names, ``action_name`` / ``action_from_name``) and the phase ids;
- ``encoder.py``: the observation and state tensors;
- ``heuristic.py``: the rule-based baseline ``HeuristicPolicy`` and its styles;
- ``render.py``: the table as text (``ansi``, a seat's view) and as a picture (``rgb_array``);
- ``scenario.py``: ``build_state``, a hand-made position from a few named facts (tests, analysis).

The rules, rulings and reconstructed data: docs/games/trek.md.
"""

from .engine import TrekGame, TrekState
from .heuristic import HeuristicPolicy
from .params import TrekParams

GAME = TrekGame

__all__ = ["GAME", "HeuristicPolicy", "TrekGame", "TrekParams", "TrekState"]
