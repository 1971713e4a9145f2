"""Itchy Feet, the travel card game (printable gift edition), 2-6 players.

Rules, rulings and tables: ``docs/games/itchy_feet.md``. The files:

- ``params.py``: the frozen parameters (player count, extensions, Steal, rulings) and their checks;
- ``components.py``: the cards, countries, characters and limits (data only);
- ``actions.py``: the action table (ids, names) and the decision phases;
- ``engine.py``: the rules: the state, its task stack, legality and transitions, hidden-card
  resampling, state dicts;
- ``encoder.py``: the observation layout and the ``Observer`` writing observations and state tensors;
- ``render.py``: the table as text (``ansi``) and as a picture (``rgb_array``), one seat's text view;
- ``heuristic.py``: ``HeuristicPolicy``, a rule-based baseline playing from its seat's view, and
  ``ExpertPolicy``, the same plan with a tougher trading style, and ``MasterPolicy``, the expert
  closed to a single rival;
- ``scenario.py``: ``build_state``, hand-made positions from a few named facts;
"""

from .engine import ItchyFeetGame, ItchyFeetState
from .heuristic import ExpertPolicy, HeuristicPolicy, MasterPolicy
from .params import ItchyFeetParams

GAME = ItchyFeetGame

__all__ = ["GAME", "ExpertPolicy", "HeuristicPolicy", "MasterPolicy", "ItchyFeetGame", "ItchyFeetState",
           "ItchyFeetParams"]
