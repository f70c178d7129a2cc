// The insects board: the other players (cards in hand, food), the piles on the cloth (the
// attacking pile marked), and the hand as cards. Pick insects (and jokers) from the hand,
// then a pile or New pile; a weapon, then the pile it swats. Under attack: defend, play on
// the attacking pile, or give food. Arrow keys move through the hand, Enter or Space picks
// a card, Escape clears the choice.
"use strict";

(function () {
  const B = window.PicnicBoards;
  const el = B.el;
  const INKS = { red: "#d1352b", blue: "#2f6fc0", yellow: "#e0a91b", green: "#3d9a46" };
  const WEAPONS = { spray: "#4f8fa8", boots: "#8b5a2b", swatter: "#5f6b73" };

  // The kinds of card, as the game's figures give them ({notation, words, insect, colour,
  // weapon}), in the order of every count of cards; by notation too.
  let CARDS = [];
  let BY_NOTATION = new Map();
  function learn(figures) {
    if (!figures || !Array.isArray(figures.cards) || figures.cards === CARDS) return;
    CARDS = figures.cards;
    BY_NOTATION = new Map(CARDS.map((card, index) => [card.notation, index]));
  }

  // A card's face (PicnicBoards.card draws it), from its kind's figure, or "back".
  function face(card) {
    if (card === "back") return B.card({ back: true });
    if (card.weapon) return B.card({ text: card.words, label: card.words, picture: card.weapon, colour: WEAPONS[card.weapon] || "#5f6b73" });
    const joker = card.colour === "joker";
    return B.card({
      text: card.words, label: card.words, picture: card.insect, colour: joker ? "#222222" : INKS[card.colour] || "#444",
      stripes: joker ? Object.values(INKS) : null,
    });
  }

  // A card on a pile, by its notation (a pile lists its cards so).
  const faceOf = (notation) => face(CARDS[BY_NOTATION.get(notation)] || { words: notation, insect: null, colour: null });

  const board = {
    last: null,       // {root, doc, ctx}
    picked: new Set(), // the chosen hand cards, as "INDEX:COPY"
    focus: 0,         // the hand card that has (or last had) the focus
    before: null,     // the piles' sizes at the previous document (for the animation)
  };

  const busy = () => document.body.dataset.busy === "true";

  const cardName = (index) => CARDS[index].words;

  // The cards a legal move takes from the hand (counts per card index), or null: a card
  // move's group names them (their notations joined by " + "); a swat's weapon is the one
  // of its pile (the figures' "weapons").
  function cardsOf(entry) {
    const counts = {};
    if (entry.card === "weapon") {
      const weapons = board.last.doc.figures.weapons;
      const pile = weapons.findIndex((weapon, index) => "pile " + index === entry.target);
      if (pile < 0 || !BY_NOTATION.has(weapons[pile])) return null;
      counts[BY_NOTATION.get(weapons[pile])] = 1;
      return counts;
    }
    const names = entry.card.split(" + ");
    if (!names.every((name) => BY_NOTATION.has(name))) return null;  // an answer, not cards
    for (const name of names) counts[BY_NOTATION.get(name)] = (counts[BY_NOTATION.get(name)] || 0) + 1;
    return counts;
  }

  function legal() {
    const { doc, ctx } = board.last;
    return doc.to_move === ctx.seat ? doc.legal_moves : [];
  }

  function chosenCounts() {
    const counts = {};
    for (const key of board.picked) {
      const index = Number(key.split(":")[0]);
      counts[index] = (counts[index] || 0) + 1;
    }
    return counts;
  }

  function within(small, big) {
    return Object.entries(small).every(([index, n]) => (big[index] || 0) >= n);
  }

  function same(a, b) {
    return within(a, b) && within(b, a);
  }

  // The card moves (plays, swats) with their cards.
  function cardMoves() {
    return legal().map((entry) => ({ entry, cards: cardsOf(entry) })).filter((item) => item.cards);
  }

  function send(notation) {
    board.picked = new Set();
    board.last.ctx.play(notation);
  }

  function redraw(focusKey) {
    const { root, doc, ctx } = board.last;
    root.replaceChildren();
    draw(root, doc, ctx, true);
    const again = focusKey && root.querySelector('[data-key="' + focusKey + '"]');
    if (again) again.focus();
  }

  function toggle(key) {
    if (busy()) return;
    if (board.picked.has(key)) board.picked.delete(key);
    else board.picked.add(key);
    redraw(key);
  }

  function clear() {
    if (!board.picked.size) return;
    board.picked = new Set();
    redraw(null);
    focusHand();
  }

  function seatName(ctx, seat) {
    return seat === ctx.seat ? "you" : ctx.names[seat] || "Player " + (seat + 1);
  }

  function drawOthers(view, doc, ctx) {
    const scores = (doc.figures && doc.figures.scores) || [];
    const boxes = view.food.map((food, seat) => {
      if (seat === ctx.seat) return null;
      const active = doc.to_move === seat;
      const backs = el("span", { class: "mini-backs", "aria-hidden": "true" });
      for (let i = 0; i < Math.min(view.hand_sizes[seat], 8); i++) backs.append(face("back"));
      return el("div", { class: "opponent" + (active ? " active" : ""), dataset: { seat: String(seat) } },
        el("h2", {}, seatName(ctx, seat), el("span", { class: "points" }, " · " + points(scores[seat]))), backs,
        el("span", {}, view.hand_sizes[seat] + (view.hand_sizes[seat] === 1 ? " card" : " cards") + " in hand · "),
        el("span", { class: "food" }, "food " + food + " · captured " + view.captured[seat]));
    });
    return el("section", { class: "opponents", "aria-label": "The other players" }, boxes);
  }

  const points = (n) => (n === undefined ? "" : n + (n === 1 ? " point" : " points"));

  // The attacking pile, as the game's figures say (-1 for none).
  function attacking(doc) {
    const pile = doc.figures ? doc.figures.attacking : null;
    return pile === null || pile === undefined ? -1 : pile;
  }

  function drawPiles(view, doc, ctx, targets, fresh) {
    const attack = attacking(doc);
    const sizes = view.piles.map((pile) => pile.length);
    const piles = view.piles.map((pile, index) => {
      const target = targets.get("pile " + index);
      const attacked = index === attack;
      const grew = fresh && board.before && (board.before[index] === undefined || board.before[index] < pile.length);
      const fan = el("span", { class: "fan" }, pile.map((card, depth) => {
        const picture = faceOf(card);
        const slot = el("span", { class: "pile-card" + (grew && depth === pile.length - 1 && !ctx.reducedMotion ? " arrive" : "") }, picture);
        return slot;
      }));
      const words = "Pile " + index + ": " + pile.map((card) => (CARDS[BY_NOTATION.get(card)] || { words: card }).words).join(", ") + (attacked ? " (attacking)" : "");
      const label = el("span", { class: "pile-label" }, "Pile " + index + (attacked ? " · attacking" : ""));
      if (target) {
        return el("button", {
          type: "button", class: "pile target" + (attacked ? " attacking" : ""), dataset: { pile: String(index) },
          "aria-label": "Play on pile " + index + ": " + said(ctx, target.description), onclick: () => send(target.notation),
        }, fan, label);
      }
      return el("div", { class: "pile" + (attacked ? " attacking" : ""), dataset: { pile: String(index) }, role: "group", "aria-label": words }, fan, label);
    });
    const fresh_ = targets.get("new pile");
    if (fresh_) {
      piles.push(el("button", {
        type: "button", class: "pile target new-pile", dataset: { pile: "new" },
        "aria-label": "New pile: " + said(ctx, fresh_.description), onclick: () => send(fresh_.notation),
      }, el("span", { class: "card-slot" }, el("span", { class: "new-slot", "aria-hidden": "true" }, "+")), el("span", { class: "pile-label" }, "New pile")));
    }
    if (fresh) board.before = sizes;
    if (!piles.length) piles.push(el("p", { class: "empty" }, "No piles yet"));
    return el("section", { class: "piles", "aria-label": "The piles", "data-decision": "" }, piles);
  }

  function drawHand(view, ctx, moves) {
    const chosen = chosenCounts();
    const hand = el("div", { class: "hand", id: "hand", role: "group", "aria-label": "Your cards" });
    let position = 0;
    const total = view.hand.reduce((a, b) => a + b, 0);
    const focusAt = Math.min(board.focus, total - 1);
    view.hand.forEach((count, index) => {
      for (let copy = 0; copy < count; copy++) {
        const key = index + ":" + copy;
        const picked = board.picked.has(key);
        const widened = { ...chosen, [index]: (chosen[index] || 0) + 1 };
        const useful = !picked && moves.some((item) => within(widened, item.cards));
        const at = position;
        const button = el("button", {
          type: "button", class: "card" + (useful ? " gold" : ""), "aria-pressed": picked ? "true" : "false",
          "aria-label": cardName(index) + (useful ? ", playable" : ""),
          dataset: { key }, onclick: () => { board.focus = at; toggle(key); },
        });
        button.tabIndex = at === focusAt ? 0 : -1;
        if (at === focusAt) button.dataset.focus = "";
        button.addEventListener("focus", () => { board.focus = at; });
        const picture = face(CARDS[index]);
        button.dataset.card = CARDS[index].notation;
        picture.setAttribute("aria-hidden", "true");
        button.append(picture);
        hand.append(button);
        position += 1;
      }
    });
    if (!total) hand.append(el("p", { class: "empty" }, "No cards in hand"));
    return hand;
  }

  // An answer's button: what it does, in the game's words for the seat ("you defend
  // against pile 1 with 2 swatters ..." as "Defend against pile 1 with 2 swatters ...").
  function answerLabel(entry, ctx) {
    const words = said(ctx, entry.description.replace(/^you /, ""));
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  // A sentence of the game with the players' names (the page's words).
  const said = (ctx, text) => (ctx.words ? ctx.words(text) : text);

  function draw(root, doc, ctx, again) {
    learn(doc.figures);
    const table = ctx.spectator && doc.view && doc.view.public;
    if (table && table.piles) {
      // a spectator's page: the table from the public view the answer carries (every
      // seat's hand size, the piles, food and captures; never a hand), with no controls
      root.append(drawOthers(table, doc, ctx), drawPiles(table, doc, ctx, new Map(), false),
        el("p", { class: "deck" }, "Deck: " + table.deck_size + " cards."));
      return;
    }
    if (ctx.spectator) {
      const seats = Array.from({ length: doc.players }, (_, seat) =>
        el("div", { class: "opponent" + (doc.to_move === seat ? " active" : "") }, el("h2", {}, ctx.names[seat] || "Player " + (seat + 1))));
      root.append(el("section", { class: "opponents", "aria-label": "The players" }, seats));
      return;
    }
    const fresh = !again;
    if (fresh && (!board.last || board.last.doc !== doc)) board.picked = new Set();
    board.last = { root, doc, ctx };
    const view = doc.view;
    const moves = cardMoves();
    const chosen = chosenCounts();
    const targets = new Map();
    if (board.picked.size) {
      for (const item of moves) if (same(chosen, item.cards)) targets.set(item.entry.target, item.entry);
    }
    const answers = legal().filter((entry) => !cardsOf(entry));
    const attack = attacking(doc);
    const underAttack = answers.some((entry) => entry.card === "defend" || entry.card === "give food");
    const parts = [drawOthers(view, doc, ctx)];
    if (underAttack && attack >= 0) {
      const from = view.last === null ? "" : " from " + seatName(ctx, view.last);
      parts.push(el("p", { class: "attack-note", role: "status", "data-decision": "" },
        "Pile " + attack + " attacks you" + from + " (" + view.piles[attack].map((card) => CARDS[BY_NOTATION.get(card)].words).join(", ") +
        "): defend with weapons, play on it to pass the attack on, or give food."));
    }
    parts.push(drawPiles(view, doc, ctx, targets, fresh));
    const mine = doc.figures && doc.figures.scores ? doc.figures.scores[ctx.seat] : undefined;
    parts.push(el("p", { class: "deck" }, "Deck: " + view.deck_size + " cards. Your food: " + view.food[ctx.seat] + ", captured: " + view.captured[ctx.seat] + (mine === undefined ? "" : ", " + points(mine) + " so far") + "."));
    let prompt = "";
    if (doc.outcome === null && doc.to_move === ctx.seat) {
      if (board.picked.size && targets.size) prompt = "Now tap a gold-edged pile" + (targets.has("new pile") ? " or New pile" : "") + " (Escape clears).";
      else if (board.picked.size) prompt = "Pick more cards of that kind, or clear the choice (Escape).";
      else if (moves.length) prompt = underAttack ? "Answer the attack below, or pick cards to play on the attacking pile." : "Pick insects (and jokers) from your hand, then a pile.";
      else prompt = "Choose your answer below.";
    } else if (doc.outcome === null && typeof doc.to_move === "number") prompt = "Waiting for " + seatName(ctx, doc.to_move) + ".";
    const buttons = answers.map((entry) => el("button", {
      type: "button", class: "answer" + (entry.card === "defend" ? " primary" : ""), "aria-label": said(ctx, entry.description),
      dataset: { move: entry.notation }, onclick: () => send(entry.notation),
    }, answerLabel(entry, ctx)));
    if (board.picked.size) buttons.push(el("button", { type: "button", class: "clear", onclick: () => clear() }, "Clear choice (Esc)"));
    parts.push(el("section", { class: "you", "aria-label": "Your hand", "data-decision": "" },
      el("h2", { id: "hand-title" }, (ctx.ownName || "Your") + "'s hand (" + view.hand.reduce((a, b) => a + b, 0) + ")"),
      drawHand(view, ctx, moves),
      el("p", { class: "prompt", id: "prompt" }, prompt),
      el("div", { class: "actions", id: "actions" }, buttons)));
    root.append(...parts);
  }

  const focusHand = () => window.PicnicBoards.focusHand(board.focus);

  document.addEventListener("keydown", (event) => {
    if (B.active !== "insects" || !board.last || !B.allowKeys || !B.allowKeys(event)) return;
    if (!board.last.root.isConnected || !board.last.root.childElementCount) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (event.key === "Escape") {
      event.preventDefault();
      clear();
      return;
    }
    if (!step) return;
    const inHand = document.activeElement && document.activeElement.closest && document.activeElement.closest("#hand");
    const selector = inHand || !document.querySelector(".piles .target") ? "#hand button.card" : ".piles .target, #actions button";
    const items = Array.from(document.querySelectorAll(selector));
    if (!items.length) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + step + items.length) % items.length;
    if (selector === "#hand button.card") {
      items.forEach((item, i) => { item.tabIndex = i === next ? 0 : -1; });
      board.focus = next;
    }
    items[next].focus();
  });

  B.register("insects", {
    draw: (root, doc, ctx) => draw(root, doc, ctx, false),
    picture: () => B.fanned([
      { text: "red ant", label: "red ant", picture: "ant", colour: INKS.red },
      { text: "blue spider", label: "blue spider", picture: "spider", colour: INKS.blue },
      { text: "swatter", label: "swatter", picture: "swatter", colour: WEAPONS.swatter },
    ]),
    hint: "Pick insects (and jokers) from your hand, then a pile or New pile. Under attack: defend, play on the attacking pile, or give food. Arrow keys move through your hand, Enter or Space picks a card, Escape clears.",
  });
})();
