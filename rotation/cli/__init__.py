"""The ``chicago`` command line: parse, call one function, render."""

from rotation.cli.app import app

__all__ = ["app"]
