"""A simulated season of a weekly club: partner and table-mate repeats across eight evenings, planned with
the season's history and without it, and the seconds per evening as ratios to planning without.

Clubs of 12, 20 and 32 members; each week a few members miss the evening (drawn from a fixed seed, so the
season is the same on every run; ``--everyone``: nobody misses), and the evening is planned for those who
come, cut afresh, at the club page's default rounds (enough for every pair to partner once, at most 8;
``--rounds R`` asks for R). "Repeats" count, over the season, partnerships (and table-mates) of a pair who
had partnered (met) in an earlier evening; "consecutive" counts partnerships of a pair who partnered the
evening before (week to week); "third" counts partnerships of a pair who had partnered twice while some
pair of those present had never partnered. The evening's own rules as the checker counts them (summed over the
season): partner and opponent spreads and sit-out repeats (sitting out twice running), and the longest run
of sit-outs of any evening; for one or two tables (6 to 11 players) "without" is the book of home or two-table
evenings wherever it has the evening.

    python tests/benchmarks/bench_season.py [--evenings 8] [--clubs 12,20,32] [--rounds R] [--everyone]
    python tests/benchmarks/bench_season.py --clubs 6,7,8,9,10,11 --evenings 6   (the small clubs)
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date, timedelta

from rotation.balance import check
from rotation.cut import Order
from rotation.history import History, history_of
from rotation.model import Schedule
from rotation.plan import PlanRequest, plan


def _pairs(schedule: Schedule, partners: bool) -> set[tuple[str, str]]:
    history = history_of([(date(2000, 1, 1), schedule)])
    return set(history.partners() if partners else history.mates())


def season(
    members: int, evenings: int, *, with_history: bool, rounds: int | None, everyone: bool
) -> dict[str, float]:
    names = tuple(f"M{i:02d}" for i in range(members))
    rng = random.Random(members)
    played: list[tuple[date, Schedule]] = []
    repeats = mate_repeats = consecutive = third = 0
    partner_spread = opponent_spread = sit_out_repeats = longest_run = 0
    seconds = 0.0
    previous: set[tuple[str, str]] = set()
    for week in range(evenings):
        missing = [] if everyone else rng.sample(names, min(rng.choice((0, 1, 2, 3)), members - 4))
        here = tuple(n for n in names if n not in missing)
        history: History | None = history_of(played).among(here) if with_history and played else None
        started = time.perf_counter()
        made = plan(PlanRequest(here, Order.CUT, seed=week, rounds=rounds, history=history or None))
        seconds += time.perf_counter() - started
        season_so_far = history_of(played)
        partnered, met = season_so_far.partners(), season_so_far.mates()
        now, mates = _pairs(made.schedule, True), _pairs(made.schedule, False)
        keys = sorted(n.casefold() for n in here)
        never = any((a, b) not in partnered for i, a in enumerate(keys) for b in keys[i + 1 :])
        repeats += sum(1 for pq in now if pq in partnered)
        third += sum(1 for pq in now if partnered.get(pq, 0) >= 2) if never else 0
        mate_repeats += sum(1 for pq in mates if pq in met)
        consecutive += len(now & previous)
        previous = now
        balance = check(made.schedule.movement)
        partner_spread += balance.partner_spread
        opponent_spread += balance.opponent_spread
        sit_out_repeats += balance.total_repeat_sit_outs
        longest_run = max(longest_run, balance.max_sit_out_run)
        played.append((date(2024, 1, 2) + timedelta(weeks=week), made.schedule))
    return {
        "repeats": repeats,
        "mates": mate_repeats,
        "consecutive": consecutive,
        "third": third,
        "partner spread": partner_spread,
        "opponent spread": opponent_spread,
        "sit-out repeats": sit_out_repeats,
        "longest run": longest_run,
        "seconds": seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--evenings", type=int, default=8)
    parser.add_argument("--clubs", default="12,20,32")
    parser.add_argument("--rounds", type=int, default=None, help="rounds an evening (default: the page's)")
    parser.add_argument("--everyone", action="store_true", help="nobody misses an evening")
    args = parser.parse_args()
    print(
        "| club | consecutive partners with / without | third while one never, with / without"
        " | partner repeats with / without | table-mate repeats with / without"
        " | partner spreads with / without | opponent spreads | sit-out repeats | longest sit-out run"
        " | s per evening with / without | ratio with / without |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for members in (int(c) for c in args.clubs.split(",")):
        how = {"rounds": args.rounds, "everyone": args.everyone}
        alone = season(members, args.evenings, with_history=False, **how)
        seated = season(members, args.evenings, with_history=True, **how)
        per, per_seated = alone["seconds"] / args.evenings, seated["seconds"] / args.evenings
        print(
            f"| {members} | {seated['consecutive']:.0f} / {alone['consecutive']:.0f}"
            f" | {seated['third']:.0f} / {alone['third']:.0f}"
            f" | {seated['repeats']:.0f} / {alone['repeats']:.0f}"
            f" | {seated['mates']:.0f} / {alone['mates']:.0f}"
            + "".join(
                f" | {seated[key]:.0f} / {alone[key]:.0f}"
                for key in ("partner spread", "opponent spread", "sit-out repeats", "longest run")
            )
            + f" | {per_seated:.2f} / {per:.2f} | {seated['seconds'] / alone['seconds']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
