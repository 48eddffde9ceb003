"""A session: a schedule, its scoring rules and the rubbers recorded so far, and the tally they give.

Parsing and scoring here are pure; the JSON codec is in `rotation.io.formats`, keeping it is the store's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rotation.errors import UserError
from rotation.language import _
from rotation.model import Player, Schedule, Table
from scoring.deal import InvalidDealError, RecordedDeal
from scoring.rubber import RubberError, RubberScore, check_passed_out, score_rubber
from scoring.rules import InvalidRulesError, ScoringRules
from scoring.seat import Side
from scoring.tally import RecordedNet, Standing, Unit, credit_rubber, standings


class SessionError(UserError, ValueError):
    """A result that does not fit the session: a round or table the schedule lacks, a bad deal."""


class RubberRefusedError(SessionError):
    """Scoring refused a rubber (a deal without its declarer, too many deals): where (``round``,
    ``table``), with scoring's refusal as its cause, for a face to word from its facts."""

    round: int
    table: int


def refused_at(round_number: int, table: int, error: Exception) -> RubberRefusedError:
    """Scoring's refusal of a rubber, said where it happened (raised ``from`` it, so that a face may word
    the refusal from its facts)."""
    wrapped = RubberRefusedError(f"round {round_number}, table {table}: {error}")
    wrapped.round, wrapped.table = round_number, table
    return wrapped


@dataclass(frozen=True, slots=True)
class RubberRecord:
    """What was recorded for one rubber: its deals in the order played, or just its net."""

    round: int
    """From 1."""
    table: int
    """From 1."""
    deals: tuple[RecordedDeal, ...] | None = None
    net: RecordedNet | None = None

    def __post_init__(self) -> None:
        if (self.deals is None) == (self.net is None):
            raise SessionError(f"round {self.round}, table {self.table}: record either its deals or its net")
        if self.deals is not None:  # bounded wherever a rubber is read or recorded: file, store, either face
            try:
                check_passed_out(self.deals)
            except RubberError as error:
                raise refused_at(self.round, self.table, error) from error


@dataclass(frozen=True, slots=True)
class ScoredRubber:
    """One recorded rubber, scored: who sat where, the points if the deals were given, the N-S tally."""

    record: RubberRecord
    seating: Table
    score: RubberScore | None
    ns_tally: int

    @property
    def points(self) -> tuple[int, int] | None:
        """(N-S, E-W) points when known: from the deals, or from a net written in points."""
        if self.score is not None:
            return (self.score.ns_points, self.score.ew_points)
        net = self.record.net
        if net is not None and net.unit is Unit.POINTS:
            return (max(net.ns, 0), max(-net.ns, 0))
        return None

    def credit(self) -> dict[Player, int]:
        """Each seated player's share: + to the winners, - to the losers."""
        return credit_rubber(self.seating.pair(Side.NS), self.seating.pair(Side.EW), self.ns_tally)


@dataclass(frozen=True, slots=True)
class Session:
    """Players, schedule, scoring rules and the rubbers recorded so far."""

    schedule: Schedule
    rules: ScoringRules = field(default_factory=ScoringRules)
    results: tuple[RubberRecord, ...] = ()

    def __post_init__(self) -> None:
        seen: set[tuple[int, int]] = set()
        for record in self.results:
            key = (record.round, record.table)
            if key in seen:
                raise SessionError(
                    _("round {round}, table {table} is recorded twice").format(
                        round=record.round, table=record.table
                    )
                )
            seen.add(key)
            self.seating(record.round, record.table)

    def seating(self, round_number: int, table_number: int) -> Table:
        """The table of the schedule at round and table numbers counted from 1."""
        rounds = self.schedule.rounds
        if not 1 <= round_number <= len(rounds):
            raise SessionError(
                _("round {round} is not in the schedule (rounds 1 to {last})").format(
                    round=round_number, last=len(rounds)
                )
            )
        tables = rounds[round_number - 1].tables
        if not 1 <= table_number <= len(tables):
            raise SessionError(
                _("round {round} has no table {table} (tables 1 to {last})").format(
                    round=round_number, table=table_number, last=len(tables)
                )
            )
        return tables[table_number - 1]

    def score(self, record: RubberRecord) -> ScoredRubber:
        """Score one recorded rubber at its table; SessionError says which rubber is wrong and why."""
        table = self.seating(record.round, record.table)
        try:
            if record.deals is not None:
                score = score_rubber(record.deals, table.first_dealer, self.rules)
                return ScoredRubber(record, table, score, score.tally)
            assert record.net is not None
            return ScoredRubber(record, table, None, self.rules.tally_recorded(record.net))
        except (RubberError, InvalidRulesError, InvalidDealError) as error:
            raise refused_at(record.round, record.table, error) from error

    def is_complete(self, record: RubberRecord) -> bool:
        """A net, or as many counted deals as the cycle: only complete rubbers count in the tally."""
        if record.deals is None:
            return True
        return sum(1 for deal in record.deals if not deal.passed_out) >= len(self.rules.vulnerability)

    def running(self, record: RubberRecord) -> RubberScore:
        """A rubber recorded deal by deal, scored as far as it goes (complete or still in play)."""
        if record.deals is None:
            raise SessionError(
                _("round {round}, table {table} was recorded as a net").format(
                    round=record.round, table=record.table
                )
            )
        table = self.seating(record.round, record.table)
        try:
            return score_rubber(record.deals, table.first_dealer, self.rules, partial=True)
        except (RubberError, InvalidRulesError, InvalidDealError) as error:
            raise refused_at(record.round, record.table, error) from error

    def check(self, record: RubberRecord) -> None:
        """SessionError unless the record fits: scored whole when complete, as far as it goes when not."""
        if self.is_complete(record):
            self.score(record)
        else:
            self.running(record)

    def result(self, round_number: int, table_number: int) -> RubberRecord | None:
        """What is recorded at this round and table so far, if anything."""
        return next((r for r in self.results if (r.round, r.table) == (round_number, table_number)), None)

    @property
    def complete_results(self) -> tuple[RubberRecord, ...]:
        return tuple(r for r in self.results if self.is_complete(r))

    def in_progress(self) -> tuple[RubberRecord, ...]:
        """Rubbers entered deal by deal and not finished yet, in round and table order."""
        waiting = (r for r in self.results if not self.is_complete(r))
        return tuple(sorted(waiting, key=lambda r: (r.round, r.table)))

    @property
    def rubber_count(self) -> int:
        """Rubbers in the schedule."""
        return sum(len(rnd.tables) for rnd in self.schedule.rounds)

    def scored(self) -> tuple[ScoredRubber, ...]:
        """Every complete rubber, scored, in round and table order (a rubber in play is not yet counted)."""
        done = sorted(self.complete_results, key=lambda r: (r.round, r.table))
        return tuple(self.score(r) for r in done)

    def missing(self) -> tuple[tuple[int, int], ...]:
        """(round, table) of every rubber in the schedule with no complete result yet."""
        done = {(r.round, r.table) for r in self.complete_results}
        return tuple(
            (r, t)
            for r, rnd in enumerate(self.schedule.rounds, 1)
            for t in range(1, len(rnd.tables) + 1)
            if (r, t) not in done
        )

    def rounds_played(self) -> int:
        """The rounds, counted from the first, whose every rubber is complete: what a replan keeps."""
        missing = {r for r, _ in self.missing()}
        return next(
            (r - 1 for r in range(1, len(self.schedule.rounds) + 1) if r in missing),
            len(self.schedule.rounds),
        )

    def with_result(self, record: RubberRecord, *, replace: bool = False) -> Session:
        """A copy with one more rubber recorded (or one replaced), checked by scoring it."""
        key = (record.round, record.table)
        others = tuple(r for r in self.results if (r.round, r.table) != key)
        if len(others) != len(self.results) and not replace:
            raise SessionError(
                _("round {round}, table {table} is already recorded").format(
                    round=record.round, table=record.table
                )
            )
        updated = Session(self.schedule, self.rules, (*others, record))
        updated.check(record)
        return updated

    def without_result(self, round_number: int, table_number: int) -> Session:
        """A copy with the rubber at this round and table removed."""
        key = (round_number, table_number)
        return Session(self.schedule, self.rules, tuple(r for r in self.results if (r.round, r.table) != key))


@dataclass(frozen=True, slots=True)
class TallySheet:
    """The bulletin's score sheet: each rubber's N-S tally and each player's running plus/minus."""

    session: Session
    rubbers: tuple[ScoredRubber, ...]
    standings: tuple[Standing[Player], ...]

    def running(self, player: Player) -> list[int]:
        """The player's running total after each round that has results."""
        by_round: dict[int, int] = {}
        for rubber in self.rubbers:
            share = rubber.credit().get(player)
            if share is not None:
                by_round[rubber.record.round] = by_round.get(rubber.record.round, 0) + share
        total, result = 0, list[int]()
        for rnd in self.rounds_recorded:
            total += by_round.get(rnd, 0)
            result.append(total)
        return result

    @property
    def rounds_recorded(self) -> list[int]:
        return sorted({rubber.record.round for rubber in self.rubbers})

    def check_sum(self) -> int:
        """Every rubber credits its winners exactly what it debits its losers, so this is always 0."""
        return sum(s.total for s in self.standings)


def tally(session: Session) -> TallySheet:
    """Score every recorded rubber and total each player's plus/minus; sit-outs score 0."""
    rubbers = session.scored()
    table = standings((rubber.credit() for rubber in rubbers), range(session.schedule.movement.n_players))
    return TallySheet(session, rubbers, table)
