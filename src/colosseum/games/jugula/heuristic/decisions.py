"""The Jugula heuristic's decisions: one handler per kind of decision of the game."""

from __future__ import annotations

import random
from collections.abc import Callable

from ....core.actions import Action
from ..destination import Destination
from .dice import terms_value
from .valuation import Valuer
from .world import (
    ARMATURA_ORDER,
    ATTACK_MIN,
    FACINGS,
    MOVE_MIN,
    PRIMA_VALUE,
    Glad,
    World,
    pick_kinds,
)


class Chooser(Valuer):
    """One decision: the view, the arena, the cards known, and a handler per decision kind."""

    # --- the decisions ------------------------------------------------------------------------

    def choose(self, rng: random.Random) -> Action:
        handler = _HANDLERS.get(str(self.view["decision"]))
        if handler is not None:
            choice = handler(self)
            if choice is not None:
                return choice
        return self.actions[rng.randrange(len(self.actions))]

    def _play(self) -> Action | None:
        return max(self.actions, key=self.play_value)

    def _effects(self) -> Action | None:
        return max(self.actions, key=self.chosen_effect_gain)

    def chosen_effect_gain(self, action: Action) -> float:
        """The gain of the effect an `effects` action picks from the card in play."""
        played = self.card(self.me["in_play"][-1]) if self.me["in_play"] else None
        fixed = played is not None and played.ability in ("crowd_favourite", "draw_then_strike")
        effect = str(action.args[0])
        value = 1 if fixed or played is None else dict(self.card_effects(played))[effect]
        return self.effect_gain(effect, value)

    def _move_pick(self) -> Action | None:
        world = self.world
        options: dict[int, Action] = {}
        for action in pick_kinds(self.actions, "move", "shake"):
            g = world.at(world.square_of(str(action.args[0])))
            if g is not None:
                options[g.gid] = action
        for gain, gid in self.move_gains():
            if gid in options and gain > MOVE_MIN:
                return options[gid]
        done = pick_kinds(self.actions, "done")
        return done[0] if done else None

    def _move(self) -> Action | None:
        choice, best_value = None, 0.0
        for action, value in self.move_values():
            if choice is None or (action.kind == "to" and value > best_value + 1e-9):
                choice, best_value = action, value
        return choice

    def move_values(self) -> list[tuple[Action, float]]:
        """Staying (if legal) and each destination of the gladiator moving, with the worth of
        his place for us (Dementia moves an enemy: his place's worth for him, negated)."""
        if self._move_values is None:
            self._move_values = self._place_values()
        return self._move_values

    def _place_values(self) -> list[tuple[Action, float]]:
        world = self.world
        moves = pick_kinds(self.actions, "to")
        g = self.mover(moves)
        if g is None:
            return []
        sign = 1.0 if g.seat == self.seat else -1.0
        places = [(g.sq, g.facing)]
        square_of = world.square_of
        for action in moves:
            if isinstance(action, Destination):  # its place without writing its notation
                places.append(action.place)
                continue
            args = action.args
            places.append((square_of(str(args[0])), FACINGS.index(str(args[1]))))
        if sign > 0:  # ours: the places' worths from the placer at once (its plan kept)
            scores = self.placer.scores_at(g, places)
        else:
            scores = [self.enemy_place(g, square, facing) for square, facing in places]
        here = sign * scores[0]
        values = [(action, here) for action in pick_kinds(self.actions, "stay")]
        values += [(action, sign * score) for action, score in zip(moves, scores[1:], strict=True)]
        return values

    def enemy_place(self, g: Glad, square: int, facing: int) -> float:
        """Dementia: how good an enemy's place is for him (what we attack minus suffer)."""
        world, placer = self.world, self.placer
        old = (g.sq, g.facing)
        world.relocate(g, square, facing)
        try:
            value = 0.0
            for m in world.mine():
                if world.threatens(m, g):
                    value -= world.attack_value(m, g, placer.mine, placer.theirs)
                if world.threatens(g, m):
                    value += world.attack_value(g, m, placer.theirs, placer.mine)
            return value
        finally:
            world.relocate(g, *old)

    def mover(self, moves: list[Action]) -> Glad | None:
        """The gladiator a move decision is about: the one standing on a destination (a facing
        change), else one next to every first step of the paths."""
        world = self.world
        names = world.geo.names
        for action in moves:
            g = world.at(world.square_of(str(action.args[0])))
            if g is not None:
                return g
        firsts = {names.index(str(a.args[2]).split("-")[0][:-1]) for a in moves}
        candidates = [
            g for g in world.on_board() if all(sq in world.geo.adjacent[g.sq] for sq in firsts)
        ]
        candidates.sort(key=lambda g: g.seat != self.seat)
        return candidates[0] if candidates else None

    def _aware(self) -> Action | None:
        world = self.world
        g = world.at(world.geo.names.index(str(self.actions[0].args[0])))
        if g is None:
            return None
        return max(
            self.actions,
            key=lambda a: self.placer.score_at(g, g.sq, FACINGS.index(str(a.args[1]))),
        )

    def _attack(self) -> Action | None:
        options = self.attack_options()
        done = pick_kinds(self.actions, "done")
        if options and (options[0][0] > ATTACK_MIN or not done):
            return options[0][1]
        return done[0] if done else None

    def _commit(self) -> Action | None:
        fight = self.view["fight"]
        world = self.world
        a, d = world.by_id[int(fight["attacker"])], world.by_id[int(fight["defender"])]
        choices = self.choices("card")
        terms = world.attack_terms(a, d, int(fight["bonus"]), bool(fight["hinder"]))
        if a.seat == self.seat:
            theirs = self.enemy_dist(d.seat)
            return max(choices, key=lambda c: terms_value(terms, c[1], theirs) - c[2])[0]
        if fight["attacker_card"] == "deck":
            theirs = self.deck_dist(a.seat)
        else:
            theirs = self.enemy_dist(a.seat)
        return min(choices, key=lambda c: terms_value(terms, theirs, c[1]) + c[2])[0]

    def _push(self) -> Action | None:
        """Into the tightest square: next to walls and gladiators, where a push wounds."""
        world = self.world
        names = world.geo.names

        def free_around(action: Action) -> int:
            square = names.index(str(action.args[0]))
            return sum(1 for near in world.geo.adjacent[square] if world.cells[near] is None)

        return min(self.actions, key=free_around)

    def _pursue(self) -> Action | None:
        """Pursue (from any distance) when the vacated square is worth at least his own."""
        fight = self.view["fight"]
        world = self.world
        a = world.by_id[int(fight["attacker"])]
        vacated = fight.get("vacated")
        if vacated is None:
            return pick_kinds(self.actions, "hold")[0]
        here = self.placer.score(a)
        there = self.placer.score_at(a, world.geo.names.index(str(vacated)), a.facing)
        return pick_kinds(self.actions, "pursue" if there >= here - 0.05 else "hold")[0]

    def _acclaim(self) -> Action | None:
        """Take the +1 Vox Populi, unless it would make the crowd's favourite of a lanista
        holding Virtus, whose ability is for those without the highest Vox Populi."""
        gain = self.vox_gain(1)
        world = self.world
        rivals = [p for p in range(world.players) if p != self.seat and not world.out[p]]
        after = world.vox[self.seat] + 1
        becomes_highest = not self.highest_vox() and all(after > world.vox[p] for p in rivals)
        if becomes_highest:
            for code in self.hand:
                card = self.card(code)
                if card.ability == "underdog" and gain < 0.5 * self.ability_gain(card):
                    return pick_kinds(self.actions, "decline")[0]
        return pick_kinds(self.actions, "acclaim")[0]

    def _overflow(self) -> Action | None:
        """Draw beyond 10 while the hand is under its limit."""
        limit = self.world.rules.vox_hand[self.world.vox[self.seat]]
        return pick_kinds(self.actions, "extra" if len(self.hand) < limit else "enough")[0]

    def _discard(self) -> Action | None:
        return min(self.actions, key=lambda a: self.worth(str(a.args[0])))

    def _sacrifice(self) -> Action | None:
        discards = pick_kinds(self.actions, "discard")
        if len(self.hand) > 3 and discards:
            worst = min(discards, key=lambda a: self.worth(str(a.args[0])))
            if self.worth(str(worst.args[0])) < 0.25:
                return worst
        return pick_kinds(self.actions, "done")[0]

    def _rival(self) -> Action | None:
        world = self.world
        played = self.card(self.me["in_play"][-1]).ability if self.me["in_play"] else ""
        lanistae = self.view["lanistae"]

        def key(action: Action) -> float:
            seat = int(action.args[0])
            if played == "force_discard":
                return float(lanistae[seat]["hand_count"])
            if played == "intimidation":
                return -float(world.vox[seat]) - 10 * world.hits[seat]
            return float(world.vox[seat])

        return max(self.actions, key=key)

    def _recall(self) -> Action | None:
        return max(self.actions, key=lambda a: self.worth(str(a.args[0])))

    def _restore(self) -> Action | None:
        def key(action: Action) -> float:
            worth = self.worth(str(action.args[1]))
            return worth if int(action.args[0]) == self.seat else -worth

        return max(self.actions, key=key)

    def _prima(self) -> Action | None:
        takes = pick_kinds(self.actions, "take")
        if not takes:
            return pick_kinds(self.actions, "done")[0]
        return max(takes, key=lambda a: PRIMA_VALUE.get(self.card(str(a.args[0])).ability, 0.1))

    def _impetus(self) -> Action | None:
        world = self.world
        names = world.geo.names
        return max(self.actions, key=lambda a: self.impetus_value(a, names, world))

    def impetus_value(self, action: Action, names: tuple[str, ...], world: World) -> float:
        g = world.at(names.index(str(action.args[0])))
        if g is None:
            return -1.0
        if action.args[1] == "attack":
            attacks = [self.best_commit_value(g, d, False) for d in world.targets(g)]
            return max(attacks, default=-1.0) + self.placer.best_move(g)[0]
        return self.move_then_attack(g)

    def _order_top(self) -> Action | None:
        return max(self.actions, key=lambda a: self.card(str(a.args[0])).die)

    def _perfidia(self) -> Action | None:
        seeds = pick_kinds(self.actions, "seed")
        if not seeds:
            return pick_kinds(self.actions, "done")[0]
        return max(seeds, key=lambda a: PRIMA_VALUE.get(self.card(str(a.args[0])).ability, 0.1))

    def _dementia(self) -> Action | None:
        world = self.world
        names = world.geo.names

        def danger(action: Action) -> float:
            e = world.at(names.index(str(action.args[0])))
            if e is None:
                return 0.0
            return sum(
                world.attack_value(e, m, self.placer.theirs, self.placer.mine)
                for m in world.mine()
                if world.threatens(e, m)
            )

        return max(self.actions, key=danger)

    def _temperare(self) -> Action | None:
        removes = pick_kinds(self.actions, "remove")
        done = pick_kinds(self.actions, "done")
        if removes:
            worst = min(removes, key=lambda a: self.worth(str(a.args[0])))
            if not done or self.card(str(worst.args[0])).die <= 1:
                return worst
        return done[0] if done else None

    def _execute(self) -> Action | None:
        world = self.world
        names = world.geo.names

        def value(action: Action) -> float:
            g = world.at(names.index(str(action.args[0])))
            return world.hit_values(g)[0] if g is not None else 0.0

        return max(self.actions, key=value)

    def _heal(self) -> Action | None:
        return self.actions[0]

    def _resilient(self) -> Action | None:
        return pick_kinds(self.actions, "swap")[0]

    def _bid(self) -> Action | None:
        deck = [a for a in self.actions if a.args[0] == "deck"]
        if deck:
            return deck[0]
        return min(self.actions, key=lambda a: self.worth(str(a.args[0])))

    def _first(self) -> Action | None:
        mine = [a for a in self.actions if int(a.args[0]) == self.seat]
        return mine[0] if mine else None

    def _zone(self) -> Action | None:
        return self.actions[0]

    def _pick_armatura(self) -> Action | None:
        def rank(action: Action) -> int:
            code = str(action.args[0])
            return ARMATURA_ORDER.index(code) if code in ARMATURA_ORDER else len(ARMATURA_ORDER)

        return min(self.actions, key=rank)

    def _deploy(self) -> Action | None:
        """Central squares first, heavies first, each facing the middle of the arena."""
        geo = self.world.geo
        cx, cy = (geo.width - 1) / 2, (geo.height - 1) / 2
        heavy = {g.code: g.heavy for g in self.world.glads if g.seat == self.seat}

        def score(action: Action) -> float:
            square = geo.names.index(str(action.args[1]))
            x, y = geo.coords(square)
            dx, dy = ((0, 1), (1, 0), (0, -1), (-1, 0))[FACINGS.index(str(action.args[2]))]
            facing = dx * (cx - x) + dy * (cy - y)
            spread = abs(x - cx) + abs(y - cy)
            return facing - spread + (0.5 if heavy.get(str(action.args[0])) else 0.0)

        return max(self.actions, key=score)


_HANDLERS: dict[str, Callable[[Chooser], Action | None]] = {
    "pick_armatura": Chooser._pick_armatura,
    "zone": Chooser._zone,
    "deploy": Chooser._deploy,
    "bid": Chooser._bid,
    "first_player": Chooser._first,
    "play": Chooser._play,
    "effects": Chooser._effects,
    "move_pick": Chooser._move_pick,
    "move": Chooser._move,
    "aware": Chooser._aware,
    "attack": Chooser._attack,
    "commit": Chooser._commit,
    "resilient": Chooser._resilient,
    "push": Chooser._push,
    "pursue": Chooser._pursue,
    "acclaim": Chooser._acclaim,
    "overflow": Chooser._overflow,
    "discard": Chooser._discard,
    "sacrifice": Chooser._sacrifice,
    "rival": Chooser._rival,
    "recall": Chooser._recall,
    "restore": Chooser._restore,
    "heal": Chooser._heal,
    "prima": Chooser._prima,
    "impetus": Chooser._impetus,
    "order_top": Chooser._order_top,
    "perfidia": Chooser._perfidia,
    "dementia": Chooser._dementia,
    "temperare": Chooser._temperare,
    "execute": Chooser._execute,
}
