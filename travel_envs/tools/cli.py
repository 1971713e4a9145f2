"""What every command-line tool shares: the one error exit, number checks for argparse,
``--param`` parsing, building the game and the policies.

Every console script and ``python -m`` module of the project (travel-watch/replay/play,
training.train/evaluate/train_rllib, benchmarks.*) runs its body through :func:`run_cli`, so
bad input reads the same everywhere: one ``error: ...`` paragraph on stderr naming the problem
and what to do, exit code 2, no traceback. A body signals such a problem by raising a
:class:`ParameterError` (``ConfigError``, ``ModelFileError`` and ``ReplayError`` are ones) or an
``OSError`` about a file; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from travel_envs.core.aec import ADAPTER_PARAMS
from travel_envs.core.game import Game, IllegalActionError, ParameterError
from travel_envs.core.registry import registered_env_id
from travel_envs.core.threads import one_blas_thread

#: errors a user can cause (bad env, param, config, file, replay): one paragraph on stderr, exit code 2
USER_ERRORS = (ParameterError, IllegalActionError, NotImplementedError, OSError)
EXIT_USAGE = 2


def error_message(exc: BaseException) -> str:
    """The one-paragraph message for a user error (an OSError as ``FILE: reason``)."""
    if isinstance(exc, OSError) and exc.filename is not None:  # raised by open(), mkdir() ...
        reason = exc.strerror or str(exc)
        hint = {FileNotFoundError: "check the path",
                IsADirectoryError: "give a file, not a folder",
                NotADirectoryError: "a part of the path is a file, not a folder",
                PermissionError: "choose a path you may read/write"}.get(type(exc), "check the path and the disk")
        return f"{exc.filename}: {reason}; {hint}"
    return str(exc)


def docstring_parser(doc: str, prog: str | None = None) -> argparse.ArgumentParser:
    """A script's parser whose ``--help`` is its module docstring: the first line as the description, the
    rest (usage examples, what each figure means) kept as written below the options. ``prog``: how the
    usage line names the script (``python -m benchmarks.x``; argparse's default is the file name, which
    ``python -m`` does not run)."""
    lines = doc.splitlines()
    return argparse.ArgumentParser(prog=prog, description=lines[0], epilog="\n".join(lines[2:]),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def run_cli(main: Callable[..., Any], argv: Sequence[str] | None = None, **kwargs: Any) -> int:
    """Run a tool's ``main(argv, **kwargs)``; a user error prints ``error: ...`` (no traceback) and
    returns 2. ``main`` returning an int is its exit code; returning anything else means success (0).
    The tools play games one observation at a time: numpy's BLAS gets one thread (core/threads.py)."""
    one_blas_thread()
    try:
        result = main(argv, **kwargs)
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except USER_ERRORS as exc:
        print(f"error: {error_message(exc)}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    return result if isinstance(result, int) and not isinstance(result, bool) else 0


def _number(kind: type, low: float, strict: bool) -> Callable[[str], Any]:
    word = "an integer" if kind is int else "a number"
    bound = f"> {low:g}" if strict else f">= {low:g}"

    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {word}; give {word} {bound}") from None
        if value < low or (strict and value == low) or value != value:
            raise argparse.ArgumentTypeError(f"{text} is not allowed; give {word} {bound}")
        return value

    parse.__name__ = f"{kind.__name__} {bound}"
    return parse


def int_at_least(low: int) -> Callable[[str], int]:
    """An argparse ``type=`` accepting integers >= ``low``."""
    return _number(int, low, strict=False)


#: argparse ``type=`` checks: the message names the flag, the value and what is allowed
positive_int = _number(int, 1, strict=False)
non_negative_int = _number(int, 0, strict=False)
positive_float = _number(float, 0, strict=True)
non_negative_float = _number(float, 0, strict=False)


def check_output_path(flag: str, path: str | Path | None) -> None:
    """Fail before the long work, not after it: an output file's folder must exist."""
    if path is None:
        return
    path = Path(path)
    if path.is_dir():
        raise ParameterError(f"{flag} {path} is a folder; give a file name inside it")
    if not path.parent.is_dir():
        raise ParameterError(f"{flag} {path}: the folder {path.parent} does not exist; create it or choose "
                             "another path")


def check_env_players(env_id: str, players: Sequence[int] | None) -> None:
    """An unknown env id or an unsupported player count fails here, before any measuring."""
    from travel_envs.core.registry import game_class

    cls = game_class(env_id)
    counts = list(getattr(cls, "player_counts", []) or [])
    for n in players or []:
        if counts and n not in counts:
            raise ParameterError(f"{env_id} cannot be played by {n} players; give --players from "
                                 f"{list(counts)}")


def parse_value(raw: str, item: str | None = None) -> Any:
    """A ``--param`` value, read as YAML like the configs: ``3`` -> 3, ``true`` -> True,
    ``0.5`` -> 0.5, ``null`` -> None, ``[events, flights]`` -> a list, other text -> itself.

    The one reader of ``NAME=VALUE`` values for every script (tools, evaluation, benchmarks).
    """
    import yaml

    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or type(exc).__name__
        raise ParameterError(f"--param {item or raw!r}: cannot read the value ({problem}); values are YAML "
                             "as in the configs: 2, true, 0.5, null, [a, b], text") from None


def parse_params(items: Sequence[str] | None) -> dict[str, Any]:
    """``["num_players=3", "extensions=[events]"]`` -> ``{"num_players": 3, "extensions": ["events"]}``."""
    params: dict[str, Any] = {}
    for item in items or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ParameterError(f"--param {item!r}: expected NAME=VALUE, e.g. num_players=3 or "
                                 f"extensions=[events]")
        params[key.strip()] = parse_value(raw.strip(), item)
    return params


def model_env(spec: str) -> tuple[str, dict[str, Any]] | None:
    """The env id and game parameters a model was trained with: the record saved inside
    the model file (or an RLlib checkpoint's run), else its training run's ``config.yaml``
    (the model's folder or a parent: ``runs/x/final_model.zip``, ``runs/x/checkpoints/...``);
    None if the model carries no such record."""
    from travel_envs.agents.model import read_model_metadata
    from travel_envs.agents.registry import is_model_spec, model_path

    if not is_model_spec(spec) or spec == "zoo":  # a bare zoo is the model of the env in play: no env of its own
        return None
    meta = read_model_metadata(model_path(spec)) if Path(model_path(spec)).exists() else None
    if meta and "env_id" in meta:
        return registered_env_id(meta["env_id"], f"model {model_path(spec)}"), dict(meta.get("env_params") or {})
    path = Path(model_path(spec)).resolve()
    for folder in list(path.parents)[:3]:
        cfg = folder / "config.yaml"
        if cfg.is_file():
            import yaml

            try:
                data = yaml.safe_load(cfg.read_text(encoding="utf-8")) or {}
                env = data.get("env") or {}
                env_id, env_params = env.get("id"), dict(env.get("params") or {})
            except (yaml.YAMLError, UnicodeDecodeError, AttributeError, TypeError, ValueError) as exc:
                raise ParameterError(f"{cfg} (the run config beside model {path.name}) is not a valid run config: "
                                     f"{exc}; pass --env and --param instead") from None
            if env_id is not None:
                return registered_env_id(env_id, str(cfg)), env_params
    return None


def resolve_env(env: str | None, specs: Sequence[str], params: dict[str, Any],
                flags: Mapping[str, str] | None = None) -> tuple[str, dict[str, Any]]:
    """The env id and parameters to play: ``--env``/``--param``, completed by any model's own
    record (a model plays the env it was trained on; a contradiction is an error). ``flags`` names the
    option that set a parameter where a tool has its own (``{"num_players": "--players"}``), so that the
    error names what the user typed: that option, ``--param``, or the model that set it first."""
    params, flags = dict(params), flags or {}
    source = {k: flags.get(k, "--param") for k in params}  # who set each parameter
    env_source = "--env" if env is not None else None
    for spec in specs:
        found = model_env(spec)
        if found is None:
            continue
        m_env, m_params = found
        if env is not None and env != m_env:
            if env_source == "--env":
                raise ParameterError(f"model {spec} was trained on {m_env}, not {env}: give --env {m_env}, or a "
                                     f"model trained on {env}")
            raise ParameterError(f"model {spec} was trained on {m_env}, {env_source} on {env}: models of two "
                                 "games cannot share a table")
        env, env_source = m_env, env_source or f"model {spec}"
        for k, v in m_params.items():
            if k in ADAPTER_PARAMS:
                continue  # reward mode, decision cap ...: training settings, not rules
            if k in params and params[k] != v:
                given = source[k]
                if given.startswith("model "):
                    raise ParameterError(f"model {spec} was trained with {k}={v!r}, {given} with {k}={params[k]!r}: "
                                         "they cannot share a table; give models trained alike")
                fix = f"{given} {v}" if k in flags else f"--param {k}={v}"
                raise ParameterError(f"model {spec} was trained with {k}={v!r}; {given} gives {params[k]!r}: pass "
                                     f"{fix}, or use a model trained with {k}={params[k]}")
            if k not in params:
                params[k], source[k] = v, f"model {spec}"
    if env is None:
        raise ParameterError("give --env ENV_ID (see travel_envs.list_envs()), or a model trained by "
                             "training.train (its run folder names the env)")
    return env, params


def build_game(env: str, params: dict[str, Any], num_players: int) -> Game:
    """The Game for ``env``; ``num_players`` (from the number of policies) fills in or must match."""
    from travel_envs.agents.games import resolve_game

    cls = resolve_game(env)[0]
    params = dict(params)
    given = params.setdefault("num_players", num_players)
    if not isinstance(given, int) or isinstance(given, bool):
        raise ParameterError(f"--param num_players={given!r} is not an integer; leave it out: the number of "
                             f"policies ({num_players}) sets it")
    if given != num_players:
        raise ParameterError(f"--param num_players={given} but {num_players} players are seated")
    bad = sorted(set(ADAPTER_PARAMS) & set(params))
    if bad:
        raise ParameterError(f"{bad} are environment settings, not game parameters; the tools play the rules only")
    return cls(**params)


def build_policies(env: str, specs: Sequence[str], game: Game, seed: int) -> list:
    """One Policy per spec (random, heuristic, expert, mcts:N, model paths), each seeded."""
    from travel_envs.agents.model import check_policy_fits
    from travel_envs.agents.registry import make_policy
    from travel_envs.replay import policy_seed

    policies = []
    for i, spec in enumerate(specs):
        policy = make_policy(spec, env, seed=policy_seed(seed, i))
        # a model trained on another variant is refused by its recorded parameters, not
        # only when the observation size happens to differ
        check_policy_fits(policy, game, _params_hint(getattr(policy, "meta", None)))
        policies.append(policy)
    return policies


def _params_hint(meta: dict | None) -> str:
    """What to pass for a model of another variant: its recorded parameters as flags (the number of
    policies sets the player count), or the generic form when it records none."""
    from travel_envs.agents.model import param_flags

    flags = param_flags(meta, skip=("num_players",)) if meta else ""
    if not flags:
        return "give the parameters it was trained with (--param NAME=VALUE)"
    return f"give the parameters it was trained with: {flags}"


def pick_seed(seed: int | None) -> int:
    return random.SystemRandom().randrange(2**31) if seed is None else seed


def check_seat(seat: int, game: Game) -> int:
    if not 0 <= seat < game.num_players:
        raise ParameterError(f"seat {seat} does not exist; seats are 0..{game.num_players - 1}")
    return seat


def seat_label(seat: int, policies: Sequence[str]) -> str:
    return f"P{seat} ({policies[seat]})"


def result_lines(scores: Sequence[float], winners: Sequence[int], policies: Sequence[str],
                 truncated: bool) -> list[str]:
    lines = ["Scores: " + ", ".join(f"{seat_label(s, policies)} {x:g}" for s, x in enumerate(scores))]
    if truncated:
        lines.append("The game was cut off (decision limit) before it ended.")
    elif not winners:
        lines.append("Nobody won.")
    else:
        lines.append("Winner" + ("s" if len(winners) > 1 else "") + ": "
                     + ", ".join(seat_label(w, policies) for w in winners))
    return lines
