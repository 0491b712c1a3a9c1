// Menagerie's piece pictures: drawn for this project (no outside art), licensed with the
// code. Each figure is a few SVG shapes in a 100 x 100 box, filled with its player's colour
// (`light` shapes are white, `ink` lines take the outline colour, `spark` is a fixed flame);
// the eight player colours are the Okabe-Ito palette (told apart by colour-blind viewers)
// after white and black, and with more than two players each piece also wears its owner's
// letter. Marks: `+` in a disc for a promoted piece, a small crown for a royal that is not
// a king. A kind with no picture of its own gets a shield with its letter.
"use strict";

(function () {
  const NS = "http://www.w3.org/2000/svg";

  const COLOURS = [
    { name: "White", fill: "#fbfbf7", line: "#1d1d1d", detail: "#1d1d1d" },
    { name: "Black", fill: "#2a2a2a", line: "#000000", detail: "#f2f2f2" },
    { name: "Orange", fill: "#E69F00", line: "#3a2800", detail: "#3a2800" },
    { name: "Sky blue", fill: "#56B4E9", line: "#0b2f45", detail: "#0b2f45" },
    { name: "Green", fill: "#009E73", line: "#00281d", detail: "#eafff8" },
    { name: "Yellow", fill: "#F0E442", line: "#3d3900", detail: "#3d3900" },
    { name: "Blue", fill: "#0072B2", line: "#001d2e", detail: "#eaf6ff" },
    { name: "Vermillion", fill: "#D55E00", line: "#361800", detail: "#fff1e6" },
  ];

  const BASE = ["path", "M24 88 L76 88 L72 80 L28 80 Z"];
  const KNIGHT_HEAD =
    "M32 80 C32 68 42 62 46 54 C40 56 34 60 28 58 C20 54 22 46 28 41 L42 29 L43 17 L51 25 C66 25 77 40 75 58 L72 80 Z";
  const PAWN = [
    BASE,
    ["path", "M31 80 Q33 62 43 54 L57 54 Q67 62 69 80 Z"],
    ["circle", 50, 40, 14],
  ];

  // Each figure: shapes filled with the player's colour, then ["detail", ...] lines drawn in
  // the detail colour.
  const ART = {
    // Party Chess's own kinds (the rook, bishop, pawn, camel and king are shared).
    copycat: [
      ["path", "M22 86 C16 62 22 46 30 38 L26 10 L45 28 C48 27 52 27 55 28 L74 10 L70 38 C78 46 84 62 78 86 Z"],
      ["detail", "M34 52 L44 54 M66 52 L56 54 M46 64 L50 68 L54 64 M50 68 V72 M24 66 L40 68 M24 74 L40 72 M76 66 L60 68 M76 74 L60 72"],
    ],
    echo: [
      BASE,
      ["path", "M36 80 L40 74 L60 74 L64 80 Z"],
      ["circle", 50, 44, 33],
      ["detail", "M34 44 h0.1 M42 32 Q50 44 42 56 M50 24 Q64 44 50 64 M58 18 Q78 44 58 70"],
    ],
    jester: [
      ["path", "M22 86 C24 68 30 60 36 56 C30 44 18 38 9 40 C22 26 36 32 42 46 C42 32 46 20 50 12 C54 20 58 32 58 46 C64 32 78 26 91 40 C82 38 70 44 64 56 C70 60 76 68 78 86 Z"],
      ["circle", 9, 40, 7], ["circle", 50, 11, 7], ["circle", 91, 40, 7],
      ["detail", "M30 74 H70 M38 80 h0.1 M50 80 h0.1 M62 80 h0.1"],
    ],
    "il-nabi": [
      ["path", "M76 16 h7 v72 h-7 z"],
      ["circle", 79.5, 12, 7],
      ["path", "M26 88 L34 50 C30 22 66 18 66 46 L72 88 Z"],
      ["light", "M40 48 C40 34 58 34 58 48 C58 56 40 56 40 48 Z"],
      ["detail", "M38 68 H66 M46 78 L44 88 M56 78 L58 88"],
      ["ink", "M45 46 h0.1 M53 46 h0.1"],
    ],
    qball: [
      ["circle", 50, 50, 40],
      ["light", "M50 30 A18 18 0 1 1 49.9 30 Z"],
      ["ink", "M50 40 A8 8 0 1 0 50.1 40 M52 51 L59 58"],
      ["detail", "M24 40 Q28 26 40 20"],
    ],
    harfyblob: [
      ["path", "M18 70 C6 52 20 30 36 32 C40 16 62 14 68 28 C84 24 96 44 84 58 C96 72 78 92 62 84 C52 96 30 92 26 80 C20 80 18 76 18 70 Z"],
      ["light", "M34 54 A8 8 0 1 1 34.1 54 Z"],
      ["light", "M58 52 A8 8 0 1 1 58.1 52 Z"],
      ["ink", "M42 55 h0.1 M66 53 h0.1"],
      ["detail", "M40 72 Q52 80 62 70"],
    ],
    archer: [
      ["path", "M30 10 C72 22 72 78 30 90 L36 83 C62 70 62 30 36 17 Z"],
      ["ink", "M33 14 L33 86"],
      ["path", "M14 47 H78 V53 H14 Z"],
      ["path", "M76 40 L96 50 L76 60 Z"],
      ["path", "M16 47 L6 37 L20 37 L28 47 Z M16 53 L6 63 L20 63 L28 53 Z"],
    ],
    kamikaze: [
      ["circle", 46, 60, 30],
      ["path", "M54 26 L70 32 L64 46 L48 40 Z"],
      ["ink", "M64 30 Q72 14 84 16"],
      ["spark", "M86 4 L89 11 L96 10 L91 16 L95 23 L88 20 L84 26 L83 18 L76 16 L83 12 Z"],
      ["detail", "M30 56 Q32 44 42 40"],
    ],
    "bouncy!ball": [
      ["ellipse", 50, 90, 24, 5],
      ["circle", 50, 44, 32],
      ["detail", "M50 26 V48 M50 60 h0.1"],
      ["ink", "M12 30 Q16 18 26 14 M88 30 Q84 18 74 14"],
    ],
    demon: [
      ["path", "M28 36 C16 28 12 14 16 4 C24 18 32 22 42 26 Z"],
      ["path", "M72 36 C84 28 88 14 84 4 C76 18 68 22 58 26 Z"],
      ["path", "M24 46 C24 24 76 24 76 46 L76 62 C76 80 64 92 50 92 C36 92 24 80 24 62 Z"],
      ["detail", "M34 46 L46 53 M66 46 L54 53 M36 70 Q50 82 64 70 M42 73 L44 79 M58 73 L56 79"],
    ],
    cantor: [
      ["ellipse", 36, 76, 17, 12],
      ["path", "M47 74 V14 h7 V74 Z"],
      ["path", "M54 14 C70 20 84 32 76 54 C74 40 66 32 54 32 Z"],
      ["detail", "M28 72 Q34 68 40 70"],
    ],
    zombie: [
      ["path", "M28 22 C28 12 72 12 72 22 L74 70 C74 84 64 90 50 90 C36 90 26 84 26 70 Z"],
      ["detail", "M35 38 L45 48 M45 38 L35 48 M56 43 H66 M36 70 H64 M42 65 V75 M50 65 V75 M58 65 V75 M60 20 L68 30 M58 26 L68 24"],
    ],
    gess: [
      ["path", "M16 16 H84 V84 H16 Z"],
      ["detail", "M38.7 16 V84 M61.3 16 V84 M16 38.7 H84 M16 61.3 H84"],
      ["light", "M27 20 A7 7 0 1 1 26.9 20 Z"],
      ["light", "M73 20 A7 7 0 1 1 72.9 20 Z"],
      ["light", "M50 43 A7 7 0 1 1 49.9 43 Z"],
      ["light", "M27 66 A7 7 0 1 1 26.9 66 Z"],
      ["light", "M73 66 A7 7 0 1 1 72.9 66 Z"],
    ],
    loyalist: [
      ["path", "M12 84 H44 V94 H12 Z"],
      ["path", "M24 8 h7 v76 h-7 z"],
      ["path", "M31 14 C46 6 60 22 84 12 L84 50 C60 60 46 44 31 52 Z"],
      ["detail", "M56 22 L60 32 L50 26 H62 L52 32 Z"],
    ],
    locust: [
      ["path", "M62 56 L84 28 L91 32 L72 60 Z"],
      ["path", "M84 28 L94 82 L87 83 L80 36 Z"],
      ["ellipse", 52, 58, 31, 13],
      ["circle", 22, 54, 12],
      ["ink", "M36 68 L30 84 M48 70 L46 86 M18 44 Q12 24 4 16 M24 43 Q26 22 20 10"],
      ["detail", "M40 52 Q62 44 82 56 M20 51 h0.1"],
    ],
    guard: [
      BASE,
      ["path", "M46 32 C42 12 60 2 76 6 C64 12 58 20 56 32 Z"],
      ["path", "M22 80 L22 60 C22 26 78 26 78 60 L78 80 Z"],
      ["detail", "M30 54 H70 M34 63 H66 M50 40 V48"],
    ],
    king: [
      BASE,
      ["path", "M30 80 L34 46 L66 46 L70 80 Z"],
      ["path", "M30 48 C30 34 70 34 70 48 Z"],
      ["path", "M46 8 h8 v8 h8 v8 h-8 v12 h-8 v-12 h-8 v-8 h8 z"],
    ],
    queen: [
      BASE,
      ["path", "M30 80 L36 48 L64 48 L70 80 Z"],
      ["path", "M27 50 L19 22 L36 37 L42 14 L50 32 L58 14 L64 37 L81 22 L73 50 Z"],
      ["circle", 19, 20, 5], ["circle", 42, 12, 5], ["circle", 58, 12, 5], ["circle", 81, 20, 5],
    ],
    rook: [
      BASE,
      ["path", "M29 80 L33 42 L67 42 L71 80 Z"],
      ["path", "M25 42 V18 h11 v8 h8 v-8 h12 v8 h8 v-8 h11 V42 Z"],
      ["detail", "M33 50 H67 M31 70 H69"],
    ],
    bishop: [
      BASE,
      ["path", "M35 80 L41 60 L59 60 L65 80 Z"],
      ["path", "M50 16 C30 34 32 54 40 62 L60 62 C68 54 70 34 50 16 Z"],
      ["circle", 50, 13, 6],
      ["detail", "M54 30 L44 46"],
    ],
    knight: [BASE, ["path", KNIGHT_HEAD], ["detail", "M48 34 h0.1 M30 50 h0.1"]],
    horse: [BASE, ["path", KNIGHT_HEAD], ["detail", "M48 34 h0.1 M30 50 h0.1"]],
    pawn: PAWN,
    "mobile pawn": [...PAWN, ["detail", "M42 72 L50 62 L58 72"]],
    "sub-pawn": [
      BASE,
      ["path", "M35 80 Q37 68 45 62 L55 62 Q63 68 65 80 Z"],
      ["circle", 50, 52, 11],
      ["detail", "M40 74 H60"],
    ],
    "royal pawn": PAWN,
    camel: [
      ["path",
        "M12 70 C12 60 20 55 25 55 C27 42 36 40 40 51 C44 40 53 40 55 51 L62 51 C63 40 65 27 71 23 L82 22 C87 24 88 29 83 31 L77 32 C73 42 73 55 69 61 L69 86 L62 86 L60 66 L35 66 L33 86 L26 86 L24 66 C19 66 15 70 12 70 Z"],
      ["detail", "M79 26 h0.1"],
    ],
    wildebeest: [
      ["path",
        "M50 88 C40 88 35 76 35 62 C35 52 37 46 41 42 C28 42 15 34 13 18 C22 29 33 33 44 33 L56 33 C67 33 78 29 87 18 C85 34 72 42 59 42 C63 46 65 52 65 62 C65 76 60 88 50 88 Z"],
      ["detail", "M43 52 h0.1 M57 52 h0.1 M44 76 Q50 82 56 76 M45 88 V96 M55 88 V96"],
    ],
    unicorn: [BASE, ["path", KNIGHT_HEAD], ["path", "M50 27 L66 4 L58 29 Z"], ["detail", "M48 36 h0.1"]],
    dabbaba: [
      ["path", "M18 42 H82 V72 H18 Z"],
      ["path", "M32 42 V22 H68 V42 Z"],
      ["circle", 32, 78, 9], ["circle", 68, 78, 9],
      ["detail", "M40 32 H60 M26 56 H74"],
    ],
    alfil: [
      ["ellipse", 26, 44, 16, 20], ["ellipse", 74, 44, 16, 20],
      ["path", "M50 18 C66 18 70 32 68 46 C66 56 58 60 57 68 C56 78 60 84 66 86 C60 92 48 90 45 80 C43 72 43 64 40 58 C32 52 32 40 34 32 C37 22 42 18 50 18 Z"],
      ["detail", "M43 38 h0.1 M58 38 h0.1 M36 58 L28 66 M64 58 L72 66"],
    ],
    fers: [BASE, ["path", "M50 12 L76 46 L50 80 L24 46 Z"], ["detail", "M50 28 L62 46 L50 64 L38 46 Z"]],
    zurafa: [
      ["path",
        "M28 88 L32 60 C32 52 38 49 45 49 L55 19 C56 11 69 9 74 14 L71 21 L63 23 L57 51 C63 53 67 57 67 63 L70 88 L63 88 L60 68 L41 68 L37 88 Z"],
      ["detail", "M44 58 h0.1 M52 61 h0.1 M58 36 h0.1 M60 26 h0.1 M68 15 h0.1"],
    ],
    centaura: [
      BASE,
      ["path", KNIGHT_HEAD],
      ["path", "M20 14 Q8 50 20 86 L23 84 Q13 50 23 16 Z"],
      ["detail", "M21 15 L21 85 M48 34 h0.1"],
    ],
    narwhal: [
      ["path", "M12 60 C18 44 40 38 58 44 C68 47 76 53 80 58 C76 64 68 70 58 72 C40 76 20 72 12 60 Z"],
      ["path", "M78 54 L98 36 L81 60 Z"],
      ["path", "M12 60 L2 48 L4 62 L2 76 Z"],
      ["detail", "M66 54 h0.1 M40 62 Q46 66 52 62"],
    ],
    hippogriff: [
      BASE,
      ["path", KNIGHT_HEAD],
      ["path", "M60 50 C72 30 88 22 96 24 C90 30 92 36 84 40 C90 42 88 50 80 50 C84 56 76 62 68 60 Z"],
      ["detail", "M48 34 h0.1"],
    ],
    wyvern: [
      ["path", "M30 86 C24 70 30 56 42 52 C40 42 42 30 50 22 L46 12 L56 18 L64 14 L62 24 C70 30 70 40 64 48 C72 54 74 70 66 86 Z"],
      ["path", "M42 56 C28 46 14 48 6 40 C10 56 20 64 36 68 Z"],
      ["path", "M66 56 C78 46 90 48 96 40 C92 56 84 64 70 68 Z"],
      ["detail", "M54 32 h0.1 M44 74 Q50 70 56 74"],
    ],
  };

  function shape(spec, colour) {
    const [kind, ...args] = spec;
    let el;
    if (kind === "circle") {
      el = document.createElementNS(NS, "circle");
      el.setAttribute("cx", args[0]);
      el.setAttribute("cy", args[1]);
      el.setAttribute("r", args[2]);
    } else if (kind === "ellipse") {
      el = document.createElementNS(NS, "ellipse");
      el.setAttribute("cx", args[0]);
      el.setAttribute("cy", args[1]);
      el.setAttribute("rx", args[2]);
      el.setAttribute("ry", args[3]);
    } else {
      el = document.createElementNS(NS, "path");
      el.setAttribute("d", args[0]);
    }
    if (kind === "ink") {
      el.setAttribute("fill", "none");
      el.setAttribute("stroke", colour.line);
      el.setAttribute("stroke-width", "4.5");
      el.setAttribute("stroke-linecap", "round");
      el.setAttribute("stroke-linejoin", "round");
    } else if (kind === "light" || kind === "spark") {
      el.setAttribute("fill", kind === "light" ? "#ffffff" : "#ffc400");
      el.setAttribute("stroke", kind === "light" ? colour.line : "#7a3b00");
      el.setAttribute("stroke-width", "3");
      el.setAttribute("stroke-linejoin", "round");
    } else if (kind === "detail") {
      el.setAttribute("fill", "none");
      el.setAttribute("stroke", colour.detail);
      el.setAttribute("stroke-width", "4");
      el.setAttribute("stroke-linecap", "round");
      el.setAttribute("stroke-linejoin", "round");
    } else {
      el.setAttribute("fill", colour.fill);
      el.setAttribute("stroke", colour.line);
      el.setAttribute("stroke-width", "3.5");
      el.setAttribute("stroke-linejoin", "round");
    }
    return el;
  }

  function text(x, y, size, content, fill) {
    const t = document.createElementNS(NS, "text");
    t.setAttribute("x", x);
    t.setAttribute("y", y);
    t.setAttribute("font-size", size);
    t.setAttribute("font-weight", "700");
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("dominant-baseline", "central");
    t.setAttribute("fill", fill);
    t.textContent = content;
    return t;
  }

  /// The picture of a piece kind (from the layout's `kinds`) for an owner, in a 100 x 100
  /// box. `players` is the number of players (owner letters are drawn beyond two).
  function picture(kind, owner, players) {
    const colour = COLOURS[owner % COLOURS.length];
    const g = document.createElementNS(NS, "g");
    const title = document.createElementNS(NS, "title");
    title.textContent = `${colour.name} ${kind.name}`;
    g.appendChild(title);
    const art = ART[kind.art];
    if (art) {
      for (const spec of art) g.appendChild(shape(spec, colour));
    } else {
      g.appendChild(shape(["path", "M20 14 H80 V52 C80 70 64 82 50 90 C36 82 20 70 20 52 Z"], colour));
      g.appendChild(text(50, 50, 40, kind.letter, colour.detail));
    }
    if (kind.promoted) {
      g.appendChild(shape(["circle", 84, 16, 14], { fill: "#c0141b", line: "#fff" }));
      g.appendChild(text(84, 17, 26, "+", "#fff"));
    }
    if (kind.crowned) {
      g.appendChild(shape(["path", "M4 26 L6 8 L14 16 L20 4 L26 16 L34 8 L36 26 Z"], { fill: "#f5c400", line: "#5a4400" }));
    }
    if (players > 2) {
      g.appendChild(shape(["circle", 84, 84, 13], { fill: "#fff", line: colour.line }));
      g.appendChild(text(84, 85, 20, String.fromCharCode(97 + owner), "#000"));
    }
    return g;
  }

  window.MenagerieArt = { COLOURS, picture, hasPicture: (art) => art in ART };
})();
