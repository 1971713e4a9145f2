"""A rule-based Trekking baseline that plays like a sensible beginner.

It decides only from what its seat knows: every decision starts from ``state.resample_hidden(seat,
own generator)``, a copy whose hidden parts (pile orders below the face-up tops, the face-down ascent
sides of the descent piles, the Sunday hikers' deck below its top, the state's generator) are drawn
anew from the policy's own generator, so simulating on it never reveals a hidden card or a future draw.
For the walk-or-rest decision it tries each option on that copy, finishes the turn with simple rules
(tag the best visible animal, end the turn), and scores the result: current VP (the six scoring steps
on the board so far) + the value of energy still to spend + the pull of summits it has not reached yet
(closer and more valuable = better). A blind draw (Searching through the undergrowth) is chosen by its
expected VP under the bag counts every player sees; when the copy then plays it, the animal comes from
the copy's fresh generator.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np

from . import actions as A
from . import components as C


def _all_pairs_distance(m) -> list[list[int]]:
    dist = []
    for src in range(36):
        d = [99] * 36
        d[src] = 0
        q = deque([src])
        while q:
            u = q.popleft()
            for v in m.neighbour[u]:
                if v >= 0 and d[v] == 99:
                    d[v] = d[u] + 1
                    q.append(v)
        dist.append(d)
    return dist


_DIST_CACHE: dict[tuple, list[list[int]]] = {}


def _dist(m) -> list[list[int]]:
    d = _DIST_CACHE.get(m.altitude)
    if d is None:
        if len(_DIST_CACHE) > 256:
            _DIST_CACHE.clear()
        d = _DIST_CACHE[m.altitude] = _all_pairs_distance(m)
    return d


def _bag_ev(st, bag: int) -> float:
    """Expected VP of a blind draw from ``bag`` (the other bag when it is empty), from the public counts."""
    counts = st.bags[bag] if sum(st.bags[bag]) else st.bags[1 - bag]
    total = sum(counts)
    return sum(n * vp for n, vp in zip(counts, C.ANIMAL_VP)) / total if total else 0.0


def _space_nodes(m, space: int) -> list[int]:
    return [n for n in range(36) if space in m.node_spaces[n]]


@dataclass(frozen=True)
class HeuristicStyle:
    """The weights the rule-based player decides by (defaults: the baseline heuristic)."""

    #: energy is worth its full value only this many rounds before the end (less in the last rounds)
    energy_horizon_rounds: float = 4.0
    #: VP per point of energy up to ``energy_full``, then per point up to ``energy_cap``, then nothing
    energy_vp: float = 0.9
    energy_full: int = 8
    energy_extra_vp: float = 0.25
    energy_cap: int = 12
    #: pull of a summit not reached yet: this share of its token's VP, divided by 1 + its distance
    summit_pull: float = 0.7
    #: Mulhacen (longest descent) plan: VP per metre of altitude above 700 m (room to descend)
    mulhacen_vp_per_metre: float = 0.01
    #: what flipping a Searching or Binoculars card costs (the card could tag later), in VP
    flip_card_cost: float = 0.8
    #: the second tag's cost (the Wildlife card and its energy point), in VP
    second_tag_cost: float = 1.0
    #: a tag's extra cost under the Fog weather card (-1 energy), in VP
    fog_tag_cost: float = 0.5
    #: flip Drink water at the end of the turn below this energy (always in the last rounds)
    drink_below_energy: int = 7
    drink_from_round: int = 11
    #: random tie-break between equally valued moves
    tie_noise: float = 1e-6


class HeuristicPolicy:
    name = "heuristic"

    def __init__(self, seed: int | None = None, style: HeuristicStyle | None = None) -> None:
        self.rng = np.random.default_rng(seed)
        self.style = style or HeuristicStyle()

    # ---------------------------------------------------------------- evaluation
    def value(self, st, seat: int, ref=None) -> float:
        """Heuristic worth of ``seat``'s position (after its turn has been completed).

        Only ``seat``'s own board, energy and position are read from ``st``; the summit piles come
        from ``ref`` (the state before the simulated turn), so the Sunday hikers' simulated moves
        (which depend on the hidden deck) never inform the choice."""
        w = self.style
        ref = st if ref is None else ref
        v = float(st.scores_of(seat))
        if st.is_terminal:
            return v
        left = C.ROUNDS - ref.rnd
        e = st.energy[seat]
        horizon = min(left / w.energy_horizon_rounds, 1.0)
        v += horizon * (w.energy_vp * min(e, w.energy_full)
                        + w.energy_extra_vp * max(min(e, w.energy_cap) - w.energy_full, 0))
        held = {t[0] for t in st.tokens[seat]}
        table = C.SUMMIT_ORDER_VP[st.plan[2]]
        here = st.pos[seat]
        dist = _dist(st.map)
        for s, node in enumerate(st.map.summits):
            if s in held or ref.summit_piles[s] == 0:
                continue
            d = dist[here][node]
            if d > left:
                continue
            number = st.p.tokens_per_summit - ref.summit_piles[s] + 1
            v += w.summit_pull * table[min(number, 4) - 1] / (1.0 + d)
        if st.plan[3] == "mulhacen":
            v += w.mulhacen_vp_per_metre * (st.map.altitude[here] - 700) * horizon
        return v

    def _finish_turn(self, st, seat: int) -> None:
        """Complete ``seat``'s turn on a copy with the simple rules (no blind draws)."""
        guard = 0
        while not st.is_terminal and st.current_player == seat and st.phase in ("tag", "finish") and guard < 10:
            guard += 1
            st.apply_action(self._tag_or_finish(st, seat, st.legal_action_mask(), simulate=False))

    def _tag_or_finish(self, st, seat: int, mask: np.ndarray, simulate: bool = True) -> int:
        w = self.style
        if st.phase == "tag":
            best, best_v = A.STOP_TAGGING, 0.0
            base = float(st.scores_of(seat))
            for a in np.flatnonzero(mask):
                a = int(a)
                if a == A.STOP_TAGGING:
                    continue
                if A.SEARCH <= a < A.STOP_TAGGING:
                    gain = _bag_ev(st, a - A.SEARCH) - w.flip_card_cost
                elif not simulate:  # inside a simulated turn: the animal's own VP is enough
                    space = (st.map.path_spaces[st.t_path][a - A.TAG_PATH] if a < A.TAG_DEST
                             else st.map.node_spaces[st.t_dest][a - A.TAG_DEST])
                    gain = float(C.ANIMAL_VP[st.map_animals[space]])
                else:
                    cl = st.clone()
                    cl.apply_action(a)
                    gain = float(cl.scores_of(seat)) - base
                    if A.TAG_DEST <= a < A.SEARCH:
                        gain -= w.flip_card_cost
                if st.t_tags == 1:
                    gain -= w.second_tag_cost
                if st.weather == "fog":
                    gain -= w.fog_tag_cost
                if gain > best_v:
                    best, best_v = a, gain
            return best
        # finish: drink water when it will not overflow the indicator
        projected = st.energy[seat] + st.t_delta
        if mask[A.FLIP_DRINK] and (projected + 1 <= st.p.energy_max) and (
                projected < w.drink_below_energy or st.rnd >= w.drink_from_round):
            return A.FLIP_DRINK
        return A.END_TURN

    @staticmethod
    def _options(st, mask: np.ndarray) -> list[int]:
        """The move-phase actions worth trying: Drink water before walking only when it makes a path
        affordable (otherwise it is kept for the end of the turn or later)."""
        legal = [int(a) for a in np.flatnonzero(mask)]
        if A.FLIP_DRINK in legal:
            cl = st.clone()
            cl.apply_action(A.FLIP_DRINK)
            after = cl.legal_action_mask()
            if not any(after[A.MOVE + d] and not mask[A.MOVE + d] for d in range(4)):
                legal.remove(A.FLIP_DRINK)
        return legal

    def _move_value(self, st, seat: int, a: int, depth: int = 0) -> float:
        cl = st.clone()
        cl.apply_action(a)
        if not cl.is_terminal and cl.current_player == seat and cl.phase == "move" and depth < 2:
            options = self._options(cl, cl.legal_action_mask())
            return max(self._move_value(cl, seat, b, depth + 1) for b in options)
        self._finish_turn(cl, seat)
        return self.value(cl, seat, st)

    # ---------------------------------------------------------------- policy
    def act(self, observation, action_mask, state=None) -> int:
        st = state
        legal = np.flatnonzero(action_mask)
        if st is None or legal.size == 1:
            return int(legal[0])
        seat = st.current_player
        if st.phase == "sunday":  # the Sunday hiker takes the animal farther from our hiker
            dist = _dist(st.map)
            here = st.pos[seat]
            _, _, s0, s1 = st.sunday_choice

            def far(space):
                return min(dist[here][n] for n in _space_nodes(st.map, space))
            return A.SUNDAY_PICK + (0 if far(s0) >= far(s1) else 1)
        if st.phase in ("move", "tag", "finish"):
            st = state.resample_hidden(seat, self.rng)
            st.mute()  # a scratch copy: no narrated events
        if st.phase == "refuge":
            dist = _dist(st.map)

            def pull(r):
                node = st.map.refuges[r]
                return sum(1.0 / (1 + dist[node][s]) for s in st.map.summits)
            return int(max(legal, key=lambda a: (pull(int(a) - A.CHOOSE_REFUGE), -int(a))))
        if st.phase == "move":
            scored = [(self._move_value(st, seat, a) + self.style.tie_noise * self.rng.random(), a)
                      for a in self._options(st, action_mask)]
            return max(scored)[1]
        return self._tag_or_finish(st, seat, action_mask)
