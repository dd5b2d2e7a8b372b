"""Guard rails on the shape of the code, read from the source with ``ast`` (nothing is imported).

- The engine is pure: it imports no Discord, picture or database module, and nothing from ``bot``.
- The engine's modules form no import cycle, imports under ``if TYPE_CHECKING:`` counted: a cycle closed
  only for the type checker is still a knot in the design.
- No preset name is spelled as a string literal outside ``engine/variants/``: code asks the variant for
  what it needs instead of testing which variant it is. ``LITERAL_ALLOWED`` lists today's offenders
  exactly; a lane that removes one removes its entry too.
- The bot's layers (below): only its adapter modules import discord, and it has no import cycle.
"""

from __future__ import annotations

import ast
import functools
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_IN_ENGINE = ("discord", "PIL", "aiosqlite", "sqlite3", "asyncpg", "sqlalchemy", "bot")
PRESET_NAMES = {
    "standard",
    "tournament",
    "three-hand",
    "big-game",
    "eighty-eight",
    "moon",
    "seventy-two",
    "geezer",
    "eighty-four",
}

# file -> the preset names it still spells. Every entry waits for another lane (named beside it) to give
# it up in favour of the engine API that replaces it (docs/engine-api.md, "instead of a preset name").
# `/42 tournament` is a command's name that happens to be a preset's too.
LITERAL_ALLOWED: dict[str, set[str]] = {"bot/show/command_words.py": {"tournament"}}
# Import cycles inside the engine that are still to be broken, as sets of module names.
KNOWN_CYCLES: list[set[str]] = []


def _python_files(*folders: str) -> list[Path]:
    return sorted(p for folder in folders for p in (ROOT / folder).rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


@functools.cache
def _tree(path: Path) -> ast.Module:
    """`path` parsed, once per test process (many tests here read the same files; none changes a tree)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def _runtime_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that runs (at module level or inside a function), skipping TYPE_CHECKING."""
    found: list[ast.Import | ast.ImportFrom] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import | ast.ImportFrom):
                found.append(child)
            visit(child)

    visit(tree)
    return found


def _imported_modules(path: Path, known: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """The absolute names of the modules ``path`` imports when it runs. ``from . import x`` names the
    submodule ``x`` when it is one of ``known``, not the package (which is loaded already, as every
    package is before its modules)."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in _runtime_imports(_tree(path)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        submodules = {f"{base}.{alias.name}" for alias in node.names} & known
        out.update(submodules or {base})
    return out


def _engine_graph() -> dict[str, set[str]]:
    files = _python_files("engine")
    names = {_module_name(p) for p in files}
    return {
        _module_name(p): {m for m in _all_imports(p, names) if m in names and m != _module_name(p)}
        for p in files
    }


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def _preset_literals(path: Path) -> set[str]:
    """Preset names written as string constants in ``path`` (docstrings do not count)."""
    tree = _tree(path)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in PRESET_NAMES
        and id(node) not in docstrings
    }


def test_the_engine_imports_no_discord_pictures_database_or_bot():
    offenders = []
    for path in _python_files("engine"):
        for name in _imported_modules(path):
            if name.split(".")[0] in FORBIDDEN_IN_ENGINE:
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_the_engine_has_no_import_cycle_but_the_known_ones():
    cycles = _cycles(_engine_graph())
    assert sorted(map(sorted, cycles)) == sorted(map(sorted, KNOWN_CYCLES)), (
        "an import cycle appeared in the engine, or a known one was broken: update KNOWN_CYCLES"
    )


def test_the_cycle_finder_finds_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [{"a", "b", "c"}]


def test_no_preset_name_is_spelled_outside_the_variants():
    found = {}
    for path in _python_files("engine", "bot"):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("engine/variants/"):
            continue
        names = _preset_literals(path)
        if names:
            found[rel] = names
    assert found == LITERAL_ALLOWED, (
        "preset names outside engine/variants/ changed: ask the variant instead of naming it, and keep "
        "LITERAL_ALLOWED exact (remove an entry once its file no longer needs it)"
    )


# ---------------------------------------------------------------------- the bot's layers
#
# The bot's layers are folders, and imports run one way (a package may import the packages on a lower
# floor, never one on its own floor or above):
#
#     discord  >  show  >  tables, tournaments, daily, learn  >  computers, storage  >  pictures  >  engine
#
# Only `bot/discord/` imports discord (ruff's banned-api rule TID251 says so as you type; the test below says
# so on main). `bot/`'s top level is packages plus `__init__`, `__main__` and `config`. No module of
# `engine/` or `bot/` is over 450 lines, and the longest chain of imports between `bot/` modules is at most
# 10 modules long.

FLOORS: dict[str, int] = {
    "bot.__main__": 7,
    "bot.discord": 6,
    "bot.show": 5,
    "bot.config": 4,
    "bot.tables": 3,
    "bot.tournaments": 3,
    "bot.daily": 3,
    "bot.learn": 3,
    "bot.computers": 2,
    "bot.storage": 2,
    "bot.pictures": 1,
}
TOP_LEVEL_FILES = {"__init__.py", "__main__.py", "config.py"}
MAX_LINES = 450
MAX_CHAIN = 10
# Modules still over MAX_LINES, and imports that still run against the floors, each waiting for the part of
# the renovation that splits it (remove the entry with the split; the tests fail on a stale entry too).
STILL_LONG: set[str] = set()
STILL_AGAINST_THE_FLOORS: set[tuple[str, str]] = set()


def _all_imports(path: Path, known: set[str] | frozenset[str] = frozenset()) -> set[str]:
    """Every module `path` imports, TYPE_CHECKING imports included."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            submodules = {f"{base}.{alias.name}" for alias in node.names} & known
            out.update(submodules or {base})
    return out


def _bot_imports() -> dict[str, set[str]]:
    files = _python_files("bot")
    names = {_module_name(p) for p in files}
    return {_module_name(p): _all_imports(p, names) for p in files}


def _bot_graph() -> dict[str, set[str]]:
    imports = _bot_imports()
    return {
        module: {m for m in imported if m in imports and m != module} for module, imported in imports.items()
    }


def _floor(module: str) -> tuple[str, int] | None:
    """The layer a bot module belongs to, and its floor (None for `bot` itself)."""
    for layer, floor in FLOORS.items():
        if module == layer or module.startswith(layer + "."):
            return layer, floor
    return None


def _longest_chain(graph: dict[str, set[str]]) -> list[str]:
    """The longest path of imports in an acyclic graph, as the modules it passes."""
    memo: dict[str, list[str]] = {}

    def longest_from(v: str) -> list[str]:
        if v not in memo:
            memo[v] = [v, *max((longest_from(w) for w in sorted(graph[v])), key=len, default=[])]
        return memo[v]

    return max((longest_from(v) for v in sorted(graph)), key=len, default=[])


def test_only_bot_discord_imports_discord():
    offenders = sorted(
        module
        for module, imported in _bot_imports().items()
        if any(name.split(".")[0] == "discord" for name in imported) and not module.startswith("bot.discord")
    )
    assert offenders == []


def test_ruff_bans_discord_outside_the_adapter():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lint = config["tool"]["ruff"]["lint"]
    assert "discord" in lint["flake8-tidy-imports"]["banned-api"]
    assert "TID251" in lint["select"] or "TID" in lint["select"]
    allowed = {pattern for pattern, codes in lint["per-file-ignores"].items() if "TID251" in codes}
    assert "bot/discord/**" in allowed and not any(
        pattern.startswith(("bot/*", "bot/**", "engine")) for pattern in allowed
    )


def test_the_bot_top_level_is_packages_plus_init_main_and_config():
    top = ROOT / "bot"
    loose = sorted(p.name for p in top.iterdir() if p.suffix == ".py" and p.name not in TOP_LEVEL_FILES)
    assert loose == []
    packages = [p for p in top.iterdir() if p.is_dir() and p.name != "__pycache__"]
    assert all((p / "__init__.py").exists() for p in packages)


def test_every_bot_module_belongs_to_a_layer():
    assert sorted(m for m in _bot_imports() if m != "bot" and _floor(m) is None) == []


def test_imports_between_the_bot_layers_run_one_way():
    against = set()
    for module, imported in _bot_graph().items():
        here = _floor(module)
        for other in imported:
            there = _floor(other)
            if here and there and here[0] != there[0] and there[1] >= here[1]:
                against.add((module, other))
    assert sorted(against - STILL_AGAINST_THE_FLOORS) == [], "an import runs up (or across) the layers"
    assert sorted(STILL_AGAINST_THE_FLOORS - against) == [], "fixed: remove it from STILL_AGAINST_THE_FLOORS"


def test_no_module_of_the_engine_or_the_bot_is_over_450_lines():
    long = {
        p.relative_to(ROOT).as_posix()
        for p in _python_files("engine", "bot")
        if len(p.read_text(encoding="utf-8").splitlines()) > MAX_LINES
    }
    assert sorted(long - STILL_LONG) == [], f"split these below {MAX_LINES} lines"
    assert sorted(STILL_LONG - long) == [], "short now: remove it from STILL_LONG"


def test_the_bot_has_no_import_cycle():
    assert _cycles(_bot_graph()) == []


def test_the_longest_import_chain_in_the_bot_is_at_most_10():
    chain = _longest_chain(_bot_graph())
    assert len(chain) <= MAX_CHAIN, " > ".join(chain)


# Modules of one layer along any chain, at most (the rest of the layers still to be held to theirs).
LAYER_BUDGETS = {"bot.storage": 2, "bot.learn": 2}


def _most_of_a_layer_along_a_chain(graph: dict[str, set[str]], layer: str) -> list[str]:
    """The chain passing the most modules of `layer`, as those modules. A package's `__init__` that no bot
    module imports (its re-exports serve the tests) starts no chain."""
    imported = {m for targets in graph.values() for m in targets}
    starts = [v for v in graph if v != layer or v in imported]
    memo: dict[str, list[str]] = {}

    def most_from(v: str) -> list[str]:
        if v not in memo:
            here = [v] if v == layer or v.startswith(layer + ".") else []
            memo[v] = here + max((most_from(w) for w in sorted(graph[v])), key=len, default=[])
        return memo[v]

    return max((most_from(v) for v in sorted(starts)), key=len, default=[])


@pytest.mark.parametrize("layer", sorted(LAYER_BUDGETS))
def test_no_chain_passes_more_modules_of_a_layer_than_its_budget(layer):
    chain = _most_of_a_layer_along_a_chain(_bot_graph(), layer)
    assert len(chain) <= LAYER_BUDGETS[layer], " > ".join(chain)


def test_the_layer_counter_counts_a_layer_along_the_worst_chain():
    graph = {"a": {"x.p", "b"}, "b": {"x.q"}, "x": {"x.q"}, "x.p": set(), "x.q": {"x.r"}, "x.r": set()}
    assert _most_of_a_layer_along_a_chain(graph, "x") == ["x.q", "x.r"]  # the unimported `x` starts none
    graph["a"].add("x")
    assert _most_of_a_layer_along_a_chain(graph, "x") == ["x", "x.q", "x.r"]


def test_the_chain_finder_finds_the_longest_chain():
    graph = {"a": {"b", "c"}, "b": {"d"}, "c": set(), "d": {"e"}, "e": set()}
    assert _longest_chain(graph) == ["a", "b", "d", "e"]


def test_the_type_checker_reads_the_tests_too():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert {"engine", "bot", "tests"} <= set(config["tool"]["mypy"]["files"])


def test_the_test_folders_mirror_the_code():
    """`tests/bot/<layer>/` tests `bot/<layer>/`, `tests/engine/<package>/` tests `engine/<package>/`; the
    whole-bot tests have folders of their own (`e2e`, `processes`) and so does the stand-in for Discord."""
    own = {"e2e", "processes", "standin"}
    for tests_folder, code in (("tests", None), ("tests/bot", "bot"), ("tests/engine", "engine")):
        for folder in (ROOT / tests_folder).iterdir():
            if not folder.is_dir() or folder.name == "__pycache__" or (code is None and folder.name in own):
                continue
            mirrored = ROOT / (code or "") / folder.name if code else ROOT / folder.name
            assert (mirrored / "__init__.py").exists(), (
                f"{folder.relative_to(ROOT)} mirrors no package of the code"
            )
