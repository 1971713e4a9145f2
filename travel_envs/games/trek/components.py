"""Trek component data: the FOUND data of the components and our RECONSTRUCTED economies
(docs/games/trek.md, sections "What is reconstructed, rule by rule" and "Economy").

Data only (no rules). Camps are numbered 0 (Base) .. 12 (the summit); card
*types* are numbered 0..20 (a hand is a count per type):

- types 0..11: the camp card of camp ``type + 1``;
- type 12: Authority to Buy;
- types 13..16: Awards A1..A4; types 17..20: Claims C1..C4 (1 copy each).

The copies of the camp and Authority cards depend on the economy (``camp_card_copies``,
``buy_cards``: 3 per camp and 8 in ``v0-reconstruction``).
"""

from __future__ import annotations

# --- board -------------------------------------------------------------------
NUM_CAMPS = 13  # Base (0) and camps 1..12
BASE, SUMMIT = 0, 12
#: group of each camp: G0 Base; G1 1-3; G2 4-6; G3 7-8; G4 9-10; G5 11; G6 12 (FOUND groups)
CAMP_GROUP = (0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6)
NUM_GROUPS = 7
GROUP_CAMPS = tuple(tuple(c for c in range(NUM_CAMPS) if CAMP_GROUP[c] == g) for g in range(NUM_GROUPS))
#: Stores Units a player must hold to enter a camp of groups G1..G6 (RECONSTRUCTED)
STORES_REQUIRED = (2, 3, 4, 5, 6, 7)
#: cash bonus on arrival at camps 1..11 (RECONSTRUCTED); arriving at camp 12 wins instead
CAMP_BONUS = (10, 20, 30, 20, 30, 40, 40, 50, 60, 70, 80)

# --- markets (Sales Indicators) ----------------------------------------------
STORES, MULES, JEEPS = 0, 1, 2
MARKET_NAMES = ("Stores", "Mules", "Jeeps")
#: pieces in the game (FOUND): 54 Stores Units, 18 Mules, 6 Jeeps
MARKET_TOTALS = (54, 18, 6)
#: units sold at each price step (FOUND)
UNITS_PER_STEP = (6, 3, 1)
#: price ladders (RECONSTRUCTED except Stores £5, £10)
STORES_PRICES = (5, 10, 15, 20, 25, 30, 35, 40, 45)
MULE_PRICES = (20, 30, 40, 50, 60, 70)
JEEP_PRICES = (40, 60, 80, 100, 120, 140)

# --- players -------------------------------------------------------------------
MAX_PLAYERS = 6
STARTING_CASH = 300
HAND_SIZE = 4
BASE_CONTRIBUTION = 10
#: a player at a camp without stores pays this many times the Stores price per missing unit
CASH_FOR_STORES_MULTIPLIER = 2

# --- cards -------------------------------------------------------------------
NUM_CARD_TYPES = 21
CAMP_CARD_COPIES = 3
BUY = 12
BUY_CARDS = 8
AWARD_TYPES = (13, 14, 15, 16)
CLAIM_TYPES = (17, 18, 19, 20)
AWARD_GRANT, AWARD_AIR_DROP, AWARD_MULE, AWARD_STORY = AWARD_TYPES
CLAIM_CASH_TOTAL, CLAIM_STORES_TOTAL, CLAIM_MULE, CLAIM_CASH_EACH = CLAIM_TYPES

#: default effect sizes of the Award and Claim cards (RECONSTRUCTED)
AWARD_GRANT_CASH = 100  # A1 Expedition grant: collect £100 from the Bank
AWARD_AIR_DROP_STORES = 4  # A2 Air drop: 4 Stores Units free from the pool
AWARD_MULES = 1  # A3 Villagers lend a Mule: 1 Mule free from the pool, if any
AWARD_STORY_CASH = 50  # A4 Newspaper story: collect £50 from the Bank
CLAIM_TOTAL_CASH = 50  # C1: £50 in total from the other players
CLAIM_TOTAL_STORES = 3  # C2: 3 Stores Units in total from the other players
CLAIM_MULES = 1  # C3: 1 Mule from the other players
CLAIM_EACH_CASH = 30  # C4: £30 from each other player


def camp_card(camp: int) -> int:
    """Card type of the camp card for ``camp`` (1..12)."""
    return camp - 1


CARD_NAMES = tuple(
    [f"Camp {c}" for c in range(1, 13)]
    + ["Authority to Buy"]
    + ["A1 Expedition grant", "A2 Air drop", "A3 Villagers lend a Mule", "A4 Newspaper story"]
    + ["C1 Claim £50 in total", "C2 Claim 3 Stores in total", "C3 Claim 1 Mule", "C4 Claim £30 each"]
)
CARD_SHORT = tuple([f"C{c}" for c in range(1, 13)] + ["BUY", "A1", "A2", "A3", "A4", "K1", "K2", "K3", "K4"])


def card_counts(camp_copies=CAMP_CARD_COPIES, buy_cards: int = BUY_CARDS) -> tuple[int, ...]:
    """Copies of each card type in the pack; ``camp_copies`` is one count for every camp or
    twelve counts, camps 1..12 (default: 36 camp + 8 buy + 4 awards + 4 claims = 52)."""
    camps = [camp_copies] * 12 if isinstance(camp_copies, int) else list(camp_copies)
    return tuple(camps + [buy_cards] + [1] * 4 + [1] * 4)


CARD_COUNTS = card_counts()
DECK_SIZE = sum(CARD_COUNTS)


# --- economies (every RECONSTRUCTED number in one named set) ------------------
#: ``v0-reconstruction``: the values first chosen on paper (docs/games/trek.md, "What is reconstructed");
#: kept so that results made with them can be reproduced.
#: ``v1``: recalibrated by simulation (issue #14, ``benchmarks/trek_balance.py``); see
#: docs/games/trek.md, "Economy".
ECONOMIES: dict[str, dict] = {
    "v0-reconstruction": {
        "stores_prices": STORES_PRICES,
        "mule_prices": MULE_PRICES,
        "jeep_prices": JEEP_PRICES,
        "stores_required": STORES_REQUIRED,
        "camp_bonus": CAMP_BONUS,
        "camp_card_copies": CAMP_CARD_COPIES,
        "buy_cards": BUY_CARDS,
        "award_grant_cash": AWARD_GRANT_CASH,
        "award_air_drop_stores": AWARD_AIR_DROP_STORES,
        "award_mules": AWARD_MULES,
        "award_story_cash": AWARD_STORY_CASH,
        "claim_total_cash": CLAIM_TOTAL_CASH,
        "claim_total_stores": CLAIM_TOTAL_STORES,
        "claim_mules": CLAIM_MULES,
        "claim_each_cash": CLAIM_EACH_CASH,
        "indicator_falls_on_return": False,
        "cap_winner": "furthest",
    },
    "v1": {
        "stores_prices": (5, 10, 10, 10, 15, 15, 15, 20, 20),
        "mule_prices": (10, 15, 20, 25, 30, 35),
        "jeep_prices": (20, 30, 40, 50, 60, 70),
        "stores_required": (1, 2, 3, 4, 5, 6),
        "camp_bonus": (30, 40, 50, 50, 60, 70, 80, 90, 100, 110, 120),
        "camp_card_copies": (2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 5, 5),
        "buy_cards": 12,
        "award_grant_cash": AWARD_GRANT_CASH,
        "award_air_drop_stores": AWARD_AIR_DROP_STORES,
        "award_mules": AWARD_MULES,
        "award_story_cash": AWARD_STORY_CASH,
        "claim_total_cash": CLAIM_TOTAL_CASH,
        "claim_total_stores": CLAIM_TOTAL_STORES,
        "claim_mules": CLAIM_MULES,
        "claim_each_cash": CLAIM_EACH_CASH,
        "indicator_falls_on_return": True,
        "cap_winner": "survivors",
    },
}
DEFAULT_ECONOMY = "v1"
