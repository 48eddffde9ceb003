"""The printers' choices, as values a command line can offer without loading the printers."""

from __future__ import annotations

from enum import StrEnum
from typing import Final

__all__ = ["CardFormat", "Document", "Paper"]


class Document(StrEnum):
    """The printed documents, in the order a host hands them out."""

    PLAYERS = "players"
    TABLES = "tables"
    PADS = "pads"
    TALLY = "tally"

    @property
    def label(self) -> str:
        """The document's name as a heading: ``Player cards``."""
        return _DOCUMENT_TITLES[self]


_DOCUMENT_TITLES: Final = {
    Document.PLAYERS: "Player cards",
    Document.TABLES: "Table cards",
    Document.PADS: "Score pads",
    Document.TALLY: "Tally sheet",
}


class Paper(StrEnum):
    """Paper sizes the PDF is laid out for."""

    A4 = "a4"
    LETTER = "letter"


class CardFormat(StrEnum):
    """How `chicago cards` writes the documents."""

    PDF = "pdf"
    TEXT = "text"
    MARKDOWN = "markdown"
