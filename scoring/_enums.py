"""Enum bases shared by the scoring types: a repr you can paste back, and order by definition."""

from __future__ import annotations

from enum import Enum, StrEnum


class DomainEnum(Enum):
    """An enum whose repr is the member's name (``Strain.HEARTS``) and that orders by definition."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @property
    def rank(self) -> int:
        """The member's place in its enum, counting from 0: the domain order."""
        return type(self)._member_names_.index(self.name)

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, DomainEnum)
        return self.rank < other.rank

    def __le__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, DomainEnum)
        return self.rank <= other.rank

    def __gt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, DomainEnum)
        return self.rank > other.rank

    def __ge__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, DomainEnum)
        return self.rank >= other.rank


class ChoiceEnum(StrEnum):
    """A setting's choices: the value is the word a user types, the repr a constructor call."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"

    @classmethod
    def choices(cls) -> str:
        """The accepted words, for an error message: ``a, b or c``."""
        words = [member.value for member in cls]
        return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
