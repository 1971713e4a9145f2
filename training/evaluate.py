"""Play seeded, seat-rotated games between policies and report win rates (Wilson 95%), scores and Elo.

Policy specs (for --policy, --opponents and --league):
  random                      uniform over the legal moves
  heuristic                   the game's own rule-based player
  expert                      a stronger rule-based player, where the game has one (Globetrotter,
                              Itchy Feet, Trekking the World)
  master                      stronger than the expert, where the game has one (Itchy Feet,
                              Globetrotter, Trekking the World)
  mcts[:N][:random|heuristic|expert|master][:depth=D|end][:c=X][:bias=W]
      [:prior=heuristic|expert|master|zoo|PATH][:time=S][:value=score|progress|fitted]
                              information-set MCTS: N simulations per decision or S CPU seconds,
                              play-outs by random or rule-based moves, cut D decisions deep and valued
                              by V, exploration constant X, a root bias W towards the move of a
                              rule-based player, the shipped agent or a trained model;
                              every option left out takes the game's default (a bare mcts is the
                              search each game's strength is reported at; see docs/search.md)
  PATH.zip or model:PATH      a MaskablePPO model saved by training (a self-play snapshot .npz works too)
  CHECKPOINT_FOLDER           an RLlib checkpoint folder (runs/rllib_x/checkpoints/final)
  zoo, zoo:ENV_ID             the trained agent shipped with the package for the env (travel_envs/zoo)
A model is read without running code from it, and played only on the table it was trained for:
without --param, the env's parameters are those recorded in the model.

    # a trained model against the baselines, 1000 games each, on 2 processes
    python -m training.evaluate --env globetrotter_v0 --policy runs/x/final_model.zip \\
        --opponents random heuristic --games 1000 --processes 2

    # the same, taking env id and parameters from a run folder (model = its final_model.zip)
    python -m training.evaluate --run runs/x --games 1000

    # an RLlib checkpoint (env and parameters from its run folder's config.yaml)
    python -m training.evaluate --policy runs/rllib_x/checkpoints/final --opponents random heuristic

    # a policy's Elo on the published ladder of its game (fixed ratings, comparable between users),
    # and a picture of it among the members
    python -m training.evaluate --env trekking_v0 --ladder runs/x/final_model.zip --processes 2 \\
        --plot ladder.png

    # a round-robin league with Bradley-Terry Elo ratings (--policy, if given, joins it)
    python -m training.evaluate --env globetrotter_v0 --league random heuristic runs/x/final_model.zip \\
        --games 200
    python -m training.evaluate --env trek_v0 --policy mcts:100 --league random heuristic --games 50

Game g is dealt from seed (SEED, g // n) and rotates the seats by g % n, so every
policy plays every seat on the same deals. "wins" counts sole wins; a shared win
is a draw. The table is printed and written to --out (markdown); a progress bar
(on a terminal) counts the games. Bad input (an unknown env or policy, a bad --param,
a negative --seed, a corrupt or mismatched model file, a malformed run config, an
--out folder that does not exist) is one message and exit code 2, before any game is played.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


from travel_envs.agents.mcts_spec import SPEC_FORM as MCTS_FORM
from travel_envs.core.files import write_text_atomic
from travel_envs.core.game import ParameterError
from travel_envs.tools.cli import parse_params

from .match_cli import check_counts, check_models_fit, games_bar


def _model_env(specs: list[str], env_id: str | None) -> tuple[str | None, dict]:
    """Env id and parameters recorded with the models among ``specs`` (saved with every model since
    the metadata exists): the evaluation plays on the table the models were trained for."""
    from travel_envs.agents.model import read_model_metadata
    from travel_envs.agents.registry import is_model_spec, model_path
    from travel_envs.core.registry import list_envs

    found = []
    for spec in specs:
        if isinstance(spec, str) and is_model_spec(spec):
            meta = read_model_metadata(model_path(spec))
            if meta and meta.get("env_id"):
                found.append((spec, meta))
    if env_id is None:
        ids = sorted({m["env_id"] for _, m in found})
        if len(ids) > 1:
            raise ParameterError(f"the models were trained on different envs {ids}; give --env ENV_ID")
        if not ids:
            return None, {}
        env_id = ids[0]
        if env_id not in list_envs():
            raise ParameterError(f"the model was trained on env {env_id!r}, a Python module: importing it runs "
                                 f"its code, so it is not done implicitly; pass --env {env_id} if you trust it")
    params: dict = {}
    owner: dict = {}
    for spec, meta in found:
        if meta["env_id"] != env_id:
            continue  # the fit check names the mismatch
        for k, v in (meta.get("env_params") or {}).items():
            if k in params and params[k] != v:
                raise ParameterError(f"{owner[k]} and {spec} were trained with different {k} ({params[k]!r} vs "
                                     f"{v!r}); evaluate them separately, or pass --param {k}=VALUE")
            params[k], owner[k] = v, spec
    return env_id, params


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-evaluate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", help="env id, e.g. globetrotter_v0 (or 'module:GameClass', which imports that "
                   "module); default: from --run or the models")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="env parameter, repeatable (default: --run's or the models' parameters, then num_players=2)")
    p.add_argument("--run", metavar="RUN_DIR", help="take env id/params from a training run folder; "
                   "--policy defaults to its final_model.zip")
    p.add_argument("--policy", help="the policy under test: random, heuristic, expert, "
                   f"{MCTS_FORM}, a model PATH.zip (or model:PATH) or an RLlib "
                   "checkpoint folder; with --league it joins the league")
    p.add_argument("--opponents", nargs="+", default=None, metavar="POLICY",
                   help="baselines, any policy specs as for --policy (default: random heuristic)")
    p.add_argument("--league", nargs="+", metavar="POLICY", help="round-robin league of these policies (and "
                   "--policy, if given) with Elo ratings")
    p.add_argument("--ladder", metavar="POLICY", help="place POLICY on the env's published Elo ladder (random, "
                   "the rule-based players, mcts at two budgets, the shipped agent): it plays every member, whose "
                   "ratings stay fixed, and gets an Elo on the README's scale")
    p.add_argument("--ladder-file", metavar="FILE", help="with --ladder: a ladder built with "
                   "'python -m training.build_ladder --out FILE' (default: the env's published ladder)")
    p.add_argument("--plot", metavar="PNG", help="with --ladder: draw the ladder with POLICY placed on it "
                   "(a star with its 95%% interval among the members; python -m training.plot_ladders draws several)")
    p.add_argument("--games", type=int, default=None, help="games per opponent (per pair in league mode; "
                   "default 1000, with --ladder 200 per member)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=1, help="worker processes (1 = in-process)")
    p.add_argument("--stochastic", action="store_true", help="models sample actions instead of playing greedily")
    p.add_argument("--out", help="write the markdown table here (default: RUN_DIR/evaluation_<seed>.md with --run)")
    p.add_argument("--json", help="also write the raw summaries as JSON")
    p.add_argument("--journal", metavar="FILE",
                   help="save every finished game to FILE (JSON lines) and skip the games already there: run the "
                        "same command again after a kill and it resumes where it stopped (with the same code)")
    p.add_argument("--save-replays", metavar="DIR", help="keep every game played as a replay file in DIR "
                   "(for travel-replay; not with --league)")
    return p.parse_args(argv)


def _save_replays(env_id, params, result, folder, label) -> None:
    """Write ``result``'s games as replay files (travel_envs.replay) into ``folder``."""
    from travel_envs.core.game import params_to_dict
    from travel_envs.replay import save_match
    from travel_envs.core.registry import make_raw_env

    game_params = make_raw_env(env_id, **params).game.params  # adapter settings left out
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in label)
    paths = save_match(env_id, params_to_dict(game_params), result.names, result.records, folder, safe)
    print(f"replays: {len(paths)} games in {folder}/{safe}_game*.json")


def run(args) -> str:
    from travel_envs.agents.registry import check_policy_spec, make_policy
    from travel_envs.evaluation.arena import league, policy_label, versus
    from travel_envs.evaluation.journal import GameJournal
    from travel_envs.evaluation.ratings import elo_ratings
    from travel_envs.evaluation.report import league_table, match_table, summary_json
    from travel_envs.tools.cli import check_output_path
    from travel_envs.core.registry import make_raw_env
    from travel_envs.zoo import with_env

    from .config import load_config

    if args.games is None:
        args.games = 200 if args.ladder else 1000
    check_counts(args)
    if args.ladder:
        return _place_on_ladder(args)
    for flag, given in (("--ladder-file", args.ladder_file), ("--plot", args.plot)):
        if given:
            raise ParameterError(f"{flag} goes with --ladder POLICY")
    env_id, explicit = args.env, parse_params(args.param)
    base: dict = {}
    policy = args.policy
    if args.run:
        run_dir = Path(args.run)
        cfg_path = run_dir / "config.yaml"
        if not cfg_path.is_file():
            raise ParameterError(f"--run {run_dir}: not a run folder (no config.yaml)")
        cfg = load_config(cfg_path, check_env=False)
        env_id = env_id or cfg.env.id
        base = dict(cfg.env.params)
        if policy is None and not args.league:
            policy = str(run_dir / "final_model.zip")
    if args.league and args.opponents:
        raise ParameterError("--opponents is for --policy against baselines; in a --league every policy meets "
                             "every other: list them all after --league")
    if args.league:
        specs = list(dict.fromkeys(([policy] if policy else []) + list(args.league)))
        if len(specs) < 2:
            raise ParameterError(f"a league needs at least two different policies, got {specs}; add some, "
                                 "e.g. --league random heuristic")
    else:
        if policy is None:
            raise ParameterError("give --policy (or --league, or --run RUN_DIR)")
        specs = [policy, *(args.opponents or ["random", "heuristic"])]
    specs = [with_env(s, env_id) for s in specs]  # a bare 'zoo' is the model of the env given
    policy = specs[0] if policy is not None else None
    for s in specs:
        check_policy_spec(s)
    if not args.run:
        env_id, base = _model_env(specs, env_id)
    if not env_id:
        raise ParameterError("give --env ENV_ID (or --run RUN_DIR, or a model saved with its env)")
    params = {**base, **explicit}
    params.setdefault("num_players", 2)
    raw = make_raw_env(env_id, **params)  # bad env/params fail here
    n = raw.game.num_players
    check_models_fit(specs, raw)
    det = not args.stochastic
    header = f"## {env_id} {params}\n\n"
    if args.league and args.save_replays:
        raise ParameterError("--save-replays keeps the games of --policy against --opponents, not of a --league")
    out = args.out or (str(Path(args.run) / f"evaluation_{args.seed}.md") if args.run else None)
    for flag, path in (("--out", out), ("--json", args.json), ("--journal", args.journal)):
        check_output_path(flag, path)
    journal = GameJournal(args.journal) if args.journal else None
    if args.league:
        names = [policy_label(s) for s in specs]
        pols = [make_policy(s, env_id, seed=args.seed + i, deterministic=det) for i, s in enumerate(specs)]
        pairs = len(specs) * (len(specs) - 1) // 2
        with games_bar(pairs * args.games, "league") as bar:
            names, wins = league(env_id, pols, args.games, seed=args.seed, env_params=params,
                                 processes=args.processes, names=names, progress=bar.update, journal=journal)
        elo = elo_ratings(names, wins)
        text = (header + f"League: {args.games} games per pair, seats alternating and rotated; Elo from a "
                f"Bradley-Terry fit (1 virtual draw per pair; 'random' = 1000 when present).\n\n"
                + league_table(names, wins, elo))
        summaries = {"names": names, "wins": wins.tolist(), "elo": elo}
    else:
        cand = make_policy(policy, env_id, seed=args.seed, deterministic=det)
        rows = []
        for opp in specs[1:]:
            with games_bar(args.games, f"vs {opp}") as bar:
                res = versus(env_id, cand, opp, args.games, seed=args.seed, env_params=params,
                             processes=args.processes, names=[policy_label(policy), opp], progress=bar.update,
                             journal=journal)
            rows.append(res.summary(0))
            if args.save_replays:
                _save_replays(env_id, params, res, args.save_replays, f"{policy_label(policy)}_vs_{opp}")
        text = (header + f"{args.games} games per opponent, seats rotated, seed {args.seed}; win = sole winner; "
                f"95% CI = Wilson score interval; margin = own score - best other score.\n\n"
                + match_table(rows, n))
        summaries = [summary_json(r) for r in rows]
    print(text)
    if out:
        write_text_atomic(out, text)
        print(f"written: {out}")
    if args.json:
        write_text_atomic(args.json, json.dumps(summaries, indent=2) + "\n")
    return text


def _place_on_ladder(args) -> str:
    """``--ladder POLICY``: POLICY against every member of the env's ladder, then its Elo."""
    from travel_envs.agents.registry import check_policy_spec, make_policy
    from travel_envs.core.registry import make_raw_env
    from travel_envs.evaluation.arena import policy_label, versus
    from travel_envs.evaluation.journal import GameJournal
    from travel_envs.evaluation.ladder import load_ladder
    from travel_envs.evaluation.ratings import place_on_ladder
    from travel_envs.evaluation.report import ladder_table, summary_json
    from travel_envs.tools.cli import check_output_path
    from travel_envs.zoo import with_env

    for flag, given in (("--league", args.league), ("--opponents", args.opponents), ("--policy", args.policy),
                        ("--param", args.param), ("--run", args.run), ("--save-replays", args.save_replays)):
        if given:
            raise ParameterError(f"--ladder plays POLICY against the ladder's members on the ladder's table; "
                                 f"leave out {flag}")
    env_id = args.env or _model_env([args.ladder], None)[0]
    if not env_id:
        raise ParameterError("give --env ENV_ID (the ladder of which game?)")
    spec = with_env(args.ladder, env_id)
    check_policy_spec(spec)
    ladder = load_ladder(env_id, args.ladder_file)
    raw = make_raw_env(env_id, **ladder.env_params)
    check_models_fit([spec], raw)
    for flag, path in (("--out", args.out), ("--json", args.json), ("--journal", args.journal),
                       ("--plot", args.plot)):
        check_output_path(flag, path)
    journal = GameJournal(args.journal) if args.journal else None
    candidate = make_policy(spec, env_id, seed=args.seed, deterministic=not args.stochastic)
    label = policy_label(spec)
    rows = []
    for member in ladder.members:
        with games_bar(args.games, f"vs {member}") as bar:
            result = versus(env_id, candidate, with_env(member, env_id), args.games, seed=args.seed,
                            env_params=ladder.env_params, processes=args.processes, names=[label, member],
                            progress=bar.update, journal=journal)
        rows.append(result.summary(0) | {"member": member, "member_elo": ladder.ratings[member]})
    elo, low, high = place_on_ladder([r["member_elo"] for r in rows], [r["wins"] + r["draws"] / 2 for r in rows],
                                     [r["games"] for r in rows])
    joined = "".join(f"; then {entry['date']}: `{entry['command']}`" for entry in ladder.added)
    text = (f"## {label} on the {env_id} ladder\n\n{args.games} games against each member, seats rotated, seed "
            f"{args.seed}; win = sole winner (a draw scores 1/2 for the Elo); 95% CI = Wilson score interval. The "
            f"members' Elo are the published ladder's ({ladder.measured}: {ladder.games_per_pair} games per pair, "
            f"`{ladder.command}`{joined}), random = 1000.\n\n"
            + ladder_table(rows, raw.game.num_players)
            + f"\n**{label}: Elo {elo:.0f} [{low:.0f}, {high:.0f}]** (95% interval, members' ratings taken as exact)\n")
    print(text)
    if args.out:
        write_text_atomic(args.out, text)
        print(f"written: {args.out}")
    if args.json:
        summary = {"policy": spec, "env_id": env_id, "elo": elo, "elo_low": low, "elo_high": high,
                   "rows": [summary_json(r) for r in rows]}
        write_text_atomic(args.json, json.dumps(summary, indent=2) + "\n")
    if args.plot:
        from .plot_ladders import Placement, draw_ladders

        draw_ladders([(ladder, [Placement(label, env_id, elo, low, high)])], args.plot)
        print(f"written: {args.plot}")
    return text


def main(argv=None) -> int:
    """Exit code 0, or 2 with one message for bad input (see travel_envs.tools.cli.run_cli)."""
    from travel_envs.tools.cli import run_cli

    args = parse_args(argv)
    return run_cli(lambda _argv: run(args))


if __name__ == "__main__":
    sys.exit(main())
