from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.rating_category import RatingCategory, check_rating_category
from ..types import UNSET, Unset

T = TypeVar("T", bound="Accepts")


@_attrs_define
class Accepts:
    """What a player accepts: a challenge outside it is declined at once, with
    the reason that says what to send instead (`too_fast`, `too_slow` or
    `timecontrol`; `casual`, `rated`; `position`).

    """

    categories: list[RatingCategory] | Unset = UNSET
    """ The rating categories of the clocks it accepts; all by default """
    rated: bool | Unset = True
    """ Whether it accepts rated games """
    casual: bool | Unset = True
    """ Whether it accepts unrated games """
    positions: bool | Unset = True
    """ Whether it accepts games from a position """

    def to_dict(self) -> dict[str, Any]:
        categories: list[str] | Unset = UNSET
        if not isinstance(self.categories, Unset):
            categories = []
            for categories_item_data in self.categories:
                categories_item: str = categories_item_data
                categories.append(categories_item)

        rated = self.rated

        casual = self.casual

        positions = self.positions

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if categories is not UNSET:
            field_dict["categories"] = categories
        if rated is not UNSET:
            field_dict["rated"] = rated
        if casual is not UNSET:
            field_dict["casual"] = casual
        if positions is not UNSET:
            field_dict["positions"] = positions

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _categories = d.pop("categories", UNSET)
        categories: list[RatingCategory] | Unset = UNSET
        if _categories is not UNSET:
            categories = []
            for categories_item_data in _categories:
                categories_item = check_rating_category(categories_item_data)

                categories.append(categories_item)

        rated = d.pop("rated", UNSET)

        casual = d.pop("casual", UNSET)

        positions = d.pop("positions", UNSET)

        accepts = cls(
            categories=categories,
            rated=rated,
            casual=casual,
            positions=positions,
        )

        return accepts
