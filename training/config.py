"""The training configuration: a YAML file validated by pydantic, plus ``--set`` overrides.

Every section forbids unknown keys. :func:`load_config` turns every problem
(malformed YAML, unknown key, bad value, unknown env parameter, missing model
file) into a :class:`ConfigError` whose message names the file, the key and
what is allowed, before anything is trained.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any, Literal, Optional, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from travel_envs.agents.registry import check_policy_spec, is_model_spec, model_path
from travel_envs.core.game import ParameterError

Config = TypeVar("Config", bound=BaseModel)


class ConfigError(ParameterError):
    """A configuration problem, reported before training starts (a ParameterError, so every
    command-line tool reports it the same way: a message and exit code 2)."""


class ConfigSection(BaseModel):
    """A section of a config file: unknown keys are errors, and so are bad values set later."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True)


class GameSection(ConfigSection):
    """Which game, with which parameters: the ``env`` section every trainer's config shares."""

    id: str = Field("globetrotter_v0", description="env id (travel_envs.list_envs()); 'module:GameClass' "
                    "only with allow_import: true")
    allow_import: bool = Field(False, description="allow an env.id of the form 'module:GameClass': that module "
                               "is imported, i.e. its code runs (only for code you trust)")
    params: dict[str, Any] = Field(default_factory=lambda: {"num_players": 2},
                                   description="game parameters + adapter parameters (reward_mode, max_decisions)")


class EnvSection(GameSection):
    """Which game, with which parameters, and where the learner sits."""

    learner_seat: Optional[int] = Field(None, ge=0, description="null: a random seat every episode")
    reward: Literal["adapter", "margin"] = Field(
        "adapter", description="adapter: the env's terminal reward_mode; margin: dense unclipped score margin")


class SnapshotSection(ConfigSection):
    every_steps: int = Field(50_000, gt=0, description="add a frozen copy of the learner every K env steps")
    pool_size: int = Field(10, gt=0, description="keep the newest N snapshots")
    latest_prob: float = Field(0.5, ge=0.0, le=1.0, description="share of snapshot draws that take the newest")
    deterministic: bool = Field(False, description="snapshots play greedily (true) or sample (false)")


class OpponentsSection(ConfigSection):
    mix: dict[str, float] = Field(default_factory=lambda: {"random": 1.0},
                                  description="opponent kind -> weight (random, heuristic, expert, snapshot, model:PATH)")
    snapshot: SnapshotSection = Field(default_factory=SnapshotSection)

    @field_validator("mix")
    @classmethod
    def _check_mix(cls, mix: dict[str, float]) -> dict[str, float]:
        if not mix:
            raise ValueError("give at least one opponent kind: random, heuristic, expert, snapshot, model:PATH.zip")
        for spec, w in mix.items():
            try:
                check_policy_spec(spec, allow_snapshot=True)
            except (ParameterError, FileNotFoundError) as exc:
                raise ValueError(str(exc)) from None
            if w < 0:
                raise ValueError(f"weight of {spec!r} is {w}; weights must be >= 0")
        if sum(mix.values()) <= 0:
            raise ValueError("all opponent weights are zero")
        return mix


class PPOSection(ConfigSection):
    """MaskablePPO hyper-parameters (same meaning as in stable-baselines3 PPO)."""

    learning_rate: float = Field(3e-4, gt=0)
    lr_schedule: Literal["constant", "linear"] = "constant"
    n_steps: int = Field(1024, ge=8, description="rollout length per env")
    batch_size: int = Field(256, ge=2)
    n_epochs: int = Field(5, ge=1)
    gamma: float = Field(0.99, gt=0, le=1)
    gae_lambda: float = Field(0.95, ge=0, le=1)
    clip_range: float = Field(0.2, gt=0)
    ent_coef: float = Field(0.01, ge=0)
    vf_coef: float = Field(0.5, ge=0)
    max_grad_norm: float = Field(0.5, gt=0)
    target_kl: Optional[float] = Field(None, gt=0)
    normalize_advantage: bool = True


class NetSection(ConfigSection):
    kind: Literal["mlp", "end_scoring"] = Field(
        "mlp", description="mlp: SB3's MlpPolicy; end_scoring: an MLP trunk plus a head that scores every move "
                           "by its ends (Trekking the World with move_by_end, location_features, plan_features)")
    pi: list[int] = Field(default_factory=lambda: [128, 128], description="policy hidden layer sizes")
    vf: list[int] = Field(default_factory=lambda: [128, 128], description="value hidden layer sizes")
    activation: Literal["tanh", "relu"] = "tanh"
    ortho_init: bool = True

    @field_validator("pi", "vf")
    @classmethod
    def _positive(cls, sizes: list[int]) -> list[int]:
        if any(s < 1 for s in sizes):
            raise ValueError(f"layer sizes must be >= 1, got {sizes}")
        return sizes


class TrainSection(ConfigSection):
    total_timesteps: int = Field(200_000, gt=0, description="learner env steps in total (over all envs)")
    n_envs: int = Field(2, ge=1, le=64)
    vec_env: Literal["subproc", "dummy"] = "subproc"
    seed: int = Field(0, ge=0)
    torch_threads: int = Field(1, ge=1)
    device: Literal["cpu", "auto", "cuda"] = "cpu"
    time_limit_minutes: Optional[float] = Field(None, gt=0, description="stop training (then evaluate) after "
                                                "this much wall time, pretraining included; null: no limit")
    init_from: Optional[str] = Field(None, description="start from this model's weights instead of from "
                                     "scratch (zoo, a run's final_model.zip, a .npz): the next round of "
                                     "expert iteration; same env, net.pi and net.activation; null: fresh")
    checkpoint_every: int = Field(50_000, gt=0, description="env steps between checkpoints")
    keep_checkpoints: int = Field(3, ge=1)
    progress_bar: bool = True
    tensorboard: bool = True
    verbose: int = Field(0, ge=0, le=2)


class EvalSection(ConfigSection):
    every_steps: int = Field(50_000, ge=0, description="env steps between evaluations (0: only at the end)")
    games: int = Field(100, ge=1, description="games per opponent at each periodic evaluation")
    opponents: list[str] = Field(default_factory=lambda: ["random", "heuristic"])
    final_games: int = Field(1000, ge=0, description="games per opponent after training (0: skip)")
    final_opponents: Optional[list[str]] = Field(None, description="default: the same as opponents")
    processes: int = Field(1, ge=1, description="worker processes for the evaluation games")
    seed: int = Field(12345, ge=0)
    select_best: Optional[str] = Field(None, description="an opponent of eval.opponents: final_model.zip is "
                                       "the periodically evaluated model with the best win rate against it "
                                       "(last_model.zip keeps the last weights); null: the last weights")

    @model_validator(mode="after")
    def _check_select_best(self):
        if self.select_best is not None and self.select_best not in self.opponents:
            raise ValueError(f"select_best={self.select_best!r} must be one of eval.opponents {self.opponents}")
        return self

    @field_validator("opponents", "final_opponents")
    @classmethod
    def _check_specs(cls, specs):
        for spec in specs or []:
            try:
                check_policy_spec(spec)
            except (ParameterError, FileNotFoundError) as exc:
                raise ValueError(str(exc)) from None
        return specs


class PretrainSection(ConfigSection):
    """Behaviour cloning of a teacher before PPO (see training/pretrain.py)."""

    games: int = Field(0, ge=0, description="teacher games to imitate before PPO (0: no behaviour cloning)")
    teacher: str = Field("heuristic", description="the policy to imitate")
    opponents: list[str] = Field(default_factory=lambda: ["heuristic"], description="the teacher's opponents")
    epochs: int = Field(5, ge=1)
    batch_size: int = Field(256, ge=8)
    learning_rate: float = Field(1e-3, gt=0)
    processes: int = Field(1, ge=1, description="worker processes collecting the games; the fitting "
                           "between them uses as many torch threads")
    dagger_rounds: int = Field(0, ge=0, description="DAgger rounds after cloning: the learner plays, the "
                               "teacher labels, the policy is fitted again on all the data")
    dagger_games: int = Field(200, ge=1, description="games per DAgger round")
    dagger_epochs: int = Field(2, ge=1, description="epochs over all the data after each DAgger round")
    policy_target: Literal["visits", "move"] = Field(
        "visits", description="what the policy imitates: 'visits', a search teacher's root visit shares "
        "(distillation; any other teacher's move), or 'move', the teacher's move alone")

    @field_validator("teacher")
    @classmethod
    def _check_teacher(cls, spec):
        try:
            check_policy_spec(spec)
        except (ParameterError, FileNotFoundError) as exc:
            raise ValueError(str(exc)) from None
        return spec

    @field_validator("opponents")
    @classmethod
    def _check_opps(cls, specs):
        if not specs:
            raise ValueError("give at least one opponent for the teacher")
        for spec in specs:
            try:
                check_policy_spec(spec)
            except (ParameterError, FileNotFoundError) as exc:
                raise ValueError(str(exc)) from None
        return specs


class ScaleSection(ConfigSection):
    """Where the teacher's games are played: local worker processes (``pretrain.processes``), or the
    tasks of a Ray cluster."""

    address: Optional[str] = Field(None, description="Ray cluster for the teacher's games: null (local "
                                   "processes), 'auto' (the cluster 'ray start' runs here) or host:port")


class TrainingConfig(ConfigSection):
    """The whole file."""

    name: str = Field("run", pattern=r"^[A-Za-z0-9_.-]+$", description="run folder prefix")
    runs_dir: str = Field("runs", description="parent folder of run folders")
    env: EnvSection = Field(default_factory=EnvSection)
    opponents: OpponentsSection = Field(default_factory=OpponentsSection)
    ppo: PPOSection = Field(default_factory=PPOSection)
    net: NetSection = Field(default_factory=NetSection)
    pretrain: PretrainSection = Field(default_factory=PretrainSection)
    train: TrainSection = Field(default_factory=TrainSection)
    eval: EvalSection = Field(default_factory=EvalSection)
    scale: ScaleSection = Field(default_factory=ScaleSection)

    @model_validator(mode="after")
    def _cross_checks(self):
        if self.train.init_from is not None:
            try:
                check_policy_spec(self.train.init_from)
            except (ParameterError, FileNotFoundError) as exc:
                raise ValueError(f"train.init_from: {exc}") from None
            if not is_model_spec(self.train.init_from):
                raise ValueError(f"train.init_from={self.train.init_from!r} is not a model; give zoo, a "
                                 "final_model.zip or a .npz snapshot")
        rollout = self.ppo.n_steps * self.train.n_envs
        if self.ppo.batch_size > rollout:
            raise ValueError(
                f"ppo.batch_size={self.ppo.batch_size} is larger than one rollout "
                f"(ppo.n_steps * train.n_envs = {rollout}); allowed: batch_size <= {rollout}"
            )
        return self


def _model_at(root: Any, loc: tuple) -> Any:
    """The pydantic model at ``loc`` below ``root`` (fields matched by name or alias)."""
    model = root
    for part in loc:
        fields = getattr(model, "model_fields", {})
        field = fields.get(part) or next((f for f in fields.values() if f.alias == part), None)
        if field is None:
            return None
        model = field.annotation
    return model


def format_validation_error(exc: ValidationError, source: str, root: Any) -> str:
    """One line per problem, naming the key and, for an unknown key, the keys allowed there."""
    lines = [f"{source}: invalid configuration:"]
    for err in exc.errors():
        loc = tuple(err["loc"])
        key = ".".join(str(p) for p in loc) or "(top level)"
        if err["type"] == "extra_forbidden":
            fields = getattr(_model_at(root, loc[:-1]), "model_fields", None)
            allowed = sorted(f.alias or k for k, f in fields.items()) if fields else None
            lines.append(f"  - unknown key '{key}'; allowed keys here: {allowed}")
        else:
            msg = err["msg"].removeprefix("Value error, ")
            got = err.get("input")
            got_txt = "" if isinstance(got, dict) else f" (got {got!r})"
            lines.append(f"  - {key}: {msg}{got_txt}")
    return "\n".join(lines)


def read_yaml(path: str | Path) -> dict[str, Any]:
    """Parse a YAML file; syntax errors name the file and line."""
    path = Path(path)
    if path.is_dir():
        raise ConfigError(f"{path} is a folder; give a YAML config file, e.g. configs/quickstart.yaml")
    if not path.is_file():
        raise ConfigError(f"config file not found: {path}; give a YAML config, e.g. configs/quickstart.yaml")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not a text file (a YAML config is UTF-8 text); give a config such as "
                          "configs/quickstart.yaml") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the config: {exc.strerror or exc}") from None
    if "\x00" in text:
        raise ConfigError(f"{path}: not a text file (it holds NUL bytes); give a YAML config such as "
                          "configs/quickstart.yaml")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        problem = getattr(exc, "problem", None) or str(exc)
        context = getattr(exc, "context", None)
        raise ConfigError(f"{where}: malformed YAML: {problem}" + (f" ({context})" if context else "")) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: the top level must be a mapping of sections, got {type(data).__name__}")
    return data


def apply_overrides(data: dict[str, Any], overrides: list[str]) -> dict[str, Any]:
    """Apply ``a.b.c=value`` overrides (value parsed as YAML: numbers, lists, true/false, null)."""
    data = copy.deepcopy(data)
    for item in overrides or []:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--set {item!r}: expected KEY.PATH=VALUE, e.g. train.total_timesteps=50000")
        try:
            value = yaml.safe_load(raw) if raw.strip() else ""
        except yaml.YAMLError as exc:
            raise ConfigError(f"--set {item!r}: cannot parse the value: {exc}") from None
        parts = key.strip().split(".")
        node = data
        for i, part in enumerate(parts[:-1]):
            nxt = node.get(part)
            if nxt is None:
                nxt = node[part] = {}
            if not isinstance(nxt, dict):
                raise ConfigError(f"--set {item!r}: '{'.'.join(parts[:i + 1])}' is not a section")
            node = nxt
        node[parts[-1]] = value
    return data


def validate(data: dict[str, Any], source: str = "config", check_env: bool = True) -> TrainingConfig:
    """Validate a config dict; with ``check_env`` also build the env once to check its parameters."""
    cfg = parse_config(TrainingConfig, data, source)
    if check_env:
        raw = make_checked_env(cfg.env, source)
        n = raw.game.num_players
        if cfg.env.learner_seat is not None and cfg.env.learner_seat >= n:
            raise ConfigError(f"{source}: env.learner_seat={cfg.env.learner_seat}; allowed: null or 0..{n - 1}")
        used = set(cfg.opponents.mix) | set(cfg.eval.opponents) | set(cfg.eval.final_opponents or [])
        if cfg.pretrain.games:
            used |= {cfg.pretrain.teacher, *cfg.pretrain.opponents}
        from travel_envs.agents.games import GAME_POLICIES, game_policy_class

        for name in sorted(set(GAME_POLICIES) & used):
            try:
                game_policy_class(cfg.env.id, name)
            except ParameterError as exc:
                raise ConfigError(f"{source}: opponents / eval / pretrain use {name!r} but {exc}") from None
        if cfg.train.init_from:
            used.add(cfg.train.init_from)
        check_models_fit(sorted(s for s in used if is_model_spec(s)), raw, source, cfg.env.id)
    return cfg


def parse_config(model: type[Config], data: dict[str, Any], source: str) -> Config:
    """``data`` read as ``model`` (a trainer's whole config, with an ``env`` section): every problem a
    ConfigError naming the key and what is allowed, and an env id naming a module refused unless allowed."""
    try:
        cfg = model.model_validate(data)
    except ValidationError as exc:
        raise ConfigError(format_validation_error(exc, source, model)) from None
    check_env_id(cfg.env.id, cfg.env.allow_import, source)
    return cfg


def make_checked_env(env: GameSection, source: str):
    """The config's env built once, so that a bad parameter is reported before anything starts."""
    from travel_envs.core.registry import make_raw_env

    try:
        return make_raw_env(env.id, **env.params)
    except (ParameterError, TypeError) as exc:
        raise ConfigError(f"{source}: env.id / env.params: {exc}") from None


def check_env_id(env_id: str, allow_import: bool, source: str) -> None:
    """A 'module:GameClass' env id imports (runs) that module: only with ``env.allow_import: true``."""
    if ":" in str(env_id) and not allow_import:
        from travel_envs.core.registry import list_envs

        raise ConfigError(
            f"{source}: env.id={env_id!r} names a Python module, and using it would import (run) that "
            f"module's code; use a registered env id {list_envs()}, or set env.allow_import: true if you "
            "trust that code")


def check_models_fit(specs: list[str], raw, source: str, env_id: str | None = None) -> None:
    """Every model policy of the config (``model:``, a path, ``zoo``) must have been trained for this env
    (game, parameters, sizes)."""
    from travel_envs.agents.model import ModelFileError, check_policy_fits, load_model_policy

    for spec in specs:
        try:
            check_policy_fits(load_model_policy(model_path(spec, env_id), name=spec), raw,
                              "set env.params to the model's values or use another model")
        except (ModelFileError, FileNotFoundError, ParameterError) as exc:
            raise ConfigError(f"{source}: {exc}") from None


def load_config(path: str | Path, overrides: list[str] | None = None, check_env: bool = True) -> TrainingConfig:
    return validate(apply_overrides(read_yaml(path), overrides or []), str(path), check_env)


def dump_config(cfg: BaseModel) -> str:
    """The resolved config as YAML (keys by their names in files), as saved in a run folder."""
    return yaml.safe_dump(cfg.model_dump(mode="json", by_alias=True), sort_keys=False)


def describe_keys(model: type[BaseModel] = TrainingConfig) -> str:
    """Every key of ``model`` with its default (for ``--help``, ``--keys`` and the docs)."""
    lines = []
    for sec_name, field in model.model_fields.items():
        ann = field.annotation
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            lines.append(f"{sec_name}:")
            for key, f in ann.model_fields.items():
                default = f.default_factory() if f.default_factory else f.default
                if isinstance(default, BaseModel):
                    default = default.model_dump()
                lines.append(f"  {f.alias or key} = {default!r}" + (f"  # {f.description}" if f.description else ""))
        else:
            lines.append(f"{sec_name} = {field.default!r}" + (f"  # {field.description}" if field.description else ""))
    return "\n".join(lines)
