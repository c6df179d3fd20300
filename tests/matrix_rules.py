"""The permission matrix lines of the rules pages (disputes/rule_pages.py): public, the
rules are for everyone."""

from .matrix_common import EVERYONE

MATRIX: dict = {
    "disputes:rules-index": (lambda c: {}, EVERYONE),
    "disputes:rules-game": (lambda c: {"game": "meierijen"}, EVERYONE),
    "disputes:rules-original": (lambda c: {"game": "meino"}, EVERYONE),
}
