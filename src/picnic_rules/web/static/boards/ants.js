// The ants board (Problem Picnic: Attack of the Ants): the picnic area on its 3x3 grid with
// the dice touching each card, every player's anthill, Puddle and colony, the Scoring and
// Majority cards, and the controls of the seat's legal moves: pick a die and toss it at a
// card, keep or re-toss a landing, settle a die touching two cards, place a won card into
// the colony with its rotation previewed, play a Round card, and (at a real table, when
// the page offers it) type where a tossed die landed. Drawn from the seat's client
// document only; registered with window.PicnicBoards.
"use strict";

(function () {
  const GAME = "ants";
  const LETTER = { soldier: "S", worker: "W", scout: "c" };
  const SEAT_COLOURS = ["#c2185b", "#2e7d32", "#ef6c00", "#1565c0"];
  const PLATE = { blue: "#3b73d1", green: "#3f9e4d", purple: "#8047b3" };
  const CELL = 30;

  // What the game's figures say of the table and its rules (doc.figures): each die's kind,
  // the cells of a card at each turn, the Scoring, Majority and Round cards in words, the
  // placements open now. Kept from the last document drawn.
  let F = { dice: [], shapes: { 3: [], 2: [] }, turns: [], scoring: [], majority: [], round_cards: {}, placements: [] };
  const kindOf = (index) => F.dice[index] || "die";
  // "worker 2": a die by its kind and its number among the dice of that kind
  const dieName = (index) => {
    const kind = kindOf(index);
    const same = F.dice.filter((k) => k === kind).length;
    return same > 1 ? `${kind} ${F.dice.slice(0, index + 1).filter((k) => k === kind).length}` : kind;
  };

  // the registry and the element builders are the page's (boards/common.js)
  const { el, svg, seatNames } = window.PicnicBoards;

  const STYLE = `
.pa-board { display: grid; gap: 0.5rem; color: #1f2a1a; }
.pa-board h3 { margin: 0.2rem 0; font-size: 1rem; }
.pa-status { font-weight: 700; font-size: 1.05rem; margin: 0; justify-self: start; background: rgba(255, 253, 246, 0.94); border-radius: 0.4rem; padding: 0.15rem 0.5rem; }
.pa-top { display: grid; gap: 0.5rem; }
@media (min-width: 760px) { .pa-top { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; } }
.pa-cloth { background: repeating-linear-gradient(0deg, #fbe9e7 0 14px, #fff 14px 28px), #fff;
  border: 2px solid #e57373; border-radius: 0.7rem; padding: 0.4rem; }
.pa-area { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0.4rem; max-width: 30rem; margin: 0 auto; }
.pa-spot { min-height: 5rem; border-radius: 0.5rem; position: relative; display: flex; flex-direction: column; align-items: center; gap: 0.15rem; padding: 0.2rem; }
.pa-spot.pa-empty { border: 1px dashed #d7a7a7; }
.pa-spot > button, .pa-spot > .pa-card { all: unset; box-sizing: border-box; display: flex; flex-direction: column; align-items: center; width: 100%;
  border-radius: 0.5rem; padding: 0.15rem; border: 3px solid transparent; cursor: default; }
.pa-spot > button { cursor: pointer; border-color: #f6c343; background: #fff8dd; }
.pa-spot > button:hover { background: #ffefb0; }
.pa-spot > button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
.pa-pos { position: absolute; top: 0.1rem; left: 0.3rem; font-size: 0.7rem; font-weight: 700; color: #7a4a4a; }
.pa-dice { display: flex; flex-wrap: wrap; gap: 2px; justify-content: center; min-height: 22px; }
.pa-label { font-size: 0.7rem; text-align: center; line-height: 1.1; }
.pa-side { display: grid; gap: 0.4rem; }
.pa-panel { background: #fff; border: 1px solid #b9c7a8; border-radius: 0.6rem; padding: 0.4rem 0.6rem; min-width: 0; }
.pa-act { background: #fff7e0; border: 2px solid #d8b44a; }
.pa-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.3rem; font-size: 0.85rem; }
.pa-controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; margin: 0.2rem 0; }
.pa-controls button, .pa-act button { min-height: 2.75rem; }
.pa-controls button[aria-pressed="true"] { background: #1a5fb4; color: #fff; border-color: #1a5fb4; }
.pa-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: 0.4rem; }
.pa-seat { border-left: 6px solid var(--pa-seat); }
.pa-seat.pa-turn { box-shadow: 0 0 0 2px #1a5fb4; }
.pa-colony { max-width: 100%; }
.pa-colony-picture { display: block; max-width: 100%; height: auto; max-height: 60vh; }
.pa-colony button.pa-cell { all: unset; cursor: pointer; }
.pa-colony button.pa-cell:focus-visible rect, .pa-colony .pa-cell[aria-pressed="true"] rect { stroke: #1a5fb4; stroke-width: 3; }
.pa-list { margin: 0.1rem 0; padding-left: 1.1rem; font-size: 0.85rem; }
.pa-land { animation: pa-land 0.5s ease-out; }
@keyframes pa-land { 0% { transform: translateY(-1.5rem) rotate(-160deg) scale(1.3); opacity: 0.2; } 100% { transform: none; opacity: 1; } }
.pa-new { animation: pa-slide 0.4s ease-out; }
@keyframes pa-slide { from { transform: translateY(-0.8rem) scale(0.9); opacity: 0; } to { transform: none; opacity: 1; } }
.pa-still .pa-land, .pa-still .pa-new { animation: none; }
.pa-form label { display: flex; flex-direction: column; font-size: 0.85rem; }
.pa-form select { min-height: 2.2rem; }
`;

  const style = () => window.PicnicBoards.adopt("pa-style", STYLE);
  const update = window.PicnicBoards.seatDocument;


  // ---- cards and dice ----
  const cardText = (card) => `${card.colour}-${card.food}${card.ants === 2 ? "-2" : ""}`;
  const cardWords = (card) => `${card.colour} ${card.food}${card.ants === 2 ? " (two ants)" : ""}`;

  function food(kind, x, y, size) {
    const s = size / 26;
    const at = (dx, dy) => `${x + dx * s} ${y + dy * s}`;
    if (kind === "sandwich") {
      return svg("g", {}, svg("path", { d: `M${at(-8, 6)} L${at(8, 6)} L${at(0, -8)} Z`, fill: "#f3d08a", stroke: "#9a6a2a", "stroke-width": 1.6 * s }),
        svg("path", { d: `M${at(-5, 3)} L${at(5, 3)}`, stroke: "#c0392b", "stroke-width": 2 * s }));
    }
    if (kind === "cookie") {
      return svg("g", {}, svg("circle", { cx: x, cy: y, r: 8 * s, fill: "#d9a45b", stroke: "#8a5a22", "stroke-width": 1.2 * s }),
        svg("circle", { cx: x - 3 * s, cy: y - 2 * s, r: 1.5 * s, fill: "#4a2c12" }),
        svg("circle", { cx: x + 3 * s, cy: y + 1 * s, r: 1.5 * s, fill: "#4a2c12" }),
        svg("circle", { cx: x - 1 * s, cy: y + 4 * s, r: 1.5 * s, fill: "#4a2c12" }));
    }
    return svg("g", {}, svg("path", { d: `M${at(-9, -2)} A ${9 * s} ${9 * s} 0 0 0 ${at(9, -2)} Z`, fill: "#e53935", stroke: "#2e7d32", "stroke-width": 2.4 * s }),
      svg("circle", { cx: x - 3 * s, cy: y + 1 * s, r: 0.9 * s, fill: "#222" }),
      svg("circle", { cx: x + 3 * s, cy: y + 1 * s, r: 0.9 * s, fill: "#222" }));
  }

  function ant(x, y, s, colour) {
    return svg("g", { fill: colour || "#222" },
      svg("circle", { cx: x - 4 * s, cy: y, r: 2 * s }), svg("circle", { cx: x, cy: y, r: 1.6 * s }),
      svg("ellipse", { cx: x + 4.5 * s, cy: y, rx: 2.8 * s, ry: 2.2 * s }),
      svg("path", { d: `M${x - 2 * s} ${y - 4 * s} L${x + 1 * s} ${y + 4 * s} M${x + 1 * s} ${y - 4 * s} L${x - 2 * s} ${y + 4 * s}`, stroke: colour || "#222", "stroke-width": 0.8 * s }));
  }

  // The cells of a card turned `turn` quarter turns clockwise, relative to its plate, as
  // the game's figures give them.
  function cells(card, turn) {
    const shape = (F.shapes[String(card.ants)] || [])[turn];
    return shape || [[0, 0, "plate"], [1, 0, "ant"], [0, 1, "ant"], [1, 1, card.ants === 2 ? "bare" : "ant"]];  // as printed
  }

  function cellPicture(card, what, x, y, size) {
    const g = svg("g", {});
    g.append(svg("rect", { x, y, width: size, height: size, fill: "#fffaf0", stroke: "#c9b79a", "stroke-width": 0.8 }));
    const cx = x + size / 2, cy = y + size / 2;
    if (what === "plate") {
      g.append(svg("circle", { cx, cy, r: size * 0.44, fill: PLATE[card.colour], stroke: "#fff", "stroke-width": size * 0.06 }));
      g.append(food(card.food, cx, cy, size * 0.8));
    } else if (what === "ant") {
      g.append(svg("circle", { cx, cy, r: size * 0.36, fill: "none", stroke: "#b0a08a", "stroke-width": 1, "stroke-dasharray": "2 2" }));
      g.append(ant(cx, cy, size / 26));
    }
    return g;
  }

  // A picnic card as printed: a 2x2 square, the plate top left, an ant in each other cell.
  function cardPicture(card, size) {
    const half = (size || 64) / 2;
    const node = svg("svg", { viewBox: `0 0 ${half * 2} ${half * 2}`, width: half * 2, height: half * 2, role: "img", "aria-label": cardWords(card), class: "pa-cardpic" });
    for (const [dx, dy, what] of cells(card, 0)) node.append(cellPicture(card, what, dx * half, dy * half, half));
    node.append(svg("rect", { x: 0.5, y: 0.5, width: half * 2 - 1, height: half * 2 - 1, rx: 4, fill: "none", stroke: "#7a5a3a", "stroke-width": 1.2 }));
    return node;
  }

  // A die as a die: the owner's colour, its kind's letter, its face as that many ants.
  function diePicture(kind, face, seat, label, big) {
    const size = kind === "soldier" ? 32 : kind === "worker" ? 28 : 24;
    const node = svg("svg", { viewBox: "0 0 30 30", width: size, height: size, role: "img", "aria-label": label, class: "pa-die" },
      svg("rect", { x: 1.5, y: 1.5, width: 27, height: 27, rx: kind === "soldier" ? 9 : 5, fill: SEAT_COLOURS[seat % 4], stroke: "#222", "stroke-width": 1.5 }));
    if (face === null) {
      node.append(svg("text", { x: 15, y: 20, "font-size": 14, "font-weight": 700, fill: "#fff", "text-anchor": "middle", "font-family": "sans-serif" }, document.createTextNode(LETTER[kind])));
      return node;
    }
    const spots = [[], [[15, 15]], [[9, 10], [21, 20]], [[9, 8], [21, 15], [9, 22]], [[9, 9], [21, 9], [9, 21], [21, 21]]][Math.min(face, 4)];
    for (const [x, y] of spots) node.append(ant(x, y, face > 2 ? 0.75 : 0.9, "#fff"));
    if (face > 4) node.append(svg("text", { x: 15, y: 19, "font-size": 11, fill: "#fff", "text-anchor": "middle" }, document.createTextNode(String(face))));
    node.append(svg("text", { x: 3.5, y: 9, "font-size": 7, fill: "#fff", "font-family": "sans-serif" }, document.createTextNode(LETTER[kind])));
    if (big) node.setAttribute("width", size * 1.3);
    return node;
  }

  // ---- what the seat may do, from its legal moves ----
  function groups(moves) {
    const found = new Map();
    for (const move of moves) {
      const key = move.card || move.notation;
      if (!found.has(key)) found.set(key, []);
      found.get(key).push(move);
    }
    return found;
  }

  // The board's own memory between draws: choices made, what was drawn last (for animation).
  const memory = { key: "", kind: null, card: null, cell: null, option: 0, position: "", moved: null };

  function draw(root, doc, ctx) {
    style();
    ctx = Object.assign({ names: [], busy: false, reducedMotion: false, spectator: false, seat: null }, ctx || {});
    if (!Array.isArray(ctx.names)) ctx.names = [];
    const u = ctx.spectator ? watched(doc) : update(doc);
    if (u && u.figures && u.figures.shapes) F = u.figures;
    root.replaceChildren();
    const board = el("div", { class: "pa-board" + (ctx.reducedMotion ? " pa-still" : ""), "data-game": GAME });
    root.append(board);
    if (!u || !u.view) {
      board.append(el("p", { class: "pa-status", text: "Watching: the log says what happens." }));
      return;
    }
    const state = u.view.state;
    const me = u.view.player;
    const players = state.dice.length;
    const names = seatNames(ctx, players, me);
    const moves = ctx.spectator ? [] : u.legal_moves || [];
    const byGroup = groups(moves);
    const stamp = `${state.round}:${state.phase}:${state.turn}:${moves.length}`;
    if (memory.key !== stamp) Object.assign(memory, { key: stamp, card: null, cell: null, option: 0 });
    const fresh = changes(state);

    board.append(el("p", { class: "pa-status", id: "pa-status", "aria-live": "polite" }, status(state, u, names, moves)));
    const top = el("div", { class: "pa-top" });
    top.append(area(state, names, byGroup, ctx, fresh));
    const side = el("div", { class: "pa-side" });
    const act = actions(state, u, names, byGroup, ctx);
    if (act) side.append(act);
    side.append(lastEvents(u, names));
    side.append(scoring(state));
    top.append(side);
    board.append(top);
    const seats = el("div", { class: "pa-seats" });
    const everyone = Array.from({ length: players }, (_, seat) => seat);
    const order = me === null ? everyone : [me, ...everyone.filter((seat) => seat !== me)];
    for (const seat of order) seats.append(seatPanel(state, seat, names, byGroup, ctx, me));
    if (u.outcome) top.before(seats);  // at the end the colonies come first
    else board.append(seats);
    const focus = board.querySelector("#pa-place-here, #pa-keep, .pa-spot > button:not([disabled]), #pa-act button:not([disabled])");
    if (focus) focus.setAttribute("data-focus", "");
  }

  // A spectator's page: the public view the answer carries (every seat's view has it in
  // common; for ants the whole position) as a seat's document of no seat, with no moves.
  function watched(doc) {
    const table = doc && doc.view && doc.view.public;
    if (!table || !table.state) return null;
    return { view: { player: null, state: table.state }, to_move: doc.to_move, outcome: doc.outcome, legal_moves: [], observations: [], figures: doc.figures };
  }

  // Dice whose place or face changed, and area cards new, since the last document (kept
  // for a moment, so that a page drawing the same position again still shows the motion).
  const MOTION_MS = 700;
  function changes(state) {
    const dice = state.dice.map((row) => row.map((d) => `${d.spot}${d.cards.join(".")}/${d.face}`));
    const area = state.area.map((card) => (card ? cardText(card) : ""));
    const now = JSON.stringify([dice, area]);
    if (now !== memory.position) {
      const before = memory.position ? JSON.parse(memory.position) : null;
      memory.moved = {
        at: Date.now(),
        dice: dice.map((row, seat) => row.map((d, i) => Boolean(before && before[0][seat] && before[0][seat][i] !== d))),
        area: area.map((card, i) => Boolean(before && before[1][i] !== card)),
      };
      memory.position = now;
    }
    const moved = memory.moved && Date.now() - memory.moved.at < MOTION_MS ? memory.moved : null;
    return {
      die: (seat, index) => Boolean(moved && moved.dice[seat] && moved.dice[seat][index]),
      card: (position) => Boolean(moved && moved.area[position]),
    };
  }

  function status(state, u, names, moves) {
    if (u.outcome) return "The game is over.";
    const mine = moves.length && u.to_move === u.view.player;
    const round = `Round ${state.round} of ${state.rules.round_cards_dealt + 1}`;
    if (!mine) return `${round}: waiting for ${typeof u.to_move === "number" ? names[u.to_move] : "the dice"}.`;
    const say = {
      send: "your turn: pick a die, then the card to toss it at.",
      after: "your die landed: keep it, or toss again.",
      settle: "your die touches two cards: move it onto one.",
      place: "place the cards you won into your colony.",
    };
    return `${round}: ${say[state.phase] || "your turn."}`;
  }

  // ---- the picnic area ----
  function area(state, names, byGroup, ctx, fresh) {
    const cloth = el("section", { class: "pa-cloth", "aria-label": "the picnic area", "data-decision": targetMoves(state, byGroup).size ? "" : null });
    const grid = el("div", { class: "pa-area" });
    const targets = targetMoves(state, byGroup);
    const honey = state.honey || [];
    for (let position = 0; position < 9; position += 1) {
      const card = state.area[position];
      const spot = el("div", { class: "pa-spot" + (card ? "" : " pa-empty"), "data-position": position });
      if (!card) { grid.append(spot); continue; }
      const dice = el("div", { class: "pa-dice" });
      state.dice.forEach((row, seat) => row.forEach((d, index) => {
        if (d.spot !== "area" || !d.cards.includes(position)) return;
        const both = d.cards.length > 1 ? `, also touching card ${d.cards.find((c) => c !== position)}` : "";
        const picture = diePicture(kindOf(index), d.face, seat, `${whose(names, seat)} ${dieName(index)} showing ${d.face}${both}`);
        if (fresh.die(seat, index)) picture.classList.add("pa-land");
        if (d.cards.length > 1) picture.setAttribute("opacity", "0.75");
        dice.append(picture);
      }));
      for (const [seat, at] of honey) if (at === position) dice.append(el("span", { class: "pa-label", text: `honey +2 ${names[seat]}` }));
      const picture = cardPicture(card, 58);
      const inner = [el("span", { class: "pa-pos", text: String(position), "aria-hidden": "true" }), picture,
        el("span", { class: "pa-label", text: cardWords(card) }), dice];
      const move = targets.get(position);
      const node = move
        ? el("button", { type: "button", "data-move": move.notation, disabled: ctx.busy, "aria-label": move.label, onclick: () => ctx.play(move.notation) }, ...inner)
        : el("div", { class: "pa-card", role: "group", "aria-label": `card ${position}: ${cardWords(card)}` }, ...inner);
      if (fresh.card(position)) node.classList.add("pa-new");
      spot.append(node);
      grid.append(spot);
    }
    cloth.append(grid);
    const loose = [];
    const puddle = [];
    state.dice.forEach((row, seat) => row.forEach((d, index) => {
      if (d.spot === "loose") loose.push(diePicture(kindOf(index), d.face, seat, `${whose(names, seat)} ${dieName(index)}, loose, showing ${d.face}`));
      if (d.spot === "puddle") puddle.push(diePicture(kindOf(index), null, seat, `${whose(names, seat)} ${dieName(index)} on the Puddle`));
    }));
    const deck = state.deck.reduce((a, b) => a + b, 0);
    cloth.append(el("div", { class: "pa-row" }, `Deck: ${deck} cards`,
      loose.length ? el("span", {}, " · Loose: ", ...loose) : null,
      el("span", { title: "dice that won a card sit out the next round" }, " · Puddle: ", ...(puddle.length ? puddle : ["empty"]))));
    return cloth;
  }

  // The card each position offers now: a toss of the chosen kind, a re-toss, a settle.
  function targetMoves(state, byGroup) {
    const targets = new Map();
    const kinds = tossKinds(byGroup);
    if (kinds.length) {
      if (!kinds.includes(memory.kind)) memory.kind = kinds[0];
      for (const move of byGroup.get(`toss ${memory.kind}`) || []) {
        targets.set(Number(move.target), { notation: move.notation, label: `Toss a ${memory.kind} at ${move.description.replace(/^you toss an? \w+ at /, "")}` });
      }
    }
    for (const [key, list] of byGroup) {
      if (key === "retoss") for (const move of list) targets.set(Number(move.target), { notation: move.notation, label: `Toss again at card ${move.target}` });
      if (key.startsWith("settle ") && settling(byGroup).length === 1) for (const move of list) targets.set(Number(move.target.replace(/^on /, "")), { notation: move.notation, label: capitalized(move.description) });
    }
    return targets;
  }

  const settling = (byGroup) => [...byGroup.keys()].filter((key) => key.startsWith("settle "));
  const whose = (names, seat) => (/\(you\)$/.test(names[seat]) || names[seat] === "You" ? "your" : `${names[seat]}'s`);

  const tossKinds = (byGroup) => ["soldier", "worker", "scout"].filter((kind) => byGroup.has(`toss ${kind}`));

  // ---- the controls beside the area ----
  function actions(state, u, names, byGroup, ctx) {
    const box = el("section", { class: "pa-panel pa-act", id: "pa-act", "aria-label": "your move", "data-decision": "" });
    let any = false;
    const kinds = tossKinds(byGroup);
    if (kinds.length) {
      any = true;
      const home = state.dice[u.view.player].map((d, i) => (d.spot === "home" ? kindOf(i) : null)).filter(Boolean);
      const row = el("div", { class: "pa-controls", role: "group", "aria-label": "the die to toss" });
      for (const kind of kinds) {
        const count = home.filter((k) => k === kind).length;
        row.append(el("button", { type: "button", class: "pa-kind", "data-kind": kind, "aria-pressed": String(memory.kind === kind), disabled: ctx.busy,
          "aria-label": `${kind}: ${count} at home`, onclick: () => { memory.kind = kind; redraw(`.pa-spot > button`); } },
        diePicture(kind, null, u.view.player, ""), ` ${kind} ×${count}`));
      }
      box.append(el("h3", { text: "Toss a die" }), row, el("p", { class: "pa-label", text: `Then pick the card to aim your ${memory.kind} at.` }));
    }
    if (byGroup.has("retoss") || byGroup.has("keep")) {
      any = true;
      box.append(el("h3", { text: "Your die landed" }));
      if (byGroup.has("keep")) box.append(el("div", { class: "pa-controls" }, el("button", { type: "button", "data-move": "keep", id: "pa-keep", disabled: ctx.busy, onclick: () => ctx.play("keep") }, "Keep it here")));
      if (byGroup.has("retoss")) box.append(el("p", { class: "pa-label", text: "Or pick a card to toss it again at." }));
    }
    const settles = settling(byGroup);
    if (settles.length === 1) {
      any = true;
      box.append(el("h3", { text: "Settle your die" }), el("p", { class: "pa-label", text: "Pick the card it stays on." }));
    } else if (settles.length > 1) {  // several dice: each choice says which die goes where
      any = true;
      const row = el("div", { class: "pa-controls" });
      for (const key of settles) for (const move of byGroup.get(key)) row.append(el("button", { type: "button", "data-move": move.notation, disabled: ctx.busy, onclick: () => ctx.play(move.notation) }, sentence(move.description, names)));
      box.append(el("h3", { text: "Settle your dice" }), row);
    }
    if (placements(byGroup).length) { any = true; box.append(placeControls(state, u, byGroup, ctx, names[u.view.player])); }
    const others = [...byGroup.entries()].filter(([key]) => !/^(toss |retoss|keep|settle |place )/.test(key));
    if (others.length) {
      any = true;
      const row = el("div", { class: "pa-controls" });
      for (const [, list] of others) for (const move of list) row.append(el("button", { type: "button", "data-move": move.notation, disabled: ctx.busy, onclick: () => ctx.play(move.notation) }, sentence(move.description, names)));
      box.append(el("h3", { text: "Round cards and more" }), row);
    }
    if (ctx.tell && u.to_move === "chance" && state.phase === "land") { any = true; box.append(landingForm(state, names, ctx)); }
    return any ? box : null;
  }

  // A move's words for its button: the seat's own sentence ("you play ...") as an order,
  // the other seats by their names.
  const sentence = (words, names) => named(words.replace(/^you /, ""), names).replace(/^./, (c) => c.toUpperCase());

  // Placing: choose a won card, a cell of the colony, a rotation; the colony previews it.
  // The placements are the game's figures' (the card, its plate's cell, its turn), each
  // one of the seat's legal moves.
  function placements(byGroup) {
    const legal = new Set([...byGroup.values()].flat().map((move) => move.notation));
    return F.placements.filter((placement) => legal.has(placement.notation));
  }

  function placeOptions(byGroup, card) {
    const cellsOf = new Map();
    for (const placement of placements(byGroup)) {
      if (placement.card.notation !== card) continue;
      const cell = `${placement.x},${placement.y}`;
      if (!cellsOf.has(cell)) cellsOf.set(cell, []);
      cellsOf.get(cell).push(placement);
    }
    return cellsOf;
  }

  function placeControls(state, u, byGroup, ctx, name) {
    const box = el("div", { id: "pa-place", "data-decision": "" });
    const won = new Map(placements(byGroup).map((placement) => [placement.card.notation, placement.card]));
    const cards = [...won.keys()];
    if (!cards.includes(memory.card)) { memory.card = cards[0]; memory.cell = null; memory.option = 0; }
    const options = placeOptions(byGroup, memory.card);
    if (!options.has(memory.cell)) { memory.cell = options.keys().next().value; memory.option = 0; }
    const choices = options.get(memory.cell) || [];
    const chosen = choices[memory.option % Math.max(choices.length, 1)];
    box.append(el("h3", { text: "Place a won card" }));
    const row = el("div", { class: "pa-controls", role: "group", "aria-label": "the card to place" });
    for (const card of cards) {
      row.append(el("button", { type: "button", class: "pa-won", "data-card": card, "aria-pressed": String(card === memory.card), disabled: ctx.busy,
        "aria-label": `place the ${cardWords(won.get(card))}`,
        onclick: () => { memory.card = card; memory.cell = null; memory.option = 0; redraw(".pa-won[aria-pressed='true']"); } }, cardPicture(won.get(card), 40)));
    }
    box.append(row);
    if (chosen) {
      box.append(el("p", { class: "pa-label", id: "pa-preview-words", text:
        `Plate at column ${chosen.x}, row ${chosen.y}, ${F.turns[chosen.turn] || ""}${chosen.planner ? " (Planner: beside the colony)" : ""}. Pick a dotted cell in your colony to move it.` }));
      // the colony with the card previewed where it would go, and the cells it may go to
      box.append(colony(state.colonies[u.view.player], byGroup, ctx, name));
      const controls = el("div", { class: "pa-controls" });
      controls.append(el("button", { type: "button", id: "pa-rotate", disabled: ctx.busy || choices.length < 2,
        "aria-label": `Rotate: ${choices.length} ways fit here`, onclick: () => { memory.option += 1; redraw("#pa-rotate"); } }, "↻ Rotate"));
      const move = [...byGroup.values()].flat().find((entry) => entry.notation === chosen.notation);
      controls.append(el("button", { type: "button", id: "pa-place-here", "data-move": chosen.notation, disabled: ctx.busy,
        "aria-label": `Place it: ${(move ? move.description : chosen.words).replace(/^you /, "")}`, onclick: () => ctx.play(chosen.notation) }, "Place it"));
      box.append(controls);
    }
    return box;
  }

  // At a real table: say where the tossed die landed (ctx.tell sends the chance outcome).
  function landingForm(state, names, ctx) {
    const kind = F.dice[state.tossing] || "worker";
    const faces = [...new Set(state.rules[`${kind}_faces`])].sort((a, b) => a - b);
    const positions = state.area.map((card, i) => (card ? i : null)).filter((i) => i !== null);
    const form = el("form", { class: "pa-form", id: "pa-landing", "aria-label": "where the die landed" });
    const face = el("select", { name: "face" }, faces.map((f) => el("option", { value: f, text: `${f} ants` })));
    const first = el("select", { name: "first" }, el("option", { value: "", text: "no card (loose)" }), positions.map((p) => el("option", { value: p, text: `card ${p}: ${cardWords(state.area[p])}` })));
    const second = el("select", { name: "second" }, el("option", { value: "", text: "no second card" }), positions.map((p) => el("option", { value: p, text: `card ${p}` })));
    const touching = el("input", { type: "checkbox", name: "touching" });
    form.append(el("h3", { text: `Where did ${names[state.turn]}'s ${kind} land?` }),
      el("label", {}, "Ants showing", face), el("label", {}, "On card", first), el("label", {}, "Also touching card", second),
      el("label", {}, el("span", {}, touching, " it touched other dice")),
      el("button", { type: "submit", disabled: ctx.busy }, "Enter the landing"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const on = [first.value, second.value].filter((v) => v !== "").map(Number).sort((a, b) => a - b);
      const where = on.length ? `on ${[...new Set(on)].join(",")}` : "loose";
      ctx.tell(`land ${face.value} ${where}${touching.checked ? " touching" : ""}`);
    });
    return form;
  }

  function lastEvents(u, names) {
    const box = el("section", { class: "pa-panel", "aria-label": "what just happened" });
    const entries = lastSeen(u);
    const list = el("ul", { class: "pa-list" });
    for (const entry of entries) list.append(el("li", { text: capitalized(named(entry.description, names)) }));
    box.append(el("h3", { text: "Just now" }), entries.length ? list : el("p", { class: "pa-label", text: "Nothing yet." }));
    return box;
  }


  // The last events: the page may hand each document only the observations since the
  // last one, so the board keeps the latest few per seat.
  const recent = { doc: null, bySeat: {} };
  function lastSeen(u) {
    const seat = u.view.player;
    if (recent.doc !== u) {
      const fresh = (u.observations || []).filter((entry) => !/^draw /.test(entry.observation.move || ""));
      recent.bySeat[seat] = (recent.bySeat[seat] || []).concat(fresh).slice(-4);
      recent.doc = u;
    }
    return recent.bySeat[seat] || [];
  }

  // A line of the list as a sentence: "You toss a scout ...", not "you toss ...".
  function capitalized(words) {
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  function named(words, names) {
    return words.replace(/\bseat (\d+)(?:'s)?/g, (all, seat) => (names[Number(seat)] ? names[Number(seat)].replace(/ \(you\)$/, "") + (all.endsWith("'s") ? "'s" : "") : all));
  }

  function scoring(state) {
    const box = el("section", { class: "pa-panel", "aria-label": "the Scoring cards" });
    box.append(el("h3", { text: "Scoring cards" }));
    const list = el("ul", { class: "pa-list" });
    F.scoring.forEach((card) => list.append(el("li", { text: `${card.words}: ${card.points} points` })));
    if (state.scoring.length) box.append(list);
    if (state.majority.length) {
      box.append(el("div", { class: "pa-label", text: "Majority card: " + F.majority.map((token) => `${token.words} ${token.points}`).join(", ") }));
    }
    return box;
  }

  // ---- a player: anthill, Round cards, won cards, colony ----
  function seatPanel(state, seat, names, byGroup, ctx, me) {
    const box = el("section", { class: "pa-panel pa-seat" + (state.turn === seat && state.phase !== "over" ? " pa-turn" : ""), "data-seat": seat, "aria-label": names[seat] });
    box.style.setProperty("--pa-seat", SEAT_COLOURS[seat % 4]);
    const starts = state.starter === seat && state.phase !== "over";
    box.append(el("h3", { text: names[seat] + (starts ? " · starts this round" : "") }));
    const home = [];
    state.dice[seat].forEach((d, index) => { if (d.spot === "home") home.push(diePicture(kindOf(index), null, seat, `${dieName(index)} at home`)); });
    box.append(el("div", { class: "pa-row" }, "Anthill: ", ...(home.length ? home : ["empty"])));
    if (state.held[seat].length) {
      box.append(el("div", { class: "pa-row" }, "Round cards: ", state.held[seat].map((card) => el("span", { title: F.round_cards[card] || "", text: `${card} (${F.round_cards[card] || ""})` }))));
    }
    if (state.won[seat].length) box.append(el("div", { class: "pa-row" }, "Won, to place: ", state.won[seat].map((card) => cardPicture(card, 30))));
    if (state.set_aside[seat].length) box.append(el("div", { class: "pa-row" }, "Set aside: ", state.set_aside[seat].map((card) => cardPicture(card, 24))));
    box.append(colony(state.colonies[seat], null, ctx, names[seat]));  // the placement's preview is in the move's panel
    if (state.colonies[seat].length) box.append(el("div", { class: "pa-label pa-plates", text: (F.colonies || [])[seat] || "" }));
    return box;
  }

  function colony(placed, byGroup, ctx, name) {
    const options = byGroup && memory.card ? placeOptions(byGroup, memory.card) : new Map();
    const chosenCell = options.get(memory.cell);
    const preview = chosenCell ? chosenCell[memory.option % chosenCell.length] : null;
    const ghost = preview ? { card: preview.card, x: preview.x, y: preview.y, turn: preview.turn } : null;
    const all = [...placed, ...(ghost ? [ghost] : [])];
    const points = [];
    for (const p of all) for (const [dx, dy] of cells(p.card, p.turn)) points.push([p.x + dx, p.y + dy]);
    for (const [first] of options.values()) points.push([first.x, first.y]);
    if (!points.length) return el("p", { class: "pa-label", text: "Colony: no cards yet." });
    const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const width = (Math.max(...xs) - x0 + 1) * CELL, height = (Math.max(...ys) - y0 + 1) * CELL;
    const picture = svg("svg", { viewBox: `-2 -2 ${width + 4} ${height + 4}`, width: width + 4, height: height + 4, class: "pa-colony-picture", role: "img", "aria-label": `${name}'s colony: ${placed.map((p) => cardWords(p.card)).join(", ") || "empty"}` });
    const drawCard = (p, ghostly) => {
      const g = svg("g", ghostly ? { opacity: 0.75, class: "pa-ghost" } : {});
      for (const [dx, dy, what] of cells(p.card, p.turn)) g.append(cellPicture(p.card, what, (p.x + dx - x0) * CELL, (p.y + dy - y0) * CELL, CELL));
      const cx = cells(p.card, p.turn).map((c) => p.x + c[0] - x0), cy = cells(p.card, p.turn).map((c) => p.y + c[1] - y0);
      g.append(svg("rect", { x: Math.min(...cx) * CELL, y: Math.min(...cy) * CELL, width: 2 * CELL, height: 2 * CELL, rx: 3, fill: "none",
        stroke: ghostly ? "#1a5fb4" : "#7a5a3a", "stroke-width": ghostly ? 2.5 : 1, "stroke-dasharray": ghostly ? "4 3" : "" }));
      return g;
    };
    for (const p of placed) picture.append(drawCard(p, false));
    if (ghost) picture.append(drawCard(ghost, true));
    const wrap = el("div", { class: "pa-colony" }, picture);
    // the cells the plate may go to: buttons over the picture
    if (options.size) {
      const layer = svg("g", {});
      for (const [key, [{ x, y }]] of options) {
        const cell = svg("rect", { x: (x - x0) * CELL + 3, y: (y - y0) * CELL + 3, width: CELL - 6, height: CELL - 6, rx: 4, fill: key === memory.cell ? "rgba(26,95,180,0.15)" : "rgba(246,195,67,0.25)", stroke: "#d8a000", "stroke-width": 1.5, "stroke-dasharray": "3 2" });
        const button = svg("a", { class: "pa-cell", tabindex: 0, role: "button", "data-cell": key, "aria-pressed": String(key === memory.cell), "aria-label": `put the plate at column ${x}, row ${y}` }, cell);
        const choose = () => { memory.cell = key; memory.option = 0; redraw(`[data-cell='${key}']`); };
        button.addEventListener("click", choose);
        button.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); choose(); } });
        layer.append(button);
      }
      picture.append(layer);
    }
    return wrap;
  }

  let last = { root: null, doc: null, ctx: null };
  function redraw(focus) {
    if (!last.root) return;
    draw(last.root, last.doc, last.ctx);
    const target = last.root.querySelector(focus);
    if (target) target.focus();
  }

  // Escape goes back to the first choice of a placement (while the page lets boards act on keys).
  function keys(root) {
    if (root.pa_keys) return;
    root.pa_keys = true;
    root.addEventListener("keydown", (event) => {
      const allow = window.PicnicBoards.allowKeys ? window.PicnicBoards.allowKeys(event) : true;
      if (event.key !== "Escape" || !allow || !root.querySelector(".pa-board #pa-place")) return;
      event.preventDefault();
      Object.assign(memory, { card: null, cell: null, option: 0 });
      redraw(".pa-won");
    });
  }

  window.PicnicBoards.register(GAME, {
    draw(root, doc, ctx) {
      keys(root);
      last = { root, doc, ctx };
      draw(root, doc, ctx);
    },
    hint: "Pick a die, then the card to toss it at; keep or re-toss where it landed; place each card you win into your colony, its rotation shown before you place it.",
    picture() {
      const box = el("span", { class: "pa-picture" });
      box.append(cardPicture({ colour: "green", food: "cookie", ants: 3 }, 56), diePicture("worker", 3, 0, "a worker die showing 3 ants", false));
      return box;
    },
  });
})();
