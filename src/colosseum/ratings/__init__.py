"""Ratings per game and account (OpenSkill's Plackett-Luce), usable without the web server:
`model.py` the formula, `results.py` the ranks of an ended table, `tables.py` rating ended
tables, `calibration.py` computer-against-computer games of the levels."""
