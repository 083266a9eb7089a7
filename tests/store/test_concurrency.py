"""Eight processes fighting and managing on one campaign at once, on SQLite and PostgreSQL:
every command ends well or with a clear message, nothing crashes, and the campaign verifies
afterwards (docs/architecture.md and docs/store.md: optimistic concurrency)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from colosseum.careers.campaign import Campaign
from colosseum.cli.app import app
from colosseum.store import Store

from .conftest import unique
from .processes import results, start

ARMATURAE = ("thraex", "retiarius", "veles", "murmillo", "secutor", "hoplomachus")
CLEAR = ("the campaign changed", "fights in", "already has a ludus", "cannot send")


def _new(campaign: str, lanista: str, url: str) -> list[str]:
    four = ",".join(f"{lanista}{i}:{a}" for i, a in enumerate(ARMATURAE[:4]))
    return [
        "career",
        "new",
        campaign,
        lanista,
        "-g",
        four,
        "--servitor",
        "medicus",
        "--database",
        url,
    ]


def test_eight_processes_fight_and_manage_one_campaign(url: str, tmp_path: Path) -> None:
    campaign = unique("Concordia")
    runner = CliRunner()
    lanistae = [f"L{i}" for i in range(8)]
    for lanista in lanistae[:4]:
        assert runner.invoke(app, _new(campaign, lanista, url)).exit_code == 0
    processes, reports = [], []
    for w in range(8):
        mine, rival = lanistae[w % 4], lanistae[(w + 1) % 4]
        commands = [
            _new(campaign, lanistae[4 + w % 4], url),  # two writers race for each new ludus
            [
                "career",
                "fight",
                campaign,
                mine,
                rival,
                "--auto",
                "-p",
                "random,random",
                "-s",
                str(w),
                "--database",
                url,
            ],
            ["career", "show", campaign, "--database", url],
            [
                "career",
                "fight",
                campaign,
                rival,
                mine,
                "--auto",
                "-p",
                "random,random",
                "-s",
                str(100 + w),
                "--database",
                url,
            ],
            ["career", "standings", campaign, "--database", url],
        ]
        reports.append(tmp_path / f"writer{w}.jsonl")
        processes.append(start(commands, reports[-1]))
    for process in processes:
        process.join(timeout=600)
        assert process.exitcode == 0
    outcomes = [line for report in reports for line in results(report)]
    assert len(outcomes) == 8 * 5
    for line in outcomes:
        assert "exception" not in line, line
        if line["code"] != 0:
            assert line["code"] == 2 and any(c in line["output"] for c in CLEAR), line
            assert line["output"].startswith("error: ") or "\nerror: " in line["output"], line
    assert sum(1 for line in outcomes if "fight" in line["args"] and line["code"] == 0) >= 1
    verified = runner.invoke(app, ["career", "verify", campaign, "--database", url])
    assert verified.exit_code == 0, verified.output
    opened = Campaign.open(Store(url), campaign)
    assert [e.seq for e in opened.log()] == list(range(1, len(opened.log()) + 1))
    assert not opened.combats
    assert len(opened.sheets) == 8  # each new ludus once, though two writers asked for it
