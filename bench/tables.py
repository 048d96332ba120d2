"""A load test of studio tables on loopback: `wonders studio` started on a scratch copy of
the shipped content, N tables of P people opened from the host's page of tables, and one
scripted client per person (all in one asyncio loop) playing every game to its end,
choosing a random option of each decision the moment it is shown.

    python bench/tables.py                        # 8 tables of 7 people
    python bench/tables.py --tables 2 --players 3 # the slow test's size

What it checks: every choice sent is acknowledged exactly once and none refused; each
seat's count of choices on the server (the table saved in `.wonders-studio/tables/`)
equals the choices its client had acknowledged; every game ends and is recorded once.
What it reports: the latency from a choice sent to its acknowledgement, and from a choice
sent to the seat's next decision shown (which waits for the slowest person of the turn),
median, p90, p99 and max; the wall time; the load average.  Bounded: --deadline seconds
in all, loopback only.  Exit status 0 when the checks hold, 1 otherwise.  Figures live in
docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parent.parent
ADDRESS = re.compile(r"open (http://[^/\s]+)/\?token=(\S+)")


def start_studio(folder: Path) -> tuple[subprocess.Popen, str, str]:
    """The studio on `folder`, its terminal output kept in studio.log beside the folder (a
    pipe no one reads would stop the server once full)."""
    log = open(folder.parent / "studio.log", "w+", encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-u", "-c", "import cli; cli.run()", "studio", str(folder), "--no-browser"],
                               cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        log.seek(0)
        match = ADDRESS.search(log.read())
        if match:
            return process, match.group(1), match.group(2)
        time.sleep(0.1)
    log.seek(0)
    raise SystemExit("the studio printed no address:\n" + log.read())


async def open_tables(base: str, token: str, tables: int, players: int) -> list[dict]:
    url = base.replace("http", "ws", 1) + "/tables/ws"
    async with websockets.connect(url, origin=base, additional_headers={"X-Studio-Token": token}) as lobby:
        opened = []
        for t in range(tables):
            seats = [{"kind": "person", "name": f"T{t}P{p}"} for p in range(players)]
            await lobby.send(json.dumps({"type": "open", "table": {"seats": seats}}))
            while True:
                answer = json.loads(await lobby.recv())
                if answer["type"] == "opened":
                    opened.append(next(x for x in answer["tables"] if x["id"] == answer["id"]))
                    break
                if answer["type"] == "error":
                    raise SystemExit(f"a table could not be opened: {answer['text']}")
        return opened


class Person:
    def __init__(self, base: str, invite: str, rng: random.Random):
        path, _, query = invite.partition("?")
        self.url = base.replace("http", "ws", 1) + f"{path}/ws?{query}"
        self.base, self.rng = base, rng
        self.sent: dict[int, float] = {}           # decision number -> when sent
        self.acked: set[int] = set()
        self.duplicates = self.errors = 0
        self.ack_latency: list[float] = []
        self.next_latency: list[float] = []
        self.last_sent_at: float | None = None

    async def play(self) -> None:
        async with websockets.connect(self.url, origin=self.base, max_size=None) as socket:
            finished = False
            while not finished or set(self.sent) - self.acked:      # the last choice's acknowledgement too
                message = json.loads(await socket.recv())
                kind = message["type"]
                if kind == "error":
                    self.errors += 1
                    print(f"  refused: {message['text']}", file=sys.stderr)
                elif kind == "chosen":
                    number = message["decision"]
                    if number in self.acked:
                        self.duplicates += 1
                    self.acked.add(number)
                    self.ack_latency.append(time.perf_counter() - self.sent[number])
                elif kind == "view":
                    if message["finished"]:
                        finished = True
                        continue
                    decision = message.get("decision")
                    if decision is not None and decision["number"] not in self.sent:
                        now = time.perf_counter()
                        if self.last_sent_at is not None:
                            self.next_latency.append(now - self.last_sent_at)
                        option = self.rng.randrange(len(decision["moves"]))
                        self.sent[decision["number"]] = self.last_sent_at = now
                        await socket.send(json.dumps({"type": "choose", "decision": decision["number"], "option": option}))


def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    ms = sorted(v * 1000 for v in values)
    pick = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]          # noqa: E731
    return (f"median {statistics.median(ms):.0f} ms  p90 {pick(0.9):.0f} ms  p99 {pick(0.99):.0f} ms  "
            f"max {ms[-1]:.0f} ms  ({len(ms)} choices)")


async def run(base: str, token: str, tables: int, players: int, seed: int, deadline: float) -> tuple[list, list]:
    opened = await open_tables(base, token, tables, players)
    rng = random.Random(seed)
    people = [[Person(base, p["invite"], random.Random(rng.random())) for p in t["places"]] for t in opened]
    await asyncio.wait_for(asyncio.gather(*(p.play() for table in people for p in table)), deadline)
    return opened, people


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deadline", type=float, default=900, help="seconds the whole run may take")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="tables-bench-")) / "content"
    shutil.copytree(ROOT / "content", folder, ignore=shutil.ignore_patterns("second-edition", "expansions", "locales"))
    process, base, token = start_studio(folder)
    try:
        start = time.perf_counter()
        opened, people = asyncio.run(run(base, token, args.tables, args.players, args.seed, args.deadline))
        wall = time.perf_counter() - start
    finally:
        process.send_signal(signal.SIGINT)
        process.wait(30)
    problems = []
    for table, persons in zip(opened, people):
        saved = json.loads((folder / ".wonders-studio" / "tables" / f"{table['id']}.json").read_text())
        for place, person in enumerate(persons):
            seat = (place + saved["round"]) % args.players
            if saved["moves"][seat] != len(person.acked) or len(person.acked) != len(person.sent):
                problems.append(f"table {table['id']} seat {seat + 1}: server {saved['moves'][seat]} choices, "
                                f"client sent {len(person.sent)}, acknowledged {len(person.acked)}")
        if saved["recorded"] is None:
            problems.append(f"table {table['id']}: the game was not recorded")
    everyone = [p for table in people for p in table]
    records = sum(len(f.read_text().splitlines()) - 1 for f in (folder / ".wonders-studio" / "records").glob("*.jsonl"))
    duplicates, errors = sum(p.duplicates for p in everyone), sum(p.errors for p in everyone)
    print(f"{args.tables} tables of {args.players} people on loopback: {wall:.1f} s, "
          f"{sum(len(p.acked) for p in everyone)} choices, {records} games recorded")
    print(f"choice to acknowledgement: {quantiles([x for p in everyone for x in p.ack_latency])}")
    print(f"choice to the seat's next decision: {quantiles([x for p in everyone for x in p.next_latency])}")
    print(f"lost {len(problems)}  duplicated {duplicates}  refused {errors}  load average {os.getloadavg()[0]:.1f}")
    for problem in problems:
        print("  " + problem)
    shutil.rmtree(folder.parent, ignore_errors=True)
    return 0 if not problems and not duplicates and not errors and records == args.tables else 1


if __name__ == "__main__":
    sys.exit(main())
