"""The Careers campaign of Jugula: a ludus run from combat to combat towards Glory.

Being built, data first: `data.py` loads and checks every table of the Careers chapters and
appendices (`data/*.toml`); `sheet.py` is the ludus record sheet with its rules (six
gladiators of different armaturae, upgrades and talents, servitors, usury, Glory criteria).
The campaign itself (the event store, the pre- and post-arena sequences) comes next. See
docs/rules/jugula-careers.md.
"""
