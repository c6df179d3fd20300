"""What the wheel carries (`make dist`): Troef's apps with their data (rule texts, fonts,
the games' compiled catalogues), and the site's templates, static files and compiled
catalogues as the data package ``troef_site`` (config.env.site_dir finds them there when
Troef runs from an installed wheel; in a checkout they stay where they are). No tests.
Everything else is in pyproject.toml: a setup.py only because pyproject.toml cannot map
folders onto packages beside a package search.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

APPS = ["config", "demo", "clubs", "disputes", "games", "tournaments", "scoring", "ratings"]
APPS += ["printing", "venue", "backups", "help"]
APPS += ["evenings"]  # the round's lifecycle (issue 40)
#: The checkout's top-level folders that the site reads, and which of their files it needs.
SITE = {"templates": ["*"], "static": ["*"], "locale": ["*.mo"]}


def site_packages() -> dict[str, tuple[str, list[str]]]:
    """troef_site.<folder>[.<sub>...] → (its folder in the checkout, its data files)."""
    found = {}
    for folder, patterns in SITE.items():
        for path in sorted([Path(folder), *Path(folder).rglob("*")]):
            if path.is_dir() and path.name != "__pycache__":
                found[".".join(("troef_site", *path.parts))] = (path.as_posix(), patterns)
    return found


SITE_PACKAGES = site_packages()

setup(
    packages=[
        *find_namespace_packages(
            include=[pattern for app in APPS for pattern in (app, f"{app}.*")]
        ),
        *SITE_PACKAGES,
    ],
    package_dir={name: folder for name, (folder, _) in SITE_PACKAGES.items()},
    package_data={
        # the rule texts and seeds, the fonts and their licence, the games' catalogues
        # (games/locale, games/<game>/locale: the .mo only, like the site's)
        "": ["*.md", "*.txt", "*.ttf", "*.mo"],
        **{name: patterns for name, (_, patterns) in SITE_PACKAGES.items()},
    },
    exclude_package_data={"": ["*.pyc"]},
)
