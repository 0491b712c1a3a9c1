#!/usr/bin/env python3
"""Real-browser tests of `menagerie serve`: headless Chromium (Debian's /usr/bin/chromium and
/usr/bin/chromedriver, driven by Selenium; nothing downloads a browser) loads the page, plays
moves by clicking in chess, Wildebeest, Patricia, a Partonici game, Cubic and three-player
Party Chess (placements, a turn of a move and a placement closed with End turn, a take back
of one part, the engine's turn), clocks, draws, resigning and analysis lines, and checks the drawn board (every piece picture's cell and
label), the hands or reserves and Party's play list against the engine's position string.

Usage: board_test.py MENAGERIE [--screenshots DIR]
Prints one line per check and `N passed, M failed` at the end; exits 1 on any failure.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("SE_OFFLINE", "true")  # Selenium Manager must never download anything

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
DRIVER = "/usr/bin/chromedriver"

passed, failed = 0, 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}")
    else:
        failed += 1
        print(f"FAIL {name} {detail}")


# ---------------------------------------------------------------- position strings

TOKEN = re.compile(r"\d+|\+?[A-Za-z]\*?")


def flat_board(field, files_first=True):
    """Cell name -> label for a flat board field (ranks from the top, '/' between)."""
    ranks = field.split("/")
    out = {}
    for r, text in enumerate(ranks):
        rank = len(ranks) - r
        file = 0
        for tok in TOKEN.findall(text):
            if tok.isdigit():
                file += int(tok)
            else:
                out[f"{chr(97 + file)}{rank}"] = tok
                file += 1
    return out


def cubic_board(field):
    """Cubic: six levels A.. with '|', each level ranks 6..1 with '/', files a..f."""
    out = {}
    for level, text in enumerate(field.split("|")):
        for name, label in flat_board(text).items():
            out[chr(65 + level) + name] = label
    return out


PARTY_TOKEN = re.compile(r"\d+|[KRCBPOEJMQHAZ!D%*GL&+][a-h](?:\[\d+\])?")
PARTY_UNIT = re.compile(r"[KRCBPOEJMQHAZ!D%*GL&+](?:\[\d+\])?")


def party_board(field):
    """Party: ranks 20..1 with '/', files a..t; a piece is `PC owner [Hn]` (`Ra`, `Hb[3]`)."""
    out = {}
    ranks = field.split("/")
    for r, text in enumerate(ranks):
        file = 0
        for tok in PARTY_TOKEN.findall(text):
            if tok.isdigit():
                file += int(tok)
            else:
                out[f"{chr(97 + file)}{len(ranks) - r}"] = tok
                file += 1
    return out


def party_records(fen):
    """Party's player records: letter -> (reserve labels sorted, Benefyts, knives)."""
    out = {}
    for rec in fen.split()[2].split("/"):
        letter, reserve, benefyts, knives, _echo = rec.split(":")
        units = [] if reserve == "-" else PARTY_UNIT.findall(reserve)
        labels = sorted(u[0] + letter + u[1:] for u in units)
        out[letter] = (labels, int(benefyts), int(knives))
    return out


def board_of(variant, fen):
    if variant == "party":
        return party_board(fen.split()[0]), None
    field = fen.split()[0]
    hand = ""
    if "[" in field:
        field, hand = field.split("[", 1)
        hand = hand.rstrip("]")
    board = cubic_board(field) if variant.startswith("cubic") else flat_board(field)
    return board, hand


# ---------------------------------------------------------------- the page

class Page:
    def __init__(self, driver, url):
        self.d = driver
        self.url = url
        driver.get(url)
        self.wait(lambda: self.js("return !!(window.menagerie && window.menagerie.state)"), "page loaded")
        self.settle()

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, cond, what, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            try:
                if cond():
                    return True
            except Exception:  # the page may be between states
                pass
            time.sleep(0.05)
        raise TimeoutError(f"waiting for {what}")

    def state(self):
        return self.js("return window.menagerie.state")

    def version(self):
        return self.state()["version"]

    def settle(self):
        """Waits until no animation is running."""
        self.wait(lambda: self.js("return document.getElementById('animation').childElementCount === 0"), "animations")

    def api(self, command, args, settle=True):
        """A command as the page sends it (for setting up, not for moves)."""
        before = self.version()
        answer = self.d.execute_async_script(
            """const c = arguments[0], a = arguments[1], done = arguments[arguments.length - 1];
            fetch('/api/' + c, {method: 'POST', headers: {'Content-Type': 'application/json',
              'X-Menagerie-Token': new URLSearchParams(location.search).get('token')},
              body: JSON.stringify(a)}).then(r => r.json()).then(done);""",
            command, args)
        if "error" in answer:
            raise RuntimeError(f"{command} {args}: {answer['error']}")
        self.wait(lambda: self.version() >= answer["version"] and self.version() > before, f"{command} shown")
        if settle:
            self.settle()
        return answer

    def click_cell(self, name):
        el = self.d.find_element(By.CSS_SELECTOR, f'#cells rect[data-name="{name}"]')
        # The hit layer lies over the cells: click at the cell's centre.
        self.d.execute_script(
            """const r = arguments[0].getBoundingClientRect();
            const e = new MouseEvent('click', {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true});
            document.getElementById('hit').dispatchEvent(e);""", el)

    def drag(self, frm, to):
        """Drags the piece on `frm` to `to` with real pointer input (press, move, release: the
        browser then sends its own click too); waits until the move is drawn."""
        before = len(self.state()["moves"])
        cells = {n: self.d.find_element(By.CSS_SELECTOR, f'#cells rect[data-name="{n}"]') for n in (frm, to)}
        hit = self.d.find_element(By.ID, "hit")
        centre = {n: self.d.execute_script(
            """const r = arguments[0].getBoundingClientRect(), h = arguments[1].getBoundingClientRect();
            return [r.left + r.width / 2 - (h.left + h.width / 2), r.top + r.height / 2 - (h.top + h.height / 2)];""",
            cells[n], hit) for n in cells}
        (fx, fy), (tx, ty) = centre[frm], centre[to]
        chain = ActionChains(self.d, duration=50)
        chain.move_to_element_with_offset(hit, int(fx), int(fy)).click_and_hold()
        chain.move_by_offset(int((tx - fx) / 2), int((ty - fy) / 2))
        chain.move_by_offset(int(tx - fx) - int((tx - fx) / 2), int(ty - fy) - int((ty - fy) / 2))
        chain.release().perform()
        self.wait(lambda: len(self.state()["moves"]) > before, f"{frm}{to} dragged")
        self.settle()

    def targets(self):
        return [e.get_attribute("data-name") for e in self.d.find_elements(By.CSS_SELECTOR, "#targets [data-target]")]

    def play(self, frm, to, choice=None):
        """Clicks a move; waits until the server's answer is drawn."""
        before = self.version()
        moves_before = len(self.state()["moves"])
        self.click_cell(frm)
        self.wait(lambda: to in self.targets(), f"{to} lit after clicking {frm}")
        self.click_cell(to)
        if choice:
            self.wait(lambda: self.d.find_element(By.ID, "chooser").get_attribute("open") is not None, "the chooser")
            self.d.find_element(By.CSS_SELECTOR, f'#choices button[data-move="{choice}"]').click()
        self.wait(lambda: self.version() > before and len(self.state()["moves"]) > moves_before, f"{frm}{to} played")
        self.settle()

    def drawn(self):
        """Cell name -> label of every piece picture on the board."""
        pairs = self.js("""return [...document.querySelectorAll('#pieces .piece')]
            .map(p => [p.getAttribute('data-name'), p.getAttribute('data-label')]);""")
        return dict(pairs)

    def drawn_hands(self):
        """The hand buttons as a string of labels repeated by count (White's first)."""
        items = self.js("""return [...document.querySelectorAll('.hand .held')]
            .map(b => [b.getAttribute('data-owner'), b.getAttribute('data-label'), b.getAttribute('data-count')]);""")
        items.sort(key=lambda i: i[0])
        return "".join(label * int(n) for _, label, n in items)

    def fen(self):
        return self.d.find_element(By.ID, "fen").get_attribute("value")

    def check_board(self, name):
        state = self.state()
        fen = self.fen()
        check(f"{name}: position box is the engine's position string", fen == state["position"]["fen"], fen)
        board, hand = board_of(state["variant"], fen)
        drawn = self.drawn()
        check(f"{name}: drawn board equals the position string", drawn == board,
              f"\n  drawn {sorted(drawn.items())}\n  fen   {sorted(board.items())}")
        if state["position"]["hands"] is not None:
            got = self.drawn_hands()
            check(f"{name}: drawn hands equal the position string", sorted(got) == sorted(hand), f"{got!r} vs {hand!r}")
        if state["variant"] == "party":
            rows = self.js("""return [...document.querySelectorAll('.party-player')].map(r => [
                +r.getAttribute('data-player'),
                [...r.querySelectorAll('.held')].flatMap(b => Array(+b.getAttribute('data-count')).fill(b.getAttribute('data-label'))).sort(),
                +r.getAttribute('data-benefyts'), +r.getAttribute('data-knives')]);""")
            drawn = {chr(97 + p): (labels, benefyts, knives) for p, labels, benefyts, knives in rows}
            records = party_records(fen)
            check(f"{name}: drawn reserves, Benefyts and knives equal the position string", drawn == records,
                  f"\n  drawn {drawn}\n  fen   {records}")
            shown = self.d.find_element(By.ID, "play-list").get_attribute("data-list")
            check(f"{name}: drawn play list equals the position string", shown == fen.split()[1], f"{shown} vs {fen}")

    def shot(self, directory, name):
        if directory:
            self.js("window.scrollTo(0, 0)")
            self.d.save_screenshot(os.path.join(directory, f"{name}.png"))


# ---------------------------------------------------------------- scenarios

def chess(p, shots):
    p.api("seats", {"seats": ["human", "engine"], "limit": {"kind": "nodes", "value": 3000}})
    p.api("new", {"variant": "chess"})
    p.check_board("chess start")
    p.click_cell("g1")
    lit = sorted(p.targets())
    check("chess: the knight's targets light up", lit == ["f3", "h3"], lit)
    p.click_cell("g1")  # deselect
    p.play("e2", "e4")
    p.wait(lambda: len(p.state()["moves"]) == 2, "the engine's reply")
    p.settle()
    p.check_board("chess after the engine's reply")
    shown = p.js("return [...document.querySelectorAll('#moves li span')].map(s => s.textContent)")
    check("chess: the move list shows SAN", shown[:1] == ["e4"] and shown[1:2] == p.state()["san"][1:2],
          shown)
    p.js("document.getElementById('export').click()")
    p.wait(lambda: p.js("return document.getElementById('export-dialog').open"), "the PGN export")
    exported = p.js("return document.getElementById('export-text').value")
    check("chess: the PGN export has tags and SAN", '[Variant "chess"]' in exported and "1. e4 " in exported,
          exported)
    p.js("document.getElementById('export-close').click()")
    # Drag and drop: the piece follows the pointer and the drop plays the move; the click the
    # browser sends after the release neither selects nor plays anything more.
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "chess"})
    p.drag("g1", "f3")
    check("chess: a dragged knight lands on f3", p.drawn().get("f3") == "N" and "g1" not in p.drawn(), p.drawn())
    check("chess: one move for one drag, nothing left selected",
          len(p.state()["moves"]) == 1 and p.targets() == [], (p.state()["moves"], p.targets()))
    p.drag("e7", "e5")
    check("chess: black drags too", p.drawn().get("e5") == "p", p.drawn())
    # A promotion through the chooser.
    p.api("position", {"fen": "8/1P5k/8/8/8/8/8/K7 w - - 0 1"})
    p.play("b7", "b8", choice="b7b8n")
    check("chess: promotion to a knight", p.drawn().get("b8") == "N", p.drawn())
    p.check_board("chess after the promotion")
    # Bad input: an illegal click is just no move; the take back works.
    p.api("undo", {})
    p.check_board("chess after take back")


def wildebeest(p, shots):
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "wildebeest"})
    p.play("f2", "f5")  # the pawn's triple step
    p.play("g9", "g6")
    p.play("h1", "g4")  # a camel leap
    p.check_board("wildebeest after three moves")
    p.shot(shots, "wildebeest")


def patricia(p, shots):
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "patricia"})
    p.play("b1", "c2")  # the bishop flips to a rook
    check("patricia: the bishop arrives as a rook", p.drawn().get("c2") == "R", p.drawn())
    p.play("b5", "c4")
    p.play("c2", "c4")  # takes: the man goes to White's hand
    p.check_board("patricia after a capture")
    p.play("b4", "b3")
    # A drop: click the held piece, then an empty square.
    p.d.find_element(By.CSS_SELECTOR, '.hand .held[data-owner="0"]').click()
    p.wait(lambda: "a3" in p.targets(), "drop targets")
    before = p.version()
    p.click_cell("a3")
    p.wait(lambda: p.version() > before and p.state()["moves"][-1].endswith("@a3"), "the drop")
    p.settle()
    p.check_board("patricia after a drop")
    p.shot(shots, "patricia")


def partonici(p, shots):
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "pawn-partonici-8", "fen": "8/8/2p5/Ppp5/2P1p3/8/7P/8 w 0:0 0 1"})
    before = p.state()["position"]["board"]
    p.click_cell("c4")
    p.wait(lambda: "d5" in p.targets(), "d5 lit")
    version = p.version()
    p.click_cell("d5")
    p.wait(lambda: p.version() > version, "the partonic move")
    removed = p.js("return [...document.querySelectorAll('#animation [data-removed]')].map(e => +e.getAttribute('data-removed'))")
    p.settle()
    state = p.state()
    check("partonici: the record lists the captures", state["moves"][-1].startswith("c4d5x"), state["moves"])
    check("partonici: the captured pieces were marked where they stood",
          len(removed) >= 2 and all(before[c] is not None for c in removed), removed)
    check("partonici: captures counted", state["counters"][0]["values"][0] >= 2, state["counters"])
    p.check_board("partonici after custodian captures")
    p.shot(shots, "partonici")


def cubic(p, shots):
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "cubic"})
    state = p.state()
    layout = p.js("return window.menagerie.layout")
    cells = layout["cells"]
    # The piece whose targets spread over the most panels, and one of its moves to another
    # panel than its own.
    panels_of = {}
    for m in state["position"]["legal"]:
        if m["from"] is not None:
            panels_of.setdefault(m["from"], set()).add(cells[m["to"]]["panel"])
    origin = max(panels_of, key=lambda c: len(panels_of[c]))
    mover = next((m for m in state["position"]["legal"]
                  if m["from"] == origin and cells[m["to"]]["panel"] != cells[origin]["panel"]), None)
    check("cubic: a move to another level exists", mover is not None)
    frm, to = cells[mover["from"]]["name"], cells[mover["to"]]["name"]
    expected = sorted({cells[m["to"]]["name"] for m in state["position"]["legal"] if m["from"] == mover["from"]})
    p.click_cell(frm)
    p.wait(lambda: len(p.targets()) > 0, "cubic targets")
    lit = sorted(p.targets())
    check("cubic: every target lights up, in every panel", lit == expected, f"{lit} vs {expected}")
    panels = {cells[m["to"]]["panel"] for m in state["position"]["legal"] if m["from"] == mover["from"]}
    check("cubic: targets lie outside the piece's own panel", panels != {cells[origin]["panel"]}, panels)
    # Every cell of a many-panel board carries its name; hovering names the cell too.
    names = p.js("return [...document.querySelectorAll('#cells text.cell-name')].map(t => t.textContent)")
    check("cubic: every cell is named on the board", sorted(names) == sorted(c["name"] for c in cells),
          len(names))
    hovered = p.js("""const r = document.querySelector(`#cells rect[data-name="${arguments[0]}"]`).getBoundingClientRect();
        const e = new MouseEvent('mousemove', {clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true});
        document.getElementById('hit').dispatchEvent(e);
        return [document.getElementById('hover-cell').textContent, document.querySelector('#hit title').textContent];""", to)
    check("cubic: hovering a cell names it", hovered == [to, to], hovered)
    p.click_cell(frm)
    p.play(frm, to)
    p.check_board("cubic after a move across levels")
    # The engine answers in Cubic too.
    p.api("seats", {"seats": ["human", "engine"], "limit": {"kind": "nodes", "value": 2000}})
    p.wait(lambda: len(p.state()["moves"]) == 2, "the engine's cubic move")
    p.settle()
    p.check_board("cubic after the engine's move")
    p.shot(shots, "cubic")


# Every Party kind twice (a and b), HarfyBlobs with Hn 3, b in check: for the drawing check
# and the 20x20 render measurement.
PARTY_CROWD = ("1+b18/20/20/!b2Db2%b2*b2Gb2Lb2&b1/20/20/2Jb2Mb2Qb2Hb[3]2Ab2Zb2/20/+a19/"
               "1Kb2Rb2Cb2Bb2Pb2Ob2Eb/20/2Da2%a2*a2Ga2La2&a2/20/20/1Ja2Ma2Qa2Ha[3]2Aa2Za2!a/20/20/"
               "Ka2Ra2Ca2Ba2Pa2Oa2Ea1/20/20 ba a:-:3:0:-/b:-:3:0:- 0 40")


def party_full_board():
    """Every square taken: eight players, their Kings on a1..h1, the other 20 kinds in turn
    (everyone in check, so the play list stays a..h). For the drawing time of a full board."""
    kinds = "RCBPOEJMQAZ!D%*GL&+H"
    ranks = []
    for r in range(20):
        rank = ""
        for f in range(20):
            i = r * 20 + f
            owner = "abcdefgh"[i % 8]
            kind = "K" if i < 8 else kinds[(i * 7) % len(kinds)]
            rank += kind + owner + ("[2]" if kind == "H" else "")
        ranks.append(rank)
    records = "/".join(f"{o}:-:3:0:-" for o in "abcdefgh")
    return "/".join(ranks) + " abcdefgh " + records + " 0 40"


def party_place(p, owner, unit, cell):
    """Clicks a reserve piece, then a square; waits until the placement is drawn."""
    before = p.version()
    made = len(p.state()["moves"]) + len(p.state()["partial"])
    p.d.find_element(By.CSS_SELECTOR, f'.party-player .held[data-owner="{owner}"][data-drop="{unit}"]').click()
    p.wait(lambda: cell in p.targets(), f"{cell} lit after picking {unit}")
    p.click_cell(cell)
    p.wait(lambda: p.version() > before and len(p.state()["moves"]) + len(p.state()["partial"]) > made,
           f"{unit}@{cell} placed")
    p.settle()


def party_move(p, frm, to):
    """Clicks a piece, then a target, as one part of the turn."""
    before = p.version()
    made = len(p.state()["partial"])
    p.click_cell(frm)
    p.wait(lambda: to in p.targets(), f"{to} lit after clicking {frm}")
    p.click_cell(to)
    p.wait(lambda: p.version() > before and len(p.state()["partial"]) != made, f"{frm}{to} made")
    p.settle()


def party_button(p, button, what):
    before = p.version()
    p.wait(lambda: p.d.find_element(By.ID, button).is_displayed(), f"the {button} button")
    p.d.find_element(By.ID, button).click()
    p.wait(lambda: p.version() > before, what)
    p.settle()


def party(p, shots):
    p.api("new", {"variant": "party", "options": {"PartyPlayers": "3", "PartyArmies": "STANDARD"}})
    p.api("seats", {"seats": ["human", "human", "human"], "limit": {"kind": "nodes", "value": 2000}})
    check("party: 400 cells drawn", p.js("return document.querySelectorAll('#cells rect[data-cell]').length") == 400)
    p.check_board("party start")
    trips = p.js("return window.menagerie.timing.roundTrip.length")
    # Placements: a lone placement is a whole turn (it closes by itself).
    party_place(p, 0, "K", "j10")
    state = p.state()
    check("party: the placement closed a's turn", state["moves"] == ["K@j10"] and state["position"]["side"] == 1,
          state["moves"])
    party_place(p, 1, "K", "c3")
    party_place(p, 2, "K", "q17")
    p.check_board("party after three placements")
    # a: a move, then a placement, then End turn (the rules would allow one more placement).
    party_move(p, "j10", "j11")
    check("party: End turn offered after the move", p.d.find_element(By.ID, "end-turn").is_displayed())
    check("party: the turn is open", p.state()["position"]["turn_open"])
    party_place(p, 0, "B", "a20")
    p.check_board("party in the middle of a turn")
    party_button(p, "undo-part", "the placement taken back")
    check("party: take back one part", [a["text"] for a in p.state()["partial"]] == ["j10j11"], p.state()["partial"])
    party_place(p, 0, "R", "a20")
    party_button(p, "end-turn", "the turn ended")
    state = p.state()
    check("party: the compound play is recorded", state["moves"][-1] == "j10j11,R@a20", state["moves"])
    check("party: b is to move", state["position"]["side"] == 1)
    p.check_board("party after a compound turn")
    moves = p.js("return [...document.querySelectorAll('#moves li span')].map(s => s.textContent)")
    check("party: the move list names the players", moves[-1] == "a j10j11,R@a20", moves)
    party_trips = p.js(f"return window.menagerie.timing.roundTrip.slice({trips})")
    # The engine plays b's turn through the N-player search.
    p.api("seats", {"seats": ["human", "engine", "human"]})
    p.wait(lambda: len(p.state()["moves"]) == 5, "the engine's turn", timeout=60)
    p.settle()
    p.check_board("party after the engine's turn")
    check("party: c is to move after b", p.state()["position"]["side"] == 2)
    p.api("seats", {"seats": ["human", "human", "human"]})
    # A position string loads, and the drawing follows it (42 pieces of every kind, b in check).
    p.api("position", {"fen": PARTY_CROWD})
    p.check_board("party crowd")
    check("party: the checked King is marked", len(p.d.find_elements(By.CSS_SELECTOR, "#marks .mark-check")) == 1)
    p.api("new", {"variant": "chess"})  # the two-player scenarios that follow start from two seats
    trips = sorted(party_trips)
    if trips:
        print("party round trips ms " + json.dumps({"median": round(trips[len(trips) // 2], 1),
                                                      "max": round(trips[-1], 1), "n": len(trips)}))
    p.shot(shots, "party-test")


def bad_input(p, shots):
    """A bad position string gets a visible message and changes nothing."""
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "chess"})
    before = p.fen()
    p.d.find_element(By.ID, "load").click()
    p.d.find_element(By.ID, "load-text").send_keys("rnbqkbnr/pppppppp/9/8 w")
    p.d.find_element(By.ID, "load-position").click()
    p.wait(lambda: not p.d.find_element(By.ID, "message").get_attribute("hidden"), "the error message")
    text = p.d.find_element(By.ID, "message").text
    check("bad input: a visible message", "position" in text.lower(), text)
    p.d.find_element(By.ID, "load-cancel").click()
    check("bad input: the position is unchanged", p.fen() == before)


def engine_and_mate(p, shots):
    """While the engine thinks, a click on one's own piece says so; a mated king is marked."""
    p.api("seats", {"seats": ["human", "engine"], "limit": {"kind": "time", "value": 3000}})
    p.api("new", {"variant": "chess"})
    p.click_cell("e2")
    p.click_cell("e4")
    p.wait(lambda: p.state()["searching"] == "move", "the engine thinking")
    p.click_cell("d2")
    p.wait(lambda: not p.d.find_element(By.ID, "message").get_attribute("hidden"), "a message")
    text = p.d.find_element(By.ID, "message").text
    check("engine thinking: a click on one's own piece says the engine is thinking",
          "engine is thinking" in text, text)
    p.wait(lambda: len(p.state()["moves"]) == 2, "the engine's reply")
    p.settle()
    p.api("seats", {"seats": ["human", "human"]})
    p.api("new", {"variant": "chess"})
    for frm, to in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")]:
        p.play(frm, to)
    marks = p.d.find_elements(By.CSS_SELECTOR, "#marks .mark-check")
    check("mate: the mated king is marked", len(marks) == 1, len(marks))
    banner = p.js("const b = document.getElementById('result-banner'); return [b.hidden, b.textContent]")
    check("mate: the result shows over the board", not banner[0] and "0-1" in banner[1], banner)
    p.js("document.getElementById('result-close').click()")
    check("mate: the result banner can be hidden",
          p.js("return document.getElementById('result-banner').hidden"), "still shown")


def clocks_and_game_end(p, shots):
    """Clocks tick on the page and a flag ends the game; draws offered and accepted, a
    resignation; analysis with three lines and the evaluation bar; Party shows a clock per
    seat and no resign or draw buttons."""
    from selenium.webdriver.support.ui import Select
    p.api("seats", {"seats": ["human", "human"], "limit": {"kind": "nodes", "value": 3000}})
    p.api("new", {"variant": "chess"})
    before = p.version()
    Select(p.d.find_element(By.ID, "clock-control")).select_by_value("60000+0")
    p.wait(lambda: p.version() > before and p.state()["clock"] is not None, "the clock set")
    check("clocks: the time control is the one chosen", p.state()["clock"] == {"base": 60000, "increment": 0},
          p.state()["clock"])
    ms = lambda i: int(p.d.find_element(By.ID, f"clock-{i}").get_attribute("data-ms"))
    first = ms(0)
    time.sleep(1.2)
    check("clocks: White's clock runs down on the page", first - ms(0) >= 900, (first, ms(0)))
    check("clocks: Black's clock stands", ms(1) == 60000, ms(1))
    text = p.d.find_element(By.ID, "clock-1").text
    check("clocks: a clock reads m:ss", "1:00" in text, text)
    check("clocks: the running clock is marked",
          "running" in p.d.find_element(By.ID, "clock-0").get_attribute("class"))
    p.play("e2", "e4")
    check("clocks: after the move Black's clock runs",
          "running" in p.d.find_element(By.ID, "clock-1").get_attribute("class"))
    # A draw offered by Black and accepted by White.
    p.d.find_element(By.ID, "offer-draw").click()
    p.wait(lambda: p.d.find_element(By.ID, "accept-draw").is_displayed(), "the accept button")
    p.d.find_element(By.ID, "accept-draw").click()
    p.wait(lambda: p.state()["position"]["outcome"] is not None, "the draw")
    banner = p.d.find_element(By.ID, "result-text").text
    check("draw: agreed, and the banner says so", "1/2-1/2" in banner and "agreement" in banner, banner)
    check("draw: the clocks stop", p.state()["clock_running"] is None)
    # A resignation (the side to move, in a game of two people).
    p.api("new", {"variant": "chess"})
    p.js("window.confirm = () => true")
    p.d.find_element(By.ID, "resign").click()
    p.wait(lambda: p.state()["position"]["outcome"] is not None, "the resignation")
    banner = p.d.find_element(By.ID, "result-text").text
    check("resign: White resigns, Black wins", "0-1" in banner and "resignation" in banner, banner)
    check("resign: the buttons are off once the game is over",
          not p.d.find_element(By.ID, "resign").is_enabled())
    # A flag falls with nobody touching anything.
    p.api("seats", {"clock": {"base": 1500, "increment": 0}})
    p.api("new", {"variant": "chess"})
    p.wait(lambda: p.state()["position"]["outcome"] is not None, "the flag", timeout=10)
    banner = p.d.find_element(By.ID, "result-text").text
    check("flag: White loses on time", "0-1" in banner and "time forfeit" in banner, banner)
    check("flag: the fallen clock is marked", "out" in p.d.find_element(By.ID, "clock-0").get_attribute("class"))
    p.api("seats", {"clock": None})
    p.api("new", {"variant": "chess"})
    # Analysis: three lines and the evaluation bar.
    Select(p.d.find_element(By.ID, "analysis-lines")).select_by_value("3")
    p.wait(lambda: p.state()["analysis_lines"] == 3, "three lines chosen")
    p.d.find_element(By.ID, "analyse").click()
    p.wait(lambda: len(p.d.find_elements(By.ID, "pv-3")) == 1, "the third line", timeout=20)
    # One reading of the box (it is redrawn with every report).
    lines = p.js("return ['pv', 'pv-2', 'pv-3'].map(i => document.getElementById(i).textContent)")
    firsts = [line.split()[1] if i else line.split()[0] for i, line in enumerate(lines)]
    check("analysis: three lines, three first moves", len(set(firsts)) == 3, lines)
    shown, white = p.js("const b = document.getElementById('eval-bar'); return [!b.hidden, b.getAttribute('data-white')]")
    check("analysis: the evaluation bar shows White's share", shown and 0.3 < float(white) < 0.7, white)
    p.shot(shots, "analysis")
    p.d.find_element(By.ID, "analyse").click()
    p.wait(lambda: not p.state()["analysis"], "analysis off")
    p.api("analyse", {"lines": 1})
    # Party: one clock per seat; giving up is a play of the game there.
    p.api("new", {"variant": "party", "options": {"PartyPlayers": "4"}})
    p.api("seats", {"seats": ["human"] * 4})
    clocks = p.d.find_elements(By.CSS_SELECTOR, "#clocks .clock")
    check("party: a clock per seat", len(clocks) == 4, len(clocks))
    check("party: no resign or draw buttons", not p.d.find_element(By.ID, "game-end").is_displayed())
    p.api("new", {"variant": "chess"})


def gallery(p, shots):
    """Screenshots of each family for the README (only with --screenshots)."""
    p.js("document.getElementById('message').hidden = true")
    # Party: four players, the engine plays every seat for a while, then a turn is begun.
    p.api("new", {"variant": "party", "options": {"PartyPlayers": "4", "PartyArmies": "a:RGBCD,b:AJZ!L,c:OQ*%D,d:MH+&P"}})
    p.api("seats", {"seats": ["engine"] * 4, "limit": {"kind": "nodes", "value": 1500}}, settle=False)
    p.wait(lambda: len(p.state()["moves"]) >= 22, "22 Party turns", timeout=300)
    p.api("seats", {"seats": ["human"] * 4})
    mover = p.state()["position"]["side"]
    pieces = [m for m in p.state()["position"]["legal"] if m.get("from") is not None and m["kind"] == "move"]
    if pieces:
        cells = p.js("return window.menagerie.layout.cells")
        p.click_cell(cells[pieces[0]["from"]]["name"])
        time.sleep(0.3)
    p.shot(shots, "party")
    # Wildebeest against the engine on a clock: the engine plays both sides for a while.
    p.api("new", {"variant": "wildebeest"})
    p.api("seats", {"seats": ["engine", "engine"], "clock": {"base": 120000, "increment": 1000}}, settle=False)
    p.wait(lambda: len(p.state()["moves"]) >= 10, "ten Wildebeest plies on the clock", timeout=120)
    p.api("seats", {"seats": ["human", "engine"]})
    p.wait(lambda: p.state()["searching"] is None, "the engine's last move")
    p.api("analyse", {"on": True, "lines": 2})
    try:
        p.wait(lambda: (p.state().get("thinking") or {}).get("depth", 0) >= 8, "analysis", timeout=8)
    except TimeoutError:
        pass
    p.shot(shots, "wildebeest-clock")
    p.api("analyse", {"on": False, "lines": 1})
    p.api("seats", {"clock": None})
    p.api("new", {"variant": "chess"})
    for variant, plies in [("chess", 9), ("sphinx", 7), ("royal-partonici-9", 11), ("ecila-27", 7)]:
        p.api("seats", {"seats": ["human", "human"], "limit": {"kind": "nodes", "value": 3000}})
        p.api("new", {"variant": variant})
        for ply in range(plies):
            p.api("go", {})
            p.wait(lambda: len(p.state()["moves"]) > ply, f"engine move {ply + 1} in {variant}", timeout=60)
            p.api("seats", {"seats": ["human", "human"]})
        p.api("analyse", {"on": True})
        try:
            p.wait(lambda: (p.state().get("thinking") or {}).get("depth", 0) >= 6, "analysis", timeout=8)
        except TimeoutError:
            pass
        p.shot(shots, variant)
        p.api("analyse", {"on": False})


def timings(p):
    """Render and round-trip times, for docs/board-page.md (not asserted)."""
    out = {}
    redraw = """const s = window.menagerie.state; const t0 = performance.now();
            for (let i = 0; i < 5; i++) window.menagerie.redraw(); return (performance.now() - t0) / 5;"""
    for variant in ["chess", "cubic", "ecila-27", "sphinx"]:
        p.api("new", {"variant": variant})
        out[variant] = round(p.js(redraw), 1)
    p.api("new", {"variant": "party", "options": {"PartyPlayers": "2"}, "fen": PARTY_CROWD})
    out["party 20x20, 42 pieces"] = round(p.js(redraw), 1)
    p.api("new", {"variant": "party", "options": {"PartyPlayers": "8"}, "fen": party_full_board()})
    out["party 20x20, 8 players, 400 pieces"] = round(p.js(redraw), 1)
    p.api("new", {"variant": "chess"})
    trips = p.js("return window.menagerie.timing.roundTrip")
    trips = sorted(trips)
    out["round trip median ms"] = round(trips[len(trips) // 2], 1) if trips else None
    print("timings " + json.dumps(out))


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    engine = args[0]
    shots = None
    if "--screenshots" in args:
        shots = args[args.index("--screenshots") + 1]
        os.makedirs(shots, exist_ok=True)
    server = subprocess.Popen([engine, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        url = re.search(r"http://\S+", line).group(0)
        options = Options()
        options.binary_location = CHROMIUM
        for a in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  f"--user-data-dir={tempfile.mkdtemp(prefix='menagerie-chromium-')}", f"--window-size={os.environ.get('MENAGERIE_WINDOW', '1400,1000')}"]:
            options.add_argument(a)
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
        try:
            page = Page(driver, url)
            for scenario in [chess, wildebeest, patricia, partonici, cubic, party, bad_input,
                             engine_and_mate, clocks_and_game_end]:
                try:
                    scenario(page, shots)
                except Exception as e:  # a scenario that cannot go on is one failure
                    check(f"{scenario.__name__}: ran to the end", False, repr(e))
            if shots:
                try:
                    gallery(page, shots)
                except Exception as e:
                    check("gallery", False, repr(e))
            try:
                timings(page)
            except Exception as e:
                print(f"timings not measured: {e!r}")
        finally:
            driver.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
