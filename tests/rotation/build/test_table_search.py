"""The two-step search for whist starters with infinity (rotation.build.table_search), and its twin in C.

A whist starter over Z_v with a fixed player infinity (n = v + 1 = 4k players) needs every class {d, -d}
of nonzero differences once among the partners and twice among the opponents (Anderson, Combinatorial
Designs and Tournaments, 1997). The checker (rotation.balance) judges the developed design.
"""

from __future__ import annotations

import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rotation.balance import check
from rotation.build.table_search import XorShift, find_tables, random_pairs
from rotation.build.whist import search_starter
from rotation.movements.whist import develop

C_TWIN = Path(__file__).parents[3] / "tools" / "table_search.c"


def _class(d: int, v: int) -> int:
    return min(d % v, -d % v)


@settings(max_examples=25, deadline=None)
@given(v=st.sampled_from([7, 11, 19, 23, 31, 43]), seed=st.integers(0, 10**6))
def test_random_pairs_are_a_starter(v: int, seed: int) -> None:
    """Every nonzero element once, and every difference class once: the partner condition."""
    pairs = random_pairs(v, XorShift(seed))
    assert sorted(x for pair in pairs for x in pair) == list(range(1, v))
    assert Counter(_class(x - y, v) for x, y in pairs) == Counter(range(1, v // 2 + 1))


@pytest.mark.parametrize("v", [7, 11, 19, 23, 31])
def test_found_tables_develop_into_a_whist_design(v: int) -> None:
    """Partners once, opponents twice, for every pair of the n = v + 1 players, by the checker; the
    tables seat every player once."""
    found = find_tables(v, seed=1, limit=200_000, attempts=100)
    assert found is not None
    rows, _ = found
    assert sorted(p for row in rows for p in row) == list(range(v + 1))
    starter = search_starter(v + 1, seed=1, nodes=200_000, multipliers=False)
    assert starter is not None and check(develop(starter)).is_whist


def test_the_search_is_the_same_for_the_same_seed() -> None:
    """The book records seeds: a seed must always give the same starter."""
    first, again, other = (find_tables(23, seed=s, limit=200_000, attempts=50) for s in (1, 1, 2))
    assert first is not None and first == again
    assert other is not None and other != first


def test_a_search_that_runs_out_says_so() -> None:
    """One node per attempt is never enough for 31 players' tables: None, not a half-filled table."""
    assert find_tables(31, seed=0, limit=1, attempts=3) is None


def test_xorshift_is_marsaglias_13_7_17() -> None:
    """The generator is Marsaglia's xorshift64 (13, 7, 17): his seed gives his published first outputs."""
    rng = XorShift(0)
    rng.state = 88172645463325252
    assert [rng.next() for _ in range(3)] == [8748534153485358512, 3040900993826735515, 3453997556048239312]
    assert all(0 <= rng.uniform() < 1 for _ in range(100))


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler to build tools/table_search.c")
@pytest.mark.parametrize(("v", "seed"), [(23, 1), (31, 2), (31, 3)])
def test_the_c_twin_finds_the_same_tables(v: int, seed: int, tmp_path: Path) -> None:
    """tools/table_search.c found the book's 60; it must be the same search, answer for answer."""
    binary = tmp_path / "table_search"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(C_TWIN), "-lm"], check=True)
    command = [str(binary), str(v), str(seed), "200000"]
    out = subprocess.run(command, check=True, capture_output=True, text=True)
    head, *lines = out.stdout.splitlines()
    found = find_tables(v, seed=seed, limit=200_000, attempts=1000)
    assert found is not None
    rows, attempt = found
    assert head.split()[1] == str(attempt)
    assert sorted(tuple(map(int, line.split())) for line in lines) == sorted(map(tuple, rows))
