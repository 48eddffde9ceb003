"""Published movements and solved schedules, shipped as data and loaded by name."""

from __future__ import annotations

import json
from importlib.resources import files
from typing import Any


def load(name: str) -> Any:
    """The parsed JSON file ``schedules/<name>.json``; KeyError names the ones there are."""
    resource = files(__name__).joinpath(f"{name}.json")
    if not resource.is_file():
        raise KeyError(f"no schedule named {name!r}; there are: {', '.join(names())}")
    return json.loads(resource.read_text(encoding="utf-8"))


def names() -> list[str]:
    """Every schedule shipped with the package."""
    return sorted(
        entry.name.removesuffix(".json")
        for entry in files(__name__).iterdir()
        if entry.name.endswith(".json")
    )
