"""Jugula: card-driven gladiator tactics on an 8×8 arena (2-4 lanistae).

The package is being built: so far it holds the game's data (`data/*.toml`) and their loader
(`data.py`); the engine comes next and the game is not registered yet.
"""
