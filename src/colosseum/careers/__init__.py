"""The Careers campaign of Jugula: a ludus run from combat to combat towards Glory.

Being built. `data.py` loads and checks every table of the Careers chapters and appendices
(`data/*.toml`); `sheet.py` is the ludus record sheet with its rules; `store.py` keeps each
campaign as an append-only log of events in a database (SQLite by default,
`COLOSSEUM_DATABASE_URL` for another) and `campaign.py` rebuilds the sheets by replaying it;
`dice.py` rolls by the program or takes the table's dice. A combat: `prearena.py` (arena and
reward), `arena.py` (hiring gladiators for a combat, the fight in the `jugula` engine),
`aftermath.py` (Liberatio, Fatum, wounds, maintenance, experience), `usury.py` (rewards,
loans), `market.py` (sales, purchases), `glory.py` (Glory update, the campaign's end), run in
order by `sequence.py` with a `manager.py` making the lanista's choices, and `bankruptcy.py`
forcing sales when a debt cannot be paid; `simulate.py` plays whole campaigns unattended;
`gazette.py` tells the history as news; `pairing.py` draws Swiss pairings.

Not yet: hiring servitors, loans by the simulated managers, tournaments as a campaign mode and
two-player careers with virtual ludi, and `colosseum career fight` asking a human each choice.
"""
