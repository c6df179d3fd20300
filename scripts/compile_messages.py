"""Compile every catalogue's django.po to .mo in pure Python (polib), so neither users
nor CI need GNU gettext. `make messages` runs it.

The catalogues: the site's (``locale/``), the engine's words shared by the games
(``games/locale/``), each game's own (``games/<game>/locale/``) and the toy game's that
the tests play (``tests/hogerlager/locale/``)."""

from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
#: Where catalogues live: the site's, and any ``locale`` folder under these.
SEARCHED = (ROOT / "games", ROOT / "tests")


def catalogues() -> list[Path]:
    """Every django.po of the checkout (the site's first)."""
    found = sorted(LOCALE.glob("*/LC_MESSAGES/django.po"))
    for top in SEARCHED:
        found += sorted(top.rglob("locale/*/LC_MESSAGES/django.po"))
    return found


def main() -> None:
    for po_path in catalogues():
        catalogue = polib.pofile(str(po_path))
        catalogue.save_as_mofile(str(po_path.with_suffix(".mo")))
        where = po_path.parent.parent.parent.relative_to(ROOT).as_posix()
        print(f"{where} {po_path.parent.parent.name}: {catalogue.percent_translated()}% translated")


if __name__ == "__main__":
    main()
