"""The permission matrix lines of the help (help/views.py): public, like the rules; a
director looks something up before logging in, and the help holds nothing of a club."""

from .matrix_common import EVERYONE

MATRIX: dict = {
    "help:help-index": (lambda c: {}, EVERYONE),
    "help:help-section": (lambda c: {"slug": "evening"}, EVERYONE),
    "help:help-evening-pdf": (lambda c: {}, EVERYONE),
}
