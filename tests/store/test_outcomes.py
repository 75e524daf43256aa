"""The scripts' answers by name: every code an enum names is one its script
returns, and every code the script returns is named."""

import re
from importlib import resources

import pytest

from buttonup.store.outcomes import Committed, Created, SeekPlaced


@pytest.mark.parametrize(
    ("script", "outcomes"),
    [("create", Created), ("commit", Committed), ("seek_add", SeekPlaced)],
)
def test_every_code_a_script_returns_is_named(script, outcomes):
    source = (resources.files("buttonup.store") / "lua" / f"{script}.lua").read_text()
    returned = {int(code) for code in re.findall(r"return \{(\d+)", source)}
    assert returned == {outcome.value for outcome in outcomes}
