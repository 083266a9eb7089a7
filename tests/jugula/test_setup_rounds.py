"""Jugula set-up ("Setting up the game", "Multi-Player Games" → "Entering the arena", "The
Traits" → Hindrance, "The Combat" of the Careers for the Manicarius and the Sacerdos), the
options that write a familia out, and the rounds of three and four lanistae ("Game round",
"Victory")."""

from __future__ import annotations

import pytest

import colosseum
from colosseum import InvalidOption
from colosseum.games.jugula import rules, setup
from colosseum.games.jugula.data import Catalog, load_catalog
from colosseum.games.jugula.model import FAST, STURDY
from colosseum.games.jugula.state import JugulaState

from .helpers import PLAIN, Table

THREE = PLAIN + "/laquearius,crupellarius,dimachaerius,sagittarius"
FOUR = THREE + "/thraex,retiarius,murmillo,secutor"
RIVAL = PLAIN.split("/")[1]


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def game(players: int = 2, seed: int = 11, **options: object) -> JugulaState:
    state = colosseum.new_game("jugula", players=players, seed=seed, options=options)
    assert isinstance(state, JugulaState)
    return state


def codes(s: JugulaState, cards: list[int]) -> list[str]:
    return [s.catalog.cards[c].code for c in cards]


def with_die(catalog: Catalog, die: int, count: int = 1) -> list[str]:
    """`count` different cards (Jugula cards first) whose die shows `die`."""
    found = [c.code for c in catalog.cards if c.die == die]
    assert len(found) >= count, f"the data hold fewer than {count} cards with die {die}"
    return found[:count]


def deploy_everyone(s: JugulaState) -> None:
    """Take the first zone and square offered until the deployment is over."""
    while s.view(None)["decision"] in ("zone", "deploy"):
        s.apply(s.legal_actions()[0])


# --- the familiae --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_dealt_familiae_have_four_different_armaturae(players: int) -> None:
    """Setting up the game: "Each Lanista chooses four different armaturae"."""
    for seed in range(8):
        s = game(players, seed)
        for seat in range(players):
            mine = [f.armatura for f in s.fighters if f.seat == seat]
            assert len(mine) == s.catalog.rules.familia == 4
            assert len(set(mine)) == 4
            assert all(a >= 0 for a in mine)


def test_chosen_familiae_are_picked_four_different_each() -> None:
    """Setting up the game: each lanista chooses his four armaturae; never the same twice."""
    s = game(2, familiae="chosen")
    assert s.current_player == 0
    all_codes = {a.code for a in s.catalog.armaturae}
    assert {str(a) for a in s.legal_actions()} == {f"pick {c}" for c in all_codes}
    for code in ("thraex", "murmillo", "veles"):
        s.apply(f"pick {code}")
        assert f"pick {code}" not in {str(a) for a in s.legal_actions()}
        assert s.current_player == 0
    s.apply("pick provocator")
    assert s.current_player == 1
    assert {str(a) for a in s.legal_actions()} == {f"pick {c}" for c in all_codes}
    for code in ("thraex", "retiarius", "secutor", "scissor"):  # another familia may repeat one
        s.apply(f"pick {code}")
    picked = [
        [s.catalog.armaturae[f.armatura].code for f in s.fighters if f.seat == p] for p in (0, 1)
    ]
    assert picked == [
        ["thraex", "murmillo", "veles", "provocator"],
        ["thraex", "retiarius", "secutor", "scissor"],
    ]
    assert s.view(None)["decision"] == "deploy"
    assert s.current_player == s.first_seat
    # the Hindrance marker of a picked Retiarius is on his card
    retiarius = next(g for g in s.view(None)["gladiators"] if g["armatura"] == "retiarius")
    assert retiarius["marker"] == "card"


def test_familiae_option_gives_the_armaturae() -> None:
    """Setting up the game: the familiae may be given outright (four different armaturae each)."""
    s = game(2, familiae=PLAIN)
    picked = [
        [s.catalog.armaturae[f.armatura].code for f in s.fighters if f.seat == p] for p in (0, 1)
    ]
    assert picked == [
        ["thraex", "murmillo", "veles", "provocator"],
        ["retiarius", "secutor", "hoplomachus", "scissor"],
    ]


def test_familiae_option_reads_talents_upgrades_and_wounds() -> None:
    """Ludus Record Sheet (upgrades, talents) and Wounds treatment ("Wounded: this gladiator
    will start your ludus's next combat wounded")."""
    s = game(
        2,
        familiae="thraex+att+fast,murmillo+mp+mp+sturdy,veles,provocator+wounded"
        "/retiarius,secutor+def,hoplomachus,scissor",
    )
    view = {(g["seat"], g["armatura"]): g for g in s.view(None)["gladiators"]}
    thraex, murmillo = view[0, "thraex"], view[0, "murmillo"]
    spec = s.catalog.armaturae[s.catalog.armatura_by_code["thraex"]].sides[0]
    assert thraex["att"] == [spec.att[0] + 1, spec.att[1] + 1]
    assert thraex["talents"] == ["fast"]
    assert s.fighters[0].talents & FAST
    murmillo_spec = s.catalog.armaturae[s.catalog.armatura_by_code["murmillo"]].sides[0]
    assert murmillo["mp"] == murmillo_spec.mp + 2
    assert s.fighters[1].talents & STURDY
    assert view[0, "provocator"]["wounded"] and not view[0, "veles"]["wounded"]
    provocator_spec = s.catalog.armaturae[s.catalog.armatura_by_code["provocator"]].sides[1]
    assert view[0, "provocator"]["mp"] == provocator_spec.mp
    secutor_spec = s.catalog.armaturae[s.catalog.armatura_by_code["secutor"]].sides[0]
    assert view[1, "secutor"]["def"] == [secutor_spec.defence[0] + 1, secutor_spec.defence[1] + 1]


@pytest.mark.parametrize(
    ("options", "players", "message"),
    [
        ({"familiae": "thraex,murmillo,murmillo,veles/" + RIVAL}, 2, "two Murmillo"),
        ({"familiae": "thraex+sturdy,murmillo,veles,provocator/" + RIVAL}, 2, "heavy"),
        ({"familiae": "thraex,gallus,veles,provocator/" + RIVAL}, 2, "unknown armatura"),
        ({"familiae": "thraex,murmillo,veles/" + RIVAL}, 2, "4 needed"),
        ({"familiae": PLAIN}, 3, "2 familiae given for 3"),
        ({"simple": True}, 3, "two lanistae"),
        ({"vox": "11,0"}, 2, "not a level from 0 to 10"),
        ({"prima": "virtus/"}, 2, "not a Prima Jugula card"),
        ({"familiae": "thraex+fast,murmillo,veles+fast,provocator/" + RIVAL}, 2, "Fast twice"),
    ],
)
def test_bad_options_are_refused_clearly(options: dict, players: int, message: str) -> None:
    """Setting up the game and Appendix II: four different armaturae, talents of the class, no
    talent twice in a ludus; "Well, we will keep it simple" is a two-lanista variant."""
    with pytest.raises(InvalidOption, match=message):
        game(players, **options)


# --- cards, hands, Vox Populi --------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_twelve_jugula_cards_make_the_deck_and_the_prima_are_set_aside(players: int) -> None:
    """Setting up the game: Prima Jugula cards aside face up, the 12 Jugula cards shuffled into
    the draw deck, four cards drawn as the starting hand, Vox Populi on 0."""
    s = game(players)
    catalog = s.catalog
    for seat in range(players):
        assert len(s.hand[seat]) == catalog.rules.hand == 4
        assert sorted(s.hand[seat] + s.deck[seat]) == sorted(catalog.jugula)
        assert len(s.deck[seat]) == 12 - 4
        assert sorted(s.aside[seat]) == sorted(catalog.prima)
        assert len(catalog.prima) == 12
        assert s.discard[seat] == [] and s.removed[seat] == []
        assert s.vox[seat] == catalog.rules.vox_start == 0
        view = s.view(None)["lanistae"][seat]
        assert sorted(view["prima_aside"]) == sorted(codes(s, list(catalog.prima)))


def test_decks_are_shuffled_differently_by_seed() -> None:
    """Setting up the game: the Jugula cards are "shuffled, and placed facedown"."""
    orders = {tuple(game(2, seed).deck[0]) for seed in range(6)}
    assert len(orders) > 1


def test_vox_option_is_the_manicarius_head_start() -> None:
    """The Combat (Careers): a Lanista with a Manicarius starts his Vox Populi higher."""
    s = game(2, vox="3,0")
    assert s.vox == [3, 0]
    assert s.view(1)["lanistae"][0]["hand_limit"] == s.catalog.rules.vox_hand[3]


def test_prima_option_shuffles_the_sacerdos_cards_into_the_deck() -> None:
    """The Combat (Careers) / Sacerdos: Prima Jugula cards added to the deck before drawing the
    first hand; they are no longer set aside."""
    s = game(2, prima="audacia+paro/")
    catalog = s.catalog
    mine = set(codes(s, s.hand[0] + s.deck[0]))
    assert {"audacia", "paro"} <= mine
    assert len(s.hand[0]) == 4 and len(s.deck[0]) == 12 + 2 - 4
    assert not {"audacia", "paro"} & set(codes(s, s.aside[0]))
    assert sorted(s.hand[1] + s.deck[1]) == sorted(catalog.jugula)
    assert len(s.aside[1]) == 12


def test_hindrance_gladiators_start_with_their_marker_on_the_card(catalog: Catalog) -> None:
    """Hindrance: "At the start of the game, each gladiator with this Trait places a Hindrance
    marker on his Armatura card"."""
    s = game(2, familiae="retiarius,laquearius,thraex,murmillo/veles,secutor,scissor,provocator")
    for g in s.view(None)["gladiators"]:
        spec = catalog.armaturae[catalog.armatura_by_code[g["armatura"]]]
        assert g["marker"] == ("card" if spec.hindrance else None), g["armatura"]
    assert [g["armatura"] for g in s.view(None)["gladiators"] if g["marker"]] == [
        "retiarius",
        "laquearius",
    ]


# --- the first player ----------------------------------------------------------------------------


def test_first_player_is_the_highest_revealed_die(catalog: Catalog) -> None:
    """Setting up the game: each reveals his deck's top card; the highest die goes first; a
    tie reveals again; the revealed cards are shuffled back into their decks."""
    high, low = with_die(catalog, 6)[0], with_die(catalog, 0)[0]
    t = Table()
    t.deck_top(0, low)
    t.deck_top(1, high)
    before = [sorted(d) for d in t.state.deck]
    events: list = []
    assert setup._first_player(t.state, events) == 1
    assert [sorted(d) for d in t.state.deck] == before
    assert [e.kind for e in events] == ["first_reveal", "first_player"]
    assert events[0].data["cards"] == {"0": low, "1": high}


def test_first_player_tie_reveals_a_new_card(catalog: Catalog) -> None:
    """Setting up the game: "draw a new card in case of a tie"."""
    tied = with_die(catalog, 3, 2)
    t = Table()
    t.deck_top(0, tied[0], with_die(catalog, 1)[0])
    t.deck_top(1, tied[1], with_die(catalog, 4)[0])
    events: list = []
    assert setup._first_player(t.state, events) == 1
    reveals = [e.data["cards"] for e in events if e.kind == "first_reveal"]
    assert len(reveals) == 2
    assert reveals[0] == {"0": tied[0], "1": tied[1]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_deploys_first(players: int) -> None:
    """Setting up the game / Entering the arena: the first player deploys (or chooses his
    zone) first."""
    for seed in range(6):
        s = game(players, seed)
        assert s.current_player == s.first_seat
        assert s.view(None)["decision"] == ("deploy" if players == 2 else "zone")


# --- deployment ----------------------------------------------------------------------------------


def test_two_player_deployment_on_the_eight_squares_of_each_side() -> None:
    """Setting up the game: the first player places his four gladiators, each in a separate
    square among the 8 closest to his side; then his opponent on his own side; then the first
    player plays the first card."""
    s = game(2, familiae=PLAIN)
    first = s.first_seat
    other = 1 - first
    rank = {0: "1", 1: "8"}
    for seat in (first, other):
        taken: set[str] = set()
        for _ in range(4):
            assert s.current_player == seat
            actions = s.legal_actions()
            squares = {str(a.args[1]) for a in actions}
            assert squares == {f"{f}{rank[seat]}" for f in "abcdefgh"} - taken
            assert {str(a.args[2]) for a in actions} == set("nesw")
            action = actions[0]
            s.apply(action)
            taken.add(str(action.args[1]))
    assert s.view(None)["decision"] == "play"
    assert s.current_player == first
    for g in s.view(None)["gladiators"]:
        assert g["square"][1] == rank[g["seat"]]


@pytest.mark.parametrize(("players", "familiae"), [(3, THREE), (4, FOUR)])
def test_multi_player_zones_are_chosen_clockwise(players: int, familiae: str) -> None:
    """Entering the arena: the first player deploys in one of the zones, then the player to his
    left, and so on clockwise; then the first round begins."""
    s = game(players, familiae=familiae)
    catalog = s.catalog
    first = s.first_seat
    sides = ["south", "west", "north", "east"][:players]
    free = list(sides)
    for k in range(players):
        seat = (first + k) % players
        assert s.current_player == seat
        assert s.view(None)["decision"] == "zone"
        assert sorted(str(a) for a in s.legal_actions()) == sorted(f"zone {z}" for z in free)
        side = free[-1]  # not the first offered, to see the choice matters
        s.apply(f"zone {side}")
        free.remove(side)
        zone = catalog.rules.deployment[players][sides.index(side)]
        names = {catalog.rules.squares[sq] for sq in zone}
        assert len(names) == 8
        for _ in range(4):
            assert s.current_player == seat
            actions = s.legal_actions()
            assert {str(a.args[1]) for a in actions} <= names
            s.apply(actions[-1])
        mine = {g["square"] for g in s.view(None)["gladiators"] if g["seat"] == seat}
        assert mine <= names and len(mine) == 4
    assert s.view(None)["decision"] == "bid"
    assert s.rounds == 1


# --- rounds --------------------------------------------------------------------------------------


def round_table(players: int = 3, familiae: str = THREE) -> Table:
    t = Table(familiae, players=players)
    spots = ["a1", "c1", "e1", "g1", "a8", "c8", "e8", "g8", "a3", "a5", "h3", "h5"]
    names = familiae.split("/")
    for seat in range(players):
        for k in range(2):
            t.place(seat, names[seat].split(",")[k], spots[seat * 2 + k], "n")
    return t


def start_round(t: Table) -> None:
    s = t.state
    s.tasks = []
    rules.new_round(s, t.events)
    s._legal = None
    rules.settle(s, t.events)


def bidders(t: Table, bids: dict[int, str]) -> list[int]:
    """Apply one reveal's bids (seat -> code or "deck") in the order asked; the seats asked."""
    asked: list[int] = []
    while t.state.view(None)["decision"] == "bid" and t.state.current_player not in asked:
        seat = t.state.current_player
        assert seat is not None
        asked.append(seat)
        t.do(f"bid {bids[seat]}")
    return asked


def test_round_starts_with_a_face_down_card_from_each_lanista(catalog: Catalog) -> None:
    """Game round: each Lanista plays a card face down, from his hand or from the top of his
    deck; the highest die designates the first player (himself or any other); then play goes
    clockwise."""
    high, mid, low = with_die(catalog, 6)[0], with_die(catalog, 4)[0], with_die(catalog, 1)[0]
    t = round_table()
    for seat in range(3):
        t.hand(seat, mid, low, with_die(catalog, 3)[0])
    t.deck_top(0, high)
    start_round(t)
    assert t.state.current_player == 0
    assert "bid deck" in t.legal()
    assert {f"bid {mid}", f"bid {low}"} <= set(t.legal())
    assert bidders(t, {0: "deck", 1: mid, 2: low}) == [0, 1, 2]
    assert mid not in codes(t.state, t.state.hand[1])
    assert t.state.view(None)["decision"] == "first_player"
    assert t.state.current_player == 0
    assert sorted(t.legal()) == ["first 0", "first 1", "first 2"]
    t.do("first 2")
    assert t.state.order == [2, 0, 1]
    seen = []
    for _ in range(3):
        seat = t.state.current_player
        assert seat is not None
        seen.append(seat)
        assert t.state.view(None)["decision"] == "play"
        t.do(next(a for a in t.legal() if a.endswith(" vox")))
    assert seen == [2, 0, 1]
    assert t.state.view(None)["decision"] == "bid"
    assert t.state.rounds == 2


def test_round_tie_goes_to_the_higher_vox_populi(catalog: Catalog) -> None:
    """Game round: "If two Lanista are tied for the highest scoring die, the Lanista with the
    highest Vox Populi amongst the tied players wins"."""
    top = with_die(catalog, 5, 2)
    low = with_die(catalog, 1)[0]
    t = round_table()
    for seat in range(3):
        t.hand(seat, *top, low)
    t.vox(1, 2)
    t.vox(2, 3)
    t.vox(0, 9)  # the highest Vox Populi, but not among the tied
    start_round(t)
    bidders(t, {0: low, 1: top[0], 2: top[1]})
    assert t.state.view(None)["decision"] == "first_player"
    assert t.state.current_player == 2


def test_round_rulebook_example_reveals_again_among_the_tied(catalog: Catalog) -> None:
    """Game round, the example: Laure 3, Fred, Laurent and Captain Miller 5 at Vox Populi 0 →
    again without Laure; Fred 1, Laurent and Miller 2 → again without Fred; Miller 4, Laurent 2:
    Miller designates Fred, who sits to his left, and so plays last himself."""
    miller, fred, laurent, laure = 0, 1, 2, 3
    fives = with_die(catalog, 5, 3)
    twos = with_die(catalog, 2, 2)
    t = round_table(4, FOUR)
    for seat in range(4):
        t.hand(seat, with_die(catalog, 0)[0], with_die(catalog, 6)[0])
    t.hand(laurent, fives[0], with_die(catalog, 6)[0])  # Laurent plays from his hand
    t.deck_top(laure, with_die(catalog, 3)[0])
    t.deck_top(fred, fives[1], with_die(catalog, 1)[0])
    t.deck_top(miller, fives[2], twos[0], with_die(catalog, 4)[0])
    t.deck_top(laurent, twos[0], twos[1])
    start_round(t)
    asked = bidders(t, {miller: "deck", fred: "deck", laurent: fives[0], laure: "deck"})
    assert sorted(asked) == [0, 1, 2, 3]
    asked = bidders(t, dict.fromkeys(range(4), "deck"))
    assert sorted(asked) == [miller, fred, laurent]
    asked = bidders(t, dict.fromkeys(range(4), "deck"))
    assert sorted(asked) == [miller, laurent]
    assert t.state.view(None)["decision"] == "first_player"
    assert t.state.current_player == miller
    t.do(f"first {fred}")
    assert t.state.current_player == fred
    assert t.state.order[-1] == miller
    assert t.state.order == [fred, laurent, laure, miller]


def test_a_familia_leaving_the_arena_is_skipped(catalog: Catalog) -> None:
    """Victory (multi-player): a familia whose gladiators in the arena are all wounded leaves
    the arena, its figures are removed and it takes no further part: no turn, no round card."""
    t = Table(THREE, players=3)
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "c5", "e")
    t.place(1, "retiarius", "h8", "s", wounded=True)
    t.place(1, "secutor", "d5", "s")
    t.place(2, "laquearius", "a8", "s")
    t.place(2, "crupellarius", "h1", "n")
    t.hand(0, "fatalitas", "virtus")
    t.hand(2, "virtus", "impetus")
    t.turn(0)
    t.do("play fatalitas ability")
    assert t.legal() == ["execute d5"]
    t.do("execute d5")
    assert t.state.out == [False, True, False]
    assert not any(g["square"] for g in t.state.view(None)["gladiators"] if g["seat"] == 1)
    assert not t.state.over
    assert t.state.current_player == 2  # seat 1 is skipped
    t.do("play virtus vox")
    assert t.state.view(None)["decision"] == "bid"
    while t.state.view(None)["decision"] == "bid":
        assert bidders(t, {0: "deck", 2: "deck"}) == [0, 2]
    assert t.state.view(None)["decision"] == "first_player"
    assert sorted(t.legal()) == ["first 0", "first 2"]


def test_two_players_play_turns_without_rounds() -> None:
    """Game round: "a concept that does not exist in two player games": turns alternate."""
    s = game(2, familiae=PLAIN)
    deploy_everyone(s)
    first = s.first_seat
    for k in range(6):
        assert s.view(None)["decision"] == "play"
        assert s.current_player == (first + k) % 2
        s.apply(next(a for a in s.legal_actions() if a.args[1] == "vox"))
    assert s.rounds == 0
