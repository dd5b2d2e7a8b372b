"""Guard rails on the shape of the code, read from the source with ``ast`` (nothing is imported).

- The engine is pure: it imports no Discord, picture or database module, and nothing from ``bot``.
- The engine's modules form no import cycle (imports under ``if TYPE_CHECKING:`` are for the type checker
  only and do not count).
- No preset name is spelled as a string literal outside ``engine/variants/``: code asks the variant for
  what it needs instead of testing which variant it is. ``LITERAL_ALLOWED`` lists today's offenders
  exactly; a lane that removes one removes its entry too.
- The bot's layers (below): only its adapter modules import discord, and it has no import cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

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
LITERAL_ALLOWED: dict[str, set[str]] = {}
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
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
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
        _module_name(p): {m for m in _imported_modules(p, names) if m in names and m != _module_name(p)}
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
    tree = ast.parse(path.read_text(encoding="utf-8"))
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
# Only the adapter modules directly in bot/ and bot/cogs/ may import discord. The game service
# (bot/tables/), storage and the pictures never do, nor do the modules directly in bot/ that decide what to
# show and say (DISCORD_FREE_IN_BOT); none of those reaches an adapter module either. The bot's modules form
# no import cycle, counting imports under TYPE_CHECKING: a cycle closed only for the type checker is still
# a knot in the design (modules should be handed their peers, not reach them through the bot).

INNER_BOT_PACKAGES = ("bot.tables", "bot.pictures", "bot.storage", "bot.learn")
DISCORD_FREE_IN_BOT = {
    "bot.config",
    "bot.controls",
    "bot.custom_ids",
    "bot.messages",
    "bot.migrations",
    "bot.presenter",
    "bot.storage",
    "bot.wording",
}


def _all_imports(path: Path, known: set[str]) -> set[str]:
    """Every module `path` imports, TYPE_CHECKING imports included."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
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


def _is_bot_adapter(module: str) -> bool:
    """A module directly in bot/ or bot/cogs/ that is not kept free of discord."""
    if module.startswith(INNER_BOT_PACKAGES) or module in DISCORD_FREE_IN_BOT:
        return False
    parts = module.split(".")
    return len(parts) == 2 or (len(parts) == 3 and parts[1] == "cogs")


def test_only_the_bot_adapter_modules_import_discord():
    offenders = sorted(
        module
        for module, imported in _bot_imports().items()
        if any(name.split(".")[0] == "discord" for name in imported) and not _is_bot_adapter(module)
    )
    assert offenders == []


def test_the_service_storage_and_pictures_never_reach_the_adapter():
    imports = _bot_imports()
    adapters = {module for module in imports if _is_bot_adapter(module)}
    offenders = sorted(
        (module, sorted(imported & adapters))
        for module, imported in imports.items()
        if not _is_bot_adapter(module) and imported & adapters
    )
    assert offenders == []


def test_the_bot_has_no_import_cycle():
    imports = _bot_imports()
    graph = {
        module: {m for m in imported if m in imports and m != module} for module, imported in imports.items()
    }
    assert _cycles(graph) == []
