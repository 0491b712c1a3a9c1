// Menagerie's board page. It draws whatever geometry the server sends (cells with their
// places, panels, labels) and offers only the moves the server lists: no rules live here.
// Updates come as Server-Sent Events; commands go as JSON POSTs with the page's token.
"use strict";

(function () {
  const NS = "http://www.w3.org/2000/svg";
  const token = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);

  let layout = null; // the variant's geometry (GET /api/layout)
  let state = null; // the last state shown
  let flipped = false;
  let selection = null; // {from: cell} or {drop: kind, owner}
  let press = null; // a pointer held down on the board: {cell, x, y, dragging}
  let swallowClick = false; // the click a browser sends after a drag was the drop
  let variants = [];
  let pending = false; // a command is on its way
  const timing = { render: [], roundTrip: [] };
  window.menagerie = {
    timing,
    get state() { return state; },
    get layout() { return layout; },
    /// Draws the whole board again (what a new variant costs; measured by the browser tests).
    redraw() { buildBoard(); drawPieces(null); drawMarks(); showHands(); },
  };

  // ------------------------------------------------------------------ talking to the server

  async function api(path, body) {
    const init = { headers: { "X-Menagerie-Token": token } };
    if (body !== undefined) {
      init.method = "POST";
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      throw new Error(`the server answered ${response.status} without JSON`);
    }
    if (!response.ok) throw new Error(data && data.error ? data.error : `error ${response.status}`);
    return data;
  }

  async function command(name, body) {
    pending = true;
    const t0 = performance.now();
    try {
      const s = await api(`/api/${name}`, body || {});
      // A word for the one who asked (a draw offer's answer, say).
      if (s.notice) showMessage(s.notice[0].toUpperCase() + s.notice.slice(1) + ".", true);
      else hideMessage();
      await show(s);
      timing.roundTrip.push(performance.now() - t0);
      return true;
    } catch (e) {
      showMessage(e.message);
      return false;
    } finally {
      pending = false;
    }
  }

  function showMessage(text, info) {
    const m = $("message");
    m.textContent = text;
    m.className = info ? "info" : "";
    m.hidden = false;
  }

  function hideMessage() {
    $("message").hidden = true;
  }

  function connect() {
    const source = new EventSource(`/events?token=${encodeURIComponent(token)}`);
    source.addEventListener("state", (e) => {
      show(JSON.parse(e.data)).catch((err) => showMessage(err.message));
    });
    source.addEventListener("thinking", (e) => showThinking(JSON.parse(e.data)));
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) showMessage("The connection to the server is closed; reload the page.");
    };
  }

  // ------------------------------------------------------------------ drawing the board

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  }

  /// Where a cell is drawn, after flipping.
  function place(cell) {
    if (!flipped) return [cell.x, cell.y];
    return [layout.width - cell.x - 1, layout.height - cell.y - 1];
  }

  function placePoint(x, y) {
    return flipped ? [layout.width - x, layout.height - y] : [x, y];
  }

  function kindOf(code) {
    return layout.kinds[code % 64];
  }

  function ownerOf(code) {
    return Math.floor(code / 64);
  }

  /// A piece picture in a unit cell at (x, y).
  function pieceGroup(code, x, y) {
    const g = el("g", { transform: `translate(${x} ${y}) scale(0.01)` });
    g.appendChild(MenagerieArt.picture(kindOf(code), ownerOf(code), layout.players.length));
    return g;
  }

  /// Builds the static part of the board (cells, panels, labels) for a new layout.
  function buildBoard() {
    const svg = $("board");
    svg.textContent = "";
    const pad = 0.1;
    svg.setAttribute("viewBox", `${-pad} ${-pad} ${layout.width + 2 * pad} ${layout.height + 2 * pad}`);
    const cells = el("g", { id: "cells" }, svg);
    for (const p of layout.panels) {
      const [x, y] = placePoint(p.x, p.y);
      const [x2, y2] = placePoint(p.x + p.w, p.y + p.h);
      const left = Math.min(x, x2), top = Math.min(y, y2);
      el("rect", { class: "panel-frame", x: left - 0.03, y: top - 0.03, width: p.w + 0.06, height: p.h + 0.06 }, cells);
      if (p.title) {
        const t = el("text", { class: "panel-title", x: left + p.w / 2, y: top - 0.2 }, cells);
        t.textContent = p.title;
      }
    }
    // Boards of several panels (Cubic, Sphinx, Ecila) name every cell in its corner: their
    // names (`Q@B2`, `Cd2`) cannot be read off the edges as on a flat board.
    const named = layout.panels.length > 1;
    $("hover-cell").textContent = "";
    layout.cells.forEach((c, i) => {
      const [x, y] = place(c);
      el("rect", {
        class: `cell-${c.shade}`, x, y, width: 1, height: 1,
        "data-cell": i, "data-name": c.name,
      }, cells);
      if (named) {
        const t = el("text", { class: "cell-name", x: x + 0.05, y: y + 0.05 }, cells);
        t.textContent = c.name;
      }
    });
    for (const l of layout.labels) {
      const [x, y] = placePoint(l.x, l.y);
      const t = el("text", { class: "label", x, y }, cells);
      t.textContent = l.text;
    }
    el("g", { id: "marks" }, svg);
    el("g", { id: "pieces" }, svg);
    el("g", { id: "targets" }, svg);
    el("g", { id: "animation" }, svg);
    const hit = el("rect", { id: "hit", x: -pad, y: -pad, width: layout.width + 2 * pad, height: layout.height + 2 * pad, fill: "transparent" }, svg);
    // Hovering names the cell under the pointer (the tooltip and the line under the board).
    el("title", {}, hit);
    buildLegend();
  }

  function cellAt(evt) {
    const svg = $("board");
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    for (let i = 0; i < layout.cells.length; i++) {
      const [x, y] = place(layout.cells[i]);
      if (p.x >= x && p.x < x + 1 && p.y >= y && p.y < y + 1) return i;
    }
    return null;
  }

  function drawPieces(hidden) {
    const g = $("pieces");
    g.textContent = "";
    const board = state.position.board;
    const badges = state.position.badges || {};
    for (let i = 0; i < board.length; i++) {
      const code = board[i];
      if (code === null || (hidden && hidden.has(i))) continue;
      const [x, y] = place(layout.cells[i]);
      const p = pieceGroup(code, x, y);
      let label = kindOf(code).labels[ownerOf(code)];
      const badge = badges[i];
      if (badge !== undefined) {
        // A number the piece carries (a HarfyBlob's Hn), top left.
        el("rect", { class: "badge", x: 2, y: 2, width: 36, height: 30, rx: 8 }, p.lastChild);
        const t = el("text", { class: "badge-text", x: 20, y: 18 }, p.lastChild);
        t.textContent = badge;
        if (badge !== 1) label += `[${badge}]`;
      }
      p.setAttribute("data-cell", i);
      p.setAttribute("data-name", layout.cells[i].name);
      p.setAttribute("data-label", label);
      p.setAttribute("class", "piece");
      g.appendChild(p);
    }
  }

  function mark(g, cell, cls) {
    const [x, y] = place(layout.cells[cell]);
    el("rect", { class: cls, x, y, width: 1, height: 1 }, g);
  }

  /// The squares of the royal pieces of the players in check (the side to move, or in an
  /// N-player game everyone the server lists).
  function royalsInCheck() {
    const p = state.position;
    const checked = p.checks || (p.check ? [p.side] : []);
    const out = [];
    p.board.forEach((code, i) => {
      if (code !== null && checked.includes(ownerOf(code)) && kindOf(code).royal) out.push(i);
    });
    return out;
  }

  /// The atoms (or the move) whose cells are marked as the last play: the turn being built,
  /// else the last turn.
  function lastSteps() {
    if (!state.multi) return state.last ? [state.last] : [];
    if (state.partial.length > 0) return state.partial;
    return state.last_turn || [];
  }

  function drawMarks() {
    const g = $("marks");
    g.textContent = "";
    const t = $("targets");
    t.textContent = "";
    for (const step of lastSteps()) {
      if (step.from != null) mark(g, step.from, "mark-last");
      if (step.to != null) mark(g, step.to, "mark-last");
    }
    for (const c of royalsInCheck()) mark(g, c, "mark-check");
    if (!selection) return;
    if (selection.from !== undefined) mark(g, selection.from, "mark-select");
    const byCell = new Map();
    for (const m of selectedMoves()) {
      if (m.to == null) continue;
      if (!byCell.has(m.to)) byCell.set(m.to, []);
      byCell.get(m.to).push(m);
    }
    for (const [to, moves] of byCell) {
      const [x, y] = place(layout.cells[to]);
      const kinds = new Set(moves.map((m) => m.kind));
      const cell = el("g", { "data-target": to, "data-name": layout.cells[to].name, "data-kinds": [...kinds].join(" ") }, t);
      if (kinds.has("scratch")) {
        // The Qball may leave the board: an arrow out of its own square.
        el("path", { class: "mark-scratch", d: `M${x + 0.5} ${y + 0.72} L${x + 0.5} ${y + 0.2} M${x + 0.3} ${y + 0.4} L${x + 0.5} ${y + 0.2} L${x + 0.7} ${y + 0.4}` }, cell);
      } else if (kinds.has("ranged")) {
        // A shot: the shooter stays where it is.
        el("circle", { class: "mark-ranged", cx: x + 0.5, cy: y + 0.5, r: 0.36 }, cell);
        el("path", { class: "mark-ranged", d: `M${x + 0.5} ${y + 0.04} V${y + 0.3} M${x + 0.5} ${y + 0.7} V${y + 0.96} M${x + 0.04} ${y + 0.5} H${x + 0.3} M${x + 0.7} ${y + 0.5} H${x + 0.96}` }, cell);
      } else if (state.position.board[to] !== null) {
        el("rect", { class: "mark-capture", x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, rx: 0.15 }, cell);
      } else if (kinds.size === 1 && kinds.has("special")) {
        // A Special costs a Benefyt: a diamond, and the chooser asks first.
        el("path", { class: "mark-special", d: `M${x + 0.5} ${y + 0.28} L${x + 0.72} ${y + 0.5} L${x + 0.5} ${y + 0.72} L${x + 0.28} ${y + 0.5} Z` }, cell);
      } else {
        el("circle", { class: "mark-target", cx: x + 0.5, cy: y + 0.5, r: 0.16 }, cell);
      }
    }
  }

  function selectedMoves() {
    if (!selection) return [];
    return state.position.legal.filter((m) =>
      selection.from !== undefined ? m.from === selection.from : m.drop !== undefined && m.drop === selection.drop);
  }

  // ------------------------------------------------------------------ animations

  /// Animates the step from `before` (a board) to the shown state, given the cells of the
  /// step's atoms (`steps`: one move, or the atoms of a turn): a moving piece slides, a
  /// placed piece fades in, a piece that moved and is gone afterwards (a Kamikaze) slides and
  /// fades, a piece that struck without moving (a ranged capture) sends a shot to its victim;
  /// pieces that left other cells slide too when the same piece appears elsewhere
  /// (castling), pieces removed away from any destination (custodian captures, en passant, a
  /// scratch) are marked and fade, and a piece that arrives changed (a flip, a promotion)
  /// crossfades. Worked out from the two boards and the steps' cells only, never per game.
  function animate(before, steps) {
    const after = state.position.board;
    const anim = $("animation");
    anim.textContent = "";
    const vanished = [], appeared = [];
    for (let i = 0; i < after.length; i++) {
      if (before[i] === after[i]) continue;
      if (before[i] !== null) vanished.push(i);
      if (after[i] !== null) appeared.push(i);
    }
    const hidden = new Set();
    const slides = []; // [fromCell, toCell, code before, code after, fades at the end]
    const shots = []; // [fromCell, toCell]
    const movedFrom = new Set(), arrived = new Set();
    for (const st of steps) {
      const from = st.from == null ? null : st.from, to = st.to == null ? null : st.to;
      if (to === null) continue; // left the board: marked below
      if (from === null) {
        if (after[to] !== null) slides.push([null, to, null, after[to], false]);
      } else if (before[from] !== null && after[from] === before[from] && before[to] !== null && after[to] === null) {
        shots.push([from, to]);
        continue;
      } else if (before[from] !== null && after[to] !== null) {
        slides.push([from, to, before[from], after[to], false]);
        movedFrom.add(from);
      } else if (before[from] !== null && after[to] === null) {
        slides.push([from, to, before[from], before[from], true]);
        movedFrom.add(from);
      } else {
        continue;
      }
      arrived.add(to);
    }
    for (const a of appeared) {
      if (arrived.has(a)) continue;
      const match = vanished.find((v) => !movedFrom.has(v) && !arrived.has(v) && before[v] === after[a]);
      if (match !== undefined) {
        slides.push([match, a, before[match], after[a], false]);
        movedFrom.add(match);
      } else {
        slides.push([null, a, null, after[a], false]);
      }
      arrived.add(a);
    }
    const duration = 260;
    for (const [from, to, oldCode, newCode, fades] of slides) {
      if (!fades) hidden.add(to);
      const [tx, ty] = place(layout.cells[to]);
      const [fx, fy] = from === null ? [tx, ty] : place(layout.cells[from]);
      const wrap = el("g", {}, anim);
      const inner = pieceGroup(oldCode === null ? newCode : oldCode, 0, 0);
      wrap.appendChild(inner);
      const frames = fades
        ? [
          { transform: `translate(${fx}px, ${fy}px)`, opacity: 1 },
          { transform: `translate(${tx}px, ${ty}px)`, opacity: 1, offset: 0.45 },
          { transform: `translate(${tx}px, ${ty}px)`, opacity: 0 },
        ]
        : [
          { transform: `translate(${fx}px, ${fy}px)`, opacity: from === null ? 0 : 1 },
          { transform: `translate(${tx}px, ${ty}px)`, opacity: 1 },
        ];
      const moving = wrap.animate(frames, { duration: fades ? 700 : duration, easing: "ease-in-out", fill: "forwards" });
      if (!fades && oldCode !== null && newCode !== oldCode) {
        // The piece arrives changed: crossfade into its new face.
        const changed = pieceGroup(newCode, 0, 0);
        changed.setAttribute("opacity", "0");
        const wrap2 = el("g", { transform: `translate(${tx} ${ty})` }, anim);
        wrap2.appendChild(changed);
        moving.onfinish = () => {
          inner.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 300, fill: "forwards" });
          changed.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 300, fill: "forwards" });
        };
      }
    }
    for (const [from, to] of shots) {
      const [fx, fy] = place(layout.cells[from]);
      const [tx, ty] = place(layout.cells[to]);
      const line = el("path", { class: "mark-shot", d: `M${fx + 0.5} ${fy + 0.5} L${tx + 0.5} ${ty + 0.5}` }, anim);
      line.setAttribute("data-shot", `${from}-${to}`);
      line.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 800, fill: "forwards" });
    }
    // Pieces taken away from any destination: a cross, then they fade.
    for (const v of vanished) {
      if (movedFrom.has(v) || (arrived.has(v) && after[v] !== null)) continue;
      const [x, y] = place(layout.cells[v]);
      const gone = el("g", {}, anim);
      gone.appendChild(pieceGroup(before[v], x, y));
      const cross = el("path", { class: "mark-removed", d: `M${x + 0.15} ${y + 0.15} L${x + 0.85} ${y + 0.85} M${x + 0.85} ${y + 0.15} L${x + 0.15} ${y + 0.85}` }, gone);
      cross.setAttribute("data-removed", v);
      gone.animate([{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0 }], { duration: 900, fill: "forwards" });
    }
    drawPieces(hidden);
    const finish = () => {
      anim.textContent = "";
      drawPieces(null);
    };
    clearTimeout(animate.timer);
    animate.timer = setTimeout(finish, 950);
  }

  // ------------------------------------------------------------------ the rest of the page

  function seatName(player) {
    const name = layout.players[player] ? layout.players[player].name : `${player}`;
    return layout.multi ? `Player ${name}` : name;
  }

  function swatch(player) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("class", "swatch");
    const c = MenagerieArt.COLOURS[player % MenagerieArt.COLOURS.length];
    const circle = el("circle", { cx: 50, cy: 50, r: 40, fill: c.fill, stroke: c.line, "stroke-width": 6 }, svg);
    circle.setAttribute("data-side", player);
    if (layout.multi) {
      const t = el("text", { x: 50, y: 52, "font-size": 50, "font-weight": 700, "text-anchor": "middle", "dominant-baseline": "central", fill: c.line }, svg);
      t.textContent = layout.players[player] ? layout.players[player].name : "";
    }
    return svg;
  }

  function humanToMove() {
    return state.seats[Math.min(state.position.side, state.seats.length - 1)] === "human";
  }

  /// The game's result over the board while the line's last position is shown; hidden by
  /// its × until another game or another end.
  let hiddenResult = null;

  function showResultBanner() {
    const p = state.position;
    const key = `${state.game_id}:${state.moves.length}:${p.outcome}`;
    const show = !!p.outcome && state.cursor === state.moves.length && hiddenResult !== key;
    $("result-text").textContent = show ? p.outcome : "";
    $("result-banner").hidden = !show;
    $("result-banner").dataset.key = key;
  }

  function showStatus() {
    showResultBanner();
    const s = $("status");
    s.textContent = "";
    const p = state.position;
    if (p.outcome) {
      const span = document.createElement("span");
      span.className = "over";
      span.textContent = p.outcome;
      s.appendChild(span);
    } else {
      const who = seatName(p.side);
      s.appendChild(swatch(p.side));
      let text = ` ${who} to move`;
      if (p.turn_open) text += ` (part ${state.partial.length + 1} of the turn)`;
      if (p.check) text += " — check";
      if (p.checks && p.checks.some((c) => c !== p.side)) {
        text += ` — in check: ${p.checks.map((c) => layout.players[c].name).join(", ")}`;
      }
      if (state.searching === "move") text += " (engine thinking…)";
      s.appendChild(document.createTextNode(text));
    }
    s.setAttribute("data-side", p.side);
    s.setAttribute("data-turn-open", p.turn_open ? "1" : "0");
    const counters = $("counters");
    counters.textContent = state.counters
      .map((c) => `${c.label}: ` + c.values.map((v, i) => `${seatName(i)} ${v}`).join(", "))
      .join("; ");
    $("pass").hidden = !p.legal.some((m) => m.kind === "pass");
    $("surrender").hidden = !p.legal.some((m) => m.kind === "surrender");
    $("end-turn").hidden = !p.end_turn;
    $("undo-part").hidden = !state.multi;
    $("undo").textContent = state.multi ? "Take back turn" : "Take back";
  }

  function showHands() {
    showPlayers();
    const hands = state.position.hands;
    const top = $("hand-top"), bottom = $("hand-bottom");
    top.textContent = "";
    bottom.textContent = "";
    if (!hands) return;
    hands.forEach((held, player) => {
      const box = (player === 0) !== flipped ? bottom : top;
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = `${seatName(player)} holds:`;
      box.appendChild(who);
      if (held.length === 0) box.appendChild(document.createTextNode("—"));
      for (const h of held) box.appendChild(heldButton(h, player));
    });
  }

  /// A reserve piece as a button: its picture, its count, and a HarfyBlob's Hn.
  function heldButton(h, player) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "held";
    b.setAttribute("data-drop", h.kind);
    b.setAttribute("data-owner", player);
    b.setAttribute("data-label", kindOf(h.piece).labels[player] + (h.hn && h.hn !== 1 ? `[${h.hn}]` : ""));
    b.setAttribute("data-count", h.count);
    b.title = `${kindOf(h.piece).name}${h.hn ? " Hn " + h.hn : ""} (${h.count})`;
    if (selection && selection.drop === h.kind && selection.owner === player) b.classList.add("selected");
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.appendChild(MenagerieArt.picture(kindOf(h.piece), player, layout.players.length));
    if (h.hn) {
      el("rect", { class: "badge", x: 2, y: 2, width: 36, height: 30, rx: 8 }, svg);
      const t = el("text", { class: "badge-text", x: 20, y: 18 }, svg);
      t.textContent = h.hn;
    }
    b.appendChild(svg);
    const n = document.createElement("span");
    n.className = "count";
    n.textContent = h.count;
    b.appendChild(n);
    b.addEventListener("click", () => clickHand(h.kind, player));
    return b;
  }

  /// N-player games: the play list, and per player the seat, knives, Benefyts, echo
  /// pattern, Weight and reserve (click a reserve piece, then a square, to place it).
  function showPlayers() {
    const box = $("party-players");
    box.hidden = !state.multi;
    box.textContent = "";
    if (!state.multi) return;
    const p = state.position;
    const list = document.createElement("div");
    list.className = "play-list";
    list.id = "play-list";
    list.textContent = "Play list: ";
    list.setAttribute("data-list", p.play_list.map((i) => layout.players[i].name).join(""));
    p.play_list.forEach((player, i) => {
      if (i > 0) list.appendChild(document.createTextNode(" → "));
      list.appendChild(swatch(player));
    });
    box.appendChild(list);
    p.players.forEach((rec, player) => {
      const row = document.createElement("div");
      row.className = "party-player";
      if (player === p.side && !p.outcome) row.classList.add("to-move");
      if ((p.checks || []).includes(player)) row.classList.add("checked");
      if (p.winner === player) row.classList.add("winner");
      row.setAttribute("data-player", player);
      row.setAttribute("data-knives", rec.knives);
      row.setAttribute("data-benefyts", rec.benefyts);
      row.appendChild(swatch(player));
      const who = document.createElement("span");
      who.className = "who";
      const seat = state.seats[player] === "engine" ? "engine" : "person";
      const name = state.names[player] && state.names[player] !== layout.players[player].name ? ` ${state.names[player]}` : "";
      who.textContent = `${seatName(player)}${name} (${seat})${(p.checks || []).includes(player) ? " — check" : ""}`;
      row.appendChild(who);
      const facts = document.createElement("span");
      facts.className = "facts";
      facts.textContent = `knives ${rec.knives} · Benefyts ${rec.benefyts} · Weight ${rec.weight} · echo `;
      if (rec.echo_piece !== null && rec.echo_piece !== undefined) {
        const svg = document.createElementNS(NS, "svg");
        svg.setAttribute("viewBox", "0 0 100 100");
        svg.setAttribute("class", "swatch");
        svg.appendChild(MenagerieArt.picture(kindOf(rec.echo_piece), player, layout.players.length));
        facts.appendChild(svg);
        facts.appendChild(document.createTextNode(rec.echo));
      } else {
        facts.appendChild(document.createTextNode("–"));
      }
      row.appendChild(facts);
      const reserve = document.createElement("span");
      reserve.className = "hand reserve";
      if (rec.reserve.length === 0) reserve.appendChild(document.createTextNode("reserve empty"));
      for (const h of rec.reserve) reserve.appendChild(heldButton(h, player));
      row.appendChild(reserve);
      box.appendChild(row);
    });
  }

  function showSeats() {
    const box = $("seats");
    const seatKey = `${layout.id}:${state.seats.length}`;
    if (box.childElementCount !== state.seats.length || box.getAttribute("data-key") !== seatKey) {
      box.setAttribute("data-key", seatKey);
      box.textContent = "";
      state.seats.forEach((_, i) => {
        const row = document.createElement("label");
        row.className = "seat";
        row.appendChild(document.createTextNode(seatName(i)));
        const select = document.createElement("select");
        select.id = `seat-${i}`;
        for (const v of ["human", "engine"]) {
          const o = document.createElement("option");
          o.value = v;
          o.textContent = v === "human" ? "person" : "engine";
          select.appendChild(o);
        }
        select.addEventListener("change", () => {
          const seats = state.seats.map((s, j) => (j === i ? select.value : s));
          command("seats", { seats });
        });
        row.appendChild(select);
        box.appendChild(row);
      });
    }
    state.seats.forEach((s, i) => {
      const select = $(`seat-${i}`);
      if (select && document.activeElement !== select) select.value = s;
    });
    if (document.activeElement !== $("limit-kind")) $("limit-kind").value = state.limit.kind;
    if (document.activeElement !== $("limit-value")) $("limit-value").value = state.limit.value;
    $("analyse").checked = state.analysis;
    // Under a clock the engine plays by it: the limit per move is not used.
    $("limit-kind").disabled = $("limit-value").disabled = !!state.clock;
    $("analysis-lines").hidden = !!state.multi;
    $("analysis-lines").value = String(state.analysis_lines || 1);
    const control = $("clock-control");
    const wanted = state.clock ? `${state.clock.base}+${state.clock.increment}` : "";
    if (document.activeElement !== control) {
      if (![...control.options].some((o) => o.value === wanted)) {
        const o = document.createElement("option");
        o.value = wanted;
        o.textContent = `${state.clock.base / 1000} s + ${state.clock.increment / 1000} s`;
        control.appendChild(o);
      }
      control.value = wanted;
    }
  }

  /// Scrolls `list` (only it, never the page) so that `item` is in view.
  function scrollWithin(list, item) {
    const l = list.getBoundingClientRect(), r = item.getBoundingClientRect();
    if (r.top < l.top) list.scrollTop += r.top - l.top;
    else if (r.bottom > l.bottom) list.scrollTop += r.bottom - l.bottom;
  }

  /// A clickable entry of the move list: ply `i + 1` of the line.
  function plySpan(text, i, current) {
    const span = document.createElement("span");
    span.textContent = text;
    span.setAttribute("data-ply", i + 1);
    if (current) span.className = "current";
    else if (i + 1 > state.cursor) span.className = "future";
    span.addEventListener("click", () => command("goto", { ply: i + 1 }));
    return span;
  }

  /// The record's tags (replay), the current entry scrolled into view, the position string.
  function finishMoves(list, who) {
    const current = list.querySelector(".current");
    if (current) scrollWithin(list, current);
    const tags = $("tags");
    tags.textContent = "";
    if (state.mode === "replay") {
      const t = state.tags || {};
      tags.textContent = `${who} ${state.result || ""} ${t.Event ? "(" + t.Event + ")" : ""}`;
    }
    $("fen").value = state.position.fen;
  }

  function showMoves() {
    if (state.multi) return showTurns();
    const list = $("moves");
    list.textContent = "";
    const players = Math.max(2, state.seats.length);
    let li = null;
    state.moves.forEach((text, i) => {
      if (i % players === 0) {
        li = document.createElement("li");
        list.appendChild(li);
      }
      // SAN where the variant has it (the coordinates stay the moves' identity).
      const shown = state.san && state.san[i] ? state.san[i] : text;
      li.appendChild(plySpan(shown, i, i + 1 === state.cursor));
    });
    const t = state.tags || {};
    finishMoves(list, `${t.White || "?"} – ${t.Black || "?"}`);
  }

  /// N-player games: one line per turn (`3. c e5e6,R@c3`), the turn being built last.
  function showTurns() {
    const list = $("moves");
    list.textContent = "";
    state.moves.forEach((text, i) => {
      const li = document.createElement("li");
      const current = i + 1 === state.cursor && state.partial.length === 0;
      const span = plySpan(`${layout.players[state.movers[i]].name} ${text}`, i, current);
      if (state.notes && state.notes[i]) span.title = state.notes[i];
      li.appendChild(span);
      list.appendChild(li);
    });
    if (state.partial.length > 0) {
      const li = document.createElement("li");
      const span = document.createElement("span");
      span.className = "current partial";
      span.id = "partial";
      span.textContent = `${layout.players[state.position.side].name} ${state.partial.map((a) => a.text).join(",")} …`;
      li.appendChild(span);
      list.appendChild(li);
    }
    finishMoves(list, state.names.map((n, i) => `${layout.players[i].name}=${n}`).join(" "));
  }

  function showThinking(t) {
    const box = $("thinking");
    showEval(t);
    if (!t) {
      box.textContent = state && state.searching ? "thinking…" : "—";
      return;
    }
    box.textContent = "";
    const b = document.createElement("b");
    b.textContent = t.score;
    box.appendChild(b);
    box.appendChild(document.createTextNode(
      (t.view ? ` for ${t.view}` : "") +
      ` depth ${t.depth}/${t.seldepth}, ${t.nodes} nodes, ${t.nps} n/s, ${(t.ms / 1000).toFixed(1)} s` +
      (t.purpose === "analysis" ? " (analysis)" : "")));
    const pv = document.createElement("div");
    pv.textContent = t.pv.join(" ");
    pv.id = "pv";
    box.appendChild(pv);
    // MultiPV: the other lines, each with its score.
    (t.lines || []).slice(1).forEach((line, i) => {
      const div = document.createElement("div");
      div.className = "line";
      div.id = `pv-${i + 2}`;
      const score = document.createElement("b");
      score.textContent = line.score;
      div.appendChild(score);
      div.appendChild(document.createTextNode(` ${line.pv.join(" ")}`));
      box.appendChild(div);
    });
  }

  // ------------------------------------------------------------------ clocks, evaluation bar, resign and draws

  let clockShownAt = 0; // performance.now() when the state's clocks were read

  /// A clock's time as people read it: h:mm:ss or m:ss, with tenths under ten seconds left.
  function clockText(ms) {
    const t = Math.max(0, ms);
    const s = Math.floor(t / 1000);
    const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    const two = (n) => String(n).padStart(2, "0");
    if (h > 0) return `${h}:${two(m)}:${two(sec)}`;
    if (state.clock && t < 10000) return `${m}:${two(sec)}.${Math.floor((t % 1000) / 100)}`;
    return `${m}:${two(sec)}`;
  }

  /// A seat's clock now: the state's figure, run on for the seat whose clock runs (down under
  /// a time control, up without one).
  function clockNow(i) {
    const ms = state.clocks[i];
    if (state.clock_running !== i) return ms;
    const gone = performance.now() - clockShownAt;
    return state.clock ? ms - gone : ms + gone;
  }

  function showClocks() {
    const box = $("clocks");
    if (!state || !layout || !state.clocks) return;
    const key = `${layout.id}:${state.clocks.length}`;
    if (box.dataset.key !== key) {
      box.textContent = "";
      box.dataset.key = key;
      state.clocks.forEach((_, i) => {
        const c = document.createElement("span");
        c.className = "clock";
        c.id = `clock-${i}`;
        c.appendChild(swatch(i));
        const name = document.createElement("span");
        name.textContent = seatName(i);
        c.appendChild(name);
        const time = document.createElement("span");
        time.className = "time";
        c.appendChild(time);
        box.appendChild(c);
      });
    }
    state.clocks.forEach((_, i) => {
      const c = $(`clock-${i}`);
      const ms = clockNow(i);
      c.querySelector(".time").textContent = clockText(ms);
      c.setAttribute("data-ms", Math.max(0, Math.round(ms)));
      c.classList.toggle("running", state.clock_running === i);
      c.classList.toggle("low", !!state.clock && ms < 10000);
      c.classList.toggle("out", !!state.clock && ms <= 0);
    });
  }

  /// White's share of the bar for a score from White's side (a pawn up is about 64%).
  function whiteShare(value) {
    if (value.mate !== undefined) return value.mate > 0 ? 1 : 0;
    return 1 / (1 + Math.pow(10, -value.cp / 400));
  }

  /// The evaluation bar: two-player games, while the engine has a score to show.
  function showEval(t) {
    const bar = $("eval-bar");
    const shown = !!(t && layout && !layout.multi && t.value && (t.value.cp !== undefined || t.value.mate !== undefined));
    bar.hidden = !shown;
    if (!shown) return;
    const share = whiteShare(t.value);
    $("eval-fill").style.width = `${(share * 100).toFixed(1)}%`;
    $("eval-text").textContent = t.score;
    bar.setAttribute("data-white", share.toFixed(3));
  }

  /// Resign and draw buttons: two-player games played here, a person at the board.
  function showGameEnd() {
    const two = !state.multi;
    const offer = state.draw_offer === undefined ? null : state.draw_offer;
    const live = two && state.mode === "play" && !state.position.outcome &&
      state.cursor === state.moves.length && state.seats.includes("human");
    $("game-end").hidden = !two;
    $("resign").disabled = !live;
    $("offer-draw").disabled = !live || offer !== null;
    const answer = live && offer !== null && state.seats[1 - offer] === "human";
    $("accept-draw").hidden = !answer;
    $("decline-draw").hidden = !answer;
    if (answer) {
      $("accept-draw").textContent = `${seatName(1 - offer)}: accept the draw`;
      $("decline-draw").textContent = "Decline";
    }
  }

  function showWatch() {
    const w = state.watch;
    $("watch-box").hidden = !w || !w.games;
    if (!w || !w.games) return;
    const box = $("watch");
    box.textContent = "";
    const head = document.createElement("div");
    head.textContent = w.title || "";
    box.appendChild(head);
    const table = document.createElement("table");
    for (const g of w.games) {
      const tr = document.createElement("tr");
      if (g.number === w.shown) tr.className = "chosen";
      for (const text of [`#${g.number}`, `${g.white} – ${g.black}`, g.result || "live", g.clocks.map((c) => (c / 1000).toFixed(1)).join(" / ")]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      tr.addEventListener("click", () => command("watch", { game: g.number }));
      table.appendChild(tr);
    }
    box.appendChild(table);
    for (const side of [0, 1]) {
      const t = w.thinking && w.thinking[side];
      if (!t) continue;
      const d = document.createElement("div");
      d.textContent = `${side === 0 ? "White" : "Black"}: ${t}`;
      box.appendChild(d);
    }
    if (w.summary) {
      const pre = document.createElement("pre");
      pre.textContent = w.summary;
      box.appendChild(pre);
    }
  }

  function buildLegend() {
    const box = $("legend");
    box.textContent = "";
    const players = document.createElement("div");
    players.className = "players";
    layout.players.forEach((p, i) => {
      const item = document.createElement("span");
      item.className = "item";
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "0 0 100 100");
      svg.setAttribute("class", "swatch");
      const c = MenagerieArt.COLOURS[i];
      el("circle", { cx: 50, cy: 50, r: 40, fill: c.fill, stroke: c.line, "stroke-width": 6 }, svg);
      item.appendChild(svg);
      item.appendChild(document.createTextNode(`${p.name} (${c.name.toLowerCase()})`));
      players.appendChild(item);
    });
    box.appendChild(players);
    const seen = new Set();
    layout.kinds.forEach((k) => {
      const key = `${k.name}|${k.royal}`;
      if (seen.has(key)) return;
      seen.add(key);
      const item = document.createElement("span");
      item.className = "item";
      const svg = document.createElementNS(NS, "svg");
      svg.setAttribute("viewBox", "0 0 100 100");
      svg.setAttribute("class", "swatch");
      svg.appendChild(MenagerieArt.picture(k, 0, layout.players.length));
      item.appendChild(svg);
      item.appendChild(document.createTextNode(`${k.labels[0]} ${k.name}${k.royal && k.art !== "king" ? " (royal)" : ""}`));
      box.appendChild(item);
    });
  }

  function showOptions() {
    const v = variants.find((x) => x.name === $("variant").value);
    const box = $("options");
    box.textContent = "";
    if (!v) return;
    const current = {};
    if (state && state.variant === v.name) for (const [k, val] of state.options) current[k] = val;
    for (const o of v.options) {
      const label = document.createElement("label");
      label.appendChild(document.createTextNode(o.name + " "));
      let input;
      if (o.type === "check") {
        input = document.createElement("input");
        input.type = "checkbox";
        input.checked = (current[o.name] || String(o.default)) === "true";
      } else if (o.type === "spin") {
        input = document.createElement("input");
        input.type = "number";
        input.min = o.min;
        input.max = o.max;
        input.value = current[o.name] || o.default;
        input.style.width = "4.5em";
      } else if (o.type === "string") {
        input = document.createElement("input");
        input.type = "text";
        input.value = current[o.name] || o.default;
        input.size = 12;
      } else {
        input = document.createElement("select");
        for (const c of o.choices) {
          const opt = document.createElement("option");
          opt.value = c;
          opt.textContent = c;
          input.appendChild(opt);
        }
        input.value = current[o.name] || o.default;
      }
      input.setAttribute("data-option", o.name);
      label.appendChild(input);
      box.appendChild(label);
    }
  }

  function chosenOptions() {
    const out = {};
    for (const input of $("options").querySelectorAll("[data-option]")) {
      const name = input.getAttribute("data-option");
      out[name] = input.type === "checkbox" ? String(input.checked) : String(input.value);
    }
    return out;
  }

  /// The atoms (cells and texts) that lead from the `previous` state to `s` when `s` is one
  /// step further along the same line (a move, an atom of the turn, or the rest of a turn),
  /// else null (nothing is animated).
  function stepsFrom(previous, s) {
    if (!previous || previous.game_id !== s.game_id || previous.layout_id !== s.layout_id) return null;
    const samePrefix = previous.moves.slice(0, previous.cursor).every((m, i) => m === s.moves[i]);
    if (!samePrefix) return null;
    if (!s.multi) {
      return s.cursor === previous.cursor + 1 && s.moves.length >= s.cursor && s.last ? [s.last] : null;
    }
    const before = previous.partial.map((a) => a.text);
    if (s.cursor === previous.cursor) {
      const now = s.partial.map((a) => a.text);
      const grew = now.length === before.length + 1 && before.every((t, i) => t === now[i]);
      return grew ? [s.partial[now.length - 1]] : null;
    }
    if (s.cursor === previous.cursor + 1 && s.partial.length === 0) {
      const turn = s.last_turn.map((a) => a.text);
      return before.every((t, i) => t === turn[i]) ? s.last_turn.slice(before.length) : null;
    }
    return null;
  }

  /// Shows a new state: fetches the layout if it changed, animates a single step forward.
  async function show(s) {
    if (state && s.version <= state.version && s.layout_id === state.layout_id) return;
    const t0 = performance.now();
    const previous = state;
    if (!layout || layout.id !== s.layout_id) {
      layout = await api("/api/layout");
      state = s;
      selection = null;
      buildBoard();
      if ($("variant").value !== s.variant) {
        $("variant").value = s.variant;
        showOptions();
      }
    }
    state = s;
    const steps = stepsFrom(previous, s);
    if (selection && (!previous || previous.position.fen !== s.position.fen || previous.version !== s.version)) selection = null;
    if (steps) animate(previous.position.board, steps);
    else drawPieces(null);
    drawMarks();
    showStatus();
    showHands();
    showSeats();
    showMoves();
    $("fen-note").hidden = !s.position.turn_open;
    showWatch();
    showThinking(s.thinking || null);
    clockShownAt = performance.now();
    showClocks();
    showGameEnd();
    timing.render.push(performance.now() - t0);
    document.body.setAttribute("data-version", s.version);
  }

  // ------------------------------------------------------------------ clicks

  function send(move) {
    selection = null;
    command("move", { move: move.text });
  }

  /// What the chooser says about a kind of move.
  const CAPTIONS = {
    castling: "castling",
    special: "Special: costs 1 Benefyt",
    scratch: "the Qball leaves the board",
    ranged: "ranged capture: the shooter stays",
  };

  function choose(moves) {
    const dialog = $("chooser");
    const box = $("choices");
    box.textContent = "";
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-move", m.text);
      if (m.becomes != null) {
        const svg = document.createElementNS(NS, "svg");
        svg.setAttribute("viewBox", "0 0 100 100");
        svg.appendChild(MenagerieArt.picture(kindOf(m.becomes), ownerOf(m.becomes), layout.players.length));
        b.appendChild(svg);
      }
      const caption = document.createElement("span");
      caption.textContent = m.text + (CAPTIONS[m.kind] ? ` (${CAPTIONS[m.kind]})` : "");
      if (m.demon) {
        const svg = document.createElementNS(NS, "svg");
        svg.setAttribute("viewBox", "0 0 100 100");
        svg.appendChild(MenagerieArt.picture(kindOf(m.demon.becomes), ownerOf(m.demon.becomes), layout.players.length));
        b.appendChild(svg);
        caption.textContent += ` — the Demon on ${layout.cells[m.demon.cell].name} becomes a ${kindOf(m.demon.becomes).name}`;
      }
      b.appendChild(caption);
      b.addEventListener("click", () => {
        dialog.close();
        send(m);
      });
      box.appendChild(b);
    }
    dialog.showModal();
  }

  function clickCell(cell) {
    if (!state || cell === null || pending) return;
    const p = state.position;
    if (selection) {
      const moves = selectedMoves().filter((m) => m.to === cell);
      const ask = moves.some((m) => m.kind === "special" || m.kind === "scratch");
      if (moves.length === 1 && !ask) return send(moves[0]);
      if (moves.length > 0) return choose(moves);
    }
    const from = p.legal.filter((m) => m.from === cell);
    if (from.length > 0 && !(selection && selection.from === cell)) {
      if (!humanToMove()) {
        showMessage("The engine plays this side: change the players, or press Engine move.", true);
        return;
      }
      selection = { from: cell };
    } else {
      if (!selection && p.board[cell] !== null && !p.outcome && state.cursor === state.moves.length) {
        // A piece of the side not to move: say whose turn it is, not that the piece is stuck.
        const owner = typeof p.board[cell] === "number" ? Math.floor(p.board[cell] / 64) : p.side;
        if (owner !== p.side && state.searching === "move") {
          showMessage("The engine is thinking about its move: wait for it, or press Stop to make it move now.", true);
        } else if (owner !== p.side) {
          showMessage(`${layout.cells[cell].name}: it is the other side's turn.`, true);
        } else {
          showMessage(`${layout.cells[cell].name}: that piece has no legal move now.`, true);
        }
      }
      selection = null;
    }
    drawMarks();
  }

  // Drag and drop: a piece dragged from its cell and let go over a target plays that move,
  // as clicking the two cells does (a plain click still works: no drag starts without
  // moving the pointer a quarter of a cell).
  function svgPoint(evt) {
    const svg = $("board");
    const pt = svg.createSVGPoint();
    pt.x = evt.clientX;
    pt.y = evt.clientY;
    return pt.matrixTransform(svg.getScreenCTM().inverse());
  }

  function pointerDown(evt) {
    if (evt.button !== 0 || !state || pending) return;
    const cell = cellAt(evt);
    if (cell === null) return;
    const p = svgPoint(evt);
    press = { cell, x: p.x, y: p.y, dragging: false };
  }

  function pointerMove(evt) {
    if (!press) return;
    const p = svgPoint(evt);
    if (!press.dragging) {
      if (Math.hypot(p.x - press.x, p.y - press.y) < 0.25) return;
      const movable = state.position.legal.some((m) => m.from === press.cell);
      if (!movable || !humanToMove()) {
        press = null;
        return;
      }
      press.dragging = true;
      selection = { from: press.cell };
      drawMarks();
      $("board").setPointerCapture(evt.pointerId);
    }
    const piece = document.querySelector(`#pieces [data-cell="${press.cell}"]`);
    if (piece) {
      piece.setAttribute("transform", `translate(${p.x - 0.5} ${p.y - 0.5}) scale(0.01)`);
      piece.classList.add("dragged");
    }
  }

  function pointerUp(evt) {
    const done = press;
    press = null;
    if (!done || !done.dragging) return;
    // The browser's click for this press comes before any timer runs.
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const cell = cellAt(evt);
    drawPieces(null);
    if (cell !== null && cell !== done.cell) {
      clickCell(cell);
    }
  }

  function clickHand(kind, owner) {
    if (!state || pending) return;
    if (!humanToMove() && owner === state.position.side) {
      showMessage("The engine plays this side: change the players, or press Engine move.", true);
      return;
    }
    const drops = state.position.legal.filter((m) => m.drop !== undefined && m.drop === kind);
    if (owner !== state.position.side || drops.length === 0) {
      showMessage("That piece cannot be dropped now.", true);
      selection = null;
    } else if (selection && selection.drop === kind) {
      selection = null;
    } else {
      selection = { drop: kind, owner };
    }
    drawMarks();
    showHands();
  }

  // ------------------------------------------------------------------ start

  async function init() {
    if (!token) {
      showMessage("This page needs the token: open the URL that `menagerie serve` printed.");
      return;
    }
    $("board").addEventListener("click", (e) => {
      if (swallowClick) {
        swallowClick = false;
        return;
      }
      clickCell(cellAt(e));
    });
    $("board").addEventListener("pointerdown", pointerDown);
    $("board").addEventListener("pointermove", pointerMove);
    $("board").addEventListener("pointerup", pointerUp);
    $("board").addEventListener("pointercancel", () => {
      press = null;
      drawPieces(null);
    });
    $("board").addEventListener("mousemove", (e) => {
      const i = cellAt(e);
      const name = i === null ? "" : layout.cells[i].name;
      $("hover-cell").textContent = name;
      const title = document.querySelector("#hit title");
      if (title && title.textContent !== name) title.textContent = name;
    });
    $("board").addEventListener("mouseleave", () => { $("hover-cell").textContent = ""; });
    $("flip").addEventListener("click", () => {
      flipped = !flipped;
      buildBoard();
      drawPieces(null);
      drawMarks();
      showHands();
    });
    $("new").addEventListener("click", () => {
      selection = null;
      command("new", { variant: $("variant").value, options: chosenOptions() });
    });
    $("variant").addEventListener("change", showOptions);
    $("undo").addEventListener("click", () => command("undo", { unit: "turn" }));
    $("undo-part").addEventListener("click", () => command("undo", { unit: "atom" }));
    $("end-turn").addEventListener("click", () => command("end_turn"));
    $("surrender").addEventListener("click", () => {
      const m = state.position.legal.find((x) => x.kind === "surrender");
      if (m && confirm(`${seatName(state.position.side)} surrenders?`)) send(m);
    });
    $("go").addEventListener("click", () => command("go"));
    $("stop").addEventListener("click", () => command("stop"));
    $("pass").addEventListener("click", () => {
      const m = state.position.legal.find((x) => x.kind === "pass");
      if (m) send(m);
    });
    $("analyse").addEventListener("change", () => command("analyse", { on: $("analyse").checked }));
    $("analysis-lines").addEventListener("change", () => command("analyse", { lines: parseInt($("analysis-lines").value, 10) }));
    $("clock-control").addEventListener("change", () => {
      const v = $("clock-control").value;
      if (!v) return command("seats", { clock: null });
      const [base, increment] = v.split("+").map((n) => parseInt(n, 10));
      command("seats", { clock: { base, increment } });
    });
    $("resign").addEventListener("click", () => {
      if (confirm("Resign this game?")) command("resign");
    });
    $("offer-draw").addEventListener("click", () => command("draw", { action: "offer" }));
    $("accept-draw").addEventListener("click", () => command("draw", { action: "accept", side: 1 - state.draw_offer }));
    $("decline-draw").addEventListener("click", () => command("draw", { action: "decline", side: 1 - state.draw_offer }));
    const setLimit = () => {
      const value = parseInt($("limit-value").value, 10);
      if (!(value > 0)) return showMessage("The engine's limit must be a positive number.");
      command("seats", { limit: { kind: $("limit-kind").value, value } });
    };
    $("limit-kind").addEventListener("change", setLimit);
    $("limit-value").addEventListener("change", setLimit);
    $("first").addEventListener("click", () => command("goto", { ply: 0 }));
    $("back").addEventListener("click", () => state.cursor > 0 && command("goto", { ply: state.cursor - 1 }));
    $("forward").addEventListener("click", () => state.cursor < state.moves.length && command("goto", { ply: state.cursor + 1 }));
    $("last").addEventListener("click", () => command("goto", { ply: state.moves.length }));
    $("copy").addEventListener("click", async () => {
      $("fen").select();
      try {
        await navigator.clipboard.writeText($("fen").value);
        showMessage("Position string copied.", true);
      } catch (e) {
        document.execCommand("copy");
      }
    });
    $("load").addEventListener("click", () => {
      $("load-text").value = "";
      $("load-dialog").showModal();
    });
    $("load-cancel").addEventListener("click", () => $("load-dialog").close());
    $("export").addEventListener("click", async () => {
      try {
        const data = await api("/api/pgn");
        $("export-text").value = data.pgn;
        const save = $("export-save");
        if (save.href.startsWith("blob:")) URL.revokeObjectURL(save.href);
        save.href = URL.createObjectURL(new Blob([data.pgn], { type: "application/x-chess-pgn" }));
        $("export-dialog").showModal();
      } catch (e) {
        showMessage(e.message);
      }
    });
    $("export-close").addEventListener("click", () => $("export-dialog").close());
    $("result-close").addEventListener("click", () => {
      hiddenResult = $("result-banner").dataset.key;
      $("result-banner").hidden = true;
    });
    $("chooser-cancel").addEventListener("click", () => $("chooser").close());
    $("load-position").addEventListener("click", async () => {
      if (await command("position", { fen: $("load-text").value.trim() })) $("load-dialog").close();
    });
    $("load-record").addEventListener("click", async () => {
      if (await command("record", { pgn: $("load-text").value })) $("load-dialog").close();
    });
    document.addEventListener("keydown", (e) => {
      if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA" || e.target.tagName === "SELECT") return;
      if (!state) return;
      if (e.key === "ArrowLeft" && state.cursor > 0) command("goto", { ply: state.cursor - 1 });
      if (e.key === "ArrowRight" && state.cursor < state.moves.length) command("goto", { ply: state.cursor + 1 });
      if (e.key === "Escape") { selection = null; drawMarks(); }
    });
    try {
      variants = (await api("/api/variants")).variants;
      const select = $("variant");
      for (const v of variants) {
        const o = document.createElement("option");
        o.value = v.name;
        o.textContent = `${v.name} (${v.family})`;
        select.appendChild(o);
      }
      await show(await api("/api/state"));
      showOptions();
    } catch (e) {
      showMessage(e.message);
    }
    setInterval(showClocks, 100);
    connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
