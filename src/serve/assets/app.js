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
      hideMessage();
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
    layout.cells.forEach((c, i) => {
      const [x, y] = place(c);
      el("rect", {
        class: `cell-${c.shade}`, x, y, width: 1, height: 1,
        "data-cell": i, "data-name": c.name,
      }, cells);
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
    el("rect", { id: "hit", x: -pad, y: -pad, width: layout.width + 2 * pad, height: layout.height + 2 * pad, fill: "transparent" }, svg);
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
    for (let i = 0; i < board.length; i++) {
      const code = board[i];
      if (code === null || (hidden && hidden.has(i))) continue;
      const [x, y] = place(layout.cells[i]);
      const p = pieceGroup(code, x, y);
      const label = kindOf(code).labels[ownerOf(code)];
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

  /// The squares of the royal pieces of the side to move (for the check mark).
  function royalsOfSideToMove() {
    const out = [];
    state.position.board.forEach((code, i) => {
      if (code !== null && ownerOf(code) === state.position.side && kindOf(code).royal) out.push(i);
    });
    return out;
  }

  function drawMarks() {
    const g = $("marks");
    g.textContent = "";
    const t = $("targets");
    t.textContent = "";
    if (state.last) {
      if (state.last.from !== null) mark(g, state.last.from, "mark-last");
      if (state.last.to !== null) mark(g, state.last.to, "mark-last");
    }
    if (state.position.check) for (const c of royalsOfSideToMove()) mark(g, c, "mark-check");
    if (!selection) return;
    if (selection.from !== undefined) mark(g, selection.from, "mark-select");
    const seen = new Set();
    for (const m of selectedMoves()) {
      if (m.to === null || seen.has(m.to)) continue;
      seen.add(m.to);
      const [x, y] = place(layout.cells[m.to]);
      const cell = el("g", { "data-target": m.to, "data-name": layout.cells[m.to].name }, t);
      if (state.position.board[m.to] !== null) {
        el("rect", { class: "mark-capture", x: x + 0.06, y: y + 0.06, width: 0.88, height: 0.88, rx: 0.15 }, cell);
      } else {
        el("circle", { class: "mark-target", cx: x + 0.5, cy: y + 0.5, r: 0.16 }, cell);
      }
    }
  }

  function selectedMoves() {
    if (!selection) return [];
    return state.position.legal.filter((m) =>
      selection.from !== undefined ? m.from === selection.from : m.drop === selection.drop);
  }

  // ------------------------------------------------------------------ animations

  /// Animates the step from `before` (a board) to the shown state: the moving piece slides,
  /// pieces that left other cells slide too when the same piece appears elsewhere (castling),
  /// pieces removed away from the destination are marked and fade, a piece that arrives
  /// changed (a flip, a promotion) crossfades. Worked out from the two boards only.
  function animate(before) {
    const after = state.position.board;
    const last = state.last;
    const anim = $("animation");
    anim.textContent = "";
    const vanished = [], appeared = [];
    for (let i = 0; i < after.length; i++) {
      if (before[i] === after[i]) continue;
      if (before[i] !== null) vanished.push(i);
      if (after[i] !== null) appeared.push(i);
    }
    const hidden = new Set();
    const slides = []; // [fromCell, toCell, code before, code after]
    if (last && last.to !== null && after[last.to] !== null) {
      if (last.from !== null && before[last.from] !== null) {
        slides.push([last.from, last.to, before[last.from], after[last.to]]);
      } else {
        slides.push([null, last.to, null, after[last.to]]);
      }
    }
    const used = new Set([last ? last.from : null, last ? last.to : null]);
    for (const a of appeared) {
      if (used.has(a)) continue;
      const match = vanished.find((v) => !used.has(v) && before[v] === after[a]);
      if (match !== undefined) {
        slides.push([match, a, before[match], after[a]]);
        used.add(match);
      } else {
        slides.push([null, a, null, after[a]]);
      }
      used.add(a);
    }
    const duration = 260;
    for (const [from, to, oldCode, newCode] of slides) {
      hidden.add(to);
      const [tx, ty] = place(layout.cells[to]);
      const [fx, fy] = from === null ? [tx, ty] : place(layout.cells[from]);
      const wrap = el("g", {}, anim);
      const inner = pieceGroup(oldCode === null ? newCode : oldCode, 0, 0);
      wrap.appendChild(inner);
      const frames = [
        { transform: `translate(${fx}px, ${fy}px)`, opacity: from === null ? 0 : 1 },
        { transform: `translate(${tx}px, ${ty}px)`, opacity: 1 },
      ];
      const moving = wrap.animate(frames, { duration, easing: "ease-in-out", fill: "forwards" });
      if (oldCode !== null && newCode !== oldCode) {
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
    // Pieces taken away from the destination: a cross, then they fade.
    for (const v of vanished) {
      if (used.has(v) || (last && v === last.to)) continue;
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
    return layout.players[player] ? layout.players[player].name : `player ${player}`;
  }

  function humanToMove() {
    return state.seats[Math.min(state.position.side, state.seats.length - 1)] === "human";
  }

  function showStatus() {
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
      const swatch = document.createElementNS(NS, "svg");
      swatch.setAttribute("viewBox", "0 0 100 100");
      swatch.setAttribute("class", "swatch");
      const c = MenagerieArt.COLOURS[p.side];
      const circle = el("circle", { cx: 50, cy: 50, r: 40, fill: c.fill, stroke: c.line, "stroke-width": 6 }, swatch);
      circle.setAttribute("data-side", p.side);
      s.appendChild(swatch);
      let text = ` ${who} to move`;
      if (p.check) text += " — check";
      if (state.searching === "move") text += " (engine thinking…)";
      s.appendChild(document.createTextNode(text));
    }
    s.setAttribute("data-side", p.side);
    const counters = $("counters");
    counters.textContent = state.counters
      .map((c) => `${c.label}: ` + c.values.map((v, i) => `${seatName(i)} ${v}`).join(", "))
      .join("; ");
    $("pass").hidden = !p.legal.some((m) => m.kind === "pass");
  }

  function showHands() {
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
      for (const h of held) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "held";
        b.setAttribute("data-drop", h.kind);
        b.setAttribute("data-owner", player);
        b.setAttribute("data-label", kindOf(h.piece).labels[player]);
        b.setAttribute("data-count", h.count);
        b.title = `${kindOf(h.piece).name} (${h.count})`;
        if (selection && selection.drop === h.kind && selection.owner === player) b.classList.add("selected");
        const svg = document.createElementNS(NS, "svg");
        svg.setAttribute("viewBox", "0 0 100 100");
        svg.appendChild(MenagerieArt.picture(kindOf(h.piece), player, layout.players.length));
        b.appendChild(svg);
        const n = document.createElement("span");
        n.className = "count";
        n.textContent = h.count;
        b.appendChild(n);
        b.addEventListener("click", () => clickHand(h.kind, player));
        box.appendChild(b);
      }
    });
  }

  function showSeats() {
    const box = $("seats");
    if (box.childElementCount !== state.seats.length) {
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
  }

  function moveNumberLabel(ply) {
    return `${ply + 1}`;
  }

  function showMoves() {
    const list = $("moves");
    list.textContent = "";
    const players = Math.max(2, state.seats.length);
    let li = null;
    state.moves.forEach((text, i) => {
      if (i % players === 0) {
        li = document.createElement("li");
        list.appendChild(li);
      }
      const span = document.createElement("span");
      span.textContent = text;
      span.setAttribute("data-ply", i + 1);
      if (i + 1 === state.cursor) span.className = "current";
      else if (i + 1 > state.cursor) span.className = "future";
      span.addEventListener("click", () => command("goto", { ply: i + 1 }));
      li.appendChild(span);
    });
    const current = list.querySelector(".current");
    if (current) current.scrollIntoView({ block: "nearest" });
    const tags = $("tags");
    tags.textContent = "";
    if (state.mode === "replay") {
      const t = state.tags || {};
      tags.textContent = `${t.White || "?"} – ${t.Black || "?"} ${state.result || ""} ${t.Event ? "(" + t.Event + ")" : ""}`;
    }
    $("fen").value = state.position.fen;
  }

  function showThinking(t) {
    const box = $("thinking");
    if (!t) {
      box.textContent = state && state.searching ? "thinking…" : "—";
      return;
    }
    box.textContent = "";
    const b = document.createElement("b");
    b.textContent = t.score;
    box.appendChild(b);
    box.appendChild(document.createTextNode(
      ` depth ${t.depth}/${t.seldepth}, ${t.nodes} nodes, ${t.nps} n/s, ${(t.ms / 1000).toFixed(1)} s` +
      (t.purpose === "analysis" ? " (analysis)" : "")));
    const pv = document.createElement("div");
    pv.textContent = t.pv.join(" ");
    pv.id = "pv";
    box.appendChild(pv);
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
    const stepped = previous && previous.game_id === s.game_id && previous.layout_id === s.layout_id &&
      s.cursor === previous.cursor + 1 && s.moves.length >= s.cursor &&
      previous.moves.slice(0, previous.cursor).every((m, i) => m === s.moves[i]);
    if (selection && (!previous || previous.position.fen !== s.position.fen)) selection = null;
    if (stepped) animate(previous.position.board);
    else drawPieces(null);
    drawMarks();
    showStatus();
    showHands();
    showSeats();
    showMoves();
    showWatch();
    showThinking(s.thinking || null);
    timing.render.push(performance.now() - t0);
    document.body.setAttribute("data-version", s.version);
  }

  // ------------------------------------------------------------------ clicks

  function send(move) {
    selection = null;
    command("move", { move: move.text });
  }

  function choose(moves) {
    const dialog = $("chooser");
    const box = $("choices");
    box.textContent = "";
    for (const m of moves) {
      const b = document.createElement("button");
      b.type = "button";
      b.setAttribute("data-move", m.text);
      if (m.becomes !== null) {
        const svg = document.createElementNS(NS, "svg");
        svg.setAttribute("viewBox", "0 0 100 100");
        svg.appendChild(MenagerieArt.picture(kindOf(m.becomes), ownerOf(m.becomes), layout.players.length));
        b.appendChild(svg);
      }
      const caption = document.createElement("span");
      caption.textContent = m.kind === "castling" ? `${m.text} (castling)` : m.text;
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
      if (moves.length === 1) return send(moves[0]);
      if (moves.length > 1) return choose(moves);
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
        showMessage(`${layout.cells[cell].name}: that piece has no legal move now.`, true);
      }
      selection = null;
    }
    drawMarks();
  }

  function clickHand(kind, owner) {
    if (!state || pending) return;
    const drops = state.position.legal.filter((m) => m.drop === kind);
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
    $("board").addEventListener("click", (e) => clickCell(cellAt(e)));
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
    $("undo").addEventListener("click", () => command("undo"));
    $("go").addEventListener("click", () => command("go"));
    $("stop").addEventListener("click", () => command("stop"));
    $("pass").addEventListener("click", () => {
      const m = state.position.legal.find((x) => x.kind === "pass");
      if (m) send(m);
    });
    $("analyse").addEventListener("change", () => command("analyse", { on: $("analyse").checked }));
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
    connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
