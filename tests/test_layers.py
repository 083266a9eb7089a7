"""The layers of the package (docs/architecture.md), written as import-linter contracts in
pyproject.toml: run here so that CI checks them as `make lint` does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_import_contract_is_kept() -> None:
    linter = Path(sys.executable).with_name("lint-imports")
    done = subprocess.run(
        [str(linter), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


# Import circles between the modules of one package (imports under `if TYPE_CHECKING:` counted,
# as in the contracts), each named by its package and modules: none is left, and a new one
# fails here.
KNOWN_CIRCLES: set[tuple[str, tuple[str, ...]]] = set()


def circles() -> set[tuple[str, tuple[str, ...]]]:
    """Every set of sibling modules (or subpackages) that import one another in a circle."""
    import grimp

    graph = grimp.build_graph("colosseum", cache_dir=None, exclude_type_checking_imports=False)
    found: set[tuple[str, tuple[str, ...]]] = set()
    for package in sorted({m.rpartition(".")[0] for m in graph.modules if "." in m}):
        children = [m for m in graph.modules if m.rpartition(".")[0] == package]
        owner = {
            module: child
            for child in children
            for module in graph.modules
            if module == child or module.startswith(child + ".")
        }
        edges: dict[str, set[str]] = {child: set() for child in children}
        for module, child in owner.items():
            for imported in graph.find_modules_directly_imported_by(module):
                target = owner.get(imported)
                if target is not None and target != child:
                    edges[child].add(target)
        for group in _strongly_connected(edges):
            if len(group) > 1:
                found.add((package, tuple(sorted(m.rpartition(".")[2] for m in group))))
    return found


def _strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm, iterative."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.add(member)
                        if member == node:
                            break
                    groups.append(group)
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                on_stack.add(target)
                work.append((target, iter(sorted(edges[target]))))
            elif target in on_stack:
                low[node] = min(low[node], index[target])
    return groups


def test_no_new_import_circle_inside_a_package() -> None:
    assert circles() == KNOWN_CIRCLES
