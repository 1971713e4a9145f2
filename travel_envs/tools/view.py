"""What one seat may see of the table and of the other seats' moves."""

from __future__ import annotations

import numpy as np

from travel_envs.core.game import GameState


def table_text(state: GameState, seat: int | None) -> str:
    """The whole table (``seat`` None) or ``seat``'s view (``observation_text``)."""
    return state.render_text() if seat is None else state.observation_text(seat)


def _view_after(state: GameState, action: int, viewer: int, buf: np.ndarray) -> bytes:
    after = state.clone()
    after.apply_action(action)
    buf.fill(0.0)
    after.observation(viewer, buf)
    return buf.tobytes()


def move_seen_by(state: GameState, action: int, viewer: int | None) -> str:
    """The name of ``action`` (about to be played in ``state``) as ``viewer`` may learn it.

    The acting seat and a spectator (``viewer`` None) see the name. Another seat sees it
    only if its observation after this move differs from its observation after every
    other legal move of another name: otherwise the name could tell it something hidden
    (the card passed face down to a third player, the card picked from a secret peek).
    A forced move (one legal action) is not named either: its name may show a hidden card.
    """
    text = state.action_to_string(action)
    if viewer is None or viewer == state.current_player:
        return text
    legal = state.legal_actions()
    hidden = f"a move you cannot see (phase {state.phase})"
    if len(legal) < 2:
        return hidden
    buf = np.zeros(state.game.observation_size, np.float32)
    mine = _view_after(state, action, viewer, buf)
    for other in legal:
        if other != action and state.action_to_string(other) != text and _view_after(state, other, viewer, buf) == mine:
            return hidden
    return text
