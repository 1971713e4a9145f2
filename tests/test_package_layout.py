"""Every game package has the same shape, and no module of a game imports its way back in a circle.

A newcomer who knows one game knows where everything is in the next (docs/architecture.md).
The engine may import the encoder, the renderer and the data modules (its contract methods
delegate to them); nothing it imports may import the engine back.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import travel_envs
from travel_envs.core.registry import GAME_PACKAGES

LAYOUT = ("__init__.py", "params.py", "components.py", "engine.py", "actions.py", "encoder.py",
          "heuristic.py", "render.py", "scenario.py")
GAMES = sorted(GAME_PACKAGES)


def _package_dir(name: str) -> Path:
    return Path(travel_envs.__file__).parent / "games" / name


def _local_imports(path: Path, package: str) -> set[str]:
    """Sibling modules of ``package`` that ``path`` imports (anywhere in the file)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:
                if node.module:
                    found.add(node.module.split(".")[0])
                else:
                    found.update(alias.name for alias in node.names)
            elif node.level == 0 and node.module and node.module.startswith(package + "."):
                found.add(node.module[len(package) + 1:].split(".")[0])
            elif node.level == 0 and node.module == package:
                found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name[len(package) + 1:].split(".")[0])
    return found


def _graph(name: str) -> dict[str, set[str]]:
    folder = _package_dir(name)
    modules = {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}
    package = f"travel_envs.games.{name}"
    return {m: _local_imports(folder / f"{m}.py", package) & modules for m in modules}


@pytest.mark.parametrize("name", GAMES)
def test_every_game_package_has_the_same_files(name):
    present = {p.name for p in _package_dir(name).glob("*.py")}
    missing = [f for f in LAYOUT if f not in present]
    assert not missing, f"games/{name} lacks {missing} (see docs/architecture.md, 'Game packages')"


@pytest.mark.parametrize("name", GAMES)
def test_no_import_circle_inside_a_game_package(name):
    graph = _graph(name)

    def reaches(start: str, target: str, seen: set[str]) -> bool:
        for nxt in graph.get(start, ()):
            if nxt == target:
                return True
            if nxt not in seen:
                seen.add(nxt)
                if reaches(nxt, target, seen):
                    return True
        return False

    circles = sorted(m for m in graph if reaches(m, m, set()))
    imports = {m: sorted(graph[m]) for m in circles}
    assert not circles, f"games/{name}: modules in an import circle: {circles} ({imports})"


@pytest.mark.parametrize("name", GAMES)
def test_the_engines_helpers_do_not_import_the_engine(name):
    graph = _graph(name)
    for helper in ("params", "components", "actions", "encoder", "render"):
        assert "engine" not in graph.get(helper, set()), f"games/{name}/{helper}.py imports the engine"


@pytest.mark.parametrize("name", GAMES)
def test_data_params_and_actions_sit_at_the_bottom(name):
    graph = _graph(name)
    assert graph.get("components", set()) == set(), f"games/{name}/components.py imports {graph['components']}"
    for module in ("params", "actions"):
        assert graph.get(module, set()) <= {"components"}, f"games/{name}/{module}.py imports {graph[module]}"


@pytest.mark.parametrize("name", GAMES)
def test_a_game_imports_nothing_above_it(name):
    """Engines stay free of RL plumbing: no gymnasium, PettingZoo, agents, wrappers or training."""
    above = ("gymnasium", "pettingzoo", "travel_envs.agents", "travel_envs.wrappers", "travel_envs.evaluation",
             "travel_envs.tools", "travel_envs.rllib", "training", "stable_baselines3", "sb3_contrib", "torch")
    for path in _package_dir(name).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else [])
            bad = [n for n in names if n.split(".")[0] in above or n.startswith(above)]
            assert not bad, f"games/{name}/{path.name} imports {bad}"


def test_the_circle_check_finds_a_circle(tmp_path, monkeypatch):
    """The check above can fail: two modules importing each other are reported."""
    folder = tmp_path / "games" / "toy"
    folder.mkdir(parents=True)
    (folder / "engine.py").write_text("from .encoder import SIZE\n")
    (folder / "encoder.py").write_text("from .engine import PHASES\nSIZE = 1\n")
    monkeypatch.setattr(travel_envs, "__file__", str(tmp_path / "__init__.py"))
    assert _graph("toy") == {"engine": {"encoder"}, "encoder": {"engine"}}


@pytest.mark.parametrize("name", GAMES)
def test_every_action_table_names_its_ids_and_reads_the_names_back(name):
    """``actions.action_name(id)`` and ``actions.action_from_name(name)``: the same two functions in
    every game, inverse of each other over the whole table."""
    import importlib

    actions = importlib.import_module(f"travel_envs.games.{name}.actions")
    names = [actions.action_name(a) for a in range(actions.NUM_ACTIONS)]
    assert len(set(names)) == len(names), "two ids share a name"
    assert [actions.action_from_name(n) for n in names] == list(range(actions.NUM_ACTIONS))
    with pytest.raises(ValueError, match="(?i)name"):
        actions.action_from_name("fly to the moon")
