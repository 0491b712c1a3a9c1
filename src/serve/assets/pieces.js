// Menagerie's piece pictures: drawn for this project (no outside art), licensed with the
// code. Each figure is a few SVG shapes in a 100 x 100 box, filled with its player's colour;
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
    if (kind === "detail") {
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
