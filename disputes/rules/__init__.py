"""The rules of the five games (RULES.md) in Dutch, German and English, by rule ID.

Pure Python (no Django): the rules pages (disputes/rule_pages.py) and the dispute checker
read the rules from here. The project's RULES.md is cut in two, per language (English,
and the Dutch and German translations with the same rule IDs, option names, code spans
and structure):

- each game's section is in the game's own package (a game is one folder, its words
  included): ``rules.<language>.md`` beside its ``__init__`` (:data:`OWN_RULES`), found
  through the registry;
- the rest is beside this module, ``RULES.<language>.md``: the title, the preface, the
  card notation and the sections for all games ("Tournament points", TP-1 …).

The document is put together in RULES.md's order: the preface and notation, the games'
sections in the registry's order, then the sections for all games. The original rule
texts RULES.md reads are in ``seeds/`` (``<game>.<language>.txt``, verbatim).

    rule("MZ-8", "de")           -> Rule (German) or None for an unknown ID
    rule("TP-3", "nl")           -> a rule of the sections for all games (tournament points)
    game_rules("meino", "nl")    -> GameRules: the game's section, its rules in order
    games()                      -> the registry names of the games with a section
    original("meino")            -> Original: the game's original text (German), or None

Every file is parsed once (``functools.cache``). Rule IDs named in a text become links:
on a game's page to the rule's anchor (``#MR-7``), elsewhere to ``/rules/<game>/#MR-7``.
A section for all games may hold rules too ("Tournament points", TP-1 …): they are not a
game's, so they live on the rules index, anchored there (``/rules/#TP-3``), and the
section itself is anchored by its code (``/rules/#TP``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import markdown

from games import registry

HERE = Path(__file__).resolve().parent
#: The languages of the rules, Dutch first (the site's default).
LANGUAGES = ("nl", "de", "en")
#: What an unknown language gets.
FALLBACK_LANGUAGE = "en"
#: Where the rules pages live (disputes/rule_pages.py serves them there).
RULES_URL = "/rules/"
#: Where each game's original text is served (``/rules/originals/<game>/``).
ORIGINALS_URL = f"{RULES_URL}originals/"
#: The list of the original texts on the rules index (the preface links ``seeds/`` there).
ORIGINALS_ANCHOR = "originals"
#: The folder of the original texts, ``<game>.<language>.txt``.
SEEDS = HERE / "seeds"
#: The codes of the rules in the sections for all games (on the rules index, not a game).
GENERAL_CODES = ("TP",)
#: What a rule ID looks like: MR-5, MR-4P, MR-V1, KZ-9, TP-3, ... Only the IDs of the
#: games played (their prefix is the game spec's) and of GENERAL_CODES are rules.
ID_PATTERN = re.compile(r"\b[A-Z]{2}-[0-9A-Z]+\b")
#: A game's rules: ``rules.<language>.md`` in its package, one "## Title (XX)" section like
#: RULES.md's (English where the game has none in a language).
OWN_RULES = "rules.{language}.md"

_HEADING = re.compile(r"^## (?P<title>.+?)(?: \((?P<code>[A-Z]{2})\))?(?: — (?P<source>.+))?$")
_RULE_START = re.compile(r"^- \*\*(?P<id>" + ID_PATTERN.pattern + r") ")
_RULE_HEAD = re.compile(r"^\*\*(?P<id>\S+) (?P<title>[^*]+)\*\*(?P<rest>.*)$", re.DOTALL)
_RULER = re.compile(r"^-{3,}\s*$")
_CODE_SPAN = re.compile(r"(`[^`]*`)")


@dataclass(frozen=True)
class Rule:
    """One rule in one language; ``game`` is "" for a rule of a section for all games.

    ``title``: the rule's name ("Ten-card"); ``text``: the rule in plain text, markdown
    stripped, without its ID and without a title that stands alone ("A card played with
    ..."; when the title is the start of the first sentence, as in ME-4 "Wish cards (W,
    ...) name the colour ...", the text starts with it); ``html``: the whole rule rendered
    (ID and title in bold), rule IDs in it linked to ``/rules/<game>/#<ID>``.
    """

    id: str
    game: str
    title: str
    text: str
    html: str
    anchor: str
    language: str = FALLBACK_LANGUAGE

    @property
    def url(self) -> str:
        """The rule on its game's rules page (a rule for all games: on the rules index)."""
        return f"{RULES_URL}{self.game}/#{self.anchor}" if self.game else rule_url(self.id)


@dataclass(frozen=True)
class Section:
    """A part of RULES.md that is not a game's: "Tournament points" (TP). ``html`` is the
    whole section; its rules (``rules``, TP-1 …) are a list with ``id="TP-1"`` on each and a
    ¶ link to itself, like a game's. ``code`` is the rules' prefix (also the section's
    anchor, ``anchor``) or "" for a section without rules."""

    title: str
    html: str
    code: str = ""
    rules: tuple[Rule, ...] = ()

    @property
    def anchor(self) -> str:
        return self.code


@dataclass(frozen=True)
class GameRules:
    """A game's section of RULES.md in one language.

    ``html`` is the whole section (intro, then the rules as a list with ``id="MR-5"`` on
    every rule and a ¶ link to itself; IDs in the texts link to ``#MR-7`` on the page).
    ``notation_html`` (the card notation) and ``general`` (the sections for all games) are
    the same on every game's page.
    """

    game: str
    code: str
    title: str
    source: str
    language: str
    intro_html: str
    rules: tuple[Rule, ...]
    html: str
    document_title: str
    notation_html: str
    general: tuple[Section, ...]


@dataclass(frozen=True)
class Original:
    """A game's original rule text, as published (``seeds/<game>.<language>.txt``)."""

    game: str
    language: str
    text: str

    @property
    def url(self) -> str:
        """Where the rules pages serve it."""
        return f"{ORIGINALS_URL}{self.game}/"


@dataclass(frozen=True)
class _Document:
    title: str
    preface_html: str
    notation_html: str
    games: dict[str, GameRules]
    general: tuple[Section, ...]
    rules: dict[str, Rule]


def codes() -> dict[str, str]:
    """A section heading's code (the game spec's prefix) -> the game's registry name."""
    return registry.by_prefix()


def language_of(language: str | None) -> str:
    """nl/de/en for ``language`` ("de-at" -> de); anything else -> en."""
    code = (language or "").strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else FALLBACK_LANGUAGE


def path(language: str) -> Path:
    """The markdown file of ``language`` that holds what is no game's (preface, notation,
    the sections for all games)."""
    return HERE / f"RULES.{language_of(language)}.md"


def rule(rule_id: str, language: str) -> Rule | None:
    """Rule ``rule_id`` (MR-5, mz-8, ...) in ``language``; None for an unknown ID."""
    key = (rule_id or "").strip().upper()
    return _document(language_of(language)).rules.get(key)


def game_rules(game: str, language: str) -> GameRules:
    """The section of ``game`` (a registry name) in ``language``; KeyError for others."""
    sections = _document(language_of(language)).games
    if game not in sections:
        raise KeyError(game)
    return sections[game]


def games() -> tuple[str, ...]:
    """The registry names of the games with a section, in RULES.md order."""
    return tuple(_document(FALLBACK_LANGUAGE).games)


@cache
def original(game: str) -> Original | None:
    """The original text of ``game`` (a registry name); None for a game without one."""
    if game not in codes().values():
        return None
    found = sorted(SEEDS.glob(f"{game}.*.txt"))
    if not found:
        return None
    language = found[0].name.split(".")[1]
    return Original(game=game, language=language, text=found[0].read_text(encoding="utf-8"))


def originals() -> tuple[Original, ...]:
    """The original texts of the games, in RULES.md order."""
    return tuple(item for item in map(original, games()) if item is not None)


def rule_ids() -> tuple[str, ...]:
    """Every rule ID of RULES.md, in order."""
    return tuple(_document(FALLBACK_LANGUAGE).rules)


def game_of(rule_id: str) -> str | None:
    """The registry name of the game of ``rule_id`` (by its prefix), or None (also for a
    rule for all games, TP-3)."""
    return codes().get((rule_id or "").strip().upper().split("-")[0])


def rule_url(rule_id: str) -> str:
    """Where rule ``rule_id`` is shown: ``/rules/<game>/#MR-5``, or ``/rules/#TP-3`` for a
    rule for all games (the rules index)."""
    game = game_of(rule_id)
    return f"{RULES_URL}{game}/#{rule_id}" if game else f"{RULES_URL}#{rule_id}"


def general(language: str) -> tuple[Section, ...]:
    """The sections for all games in ``language`` ("Tournament points"), in file order."""
    return _document(language_of(language)).general


def title(language: str) -> str:
    """The title of the rules document in ``language``."""
    return _document(language_of(language)).title


def preface_html(language: str) -> str:
    """The opening paragraphs of the rules document (what the IDs and readings are), for
    the rules index: its ``seeds/`` links to the index's list of originals (``#originals``)."""
    return _document(language_of(language)).preface_html


def plain(markdown_text: str) -> str:
    """``markdown_text`` without markup: emphasis and code marks gone, spaces collapsed."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", markdown_text)
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])", "", text)
    return " ".join(text.split())


def _link_ids(text: str, href) -> str:
    """Markdown ``text`` with every known rule ID (outside code spans, and not the rule's
    own bold ID at its start) made a link to ``href(id)``."""

    def link(match: re.Match) -> str:
        target = href(match.group(0))
        return f"[{match.group(0)}]({target})" if target else match.group(0)

    parts = _CODE_SPAN.split(text)
    return "".join(
        part if part.startswith("`") else re.sub(r"(?<!\*\*)" + ID_PATTERN.pattern, link, part)
        for part in parts
    )


def _render(text: str) -> str:
    return markdown.markdown(text, output_format="html").strip()


def _link_seeds(html: str) -> str:
    """The preface's ``seeds/`` (where the original texts are, beside the file) made a link
    to the list of the original texts (``#originals``: the preface is on the rules index,
    and a link on the page keeps its ``?lang=``)."""
    return html.replace(
        "<code>seeds/</code>", f'<a href="#{ORIGINALS_ANCHOR}"><code>seeds/</code></a>'
    )


def _blocks(lines: list[str]) -> list[list[str]]:
    """Lines split into blank-line separated blocks."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if line.strip():
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


def _split_section(lines: list[str]) -> tuple[list[str], list[str], list[str]]:
    """A game section's body -> (intro lines, one markdown text per rule, closing lines)."""
    intro: list[str] = []
    rules: list[list[str]] = []
    outro: list[str] = []
    in_rule = False
    for line in lines:
        if _RULE_START.match(line) and not outro:
            rules.append([line[2:]])
            in_rule = True
        elif in_rule and line.startswith("  ") and line.strip():
            rules[-1].append(line.strip())
        elif not line.strip():
            in_rule = False
            (outro if rules else intro).append(line)
        elif rules:
            in_rule = False
            outro.append(line)
        else:
            intro.append(line)
    return intro, ["\n".join(r) for r in rules], outro


def _parse_rule(source: str, game: str, language: str, href) -> Rule:
    head = _RULE_HEAD.match(source)
    if head is None:  # pragma: no cover - the files' format is checked by the tests
        raise ValueError(f"not a rule: {source[:60]!r}")
    rule_id, name, rest = head["id"], head["title"].strip(), head["rest"]
    body = rest.strip() if name.endswith(".") else f"{name}{rest}"
    return Rule(
        id=rule_id,
        game=game,
        title=plain(name.rstrip(".:")),
        text=plain(body),
        html=_render(_link_ids(source, href)),
        anchor=rule_id,
        language=language,
    )


def _known_ids(chunks: list[tuple[str, list[str]]]) -> dict[str, str]:
    """Rule ID -> game ("" for a rule for all games), over every section (the links need
    them all first)."""
    known: dict[str, str] = {}
    for heading, chunk in chunks:
        match = _HEADING.match(heading)
        game = codes().get(match["code"] or "", "") if match else ""
        for line in chunk:
            start = _RULE_START.match(line)
            if start and (game or start["id"].split("-")[0] in GENERAL_CODES):
                known[start["id"]] = game
    return known


def _split_preamble(lines: list[str]) -> tuple[str, str]:
    """The text before the first section -> (preface, card notation): the notation is
    the paragraph that introduces the first list, and what follows."""
    blocks = _blocks(lines)
    first_list = next((i for i, b in enumerate(blocks) if b[0].startswith("- ")), None)
    cut = max(first_list - 1, 0) if first_list is not None else len(blocks)
    return (
        "\n\n".join("\n".join(b) for b in blocks[:cut]),
        "\n\n".join("\n".join(b) for b in blocks[cut:]),
    )


def _section_html(intro_html: str, rules: tuple[Rule, ...], texts, outro, href) -> str:
    items = [
        f'<li id="{item.anchor}" class="rule">'
        f'<a class="rule-link" href="#{item.anchor}" aria-label="{item.anchor}">¶</a> '
        f"{_render(_link_ids(text, href))}</li>"
        for item, text in zip(rules, texts, strict=True)
    ]
    html = [f'<div class="rules-intro">{intro_html}</div>'] if intro_html else []
    html.append('<ul class="rules">\n' + "\n".join(items) + "\n</ul>")
    if any(line.strip() for line in outro):
        html.append(_render(_link_ids("\n".join(outro), href)))
    return "\n".join(html)


def _general_section(name: str, chunk: list[str], language: str, href) -> Section:
    """A section for all games; its rules (TP-1 …) anchored like a game's, on the index."""
    intro, texts, outro = _split_section(chunk)
    if not texts:
        return Section(title=name, html=_render(_link_ids("\n".join(chunk), href)))
    rules = tuple(_parse_rule(text, "", language, href) for text in texts)
    intro_html = _render(_link_ids("\n".join(intro), href)) if any(intro) else ""
    return Section(
        title=name,
        html=_section_html(intro_html, rules, texts, outro, href),
        code=rules[0].id.split("-")[0],
        rules=rules,
    )


def _document(language: str) -> _Document:
    return _parsed(language, registry.available())


def _game_sections(language: str) -> list[str]:
    """The lines of the sections of the games played, in the registry's order: each from
    its package (:data:`OWN_RULES`, English if not in ``language``)."""
    lines: list[str] = []
    for game in codes().values():
        folder = registry.folder(game)
        for name in (OWN_RULES.format(language=language), OWN_RULES.format(language="en")):
            if (folder / name).is_file():
                lines += ["", *(folder / name).read_text(encoding="utf-8").splitlines()]
                break
    return lines


@cache
def _parsed(language: str, played: tuple[str, ...]) -> _Document:
    """The rules document in ``language`` for the games ``played`` (the cache's key)."""
    site = path(language).read_text(encoding="utf-8").splitlines()
    first = next((i for i, line in enumerate(site) if line.startswith("## ")), len(site))
    lines = [*site[:first], *_game_sections(language), "", *site[first:]]
    lines = [line for line in lines if not _RULER.match(line)]
    doc_title = lines[0].removeprefix("# ").strip() if lines[0].startswith("# ") else ""
    body = lines[1:] if doc_title else lines

    # The preamble, then one chunk per "## " heading.
    chunks: list[tuple[str, list[str]]] = [("", [])]
    for line in body:
        if line.startswith("## "):
            chunks.append((line, []))
        else:
            chunks[-1][1].append(line)
    known = _known_ids(chunks[1:])

    def absolute(rule_id: str) -> str | None:
        return rule_url(rule_id) if rule_id in known else None

    def on_page(game: str):
        def href(rule_id: str) -> str | None:
            return f"#{rule_id}" if known.get(rule_id) == game else absolute(rule_id)

        return href

    known_codes = codes()
    preface, notation = _split_preamble(chunks[0][1])
    notation_html = _render(_link_ids(notation, absolute))
    general: list[Section] = []
    parts = []
    for heading, chunk in chunks[1:]:
        match = _HEADING.match(heading)
        code = (match["code"] or "") if match else ""
        name = match["title"].strip() if match else heading[3:].strip()
        if code in known_codes:
            parts.append((known_codes[code], code, name, plain(match["source"] or ""), chunk))
        else:
            general.append(_general_section(plain(name), chunk, language, absolute))

    sections: dict[str, GameRules] = {}
    all_rules: dict[str, Rule] = {}
    for game, code, name, source, chunk in parts:
        href = on_page(game)
        intro, texts, outro = _split_section(chunk)
        rules = tuple(_parse_rule(text, game, language, absolute) for text in texts)
        intro_html = _render(_link_ids("\n".join(intro), href)) if any(intro) else ""
        all_rules.update((item.id, item) for item in rules)
        sections[game] = GameRules(
            game=game,
            code=code,
            title=plain(name),
            source=source,
            language=language,
            intro_html=intro_html,
            rules=rules,
            html=_section_html(intro_html, rules, texts, outro, href),
            document_title=doc_title,
            notation_html=notation_html,
            general=tuple(general),
        )
    for section in general:
        all_rules.update((item.id, item) for item in section.rules)
    return _Document(
        title=doc_title,
        preface_html=_link_seeds(_render(_link_ids(preface, absolute))),
        notation_html=notation_html,
        games=sections,
        general=tuple(general),
        rules=all_rules,
    )
