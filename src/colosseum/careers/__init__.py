"""The Careers campaign of Jugula: a ludus run from combat to combat towards Glory.

Being built, data first: `data.py` loads and checks every table of the Careers chapters and
appendices (`data/*.toml`); the campaign itself (ludus sheets, the pre- and post-arena
sequences) comes next. See docs/rules/jugula-careers.md.
"""
