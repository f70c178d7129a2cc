// The sandwich board: every seat's sandwiches on plates, the hand as cards. Tap a gold card
// to play it; ants and flies then ask for a sandwich (Cancel or Escape backs out). Arrow
// keys move through the hand, Enter or Space plays the focused card, E ends the turn.
"use strict";

(function () {
  const B = window.PicnicBoards;
  const el = B.el;
  const CARDS = ["bread", "pb", "jelly", "ant", "fly"];
  const NAMES = { bread: "Bread", pb: "Peanut butter", jelly: "Jelly", ant: "Ant", fly: "Fly" };
  // each card's picture and frame (PicnicBoards.card draws it)
  const FACES = {
    bread: { picture: "bread", colour: "#c98a2e" },
    pb: { picture: "jar", colour: "#8b5a2b" },
    jelly: { picture: "jar", colour: "#a8326e" },
    ant: { picture: "ant", colour: "#333333" },
    fly: { picture: "fly", colour: "#4c6a7d" },
  };
  const face = (card) => B.card(card === "back" ? { back: true } : { ...FACES[card], text: card, label: NAMES[card] });

  const board = {
    last: null,      // {root, doc, ctx} of the last drawing
    picking: null,   // while a card waits for a target: {card, moves, source}
    focus: 0,        // the hand card that has (or last had) the focus
    before: {},      // each sandwich's layers at the previous document (for the animation)
  };

  function legal() {
    const { doc, ctx } = board.last;
    return doc.to_move === ctx.seat ? doc.legal_moves : [];
  }

  const plays = (card) => legal().filter((entry) => entry.card === card && entry.target !== "discard");
  const discards = () => legal().filter((entry) => entry.target === "discard");
  const endMove = () => legal().find((entry) => entry.card === "end");
  const busy = () => document.body.dataset.busy === "true";

  function send(notation) {
    board.picking = null;
    board.last.ctx.play(notation);
  }

  function redraw() {
    const { root, doc, ctx } = board.last;
    root.replaceChildren();
    draw(root, doc, ctx, true);
  }

  function tapCard(card, index) {
    if (board.picking || busy()) return;
    board.focus = index;
    const discard = discards().find((entry) => entry.card === card);
    if (discard) {
      send(discard.notation);
      return;
    }
    const moves = plays(card);
    if (moves.length === 0) return;
    if (moves.length === 1 && card !== "ant" && card !== "fly") {
      send(moves[0].notation);
      return;
    }
    board.picking = { card, moves, source: null };
    redraw();
  }

  // An ant's steal, as the game's figures say it: the sandwich robbed ("S.I", as the board
  // names the sandwiches it draws) and the thief's sandwich the card goes onto.
  function steal(entry) {
    const found = (board.last.doc.figures.steals || []).find((item) => item.notation === entry.notation);
    return found ? { source: found.victim.join("."), onto: found.onto } : { source: null, onto: null };
  }

  function tapTarget(target) {
    const picking = board.picking;
    if (!picking || busy()) return;
    if (picking.card === "ant" && picking.source === null) {
      const onto = picking.moves.filter((entry) => steal(entry).source === target);
      if (onto.length === 1) {
        send(onto[0].notation);
      } else {
        picking.source = target;
        picking.moves = onto;
        redraw();
      }
      return;
    }
    const chosen = picking.moves.find((entry) => targetOf(entry) === target);
    if (chosen) send(chosen.notation);
  }

  function cancel() {
    if (!board.picking) return;
    board.picking = null;
    redraw();
    focusHand();
  }

  function endTurn() {
    const move = endMove();
    if (move && !board.picking && !busy()) send(move.notation);
  }

  // The sandwich a move asks the player to tap: "S.I" for a table sandwich, "new" for a new one.
  function targetOf(entry) {
    const seat = board.last.ctx.seat;
    if (entry.card === "ant") {
      const { source, onto } = steal(entry);
      return board.picking && board.picking.source !== null ? seat + "." + onto : source;
    }
    if (entry.card === "fly") return entry.target;
    return entry.target === "new" ? "new" : seat + "." + entry.target;
  }

  function targets() {
    if (!board.picking) return new Set();
    return new Set(board.picking.moves.map(targetOf));
  }

  const cardCount = (n) => n + (n === 1 ? " card" : " cards");

  function covered(view, seat, index) {
    const fly = view.fly;
    return fly !== null && fly !== undefined && fly[0] === seat && fly[1] === index;
  }

  // "your" or "Ann's": whose sandwich a target is, for its accessible name
  function ownerName(ctx, seat) {
    return seat === ctx.seat ? "Your" : (ctx.names[seat] || "Player " + (seat + 1)) + "'s";
  }

  function seatName(ctx, seat) {
    if (seat === ctx.seat) return (ctx.ownName || "You") + " (you)";
    return ctx.names[seat] || "Player " + (seat + 1);
  }

  // `figures`: the game's figures of the table (which sandwiches are finished and count,
  // each seat's counting sandwiches), never worked out here
  function drawTable(view, figures, ctx, fresh) {
    const wanted = targets();
    const seen = {};
    const seats = view.table.map((sandwiches, seat) => {
      const box = el("div", { class: "seat" + (seat === view.turn ? " active" : ""), dataset: { seat: String(seat) } });
      const isFinished = (index) => Boolean(figures.finished[seat][index]);
      const finished = figures.finished[seat].filter(Boolean).length;
      const counting = figures.scores[seat];
      box.append(el("h2", {}, seatName(ctx, seat)));
      if (seat !== ctx.seat) box.append(backs(view.hand_sizes[seat]));
      box.append(el("p", { class: "info" }, cardCount(view.hand_sizes[seat]) + " in hand · finished " + finished +
        " · counting " + counting + " of " + view.rules.sandwiches_to_win));
      const row = el("div", { class: "sandwiches" });
      sandwiches.forEach((sandwich, index) => {
        const name = seat + "." + index;
        seen[name] = sandwich.length;
        const target = wanted.has(name);
        const node = el(target ? "button" : "div", { class: "sandwich", dataset: { sandwich: name } });
        if (target) {
          node.type = "button";
          node.classList.add("target");
          node.addEventListener("click", () => tapTarget(name));
        }
        if (isFinished(index)) node.classList.add("finished");
        if (covered(view, seat, index)) node.classList.add("covered");
        node.append(el("span", { class: "label" }, "Sandwich " + (index + 1)));
        if (target) node.setAttribute("aria-label", ownerName(ctx, seat) + " sandwich " + (index + 1));
        const stack = el("span", { class: "stack" });
        const grown = fresh && board.before[name] !== undefined && board.before[name] < sandwich.length;
        sandwich.slice().reverse().forEach((card, depth) => {
          stack.append(el("span", { class: "layer " + card + (grown && depth === 0 ? " arrive" : "") }, NAMES[card]));
        });
        node.append(stack, el("span", { class: "plate", "aria-hidden": "true" }));
        if (covered(view, seat, index)) {
          const fly = face("fly");
          fly.setAttribute("aria-hidden", "true");
          node.append(el("span", { class: "fly-mark" }, el("span", { class: "mini-card" }, fly), "Fly on it"));
        }
        if (isFinished(index)) node.append(el("span", { class: "done" }, figures.counts[seat][index] ? "Finished" : "Finished, does not count"));
        row.append(node);
      });
      if (wanted.has("new") && seat === ctx.seat) {
        row.append(el("button", { type: "button", class: "sandwich target new", dataset: { sandwich: "new" }, onclick: () => tapTarget("new") }, "New sandwich"));
      }
      if (!row.childElementCount) row.append(el("p", { class: "empty" }, "No sandwiches yet"));
      box.append(row);
      return box;
    });
    if (fresh) board.before = seen;
    return el("section", { id: "table", "aria-label": "The table", "data-decision": "" }, seats);
  }

  // A hand the seat may not see: its cards' backs, small.
  function backs(count) {
    const row = el("span", { class: "mini-backs", "aria-hidden": "true" });
    for (let i = 0; i < Math.min(count, 8); i++) row.append(face("back"));
    if (count > 8) row.append(el("span", {}, "+" + (count - 8)));
    return row;
  }

  function drawHand(view, ctx) {
    const cards = [];
    CARDS.forEach((card, i) => {
      for (let n = 0; n < view.hand[i]; n++) cards.push(card);
    });
    const forced = discards();
    const hand = el("div", { id: "hand", role: "group", "aria-label": "Your cards" });
    const focusAt = Math.min(board.focus, cards.length - 1);
    cards.forEach((card, index) => {
      const button = el("button", { type: "button", class: "card " + card, dataset: { card } });
      button.tabIndex = index === focusAt ? 0 : -1;
      if (index === focusAt) button.dataset.focus = "";
      let state = "";
      if (plays(card).length) {
        button.classList.add("gold");
        state = ", playable";
      } else if (forced.some((entry) => entry.card === card)) {
        button.classList.add("discard");
        state = ", tap to discard";
      }
      if (board.picking) {
        button.disabled = true;
        if (board.picking.card === card && index === board.focus) button.classList.add("picked");
      }
      button.setAttribute("aria-label", NAMES[card] + state);
      const picture = face(card);
      picture.setAttribute("aria-hidden", "true");
      button.append(picture);
      button.addEventListener("click", () => tapCard(card, index));
      button.addEventListener("focus", () => { board.focus = index; });
      hand.append(button);
    });
    if (!cards.length) hand.append(el("p", { class: "empty" }, "No cards in hand"));
    const title = el("h2", { id: "hand-title" }, (ctx.ownName || "Your") + "'s hand (" + cards.length + ")");
    return [title, hand];
  }

  function promptText(doc, ctx) {
    const picking = board.picking;
    const mine = doc.to_move === ctx.seat;
    if (doc.outcome !== null) return "";
    if (!mine) return typeof doc.to_move === "number" ? "Waiting for " + (ctx.names[doc.to_move] || "the others") + "." : "";
    if (picking && picking.card === "ant" && picking.source !== null) {
      return "Tap your sandwich to put the stolen " + NAMES[stolenCard(doc.view, picking.source)].toLowerCase() + " on (Escape cancels).";
    }
    if (picking && picking.card === "ant") return "Tap a sandwich for your ant to steal from (Escape cancels).";
    if (picking && picking.card === "fly") return "Tap a sandwich to put the fly on (Escape cancels).";
    if (picking) return "Tap a sandwich for your " + NAMES[picking.card].toLowerCase() + " (Escape cancels).";
    if (discards().length) return "No card can be played: tap a card to discard it.";
    if (legal().some((entry) => entry.card !== "end")) return "Tap a gold card to play it, or end your turn.";
    return "No more plays: end your turn.";
  }

  // The card an ant is about to steal: the top of the sandwich robbed.
  function stolenCard(view, source) {
    const entry = board.picking.moves.find((move) => steal(move).source === source);
    const [seat, index] = (board.last.doc.figures.steals.find((item) => item.notation === entry.notation) || { victim: [0, 0] }).victim;
    const sandwich = view.table[seat][index];
    return sandwich[sandwich.length - 1];
  }

  // The piles and the action count, in words.
  function pilesLine(view) {
    const discardCounts = CARDS.map((card, i) => (view.discard_pile[i] ? NAMES[card].toLowerCase() + " " + view.discard_pile[i] : null)).filter(Boolean);
    return el("p", { id: "piles" }, "Draw pile: " + cardCount(view.draw_size) + ". Discard pile: " +
      (discardCounts.length ? discardCounts.join(", ") : "empty") + ". Actions without a finished sandwich: " +
      view.actions + " of " + view.rules.action_limit + ".");
  }

  // A spectator's page: the table from the public view the answer carries (what every
  // seat sees alike: the sandwiches, the piles, each hand's size, never a hand's cards),
  // with no hand and no controls; only the players' names if there is none.
  function drawSpectator(root, doc, ctx) {
    const table = doc.view && doc.view.public;
    if (table && table.table && doc.figures) {
      board.picking = null;
      root.append(drawTable(table, doc.figures, ctx, false), pilesLine(table));
      return;
    }
    const seats = Array.from({ length: doc.players }, (_, seat) =>
      el("div", { class: "seat" + (doc.to_move === seat ? " active" : "") }, el("h2", {}, ctx.names[seat] || "Player " + (seat + 1))));
    root.append(el("section", { class: "spectator-table", "aria-label": "The players" }, seats));
  }

  function draw(root, doc, ctx, again) {
    if (ctx.spectator) {
      drawSpectator(root, doc, ctx);
      return;
    }
    const fresh = !again;
    if (fresh && (!board.last || board.last.doc !== doc)) board.picking = null;
    const active = document.activeElement;
    const onBoard = !active || active === document.body || root.contains(active);
    board.last = { root, doc, ctx };
    const view = doc.view;
    const piles = pilesLine(view);
    const cancelButton = el("button", { id: "cancel", type: "button", hidden: !board.picking, onclick: () => cancel() }, "Cancel");
    const endButton = el("button", { id: "end", type: "button", hidden: !endMove() || Boolean(board.picking), onclick: () => endTurn() }, "End turn (E)");
    root.append(
      drawTable(view, doc.figures, ctx, fresh),
      piles,
      el("section", { id: "you", "aria-label": "Your hand", "data-decision": "" },
        ...drawHand(view, ctx),
        el("p", { id: "prompt" }, promptText(doc, ctx)),
        el("div", { id: "actions" }, cancelButton, endButton)),
    );
    if (board.picking) {
      const first = root.querySelector("#table .target");
      if (first) first.focus();
    } else if (onBoard && again) {
      focusHand();
    } else if (onBoard && active && active !== document.body) {
      focusHand();
    }
  }

  const focusHand = () => window.PicnicBoards.focusHand(board.focus);

  function moveFocus(selector, step) {
    const items = Array.from(document.querySelectorAll(selector)).filter((node) => !node.disabled);
    if (!items.length) return;
    const at = items.indexOf(document.activeElement);
    const next = at < 0 ? 0 : (at + step + items.length) % items.length;
    items.forEach((item, i) => { item.tabIndex = i === next ? 0 : -1; });
    items[next].focus();
    if (selector === "#hand button.card") board.focus = next;
  }

  document.addEventListener("keydown", (event) => {
    if (B.active !== "sandwich" || !board.last || !B.allowKeys || !B.allowKeys(event)) return;
    if (!board.last.root.isConnected || !board.last.root.childElementCount) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (board.picking) {
      if (event.key === "Escape") {
        event.preventDefault();
        cancel();
      } else if (step) {
        event.preventDefault();
        moveFocus("#table .target", step);
      }
      return; // Enter and Space press the focused target button
    }
    if (step) {
      event.preventDefault();
      moveFocus("#hand button.card", step);
    } else if (event.key === "e" || event.key === "E") {
      event.preventDefault();
      endTurn();
    }
    // Enter and Space press the focused card: a button's own click
  });

  // The game's sentences name a sandwich as its notation does ("sandwich 1.0": seat 1's
  // first); the board labels them by their owner and number from 1, and so do these words.
  function words(text, ctx) {
    const subject = /^you\b/.test(text) ? ctx.seat : /^seat (\d+)\b/.test(text) ? Number(/^seat (\d+)/.exec(text)[1]) : null;
    const called = (seat, index) => {
      const number = "sandwich " + (Number(index) + 1);
      if (Number(seat) === ctx.seat) return "your " + number;
      return Number(seat) === subject ? number : "seat " + seat + "'s " + number;
    };
    return text
      .replace(/\b(?:your )?sandwich (\d+)\.(\d+)/g, (all, seat, index) => called(seat, index))
      .replace(/\bis now (\d+)\.(\d+)/g, (all, seat, index) => "is now " + called(seat, index));
  }

  B.register("sandwich", {
    draw: (root, doc, ctx) => draw(root, doc, ctx, false),
    words,
    picture: () => B.fanned([{ ...FACES.bread, text: "bread", label: "Bread" }, { ...FACES.pb, text: "pb", label: "Peanut butter" }, { ...FACES.jelly, text: "jelly", label: "Jelly" }]),
    hint: "Tap a gold card to play it. Ants and flies then ask you to tap a sandwich; Cancel or Escape backs out. Arrow keys move through your hand, Enter or Space plays the focused card, E ends the turn.",
  });
})();
