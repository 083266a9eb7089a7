"""The Careers campaign of Jugula: a ludus run from combat to combat towards Glory.

Being built. So far: `data.py` loads and checks every table of the Careers chapters and
appendices (`data/*.toml`); `sheet.py` is the ludus record sheet with its rules (six
gladiators of different armaturae, upgrades and talents, servitors, usury, Glory criteria);
`store.py` keeps each campaign as an append-only log of events in a database (SQLite by
default, `COLOSSEUM_DATABASE_URL` for another), and `campaign.py` rebuilds the sheets by
replaying it; `dice.py` rolls by the program or takes the table's dice, and `prearena.py`
determines the arena and its reward; `arena.py` sends four gladiators of each ludus into the
`jugula` engine and reads the result back (winners, wounds, falls and by whose blow);
`aftermath.py` turns a result into events: the Fatum, wounds treatment, maintenance and
experience; `usury.py` the rewards, loans and sums lent; `market.py` sales and purchases;
`glory.py` the Glory update and the campaign's end. Hiring, Liberatio, bankruptcy, the
sequence that runs the ten steps in order, the management agent and `colosseum career
fight` come next.
See docs/rules/jugula-careers.md.
"""
