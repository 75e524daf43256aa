"""The one rule for names: length, no hidden character, NFC."""

import unicodedata

import pytest

from buttonup.engine.names import HIDDEN_CATEGORIES, HIDDEN_RANGES, name_problem, normal_name


@pytest.mark.parametrize("name", ["Ana", "Zoë", "李小龍", "O'Brien-Smith", "🙂", "a" * 40])
def test_names_people_write_are_names(name):
    assert name_problem(name) is None


@pytest.mark.parametrize(
    "name",
    [
        "",
        "a" * 41,
        "   ",
        "Ana\u202eBo",  # right-to-left override
        "Ana\u2066",  # left-to-right isolate
        "A\u200bna",  # zero-width space
        "A\u200dna",  # zero-width joiner
        "\ufeffAna",  # byte order mark
        "Ana\u0085",  # C1: next line
        "Ana\u009b",  # C1: control sequence introducer
        "Ana\x00",
        "Ana\u2028",  # line separator
        "Ana\U000e0041",  # a tag character
    ],
)
def test_hidden_characters_lengths_and_blanks_are_refused(name):
    assert name_problem(name) is not None


def test_a_name_is_kept_in_nfc():
    assert normal_name("Zoe\u0308") == "Zoë" == normal_name("Zoë")


def test_the_hidden_ranges_are_this_pythons_hidden_characters():
    listed = {code for low, high in HIDDEN_RANGES for code in range(low, high + 1)}
    found = {
        code for code in range(0x110000) if unicodedata.category(chr(code)) in HIDDEN_CATEGORIES
    }
    assert listed == found
