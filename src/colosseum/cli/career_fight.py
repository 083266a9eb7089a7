"""`colosseum career fight`: one combat of a campaign, asking the lanistae each choice.

The pre-arena draw, the hiring, the combat (in the `jugula` engine, or played on a physical
table and entered here), the Fatum and the post-arena sequence run in `careers/sequence.py`;
this module only asks. A `TableDice` campaign ("companion mode") asks for every roll too.
Every answer is checked where it is given; one the rules refuse is explained and asked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from ..careers.arena import ArenaResult, choose_familia, combat_result, prima_deck, start_combat
from ..careers.data import Servitor, Tables, load_tables
from ..careers.manager import Hire, Manager, Purchase, UsuryChoice
from ..careers.sequence import Arena, familia_names, prima_choices
from ..careers.sheet import CareerError, Gladiator, Sheet
from ..core.actions import Event
from ..core.state import State
from ..games.jugula.data import load_catalog
from .play import open_game

Ask = Callable[[str], str]


def _names(answer: str) -> list[str]:
    return [piece.strip() for piece in answer.split(",") if piece.strip()]


class PromptDice:
    """Companion mode: each roll typed in from the dice on the table."""

    source = "table"

    def __init__(self, console: Console, ask: Ask) -> None:
        self.console = console
        self.ask = ask

    def roll(self, count: int, what: str) -> list[int]:
        while True:
            answer = self.ask(f"{what}: roll {count} d6 and enter the result(s)")
            try:
                values = [int(piece) for piece in answer.replace(",", " ").split()]
            except ValueError:
                values = []
            if len(values) == count and all(1 <= v <= 6 for v in values):
                return values
            self.console.print(f"[red]enter {count} number(s) from 1 to 6[/red]")


class AskingManager:
    """A `Manager` that asks a person at the terminal for every choice the rules give; a
    choice the rules refuse is asked again."""

    asks_again = True

    def __init__(self, console: Console, ask: Ask) -> None:
        self.console = console
        self.ask = ask

    def refused(self, what: str, error: CareerError) -> None:
        self.console.print(f"[red]{what} refused:[/red] {error}")

    def choose_names(
        self, question: str, allowed: Sequence[str], most: int | None = None
    ) -> list[str]:
        """Comma-separated names among `allowed` (empty: none), asked until valid."""
        while True:
            chosen = _names(self.ask(question))
            unknown = [c for c in chosen if c not in allowed]
            if unknown:
                self.console.print(
                    f"[red]not one of[/red] {', '.join(allowed) or 'nothing'}: {', '.join(unknown)}"
                )
            elif most is not None and len(chosen) > most:
                self.console.print(f"[red]at most {most}[/red]")
            elif len(set(chosen)) != len(chosen):
                self.console.print("[red]a name is given twice[/red]")
            else:
                return chosen

    # --- pre-arena --------------------------------------------------------------------------

    def say_refused(self, why: str) -> None:
        """A bad entry: one line saying what is wrong and what is allowed."""
        self.console.print(Text.assemble(("refused: ", "red"), why))

    def hires(self, sheet: Sheet, tables: Tables) -> list[Hire]:
        """Gladiators hired for this combat, after the list of what may be hired: the
        armaturae the ludus has none of, the ranks with their price."""
        owned = {g.armatura for g in sheet.gladiators}
        armaturae = [code for code in load_catalog().armatura_by_code if code not in owned]
        ranks = {r.code: r for r in tables.ranks}
        prices = ", ".join(f"{r.code} ({r.name}) {r.hire}" for r in tables.ranks)
        example = f"Nero:{armaturae[0] if armaturae else 'secutor'}:tiro"
        self.console.print(Text(f"Armaturae for hire (none in the ludus): {', '.join(armaturae)}"))
        self.console.print(Text(f"Ranks and hiring prices: {prices} aurei."))
        self.console.print(
            Text(
                "Enter name:armatura:rank[:upgrade+upgrade], comma-separated (e.g. "
                f"{example}), or nothing."
            )
        )
        question = f"{sheet.lanista} ({sheet.aurei} aurei), gladiators to hire"
        while True:
            hires: list[Hire] = []
            for piece in _names(self.ask(question)):
                parts = [part.strip() for part in piece.split(":")]
                if len(parts) not in (3, 4) or not parts[0]:
                    self.say_refused(f"{piece!r} is not name:armatura:rank[:upgrade+upgrade]")
                    break
                armatura, rank = parts[1].lower(), parts[2].lower()
                if armatura not in armaturae:
                    self.say_refused(
                        f"{parts[1]!r} is not an armatura for hire; for hire: "
                        f"{', '.join(armaturae)}"
                    )
                    break
                if rank not in ranks:
                    self.say_refused(f"{parts[2]!r} is not a rank; ranks: {', '.join(ranks)}")
                    break
                upgrades = parts[3].split("+") if len(parts) == 4 and parts[3] else []
                hires.append((parts[0], armatura, rank, upgrades))
            else:
                return hires

    def servitor_hires(self, sheet: Sheet, tables: Tables) -> list[tuple[str, int]]:
        """Servitors hired for this combat, after the list of those the ludus has not (code
        and name) and the price by stars."""
        offered = [s for s in tables.servitors if s.code not in sheet.servitors]
        most = tables.ludus.servitor_max_stars
        prices = ", ".join(
            f"{stars} star{'s' if stars > 1 else ''} {price}"
            for stars, price in enumerate(tables.servitor_hire, 1)
        )
        codes = ", ".join(f"{s.code} ({s.name})" for s in offered)
        example = f"{offered[0].code if offered else 'medicus'}:1"
        self.console.print(Text(f"Servitors for hire: {codes or 'none'}"))
        self.console.print(
            Text(
                f"Price for one combat: {prices} aurei. Enter code:stars, comma-separated "
                f"(e.g. {example}), or nothing."
            )
        )
        question = f"{sheet.lanista} ({sheet.aurei} aurei), servitors to hire"
        while True:
            wishes = self._servitor_wishes(sheet, self.ask(question), offered, most)
            if wishes is not None:
                return wishes

    def _servitor_wishes(
        self, sheet: Sheet, answer: str, offered: Sequence[Servitor], most: int
    ) -> list[tuple[str, int]] | None:
        """`code:stars, ...` read; None (and one line saying why) for a bad entry."""
        allowed = [s.code for s in offered]
        wishes: list[tuple[str, int]] = []
        for piece in _names(answer):
            code, sep, stars = (part.strip() for part in piece.partition(":"))
            code = code.lower()
            if not sep or not stars.isdigit():
                example = allowed[0] if allowed else "medicus"
                self.say_refused(f"{piece!r}: each hire is code:stars, e.g. {example}:1")
                return None
            if code in sheet.servitors:
                self.say_refused(
                    f"{sheet.lanista} has a {code} already; for hire: {', '.join(allowed)}"
                )
                return None
            if code not in allowed:
                self.say_refused(
                    f"{code!r} is not a servitor for hire; for hire: {', '.join(allowed)}"
                )
                return None
            if not 1 <= int(stars) <= most:
                self.say_refused(f"{piece!r}: a hired servitor has 1 to {most} stars")
                return None
            wishes.append((code, int(stars)))
        return wishes

    def familia(self, sheet: Sheet, hired: list[Gladiator], tables: Tables) -> list[str] | None:
        ready = [g.name for g in hired] + [g.name for g in sheet.gladiators if not g.convalescent]
        size = tables.ludus.deployed
        while True:
            chosen = self.choose_names(
                f"{sheet.lanista}: the {size} to send into the arena ({', '.join(ready)}); "
                "empty: the hired, then the highest ranks",
                ready,
            )
            if not chosen:
                return None
            if len(chosen) == size:
                return chosen
            self.console.print(f"[red]name {size} gladiators[/red]")

    def prima(self, sheet: Sheet, stars: int, tables: Tables) -> list[str] | None:
        catalog = load_catalog()
        offer = ", ".join(
            f"{catalog.cards[i].code} ({catalog.cards[i].cost})" for i in catalog.prima
        )
        while True:
            answer = self.ask(
                f"{sheet.lanista}'s Sacerdos: Prima Jugula cards for the deck, {stars} stars in "
                f"all ({offer}); empty: the costliest that fit"
            )
            codes = [code.lower() for code in _names(answer)]
            if not codes:
                return None
            try:
                return prima_deck(sheet, codes, tables, catalog)
            except CareerError as error:
                self.console.print(f"[red]{error}[/red]")

    # --- post-arena ------------------------------------------------------------------------

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]:
        codes = [s.code for s in load_tables().servitors]
        while True:
            chosen = [
                c.lower()
                for c in _names(
                    self.ask(
                        f"{sheet.lanista}: if a Primus Palus is freed, which servitors take his "
                        f"{stars} stars (codes, comma-separated, repeats allowed)?"
                    )
                )
            ]
            if all(c in codes for c in chosen):
                return chosen
            self.console.print(f"[red]servitors are[/red] {', '.join(codes)}")

    def exemptions(self, sheet: Sheet, tables: Tables) -> list[str]:
        free = tables.servitor("procurator").value(
            "free_maintenance", sheet.servitors.get("procurator", 0)
        )
        if not free:
            return []
        names = [g.name for g in sheet.gladiators]
        return self.choose_names(
            f"{sheet.lanista}: the Procurator spares up to {free} from upkeep (names)", names, free
        )

    def pupils(self, sheet: Sheet, tables: Tables) -> list[str]:
        count = tables.servitor("doctor").value("trained", sheet.servitors.get("doctor", 0))
        if not count:
            return []
        names = [g.name for g in sheet.gladiators]
        return self.choose_names(
            f"{sheet.lanista}: the Doctor trains up to {count} (names)", names, count
        )

    def upgrade(self, sheet: Sheet, name: str, tables: Tables) -> str | None:
        answer = self.ask(
            f"{sheet.lanista}: {name} rises in rank: his upgrade (mp, att, def or a talent code; "
            "empty: none)"
        ).strip()
        return answer.lower() or None

    def sales(self, sheet: Sheet, tables: Tables) -> list[str]:
        names = [g.name for g in sheet.gladiators]
        return self.choose_names(
            f"{sheet.lanista} ({sheet.aurei} aurei): gladiators to sell (names; a sale cannot "
            "be undone)",
            names,
        )

    def purchases(self, sheet: Sheet, tables: Tables) -> list[Purchase]:
        while True:
            answer = self.ask(
                f"{sheet.lanista} ({sheet.aurei} aurei): gladiators to buy, "
                "name:armatura:rank[:talent taken if one is rolled], comma-separated"
            )
            wanted = [piece.split(":") for piece in _names(answer)]
            if all(len(w) in (3, 4) for w in wanted):
                return [
                    (w[0], w[1].lower(), w[2].lower(), w[3].lower() if len(w) == 4 else None)
                    for w in wanted
                ]
            self.console.print("[red]each purchase is name:armatura:rank[:talent][/red]")

    def servitors(self, sheet: Sheet, tables: Tables) -> list[str]:
        codes = [s.code for s in tables.servitors]
        return self.choose_names(
            f"{sheet.lanista} ({sheet.aurei} aurei): servitors to buy or raise one star (codes)",
            codes,
        )

    def usury(self, sheet: Sheet, tables: Tables) -> UsuryChoice | None:
        while True:
            answer = self.ask(
                f"{sheet.lanista} ({sheet.aurei} aurei): usury? 'repay', 'borrow N', 'lend N' or "
                "empty"
            ).split()
            if not answer:
                return None
            if answer[0] == "repay" and len(answer) == 1:
                return ("repay", sheet.usury.amount if sheet.usury else 0)
            if answer[0] in ("borrow", "lend") and len(answer) == 2 and answer[1].isdigit():
                return (answer[0], int(answer[1]))
            self.console.print("[red]answer 'repay', 'borrow N', 'lend N' or nothing[/red]")


def table_arena(console: Console, asking: AskingManager) -> Arena:
    """A combat played on a physical table: who was sent (each ludus's `manager`), then, as
    the lanistae enter it (`asking`): who won, who was wounded at the end, who bit the dust and
    by whose blow."""

    def enter(
        sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], per_ludus: Manager
    ) -> ArenaResult:
        manager = asking
        tables = load_tables()
        lanistae = [s.lanista for s in sheets]
        named = familia_names(sheets, hired, per_ludus)
        deployed = {
            sheet.lanista: tuple(g.name for g in choose_familia(sheet, names, tables, extra))
            for sheet, names, extra in zip(sheets, named, hired, strict=True)
        }
        winners = manager.choose_names("Who won the combat? (lanistae, comma-separated)", lanistae)
        while not winners:
            console.print("[red]name the winner (several only after a shared victory)[/red]")
            winners = manager.choose_names("Who won the combat?", lanistae)
        wounded: list[tuple[str, str]] = []
        bitten: list[tuple[str, str, str | None]] = []
        for lanista in lanistae:
            mine = list(deployed[lanista])
            for name in manager.choose_names(f"{lanista}: wounded at the end (names)", mine):
                wounded.append((lanista, name))
            left = [n for n in mine if (lanista, n) not in wounded]
            for name in manager.choose_names(f"{lanista}: bit the dust (names)", left):
                blows = [*(other for other in lanistae if other != lanista), "self"]
                by = manager.choose_names(f"{name}: by whose blow? ({', '.join(blows)})", blows, 1)
                blow = by[0] if by else "self"
                bitten.append((lanista, name, None if blow == "self" else blow))
        return ArenaResult(tuple(winners), deployed, tuple(wounded), tuple(bitten))

    return enter


def terminal_arena(console: Console, specs: Sequence[str], seed: int, plain: bool = False) -> Arena:
    """A combat played here in the `jugula` engine with at least one human seat, as
    `colosseum play` plays a game: full screen on a terminal, line by line in a pipe or with
    `plain`; each ludus's four as its manager names them."""

    def play(
        sheets: Sequence[Sheet], hired: Sequence[Sequence[Gladiator]], manager: Manager
    ) -> ArenaResult:
        names = familia_names(sheets, hired, manager)
        state, chosen = start_combat(sheets, seed, names, hired, prima_choices(sheets, manager))
        start = state.clone()
        table = open_game(console, state, specs, plain)
        if not table.run():
            raise CareerError(
                "the combat was left unfinished: its result is not stored (the draw and the "
                "hiring are; colosseum career resume plays it again)"
            )
        return combat_result(sheets, chosen, table.state, events_of(start, table.state))

    return play


def events_of(start: State, end: State) -> list[Event]:
    """The events of the actions that took `start` to `end`, played again on a copy (the
    full-screen interface may have taken some back with undo: only those kept count)."""
    game = start.clone()
    done = len(game.actions_played())
    events: list[Event] = []
    for action in end.actions_played()[done:]:
        events.extend(game.apply(action))
    return events
