"""A combat of a campaign run on the game server: one worker thread per combat in progress
runs `finish_combat` (careers/sequence.py), step by step, each step stored as it finishes.

Every choice of a lanista whom a person owns goes through `WebManager` (and, when the
campaign's dice are rolled at the table, every die through `WebDice`): the runner posts the
question for that lanista alone and the thread waits until his page answers it (`answer`,
checked by the question's form first), or until the server stops (`Stopped`: the step in
progress is stored by nobody, and the next start asks it again). A choice the rules refuse
is noted and the sequence asks again, as the terminal does. A computer's ludus is managed by
the thrifty manager, seeded per step from the combat's seed (careers/fights.py), as in the
terminal.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
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
from .careers_errors import NotYourQuestion, QuestionGone, RulesRefused

log = logging.getLogger("colosseum.web")

_ATTEMPTS = 5  # finish_combat tried again after another command stored events first
SETTLED = ("arena", "done", "failed", "stopped")  # phases no answer waits for


class Stopped(Exception):
    """The server stops: a question waiting for an answer is given up."""


class CombatRunner:
    """One combat in progress: its thread, the question waiting for an answer, and what its
    pages show. `plan` is the `combat_begun` event's data."""

    def __init__(
        self,
        store: Store,
        campaign: str,
        begun: int,
        data: dict[str, Any],
        arena_for: Callable[[CombatRunner], Arena],
        table_dice: bool,
    ) -> None:
        self.store, self.campaign, self.begun = store, campaign, begun
        self.data = data
        self.plan: dict[str, Any] = dict(data.get("plan") or {})
        self.lanistae = [str(n) for n in data["lanistae"]]
        self.humans = [str(n) for n in self.plan.get("humans", [])]
        self.arena_for = arena_for
        self.table_dice = table_dice
        self.phase = "starting"  # asking, working, arena, done, failed, stopped
        self.step: str | None = None
        self.question: forms.Question | None = None
        self.notes: dict[str, list[str]] = {}
        self.error: str | None = None
        self.report: CombatReport | None = None
        self.table: str | None = None  # the Jugula table, once it stands
        self.version = 0
        self.stopping = False
        self.failed_at: float | None = None
        self._cond = threading.Condition()
        self._managers = {name: WebManager(self, name) for name in self.humans}
        self._computers = managers(self.plan, None)
        self.thread = threading.Thread(
            target=self._run, name=f"combat {campaign}#{begun}", daemon=True
        )

    # --- the thread ---------------------------------------------------------------------------

    def start(self) -> CombatRunner:
        self.thread.start()
        return self

    def _run(self) -> None:
        try:
            self._finish()
        except Stopped:
            self._set(phase="stopped")
        except CareerError as error:
            self.failed_at = time.monotonic()
            self._set(phase="failed", error=str(error))
        except Exception as error:  # a combat must never bring the server down
            log.exception("combat %s#%s failed", self.campaign, self.begun)
            self.failed_at = time.monotonic()
            self._set(phase="failed", error=f"the combat stopped on an error: {error}")

    def _finish(self) -> None:
        for _ in range(_ATTEMPTS):
            campaign = Campaign.open(self.store, self.campaign)
            if self.begun not in campaign.combats:
                self._set(phase="done")  # finished by another command (career resume)
                return
            try:
                report = finish_combat(
                    campaign, self.begun, self._dice_for, self._manager_for, self.arena_for(self)
                )
            except CampaignChanged:
                if self.stopping:
                    raise Stopped() from None
                continue  # read the campaign again and go on from its last stored step
            self._set(phase="done", report=report)
            return
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
        """Post `form` for `lanista` and wait for his answer (checked by the form)."""
        with self._cond:
            if self.stopping:
                raise Stopped()
            question = forms.Question(
                id=secrets.token_urlsafe(9),
                lanista=lanista,
                step=self.step or "",
                form=form,
                notes=self.notes.pop(lanista, []),
                sheet=None if sheet is None else sheet.to_json(),
            )
            self.question, self.phase = question, "asking"
            self._changed()
            while not question.answered and not self.stopping:
                self._cond.wait()
            if not question.answered:
                raise Stopped()
            self.question, self.phase = None, "working"
            self._changed()
            return question.value

    def note(self, lanista: str, text: str) -> None:
        """Why the rules refused his answer: shown with his next question."""
        with self._cond:
            self.notes.setdefault(lanista, []).append(text)

    def answer(self, lanista: str, question_id: str, answer: Any) -> forms.Question:
        """Give the waiting question `lanista`'s answer, if it is his and of its form; else
        a refusal and nothing changes."""
        with self._cond:
            asked = self.question
            if asked is not None and asked.id == question_id and asked.lanista != lanista:
                raise NotYourQuestion(f"this question is {asked.lanista}'s, not {lanista}'s")
            if asked is None or asked.id != question_id or asked.answered:
                raise QuestionGone(
                    "this question is no longer asked (answered already, or asked again): "
                    "reload the page"
                )
            asked.value = asked.form.parse(answer)
            asked.answered = True
            self._cond.notify_all()
            return asked

    def settle(self, answered: forms.Question, timeout: float) -> None:
        """Wait (at most `timeout` s) until the answer is taken and the combat asks its next
        question, fights, or ends; RulesRefused if the rules refused the answer and nothing
        changed (the same lanista is asked again, his sheet as it was)."""
        with self._cond:
            self._cond.wait_for(
                lambda: (
                    self.phase in SETTLED
                    or (self.question is not None and self.question is not answered)
                ),
                timeout,
            )
            again = self.question
            if (
                again is not None
                and again is not answered
                and again.lanista == answered.lanista
                and again.notes
                and answered.sheet is not None
                and again.sheet == answered.sheet
            ):
                raise RulesRefused("; ".join(again.notes))

    # --- state --------------------------------------------------------------------------------

    def snapshot(self, lanista: str | None) -> dict[str, Any]:
        """What a page shows: the phase, whose answer is awaited (a name only), and the
        question itself only to the lanista it is asked of."""
        with self._cond:
            asked = self.question
            mine = asked is not None and not asked.answered and asked.lanista == lanista
            return {
                "phase": self.phase,
                "step": self.step,
                "waiting_for": asked.lanista if asked is not None else None,
                "question": asked.public() if mine and asked is not None else None,
                "error": self.error,
                "table": self.table,
                "version": self.version,
            }

    def at_table(self, table_id: str) -> None:
        self._set(phase="arena", table=table_id)

    def wait_stop(self, seconds: float) -> bool:
        """Sleep up to `seconds`; True if the server stops meanwhile."""
        with self._cond:
            self._cond.wait_for(lambda: self.stopping, seconds)
            return self.stopping

    def stop(self) -> None:
        with self._cond:
            self.stopping = True
            self._cond.notify_all()

    def retry_due(self, after: float) -> bool:
        """Whether this runner ended without finishing (failed `after` s ago or more, or
        stopped) and another may take the combat up."""
        if self.phase == "stopped":
            return True
        return self.failed_at is not None and time.monotonic() - self.failed_at >= after

    def _set(self, **changes: Any) -> None:
        with self._cond:
            if all(getattr(self, k) == v for k, v in changes.items()):
                return
            for key, value in changes.items():
                setattr(self, key, value)
            self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._cond.notify_all()


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
