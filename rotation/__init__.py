"""Plan the seating of a Chicago bridge evening: movements, the solver, the checker, the CLI."""
