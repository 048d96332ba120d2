"""A studio table in Chromium as people use it: the host opens it from the page of tables,
two people play from their own browsers (contexts share no cookie), a spectator watches,
a page is closed and reopened mid-turn, a seat is handed to a bot and taken back, the game
is played to its end and again.  The screenshots of docs/studio.md are made here
(WONDERS_SCREENSHOTS=1)."""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser import browser, new_context, screenshot_path  # noqa: F401 - browser is a fixture
from conftest import ROOT
from table_server import Server

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    content = tmp_path_factory.mktemp("tables-browser") / "content"
    shutil.copytree(ROOT / "content", content, ignore=shutil.ignore_patterns("second-edition", "expansions", "locales"))
    s = Server(content)
    yield s
    s.stop()


# What each page's socket said last, for the message of a wait that timed out
FRAMES: dict[int, list[str]] = {}


def person(browser, url: str):
    page = new_context(browser, viewport={"width": 1280, "height": 900}).new_page()
    frames = FRAMES.setdefault(id(page), [])

    def heard(socket):
        socket.on("framesent", lambda payload: frames.append(f"sent {str(payload)[:200]}"))
        socket.on("framereceived", lambda payload: frames.append(f"got {_gist(payload)}"))
    page.on("websocket", heard)
    page.goto(url)
    return page


def _gist(payload) -> str:
    """A received message in short: its type, and a view's decision number and status."""
    try:
        message = json.loads(payload)
    except (TypeError, ValueError):
        return str(payload)[:200]
    if message.get("type") != "view":
        return str(message)[:300]
    decision = message.get("decision")
    return (f"view decision={decision and decision.get('number')} kind={decision and decision.get('kind')}"
            f" age={message.get('age')} turn={message.get('turn')} finished={message.get('finished')}"
            f" stand_in={message.get('stand_in')}")


def my_move(page) -> bool:
    """Wait until the page has a move to make (True) or the game is over (False)."""
    page.wait_for_selector("button.move:not([disabled]), #end:not([hidden])")
    return page.locator("#end:not([hidden])").count() == 0


def play_one(page) -> None:
    """Make the page's first move and wait until it is taken: the moves go idle, or the next
    decision is shown.  That is told by the decision's number, not by the turn's heading: a
    follow-up decision of the same turn (a build from the discard pile) keeps the heading,
    and its view can arrive before the first look."""
    before = page.locator("#mine").get_attribute("data-decision")
    page.locator("button.move:not([disabled])").first.click()
    try:
        page.wait_for_function("b => document.querySelector('#mine').dataset.decision !== b"
                               " || !document.querySelector('button.move:not([disabled])')", arg=before,
                               timeout=60_000)
    except PlaywrightTimeout:
        frames = "\n".join(FRAMES.get(id(page), [])[-12:])
        pytest.fail(f"the move at decision {before} was not taken in 60 s: the page says "
                    f"{page.locator('#status').text_content()!r}, {page.locator('#where').text_content()!r}, "
                    f"decision {page.locator('#mine').get_attribute('data-decision')!r}; its socket's last "
                    f"messages:\n{frames}")


def test_a_table_in_chromium(browser, server, tmp_path):
    from interpreter.studio.guard import cookie_name
    host = new_context(browser, viewport={"width": 1280, "height": 900})
    # the cookie the studio's page sets when the host opens the address it printed
    host.add_cookies([{"name": cookie_name(server.port), "value": server.token, "url": server.base}])
    lobby = host.new_page()
    lobby.goto(server.base + "/tables")
    lobby.wait_for_selector("#edition option", state="attached")
    lobby.select_option("#players", "3")
    rows = lobby.locator(".seat-row")
    for i, (kind, name) in enumerate([("person", "Ada"), ("person", "Bo"), ("bot", "")]):
        rows.nth(i).locator(".kind").select_option(kind)
        rows.nth(i).locator(".name").fill(name)
    lobby.fill("#grace", "0")
    lobby.click("#open-button")
    lobby.wait_for_selector("a.invite")
    lobby.screenshot(path=str(screenshot_path("studio-tables-lobby.png", tmp_path)))
    links = {a.text_content(): a.get_attribute("href") for a in lobby.locator("a.invite").all()}
    assert set(links) == {"invite Ada", "invite Bo", "spectators", "host this table"}

    ada, bo = person(browser, links["invite Ada"]), person(browser, links["invite Bo"])
    watcher = person(browser, links["spectators"])
    hosting = host.new_page()
    hosting.goto(links["host this table"])
    assert my_move(ada) and my_move(bo)
    assert ada.locator("#mine img").count() == 7
    ada.locator("#mine").screenshot(path=str(screenshot_path("studio-tables-hand.png", tmp_path)))
    ada.screenshot(path=str(screenshot_path("studio-tables-seat.png", tmp_path)))
    # the spectator sees the cities, never a hand or a move
    watcher.wait_for_selector(".city")
    assert watcher.locator("button.move").count() == 0 and watcher.locator("#mine img").count() == 0
    watcher.screenshot(path=str(screenshot_path("studio-tables-spectator.png", tmp_path)))

    # a page closed mid-turn (Bo has chosen, Ada not yet) and opened again with its link
    play_one(bo)
    ada.close()
    ada = person(browser, links["invite Ada"])
    assert my_move(ada)
    play_one(ada)
    assert my_move(bo)

    # Bo leaves; the host lets a bot play the seat; Bo comes back and takes it
    bo.close()
    bo_seat = hosting.locator('.seat[data-seat="1"]')
    bo_seat.locator("select").select_option("random")
    play_one(ada)                         # every page is sent a view: the host's choice of bot stays
    hosting.locator('.seat[data-seat="0"] .state', has_text="chosen").wait_for()
    assert bo_seat.locator("select").input_value() == "random"
    bo_seat.locator("select").select_option("greedy")
    bo_seat.locator("button.hand").click()
    bo_seat.locator("text=away: bot greedy plays").wait_for()
    for _ in range(2):
        assert my_move(ada)
        play_one(ada)
    bo = person(browser, links["invite Bo"])
    bo.wait_for_selector("#take-back")
    assert bo.locator("button.move").count() == 0
    bo.click("#take-back")
    bo.wait_for_selector("#take-back", state="detached")

    while not ada.locator("#end:not([hidden])").count():          # to the end
        for page in (ada, bo):
            try:
                page.wait_for_selector("button.move:not([disabled]), #end:not([hidden])", timeout=5000)
            except PlaywrightTimeout:
                continue
            if page.locator("button.move:not([disabled])").count():
                play_one(page)
    ada.wait_for_selector("#end table.pad")
    assert "wins" in ada.locator("#end h2").text_content() or "win" in ada.locator("#end h2").text_content()
    assert ada.locator("#end tr").count() == len(server.hub.table(links["spectators"].split("/")[4].split("?")[0])
                                                 .tables.rules.score_pad) + 2
    ada.screenshot(path=str(screenshot_path("studio-tables-end.png", tmp_path)), full_page=True)
    hosting.click("#again")
    ada.wait_for_selector("text=game 2, age I")
    assert ada.locator(".seat.you").get_attribute("data-seat") == "1"      # the seats rotated

    # a wrong or another table's token opens nothing
    bad = links["invite Ada"][:-3] + "xyz"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(bad, timeout=20)
    assert refused.value.code == 403


def _when(page, found, what: str, seconds: float = 60) -> None:
    """Wait until `found()` holds, letting the page's events arrive (Playwright delivers
    them while it is called)."""
    for _ in range(int(seconds * 10)):
        if found():
            return
        page.wait_for_timeout(100)
    pytest.fail(f"not seen in {seconds} s: {what}")


def test_a_seats_moves_stay_put_and_a_refused_answer_brings_the_table_back(browser, server):
    """A view sent for another page's change leaves the seat's moves the same elements (a
    button replaced between a press and its release takes no click: the lost click that hung
    the test above under load), and an answer the server refuses (made out of date on its
    way here) has the page ask for the table as it is now, its moves open again."""
    table = server.open_table([{"kind": "person", "name": "Cy"}, {"kind": "person", "name": "Di"},
                               {"kind": "bot", "bot": "greedy"}], grace=0)
    links = [server.base + place["invite"] for place in table["places"][:2]]
    to_server: list[dict] = []
    stale = {"next choice": False}

    def route(socket):
        """Cy's socket through the test: the page's messages kept, one choice made out of date."""
        real = socket.connect_to_server()

        def sent(message):
            data = json.loads(message)
            to_server.append(data)
            if data.get("type") == "choose" and stale["next choice"]:
                stale["next choice"] = False
                data["decision"] += 100
            real.send(json.dumps(data))
        socket.on_message(sent)
    cy = new_context(browser, viewport={"width": 1280, "height": 900}).new_page()
    cy.route_web_socket("**/ws*", route)
    cy.goto(links[0])
    assert my_move(cy)
    cy.evaluate("document.querySelector('button.move').dataset.kept = 'yes'")
    di = person(browser, links[1])               # Di comes: every page at the table is sent its view
    assert my_move(di)
    cy.locator('.seat[data-seat="1"] .state', has_text="here").wait_for()
    assert cy.evaluate("document.querySelector('button.move').dataset.kept") == "yes"

    stale["next choice"] = True
    asked = len(to_server)
    cy.locator("button.move:not([disabled])").first.click()
    _when(cy, lambda: {"type": "view"} in to_server[asked:], "the page asking for the table after its answer was refused")
    cy.locator("#status", has_text="out of date").wait_for()
    assert my_move(cy)
    play_one(cy)                                  # answered again, it is taken, and the problem is over
    cy.wait_for_function("() => !document.querySelector('#status').textContent.includes('out of date')")
    assert {"type": "choose", "decision": 0, "option": 0} in to_server[asked:]
