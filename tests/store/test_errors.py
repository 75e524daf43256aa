"""ErrorsAs: one layer's errors raised as another's."""

import pytest

from buttonup.store.errors import ErrorsAs


class Outer(Exception):
    pass


class Other(Exception):
    pass


TRANSLATE = ErrorsAs(
    (KeyError, lambda error: Outer(f"missing {error}")),
    ((LookupError, TimeoutError), lambda error: Other(str(error))),
)


def test_an_error_of_a_row_is_raised_as_that_rows_chained_to_it():
    with pytest.raises(Outer, match="missing 'k'") as raised, TRANSLATE:
        raise KeyError("k")
    assert isinstance(raised.value.__cause__, KeyError)


def test_the_first_row_that_matches_decides():
    with pytest.raises(Other), TRANSLATE:
        raise IndexError("a LookupError, not a KeyError")
    with pytest.raises(Other), TRANSLATE:
        raise TimeoutError("in a tuple of kinds")


def test_other_errors_and_no_error_pass_through_untouched():
    with pytest.raises(ValueError), TRANSLATE:
        raise ValueError("not in the table")
    with TRANSLATE:
        found = 1
    assert found == 1


def test_one_instance_serves_nested_uses():
    with pytest.raises(Outer), TRANSLATE:
        with TRANSLATE:
            pass
        raise KeyError("after the inner one ended")


def test_the_store_raises_the_use_cases_own_errors():
    """One set of errors: what the store raises for a game not found, storage
    away or full and an outcome unknown is what the use cases answer with,
    and none of the store's own errors shares a name with theirs."""
    from buttonup import errors, store
    from buttonup.store import errors as store_errors

    for name in ("GameNotFound", "StorageUnavailable", "StorageFull", "OutcomeUnknown"):
        assert getattr(store, name) is getattr(errors, name)
    own = {
        name
        for name, value in vars(store_errors).items()
        if isinstance(value, type) and issubclass(value, store_errors.StoreError)
    }
    assert own == {"StoreError", "VersionConflict", "SealBroken"}
    assert not own & set(vars(errors))
    assert str(store_errors.game_not_found("abc")) == "no game abc"
