"""Import rules that keep the layers apart, checked by reading the source (no imports run).

The bot: only the adapter modules directly in `bot/` and `bot/cogs/` may import discord; the game service
(`bot/tables/`), storage and the pictures never do, nor do the modules that decide what to show and say.
The bot's modules form no import cycle (imports under `if TYPE_CHECKING:` count: a cycle closed only for
the type checker is still a knot in the design).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Modules directly in bot/ that must stay free of discord: what to show and say, storage, configuration.
DISCORD_FREE_IN_BOT = {
    "bot.config", "bot.controls", "bot.custom_ids", "bot.messages", "bot.migrations", "bot.presenter",
    "bot.scenes", "bot.storage", "bot.wording",
}
INNER_PACKAGES = {"bot.tables", "bot.pictures", "bot.storage"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports, absolute, with relative imports resolved."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            found.add(stem)
            found.update(f"{stem}.{alias.name}" for alias in node.names)
    return found


def bot_modules() -> dict[str, set[str]]:
    return {module_name(path): imports_of(path) for path in sorted((ROOT / "bot").rglob("*.py"))}


def uses_discord(imported: set[str]) -> bool:
    return any(name == "discord" or name.startswith("discord.") for name in imported)


def is_adapter(module: str) -> bool:
    """Directly in bot/ or bot/cogs/, and not one of the modules kept free of discord."""
    parts = module.split(".")
    directly = (len(parts) == 2 and module not in INNER_PACKAGES) or (len(parts) == 3 and parts[1] == "cogs")
    return directly and module not in DISCORD_FREE_IN_BOT


def test_only_the_adapter_modules_import_discord():
    offenders = sorted(m for m, imported in bot_modules().items() if uses_discord(imported) and not is_adapter(m))
    assert offenders == []


def test_the_service_storage_and_pictures_never_reach_the_adapter():
    modules = bot_modules()
    adapters = {m for m in modules if is_adapter(m)}
    inner = [m for m in modules if m.startswith(("bot.tables", "bot.pictures")) or m in ("bot.storage", "bot.migrations")]
    offenders = sorted((m, sorted(modules[m] & adapters)) for m in inner if modules[m] & adapters)
    assert offenders == []


def test_the_bot_has_no_import_cycles():
    modules = bot_modules()
    graph = {m: {i for i in imported if i in modules and i != m} for m, imported in modules.items()}
    # A package's __init__ re-exporting its own modules is not a cycle of the design.
    graph = {m: {i for i in deps if not (m.startswith(i + ".") and i in modules)} for m, deps in graph.items()}
    cycles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycles.append(stack[stack.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert cycles == []
