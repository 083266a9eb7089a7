"""Hidden information in Jugula: what each lanista may see (`view`) and how `determinize`
guesses the rest. Hidden: the other hands ("These cards are kept hidden from the opponent's
view"), every deck's order, a face-down combat card ("Attack resolution") or round card ("Game
round"). Public: the arena, every Vox Populi, the discard piles ("Any player may examine any
player's discard pile at any time"), a Prima Jugula card taken ("show it to your opponent")."""

from __future__ import annotations

import json
import random

import pytest

import colosseum
from colosseum.games.jugula import rules
from colosseum.games.jugula.cards import card_places
from colosseum.games.jugula.state import JugulaState

from .helpers import PLAIN, Table, codes, two_sides

THREE = PLAIN + "/laquearius,crupellarius,dimachaerius,sagittarius"
FOUR = THREE + "/thraex,retiarius,murmillo,secutor"
SECRET_KEYS = ("hand", "deck_top_known", "compelled_card", "bid_card")


def hidden_pool(s: JugulaState, p: int) -> list[int]:
    """The cards of `p` that another seat cannot place: the hand not shown, the deck below
    its public top, and a face-down round or combat card."""
    deck = s.deck[p]
    pool = [c for c in s.hand[p] if c not in s.shown[p]]
    pool += deck[: len(deck) - s.top_public[p]]
    fight = s.fight
    if s.bids[p] >= 0:
        pool.append(s.bids[p])
    if fight is not None and not fight.revealed and fight.a_card >= 0:
        pool += [fight.a_card] if s.fighters[fight.attacker].seat == p else []
    return sorted(pool)


def check_determinize(s: JugulaState, seat: int, rng: random.Random) -> JugulaState:
    """`determinize(seat)` keeps everything `seat` knows and deals again only what he does not."""
    d = s.determinize(seat, rng)
    assert isinstance(d, JugulaState)
    assert d.view(seat) == s.view(seat)
    assert d.hand[seat] == s.hand[seat]
    assert d.bids[seat] == s.bids[seat]
    assert d.compelled[seat] == s.compelled[seat]
    for name in ("discard", "removed", "aside", "in_play", "shown"):
        assert getattr(d, name) == getattr(s, name), name
    for name in ("board", "square", "facing", "wounds", "vox", "out", "marker", "held", "tasks"):
        assert getattr(d, name) == getattr(s, name), name
    known = s.top_known[seat]
    assert sorted(d.deck[seat]) == sorted(s.deck[seat])
    assert d.deck[seat][len(d.deck[seat]) - known :] == s.deck[seat][len(s.deck[seat]) - known :]
    for p in range(s.num_players):
        if p == seat:
            continue
        assert len(d.hand[p]) == len(s.hand[p])
        assert len(d.deck[p]) == len(s.deck[p])
        assert set(s.shown[p]) <= set(d.hand[p])
        public = s.top_public[p]
        assert d.deck[p][len(d.deck[p]) - public :] == s.deck[p][len(s.deck[p]) - public :]
        assert hidden_pool(d, p) == hidden_pool(s, p)
        if s.compelled[p] >= 0:
            assert d.compelled[p] in d.hand[p]
    for p in range(s.num_players):
        every = card_places(d, p)
        assert sorted(every) == list(range(len(s.catalog.cards)))
    return d


# --- view ----------------------------------------------------------------------------------------


def test_a_view_never_holds_another_seats_hand() -> None:
    """Setting up the game: the starting hand is "kept hidden from the opponent's view"."""
    s = colosseum.new_game("jugula", players=4, seed=5, options={"familiae": FOUR})
    for seat in (None, 0, 1, 2, 3):
        view = s.view(seat)
        for p, lanista in enumerate(view["lanistae"]):
            assert lanista["hand_count"] == 4
            for key in SECRET_KEYS:
                assert (key in lanista) is (p == seat), (seat, p, key)
        assert "deck" not in json.dumps(view["lanistae"]).replace("deck_", "")


def test_the_own_hand_is_in_the_own_view() -> None:
    """A lanista sees his own hand; nobody else does."""
    t = Table()
    t.hand(0, "virtus", "impetus")
    t.turn(0)
    assert t.state.view(0)["lanistae"][0]["hand"] == ["virtus", "impetus"]
    assert t.state.view(1)["lanistae"][0]["hand_known"] == []


def test_hidden_cards_do_not_change_any_view() -> None:
    """Whatever the other hands and the deck orders, a seat's view is the same."""
    t = Table()
    two_sides(t)
    t.hand(0, "virtus", "impetus", "plausus")
    t.hand(1, "infamis", "acies_aciei", "ardor_oris")
    t.turn(0)
    before = t.state.view(0)
    spectator = t.state.view(None)
    t.hand(1, "panem_et_circenses", "fraus_fraudis", "cognatus_a_um")
    t.state.deck[0].reverse()
    t.state.deck[1].reverse()
    assert t.state.view(0) == before
    assert t.state.view(None) == spectator


def test_a_prima_card_taken_is_known_in_the_hand_until_played() -> None:
    """Upgrade Effect: the Prima Jugula card is shown to the opponent as it goes to the hand."""
    t = Table()
    two_sides(t)
    t.hand(0, "acies_aciei", "virtus", "plausus")
    t.hand(1, "impetus", "infamis")
    t.turn(0)
    t.do("play acies_aciei upgrade", "take paro")
    for seat in (None, 1):
        assert t.state.view(seat)["lanistae"][0]["hand_known"] == ["paro"]
    t.do("play impetus vox", "play paro vox")
    assert t.state.view(1)["lanistae"][0]["hand_known"] == []


def test_a_face_down_combat_card_is_hidden_until_revealed() -> None:
    """Attack resolution: the attacker's card is placed face down before the defender chooses;
    "Both cards are revealed" together."""
    t = Table()
    t.place(0, "thraex", "d4", "n")
    t.place(0, "murmillo", "a1", "n")
    t.place(1, "retiarius", "d5", "s")
    t.place(1, "secutor", "h8", "s")
    t.hand(0, "virtus", "plausus", "impetus")
    t.hand(1, "infamis", "acies_aciei")
    t.turn(0)
    t.do("play virtus combat", "attack d4 d5", "card plausus")
    assert t.state.current_player == 1
    assert t.state.view(1)["fight"]["attacker_card"] == "face down"
    assert t.state.view(None)["fight"]["attacker_card"] == "face down"
    assert t.state.view(0)["fight"]["attacker_card"] == "plausus"
    assert "plausus" not in json.dumps(t.state.view(1))
    check_determinize(t.state, 1, random.Random(3))
    changed = {
        t.state.determinize(1, random.Random(k)).fight.a_card  # type: ignore[union-attr]
        for k in range(20)
    }
    assert len(changed) > 1  # the defender cannot know which card it is
    t.do("card infamis")
    reveal = next(e.data for e in t.events if e.kind == "reveal_combat")
    assert reveal == {"attacker": "plausus", "defender": "infamis"}


def test_a_round_card_from_the_hand_is_hidden_until_revealed() -> None:
    """Game round: "each Lanista plays a card face down ... Cards are revealed
    simultaneously"; where it comes from (hand or deck) is seen."""
    t = Table(THREE, players=3)
    for seat, square in enumerate(("a1", "a8", "h4")):
        t.place(seat, THREE.split("/")[seat].split(",")[0], square, "n")
    for seat in range(3):
        t.hand(seat, "virtus", "impetus", "plausus")
    t.state.tasks = []
    rules.new_round(t.state, t.events)
    t.state._legal = None
    rules.settle(t.state, t.events)
    t.do("bid impetus")
    assert t.state.view(0)["lanistae"][0]["bid_card"] == "impetus"
    for seat in (None, 1, 2):
        lanista = t.state.view(seat)["lanistae"][0]
        assert lanista["bid"] == "hand"
        assert "bid_card" not in lanista
    d = check_determinize(t.state, 1, random.Random(1))
    assert d.bids[0] >= 0


def test_the_compelled_card_is_known_to_its_holder_only() -> None:
    """Dubitatio: the card is selected at random "without peeking"; the opponent must play it."""
    t = Table()
    two_sides(t)
    t.hand(0, "dubitatio", "virtus")
    t.hand(1, "impetus", "infamis", "plausus")
    t.vox(0, 8)
    t.turn(0)
    t.do("play dubitatio ability", "use vox")
    card = t.state.compelled[1]
    assert card >= 0
    compelled = [e for e in t.events if e.kind == "compelled_card"]
    assert len(compelled) == 1
    assert compelled[0].visible(1) and not compelled[0].visible(0)
    assert not compelled[0].visible(None)
    assert t.state.view(0)["lanistae"][1]["compelled"] is True
    check_determinize(t.state, 0, random.Random(2))
    d = check_determinize(t.state, 1, random.Random(2))
    assert d.compelled[1] == card


# --- determinize ---------------------------------------------------------------------------------


def test_determinize_changes_only_the_hidden_cards() -> None:
    """The rival's hand and every deck's order are dealt again; nothing public moves."""
    t = Table()
    two_sides(t)
    t.hand(0, "virtus", "impetus", "plausus")
    t.hand(1, "infamis", "acies_aciei", "ardor_oris")
    t.state.discard[1].append(t.state.deck[1].pop())
    t.turn(0)
    rival_hands = set()
    own_decks = set()
    for k in range(12):
        d = check_determinize(t.state, 0, random.Random(k))
        rival_hands.add(tuple(sorted(d.hand[1])))
        own_decks.add(tuple(d.deck[0]))
    assert len(rival_hands) > 1
    assert len(own_decks) > 1  # a lanista does not know the order of his own deck either


def test_determinize_keeps_the_top_cards_arranged_with_plausus() -> None:
    """Plausus: the lanista looked at his top 4 cards and arranged them: he knows them."""
    t = Table()
    two_sides(t)
    t.hand(0, "plausus", "virtus")
    t.hand(1, "impetus", "infamis")
    t.turn(0)
    t.do("play plausus ability")
    while t.state.view(None)["decision"] == "order_top":
        t.do(t.legal()[0])
    top = t.state.deck[0][-4:]
    assert t.state.view(0)["lanistae"][0]["deck_top_known"] == codes(t, top[::-1])
    assert t.state.view(1)["lanistae"][0]["deck_top_public"] == []
    for k in range(8):
        d = check_determinize(t.state, 0, random.Random(k))
        assert d.deck[0][-4:] == top
    tops = {tuple(check_determinize(t.state, 1, random.Random(k)).deck[0][-4:]) for k in range(8)}
    assert len(tops) > 1  # the opponent did not see them


def test_determinize_keeps_a_card_put_on_top_for_all_to_see() -> None:
    """Acta est Fabula: the restored card goes on top of its owner's deck, in everyone's
    sight."""
    t = Table()
    two_sides(t)
    t.hand(0, "acta_est_fabula", "virtus")
    t.hand(1, "impetus", "infamis")
    t.state.removed[1].append(t.state.deck[1].pop(0))
    restored = t.state.removed[1][0]
    t.turn(0)
    t.do("play acta_est_fabula ability", f"restore 1 {t.state.catalog.cards[restored].code}")
    for k in range(6):
        d = check_determinize(t.state, 0, random.Random(k))
        assert d.deck[1][-1] == restored


def test_plausus_hides_where_a_public_top_card_went() -> None:
    """Acta est Fabula puts a card on top of the deck in everyone's sight; Plausus then lets
    its owner rearrange his top 4 cards in secret ("look at the 4 topmost cards of your deck
    and arrange them in any order"): the opponent no longer knows which card is on top."""
    t = Table()
    two_sides(t)
    t.hand(0, "acta_est_fabula", "plausus", "virtus")
    t.state.removed[0].append(t.state.catalog.card_by_code["cognatus_a_um"])
    t.state.deck[0].remove(t.state.catalog.card_by_code["cognatus_a_um"])
    t.hand(1, "impetus", "infamis")
    t.turn(0)
    t.do("play acta_est_fabula ability", "restore 0 cognatus_a_um")
    assert t.state.view(1)["lanistae"][0]["deck_top_public"] == ["cognatus_a_um"]
    t.do("play impetus vox", "play plausus ability")
    other = next(a for a in t.legal() if a != "top cognatus_a_um")
    t.do(other)
    while t.state.view(None)["decision"] == "order_top":
        t.do(t.legal()[-1])
    assert codes(t, t.state.deck[0][-1:]) == [other.split()[1]]
    # the opponent saw cognatus_a_um go on top, not where Plausus put it
    assert t.state.view(1)["lanistae"][0]["deck_top_public"] == []
    tops = {check_determinize(t.state, 1, random.Random(k)).deck[0][-1] for k in range(8)}
    assert len(tops) > 1


def random_states(players: int, seed: int, every: int) -> list[JugulaState]:
    """States met along a random playout, one every `every` actions."""
    s = colosseum.new_game("jugula", players=players, seed=seed)
    assert isinstance(s, JugulaState)
    rng = random.Random(seed)
    found = []
    for step in range(2000):
        if s.is_terminal():
            break
        if step % every == 0:
            found.append(s.clone())
        s.apply(rng.choice(s.legal_actions()))
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_along_random_playouts(players: int) -> None:
    """At any moment of a game, each seat's determinization agrees with all it may know."""
    rng = random.Random(players)
    for state in random_states(players, 40 + players, 37):
        for seat in range(players):
            check_determinize(state, seat, rng)


def test_determinize_is_a_playable_game() -> None:
    """A determinized state plays on like any game."""
    rng = random.Random(9)
    for state in random_states(3, 17, 97):
        d = state.determinize(state.current_player or 0, rng)
        for _ in range(30):
            if d.is_terminal():
                break
            d.apply(rng.choice(d.legal_actions()))
