"""Request bodies mean what the standard json module reads them as, though
orjson reads most of them (api.parse_json)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from buttonup.api import parse_json

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text()
)
DOCUMENTS = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=400, deadline=None)
@given(DOCUMENTS, st.booleans(), st.sampled_from([None, 1]))
def test_any_document_reads_as_the_standard_module_reads_it(document, ascii_only, indent):
    data = json.dumps(document, ensure_ascii=ascii_only, indent=indent).encode(
        "utf-8", "surrogatepass"
    )
    # repr tells 1 from 1.0 and shows NaN, which equals nothing.
    assert repr(parse_json(data)) == repr(json.loads(data))


@pytest.mark.parametrize(
    "data",
    [
        b'{"a": 1, "a": 2}',
        b'\xef\xbb\xbf{"a": 1}',  # a byte order mark
        '{"a": 1}'.encode("utf-16"),
        b'{"a": NaN, "b": -Infinity}',
        b'{"a": 99999999999999999999999}',  # past 64 bits: orjson would read a float
        b'{"a": -9223372036854775809}',
        b'{"a": 18446744073709551615}',
        b'{"a": 1e400}',
        b'"\\ud800"',
        b'{"a": 0.1000000000000000055511151231257827}',
        b'{"a": 2.2250738585072011e-308, "b": 9007199254740993.0, "c": 5e-324}',
        b'{"a": 123456789012345678.5e-3}',
    ],
)
def test_bodies_orjson_reads_otherwise_read_as_before(data):
    assert repr(parse_json(data)) == repr(json.loads(data))


@pytest.mark.parametrize("data", [b"{oops", b"\xff\xfe", b"", b"[1,]", b"{'a': 1}"])
def test_what_the_standard_module_refuses_is_refused(data):
    with pytest.raises(ValueError):
        parse_json(data)
