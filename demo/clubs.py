"""The demo clubs that `make run` shows: Spellenclub Rooi, Spellenclub Veghel and
Klaverjasclub Schijndel."""

from __future__ import annotations

from dataclasses import dataclass

DEMO_PASSWORD = "troef-demo"  # noqa: S105 - documented demo logins, printed by seed_demo


@dataclass(frozen=True)
class DemoClub:
    slug: str
    name: str
    town: str
    prefix: str
    members: tuple[str, ...]
    # login -> (index of the member it belongs to, role level name)
    logins: tuple[tuple[str, int, str], ...]
    # False: the club plays its season's game only (no evening of every other game).
    other_games: bool = True


ROOI = DemoClub(
    slug="rooi",
    name="Spellenclub Rooi",
    town="Sint-Oedenrode",
    prefix="R",
    members=(
        "Anneke van den Heuvel",
        "Bas Verhoeven",
        "Corrie van der Linden",
        "Dirk Swinkels",
        "Els Bekkers",
        "Frans van Erp",
        "Gerda Habraken",
        "Harrie van de Ven",
        "Ine Raaijmakers",
        "Jan Smits",
        "Karin van Lieshout",
        "Leo Vermeulen",
        "Marian de Wit",
        "Noud van Rooij",
        "Olga Dortmans",
        "Piet van Kessel",
        "Riet Schellekens",
        "Sjaak van Gerwen",
        "Truus Donkers",
        "Ad van Hout",
        "Wim Hurkmans",
        "Yvonne Manders",
        "Toon van der Heijden",
        "Mieke Goossens",
    ),
    logins=(
        ("rooi-admin", 0, "ADMIN"),
        ("rooi-director", 1, "DIRECTOR"),
        ("rooi-player", 2, "PLAYER"),
    ),
)

VEGHEL = DemoClub(
    slug="veghel",
    name="Spellenclub Veghel",
    town="Veghel",
    prefix="V",
    members=(
        "Ans Brouwers",
        "Bert van Asseldonk",
        "Cor Verstegen",
        "Dien Kanters",
        "Eric van Zutphen",
        "Fien Sanders",
        "Geert van der Aa",
        "Hanneke Jacobs",
        "Joop van Dijk",
        "Lies Vos",
        "Martien Hendriks",
        "Nel van Boxtel",
        "Ria Coppens",
        "Sjef Kuijpers",
        "Tiny van Schijndel",
        "Wout Ketelaars",
        "Maria van Eerd",
        "Henk Pennings",
        "Joke Verkuijlen",
        "Rini van der Burgt",
    ),
    logins=(
        ("veghel-admin", 0, "ADMIN"),
        ("veghel-director", 1, "DIRECTOR"),
        ("veghel-player", 2, "PLAYER"),
    ),
)

KLAVERJAS = DemoClub(
    slug="klaverjas",
    name="Klaverjasclub Schijndel",
    town="Schijndel",
    prefix="K",
    members=(
        "Annie van der Velden",
        "Bart Hoevenaars",
        "Christ van Heeswijk",
        "Door Verhagen",
        "Evert Kerkhof",
        "Frieda Bosch",
        "Gijs van Uden",
        "Hennie Timmermans",
        "Jo van Roosmalen",
        "Kees Langens",
        "Lenie Willems",
        "Marinus de Laat",
        "Nellie van Nistelrooij",
        "Rinus Vugts",
        "Sien van de Wetering",
        "Theo Wouters",
        "Wil Schoenmakers",
        "Jacqueline van Dinther",
        "Piet Verbruggen",
        "Greet van Lith",
    ),
    logins=(
        ("klaverjas-admin", 0, "ADMIN"),
        ("klaverjas-director", 1, "DIRECTOR"),
        ("klaverjas-player", 2, "PLAYER"),
    ),
    other_games=False,
)

DEMO_CLUBS = (ROOI, VEGHEL, KLAVERJAS)


def demo_email(name: str) -> str:
    local = ".".join(part.lower() for part in name.split() if part[0].isupper())
    return f"{local}@example.nl"


def demo_phone(prefix: str, index: int) -> str:
    # Rooi (Sint-Oedenrode) and Veghel dial 0413, Schijndel 073.
    if prefix == "K":
        return f"073 {5470000 + 137 * index:07d}"
    return f"0413 {470000 + 137 * index + (0 if prefix == 'R' else 5000):06d}"
