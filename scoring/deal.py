"""What the table records about one deal: the result (or a pass), honors held, N-S high-card points.

In a session's JSON a deal is a string (``"2S E +1"``, ``"pass"``) or an object such as
``{"result": "6S W =", "honors": "EW 100", "hcp_ns": 14}``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from scoring._text import Refused, brief, quoted, small_int
from scoring.contract import PASS, PassedOut, Result, Strain, parse_deal
from scoring.seat import Side
from scoring.words import english_side


class InvalidDealError(Refused):
    """A recorded deal whose honors, high-card points or shape cannot be right."""


HONORS_POINTS: Final = (100, 150)
"""Four trump honors in one hand score 100; all five, or all four aces at notrump, score 150."""


@dataclass(frozen=True, slots=True)
class Honors:
    """Honors held in one hand, credited to that hand's side (declarer's or not) in Chicago scoring."""

    side: Side
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise InvalidDealError(f"honors side must be a Side, not {self.side!r}")
        if self.points not in HONORS_POINTS or type(self.points) is not int:
            raise InvalidDealError(
                f"honors are worth 100 or 150, not {self.points!r}", "honors", points=self.points
            )

    @classmethod
    def parse(cls, text: str, language: str = "en") -> Honors:
        """Read ``NS 100``, ``E-W 150``, and the side as ``language`` writes it (``OW 100`` in Dutch)."""
        typed = _TYPED_HONORS.fullmatch(text)
        if typed is not None:
            text = f"{english_side(typed['side'], language)} {typed['points']}"
        match = _HONORS.fullmatch(text.strip().upper())
        if match is None:
            raise InvalidDealError(
                f"cannot read honors {quoted(text)}: expected a side and 100 or 150, e.g. 'EW 100'",
                "honors unreadable",
                text=text,
            )
        points = small_int(match["points"], 3)
        if points is None:
            raise InvalidDealError(
                f"honors are worth 100 or 150, not {quoted(match['points'])}",
                "honors",
                points=match["points"],
            )
        return cls(Side.parse(match["side"]), points)

    def __str__(self) -> str:
        return f"{self.side.name} {self.points}"


_TYPED_HONORS: Final = re.compile(r"\s*(?P<side>\D+?)\s*(?P<points>\d+)\s*")
_HONORS: Final = re.compile(r"(?P<side>N\s*[-/]?\s*S|E\s*[-/]?\s*W)\s*(?P<points>\d+)")

_DEAL_KEYS: Final = ("result", "honors", "hcp_ns")


@dataclass(frozen=True, slots=True)
class RecordedDeal:
    """One deal as written on the pad; a passed-out deal carries nothing else."""

    result: Result | PassedOut
    honors: Honors | None = None
    hcp_ns: int | None = None
    """High-card points held by N-S (0 to 40); Russian scoring needs them."""

    def __post_init__(self) -> None:
        if not isinstance(self.result, Result | PassedOut):
            raise InvalidDealError(f"a deal's result must be a Result or PASS, not {self.result!r}")
        if self.honors is not None and not isinstance(self.honors, Honors):
            raise InvalidDealError(f"honors must be Honors or None, not {self.honors!r}")
        if self.hcp_ns is not None and (type(self.hcp_ns) is not int or not 0 <= self.hcp_ns <= 40):
            raise InvalidDealError(
                f"N-S high-card points are 0 to 40, not {self.hcp_ns!r}", "hcp range", hcp=self.hcp_ns
            )
        if self.result is PASS and (self.honors is not None or self.hcp_ns is not None):
            raise InvalidDealError(
                "a passed-out deal is redealt: it has no honors or high-card points to record"
            )
        if (
            isinstance(self.result, Result)
            and self.honors is not None
            and self.result.contract.strain is Strain.NOTRUMP
            and self.honors.points != 150
        ):
            raise InvalidDealError(f"{self.result}: at notrump only all four aces count as honors (150)")

    @property
    def passed_out(self) -> bool:
        return self.result is PASS

    @classmethod
    def parse(cls, text: str, language: str = "en") -> RecordedDeal:
        """Read a deal written as a string: a result or ``pass`` (in ``language``'s words too)."""
        return cls(parse_deal(text, language))

    @classmethod
    def from_value(cls, value: object, language: str = "en") -> RecordedDeal:
        """Read a deal from a session's JSON: a string, or an object with result, honors, hcp_ns."""
        if isinstance(value, str):
            return cls.parse(value, language)
        if not isinstance(value, Mapping):
            raise InvalidDealError(f"a deal is a string or an object with a result, not {brief(value)}")
        unknown = sorted(str(key) for key in value if key not in _DEAL_KEYS)
        if unknown:
            raise InvalidDealError(f"unknown deal field {unknown[0]!r}: expected result, honors or hcp_ns")
        text = value.get("result")
        if not isinstance(text, str):
            raise InvalidDealError(f"a deal object needs a result string, e.g. '4H S =', not {brief(text)}")
        honors = value.get("honors")
        if honors is not None and not isinstance(honors, str):
            raise InvalidDealError(f"honors are written like 'NS 100', not {brief(honors)}")
        hcp_ns = value.get("hcp_ns")
        if hcp_ns is not None and type(hcp_ns) is not int:
            raise InvalidDealError(f"hcp_ns is a whole number 0 to 40, not {brief(hcp_ns)}")
        return cls(
            parse_deal(text, language), None if honors is None else Honors.parse(honors, language), hcp_ns
        )

    def to_value(self) -> str | dict[str, object]:
        """The session JSON form: a plain string unless honors or high-card points were recorded."""
        if self.honors is None and self.hcp_ns is None:
            return str(self.result)
        value: dict[str, object] = {"result": str(self.result)}
        if self.honors is not None:
            value["honors"] = str(self.honors)
        if self.hcp_ns is not None:
            value["hcp_ns"] = self.hcp_ns
        return value

    @classmethod
    def of(cls, deal: RecordedDeal | Result | PassedOut | str) -> RecordedDeal:
        """Accept what a caller has at hand: a recorded deal, a result, PASS or a string."""
        if isinstance(deal, RecordedDeal):
            return deal
        if isinstance(deal, str):
            return cls.parse(deal)
        return cls(deal)
