// What every board shares: the board registry (window.PicnicBoards), an element builder,
// cards drawn as SVG from the face a board gives them, and the generic board, on which a
// game without a board of its own is played.
//
// A board file calls PicnicBoards.register(gameName, {draw(root, doc, ctx), hint, picture}): `root`
// is an empty element the board fills (again on every new document), `doc` the seat's
// client document (or a spectator's public answer, whose `view` is the table's public
// view document: doc.view.public, and `figures` the game's figures of it), `ctx` =
// {game, seat, names, ownName, play(notation), tell(notation) (at a real table while
// chance acts, else null; a board's own form for it is marked data-tell), busy,
// reducedMotion, spectator, words(text) (a sentence of the game -- a move's description,
// say -- with the players' names, as the log shows it), el, card}; `hint` is the line the page shows above the table
// (how to play on this board); `picture()` (optional) gives the game's picture for the
// lobby (an element). A board marks with data-decision the parts of the table a player
// must judge to decide (the page keeps them, and every control, on the screen). A board reads every number it shows from the document
// (doc.figures: the scores so far, say) and never works out a rule itself. The page
// (app.js) owns everything else. An installed game ships its board as a file of its own
// package (Game.board = "PACKAGE:FILE.js"); the server sends it as /static/boards/GAME.js.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const waiting = {};

  // el("button", {class: "card", "aria-label": "Bread", onclick: f}, child, "text", ...)
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
      else if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key === "dataset") Object.assign(node.dataset, value);
      else if (key === "hidden" || key === "disabled") node[key] = true;
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function svg(tag, attrs, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
    for (const child of children) if (child) node.append(child);
    return node;
  }

  // --- pictures and cards ------------------------------------------------------------

  function legs(g, cx, cy, spread, count, colour) {
    for (let i = 0; i < count; i++) {
      const dy = (i - (count - 1) / 2) * 6;
      for (const side of [-1, 1]) {
        g.append(svg("path", {
          d: `M${cx} ${cy + dy} q${side * spread * 0.6} ${-4} ${side * spread} ${dy / 2 + 5}`,
          fill: "none", stroke: colour, "stroke-width": 1.6, "stroke-linecap": "round",
        }));
      }
    }
  }

  // The pictures a card face may show, by name, drawn in `colour` on a 60 x 84 card.
  const PICTURES = {
    ant(g, colour) {
      legs(g, 30, 40, 15, 3, colour);
      g.append(svg("circle", { cx: 30, cy: 26, r: 5, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 38, rx: 4.5, ry: 6, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 53, rx: 7, ry: 9, fill: colour }));
      g.append(svg("path", { d: "M28 22 q-4 -6 -8 -6 M32 22 q4 -6 8 -6", fill: "none", stroke: colour, "stroke-width": 1.4 }));
    },
    spider(g, colour) {
      legs(g, 30, 42, 20, 4, colour);
      g.append(svg("circle", { cx: 30, cy: 30, r: 6, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 46, rx: 10, ry: 12, fill: colour }));
      g.append(svg("circle", { cx: 27.5, cy: 29, r: 1.3, fill: "#fff" }));
      g.append(svg("circle", { cx: 32.5, cy: 29, r: 1.3, fill: "#fff" }));
    },
    fly(g, colour) {
      g.append(svg("ellipse", { cx: 20, cy: 36, rx: 10, ry: 6, fill: "#ffffff", stroke: colour, "stroke-width": 1.5, transform: "rotate(-30 20 36)" }));
      g.append(svg("ellipse", { cx: 40, cy: 36, rx: 10, ry: 6, fill: "#ffffff", stroke: colour, "stroke-width": 1.5, transform: "rotate(30 40 36)" }));
      g.append(svg("circle", { cx: 30, cy: 30, r: 5, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 46, rx: 6, ry: 11, fill: colour }));
      g.append(svg("circle", { cx: 27.5, cy: 28.5, r: 1.6, fill: "#c0392b" }));
      g.append(svg("circle", { cx: 32.5, cy: 28.5, r: 1.6, fill: "#c0392b" }));
    },
    bread(g, colour) {
      g.append(svg("path", { d: "M14 56 V34 q-4 -12 8 -14 q8 -4 16 0 q12 2 8 14 V56 z", fill: "#f3d9a4", stroke: colour, "stroke-width": 3 }));
    },
    jar(g, colour) {
      g.append(svg("rect", { x: 18, y: 20, width: 24, height: 7, rx: 2, fill: "#777" }));
      g.append(svg("rect", { x: 16, y: 27, width: 28, height: 30, rx: 5, fill: colour }));
      g.append(svg("rect", { x: 20, y: 35, width: 20, height: 12, rx: 2, fill: "#fff", opacity: 0.85 }));
    },
    spray(g, colour) {
      g.append(svg("rect", { x: 21, y: 28, width: 18, height: 30, rx: 4, fill: colour }));
      g.append(svg("rect", { x: 26, y: 20, width: 8, height: 8, fill: "#555" }));
      g.append(svg("path", { d: "M34 22 l10 -4 M34 24 l11 0 M34 26 l10 4", stroke: "#999", "stroke-width": 1.5 }));
    },
    boots(g, colour) {
      g.append(svg("path", { d: "M18 20 h14 v26 h12 q4 0 4 6 v4 H18 z", fill: colour }));
    },
    swatter(g, colour) {
      g.append(svg("rect", { x: 17, y: 16, width: 26, height: 22, rx: 3, fill: "none", stroke: colour, "stroke-width": 3 }));
      g.append(svg("path", { d: "M17 23 h26 M17 30 h26 M24 16 v22 M30 16 v22 M36 16 v22", stroke: colour, "stroke-width": 1 }));
      g.append(svg("rect", { x: 28, y: 38, width: 4, height: 22, fill: colour }));
    },
  };

  // A card drawn as a card: an SVG element (60 x 84 units, scaled by CSS), from the face a
  // board gives it: {text (its accessible name), label (the words at its foot), colour
  // (its frame), picture (a name of PICTURES, else the corner or the text in large),
  // corner (a number in the corner), stripes (colours across its top, a joker's)}, or
  // {back: true} for a card face down.
  function card(face) {
    const text = String(face.text !== undefined ? face.text : face.label || "");
    const node = svg("svg", { viewBox: "0 0 60 84", class: "card-face", role: "img", "aria-label": face.back ? "back" : text });
    if (face.back) {
      node.append(svg("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#1f4f7a", stroke: "#0f2f4a", "stroke-width": 2 }));
      node.append(svg("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: "none", stroke: "#f3d9a4", "stroke-width": 1.5, "stroke-dasharray": "3 3" }));
      node.append(svg("circle", { cx: 30, cy: 42, r: 9, fill: "#f3d9a4" }));
      return node;
    }
    const colour = face.colour || "#8a6d3b";
    const label = String(face.label !== undefined ? face.label : text);
    const corner = face.corner !== undefined && face.corner !== null ? String(face.corner) : "";
    node.append(svg("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#fffdf7", stroke: colour, "stroke-width": 3 }));
    node.append(svg("rect", { x: 5, y: 5, width: 50, height: 8, rx: 3, fill: colour }));
    (face.stripes || []).forEach((stripe, i, all) => {
      node.append(svg("rect", { x: 5 + i * (50 / all.length), y: 5, width: 50 / all.length, height: 8, fill: stripe }));
    });
    const picture = PICTURES[face.picture];
    if (picture) {
      const g = svg("g");
      picture(g, colour);
      node.append(g);
    } else {
      const big = svg("text", { x: 30, y: 48, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: colour });
      big.textContent = corner || text.slice(0, 2);
      node.append(big);
    }
    if (corner && picture) {
      const mark = svg("text", { x: 50, y: 26, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: colour });
      mark.textContent = corner;
      node.append(mark);
    }
    const foot = svg("text", { x: 30, y: 76, "text-anchor": "middle", "font-size": label.length > 10 ? 6.5 : 8, fill: "#333" });
    foot.textContent = label;
    node.append(foot);
    return node;
  }

  // --- the generic board ---------------------------------------------------------------

  // The board of a game without one of its own, built from the client document alone:
  // whose turn (the page shows the scores the game gives above it), the seat's view
  // as the game's text picture (only what the seat may see), and every legal move as a
  // button, grouped by its move group (the card or action first, then its targets), each
  // saying in the game's words what it does. Tab and the arrow keys move between the
  // moves; Enter or Space makes the focused one. A spectator sees the table's public view.
  // A game's picture in the lobby, for a game whose board draws none: three cards fanned,
  // the game's initials on the first.
  function fanned(faces) {
    const box = el("span", { class: "fan-picture" });
    faces.forEach((face, i) => {
      const card = window.PicnicBoards.card(face);
      card.style.transform = `rotate(${(i - (faces.length - 1) / 2) * 12}deg)`;
      box.append(card);
    });
    return box;
  }

  const generic = {
    picture(name) {
      const initials = String(name || "?").split(/\s+/).map((word) => word.charAt(0)).join("").slice(0, 2).toUpperCase();
      return fanned([{ back: true }, { back: true }, { text: name, label: name, corner: initials, colour: "#2f6b3a" }]);
    },
    hint: "Every button is a legal move, grouped by the card or action it starts with: Tab or the arrow keys move between them, Enter or Space makes the focused move.",
    draw(root, doc, ctx) {
      const names = (seat) => (ctx.names && ctx.names[seat]) || "Player " + (seat + 1);
      const said = (text) => (ctx.words ? ctx.words(text) : text);
      const board = el("div", { class: "gb-board", "data-game": ctx.game || "", "data-generic": "" });
      root.append(board);
      if (ctx.spectator) {
        board.append(el("p", { class: "gb-status" }, "The table of " + doc.game + ": " + doc.players + " seats."));
        // the public view the answer carries (what every seat sees alike), field by field
        const table = doc.view && doc.view.public;
        if (table) {
          board.append(el("dl", { class: "gb-table", "aria-label": "The table" },
            ...Object.entries(table).flatMap(([name, value]) => [el("dt", {}, name), el("dd", {}, JSON.stringify(value))])));
        }
        return;
      }
      const u = seatDocument(doc);
      const moves = u.to_move === ctx.seat ? u.legal_moves || [] : [];
      let status;
      if (u.outcome) status = "The game is over.";
      else if (moves.length) status = "Your turn: choose a move.";
      else if (typeof u.to_move === "number") status = "Waiting for " + names(u.to_move) + ".";
      else status = "Chance acts.";
      board.append(el("p", { class: "gb-status", id: "gb-status" }, status));
      board.append(el("section", { class: "gb-panel", "aria-labelledby": "gb-table-title", "data-decision": moves.length ? "" : null },
        el("h2", { id: "gb-table-title" }, "The table as you see it"),
        el("pre", { class: "gb-picture", id: "gb-picture" }, u.picture || "")));
      if (!moves.length) return;
      const groups = new Map();
      for (const entry of moves) {
        if (!groups.has(entry.card)) groups.set(entry.card, []);
        groups.get(entry.card).push(entry);
      }
      const button = (entry, text) => el("button", {
        type: "button", class: "gb-move", "data-move": entry.notation, disabled: ctx.busy,
        onclick: () => ctx.play(entry.notation),
      }, el("span", { class: "gb-name" }, text), el("span", { class: "gb-words" }, said(entry.description)));
      const panel = el("section", { class: "gb-panel gb-moves", id: "gb-moves", "aria-labelledby": "gb-moves-title" },
        el("h2", { id: "gb-moves-title" }, "Your moves"));
      let number = 0;
      for (const [name, entries] of groups) {
        if (entries.length === 1 && !entries[0].target) {
          panel.append(el("div", { class: "gb-group" }, button(entries[0], name)));
          continue;
        }
        number += 1;
        const title = "gb-group-" + number;
        panel.append(el("div", { class: "gb-group", role: "group", "aria-labelledby": title },
          el("h3", { id: title, class: "gb-group-name" }, name),
          el("div", { class: "gb-targets" }, entries.map((entry) => button(entry, entry.target || name)))));
      }
      board.append(panel);
      const first = panel.querySelector("button.gb-move");
      if (first) first.setAttribute("data-focus", "");
    },
  };

  // The arrow keys move the focus between the generic board's moves.
  document.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const boards = window.PicnicBoards;
    if (!step || !event.target || !event.target.closest || !event.target.closest(".gb-moves")) return;
    if (boards.allowKeys && !boards.allowKeys(event)) return;
    const items = Array.from(document.querySelectorAll(".gb-moves button.gb-move:not([disabled])"));
    const at = items.indexOf(document.activeElement);
    if (at < 0) return;
    event.preventDefault();
    items[(at + step + items.length) % items.length].focus();
  });

  // A board's own style sheet, added to the page once (by its id): a constructed sheet,
  // which the page's Content-Security-Policy allows where an inline <style> is refused.
  const adopted = new Set();
  function adopt(id, css) {
    if (adopted.has(id)) return;
    adopted.add(id);
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }

  // The seat's client document (its view, legal moves, observations) inside what the page
  // passes a board: the seat's answer, its update, or the document itself.
  function seatDocument(doc) {
    if (doc && doc.update && doc.update.update) return doc.update.update;
    if (doc && doc.update && doc.update.view) return doc.update;
    return doc;
  }

  // The players' names: the page's, the seat's own as "NAME (you)" (or "You").
  function seatNames(ctx, players, me) {
    const names = [];
    for (let seat = 0; seat < players; seat += 1) {
      const given = ctx.names[seat];
      if (seat === me && !ctx.spectator) {
        const own = ctx.ownName || (given && given.toLowerCase() !== "you" ? given : null);
        names.push(own ? `${own.replace(/ \(you\)$/, "")} (you)` : "You");
      } else names.push(given || `Player ${seat + 1}`);
    }
    return names;
  }

  // Focus card `focus` of the hand (kept within it): the hand's one tab stop.
  function focusHand(focus) {
    const cards = Array.from(document.querySelectorAll("#hand button.card"));
    if (!cards.length) return;
    const index = Math.max(0, Math.min(focus, cards.length - 1));
    cards.forEach((card, i) => { card.tabIndex = i === index ? 0 : -1; });
    cards[index].focus();
  }

  window.PicnicBoards = {
    boards: {},
    generic,
    el,
    svg,
    card,
    adopt,
    seatDocument,
    seatNames,
    fanned,
    focusHand,
    register(name, board) {
      this.boards[name] = board;
      if (waiting[name]) {
        waiting[name].forEach((resolve) => resolve(board));
        delete waiting[name];
      }
    },
    // The board of `name`, its script loaded once, on first use (the generic board if it
    // cannot be loaded, or does not register itself).
    load(name) {
      if (this.boards[name]) return Promise.resolve(this.boards[name]);
      return new Promise((resolve) => {
        const first = !waiting[name];
        (waiting[name] = waiting[name] || []).push(resolve);
        if (!first) return;
        const script = document.createElement("script");
        script.src = "/static/boards/" + encodeURIComponent(name) + ".js";
        script.onerror = () => {
          const found = waiting[name] || [];
          delete waiting[name];
          found.forEach((done) => done(generic));
        };
        script.onload = () => {
          if (!this.boards[name]) script.onerror();
        };
        document.head.append(script);
      });
    },
  };
})();
