"""Contracts and results as written on a score pad: ``3NT N -2``, ``4HX S =``, ``pass``.

A `Result` stores the tricks declarer took, so a result that cannot happen at the table (8NT, 4H+4, 1C-8)
cannot be built: the constructor and `Result.parse` both raise `InvalidResultError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from scoring._enums import DomainEnum
from scoring._text import Refused, quoted, small_int
from scoring.seat import Seat, Side
from scoring.words import english, is_pass

BOOK: Final = 6
"""Tricks declarer must take before the contract's first trick counts."""

ALL_TRICKS: Final = 13


class InvalidResultError(Refused):
    """A result (or a contract inside it) that cannot be read or cannot happen (``facts``: what was typed;
    ``text``: the whole result, when read from one)."""


class InvalidContractError(InvalidResultError):
    """A contract that cannot be bid, such as 8NT."""


class Strain(DomainEnum):
    """A denomination, in bidding order: clubs < diamonds < hearts < spades < notrump."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @classmethod
    def parse(cls, text: str) -> Strain:
        """Accept the pad's letters in any case; ``N`` is notrump as in ``3N``."""
        key = text.strip().upper()
        if key == "N":
            return cls.NOTRUMP
        for strain in cls:
            if key in (strain.value, strain.name):
                return strain
        raise InvalidContractError(f"unknown strain {quoted(text)}: expected C, D, H, S or NT")

    @property
    def symbol(self) -> str:
        """As a pad writes it: the suit's symbol (``♠``), ``NT`` for notrump."""
        return _STRAIN_SYMBOLS[self]

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)


_STRAIN_SYMBOLS = {
    Strain.CLUBS: "\u2663",
    Strain.DIAMONDS: "\u2666",
    Strain.HEARTS: "\u2665",
    Strain.SPADES: "\u2660",
    Strain.NOTRUMP: "NT",
}


class Doubling(DomainEnum):
    """Whether the final contract was doubled or redoubled."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level 1 to 7, a strain, and its doubling."""

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED

    def __post_init__(self) -> None:
        if type(self.level) is not int or not 1 <= self.level <= 7:
            raise InvalidContractError(
                f"level {self.level!r} is impossible: a contract is 1 to 7", "level", level=self.level
            )
        if not isinstance(self.strain, Strain):
            raise InvalidContractError(f"strain must be a Strain, not {self.strain!r}")
        if not isinstance(self.doubling, Doubling):
            raise InvalidContractError(f"doubling must be a Doubling, not {self.doubling!r}")

    @classmethod
    def parse(cls, text: str) -> Contract:
        """Read ``4H``, ``3NTX``, ``7nxx``; spaces are ignored."""
        key = "".join(text.split()).upper()
        match = _CONTRACT.fullmatch(key)
        if match is None:
            raise InvalidContractError(
                f"cannot read contract {quoted(text)}: expected e.g. 4H, 3NT or 2SX",
                "contract",
                contract=text,
            )
        return cls._from_groups(match["level"], match["strain"], match["doubling"] or "")

    @classmethod
    def _from_groups(cls, level: str, strain: str, doubling: str) -> Contract:
        number = small_int(level, 2)
        if number is None:
            raise InvalidContractError(
                f"level {quoted(level)} is impossible: a contract is 1 to 7", "level", level=level
            )
        return cls(number, Strain.parse(strain), Doubling(doubling))

    @property
    def target(self) -> int:
        """Tricks declarer needs: book plus the level."""
        return BOOK + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain.value}{self.doubling.value}"


@dataclass(frozen=True, slots=True)
class Result:
    """A played contract: who declared it (if written) and how many tricks declarer took."""

    contract: Contract
    declarer: Seat | None
    tricks: int

    def __post_init__(self) -> None:
        if not isinstance(self.contract, Contract):
            raise InvalidResultError(f"contract must be a Contract, not {self.contract!r}")
        if self.declarer is not None and not isinstance(self.declarer, Seat):
            raise InvalidResultError(f"declarer must be a Seat or None, not {self.declarer!r}")
        if type(self.tricks) is not int or not 0 <= self.tricks <= ALL_TRICKS:
            raise InvalidResultError(
                f"{self.contract}: declarer cannot take {self.tricks!r} tricks; a deal has 0 to 13"
            )

    @classmethod
    def from_outcome(cls, contract: Contract, declarer: Seat | None, outcome: int) -> Result:
        """Build from the pad's ``=``/``+k``/``-k`` (0, k, -k), checking it against the contract."""
        target = contract.target
        if outcome > ALL_TRICKS - target:
            most = ALL_TRICKS - target
            limit = f"at most +{most}" if most else "no overtricks"
            raise InvalidResultError(
                f"{contract} needs {target} tricks, so +{outcome} is impossible ({limit} in 13 tricks)",
                "over",
                contract=str(contract),
                target=target,
                outcome=outcome,
                most=most,
            )
        if -outcome > target:
            raise InvalidResultError(
                f"{contract} can go down at most {target}, not {-outcome}",
                "under",
                contract=str(contract),
                target=target,
                down=-outcome,
            )
        return cls(contract, declarer, target + outcome)

    @classmethod
    def parse(cls, text: str, language: str = "en") -> Result:
        """Read ``3NT N -2``, ``4HX S -2``, ``3NTX-2``, ``6S West =``, ``3NT-North -2`` in any case, and
        ``language``'s own pad (``3SA Z =`` in Dutch: `scoring.words`); suit symbols everywhere."""
        match = _RESULT.fullmatch(english(text, language).strip().upper())
        if match is None:
            if text.strip().upper() in _PASS_WORDS:
                raise InvalidResultError(
                    f"{quoted(text)} is a passed-out deal, not a played contract", "passed", text=text
                )
            raise InvalidResultError(
                f"cannot read result {quoted(text)}: expected a contract, an optional declarer and"
                " =, +k or -k, e.g. '3NT N -2' or '4HX S ='",
                "unreadable",
                text=text,
            )
        try:
            doubling = "".join((match["doubling"] or "").split())
            contract = Contract._from_groups(match["level"], match["strain"], doubling)
        except InvalidResultError as error:
            raise type(error)(f"{quoted(text)}: {error}", error.fault, **error.facts, text=text) from None
        declarer = None
        if match["declarer"] is not None:
            try:
                declarer = Seat.parse(match["declarer"])
            except ValueError:
                raise InvalidResultError(
                    f"{quoted(text)}: unknown declarer {quoted(match['declarer'])}; expected N, E, S or W",
                    "declarer",
                    text=text,
                    declarer=match["declarer"],
                ) from None
        outcome_text = "".join(match["outcome"].split())
        tricks = 0 if outcome_text == "=" else small_int(outcome_text[1:], 2)
        if tricks is None:
            raise InvalidResultError(
                f"{quoted(text)}: a deal has 13 tricks, so {quoted(outcome_text)} is impossible",
                "tricks",
                text=text,
                outcome=outcome_text,
            )
        outcome = -tricks if outcome_text.startswith("-") else tricks
        if outcome_text != "=" and outcome == 0:
            raise InvalidResultError(
                f"{quoted(text)}: write '=' for a contract made exactly", "made", text=text
            )
        try:
            return cls.from_outcome(contract, declarer, outcome)
        except InvalidResultError as error:
            raise InvalidResultError(
                f"{quoted(text)}: {error}", error.fault, **error.facts, text=text
            ) from None

    @property
    def outcome(self) -> int:
        """Tricks over (positive) or under (negative) the contract's target."""
        return self.tricks - self.contract.target

    @property
    def made(self) -> bool:
        return self.outcome >= 0

    @property
    def overtricks(self) -> int:
        return max(self.outcome, 0)

    @property
    def undertricks(self) -> int:
        return max(-self.outcome, 0)

    @property
    def declarer_side(self) -> Side | None:
        return None if self.declarer is None else self.declarer.side

    def __str__(self) -> str:
        outcome = "=" if self.outcome == 0 else f"{self.outcome:+d}"
        seat = "" if self.declarer is None else f" {self.declarer.value}"
        return f"{self.contract}{seat} {outcome}"


class PassedOut(DomainEnum):
    """A deal nobody bid: the same dealer redeals it, and it is not one of the rubber's deals."""

    PASS = "pass"

    def __str__(self) -> str:
        return self.value


PASS: Final = PassedOut.PASS


def parse_deal(text: str, language: str = "en") -> Result | PassedOut:
    """Read one recorded deal: a result, or ``pass`` (also ``passed out``, and ``language``'s word, such as
    ``pas`` or ``пас``) for a passed-out deal."""
    if " ".join(text.upper().split()) in _PASS_WORDS or is_pass(text, language):
        return PASS
    return Result.parse(text, language)


_PASS_WORDS: Final = frozenset({"PASS", "PASSED", "PASSED OUT", "PASSED-OUT", "ALL PASS"})

_CONTRACT: Final = re.compile(r"(?P<level>\d+)(?P<strain>NT|N|C|D|H|S)(?P<doubling>XX|X)?")

_RESULT: Final = re.compile(
    r"""
    (?P<level>\d+) \s* (?P<strain>NT|N|C|D|H|S) \s* (?P<doubling>X(?:\s*X)?)?
    (?: (?: \s+ | \s*-\s* ) (?P<declarer>[A-Z]+) )?
    \s* (?P<outcome> = | [+-] \s* \d+ )
    """,
    re.VERBOSE,
)
