"""The scripts' answers by name: every code an enum names is one its script
returns, and every code the script returns is named."""

import re
from importlib import resources

import pytest

from buttonup.ratings.store import Applied
from buttonup.seeks.store import SeekAdded
from buttonup.store.outcomes import Committed, Created


@pytest.mark.parametrize(
    ("package", "script", "outcomes"),
    [
        ("buttonup.store", "create", Created),
        ("buttonup.store", "commit", Committed),
        ("buttonup.seeks", "seek_add", SeekAdded),
        ("buttonup.ratings", "rating_apply", Applied),
    ],
)
def test_every_code_a_script_returns_is_named(package, script, outcomes):
    source = (resources.files(package) / "lua" / f"{script}.lua").read_text()
    returned = {int(code) for code in re.findall(r"return \{(\d+)", source)}
    assert returned == {outcome.value for outcome in outcomes}
