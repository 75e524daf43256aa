from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.notation_reason import NotationReason, check_notation_reason
from ..models.problem_code import ProblemCode, check_problem_code
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_errors import ProblemErrors


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """An RFC 9457 problem: every error the service sends."""

    type_: str
    """ A URI naming the problem type """
    title: str
    """ Short summary of the problem type """
    status: int
    """ The HTTP status """
    detail: str
    """ What went wrong, for people """
    code: ProblemCode
    """ Stable snake_case code for programs: branch on this """
    instance: str
    """ The request path """
    version: int | Unset = UNSET
    """ The game's current version (conflicts) """
    errors: ProblemErrors | Unset = UNSET
    """ Messages by field (validation errors) """
    retry_after_seconds: int | Unset = UNSET
    """ claim_not_allowed: when the claim would be allowed, if nothing changes """
    line: int | Unset = UNSET
    """ invalid_record, and validation_error for a position: the line of the first thing wrong, from 1 """
    column: int | Unset = UNSET
    """ invalid_record, and a position's refusal: its column, from 1 """
    reason: NotationReason | Unset = UNSET
    """ Why a record or a position is refused, as a code (docs/notation.md#reasons): the refusal's `detail` says it
    in English, with what was expected there """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        code: str = self.code

        instance = self.instance

        version = self.version

        errors: dict[str, Any] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = self.errors.to_dict()

        retry_after_seconds = self.retry_after_seconds

        line = self.line

        column = self.column

        reason: str | Unset = UNSET
        if not isinstance(self.reason, Unset):
            reason = self.reason

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "code": code,
                "instance": instance,
            }
        )
        if version is not UNSET:
            field_dict["version"] = version
        if errors is not UNSET:
            field_dict["errors"] = errors
        if retry_after_seconds is not UNSET:
            field_dict["retry_after_seconds"] = retry_after_seconds
        if line is not UNSET:
            field_dict["line"] = line
        if column is not UNSET:
            field_dict["column"] = column
        if reason is not UNSET:
            field_dict["reason"] = reason

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        code = check_problem_code(d.pop("code"))

        instance = d.pop("instance")

        version = d.pop("version", UNSET)

        _errors = d.pop("errors", UNSET)
        errors: ProblemErrors | Unset
        if isinstance(_errors, Unset):
            errors = UNSET
        else:
            errors = ProblemErrors.from_dict(_errors)

        retry_after_seconds = d.pop("retry_after_seconds", UNSET)

        line = d.pop("line", UNSET)

        column = d.pop("column", UNSET)

        _reason = d.pop("reason", UNSET)
        reason: NotationReason | Unset
        if isinstance(_reason, Unset):
            reason = UNSET
        else:
            reason = check_notation_reason(_reason)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            code=code,
            instance=instance,
            version=version,
            errors=errors,
            retry_after_seconds=retry_after_seconds,
            line=line,
            column=column,
            reason=reason,
        )

        return problem
