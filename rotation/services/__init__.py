"""The use cases of an evening and a season, one function each, called by the command line and the live
page alike: each opens its own transaction on the store it is given, decides with the pure functions
below it (planner, sessions, recording, season), and returns a typed result or raises a typed error that
carries facts. The faces parse what a person typed, call one service and word the answer themselves;
neither reaches past this layer to the store, the planner or the solver.

- `rotation.services.evenings`: plan, replan, save, load, import, export, delete, list the evenings.
- `rotation.services.plans`: an evening's plan as a face asks it (plain values in, the options' rules).
- `rotation.services.sheets`: files read, a schedule checked, an evening tallied, the season's pairs.
- `rotation.services.errors`: every typed error, each the user's (`UserError`) or the machine's.
- `rotation.services.rubbers`: add a deal, take one back, record, replace, delete or restore a rubber.
- `rotation.services.changes`: who a face is (`Source`), and an evening's log of every change.
- `rotation.services.season`: rank the season, list and rename players.
- `rotation.services.access`: who a live page's link says its holder is (tokens under the evening's key).
"""
