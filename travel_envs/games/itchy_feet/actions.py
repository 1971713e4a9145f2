"""The Itchy Feet action table: fixed action ids, their names (``action_name``, back with
``action_from_name``) and the decision phases.

One flat ``Discrete(NUM_ACTIONS)`` space serves every phase; the mask says which
ids the current phase allows. Player targets are seat-relative to the acting
seat (1 = the next player clockwise, ...).

| ids      | meaning |
|----------|---------|
| 0        | DRAW (main action) |
| 1        | RECYCLE (main action; then pay, then take) |
| 2        | TRADE (main action; then choose the partner and build the offer) |
| 3-10     | TRAVEL: 3 + 4*target + mom, target 0 = own country, 1 = centre; mom 0 = no Mom's Credit Card, k = 1..3 the card replaces the country's k-th item |
| 11       | play LOUNGE PASS (start of turn, not an action) |
| 12       | LOCAL GUIDE (action) |
| 13       | TRADING POST (action) |
| 14       | POORLY DRAWN MAP (action) |
| 15       | PICKPOCKET (action) |
| 16       | DUTY FREE VOUCHER (action) |
| 17       | STEAL (variant action) |
| 18-20    | discard FORBIDDEN item f (action; then choose the companion card) |
| 21-23    | SMUGGLE forbidden item f (Smuggler action; then choose the receiver) |
| 24-28    | TARGET player at relative seat 1..5 |
| 29-58    | CARD of type t (discard / pay / take / pass / pick / trade give) |
| 59-88    | ASK for card type t in the trade offer |
| 89       | PROPOSE the trade offer |
| 90       | CANCEL the offer being built / DONE (Trading Post) |
| 91       | YES (accept the offer, play Mousetrap / Travel Insurance) |
| 92       | NO (decline the offer, do not react) |

The decision phases (``PHASES``, ids ``P_*``) live here too: the engine sets them, the
encoder, the renderer and the heuristic read them, and none of those imports the engine.
"""

from __future__ import annotations

from travel_envs.core.game import IllegalActionError, name_key

from .components import (CARD_NAMES, COUNTRY_ITEMS, FORBIDDEN, ITEM_NAMES, MAX_PLAYERS,
                         NUM_CARD_TYPES)

# --- decision phases: which decision the acting seat is asked for ----------------------
#: phase 0 ("none") is no decision: between decisions while the engine runs its tasks, and
#: for good once the game is over
PHASES = (
    "none", "main", "discard_down", "recycle_pay", "recycle_take", "trade_partner", "trade_build",
    "trade_response", "mousetrap", "insurance", "strike_discard", "luggage_pass",
    "forbidden_companion", "smuggle_target", "guide_pick", "trading_post", "map_target",
    "pickpocket_target", "steal_discard", "steal_target", "jet_discard",
)
(P_NONE, P_MAIN, P_DISCARD_DOWN, P_RECYCLE_PAY, P_RECYCLE_TAKE, P_TRADE_PARTNER, P_TRADE_BUILD,
 P_TRADE_RESPONSE, P_MOUSETRAP, P_INSURANCE, P_STRIKE, P_LUGGAGE, P_FORBID_COMPANION, P_SMUGGLE_TARGET,
 P_GUIDE_PICK, P_TRADING_POST, P_MAP_TARGET, P_PICK_TARGET, P_STEAL_DISCARD, P_STEAL_TARGET,
 P_JET_DISCARD) = range(len(PHASES))
NUM_PHASES = len(PHASES)

# --- action ids -------------------------------------------------------------------------
DRAW = 0
RECYCLE = 1
TRADE = 2
TRAVEL_BASE = 3  # 3 + 4 * target + mom
TRAVEL_OWN, TRAVEL_CENTRE = 0, 1
LOUNGE = 11
GUIDE = 12
POST = 13
MAP = 14
PICK = 15
VOUCHER = 16
STEAL = 17
FORBID_BASE = 18
SMUGGLE_BASE = 21
TARGET_BASE = 24
CARD_BASE = 29
ASK_BASE = CARD_BASE + NUM_CARD_TYPES  # 59
PROPOSE = ASK_BASE + NUM_CARD_TYPES  # 89
CANCEL = PROPOSE + 1  # 90 (also DONE)
YES = CANCEL + 1  # 91
NO = YES + 1  # 92
NUM_ACTIONS = NO + 1  # 93


def travel_action(target: int, mom: int) -> int:
    return TRAVEL_BASE + 4 * target + mom


def action_name(action: int, country_own: int = -1, country_centre: int = -1) -> str:
    """A readable name of ``action`` (countries, when given, name the travel target)."""
    a = int(action)
    if a == DRAW:
        return "draw"
    if a == RECYCLE:
        return "recycle"
    if a == TRADE:
        return "trade"
    if TRAVEL_BASE <= a < TRAVEL_BASE + 8:
        target, mom = divmod(a - TRAVEL_BASE, 4)
        country = country_own if target == TRAVEL_OWN else country_centre
        where = "own country" if target == TRAVEL_OWN else "centre country"
        text = f"travel to {where}"
        if mom:
            text += f" with Mom's Credit Card (replaces item {mom})"
            if country >= 0:
                text += f" = {ITEM_NAMES[COUNTRY_ITEMS[country][mom - 1]]}"
        return text
    names = {LOUNGE: "play Lounge Pass", GUIDE: "use Local Guide", POST: "use Trading Post",
             MAP: "use Poorly Drawn Map", PICK: "use Pickpocket", VOUCHER: "use Duty Free Voucher",
             STEAL: "steal", PROPOSE: "propose the offer", CANCEL: "cancel / done", YES: "yes",
             NO: "no"}
    if a in names:
        return names[a]
    if FORBID_BASE <= a < FORBID_BASE + 3:
        return f"discard forbidden {CARD_NAMES[FORBIDDEN[a - FORBID_BASE]]}"
    if SMUGGLE_BASE <= a < SMUGGLE_BASE + 3:
        return f"smuggle {CARD_NAMES[FORBIDDEN[a - SMUGGLE_BASE]]}"
    if TARGET_BASE <= a < TARGET_BASE + MAX_PLAYERS - 1:
        return f"target player +{a - TARGET_BASE + 1}"
    if CARD_BASE <= a < CARD_BASE + NUM_CARD_TYPES:
        return f"card {CARD_NAMES[a - CARD_BASE]}"
    if ASK_BASE <= a < ASK_BASE + NUM_CARD_TYPES:
        return f"ask for {CARD_NAMES[a - ASK_BASE]}"
    return f"unknown action {a}"


#: action_name()'s name (without countries) of every id, lower case -> the id
_BY_NAME = {name_key(action_name(a)): a for a in range(NUM_ACTIONS)}


def action_from_name(name: str) -> int:
    """The id of an action named as :func:`action_name` names it without countries (case free):
    ``action_from_name("draw") == DRAW``, ``action_from_name("card Camera") == CARD_BASE + 1``."""
    key = name_key(name)
    if key not in _BY_NAME:
        raise IllegalActionError(f"unknown action name {name!r}; names are those of action_name(), e.g. "
                             f"'draw', 'travel to own country', 'target player +1', 'card Camera', "
                             f"'ask for Camera', 'propose the offer', 'yes', 'no'")
    return _BY_NAME[key]
