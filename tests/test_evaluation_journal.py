"""A journal saves each finished game, and a killed evaluation resumes from it with the same result."""

import json

import pytest

from training import evaluate
from travel_envs.core.game import ParameterError
from travel_envs.evaluation import arena
from travel_envs.evaluation.arena import JOURNAL_CHUNK, league, split_games, versus
from travel_envs.evaluation.journal import GameJournal

ENV = "globetrotter_v0"


def _wins(result):
    return [r.wins for r in result.records], [r.actions for r in result.records]


def test_a_resumed_match_plays_only_the_missing_games_and_gives_the_same_result(tmp_path, monkeypatch):
    plain = versus(ENV, "heuristic", "random", 6, seed=3)
    path = tmp_path / "games.jsonl"
    first = versus(ENV, "heuristic", "random", 4, seed=3, journal=GameJournal(path))  # "killed" after 4 games
    assert len(path.read_text().splitlines()) == 4 and _wins(first) == tuple(x[:4] for x in _wins(plain))
    played = []
    real = arena.play_game
    monkeypatch.setattr(arena, "play_game", lambda *a: played.append(1) or real(*a))
    resumed = versus(ENV, "heuristic", "random", 6, seed=3, journal=GameJournal(path))
    assert len(played) == 2 and _wins(resumed) == _wins(plain)
    again = versus(ENV, "heuristic", "random", 6, seed=3, journal=GameJournal(path))
    assert len(played) == 2 and _wins(again) == _wins(plain)  # all 6 on disk: nothing played
    other_seed = versus(ENV, "heuristic", "random", 2, seed=4, journal=GameJournal(path))
    assert len(played) == 4 and len(other_seed.records) == 2  # another match: its own games


def test_a_league_resumes_over_processes(tmp_path):
    path = tmp_path / "league.jsonl"
    names, wins = league(ENV, ["random", "heuristic", "expert"], 4, seed=1)
    league(ENV, ["random", "heuristic", "expert"], 4, seed=1, journal=GameJournal(path), processes=2)
    assert len(path.read_text().splitlines()) == 12
    again = league(ENV, ["random", "heuristic", "expert"], 4, seed=1, journal=GameJournal(path))
    assert again[0] == names and (again[1] == wins).all()


def test_a_line_cut_short_by_a_kill_is_ignored_and_garbage_is_refused(tmp_path):
    path = tmp_path / "games.jsonl"
    versus(ENV, "heuristic", "random", 2, seed=0, journal=GameJournal(path))
    with open(path, "a") as fh:
        fh.write('{"match": "x", "ga')
    assert sum(len(GameJournal(path).finished(k)) for k in {json.loads(x)["match"] for x in
                                                               path.read_text().splitlines()[:2]}) == 2
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not json\n{}\n")
    with pytest.raises(ParameterError, match="line 1 is not a journal entry"):
        GameJournal(bad)


def test_the_cli_resumes_with_journal(tmp_path, capsys):
    path = tmp_path / "j.jsonl"
    args = ["--env", ENV, "--policy", "heuristic", "--opponents", "random", "--games", "3", "--journal", str(path)]
    assert evaluate.main(args) == 0
    first = capsys.readouterr().out
    assert evaluate.main(args) == 0 and len(path.read_text().splitlines()) == 3
    assert capsys.readouterr().out.split("|")[1:] == first.split("|")[1:]
    assert evaluate.main(args[:-1] + [str(tmp_path / "no" / "j.jsonl")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_journal_summary_counts_wins_so_far(tmp_path, capsys):
    from travel_envs.tools import journal as journal_module

    path = tmp_path / "j.jsonl"
    res = versus(ENV, "heuristic", "random", 4, seed=2, journal=GameJournal(path))
    wins = sum(r.wins[0] for r in res.records)
    assert journal_module.main([str(path)]) == 0
    assert f"heuristic {wins}/4 = " in capsys.readouterr().out
    assert journal_module.main([str(tmp_path / "none.jsonl")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_a_bare_mcts_is_not_resumed_after_its_games_default_changed(tmp_path, monkeypatch):
    """A journal keys a search by what it plays (its resolved settings), not by the name ``mcts``."""
    import dataclasses

    from travel_envs.agents import mcts_spec

    path = tmp_path / "games.jsonl"
    versus("trekking_v0", "mcts:4", "random", 2, seed=0, journal=GameJournal(path))
    played = []
    real = arena.play_game
    monkeypatch.setattr(arena, "play_game", lambda *a: played.append(1) or real(*a))
    versus("trekking_v0", "mcts:4", "random", 2, seed=0, journal=GameJournal(path))
    assert played == []  # the same search: resumed
    changed = dataclasses.replace(mcts_spec.GAME_DEFAULTS["trekking"], bias=2.0)
    monkeypatch.setitem(mcts_spec.GAME_DEFAULTS, "trekking", changed)
    versus("trekking_v0", "mcts:4", "random", 2, seed=0, journal=GameJournal(path))
    assert len(played) == 2  # the same name, another search: played afresh
    assert any(key.startswith('["trekking_v0"') and "mcts:4 = mcts:4:random:depth=end:bias=2" in key
               for key in GameJournal(path).matches())


def test_a_search_object_is_keyed_like_its_spec():
    from travel_envs.agents.registry import make_policy, spec_identity

    assert make_policy("mcts", "trek_v0").identity == spec_identity("mcts", "trek_v0") != "mcts"
    assert spec_identity("heuristic", "trek_v0") == "heuristic"
    expert = spec_identity("expert", "itchy_feet_v0")  # a tuned style: pinned by its digest
    assert expert.startswith("expert@") and make_policy("mcts", "itchy_feet_v0").identity.endswith("+" + expert)


def test_a_tuned_player_whose_rules_change_plays_under_a_new_identity(monkeypatch):
    """Ratings and journals of a tuned player's older rules are refused: its class's ``revision`` is
    part of its identity (Globetrotter's expert is at revision 1 since 2026-12-06)."""
    from travel_envs.agents.registry import spec_identity
    from travel_envs.games.globetrotter import ExpertPolicy

    before = spec_identity("expert", "globetrotter_v0")
    monkeypatch.setattr(ExpertPolicy, "revision", ExpertPolicy.revision + 1)
    assert spec_identity("expert", "globetrotter_v0") not in (before, "expert")


@pytest.mark.parametrize("games, processes, progress, journal", [(800, 2, True, True), (800, 2, False, False),
                                                                 (30, 4, True, False), (3, 2, False, True)])
def test_games_are_split_once_each_and_in_small_chunks_with_a_journal(games, processes, progress, journal):
    """With a journal a worker saves its games every JOURNAL_CHUNK games at the most (a killed run loses
    little); without one the split only keeps a progress bar moving."""
    order = [g for g in range(games) if g % 7]  # a resumed run: some games already journaled
    chunks = split_games(order, processes, progress, journal)
    assert sorted(g for c in chunks for g in c) == order and all(chunks)
    if journal:
        assert max(map(len, chunks)) <= JOURNAL_CHUNK
    else:
        assert len(chunks) == min(len(order), processes * (8 if progress else 1))
