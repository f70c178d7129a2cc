// The poultry board (Pick Picknic): the six farmyards side by side, the deck between the
// middle two, each player's face-down commitment, hand, food grain and captured poultry,
// and the controls of the seat's legal moves: pick one or two cards and commit them face
// down, allot grain and accept or reject a proposal while haggling, and the dice of each
// duel shown as dice. Drawn from the seat's client document only: the cards behind every
// count, each seat's points and grain points are the game's figures of the table
// (doc.figures), a commitment's cards its move group (card, then target); registered
// with window.PicnicBoards.
"use strict";

(function () {
  const GAME = "poultry";
  const COLOURS = ["yellow", "blue", "purple", "black", "red", "green"];
  const SPECIES = ["chicken", "duck", "pheasant", "turkey", "goose", "guinea fowl"];
  const FLOCKS = ["chickens", "ducks", "pheasants", "turkeys", "geese", "guinea fowl"];
  const YARDS = [
    "Gackelwack", "the Waddling Pond", "the Pheasantry",
    "the turkey farm", "the goose green", "the guinea-fowl run",
  ];
  const FILL = {
    yellow: "#f2c12e", blue: "#2f6fd6", purple: "#7d45b5",
    black: "#333333", red: "#d2402f", green: "#2e9b4a",
  };
  const INK = { yellow: "#3a2c00", blue: "#fff", purple: "#fff", black: "#fff", red: "#fff", green: "#fff" };
  const GRAINS = ["green", "blue", "yellow"];  // the order of every count of grain
  const GRAIN_FILL = { green: "#4caf50", blue: "#3d7be0", yellow: "#f3c623" };

  // the registry and the element builders are the page's (boards/common.js)
  const { el, svg, seatNames } = window.PicnicBoards;

  const STYLE = `
.pp-board { --pp-gap: 0.5rem; display: grid; gap: var(--pp-gap); color: #2a2116; }
.pp-board h3 { margin: 0.2rem 0; font-size: 1rem; }
.pp-status, .pp-deckline { margin: 0; justify-self: start; background: rgba(255, 253, 246, 0.94); border-radius: 0.4rem; padding: 0.15rem 0.5rem; }
.pp-status { font-weight: 700; font-size: 1.05rem; }
.pp-yards { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0.4rem; }
@media (min-width: 760px) { .pp-yards { grid-template-columns: repeat(3, minmax(0, 1fr)) 3.4rem repeat(3, minmax(0, 1fr)); } }
.pp-yard { border-radius: 0.6rem; padding: 0.3rem; background: #f4ecd6; border: 3px solid var(--pp-c);
  min-height: 7rem; display: flex; flex-direction: column; gap: 0.2rem; min-width: 0; }
.pp-yard.pp-now { box-shadow: 0 0 0 3px #1a5fb4; }
.pp-yard-name { font-size: 0.72rem; font-weight: 700; line-height: 1.1; color: #2a2116; overflow-wrap: break-word; hyphens: auto; }
.pp-yard-name span { display: block; font-weight: 400; }
.pp-grain { display: flex; flex-wrap: wrap; gap: 2px; min-height: 14px; }
.pp-yard-cards { display: flex; flex-wrap: wrap; gap: 0.2rem; }
.pp-owner { font-size: 0.7rem; text-align: center; }
.pp-yard-cards figure { margin: 0; display: flex; flex-direction: column; align-items: center; }
.pp-note { font-size: 0.75rem; color: #4a3d2a; overflow-wrap: anywhere; }
.pp-deck { display: none; align-self: center; text-align: center; font-size: 0.7rem; }
@media (min-width: 760px) { .pp-deck { display: block; } }
.pp-deckline { font-size: 0.85rem; }
.pp-yard .pp-note, .pp-yard .pp-owner { color: #2a2116; }
@media (max-width: 759px) {
  .pp-yard .pp-note { display: none; }  /* a phone reads the round yard by yard in the list below */
  .pp-haggling .pp-yard:not(.pp-now) .pp-yard-cards, .pp-haggling .pp-yard:not(.pp-now) .pp-dice { display: none; }
  .pp-decide .pp-players { display: contents; }  /* the hand, then the haggle, then the others */
  .pp-decide .pp-player { order: 2; }
  .pp-decide .pp-player[data-decision] { order: 0; }
  .pp-decide #pp-haggle { order: 1; }
  .pp-panel .pp-controls button { min-height: 2.4rem; font-size: 0.9rem; padding: 0.2rem 0.6rem; }
  .pp-hand svg { width: 2.75rem; height: auto; }
  .pp-yard { min-height: 5.5rem; }
}
.pp-decide { display: grid; gap: var(--pp-gap); }
@media (min-width: 760px) { .pp-decide { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; } }
.pp-players { display: grid; grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); gap: 0.4rem; }
.pp-player { background: #fffdf6; border: 1px solid #c9b98f; border-radius: 0.6rem; padding: 0.4rem; }
.pp-player.pp-turn { border: 2px solid #1a5fb4; }
.pp-player h3 { display: flex; justify-content: space-between; gap: 0.5rem; }
.pp-row { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25rem; font-size: 0.85rem; }
.pp-hand { display: flex; flex-wrap: wrap; gap: 0.35rem; }
.pp-hand button { padding: 0; border: 3px solid transparent; border-radius: 0.6rem; background: none; min-height: 0; line-height: 0; cursor: pointer; }
.pp-hand button[aria-pressed="true"] { border-color: #1a5fb4; transform: translateY(-0.5rem); }
.pp-hand button:disabled { opacity: 0.45; cursor: default; }
.pp-hand figure { margin: 0; line-height: 0; }
.pp-hand button:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
.pp-controls { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
.pp-controls button { min-height: 2.75rem; }
.pp-panel { background: #fff7e0; border: 2px solid #d8b44a; border-radius: 0.6rem; padding: 0.4rem 0.6rem; }
.pp-events { margin: 0.2rem 0; padding-left: 1.1rem; font-size: 0.85rem; }
.pp-dice { display: flex; flex-wrap: wrap; gap: 0.2rem; }
.pp-dice figure { margin: 0; display: flex; flex-direction: column; align-items: center; max-width: 4rem; }
.pp-new { animation: pp-deal 0.35s ease-out; }
@keyframes pp-deal { from { transform: translateY(-1.2rem) rotate(-8deg); opacity: 0; } to { transform: none; opacity: 1; } }
.pp-roll { animation: pp-roll 0.5s ease-out; }
@keyframes pp-roll { from { transform: rotate(-200deg) scale(0.4); } to { transform: none; } }
.pp-still .pp-new, .pp-still .pp-roll { animation: none; }
`;

  const style = () => window.PicnicBoards.adopt("pp-style", STYLE);
  const update = window.PicnicBoards.seatDocument;

  // ---- the document ----

  const cardName = (card) => `${card.colour} ${card.fox ? "fox" : SPECIES[COLOURS.indexOf(card.colour)]} ${card.value}`;

  // The cards of a count of cards (a hand, a stock), each as the figures give its kind:
  // {colour, value, fox, notation}.
  function counted(figures, counts) {
    const cards = [];
    counts.forEach((count, index) => { for (let i = 0; i < count; i += 1) cards.push(figures.cards[index]); });
    return cards;
  }

  // ---- pictures ----
  function bird(ink) {
    return svg("g", { fill: ink, "aria-hidden": "true" },
      svg("ellipse", { cx: 30, cy: 52, rx: 14, ry: 10 }),
      svg("circle", { cx: 41, cy: 39, r: 6 }),
      svg("path", { d: "M46 38 L53 40 L46 42 Z" }),
      svg("path", { d: "M24 60 L22 68 M34 60 L34 68", stroke: ink, "stroke-width": 2 }));
  }

  function fox(ink) {
    return svg("g", { fill: ink, "aria-hidden": "true" },
      svg("path", { d: "M16 34 L22 26 L28 36 L32 36 L38 26 L44 34 L40 50 L30 60 L20 50 Z" }),
      svg("circle", { cx: 25, cy: 42, r: 2, fill: "#fff" }),
      svg("circle", { cx: 35, cy: 42, r: 2, fill: "#fff" }));
  }

  // A card as the box prints it: its colour, the bird or a fox, the value in the corners.
  function cardPicture(card, size) {
    const ink = INK[card.colour];
    const label = cardName(card);
    const node = svg("svg", { viewBox: "0 0 60 84", width: size || 52, height: Math.round((size || 52) * 1.4), role: "img", "aria-label": label, class: "pp-card" },
      svg("title", {}, document.createTextNode(label)),
      svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 7, fill: FILL[card.colour], stroke: card.fox ? "#b2561f" : "#fff", "stroke-width": card.fox ? 4 : 2 }),
      card.fox ? svg("rect", { x: 6, y: 20, width: 48, height: 44, rx: 22, fill: "#f08a3c" }) : null,
      card.fox ? fox("#fff") : bird(ink),
      svg("text", { x: 7, y: 17, "font-size": 15, "font-weight": 700, fill: card.fox ? "#fff" : ink, "font-family": "sans-serif" }, document.createTextNode(String(card.value))),
      svg("text", { x: 53, y: 78, "font-size": 15, "font-weight": 700, fill: card.fox ? "#fff" : ink, "text-anchor": "end", "font-family": "sans-serif" }, document.createTextNode(String(card.value))),
      card.fox ? svg("text", { x: 30, y: 78, "font-size": 9, fill: "#fff", "text-anchor": "middle", "font-family": "sans-serif" }, document.createTextNode("FOX")) : null);
    return node;
  }

  function cardBack(size) {
    return svg("svg", { viewBox: "0 0 60 84", width: size || 40, height: Math.round((size || 40) * 1.4), role: "img", "aria-label": "a face-down card", class: "pp-card pp-back" },
      svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 7, fill: "#8a5a2b", stroke: "#fff", "stroke-width": 2 }),
      svg("rect", { x: 7, y: 7, width: 46, height: 70, rx: 5, fill: "none", stroke: "#e9c98f", "stroke-width": 2 }),
      svg("circle", { cx: 30, cy: 42, r: 11, fill: "#e9c98f" }));
  }

  function grainDot(colour, label) {
    return svg("svg", { viewBox: "0 0 12 14", width: 12, height: 14, role: "img", "aria-label": label || `${colour} grain` },
      svg("ellipse", { cx: 6, cy: 7, rx: 4.5, ry: 6, fill: GRAIN_FILL[colour], stroke: "#5a4a2a", "stroke-width": 0.8 }));
  }

  function grains(counts, label) {
    const box = el("div", { class: "pp-grain", role: "img", "aria-label": label });
    counts.forEach((count, index) => {
      for (let i = 0; i < count; i += 1) box.append(grainDot(GRAINS[index], ""));
    });
    for (const dot of box.children) dot.setAttribute("aria-hidden", "true");
    return box;
  }

  function grainWords(counts) {
    const parts = counts.map((count, index) => (count ? `${count} ${GRAINS[index]}` : null)).filter(Boolean);
    return parts.length ? parts.join(", ") : "no grain";
  }

  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
    5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };

  function die(face, label) {
    const node = svg("svg", { viewBox: "0 0 40 40", width: 30, height: 30, role: "img", "aria-label": label, class: "pp-roll" },
      svg("rect", { x: 2, y: 2, width: 36, height: 36, rx: 7, fill: "#fff", stroke: "#2a2116", "stroke-width": 2 }));
    for (const [x, y] of PIPS[face] || []) node.append(svg("circle", { cx: x * 10, cy: y * 10, r: 3.4, fill: "#2a2116" }));
    return node;
  }

  // ---- words ----

  function named(words, names) {
    return words.replace(/\bseat (\d+)\b/g, (all, seat) => (names[Number(seat)] || all).replace(/ \(you\)$/, ""));
  }

  // The seat's story so far: the page may hand each document only the observations made
  // since the last one, so the board keeps them (per seat; a document that holds the
  // game's first deal starts the story again).
  const stories = { doc: null, bySeat: {} };
  function story(u) {
    const seat = u.view.player;
    if (stories.doc !== u) {
      const fresh = u.observations || [];
      const restart = fresh.some((entry) => /dealt/.test(entry.description) && entry.observation.move !== null && u.view.round <= 1)
        || (stories.bySeat[seat] && stories.bySeat[seat].round > u.view.round);
      const kept = restart || !stories.bySeat[seat] ? [] : stories.bySeat[seat].list;
      stories.bySeat[seat] = { round: u.view.round, list: kept.concat(fresh).slice(-400) };
      stories.doc = u;
    }
    return stories.bySeat[seat].list;
  }

  // The observations since the last reveal: the round being resolved (or just resolved).
  function lastRound(observations) {
    let start = -1;
    observations.forEach((entry, index) => { if (entry.observation.move === "reveal") start = index; });
    if (start < 0) return null;
    const byYard = COLOURS.map(() => ({ events: [], rolls: [] }));
    let yard = -1;
    for (const entry of observations.slice(start + 1)) {
      const move = entry.observation.move || "";
      if (!move || /^(commit|draw|grain) /.test(move)) break;  // the round's resolution is over
      const resolve = /^resolve (\w+)$/.exec(move);
      if (resolve) yard = COLOURS.indexOf(resolve[1]);
      if (yard < 0) continue;
      const roll = /^roll (\d+)$/.exec(move);
      if (roll) byYard[yard].rolls.push({ actor: entry.observation.actor, face: Number(roll[1]) });
      byYard[yard].events.push(entry.description);
    }
    return { revealed: observations[start].observation.revealed, byYard, index: start };
  }

  // Whether the cards at the yards were turned up a moment ago (a page drawing the same
  // position again still shows them arriving; later draws do not).
  const turned = { key: "", at: 0 };
  function dealt(key) {
    if (key !== turned.key) Object.assign(turned, { key, at: Date.now() });
    return Date.now() - turned.at < 700;
  }

  // A spectator's page: the public view the answer carries (what every seat sees alike:
  // no hand, face-down cards as counts) as a seat's document of no seat, with no moves.
  function watched(doc) {
    const table = doc && doc.view && doc.view.public;
    if (!table || !table.hand_sizes) return null;
    return { view: Object.assign({}, table, { player: null }), to_move: doc.to_move, outcome: doc.outcome, legal_moves: [], observations: [], figures: doc.figures };
  }

  // ---- the board ----
  function draw(root, doc, ctx) {
    style();
    ctx = Object.assign({ names: [], busy: false, reducedMotion: false, spectator: false, seat: null }, ctx || {});
    if (!Array.isArray(ctx.names)) ctx.names = [];
    const u = ctx.spectator ? watched(doc) : update(doc);
    root.replaceChildren();
    const board = el("div", { class: "pp-board" + (ctx.reducedMotion ? " pp-still" : ""), "data-game": GAME });
    if (u && u.view && u.view.phase === "haggle") board.classList.add("pp-haggling");
    root.append(board);
    if (!u || !u.view || !u.figures) {
      board.append(el("p", { class: "pp-status", text: "Watching: the cards stay hidden; the log says what happens." }));
      return;
    }
    const view = u.view;
    const figures = u.figures;
    const me = view.player;
    const players = view.hand_sizes.length;
    const names = seatNames(ctx, players, me);
    const words = (line) => { const told = named(line, names); return told.charAt(0).toUpperCase() + told.slice(1); };  // each a sentence
    const moves = u.legal_moves || [];
    const observations = story(u);
    const round = lastRound(observations);
    const current = view.played.some((cards) => cards.length) || view.face_down.some(Boolean);
    const fresh = dealt(JSON.stringify(view.played));

    board.append(el("p", { class: "pp-status", id: "pp-status", "aria-live": "polite" }, status(view, u, names, moves, figures)));

    // the farmyards, left to right, the deck between the middle two
    const yards = el("div", { class: "pp-yards", role: "list", "aria-label": "the six farmyards", "data-decision": "" });
    COLOURS.forEach((colour, index) => {
      if (index === 3) {
        yards.append(el("div", { class: "pp-deck", "aria-hidden": "true" }, cardBack(34), el("div", { text: `deck ${view.deck_size}` })));
      }
      const yard = el("div", { class: "pp-yard" + (isNow(view, index) ? " pp-now" : ""), role: "listitem",
        "data-yard": colour, "aria-label": `${YARDS[index]}, ${colour} ${FLOCKS[index]}: ${grainWords(view.yards[index])}` });
      yard.style.setProperty("--pp-c", FILL[colour]);
      yard.append(el("div", { class: "pp-yard-name" }, YARDS[index], el("span", { text: `${colour} ${FLOCKS[index]}` })));
      yard.append(grains(view.yards[index], `grain here: ${grainWords(view.yards[index])}`));
      const cards = el("div", { class: "pp-yard-cards" });
      const shown = current ? view.played : (round && round.revealed) || [];
      shown.forEach((seatCards, seat) => {
        for (const card of seatCards || []) {
          if (card.colour !== colour) continue;
          const picture = cardPicture(card, 34);
          if (current && fresh) picture.classList.add("pp-new");
          cards.append(el("figure", { "data-seat": seat }, picture, el("figcaption", { class: "pp-owner", text: names[seat] })));
        }
      });
      yard.append(cards);
      if (round) {
        const here = round.byYard[index];
        if (here.rolls.length) {
          const dice = el("div", { class: "pp-dice", role: "group", "aria-label": "the dice of the duel" });
          for (const roll of here.rolls) {
            const who = (names[roll.actor] || "a player").replace(/ \(you\)$/, "");
            dice.append(el("figure", {}, die(roll.face, `${who} rolls ${roll.face}`), el("figcaption", { class: "pp-owner", "aria-hidden": "true", text: who })));
          }
          yard.append(dice);
        }
        if (here.events.length) yard.append(el("div", { class: "pp-note", text: yardNote(words(here.events[here.events.length - 1])) }));
      }
      yards.append(yard);
    });
    board.append(yards);
    board.append(el("div", { class: "pp-deckline" }, `Deck: ${view.deck_size} cards · Grain in the bag: ${view.bag.reduce((a, b) => a + b, 0)} · Round ${view.round}`));

    // what to do now
    const panel = controls(view, u, moves, names, ctx, words);

    // the players: face-down commitments, hands, grain, captured poultry, points
    const seats = el("div", { class: "pp-players" });
    const everyone = Array.from({ length: players }, (_, seat) => seat);
    const order = me === null ? everyone : [me, ...everyone.filter((seat) => seat !== me)];
    for (const seat of order) seats.append(player(view, seat, names, figures, moves, ctx, me));
    if (u.outcome) yards.before(seats);  // at the end the players' points come first
    else if (panel) board.append(el("div", { class: "pp-decide" }, seats, panel));  // the hand beside the haggle
    else board.append(seats);
    const focus = board.querySelector("#pp-haggle button:not([disabled]), .pp-hand button:not([disabled])");
    if (focus) focus.setAttribute("data-focus", "");

    // the round as it resolved, in the game's words
    if (round) {
      const list = el("ol", { class: "pp-events", start: 1 });
      const reveal = observations[round.index];
      list.append(el("li", { text: words(reveal.description) }));
      for (const entry of observations.slice(round.index + 1)) {
        if (!entry.observation.move || /^(commit|draw|grain) /.test(entry.observation.move)) break;
        list.append(el("li", { text: words(entry.description) }));
      }
      board.append(el("details", { class: "pp-panel", open: !current && view.phase !== "over" ? true : null },
        el("summary", { text: current ? "This round so far" : "Last round, yard by yard" }), list));
    }

  }

  // A yard's note: what happened there, after the yard's own name ("at the Waddling
  // Pond: ..."), whole (the round's list below says it again, in order).
  function yardNote(line) {
    const parts = line.split(": ");
    const note = parts.length > 1 ? parts.slice(1).join(": ") : line;
    return note.charAt(0).toUpperCase() + note.slice(1);  // a sentence of its own
  }

  function isNow(view, index) {
    return ["haggle", "duel", "resolve"].includes(view.phase) && view.yard === index;
  }

  function status(view, u, names, moves, figures) {
    if (u.outcome) return "The game is over.";
    if (u.to_move === view.player && moves.length) {
      if (view.phase === "commit") {
        const two = [...commitOptions(moves, figures).keys()].some((key) => key.includes("|"));
        return two ? "Your turn: pick two cards to commit face down." : "Your turn: pick a card to commit face down.";
      }
      if (view.phase === "haggle") return `Haggle at ${YARDS[view.yard]}: your turn.`;
      return "Your turn.";
    }
    const who = typeof u.to_move === "number" ? names[u.to_move] : "the table";
    return `Round ${view.round}: waiting for ${who}.`;
  }

  function player(view, seat, names, figures, moves, ctx, me) {
    const box = el("section", { class: "pp-player" + (view.turn === seat && view.phase === "commit" ? " pp-turn" : ""),
      "data-seat": seat, "aria-label": names[seat], "data-decision": seat === me && !ctx.spectator ? "" : null });
    box.append(el("h3", {}, el("span", { text: names[seat] }), el("span", { class: "pp-points", text: `${figures.scores[seat]} points` })));
    // committed this round: face down until the reveal (the seat's own cards face up to it)
    const committed = el("div", { class: "pp-row pp-committed" });
    if (view.face_down[seat]) {
      committed.append("Committed: ");
      for (let i = 0; i < view.face_down[seat]; i += 1) committed.append(cardBack(30));
    } else if (seat === me && view.phase === "commit" && view.played[seat].length) {
      committed.append("Committed: ");
      for (const card of view.played[seat]) committed.append(cardPicture(card, 30));
    }
    if (committed.childNodes.length) box.append(committed);
    // the hand
    if (seat === me && !ctx.spectator) box.append(hand(view, figures, moves, ctx));
    else {
      const backs = el("div", { class: "pp-row", "aria-label": `${view.hand_sizes[seat]} cards in hand` }, "Hand: ");
      for (let i = 0; i < view.hand_sizes[seat]; i += 1) backs.append(cardBack(18));
      box.append(backs);
    }
    // food stock and captured poultry
    box.append(el("div", { class: "pp-row" }, "Grain: ", grains(view.grain[seat], `${names[seat]}'s grain: ${grainWords(view.grain[seat])}`),
      el("span", { text: `(${figures.grain_points[seat]} pts)` })));
    const captured = counted(figures, view.stocks[seat]);
    if (captured.length) {
      const row = el("div", { class: "pp-row" }, "Caught: ");
      for (const card of captured) row.append(cardPicture(card, 24));
      box.append(row);
    }
    return box;
  }

  // ---- committing: pick one or two cards, then Commit ----
  const picked = { key: "", cards: [] };

  // The commitments the seat may make, by their cards' notations (sorted, joined by "|"):
  // a commitment's move group is its first card, then its second ("" for one card).
  function commitOptions(moves, figures) {
    const cards = new Set(figures.cards.map((card) => card.notation));
    const options = new Map();
    for (const move of moves) {
      if (!cards.has(move.card)) continue;
      options.set([move.card, move.target].filter(Boolean).sort().join("|"), move.notation);
    }
    return options;
  }

  const text = (card) => card.notation;

  function hand(view, figures, moves, ctx) {
    const cards = counted(figures, view.hand);
    const options = view.phase === "commit" ? commitOptions(moves, figures) : new Map();
    const playable = options.size > 0 && !ctx.busy;
    const stateKey = `${view.round}:${cards.map(text).join(",")}`;
    if (picked.key !== stateKey) { picked.key = stateKey; picked.cards = []; }
    const wrap = el("div", { class: "pp-handbox" });
    const row = el("div", { class: "pp-hand", role: "group", "aria-label": "your hand" });
    const allowed = (indexes) => [...options.keys()].some((key) => {
      const want = indexes.map((i) => text(cards[i])).sort();
      const have = key.split("|");
      return want.every((card) => { const at = have.indexOf(card); if (at < 0) return false; have.splice(at, 1); return true; });
    });
    if (!options.size) {
      for (const card of cards) row.append(el("figure", { class: "pp-held", "data-card": text(card) }, cardPicture(card, 44)));
      wrap.append(row);
      return wrap;
    }
    cards.forEach((card, index) => {
      const on = picked.cards.includes(index);
      const usable = playable && (on || allowed([...picked.cards, index]));
      const button = el("button", { type: "button", "aria-pressed": on ? "true" : "false", disabled: !usable,
        "data-card": text(card), "aria-label": cardName(card),
        onclick: () => {
          picked.cards = on ? picked.cards.filter((i) => i !== index) : [...picked.cards, index];
          redraw(ctx, index);
        } }, cardPicture(card, 52));
      row.append(button);
    });
    wrap.append(row);
    if (options.size) {
      const key = picked.cards.map((i) => text(cards[i])).sort().join("|");
      const notation = options.get(key);
      const two = [...options.keys()].some((k) => k.includes("|"));
      const chosen = picked.cards.map((i) => text(cards[i])).join(" + ");
      const commit = el("button", { type: "button", id: "pp-commit", disabled: !notation || ctx.busy,
        "aria-label": notation ? `Commit ${chosen} face down` : "Commit (pick your cards first)",
        onclick: () => { picked.cards = []; ctx.play(notation); } }, "Commit face down");
      const hint = two && picked.cards.length < 2 ? "Pick two cards (not a bird and a fox of one colour)." : notation ? `Commit ${chosen}?` : "Pick a card.";
      wrap.append(el("div", { class: "pp-controls" }, commit, el("span", { class: "pp-hint", text: hint })));
    }
    return wrap;
  }

  let last = { root: null, doc: null, ctx: null };
  function redraw(ctx, focusIndex) {
    if (!last.root) return;
    draw(last.root, last.doc, last.ctx);
    const buttons = last.root.querySelectorAll(".pp-hand button");
    const target = buttons[focusIndex];
    if (target && !target.disabled) target.focus();
    else { const commit = last.root.querySelector("#pp-commit"); if (commit) commit.focus(); }
  }

  // ---- haggling: allot the grain, accept or reject ----
  function controls(view, u, moves, names, ctx, words) {
    if (view.phase !== "haggle" || !view.haggle) return null;
    const haggle = view.haggle;
    const panel = el("section", { class: "pp-panel", "aria-label": "haggling", id: "pp-haggle", "data-decision": "" });
    const stake = view.yards[view.yard];
    panel.append(el("h3", { text: `Haggling at ${YARDS[view.yard]} over ${grainWords(stake)}` }));
    const left = stake.map((count, g) => count - haggle.allotted.reduce((sum, a) => sum + a[g], 0));
    const proposer = haggle.seats[haggle.proposer];
    const offer = el("div", { class: "pp-row" }, `${names[proposer]} proposes: `);
    if (haggle.allotted.some((counts) => counts.some(Boolean))) {
      haggle.seats.forEach((seat, i) => offer.append(el("span", { text: `${names[seat]}: ` }),
        grains(haggle.allotted[i], `${names[seat]} gets ${grainWords(haggle.allotted[i])}`), " "));
    } else offer.append("nothing allotted yet");
    panel.append(offer);
    if (left.some(Boolean)) panel.append(el("div", { class: "pp-row" }, "Still to allot: ", grains(left, grainWords(left))));
    const row = el("div", { class: "pp-controls" });
    const said = (line) => { const named = words(line); return named.charAt(0).toUpperCase() + named.slice(1); };
    for (const move of moves) {
      let label = said(move.description);
      if (move.card === "accept") label = "Accept the proposal";
      else if (move.card === "reject") label = "Reject the proposal";
      else if (move.card === "no-deal") label = "No deal (go to the dice)";
      row.append(el("button", { type: "button", "data-move": move.notation, disabled: ctx.busy, onclick: () => ctx.play(move.notation) }, label));
    }
    if (moves.length) panel.append(row);
    else panel.append(el("p", { class: "pp-note", text: `Waiting for ${names[u.to_move] || "the others"}.` }));
    return panel;
  }

  // Escape clears the cards picked (while the page lets boards act on keys).
  function keys(root) {
    if (root.pp_keys) return;
    root.pp_keys = true;
    root.addEventListener("keydown", (event) => {
      const allow = window.PicnicBoards.allowKeys ? window.PicnicBoards.allowKeys(event) : true;
      if (event.key !== "Escape" || !allow || !root.querySelector(".pp-board") || !picked.cards.length) return;
      event.preventDefault();
      picked.cards = [];
      redraw(last.ctx, 0);
    });
  }

  window.PicnicBoards.register(GAME, {
    draw(root, doc, ctx) {
      keys(root);
      last = { root, doc, ctx };
      draw(root, doc, ctx);
    },
    picture() {
      const box = el("span", { class: "pp-picture" });
      box.style.display = "flex";
      box.style.gap = "0.2rem";
      box.append(cardPicture({ colour: "blue", value: 5, fox: false }, 40), cardPicture({ colour: "red", value: 4, fox: true }, 40));
      return box;
    },
    hint: "Pick one or two cards and commit them face down; the others' cards show as backs until the reveal, then each farmyard resolves: haggle or duel with the buttons the board offers.",
  });
})();
