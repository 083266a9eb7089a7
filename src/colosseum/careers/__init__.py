"""The Careers campaign of Jugula: a ludus run from combat to combat towards Glory.

`data.py` loads and checks every table of the Careers chapters and appendices
(`data/*.toml`); `sheet.py` is the ludus record sheet with its rules; `events.py` the events
that change it; the project's store (`colosseum/store/`) keeps each campaign as an append-only
log of events and `campaign.py` rebuilds the sheets by replaying it, under the campaign's mode
(free, tournament, two-player), storing each new event only against the latest campaign;
`progress.py` tracks combats in progress, `fights.py` plans and resumes them; `dice.py` rolls
by the program or takes the table's dice. A combat: `prearena.py` (arena and reward),
`arena.py` (hiring gladiators and servitors, the fight in the `jugula` engine), `virtual.py`
(a two-player career's virtual ludus), `aftermath.py` (Liberatio, Fatum, wounds, maintenance,
experience), `usury.py` (rewards, loans), `market.py` (sales, purchases), `glory.py` (Glory
update, the campaign's end), `postarena.py` (one ludus's ten steps), run step by step by
`sequence.py` with a `manager.py` making the lanista's choices, and `bankruptcy.py` forcing
sales when a debt cannot be paid; `simulate.py` plays whole campaigns unattended; `gazette.py`
tells the history as news; `views.py` gives the sheets and the history as plain data;
`pairing.py` draws Swiss pairings. The CLI (`colosseum career`, `cli/career.py`,
`cli/career_combat.py` and `cli/career_fight.py`) asks a person each choice, and the game
server (`web/careers*.py`) asks each lanista at his own link.
"""
