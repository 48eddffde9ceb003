"""The seating core of a Chicago evening: who sits where in every round, and how even that is.

The packages around it each do one thing (README, "How it is built"): `movements` (the bulletin's
movements and the whist book), `solver` (balanced schedules with CP-SAT), `plan` (a request in, a plan out),
`results` (sessions, recording, seasons), `io` (JSON and the SQLite store), `render` (cards, sheets,
terminal tables), `cli` (the `chicago` command) and `build` (regenerates the book; never at run time).
"""

from rotation.balance import Balance, Bound, check
from rotation.cut import Order, cut
from rotation.deals import DealPlan, deal_plans
from rotation.model import InvalidScheduleError, Movement, Player, Round, Schedule, Table

__all__ = [
    "Balance",
    "Bound",
    "DealPlan",
    "InvalidScheduleError",
    "Movement",
    "Order",
    "Player",
    "Round",
    "Schedule",
    "Table",
    "check",
    "cut",
    "deal_plans",
]
