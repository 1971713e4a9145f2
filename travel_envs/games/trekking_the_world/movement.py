"""Movement search: can a move still be completed, and where can it end.

A move is a walk of ``n_min..n_max`` steps (exactly ``n_max`` unless Torres del
Paine allows fewer). Walking steps follow board paths; from an airport a
flight to any other airport costs ``flight_cost`` and one step (no step with
Sydney Opera House). Without Milford Sound no location may be entered twice
(the start, and every location the Trekker stood on earlier this turn, count as
visited); with it, revisits are allowed but the move may not end on a location of
``ban`` (the start and those earlier locations), and a step-less flight never lands
on a visited airport (so the search is finite). ``visited`` and ``ban`` are bit
masks over locations.
"""

from __future__ import annotations

from itertools import islice

from .components import ADJ, ADJ_BITS, AIRPORTS, FLIGHT_COST, IS_AIRPORT


class MoveRules:
    """The parameters of one move that do not change while it is made."""

    __slots__ = ("start", "n_min", "n_max", "revisit", "flight_cost", "flight_step", "ban", "key")

    def __init__(self, start: int, n_min: int, n_max: int, revisit: bool, flight_cost: int, flight_step: int,
                 ban: int | None = None):
        self.start = start
        self.n_min = n_min
        self.n_max = n_max
        self.revisit = revisit
        self.flight_cost = flight_cost
        self.flight_step = flight_step
        #: locations the move may not end on: its start and where the Trekker stood earlier this
        #: turn (before a Frequent Flyer / Monteverde flight): movement rule B
        self.ban = (1 << start) if ban is None else ban | (1 << start)
        self.key = (self.ban, n_min, n_max, revisit, flight_cost, flight_step)


_SHARED_RULES: dict = {}


def shared_rules(start: int, n_min: int, n_max: int, revisit: bool, flight_cost: int, flight_step: int,
                 ban: int | None = None) -> MoveRules:
    """``MoveRules(...)`` shared by every caller with these values (rules are never changed once
    built): the moving mask asks for its rules at each memo miss."""
    key = (start, n_min, n_max, revisit, flight_cost, flight_step, ban)
    rules = _SHARED_RULES.get(key)
    if rules is None:
        if len(_SHARED_RULES) > _RULES_LIMIT:
            _SHARED_RULES.clear()
        rules = _SHARED_RULES[key] = MoveRules(*key)
    return rules


def is_walk(v: int, w: int, visited: int, revisit: bool) -> bool:
    """Whether a step from ``v`` to ``w`` walks a path (else it is a flight): ``w`` is a neighbour not
    entered this turn, or revisits are allowed (Milford Sound). The engine's ``_walk`` writes this test
    out on its hot path."""
    return bool((ADJ_BITS[v] >> w) & 1) and (revisit or not (visited >> w) & 1)


def next_steps(rules: MoveRules, v: int, visited: int, money: int):
    """Yield ``(w, steps_used, cost)`` for every single step allowed from ``v``."""
    for w in ADJ[v]:
        if rules.revisit or not (visited >> w) & 1:
            yield w, 1, 0
    if IS_AIRPORT[v] and money >= rules.flight_cost:
        for w in AIRPORTS:
            if w == v:
                continue
            if (visited >> w) & 1 and not (rules.revisit and rules.flight_step):
                continue
            yield w, rules.flight_step, rules.flight_cost


#: per move rules (``MoveRules.key``): (location, visited, steps, money) -> can the move end legally
_MEMO: dict = {}
_MEMO_LIMIT = 100_000  # entries per rules
_RULES_LIMIT = 5_000
#: entries over all rules: past this every memo starts afresh (a long training run meets many rules;
#: without a total bound the per-rules limits alone would allow hundreds of millions of entries)
_TOTAL_LIMIT = 400_000
_entries = 0
#: money beyond this never matters: at most 5 flights in a move (6 airports)
_MONEY_CLAMP = len(AIRPORTS)


def trim(memo: dict, limit: int) -> None:
    """Keep ``memo`` within ``limit`` entries by dropping its older half (dicts keep insertion
    order): a long search keeps the positions it met lately instead of starting cold."""
    if len(memo) > limit:
        for key in list(islice(memo, len(memo) // 2)):
            del memo[key]


#: ``money_key``'s bound (callers on a hot path may write ``min`` out with it)
MONEY_KEY_CAP = _MONEY_CLAMP + FLIGHT_COST


def money_key(money: int) -> int:
    """``money`` as far as the move's search can tell: ``moving_targets`` pays at most one flight
    before ``can_finish`` clamps, so every amount from the clamp plus one flight up answers alike
    (a memo keyed by this hits more often)."""
    return min(money, MONEY_KEY_CAP)


def can_finish(rules: MoveRules, v: int, visited: int, steps: int, money: int) -> bool:
    """True if a move standing on ``v`` after ``steps`` steps can end legally (memoised:
    the answer depends only on the arguments, with money clamped to what flights can use)."""
    if steps >= rules.n_min and not (rules.ban >> v) & 1:
        return True
    if steps >= rules.n_max:
        return False
    return _goes_on(rules, _memo(rules), v, visited, steps, min(money, _MONEY_CLAMP))


def _memo(rules: MoveRules) -> dict:
    memo = _MEMO.get(rules.key)
    if memo is None:
        if len(_MEMO) > _RULES_LIMIT:
            _MEMO.clear()
        memo = _MEMO[rules.key] = {}
    return memo


def _goes_on(rules: MoveRules, memo: dict, v: int, visited: int, steps: int, money: int) -> bool:
    """``can_finish`` where the move may not end yet (``money`` clamped), memoised in ``memo``."""
    key = (v, visited, steps, money)
    hit = memo.get(key)
    if hit is None:
        global _entries
        hit = bool(_targets(rules, memo, v, visited, steps, money, True))
        _entries += 1
        if _entries > _TOTAL_LIMIT:  # the memo in hand lives on for this search, detached
            _MEMO.clear()
            _entries = 0
        trim(memo, _MEMO_LIMIT)
        memo[key] = hit
    return hit


def _targets(rules: MoveRules, memo: dict, v: int, visited: int, steps: int, money: int,
             first_only: bool) -> list[int]:
    """The single steps from ``v`` (``next_steps``, written out: this is the hot part of the moving
    mask) after which the move can end legally; with ``first_only`` the first one found."""
    n_min, n_max, ban = rules.n_min, rules.n_max, rules.ban
    out = []
    after = steps + 1
    left = min(money, _MONEY_CLAMP)
    for w in ADJ[v]:
        if (rules.revisit or not (visited >> w) & 1) and (
                (after >= n_min and not (ban >> w) & 1)
                or (after < n_max and _goes_on(rules, memo, w, visited | (1 << w), after, left))):
            out.append(w)
            if first_only:
                return out
    if IS_AIRPORT[v] and money >= rules.flight_cost:
        after = steps + rules.flight_step
        left = min(money - rules.flight_cost, _MONEY_CLAMP)
        skip_visited = not (rules.revisit and rules.flight_step)
        for w in AIRPORTS:
            if w == v or w in out or (skip_visited and (visited >> w) & 1):
                continue
            if (after >= n_min and not (ban >> w) & 1) \
                    or (after < n_max and _goes_on(rules, memo, w, visited | (1 << w), after, left)):
                out.append(w)
                if first_only:
                    return out
    return out


def moving_targets(rules: MoveRules, v: int, visited: int, steps: int, money: int) -> list[int]:
    """The location actions (= location ids) of the single steps from ``v`` after which the
    move can still end legally: walking steps first, then flights, each location once."""
    return _targets(rules, _memo(rules), v, visited, steps, money, False)


def endpoints(rules: MoveRules, v: int, visited: int, steps: int, money: int, budget: int = 200_000) -> dict[int, int]:
    """Every location where the move can end -> the most money left on arrival.

    Exhaustive up to ``budget`` explored steps (enough for printed moves 1-5 on
    this board; heuristics only use it as a guide).
    """
    found: dict[int, int] = {}
    count = 0

    def rec(v: int, visited: int, steps: int, money: int) -> None:
        nonlocal count
        count += 1
        if count > budget:
            return
        if steps >= rules.n_min and not (rules.ban >> v) & 1:
            if found.get(v, -1) < money:
                found[v] = money
        if steps >= rules.n_max:
            return
        for w, inc, cost in next_steps(rules, v, visited, money):
            rec(w, visited | (1 << w), steps + inc, money - cost)

    rec(v, visited, steps, money)
    return found


#: ``reachable_ends`` by (rules, location, visited, steps, money): pure, shared by every caller
_REACHABLE: dict = {}
_REACHABLE_LIMIT = 50_000


def reachable_ends(rules: MoveRules, v: int, visited: int, steps: int, money: int) -> dict[int, int]:
    """:func:`endpoints` (budget 20,000 steps: every printed move on this board), memoised.
    Callers must not change the dict returned."""
    key = (rules.key, v, visited, steps, money)
    hit = _REACHABLE.get(key)
    if hit is None:
        trim(_REACHABLE, _REACHABLE_LIMIT)
        hit = _REACHABLE[key] = endpoints(rules, v, visited, steps, money, budget=20_000)
    return hit


def plan_ends(v: int, visited: int, money: int, n_max: int, torres: bool = False, revisit: bool = False,
              free: bool = False, no_step: bool = False) -> dict[int, int]:
    """End -> most money left, for a move of ``n_max`` steps starting at ``v`` (``visited``: locations
    left earlier this turn) under the given movement powers (Torres: 2 fewer steps allowed): where an
    Itinerary chosen now could take the Trekker."""
    n_min = max(1, n_max - 2) if torres else n_max
    rules = MoveRules(v, n_min, n_max, revisit, 0 if free else FLIGHT_COST, 0 if no_step else 1, visited)
    return reachable_ends(rules, v, visited | (1 << v), 0, money)


#: ``move_ends`` by (rules, location, visited, steps, money as far as flights can tell)
_ENDS: dict = {}
_ENDS_LIMIT = 20_000


def move_ends(rules: MoveRules, v: int, visited: int, steps: int, money: int) -> dict[int, tuple[int, ...]]:
    """Every location where the move can end -> the walk there (the locations stepped on, in order)
    that the ``move_by_end`` variant plays: of the legal walks to that end, the one leaving the most
    money, then passing the fewest locations (a smaller ``visited`` leaves the Lencois step more room),
    then the first in step order. Only steps from which the move can still end legally are followed
    (:func:`moving_targets`), so every walk found is one the step-by-step game allows. Memoised:
    money enough for every flight the rest of the move could make chooses the same walks (step-less
    flights never land on a visited airport). Callers must not change the dict returned."""
    flights = rules.n_max - steps if rules.flight_step else len(AIRPORTS) - 1  # the most the rest can hold
    key = (rules.key, v, visited, steps, min(money, flights * rules.flight_cost))
    ends = _ENDS.get(key)
    if ends is None:
        trim(_ENDS, _ENDS_LIMIT)
        ends = _ENDS[key] = _move_ends(rules, v, visited, steps, money)
    return ends


def flights_cost(rules: MoveRules, v: int, visited: int, walk: tuple[int, ...]) -> int:
    """The money the flights of ``walk`` (from :func:`move_ends`, starting at ``v``) cost: what a
    player values an end by is the money left after the walk the variant plays, not another one."""
    cost = 0
    for w in walk:
        if not is_walk(v, w, visited, rules.revisit):
            cost += rules.flight_cost
        v, visited = w, visited | (1 << w)
    return cost


def _move_ends(rules: MoveRules, v: int, visited: int, steps: int, money: int) -> dict[int, tuple[int, ...]]:
    best: dict[int, tuple[int, int, tuple[int, ...]]] = {}
    #: (location, visited, steps, walk length) -> the most money an earlier walk had there: a later walk
    #: with no more money has the same continuations, each worse or found later, so it is not followed
    seen: dict[tuple[int, int, int, int], int] = {}
    n_min, n_max, ban, revisit = rules.n_min, rules.n_max, rules.ban, rules.revisit
    flight_step, flight_cost, memo = rules.flight_step, rules.flight_cost, _memo(rules)

    def walk(v: int, visited: int, steps: int, money: int, path: tuple[int, ...]) -> None:
        node = (v, visited, steps, len(path))
        if seen.get(node, -1) >= money:
            return
        seen[node] = money
        if path and steps >= n_min and not (ban >> v) & 1:
            old = best.get(v)
            if old is None or money > old[0] or (money == old[0] and -len(path) > old[1]):
                best[v] = (money, -len(path), path)
        if steps >= n_max:
            return
        for w in _targets(rules, memo, v, visited, steps, money, False):
            if is_walk(v, w, visited, revisit):
                walk(w, visited | (1 << w), steps + 1, money, path + (w,))
            else:
                walk(w, visited | (1 << w), steps + flight_step, money - flight_cost, path + (w,))

    walk(v, visited, steps, money, ())
    return {e: path for e, (_, _, path) in best.items()}
