"""The layers of ../shared/ARCHITECTURE.md and the pure cores: one source of the rule, the
import contracts in pyproject.toml, which `lint-imports` checks (make lint runs it, and
so does this suite)."""

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", *args],
        cwd=cwd,
        env={"PYTHONPATH": str(cwd), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def contracts() -> dict[str, dict]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return {c["id"]: c for c in config["tool"]["importlinter"]["contracts"]}


def test_the_import_contracts_hold():
    run = lint_imports(ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 broken" in run.stdout


def test_the_layers_are_those_of_the_architecture_lowest_first():
    layers = [layer.split(" | ")[0].split(".")[0] for layer in contracts()["layers"]["layers"]]
    apps = [name for name in reversed(layers) if name != "config"]
    assert apps[:6] == ["games", "clubs", "tournaments", "disputes", "scoring", "ratings"]
    assert layers[0] == "config"  # the urls on top


def test_every_pure_core_is_under_the_no_django_contract():
    pure = set(contracts()["pure-no-django"]["source_modules"])
    assert pure == {
        "games",
        "scoring.standings",
        "printing.sheets",
        "scoring.charts",
        "tournaments.seating",
        "tournaments.designs",
        "ratings.core",
        "disputes.rules",
    }
    assert {"django", "celery"} <= set(contracts()["pure-no-django"]["forbidden_modules"])


def test_the_contracts_catch_upward_indirect_and_circular_imports(tmp_path):
    """The same contracts on a toy tree that breaks each: they must say so."""
    files = {
        "games/__init__.py": "",
        "games/base.py": "from games import results\n",
        "games/results.py": "from games import base\n",  # a circle
        "games/rules.py": "from games import helper\n",
        "games/helper.py": "import clubs.models\n",  # upward, and Django through it
        "clubs/__init__.py": "",
        "clubs/models.py": "import django\n",
        "tournaments/__init__.py": "",
        "tournaments/seating.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    (tmp_path / "django").mkdir()
    (tmp_path / "django" / "__init__.py").write_text("")
    (tmp_path / ".importlinter").write_text(
        "[importlinter]\nroot_packages =\n    games\n    clubs\n    tournaments\n"
        "include_external_packages = True\n\n"
        "[importlinter:contract:layers]\nname = layers\ntype = layers\n"
        "layers =\n    tournaments\n    clubs\n    games\n\n"
        "[importlinter:contract:pure]\nname = pure\ntype = forbidden\n"
        "source_modules =\n    games\nforbidden_modules =\n    django\n\n"
        "[importlinter:contract:circles]\nname = circles\ntype = acyclic_siblings\n"
        "ancestors =\n    games\n"
    )
    run = lint_imports(tmp_path)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "games is not allowed to import clubs" in run.stdout
    assert "games is not allowed to import django" in run.stdout
    assert "clubs.models -> django" in run.stdout  # the indirect way, through clubs
    assert "No cycles are allowed in games" in run.stdout
    assert "3 broken" in run.stdout


APPS = ("backups", "clubs", "config", "demo", "disputes", "games", "printing", "ratings",
        "scoring", "tournaments", "venue")  # fmt: skip
APPS += ("evenings",)  # the round's lifecycle (issue 40)


def private_imports(root: Path) -> list[str]:
    """``file: module.name`` for every private name (``_x``) a module imports from another
    top-level package of ``APPS`` than its own."""
    found = []
    for top in APPS:
        for path in (root / top).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ImportFrom) or not node.module or node.level:
                    continue
                other = node.module.split(".")[0]
                for alias in node.names:
                    private = alias.name.startswith("_") and not alias.name.startswith("__")
                    if other in APPS and other != top and private:
                        found.append(f"{path.relative_to(root)}: {node.module}.{alias.name}")
    return found


def test_no_app_imports_another_apps_private_names():
    assert private_imports(ROOT) == []


def test_a_private_import_from_another_app_is_found(tmp_path):
    (tmp_path / "backups").mkdir()
    (tmp_path / "backups" / "clubs.py").write_text("from clubs.services import _words, log\n")
    (tmp_path / "clubs").mkdir()
    (tmp_path / "clubs" / "views.py").write_text("from clubs.services import _own\n")
    assert private_imports(tmp_path) == ["backups/clubs.py: clubs.services._words"]
