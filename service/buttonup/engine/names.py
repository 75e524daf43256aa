"""The one rule for a name people see (a player's, a seat's), wherever one
is set: a request, an imported record, a script.

A name is 1 to 40 characters, not only spaces, kept in Unicode NFC, with no
character that is not shown as itself: no control character (C0, DEL, C1),
no format character (right-to-left and other direction overrides and
isolates, zero-width spaces and joiners, the byte order mark, soft hyphens,
tag characters), no line or paragraph separator, no lone surrogate. So two
names that look the same are the same text, and a name cannot reorder or
hide what is shown around it on a leaderboard or a seek list. (An emoji
joined by a zero-width joiner is refused with the rest.)
"""

import unicodedata

NAME_LENGTH = (1, 40)
# Categories of the characters no name holds: control, format, surrogate,
# line and paragraph separators.
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def name_problem(name: str) -> str | None:
    """Why `name` is not a name (None: it is one), as it was given."""
    low, high = NAME_LENGTH
    if not low <= len(name) <= high:
        return f"a name is {low} to {high} characters"
    for character in name:
        if unicodedata.category(character) in HIDDEN_CATEGORIES:
            return f"a name holds no control or invisible character (U+{ord(character):04X})"
    if not name.strip():
        return "a name is not only spaces"
    return None


def normal_name(name: str) -> str:
    """The name as it is kept: NFC."""
    return unicodedata.normalize("NFC", name)


# The code points of those categories, as ranges (Unicode 14, Python 3.11's
# unicodedata; tests/engine/test_names.py checks them against it): what a
# pattern of a name's characters names.
HIDDEN_RANGES = (
    (0x0000, 0x001F),
    (0x007F, 0x009F),
    (0x00AD, 0x00AD),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x180E, 0x180E),
    (0x200B, 0x200F),
    (0x2028, 0x202E),
    (0x2060, 0x2064),
    (0x2066, 0x206F),
    (0xD800, 0xDFFF),
    (0xFEFF, 0xFEFF),
    (0xFFF9, 0xFFFB),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x13438),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0001, 0xE0001),
    (0xE0020, 0xE007F),
)
