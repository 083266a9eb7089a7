"""Setting up the game: the options read, familiae, decks and hands, the first player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ...core.actions import Event
from ...core.errors import InvalidOption
from ...core.options import OptionValue
from ...core.rng import Rng
from . import rules
from .data import Catalog, load_catalog
from .model import NOBODY, PICK_ARMATURA, TALENT_BIT, Fighter

if TYPE_CHECKING:
    from .fields import JugulaFields

UPGRADES: Final[tuple[str, ...]] = ("mp", "att", "def")


def parse_familiae(catalog: Catalog, text: str, players: int) -> list[list[Fighter]]:
    """The `familiae` option written out: per seat, `familia` gladiators of different armaturae,
    each with its upgrades (at most twice each), talents (at most two, of its class, never twice
    in a familia) and wounded mark ("Ludus Record Sheet", "Appendix II: Talents")."""
    size = catalog.rules.familia
    seats = [part.strip() for part in text.split("/")]
    if len(seats) != players:
        raise InvalidOption(
            f"option familiae: {len(seats)} familiae given for {players} lanistae (split by '/')"
        )
    familiae: list[list[Fighter]] = []
    for seat, part in enumerate(seats):
        entries = [e.strip() for e in part.split(",") if e.strip()]
        if len(entries) != size:
            raise InvalidOption(
                f"option familiae: seat {seat} has {len(entries)} gladiators, {size} needed"
            )
        familia: list[Fighter] = []
        talents_seen: set[str] = set()
        for entry in entries:
            code, *extras = [t.strip().lower() for t in entry.split("+")]
            if code not in catalog.armatura_by_code:
                known = ", ".join(catalog.armatura_by_code)
                raise InvalidOption(f"option familiae: unknown armatura {code!r}; known: {known}")
            armatura = catalog.armaturae[catalog.armatura_by_code[code]]
            if any(f.armatura == armatura.index for f in familia):
                raise InvalidOption(
                    f"option familiae: seat {seat} has two {armatura.name}; a familia's "
                    "armaturae are all different"
                )
            counts = dict.fromkeys(UPGRADES, 0)
            talents = 0
            wounded = False
            mine: list[str] = []
            for extra in extras:
                if extra in counts:
                    counts[extra] += 1
                    if counts[extra] > 2:
                        raise InvalidOption(
                            f"option familiae: {code} takes +{extra} more than twice"
                        )
                elif extra == "wounded":
                    wounded = True
                elif extra in catalog.talents:
                    talent = catalog.talents[extra]
                    wanted = "heavy" if armatura.heavy else "light"
                    if talent.kind not in ("all", wanted):
                        raise InvalidOption(
                            f"option familiae: {talent.name} is a {talent.kind} talent, "
                            f"{armatura.name} is {wanted}"
                        )
                    if extra in talents_seen:
                        raise InvalidOption(
                            f"option familiae: seat {seat} has {talent.name} twice; no talent "
                            "twice in a ludus"
                        )
                    talents_seen.add(extra)
                    mine.append(extra)
                    talents |= TALENT_BIT[extra]
                else:
                    raise InvalidOption(
                        f"option familiae: {extra!r} after {code} is not mp, att, def, wounded "
                        f"or a talent ({', '.join(catalog.talents)})"
                    )
            if len(mine) > 2:
                raise InvalidOption(f"option familiae: {code} has more than two talents")
            familia.append(
                Fighter(
                    seat,
                    armatura.index,
                    armatura.name,
                    counts["mp"],
                    counts["att"],
                    counts["def"],
                    talents,
                    wounded,
                )
            )
        familiae.append(familia)
    return familiae


def _deal(catalog: Catalog, players: int, rng: Rng) -> list[list[Fighter]]:
    """Each lanista gets four different armaturae at random (different lanistae may share)."""
    familiae = []
    for seat in range(players):
        pool = list(range(len(catalog.armaturae)))
        rng.shuffle(pool)
        familiae.append(
            [Fighter(seat, a, catalog.armaturae[a].name) for a in pool[: catalog.rules.familia]]
        )
    return familiae


def _per_seat(name: str, text: str, players: int, separator: str) -> list[str]:
    if not text.strip():
        return [""] * players
    parts = [p.strip() for p in text.split(separator)]
    if len(parts) != players:
        raise InvalidOption(
            f"option {name}: {len(parts)} values for {players} lanistae (split by {separator!r})"
        )
    return parts


def _starting_vox(catalog: Catalog, text: str, players: int) -> list[int]:
    rules_ = catalog.rules
    levels = []
    for part in _per_seat("vox", text, players, ","):
        if not part:
            levels.append(rules_.vox_start)
            continue
        # ASCII digits only: str.isdigit accepts "²" and "٣", which int() refuses or reads
        if not (part.isascii() and part.isdigit()) or not 0 <= int(part) <= rules_.vox_max:
            raise InvalidOption(f"option vox: {part!r} is not a level from 0 to {rules_.vox_max}")
        levels.append(int(part))
    return levels


def _prima_in_deck(catalog: Catalog, text: str, players: int) -> list[list[int]]:
    decks = []
    for part in _per_seat("prima", text, players, "/"):
        cards: list[int] = []
        for code in filter(None, (c.strip().lower() for c in part.split("+"))):
            index = catalog.card_by_code.get(code)
            if index is None or not catalog.cards[index].prima:
                known = ", ".join(catalog.cards[i].code for i in catalog.prima)
                raise InvalidOption(f"option prima: {code!r} is not a Prima Jugula card ({known})")
            if index in cards:
                raise InvalidOption(f"option prima: {code} given twice for one deck")
            cards.append(index)
        decks.append(cards)
    return decks


def set_up(s: JugulaFields, players: int, seed: int, options: dict[str, OptionValue]) -> None:
    """ "Setting up the game": familiae, decks, hands of four, Vox Populi markers, the first
    player by revealed dice, then deployment (or the armaturae picks first)."""
    s._init_common(players, options, seed)
    catalog = load_catalog(str(options["data"]))
    s.catalog = catalog
    if options["simple"] and players != 2:
        raise InvalidOption("option simple: the 4-point variant is for two lanistae")
    size = catalog.rules.familia
    familiae_text = str(options["familiae"])
    vox = _starting_vox(catalog, str(options["vox"]), players)
    prima = _prima_in_deck(catalog, str(options["prima"]), players)
    s.rng = Rng.from_seed(seed)
    events: list[Event] = []
    if familiae_text == "chosen":
        fighters = [Fighter(seat, NOBODY) for seat in range(players) for _ in range(size)]
    elif familiae_text == "dealt":
        fighters = [f for familia in _deal(catalog, players, s.rng) for f in familia]
    else:
        fighters = [
            f for familia in parse_familiae(catalog, familiae_text, players) for f in familia
        ]
    s.fighters = tuple(fighters)
    count = len(fighters)
    s.square = [NOBODY] * count
    s.facing = [0] * count
    s.wounds = [1 if f.wounded else 0 for f in fighters]
    s.held = [0] * count
    s.marker = [rules.marker_start(s, g) for g in range(count)]
    s.board = [NOBODY] * (catalog.rules.width * catalog.rules.height)
    s.moved = [False] * count
    s.hurt = [False] * count
    s.vox = vox
    s.out = [False] * players
    s.zone = [NOBODY] * players
    s.order = []
    s.order_pos = 0
    s.compelled = [NOBODY] * players
    s.top_known = [0] * players
    s.top_public = [0] * players
    s.bids = [NOBODY] * players
    s.winning_seats = []
    s.turns = s.rounds = 0
    s.over = s.sudden = False
    s.fight = None
    s.hand, s.deck, s.discard, s.aside = [], [], [], []
    s.removed = [[] for _ in range(players)]
    s.shown = [[] for _ in range(players)]
    s.in_play = [[] for _ in range(players)]
    for seat in range(players):
        deck = [*catalog.jugula, *prima[seat]]
        s.rng.shuffle(deck)
        s.deck.append(deck)
        s.aside.append([c for c in catalog.prima if c not in prima[seat]])
        s.discard.append([])
        s.hand.append([])
    for seat in range(players):
        s.hand[seat] = [s.deck[seat].pop() for _ in range(catalog.rules.hand)]
    s.first_seat = s.turn_seat = _first_player(s, events)
    s.tasks = []
    if familiae_text == "chosen":
        s.tasks = [(PICK_ARMATURA, seat) for seat in reversed(range(players))]
    else:
        rules.start_deployment(s)
    rules.settle(s, events)


def _first_player(s: JugulaFields, events: list[Event]) -> int:
    """Each lanista reveals his deck's top card; the highest die goes first, ties reveal again;
    the revealed cards are then shuffled back into their decks."""
    cards = s.catalog.cards
    contenders = list(range(s.num_players))
    revealed: list[list[int]] = [[] for _ in contenders]
    while True:
        dice = {}
        for seat in contenders:
            deck = s.deck[seat]
            if len(revealed[seat]) == len(deck):  # everything shown: start over
                revealed[seat] = []
            card = deck[-1 - len(revealed[seat])]
            revealed[seat].append(card)
            dice[seat] = cards[card].die
        shown = {str(k): cards[revealed[k][-1]].code for k in dice}
        events.append(Event("first_reveal", {"cards": shown}, rule="jugula.setup.first-player"))
        best = max(dice.values())
        contenders = [seat for seat, die in dice.items() if die == best]
        if len(contenders) == 1:
            break
    for seat in range(s.num_players):
        if revealed[seat]:
            s.rng.shuffle(s.deck[seat])
    first = contenders[0]
    events.append(Event("first_player", {"seat": first}, rule="jugula.setup.first-player"))
    return first


def random_familiae(catalog: Catalog, players: int, rng: Rng) -> str:
    """A `familiae` option of random veterans, for soaks and simulations: four different
    armaturae per seat, each upgrade taken 0-2 times, at most two talents of the gladiator's
    class (never twice in a familia), sometimes a starting wound."""
    seats = []
    for _ in range(players):
        pool = list(range(len(catalog.armaturae)))
        rng.shuffle(pool)
        used: set[str] = set()
        entries = []
        for index in pool[: catalog.rules.familia]:
            armatura = catalog.armaturae[index]
            extras = [up for up in UPGRADES for _ in range(rng.below(3))]
            kind = "heavy" if armatura.heavy else "light"
            talents = [t.code for t in catalog.talents.values() if t.kind in ("all", kind)]
            for _ in range(rng.below(3)):
                talent = rng.choice(talents)
                if talent not in used:
                    used.add(talent)
                    extras.append(talent)
            if rng.below(8) == 0:
                extras.append("wounded")
            entries.append("+".join([armatura.code, *extras]))
        seats.append(",".join(entries))
    return "/".join(seats)
