"""The JSON codecs: a schedule (`chicago-schedule/1`), a session (a schedule plus scoring and results),
and a movement as the store keeps it.

Readers ignore keys they do not know (`deals`, `away`, `vulnerability` are written for people and other
programs), so the format can grow without a new version.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rotation.deals import deal_plans
from rotation.errors import UserError
from rotation.model import InvalidScheduleError, Movement, Round, Schedule, Table
from rotation.names import name_key
from rotation.plan import MAX_PLAYERS, MAX_ROUNDS
from rotation.results.session import RubberRecord, Session, SessionError
from scoring.deal import InvalidDealError, RecordedDeal
from scoring.rubber import MAX_PASSED_OUT
from scoring.rules import InvalidRulesError, ScoringRules
from scoring.seat import Seat
from scoring.tally import InvalidNetError, RecordedNet
from scoring.vulnerability import MAX_CYCLE_DEALS, VulnerabilityCycle

SCHEDULE_FORMAT = "chicago-schedule/1"
MAX_RUBBER_ENTRIES = MAX_CYCLE_DEALS + MAX_PASSED_OUT
"""Entries in one rubber's "deals": its deals and its passed-out deals, each at most their bound."""
SEAT_KEYS = ("north", "east", "south", "west")


class FormatError(UserError, ValueError):
    """A file that is not a readable schedule or session; the message says where and why."""


def schedule_to_data(schedule: Schedule, cycle: VulnerabilityCycle | None = None) -> dict[str, Any]:
    """The schedule as JSON-ready data; with a cycle, each table also lists its deals."""
    rounds = []
    for index, rnd in enumerate(schedule.rounds):
        tables = []
        for table in rnd.tables:
            entry: dict[str, Any] = {
                key: schedule.name(table.at(seat)) for key, seat in zip(SEAT_KEYS, Seat, strict=True)
            }
            entry["first_dealer"] = table.first_dealer.name.lower()
            if cycle is not None:
                entry["deals"] = [
                    {
                        "deal": plan.number,
                        "dealer": plan.dealer.name.lower(),
                        "vulnerable": plan.vulnerability.value,
                    }
                    for plan in deal_plans(table, cycle)
                ]
            tables.append(entry)
        data: dict[str, Any] = {
            "tables": tables,
            "sitting_out": [schedule.name(p) for p in rnd.sitting_out],
        }
        away = schedule.movement.away(index)
        if away:
            data["away"] = [schedule.name(p) for p in sorted(away)]
        rounds.append(data)
    result: dict[str, Any] = {"format": SCHEDULE_FORMAT, "players": list(schedule.players)}
    if schedule.couples:
        result["couples"] = [[schedule.name(a), schedule.name(b)] for a, b in schedule.couples]
    if schedule.mixed:
        result["mixed"] = True
    if cycle is not None:
        result["vulnerability"] = cycle.name
    result["rounds"] = rounds
    return result


def _require(data: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in data:
        raise FormatError(f"{where}: missing {key!r}")
    value = data[key]
    if not isinstance(value, kind):
        raise FormatError(f"{where}.{key}: expected {kind.__name__}, got {type(value).__name__}")
    return value


def schedule_from_data(data: Any) -> Schedule:
    """A schedule from `chicago-schedule/1` data; FormatError says exactly what is wrong and where."""
    if not isinstance(data, dict):
        raise FormatError("a schedule must be a JSON object")
    fmt = data.get("format", SCHEDULE_FORMAT)
    if fmt != SCHEDULE_FORMAT:
        raise FormatError(f"unknown format {fmt!r}: expected {SCHEDULE_FORMAT!r}")
    players = _require(data, "players", list, "schedule")
    if len(players) > MAX_PLAYERS:  # the planner's limits bound every reader: check, cards, a replan
        raise FormatError(
            f"schedule.players: {len(players):,} players; a schedule seats at most {MAX_PLAYERS}"
        )
    if not all(isinstance(p, str) for p in players):
        raise FormatError("schedule.players: every player must be a name (a string)")
    lookup = {name_key(name): number for number, name in enumerate(players)}

    def player(name: Any, where: str) -> int:
        if not isinstance(name, str) or name_key(name) not in lookup:
            raise FormatError(f"{where}: {name!r} is not one of the players")
        return lookup[name_key(name)]

    listed = _require(data, "rounds", list, "schedule")
    if not listed:
        raise FormatError("schedule.rounds: a schedule needs at least one round")
    if len(listed) > MAX_ROUNDS:
        raise FormatError(f"schedule.rounds: {len(listed):,} rounds; a schedule has at most {MAX_ROUNDS}")
    rounds = []
    for r, rnd in enumerate(listed, 1):
        where = f"round {r}"
        if not isinstance(rnd, dict):
            raise FormatError(f"{where}: expected an object with 'tables'")
        tables = []
        listed_tables = _require(rnd, "tables", list, where)
        if len(listed_tables) > len(players) // 4:
            raise FormatError(f"{where}: {len(listed_tables):,} tables for {len(players)} players")
        for t, table in enumerate(listed_tables, 1):
            at = f"{where}, table {t}"
            if not isinstance(table, dict):
                raise FormatError(f"{at}: expected an object with north, east, south, west")
            seats = [player(_require(table, key, str, at), f"{at}, {key}") for key in SEAT_KEYS]
            if len(set(seats)) != len(seats):
                raise FormatError(f"{at}: {_twice(players, seats)} sits in two seats")
            dealer_text = table.get("first_dealer", "north")
            try:
                dealer = Seat.parse(str(dealer_text))
            except ValueError as error:
                raise FormatError(f"{at}, first_dealer: {error}") from None
            try:
                tables.append(Table.from_seats(seats, dealer))
            except InvalidScheduleError as error:
                raise FormatError(f"{at}: {error}") from None
        sitting_out = rnd.get("sitting_out", [])
        if not isinstance(sitting_out, list):
            kind = type(sitting_out).__name__
            raise FormatError(f"{where}.sitting_out: expected a list of names, got {kind}")
        out = [player(name, f"{where}, sitting_out") for name in sitting_out]
        placed = [p for table in tables for p in table.players] + out
        if len(set(placed)) != len(placed):
            raise FormatError(f"{where}: {_twice(players, placed)} is placed twice in one round")
        try:
            rounds.append(Round(tuple(tables), tuple(out)))
        except InvalidScheduleError as error:
            raise FormatError(f"{where}: {error}") from None
    couples = _couples(data, player)
    mixed = data.get("mixed", False)
    if not isinstance(mixed, bool):
        raise FormatError(f"schedule.mixed: expected true or false, got {type(mixed).__name__}")
    try:
        return Schedule(tuple(players), Movement(len(players), tuple(rounds)), couples, mixed)
    except InvalidScheduleError as error:
        raise FormatError(f"schedule: {error}") from None


def _couples(data: Mapping[str, Any], player: Any) -> tuple[tuple[int, int], ...]:
    """The schedule's "couples" (optional: older files have none), each a list of two players' names."""
    listed = data.get("couples", [])
    if not isinstance(listed, list) or len(listed) > MAX_PLAYERS:
        raise FormatError('schedule.couples: expected a list of couples such as [["Ann", "Bob"]]')
    couples = []
    for c, couple in enumerate(listed, 1):
        if not isinstance(couple, list) or len(couple) != 2:
            raise FormatError(f'couple {c}: expected two players\' names, such as ["Ann", "Bob"]')
        couples.append((player(couple[0], f"couple {c}"), player(couple[1], f"couple {c}")))
    return tuple(couples)


def _twice(players: list[str], placed: list[int]) -> str:
    """The names of the players ``placed`` more than once, for a message a host can act on."""
    return ", ".join(players[p] for p in sorted({p for p in placed if placed.count(p) > 1}))


# --- sessions ---------------------------------------------------------------------------------------


def session_from_data(data: Any) -> Session:
    """A session from its JSON: the schedule, plus "scoring" and "results" (both optional)."""
    schedule = schedule_from_data(data)
    assert isinstance(data, dict)
    scoring = data.get("scoring", {})
    if not isinstance(scoring, Mapping):
        raise FormatError('scoring: expected an object such as {"method": "chicago"}')
    scoring = dict(scoring)
    if "vulnerability" not in scoring and isinstance(data.get("vulnerability"), str):
        scoring["vulnerability"] = data["vulnerability"]
    try:
        rules = ScoringRules.from_mapping(scoring)
    except InvalidRulesError as error:
        raise FormatError(f"scoring: {error}") from None
    results = data.get("results", [])
    if not isinstance(results, list):
        raise FormatError("results: expected a list of rubbers")
    most = MAX_ROUNDS * (MAX_PLAYERS // 4)  # the rubbers of the largest schedule, each recorded once
    if len(results) > most:  # before reading each one (a stray or twice-recorded rubber is said below)
        raise FormatError(f"results: {len(results):,} rubbers; a session has at most {most:,}")
    records = tuple(record_from_data(entry, f"result {n}") for n, entry in enumerate(results, 1))
    return Session(schedule, rules, records)


def session_to_data(session: Session, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The session's JSON: the schedule (with each table's deals), the scoring and the results."""
    data = schedule_to_data(session.schedule, session.rules.vulnerability)
    data.update(extra or {})
    data["scoring"] = session.rules.to_mapping()
    data["results"] = [record_to_data(r) for r in sorted(session.results, key=lambda r: (r.round, r.table))]
    return data


# --- a rubber's result ---------------------------------------------------------------------------------


def record_to_data(record: RubberRecord) -> dict[str, Any]:
    """One rubber's entry in a session's "results": its round, table, and deals or net."""
    data: dict[str, Any] = {"round": record.round, "table": record.table}
    if record.deals is not None:
        data["deals"] = [deal.to_value() for deal in record.deals]
    else:
        data["net"] = str(record.net)
    return data


def record_from_data(data: Any, where: str = "result") -> RubberRecord:
    """The inverse of `record_to_data`; SessionError says which entry is wrong and why."""
    if not isinstance(data, Mapping):
        raise SessionError(f"{where}: expected an object with round, table and deals or net")
    unknown = sorted(set(data) - {"round", "table", "deals", "net"})
    if unknown:
        raise SessionError(f"{where}: unknown field {unknown[0]!r} (expected round, table, deals or net)")
    rnd, table = data.get("round"), data.get("table")
    if table is None and type(rnd) is int:
        raise SessionError(f"{where}: round {rnd} needs its table number too (tables count from 1)")
    if type(rnd) is not int or type(table) is not int:
        raise SessionError(f"{where}: round and table must be whole numbers counting from 1")
    where = f"round {rnd}, table {table}"
    try:
        if "deals" in data and "net" in data:
            raise SessionError(f"{where}: record either its deals or its net, not both")
        if "deals" in data:
            if not isinstance(data["deals"], list):
                raise SessionError(f"{where}: deals must be a list")
            if len(data["deals"]) > MAX_RUBBER_ENTRIES:  # before reading each one
                raise SessionError(
                    f"{where}: {len(data['deals']):,} deals in one rubber; at most {MAX_RUBBER_ENTRIES}"
                    f" ({MAX_CYCLE_DEALS} deals of the longest cycle and {MAX_PASSED_OUT} passed out)"
                )
            deals = tuple(RecordedDeal.from_value(value) for value in data["deals"])
            return RubberRecord(rnd, table, deals=deals)
        if "net" in data:
            if not isinstance(data["net"], str):
                raise SessionError(f"{where}: a net is written like 'E-W +3' or 'N-S 1030'")
            return RubberRecord(rnd, table, net=RecordedNet.parse(data["net"]))
    except (InvalidDealError, InvalidNetError, ValueError) as error:
        if isinstance(error, SessionError):
            raise
        raise SessionError(f"{where}: {error}") from None
    raise SessionError(f"{where}: record its deals or its net")


# --- movements as the store keeps them (score-sheet positions, no names) -------------------------------


def movement_to_data(
    movement: Movement, couples: tuple[tuple[int, int], ...] = (), mixed: bool = False
) -> dict[str, Any]:
    """The rounds as JSON, seats holding score-sheet positions (0 = highest card) instead of names; with
    the schedule's couples (positions) and whether partnerships are mixed, where it has them."""
    rounds = []
    for rnd in movement.rounds:
        tables = []
        for table in rnd.tables:
            entry: dict[str, Any] = {key: table.at(seat) for key, seat in zip(SEAT_KEYS, Seat, strict=True)}
            entry["first_dealer"] = table.first_dealer.name.lower()
            tables.append(entry)
        rounds.append({"tables": tables, "sitting_out": list(rnd.sitting_out)})
    data: dict[str, Any] = {"players": movement.n_players, "name": movement.name, "rounds": rounds}
    if couples:
        data["couples"] = [list(couple) for couple in couples]
    if mixed:
        data["mixed"] = True
    return data


def couples_from_data(data: Any) -> tuple[tuple[tuple[int, int], ...], bool]:
    """The couples and the mixed tick kept beside a stored movement (none for evenings saved before)."""
    try:
        couples = tuple((int(a), int(b)) for a, b in data.get("couples", []))
        return couples, bool(data.get("mixed", False))
    except (AttributeError, TypeError, ValueError) as error:
        raise FormatError(f"stored couples: {error}") from None


def movement_from_data(data: Any) -> Movement:
    """The inverse of `movement_to_data`; FormatError if the stored JSON is not a movement."""
    try:
        rounds = tuple(
            Round(
                tuple(
                    Table.from_seats([int(t[key]) for key in SEAT_KEYS], Seat.parse(t["first_dealer"]))
                    for t in r["tables"]
                ),
                tuple(int(p) for p in r["sitting_out"]),
            )
            for r in data["rounds"]
        )
        return Movement(int(data["players"]), rounds, str(data.get("name", "")))
    except (KeyError, TypeError, ValueError, OverflowError, InvalidScheduleError) as error:
        raise FormatError(f"stored schedule: {error}") from None
