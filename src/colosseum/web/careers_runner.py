"""A combat of a campaign run on the game server, with no thread of its own.

`CombatRunner.advance` runs `finish_combat` (careers/sequence.py) in the thread that calls it
(a request that brings an answer or an acceptance, or the service's one background worker),
step by step, each step stored as it finishes, until the combat needs something it does not
have: an answer of a person (`NeedAnswer`), or the end of the game at its Jugula table
(`AtTable`). Then the step in progress is given up (its transaction never stored, the campaign
as it was) and the call returns: a waiting combat holds no thread, only the question it waits
for and the answers given so far in its step.

When the answer comes, the step is run again from its start with every answer given so far
in it, in order: the steps are deterministic given them (each step's dice and the computers'
managers are seeded from the combat's seed and the step's name, careers/fights.py; a person's
dice, in companion mode, are answers too), so the run takes the same path and asks the next
question. A choice the rules refuse is noted and asked again, as at the terminal; its answer
stays in the step's list (it is refused again, in the same way, at each run). A restart loses
the answers of the step in progress, not a stored step: the step is asked again from its start.
"""

from __future__ import annotations

import copy
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..careers.campaign import Campaign, CampaignChanged
from ..careers.data import Tables, load_tables
from ..careers.dice import Dice
from ..careers.fights import managers, program_dice
from ..careers.manager import Hire, Manager, Purchase, UsuryChoice
from ..careers.sequence import Arena, CombatReport, finish_combat
from ..careers.sheet import CareerError, Gladiator, Sheet
from ..store import Store
from . import careers_questions as forms
from .careers_errors import CombatBusy, NotYourQuestion, QuestionGone, RulesRefused

log = logging.getLogger("colosseum.web")

_ATTEMPTS = 5  # finish_combat tried again after another command stored events first
WAITING = ("asking", "arena")  # phases in which the combat waits for someone else


class NeedAnswer(Exception):
    """The step needs a person's answer it has not been given: it is given up for now."""

    def __init__(self, question: forms.Question) -> None:
        super().__init__(question.id)
        self.question = question


class AtTable(Exception):
    """The combat is fought at its Jugula table, which is not over yet."""

    def __init__(self, table: str) -> None:
        super().__init__(table)
        self.table = table


@dataclass(frozen=True, slots=True)
class Given:
    """An answer given in the step in progress: whose, to which kind of question, its value."""

    lanista: str
    kind: str
    value: Any


class CombatRunner:
    """One combat in progress: what its pages show, the question it waits for, and the answers
    given in its current step. `data` is the `combat_begun` event's data."""

    def __init__(
        self,
        store: Store,
        campaign: str,
        begun: int,
        data: dict[str, Any],
        arena_for: Callable[[CombatRunner], Arena],
        table_dice: bool,
        max_answers: int,
    ) -> None:
        self.store, self.campaign, self.begun = store, campaign, begun
        self.data = data
        self.plan: dict[str, Any] = dict(data.get("plan") or {})
        self.lanistae = [str(n) for n in data["lanistae"]]
        self.humans = [str(n) for n in self.plan.get("humans", [])]
        self.arena_for = arena_for
        self.table_dice = table_dice
        self.max_answers = max_answers
        self.phase = "starting"  # working, asking, arena, done, failed
        self.step: str | None = None
        self.question: forms.Question | None = None
        self.error: str | None = None
        self.report: CombatReport | None = None
        self.table: str | None = None  # the Jugula table, once it stands
        self.version = 0
        self.failed_at: float | None = None
        self._answers: list[Given] = []
        self._answers_step: str | None = None
        self._cursor = 0
        self._notes: dict[str, list[str]] = {}
        self._work = threading.Lock()  # one run at a time
        self._state = threading.Lock()  # what the pages read
        self._managers = {name: WebManager(self, name) for name in self.humans}
        self._computers = managers(self.plan, None)

    # --- running ------------------------------------------------------------------------------

    def advance(self, wait: float | None = None, phases: Sequence[str] = ()) -> bool:
        """Run the combat until it waits or ends; False if another run holds it (after `wait`
        seconds; None: as long as it takes), or (`phases` given) it is in none of them once
        this run may start."""
        if not self._work.acquire(timeout=-1 if wait is None else wait):
            return False
        try:
            if phases and self.phase not in phases:
                return False
            self._run()
        finally:
            self._work.release()
        return True

    def _run(self) -> None:
        self._set(phase="working", error=None)
        try:
            report = self._finish()
        except NeedAnswer as need:
            self._set(phase="asking", question=need.question)
        except AtTable as fighting:
            self._set(phase="arena", table=fighting.table)
        except CareerError as error:
            self.failed_at = time.monotonic()
            self._set(phase="failed", error=str(error))
        except Exception as error:  # a combat must never bring the server down
            log.exception("combat %s#%s failed", self.campaign, self.begun)
            self.failed_at = time.monotonic()
            self._set(phase="failed", error=f"the combat stopped on an error: {error}")
        else:
            self._set(phase="done", report=report)

    def _finish(self) -> CombatReport | None:
        for _ in range(_ATTEMPTS):
            campaign = Campaign.open(self.store, self.campaign)
            if self.begun not in campaign.combats:
                return None  # finished by another command (career resume)
            self._cursor, self._notes = 0, {}
            try:
                return finish_combat(
                    campaign, self.begun, self._dice_for, self._manager_for, self.arena_for(self)
                )
            except CampaignChanged:
                continue  # read the campaign again and go on from its last stored step
        raise CareerError(
            "the campaign changed too often meanwhile; the combat goes on in a moment"
        )

    def _manager_for(self, lanista: str, step: str) -> Manager:
        self._set(step=step)
        if lanista in self._managers:
            return self._managers[lanista]
        return self._computers(lanista, step)

    def _dice_for(self, step: str) -> Dice:
        self._set(step=step)
        if self.table_dice:
            return WebDice(self)
        return program_dice(int(self.plan["seed"]))(step)

    # --- asking -------------------------------------------------------------------------------

    def ask(self, lanista: str, form: forms.Form, sheet: Sheet | None) -> Any:
        """The answer given to this question in this run of the step, else NeedAnswer."""
        if self._answers_step != self.step:
            self._answers, self._answers_step, self._cursor = [], self.step, 0
        if self._cursor < len(self._answers):
            given = self._answers[self._cursor]
            if given.lanista == lanista and given.kind == form.kind:
                self._cursor += 1
                return copy.deepcopy(given.value)
            del self._answers[self._cursor :]  # the step took another way: ask from here
        raise NeedAnswer(
            forms.Question(
                id=secrets.token_urlsafe(9),
                lanista=lanista,
                step=self.step or "",
                form=form,
                notes=self._notes.pop(lanista, []),
                sheet=None if sheet is None else sheet.to_json(),
            )
        )

    def note(self, lanista: str, text: str) -> None:
        """Why the rules refused his answer: shown with his next question."""
        self._notes.setdefault(lanista, []).append(text)

    def answer(self, lanista: str, question_id: str, answer: Any, wait: float) -> None:
        """`lanista` answers the question waiting: checked by its form (else BadAnswer and
        nothing changes), then the step runs again with it; RulesRefused if the rules refused
        it (the same lanista is asked again, his sheet as it was)."""
        if not self._work.acquire(timeout=wait):
            raise CombatBusy("the combat is taking another answer: send yours again in a moment")
        try:
            asked = self.question
            if asked is not None and asked.id == question_id and asked.lanista != lanista:
                raise NotYourQuestion(f"this question is {asked.lanista}'s, not {lanista}'s")
            if asked is None or asked.id != question_id or self.phase != "asking":
                raise QuestionGone(
                    "this question is no longer asked (answered already, or asked again): "
                    "reload the page"
                )
            value = asked.form.parse(answer)
            if len(self._answers) >= self.max_answers:
                raise QuestionGone(
                    f"this step of the combat took {self.max_answers} answers, the most it may: "
                    "colosseum career resume finishes it at the terminal"
                )
            self._answers.append(Given(lanista, asked.form.kind, value))
            self._set(question=None)
            self._run()
            again = self.question
        finally:
            self._work.release()
        if (
            again is not None
            and again.lanista == asked.lanista
            and again.notes
            and asked.sheet is not None
            and again.sheet == asked.sheet
        ):
            raise RulesRefused("; ".join(again.notes))

    # --- state --------------------------------------------------------------------------------

    def snapshot(self, lanista: str | None) -> dict[str, Any]:
        """What a page shows: the phase, whose answer is awaited (a name only), and the
        question itself only to the lanista it is asked of."""
        with self._state:
            asked = self.question if self.phase == "asking" else None
            mine = asked is not None and asked.lanista == lanista
            return {
                "phase": self.phase,
                "step": self.step,
                "waiting_for": asked.lanista if asked is not None else None,
                "question": asked.public() if mine and asked is not None else None,
                "error": self.error,
                "table": self.table,
                "version": self.version,
            }

    def retry(self, after: float) -> bool:
        """If this runner failed `after` s ago or more: ready to be run again (True)."""
        with self._state:
            due = self.failed_at is not None and time.monotonic() - self.failed_at >= after
            if due and self.phase == "failed":
                self.failed_at, self.phase = None, "starting"
                self.version += 1
                return True
            return False

    def _set(self, **changes: Any) -> None:
        with self._state:
            if all(getattr(self, k) == v for k, v in changes.items()):
                return
            for key, value in changes.items():
                setattr(self, key, value)
            self.version += 1


class WebManager:
    """A `Manager` asking one lanista each choice on his own page; a refused choice is
    explained and asked again (`asks_again`), as at the terminal."""

    asks_again = True

    def __init__(self, runner: CombatRunner, lanista: str) -> None:
        self.runner, self.lanista = runner, lanista

    def _ask(self, form: forms.Form, sheet: Sheet | None) -> Any:
        return self.runner.ask(self.lanista, form, sheet)

    def refused(self, what: str, error: CareerError) -> None:
        self.runner.note(self.lanista, f"{what} refused: {error}")

    def hires(self, sheet: Sheet, tables: Tables) -> list[Hire]:
        found: list[Hire] = self._ask(forms.hires(sheet, tables), sheet)
        return found

    def servitor_hires(self, sheet: Sheet, tables: Tables) -> list[tuple[str, int]]:
        found: list[tuple[str, int]] = self._ask(forms.servitor_hires(sheet, tables), sheet)
        return found

    def familia(self, sheet: Sheet, hired: list[Gladiator], tables: Tables) -> list[str] | None:
        found: list[str] | None = self._ask(forms.familia(sheet, hired, tables), sheet)
        return found

    def prima(self, sheet: Sheet, stars: int, tables: Tables) -> list[str] | None:
        found: list[str] | None = self._ask(forms.prima(sheet, stars, tables), sheet)
        return found

    def exemptions(self, sheet: Sheet, tables: Tables) -> list[str]:
        free = tables.servitor("procurator").value(
            "free_maintenance", sheet.servitors.get("procurator", 0)
        )
        return [] if not free else self._names(forms.exemptions(sheet, free), sheet)

    def pupils(self, sheet: Sheet, tables: Tables) -> list[str]:
        count = tables.servitor("doctor").value("trained", sheet.servitors.get("doctor", 0))
        return [] if not count else self._names(forms.pupils(sheet, count), sheet)

    def upgrade(self, sheet: Sheet, name: str, tables: Tables) -> str | None:
        found: str | None = self._ask(forms.upgrade(sheet, name), sheet)
        return found

    def purchases(self, sheet: Sheet, tables: Tables) -> list[Purchase]:
        found: list[Purchase] = self._ask(forms.purchases(sheet, tables), sheet)
        return found

    def servitors(self, sheet: Sheet, tables: Tables) -> list[str]:
        return self._names(forms.servitors(sheet, tables), sheet)

    def sales(self, sheet: Sheet, tables: Tables) -> list[str]:
        return self._names(forms.sales(sheet), sheet)

    def usury(self, sheet: Sheet, tables: Tables) -> UsuryChoice | None:
        found: UsuryChoice | None = self._ask(forms.usury(sheet, tables), sheet)
        return found

    def liberatio_stars(self, sheet: Sheet, stars: int) -> list[str]:
        return self._names(forms.liberatio(sheet, stars, load_tables()), sheet)

    def _names(self, form: forms.Form, sheet: Sheet) -> list[str]:
        found: list[str] = self._ask(form, sheet)
        return found


class WebDice:
    """Companion mode: each die rolled at the table and typed in by the lanista it is
    rolled for (the first person of the combat for a computer's or a guest's die)."""

    source = "table"

    def __init__(self, runner: CombatRunner) -> None:
        self.runner = runner

    def roll(self, count: int, what: str) -> list[int]:
        found: list[int] = self.runner.ask(self.owner(what), forms.dice(count, what), None)
        return found

    def owner(self, what: str) -> str:
        """The lanista a roll is for: its label starts with his name ("Fred: arena")."""
        runner = self.runner
        named = _named(what, runner.lanistae)
        if named in runner.humans:
            return named
        return runner.humans[0]


def _named(what: str, lanistae: Sequence[str]) -> str | None:
    for name in sorted(lanistae, key=len, reverse=True):
        if what.startswith(f"{name}: "):
            return name
    return None
