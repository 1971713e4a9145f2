"""Globetrotter (2-5 players): race around a world of 12 cities by playing
movement cards that match in colour or vehicle (docs/games/globetrotter.md).

Files:

* ``params.py``: the frozen, validated parameters (:class:`GlobetrotterParams`);
* ``components.py``: cards, city cards and match tables (data only);
* ``engine.py``: the rules: :class:`GlobetrotterState` and the :class:`Globetrotter` game;
* ``actions.py``: the action table (ids, names, parsing a name back) and the phase ids;
* ``encoder.py``: observation and state tensors (owns its cache);
* ``chains.py``: the card-chain search shared by the heuristic and the chain features;
* ``chain_features.py``: the optional observation block built from that search;
* ``heuristic.py``: the rule-based baseline and the tuned expert;
* ``master.py``: the expert improved by roll-outs at its draws and parkings (policy ``master``);
* ``render.py``: the table as text, a seat's view as text, the picture;
* ``scenario.py``: hand-made positions from a few named facts (tests, analysis).
"""

from .engine import Globetrotter, GlobetrotterState
from .heuristic import EXPERT_STYLE, ExpertPolicy, HeuristicPolicy, HeuristicStyle
from .master import MasterPolicy
from .params import GlobetrotterParams

GAME = Globetrotter

__all__ = [
    "GAME", "Globetrotter", "GlobetrotterParams", "GlobetrotterState",
    "HeuristicPolicy", "HeuristicStyle", "ExpertPolicy", "EXPERT_STYLE", "MasterPolicy",
]
