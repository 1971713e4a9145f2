"""Play seeded, seat-rotated games between policies and report win rates (Wilson 95%), scores and Elo.

Policies: "random", "heuristic" (the game's own), "expert" (a stronger rule-based player, where the
game has one: Globetrotter), or a trained model (a path to a
MaskablePPO .zip, optionally written "model:PATH"; a self-play snapshot .npz works too).

    # a trained model against the baselines, 1000 games each, on 2 processes
    python -m training.evaluate --env globetrotter_v0 --policy runs/x/final_model.zip \\
        --opponents random heuristic --games 1000 --processes 2

    # the same, taking env id and parameters from a run folder (model = its final_model.zip)
    python -m training.evaluate --run runs/x --games 1000

    # a round-robin league with Bradley-Terry Elo ratings
    python -m training.evaluate --env globetrotter_v0 --league random heuristic runs/x/final_model.zip \\
        --games 200

Game g is dealt from seed (SEED, g // n) and rotates the seats by g % n, so every
policy plays every seat on the same deals. "wins" counts sole wins; a shared win
is a draw. The table is printed and written to --out (markdown).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import yaml

from travel_envs.core.game import ParameterError


def _parse_params(items: list[str]) -> dict:
    params = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep:
            raise ParameterError(f"--param {item!r}: expected NAME=VALUE, e.g. num_players=2")
        params[key.strip()] = yaml.safe_load(raw)
    return params


def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="travel-evaluate", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--env", help="env id, e.g. globetrotter_v0 (or 'module:GameClass')")
    p.add_argument("--param", action="append", default=[], metavar="NAME=VALUE",
                   help="env parameter, repeatable (default num_players=2 unless --run gives them)")
    p.add_argument("--run", metavar="RUN_DIR", help="take env id/params from a training run folder; "
                   "--policy defaults to its final_model.zip")
    p.add_argument("--policy", help="the policy under test (random, heuristic, expert or a model path)")
    p.add_argument("--opponents", nargs="+", default=None, help="baselines (default: random heuristic)")
    p.add_argument("--league", nargs="+", metavar="POLICY", help="round-robin league of these policies with Elo")
    p.add_argument("--games", type=int, default=1000, help="games per opponent (per pair in league mode)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--processes", type=int, default=1, help="worker processes (1 = in-process)")
    p.add_argument("--stochastic", action="store_true", help="models sample actions instead of playing greedily")
    p.add_argument("--out", help="write the markdown table here (default: RUN_DIR/evaluation_<seed>.md with --run)")
    p.add_argument("--json", help="also write the raw summaries as JSON")
    p.add_argument("--save-replays", metavar="DIR", help="keep every game played as a replay file in DIR "
                   "(for travel-replay; not with --league)")
    return p.parse_args(argv)


def _save_replays(env_id, params, result, folder, label) -> None:
    """Write ``result``'s games as replay files (travel_envs.replay) into ``folder``."""
    from travel_envs.core.game import params_to_dict
    from travel_envs.replay import save_match
    from travel_envs.wrappers.single_agent import make_raw_env

    game_params = make_raw_env(env_id, **params).game.params  # adapter settings left out
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in label)
    paths = save_match(env_id, params_to_dict(game_params), result.names, result.records, folder, safe)
    print(f"replays: {len(paths)} games in {folder}/{safe}_game*.json")


def run(args) -> str:
    from travel_envs.agents.registry import check_policy_spec, make_policy
    from travel_envs.evaluation.arena import league, policy_label, versus
    from travel_envs.evaluation.ratings import elo_ratings
    from travel_envs.evaluation.report import league_table, match_table
    from travel_envs.wrappers.single_agent import make_raw_env

    env_id, params = args.env, _parse_params(args.param)
    policy = args.policy
    if args.run:
        run_dir = Path(args.run)
        cfg_path = run_dir / "config.yaml"
        if not cfg_path.is_file():
            raise ParameterError(f"--run {run_dir}: not a run folder (no config.yaml)")
        cfg = yaml.safe_load(cfg_path.read_text())
        env_id = env_id or cfg["env"]["id"]
        params = {**cfg["env"]["params"], **params}
        if policy is None and not args.league:
            policy = str(run_dir / "final_model.zip")
    if not env_id:
        raise ParameterError("give --env ENV_ID (or --run RUN_DIR)")
    if not args.run:
        params.setdefault("num_players", 2)
    n = make_raw_env(env_id, **params).game.num_players  # bad env/params fail here
    det = not args.stochastic
    header = f"## {env_id} {params}\n\n"
    if args.league and args.save_replays:
        raise ParameterError("--save-replays keeps the games of --policy against --opponents, not of a --league")
    if args.league:
        for s in args.league:
            check_policy_spec(s)
        names = [policy_label(s) for s in args.league]
        pols = [make_policy(s, env_id, seed=args.seed + i, deterministic=det) for i, s in enumerate(args.league)]
        names, wins = league(env_id, pols, args.games, seed=args.seed, env_params=params,
                             processes=args.processes, names=names)
        elo = elo_ratings(names, wins)
        text = (header + f"League: {args.games} games per pair, seats alternating and rotated; Elo from a "
                f"Bradley-Terry fit (1 virtual draw per pair; 'random' = 1000 when present).\n\n"
                + league_table(names, wins, elo))
        summaries = {"names": names, "wins": wins.tolist(), "elo": elo}
    else:
        if policy is None:
            raise ParameterError("give --policy (or --league, or --run RUN_DIR)")
        check_policy_spec(policy)
        opponents = args.opponents or ["random", "heuristic"]
        for o in opponents:
            check_policy_spec(o)
        cand = make_policy(policy, env_id, seed=args.seed, deterministic=det)
        rows = []
        for opp in opponents:
            res = versus(env_id, cand, opp, args.games, seed=args.seed, env_params=params,
                         processes=args.processes, names=[policy_label(policy), opp])
            rows.append(res.summary(0))
            if args.save_replays:
                _save_replays(env_id, params, res, args.save_replays, f"{policy_label(policy)}_vs_{opp}")
        text = (header + f"{args.games} games per opponent, seats rotated, seed {args.seed}; win = sole winner; "
                f"95% CI = Wilson score interval; margin = own score - best other score.\n\n"
                + match_table(rows, n))
        summaries = [{k: v for k, v in r.items() if k != "per_seat"}
                     | {"per_seat": {str(s): list(v) for s, v in r["per_seat"].items()}} for r in rows]
    print(text)
    out = args.out or (str(Path(args.run) / f"evaluation_{args.seed}.md") if args.run else None)
    if out:
        Path(out).write_text(text)
        print(f"written: {out}")
    if args.json:
        Path(args.json).write_text(json.dumps(summaries, indent=2) + "\n")
    return text


def main(argv=None) -> int:
    args = parse_args(argv)
    try:
        run(args)
    except (ParameterError, FileNotFoundError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
