"""Per-game heuristic agents: quick rules of thumb read from the view."""
