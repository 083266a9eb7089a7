"""Ratings per game and account (OpenSkill's Plackett-Luce), usable without the web server:
`results.py` the ranks of an ended table, `tables.py` rating ended tables, `standings.py`
the leaderboards, `calibration.py` computer-against-computer games of the levels. The formula
is the store's (`store/rating_model.py`), which rates a result in the transaction that
records it."""
