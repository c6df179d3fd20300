"""The rules in three languages (disputes/rules) and the public rules pages.

The files are read here independently of the package's parser: a rule is a bullet
``- **<ID> ...`` with its indented continuation lines. RULES.md is in two parts per
language: each game's section in its package (``games/<game>/rules.<language>.md``), the
rest (preface, card notation, the sections for all games) in
``disputes/rules/RULES.<language>.md``; :func:`source` puts them together.
"""

import re
from collections import Counter
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from disputes import rules
from disputes.rule_pages import for_players
from disputes.rules import rule

from ..test_architecture import contracts

GAME_NAMES = ("meierijen", "duizenden", "miezemauzen", "meino", "keezen", "klaverjassen")

ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = ROOT / "disputes" / "rules"
#: A game's section of RULES.md, in its own folder.
GAME_RULES = "games/{game}/rules.{language}.md"
RULER = "-" * 87
SHARED = ROOT.parent / "shared" / "rules" / "RULES.md"
SHARED_SEEDS = SHARED.parent / "seeds"
#: The original rule texts RULES.md reads, vendored verbatim in disputes/rules/seeds/.
SEEDS = {
    "meierijen": "meierijen.nl.txt",
    "duizenden": "duizenden.nl.txt",
    "miezemauzen": "miezemauzen.nl.txt",
    "keezen": "keezen.nl.txt",
    "meino": "meino.de.txt",
}
ID = r"(?:MR|DZ|MZ|ME|KZ|KJ|TP)-[0-9A-Z]+"
#: The rules of a game (TP, "Tournament points", is for all games: on the rules index).
GAME_ID = r"(?:MR|DZ|MZ|ME|KZ|KJ)-[0-9A-Z]+"
LANGUAGES = ("nl", "de", "en")
#: How each translation marks a point the seed texts leave open.
READING = {"en": "**(reading", "nl": "**(lezing", "de": "**(Lesart"}
#: RULES.md as of issue 15: MR-1..13, MR-V1, MR-4P, DZ-1..12, MZ-1..12, ME-1..14, KZ-1..9
#: (62 game rules) and TP-1..7 (tournament points, for all games; TP-6 and TP-7 of issue 37);
#: KJ-1..9 of issue 41 (klaverjassen, no seed).
RULE_COUNT = 78
TP_IDS = ["TP-1", "TP-2", "TP-3", "TP-4", "TP-5", "TP-6", "TP-7"]


def site_part(language: str) -> str:
    """What is no game's: preface, card notation, the sections for all games."""
    return (RULES_DIR / f"RULES.{language}.md").read_text(encoding="utf-8")


def game_part(game: str, language: str) -> str:
    return (ROOT / GAME_RULES.format(game=game, language=language)).read_text(encoding="utf-8")


def source(language: str) -> str:
    """The whole of RULES.md in ``language``, as RULES.md orders it: the site's preface
    and notation, each game's section (in its folder), the sections for all games."""
    head, tail = site_part(language).split(f"{RULER}\n## ", 1)
    games = "".join(f"{RULER}\n{game_part(game, language)}\n" for game in GAME_NAMES)
    return f"{head}{games}{RULER}\n## {tail}"


def sections(text: str) -> dict[str, str]:
    """A RULES.md text cut at its "## " headings: heading -> the section, without the
    rulers and blank lines around it ("" -> what comes before the first)."""
    found = {}
    for part in re.split(r"(?m)^(?=## )", text):
        lines = [line for line in part.split("\n") if not re.fullmatch(r"-{20,}", line)]
        heading = lines[0] if lines[0].startswith("## ") else ""
        found[heading] = "\n".join(lines).strip("\n")
    return found


def bullets(language: str) -> dict[str, str]:
    """Rule ID -> the rule's markdown, in file order."""
    found: dict[str, list[str]] = {}
    current = None
    for line in source(language).splitlines():
        start = re.match(rf"^- \*\*({ID}) ", line)
        if start:
            current = start[1]
            assert current not in found, f"{language}: {current} twice"
            found[current] = [line]
        elif current and line.startswith("  ") and line.strip():
            found[current].append(line.strip())
        else:
            current = None
    return {key: " ".join(lines) for key, lines in found.items()}


def code_spans(text: str) -> Counter:
    return Counter(re.findall(r"`[^`]*`", text))


def preamble(language: str) -> str:
    return source(language).split("\n## ", 1)[0]


def headings(language: str) -> list[str]:
    return [line for line in source(language).splitlines() if line.startswith("#")]


ENGLISH_IDS = list(bullets("en"))
GAME_IDS = [rule_id for rule_id in ENGLISH_IDS if re.fullmatch(GAME_ID, rule_id)]


# --- the files ---------------------------------------------------------------------


def played_here(text: str) -> str:
    """RULES.md without the sections of games the site does not play yet (from a "## <name>
    (<prefix>)" heading whose prefix is not one of ID's to the next heading, the rule
    before that heading kept): klaverjassen comes with its own issue."""
    kept = []
    for part in re.split(r"(?m)^(?=## )", text):
        found = re.match(r"## .*?\(([A-Z]{2})\)", part)
        if found and not re.fullmatch(ID, f"{found[1]}-1"):
            kept.extend(re.findall(r"(?m)^-{20,}\n\Z", part))
        else:
            kept.append(part)
    return "".join(kept)


def test_the_english_files_are_the_projects_rules_md():
    if SHARED.exists():
        # A drift check: the site carries its own copy (a clone has no ../shared), each
        # game's section in the game's folder, the rest in disputes/rules/RULES.en.md.
        ours, projects = sections(source("en")), sections(played_here(SHARED.read_text()))
        assert list(ours) == list(projects)
        for heading, text in projects.items():
            assert ours[heading] == text, (
                f"{heading or 'the preface'} differs from RULES.md: copy it (a game's "
                "section to games/<game>/rules.en.md) and update nl/de"
            )
    else:
        assert len(ENGLISH_IDS) == RULE_COUNT


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_game_s_rules_are_in_its_own_folder(language):
    """A game is one folder, its words included: its section of RULES.md is in
    games/<game>/rules.<language>.md, and the site's file holds no game's rule."""
    for game in GAME_NAMES:
        text = game_part(game, language)
        prefix = rules.game_rules(game, language).code
        assert text.startswith("## ") and f"({prefix})" in text.split("\n", 1)[0]
        own = re.findall(rf"(?m)^- \*\*({prefix}-[0-9A-Z]+) ", text)
        assert own == [item.id for item in rules.game_rules(game, language).rules]
    assert not re.search(rf"(?m)^- \*\*{GAME_ID} ", site_part(language))
    assert re.findall(r"(?m)^- \*\*(TP-\d+) ", site_part(language)) == TP_IDS


@pytest.mark.parametrize("name", sorted(SEEDS.values()))
def test_the_original_texts_are_the_projects_seeds(name):
    vendored = RULES_DIR / "seeds" / name
    if SHARED_SEEDS.exists():
        # A drift check, like RULES.en.md's: byte for byte what the project was given.
        assert vendored.read_bytes() == (SHARED_SEEDS / name).read_bytes(), (
            f"disputes/rules/seeds/{name} differs from the original: copy it again"
        )
    else:
        assert vendored.read_text(encoding="utf-8").strip()
    assert sorted(p.name for p in (RULES_DIR / "seeds").glob("*.txt")) == sorted(SEEDS.values())


def test_every_game_has_its_original_text():
    for game, name in SEEDS.items():
        original = rules.original(game)
        assert original is not None, game
        assert original.language == name.split(".")[1]
        assert original.text == (RULES_DIR / "seeds" / name).read_text(encoding="utf-8")
        assert original.url == f"/rules/originals/{game}/"
    # Klaverjassen has no seed (RULES.md: the common rules of Dutch club competitions).
    assert [item.game for item in rules.originals()] == [g for g in rules.games() if g in SEEDS]
    assert rules.original("klaverjassen") is None
    assert rules.original("skat") is None
    assert rules.original("../rules") is None


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_preface_links_seeds_to_the_originals(language):
    # The file says the originals are in `seeds/` beside it; on the site that is a link.
    assert "`seeds/`" in preamble(language)
    html = rules.preface_html(language)
    assert '<a href="#originals"><code>seeds/</code></a>' in html
    assert html.count("<code>seeds/</code>") == 1
    # On the page, players read where the originals are, not a folder's name.
    shown = for_players(html, language)
    assert "seeds/" not in shown
    assert '<a href="#originals">' in shown


def test_every_id_named_in_the_rules_is_a_rule():
    named = set(re.findall(rf"\b{ID}\b", source("en")))
    assert named == set(ENGLISH_IDS)
    assert len(ENGLISH_IDS) == RULE_COUNT


@pytest.mark.parametrize("language", ["nl", "de"])
def test_a_translation_has_the_same_rules_in_the_same_order(language):
    assert list(bullets(language)) == ENGLISH_IDS


@pytest.mark.parametrize("language", ["nl", "de"])
def test_a_translation_keeps_every_code_span_and_reading_note_per_rule(language):
    english, translated = bullets("en"), bullets(language)
    for rule_id in ENGLISH_IDS:
        assert code_spans(translated[rule_id]) == code_spans(english[rule_id]), rule_id
        assert translated[rule_id].count(READING[language]) == english[rule_id].count(
            READING["en"]
        ), rule_id
        # IDs cited in the rule, in the same order.
        assert re.findall(rf"\b{ID}\b", translated[rule_id]) == re.findall(
            rf"\b{ID}\b", english[rule_id]
        ), rule_id
    assert READING["en"] not in source(language)


@pytest.mark.parametrize("language", ["nl", "de"])
def test_a_translation_keeps_the_structure_and_the_card_notation(language):
    assert code_spans(preamble(language)) == code_spans(preamble("en"))
    ours, theirs = headings(language), headings("en")
    assert len(ours) == len(theirs)
    for mine, english in zip(ours, theirs, strict=True):
        assert mine.split(" ")[0] == english.split(" ")[0]
        assert re.findall(r"\([A-Z]{2}\)|`[^`]*`", mine) == re.findall(
            r"\([A-Z]{2}\)|`[^`]*`", english
        )
    # The section rulers and the two card notation bullets.
    assert source(language).count("\n------") == source("en").count("\n------")
    assert preamble(language).count("\n- ") == preamble("en").count("\n- ")


def test_the_package_is_plain_python():
    # Under the import contract that test_architecture checks with lint-imports.
    assert "disputes.rules" in contracts()["pure-no-django"]["source_modules"]


# --- the lookup ------------------------------------------------------------------------


def test_the_games_are_the_registrys():
    assert rules.games() == GAME_NAMES
    assert rules.rule_ids() == tuple(ENGLISH_IDS)
    assert ENGLISH_IDS == GAME_IDS + TP_IDS


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_is_there_in_every_language(language):
    seen = []
    for game in rules.games():
        section = rules.game_rules(game, language)
        assert section.language == language
        assert section.title
        for item in section.rules:
            assert item.game == game == rules.game_of(item.id)
            assert item == rules.rule(item.id, language)
            seen.append(item.id)
    assert seen == GAME_IDS
    for rule_id in ENGLISH_IDS:
        item = rules.rule(rule_id, language)
        assert item.anchor == rule_id
        assert item.title.strip()
        assert len(item.text) > 10
        assert "**" not in item.text
        assert "`" not in item.text
        assert f"<strong>{rule_id} " in item.html
        if rule_id in TP_IDS:
            continue
        assert f'id="{rule_id}"' in rules.game_rules(item.game, language).html
        assert item.url == f"/rules/{item.game}/#{rule_id}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tournament_rules_are_anchored_on_the_rules_index(language):
    """TP-1 … TP-7 belong to no game: the section for all games holds them, each with its
    anchor and ¶ link, and their links point to the rules index."""
    (section,) = rules.general(language)
    assert section.code == section.anchor == "TP"
    assert [item.id for item in section.rules] == TP_IDS
    for item in section.rules:
        assert item == rules.rule(item.id, language) == rules.rule(item.id.lower(), language)
        assert item.game == "" and item.language == language
        assert item.url == f"/rules/#{item.id}" == rules.rule_url(item.id)
        assert rules.game_of(item.id) is None
        assert f'<li id="{item.id}" class="rule">' in section.html
        assert f'<a class="rule-link" href="#{item.id}" aria-label="{item.id}">¶</a>' in (
            section.html
        )
    # the section's opening paragraph is still there, before the rules
    assert section.html.index('class="rules-intro"') < section.html.index('id="TP-1"')
    # every game page carries the same section
    assert all(rules.game_rules(g, language).general == (section,) for g in rules.games())
    assert rules.rule_url("MR-5") == "/rules/meierijen/#MR-5"


def test_the_tournament_rules_in_three_languages():
    assert rules.rule("TP-3", "en").title == "Head-to-head"
    assert rules.rule("TP-3", "nl").title == "Onderling resultaat"
    assert rules.rule("TP-3", "de").title == "Direkter Vergleich"
    assert rules.rule("TP-1", "nl").title == "Vrije ronde"
    assert rules.rule("TP-1", "de").title == "Freilose"
    assert rules.rule("TP-5", "en").text.startswith("When a player has more evenings than count")
    assert "13" in rules.rule("TP-1", "de").text and "win_bonus" in rules.rule("TP-1", "nl").text
    # IDs cited in a tournament rule link to their game's page
    html = rules.rule("TP-2", "nl").html
    assert '<a href="/rules/meierijen/#MR-13">MR-13</a>' in html
    assert '<a href="/rules/keezen/#KZ-8">KZ-8</a>' in html


def test_a_rule_in_german_dutch_and_english():
    german = rules.rule("MZ-8", "de")
    assert german.title == "Stiche"
    assert "Trumpf" in german.text
    assert "Farbe muss bedient werden" in german.text
    dutch = rules.rule("MZ-8", "nl")
    assert dutch.title == "Slagen"
    assert "Kleur bekennen is verplicht" in dutch.text
    english = rules.rule("MZ-8", "en")
    assert english.title == "Tricks"
    assert english.text.startswith("Only playing players take part.")


def test_the_text_drops_a_title_that_stands_alone_and_keeps_one_that_starts_a_sentence():
    assert rules.rule("MR-5", "en").title == "Ten-card"
    assert rules.rule("MR-5", "en").text.startswith("A card laid as a 10 on a 9")
    assert rules.rule("ME-4", "en").title == "Wish cards"
    assert rules.rule("ME-4", "en").text.startswith("Wish cards (W, W+2, W+4, JOKER) name")
    assert rules.rule("MR-10", "nl").text.count("draw_rule") == 1


def test_unknown_ids_and_languages():
    assert rules.rule("MR-99", "nl") is None
    assert rules.rule("XX-1", "de") is None
    assert rules.rule("", "en") is None
    assert rules.rule("mz-8", "de") == rules.rule("MZ-8", "de")
    assert rules.rule("MZ-8", "fr") == rules.rule("MZ-8", "en")
    assert rules.rule("MZ-8", "de-at") == rules.rule("MZ-8", "de")
    with pytest.raises(KeyError):
        rules.game_rules("skat", "nl")


def test_ids_in_a_rule_link_to_their_rule():
    html = rules.rule("MR-5", "de").html
    assert '<a href="/rules/meierijen/#MR-7">MR-7</a>' in html
    page = rules.game_rules("meierijen", "de").html
    assert '<a href="#MR-7">MR-7</a>' in page
    # The rule's own ID is its heading, not a link.
    assert "<strong>MR-5 Zehnerkarte.</strong>" in html


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs = set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.hrefs.append(attrs["href"])


def links(html: str) -> Links:
    parser = Links()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_rule_link_resolves(language):
    anchors = {game: links(rules.game_rules(game, language).html).ids for game in rules.games()}
    # "" is the rules index: the sections for all games (TP-1 …)
    anchors[""] = set().union(*(links(s.html).ids for s in rules.general(language)))
    on_pages = in_rules = 0
    pages = [(game, rules.game_rules(game, language)) for game in rules.games()]
    pages += [("", section) for section in rules.general(language)]
    for game, section in pages:
        for href in links(section.html).hrefs:
            target = re.fullmatch(r"(?:/rules/(?:(?P<game>[a-z]+)/)?)?#(?P<id>.+)", href)
            assert target, href
            where = game if not href.startswith("/") else target["game"] or ""
            assert target["id"] in anchors[where], href
            on_pages += 1
        for item in section.rules:
            for href in links(item.html).hrefs:
                target = re.fullmatch(r"/rules/(?:(?P<game>[a-z]+)/)?#(?P<id>.+)", href)
                assert target, href
                assert target["id"] in anchors[target["game"] or ""], href
                in_rules += 1
    # Every ID the English file names besides the rules' own headings is a link (MR-7,
    # DZ-8, ...): in a rule, or in a game's intro (MR-4P); and each rule has its ¶ link.
    cited = len(re.findall(rf"\b{ID}\b", source("en"))) - RULE_COUNT
    assert cited >= 15
    intro_links = len(links(rules.game_rules("meierijen", language).intro_html).hrefs)
    assert in_rules + intro_links == cited
    assert on_pages == RULE_COUNT + cited


# --- the pages -------------------------------------------------------------------------


@pytest.fixture
def anonymous():
    return Client()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_game_page_in_every_language(anonymous, game, language):
    url = reverse("disputes:rules-game", kwargs={"game": game})
    assert url == f"/rules/{game}/"
    response = anonymous.get(url, {"lang": language})
    assert response.status_code == 200
    html = response.content.decode()
    section = rules.game_rules(game, language)
    assert f'<div class="rules-text" lang="{language}">' in html
    for item in section.rules:
        assert f'id="{item.anchor}"' in html
        assert f'href="#{item.anchor}"' in html  # the table of contents and the ¶ link
        assert f"<strong>{item.id}</strong> {item.title}" in html.replace("&#x27;", "'")
    # As players read it (disputes.rule_pages.for_players): no developer words, option labels.
    assert for_players(section.notation_html, language) in html
    assert section.general[0].title in html
    # Markdown is rendered, not shown.
    assert "**" not in html
    assert "`" not in html
    page = links(html)
    for href in page.hrefs:
        if href.startswith("#") and href != "#":
            assert href[1:] in page.ids, href


@pytest.mark.django_db
def test_the_language_links_switch_the_rules(anonymous):
    url = reverse("disputes:rules-game", kwargs={"game": "miezemauzen"})
    html = anonymous.get(url).content.decode()
    # Dutch by default, like the rest of the site.
    assert "<strong>MZ-8</strong> Slagen" in html
    assert '<strong aria-current="true" lang="nl">Nederlands</strong>' in html
    assert 'href="?lang=de"' in html
    assert 'href="?lang=en"' in html
    german = anonymous.get(url, {"lang": "de"}).content.decode()
    assert "<strong>MZ-8</strong> Stiche" in german
    assert '<a href="?lang=nl" hreflang="nl" lang="nl">Nederlands</a>' in german
    # Links to the other games keep the explicit choice.
    assert 'href="/rules/meino/?lang=de"' in german
    english = anonymous.get(url, {"lang": "en"}).content.decode()
    assert "<strong>MZ-8</strong> Tricks" in english


@pytest.mark.django_db
def test_the_rules_follow_the_language_menu(anonymous, settings):
    anonymous.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    url = reverse("disputes:rules-game", kwargs={"game": "keezen"})
    assert "<strong>KZ-4</strong> Schlagen" in anonymous.get(url).content.decode()
    # ... unless the page asks for another language explicitly.
    assert "<strong>KZ-4</strong> Hitting" in anonymous.get(url, {"lang": "en"}).content.decode()
    # An unknown choice is ignored: the menu's language.
    assert "<strong>KZ-4</strong> Schlagen" in anonymous.get(url, {"lang": "fr"}).content.decode()


@pytest.mark.django_db
def test_the_index_lists_the_five_games(anonymous):
    response = anonymous.get(reverse("disputes:rules-index"), {"lang": "nl"})
    assert response.status_code == 200
    html = response.content.decode()
    for game in GAME_NAMES:
        assert f'href="/rules/{game}/?lang=nl"' in html
        assert rules.game_rules(game, "nl").title in html
    assert "Toernooipunten (alle spellen)" in html
    assert "Kaartnotatie" in html
    assert 'href="?lang=de"' in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_holds_the_tournament_rules_anchored_and_linked(anonymous, language):
    html = anonymous.get(reverse("disputes:rules-index"), {"lang": language}).content.decode()
    page = links(html)
    section = rules.general(language)[0]
    # a card beside the five games leads to the section, which holds every TP rule
    assert "#TP" in page.hrefs and "TP" in page.ids
    assert f"<strong>{section.title}</strong>" in html
    for rule_id in TP_IDS:
        assert rule_id in page.ids
        assert f"#{rule_id}" in page.hrefs  # its ¶ link
        # its address resolves: the index, with the anchor on it
        path, anchor = rules.rule(rule_id, language).url.split("#")
        assert path == reverse("disputes:rules-index") and anchor in page.ids
    for href in page.hrefs:
        if href.startswith("#") and href != "#":
            assert href[1:] in page.ids, href
    assert "**" not in html


PRE = re.compile(r'<pre class="rules-original" lang="(?P<lang>[a-z]+)">(?P<text>.*?)</pre>', re.S)


@pytest.mark.django_db
@pytest.mark.parametrize("game", SEEDS)
def test_the_original_text_is_served_unchanged(anonymous, game):
    url = reverse("disputes:rules-original", kwargs={"game": game})
    assert url == f"/rules/originals/{game}/"
    response = anonymous.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/html; charset=utf-8"
    page = response.content.decode()
    shown = PRE.search(page)
    assert shown, page
    assert shown["lang"] == SEEDS[game].split(".")[1]
    assert unescape(shown["text"]) == (RULES_DIR / "seeds" / SEEDS[game]).read_text(
        encoding="utf-8"
    )
    # Back to the game's rules and to the list of originals.
    assert f'href="/rules/{game}/"' in page
    assert 'href="/rules/#originals"' in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "dutch", "german"),
    [
        ("nl", "De originele tekst (Nederlands)", "De originele tekst (Duits)"),
        ("de", "Der Originaltext (Niederländisch)", "Der Originaltext (Deutsch)"),
        ("en", "The original text (Dutch)", "The original text (German)"),
    ],
)
def test_a_game_page_links_its_original(anonymous, settings, language, dutch, german):
    anonymous.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for game, label in (("keezen", dutch), ("meino", german)):
        html = anonymous.get(reverse("disputes:rules-game", kwargs={"game": game})).content.decode()
        link = f'<a href="/rules/originals/{game}/" hreflang="{SEEDS[game].split(".")[1]}">'
        assert f"{link}{label}</a>" in html
        assert f"<title>{rules.game_rules(game, language).title} · {label}" in anonymous.get(
            f"/rules/originals/{game}/"
        ).content.decode().replace("\n", "")
    # An explicit rules language is kept on the way there.
    html = anonymous.get(reverse("disputes:rules-game", kwargs={"game": "meino"}), {"lang": "nl"})
    assert 'href="/rules/originals/meino/?lang=nl"' in html.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_index_lists_the_originals_where_seeds_points(anonymous, language):
    html = anonymous.get(reverse("disputes:rules-index"), {"lang": language}).content.decode()
    page = links(html)
    assert "originals" in page.ids
    assert '<a href="#originals">' in html
    assert "seeds/" not in html
    for game in SEEDS:
        assert f"/rules/originals/{game}/?lang={language}" in page.hrefs
    # A game without a seed (klaverjassen) has no original to link to.
    assert not any(href.startswith("/rules/originals/klaverjassen/") for href in page.hrefs)
    for href in page.hrefs:
        if href.startswith("/rules/originals/"):
            assert anonymous.get(href).status_code == 200, href


@pytest.mark.django_db
def test_an_unknown_game_is_not_found(anonymous):
    assert anonymous.get("/rules/skat/").status_code == 404
    assert anonymous.get("/rules/skat/", {"lang": "de"}).status_code == 404
    assert anonymous.get("/rules/originals/skat/").status_code == 404
    assert anonymous.get("/rules/originals/klaverjassen/").status_code == 404
    assert anonymous.get("/rules/originals/").status_code == 404


@pytest.mark.django_db
def test_the_pages_are_read_only(anonymous):
    assert anonymous.post(reverse("disputes:rules-index")).status_code == 405
    assert (
        anonymous.post(reverse("disputes:rules-game", kwargs={"game": "meino"})).status_code == 405
    )
    assert (
        anonymous.head(reverse("disputes:rules-game", kwargs={"game": "meino"})).status_code == 200
    )
    original = reverse("disputes:rules-original", kwargs={"game": "meino"})
    assert anonymous.post(original).status_code == 405
    assert anonymous.head(original).status_code == 200


@pytest.mark.django_db
def test_logged_in_visitors_see_the_same_pages(two_clubs):
    from ..conftest import client_for

    for user in (two_clubs.player, two_clubs.other_admin, two_clubs.superuser):
        client = client_for(user)
        assert client.get(reverse("disputes:rules-index")).status_code == 200
        page = client.get(
            reverse("disputes:rules-game", kwargs={"game": "duizenden"}), {"lang": "de"}
        )
        assert "<strong>DZ-7</strong> Minen" in page.content.decode()


def test_every_rule_of_rules_md_has_an_anchor_in_every_language(db):
    text = source("en")
    ids = re.findall(r"^- \*\*([A-Z]{2}-[0-9A-Z]+) ", text, re.M)
    assert len(ids) == RULE_COUNT  # 62 game rules and TP-1 … TP-7 (on the rules index)
    for language in ("nl", "de", "en"):
        client = Client()
        pages = {}
        for rule_id in ids:
            found = rule(rule_id, language)
            assert found is not None and found.language == language, (rule_id, language)
            path = found.url.split("#")[0]
            expected = (
                reverse("disputes:rules-game", args=[found.game]) if found.game else "/rules/"
            )
            assert path == expected, (rule_id, path)
            if path not in pages:
                pages[path] = client.get(path, {"lang": language}).content.decode()
            assert f'id="{found.anchor}"' in pages[path], (rule_id, language)
