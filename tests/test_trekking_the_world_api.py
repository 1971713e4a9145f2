"""trekking_the_world_v0: rendering, parameters, bounds, random simulation with invariants, hidden
information, heuristic vs random, gymnasium wrapping and the encoder caches (the generic API, seeding,
round-trip, clone and illegal-input checks are in tests/test_game_contract.py)."""

import gymnasium
import numpy as np
import pytest

import travel_envs
from travel_envs import trekking_the_world_v0
from travel_envs.agents.base import RandomPolicy
from travel_envs.core.game import ParameterError
from travel_envs.games.trekking_the_world import GAME, HeuristicPolicy
from travel_envs.games.trekking_the_world.actions import NUM_ACTIONS
from travel_envs.games.trekking_the_world.encoder import layout, observation_size
from travel_envs.games.trekking_the_world.scenario import invariant_errors

PLAYERS = [1, 2, 3, 4, 5]


def test_render_ansi_readable():
    env = travel_envs.make("trekking_the_world_v0", num_players=3, render_mode="ansi")
    env.reset(seed=1)
    for _ in range(12):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    text = env.render()
    assert "Itineraries:" in text and "Tours:" in text and "Encounters:" in text
    for p in range(3):
        assert f"P{p} @ " in text
    assert "$" in text and "R:" in text and "FF" in text


def test_parameters_validated():
    with pytest.raises(ParameterError, match="tours_to_end"):
        GAME(num_players=2, tours_to_end=7)
    with pytest.raises(ParameterError, match="suitcase_points"):
        GAME(num_players=2, suitcase_points="flat")
    with pytest.raises(ParameterError, match="num_players"):
        travel_envs.make("trekking_the_world_v0", num_players=6)
    with pytest.raises(ParameterError, match="unknown parameter"):
        travel_envs.make("trekking_the_world_v0", colour="red")


def test_spaces_and_bounds():
    for n in PLAYERS:
        env = trekking_the_world_v0.raw_env(num_players=n)
        assert env.action_space("player_0").n == NUM_ACTIONS == 217
        assert env.observation_space("player_0")["observation"].shape == (observation_size(n),)
        assert layout(n)[-1][2] == observation_size(n)


def _random_game(n, seed, check_every=1, **params):
    g = GAME(num_players=n, **params)
    s = g.new_initial_state(np.random.default_rng(seed))
    rng = np.random.default_rng(seed + 1000)
    obs = np.zeros(g.observation_size, np.float32)
    k = 0
    while not s.is_terminal:
        m = s.legal_action_mask()
        assert m.any()
        s.apply_action(int(rng.choice(np.flatnonzero(m))))
        k += 1
        if k % check_every == 0:
            errors = invariant_errors(s)
            assert not errors, errors
            obs[:] = 0
            s.observation(max(s.current_player, 0), obs)
            assert 0.0 <= obs.min() and obs.max() <= 1.0
    return s, k


@pytest.mark.parametrize("n", PLAYERS)
def test_random_games_end_with_invariants(n):
    for seed in range(3 if n <= 2 else 2):
        s, k = _random_game(n, seed)
        assert s.is_terminal and k < GAME.max_decisions
        if n == 1:
            assert s.end_triggered or not s.rival_deck
        else:
            assert s.end_triggered and len(set(s.turns_taken)) == 1  # equal turns for everyone
            # the rulebook's trigger, or doc ruling 12 (nobody could reach it any more)
            assert max(len(t) for t in s.tours) >= s.params.end_tours or not s.end_still_reachable()
            assert s.winners()


@pytest.mark.parametrize("params", [
    dict(num_players=2, tours_to_end=6), dict(num_players=3, suitcase_points="steep"),
    dict(num_players=4, encounter_optional=True), dict(num_players=2, tour_deck_size=20, auto_forced=False),
    dict(num_players=1, solo_margin=0), dict(num_players=5, tours_to_end=2),
    dict(num_players=3, move_by_end=True, location_features=True, plan_features=True),
    dict(num_players=1, move_by_end=True, plan_features=True),
    dict(num_players=5, move_by_end=True, auto_forced=False),
])
def test_random_games_variants(params):
    n = params.pop("num_players")
    s, _ = _random_game(n, 7, check_every=3, **params)
    assert s.is_terminal


@pytest.mark.slow
@pytest.mark.parametrize("n", PLAYERS)
def test_many_random_games(n):
    for seed in range(40):
        _random_game(n, 100 + seed, check_every=5)


def test_same_seed_same_game():
    a, ka = _random_game(3, 11, check_every=50)
    b, kb = _random_game(3, 11, check_every=50)
    assert ka == kb and a.to_dict() == b.to_dict()


def test_hidden_deck_order_does_not_change_observation():
    g = GAME(num_players=3)
    s = g.new_initial_state(np.random.default_rng(4))
    rng = np.random.default_rng(4)
    for _ in range(60):
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
    t = s.clone()
    # shuffle everything below the face-up deck tops, and the solo/rival-free parts stay equal
    for name in ("tour_deck", "enc_deck", "itin_deck"):
        deck = getattr(t, name)
        below = deck[:-1]
        rng.shuffle(below)
        deck[:-1] = below
    t.rng = np.random.default_rng(12345)
    for seat in range(3):
        a = np.zeros(g.observation_size, np.float32)
        b = np.zeros(g.observation_size, np.float32)
        s.observation(seat, a)
        t.observation(seat, b)
        assert (a == b).all()
    full_a = np.zeros(g.state_size, np.float32)
    full_b = np.zeros(g.state_size, np.float32)
    s.state_tensor(full_a)
    t.state_tensor(full_b)
    assert (full_a == full_b).all()  # same deck contents; order is not in the state tensor either
    t.tour_deck[0], t.enc_deck[0] = t.enc_deck[0], t.tour_deck[0]
    t.state_tensor(full_b := np.zeros(g.state_size, np.float32))
    assert (full_a != full_b).any()


def test_solo_rival_deck_hidden():
    g = GAME(num_players=1)
    s = g.new_initial_state(np.random.default_rng(4))
    t = s.clone()
    t.rival_deck = list(reversed(t.rival_deck))
    a = np.zeros(g.observation_size, np.float32)
    b = np.zeros(g.observation_size, np.float32)
    s.observation(0, a)
    t.observation(0, b)
    assert (a == b).all()


def test_own_money_comes_first_over_the_money_cap():
    """(The other players' blocks in turn order are the shared check of test_game_contract.py.)"""
    g = GAME(num_players=3)
    s = g.new_initial_state(np.random.default_rng(8))
    rng = np.random.default_rng(8)
    for _ in range(90):
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
    assert len(set(s.money)) > 1
    money = {name: start for name, start, _ in layout(3)}["me.money"]
    for seat in range(3):
        obs = np.zeros(g.observation_size, np.float32)
        s.observation(seat, obs)
        assert obs[money] == pytest.approx(s.money[seat] / 20)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_the_ha_long_bay_target_sees_itself_chosen(n):
    """Every seat, the target included, sees who Ha Long Bay moves, in its own relative slot, and
    nothing leaks into the block before it (the target once saw a Kilimanjaro row instead)."""
    g = GAME(num_players=n)
    s = g.new_initial_state(np.random.default_rng(3))
    spans = {name: (start, end) for name, start, end in layout(n)}
    halong, kili = spans["halong_target_relative"], spans["kilimanjaro_returned_row"]
    for target in range(n):
        s.halong_target = target
        for seat in range(n):
            obs = np.zeros(g.observation_size, np.float32)
            s.observation(seat, obs)
            assert np.flatnonzero(obs[halong[0]:halong[1]]).tolist() == [(target - seat) % n]
            assert not obs[kili[0]:kili[1]].any()


def _play(n, games, first_seed=0):
    wins = 0.0
    for gi in range(games):
        g = GAME(num_players=n)
        s = g.new_initial_state(np.random.default_rng(first_seed + gi))
        hseat = gi % n
        pols = [HeuristicPolicy(gi) if q == hseat else RandomPolicy(seed=gi * 7 + q) for q in range(n)]
        obs = np.zeros(g.observation_size, np.float32)
        while not s.is_terminal:
            p = s.current_player
            s.apply_action(pols[p].act(obs, s.legal_action_mask(), s))
        w = s.winners()
        if hseat in w:
            wins += 1.0 / len(w)
    return wins / games


def test_heuristic_beats_random_fast():
    assert _play(2, 20) >= 0.8
    assert _play(4, 8, first_seed=100) >= 0.5


@pytest.mark.slow
@pytest.mark.parametrize("n,games", [(2, 500), (3, 150), (4, 100), (5, 100)])
def test_heuristic_beats_random_slow(n, games):
    rate = _play(n, games, first_seed=10_000)
    print(f"heuristic vs random, {n} players, {games} games: {rate:.3f}")
    assert rate >= max(0.7, 2.0 / n) if n == 2 else rate >= 2.0 / n


class _SingleAgent(gymnasium.Env):
    """A plain single-agent view (learner = seat 0, random opponents) for a shape check."""

    def __init__(self, n=2):
        self.env = trekking_the_world_v0.raw_env(num_players=n)
        space = self.env.observation_space("player_0")
        self.observation_space = space["observation"]
        self.action_space = self.env.action_space("player_0")
        self.opp = RandomPolicy(seed=0)

    def _advance(self):
        while self.env.agents and self.env.agent_selection != "player_0":
            obs, _, term, trunc, _ = self.env.last()
            self.env.step(None if term or trunc else self.opp.act(obs["observation"], obs["action_mask"]))
        obs, rew, term, trunc, info = self.env.last()
        self._mask = obs["action_mask"].astype(bool)
        return obs["observation"], rew, term, trunc

    def reset(self, seed=None, options=None):
        super().reset(seed=seed)
        self.env.reset(seed=seed)
        obs, *_ = self._advance()
        return obs, {}

    def step(self, action):
        self.env.step(int(action))
        obs, rew, term, trunc = self._advance()
        return obs, float(self.env._cumulative_rewards.get("player_0", rew)), term, trunc, {}

    def action_masks(self):
        return self._mask


def test_plain_gymnasium_wrapper_fixed_obs_and_masks():
    env = _SingleAgent()
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        assert obs.shape == env.observation_space.shape and env.observation_space.contains(obs)
        mask = env.action_masks()
        assert mask.shape == (NUM_ACTIONS,) and mask.any()
        obs, reward, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        done = term or trunc
        steps += 1
    assert reward in (-1.0, 0.0, 1.0) and steps > 10


def test_render_rgb_array_map():
    env = trekking_the_world_v0.env(num_players=3, render_mode="rgb_array")
    env.reset(seed=2)
    for _ in range(10):
        env.step(int(np.flatnonzero(env.last()[0]["action_mask"])[0]))
    img = env.render()
    from travel_envs.games.trekking_the_world.render import IMG_W, MAP_H, PANEL_H, PLAYER_RGB, _xy

    assert isinstance(img, np.ndarray) and img.dtype == np.uint8 and img.shape == (MAP_H + PANEL_H, IMG_W, 3)

    state = env.unwrapped.game_state
    for p in range(3):  # each Trekker is drawn in its colour near its location
        x, y = _xy(state.loc[p])
        patch = img[max(0, int(y) - 30): int(y) + 5, max(0, int(x) - 20): int(x) + 30].reshape(-1, 3)
        assert (np.abs(patch.astype(int) - PLAYER_RGB[p]).sum(axis=1) < 10).any()
    assert img[:MAP_H].std() > 10 and img[MAP_H:].std() > 10  # a map and a panel, not a blank picture


def test_observation_cache_respects_parameters():
    """The encoder caches by content: games differing only in parameters must not share entries."""
    from travel_envs.games.trekking_the_world.encoder import SCORE_SCALE, layout

    lay = {name: (a, b) for name, a, b in layout(2)}
    obs = {}
    for params in (dict(), dict(suitcase_points="steep", tours_to_end=6)):
        g = GAME(num_players=2, **params)
        s = g.new_initial_state(np.random.default_rng(0))
        s.suitcase[0] = [3, 3, 3, 3]
        s.cube_supply = [32, 32, 32, 32]
        out = np.zeros(g.observation_size, np.float32)
        s.observation(0, out)
        obs[params.get("suitcase_points", "linear")] = (out, s.score(0), s.params.end_tours)
    for out, score, end_tours in obs.values():
        a, b = lay["me.turns_taken_first_player_score"]
        assert out[b - 1] == pytest.approx(score / SCORE_SCALE)
        a, _ = lay["end_triggered_and_tours_to_end"]
        assert out[a + 1] == pytest.approx(end_tours / 6)
    assert obs["linear"][1] == 15 and obs["steep"][1] == 9


@pytest.mark.parametrize("n,params", [(1, {}), (2, {"suitcase_points": "steep", "tours_to_end": 3}), (3, {}),
                                      (5, {"tours_to_end": 3}), (2, {"auto_forced": False, "tours_to_end": 2})])
def test_cached_observation_equals_fresh_encoding(n, params):
    """After every action, the cached encoding equals one written from scratch without caches
    (``encode_observation_uncached``) and one built from empty caches. Seats are observed at
    random (the acting seat mostly, as in AEC play), so a seat's view is often many actions old."""
    from travel_envs.games.trekking_the_world import encoder as E

    def clear():
        for cache in (E._PLAYER_CACHE, E._TURN_CACHE):
            cache.clear()

    g = GAME(num_players=n, **params)
    s = g.new_initial_state(np.random.default_rng(n))
    rng = np.random.default_rng(n)
    pol = HeuristicPolicy(n)
    checked = 0
    while True:
        seats = [seat for seat in range(n) if seat == s.current_player or rng.random() < 0.3]
        for seat in seats:
            cached = np.zeros(g.observation_size, np.float32)
            plain = np.zeros(g.observation_size, np.float32)
            fresh = np.zeros(g.observation_size, np.float32)
            E.encode_observation(s, seat, cached)  # s keeps its own views across actions
            E.encode_observation_uncached(s, seat, plain)
            assert (cached == plain).all(), (s.phase, seat, np.flatnonzero(cached != plain))
            clear()
            E.encode_observation(s.clone(), seat, fresh)  # a clone starts with no views
            assert (cached == fresh).all(), np.flatnonzero(cached != fresh)
            checked += 1
        if s.is_terminal:
            break
        m = s.legal_action_mask()
        s.apply_action(pol.act(None, m, s) if rng.random() < 0.6 else int(rng.choice(np.flatnonzero(m))))
    assert checked > 50


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_render_rgb_labels_whole_and_apart(n):
    """Issue #18: every label lies whole inside the picture (nothing cut at an edge), map labels do
    not overlap each other or the legend, and the legend is drawn; checked along random games."""
    from travel_envs.games.trekking_the_world.render import IMG_W, LEGEND_BOX, MAP_H, PANEL_H, render_rgb

    g = GAME(num_players=n)
    s = g.new_initial_state(np.random.default_rng(n))
    rng = np.random.default_rng(n)
    states = []
    while not s.is_terminal:
        s.apply_action(int(rng.choice(np.flatnonzero(s.legal_action_mask()))))
        states.append(s.clone())
    picks = [states[i] for i in np.linspace(0, len(states) - 1, 5).astype(int)]  # from the start to the end
    for s in picks:
        boxes = []
        render_rgb(s, boxes)
        assert any(text.startswith("Tour on offer") for text, _ in boxes)  # the legend
        map_boxes = []
        for text, (x0, y0, x1, y1) in boxes:
            assert 0 <= x0 and 0 <= y0 and x1 <= IMG_W and y1 <= MAP_H + PANEL_H, (text, (x0, y0, x1, y1))
            in_legend = LEGEND_BOX[0] <= x0 and x1 <= LEGEND_BOX[2] and LEGEND_BOX[1] <= y0 and y1 <= LEGEND_BOX[3]
            if y1 <= MAP_H and not in_legend:
                map_boxes.append((text, (x0, y0, x1, y1)))
        assert sum(1 for text, _ in map_boxes if "on offer" in text) == 0  # legend rows inside its box
        for i, (ta, a) in enumerate(map_boxes):
            for tb, b in map_boxes[i + 1:]:
                overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
                assert not overlap, (ta, tb)
