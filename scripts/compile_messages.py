"""Compile locale/*/LC_MESSAGES/django.po to .mo in pure Python (polib), so neither
users nor CI need GNU gettext. `make messages` runs it."""

from pathlib import Path

import polib

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def main() -> None:
    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/django.po")):
        catalogue = polib.pofile(str(po_path))
        catalogue.save_as_mofile(str(po_path.with_suffix(".mo")))
        print(f"{po_path.parent.parent.name}: {catalogue.percent_translated()}% translated")


if __name__ == "__main__":
    main()
