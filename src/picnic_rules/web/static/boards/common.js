// What every board shares: the board registry (window.PicnicBoards), an element builder,
// cards drawn as SVG in each game's colours, and a plain board for a game without its own.
//
// A board file calls PicnicBoards.register(gameName, {draw(root, doc, ctx)}): `root` is an
// empty element the board fills (again on every new document), `doc` the seat's client
// document (or a spectator's public answer, whose `view` is the table's public view
// document: doc.view.public), `ctx` = {seat, names, ownName,
// play(notation), tell(notation) (at a real table while chance acts, else null; a board's
// own form for it is marked data-tell), busy, reducedMotion, spectator, el, card}. The page
// (app.js) owns everything else.
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

  // --- the games' colours and pictures -------------------------------------------------

  const COLOURS = {
    red: "#d1352b", blue: "#2f6fc0", yellow: "#e0a91b", green: "#3d9a46", purple: "#7b4fa0",
    black: "#333333", white: "#9a9a9a", orange: "#e07a1f", brown: "#8b5a2b", grey: "#66727a",
  };

  const SANDWICH = {
    bread: { colour: "#c98a2e", label: "Bread" },
    pb: { colour: "#8b5a2b", label: "Peanut butter" },
    jelly: { colour: "#a8326e", label: "Jelly" },
    ant: { colour: "#333333", label: "Ant" },
    fly: { colour: "#4c6a7d", label: "Fly" },
  };

  const WEAPONS = { spray: "#4f8fa8", boots: "#8b5a2b", swatter: "#5f6b73" };

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

  function glyph(kind, colour) {
    const g = svg("g");
    if (kind === "ant") {
      legs(g, 30, 40, 15, 3, colour);
      g.append(svg("circle", { cx: 30, cy: 26, r: 5, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 38, rx: 4.5, ry: 6, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 53, rx: 7, ry: 9, fill: colour }));
      g.append(svg("path", { d: "M28 22 q-4 -6 -8 -6 M32 22 q4 -6 8 -6", fill: "none", stroke: colour, "stroke-width": 1.4 }));
    } else if (kind === "spider") {
      legs(g, 30, 42, 20, 4, colour);
      g.append(svg("circle", { cx: 30, cy: 30, r: 6, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 46, rx: 10, ry: 12, fill: colour }));
      g.append(svg("circle", { cx: 27.5, cy: 29, r: 1.3, fill: "#fff" }));
      g.append(svg("circle", { cx: 32.5, cy: 29, r: 1.3, fill: "#fff" }));
    } else if (kind === "fly") {
      g.append(svg("ellipse", { cx: 20, cy: 36, rx: 10, ry: 6, fill: "#ffffff", stroke: colour, "stroke-width": 1.5, transform: "rotate(-30 20 36)" }));
      g.append(svg("ellipse", { cx: 40, cy: 36, rx: 10, ry: 6, fill: "#ffffff", stroke: colour, "stroke-width": 1.5, transform: "rotate(30 40 36)" }));
      g.append(svg("circle", { cx: 30, cy: 30, r: 5, fill: colour }));
      g.append(svg("ellipse", { cx: 30, cy: 46, rx: 6, ry: 11, fill: colour }));
      g.append(svg("circle", { cx: 27.5, cy: 28.5, r: 1.6, fill: "#c0392b" }));
      g.append(svg("circle", { cx: 32.5, cy: 28.5, r: 1.6, fill: "#c0392b" }));
    } else if (kind === "bread") {
      g.append(svg("path", { d: "M14 56 V34 q-4 -12 8 -14 q8 -4 16 0 q12 2 8 14 V56 z", fill: "#f3d9a4", stroke: colour, "stroke-width": 3 }));
    } else if (kind === "pb" || kind === "jelly") {
      g.append(svg("rect", { x: 18, y: 20, width: 24, height: 7, rx: 2, fill: "#777" }));
      g.append(svg("rect", { x: 16, y: 27, width: 28, height: 30, rx: 5, fill: colour }));
      g.append(svg("rect", { x: 20, y: 35, width: 20, height: 12, rx: 2, fill: "#fff", opacity: 0.85 }));
    } else if (kind === "spray") {
      g.append(svg("rect", { x: 21, y: 28, width: 18, height: 30, rx: 4, fill: colour }));
      g.append(svg("rect", { x: 26, y: 20, width: 8, height: 8, fill: "#555" }));
      g.append(svg("path", { d: "M34 22 l10 -4 M34 24 l11 0 M34 26 l10 4", stroke: "#999", "stroke-width": 1.5 }));
    } else if (kind === "boots") {
      g.append(svg("path", { d: "M18 20 h14 v26 h12 q4 0 4 6 v4 H18 z", fill: colour }));
    } else if (kind === "swatter") {
      g.append(svg("rect", { x: 17, y: 16, width: 26, height: 22, rx: 3, fill: "none", stroke: colour, "stroke-width": 3 }));
      g.append(svg("path", { d: "M17 23 h26 M17 30 h26 M24 16 v22 M30 16 v22 M36 16 v22", stroke: colour, "stroke-width": 1 }));
      g.append(svg("rect", { x: 28, y: 38, width: 4, height: 22, fill: colour }));
    }
    return g;
  }

  // The picture, frame colour and words of a card, from its game and its text.
  function face(game, text) {
    const words = String(text).toLowerCase().split(/[\s+]+/);
    if (game === "sandwich" && SANDWICH[words[0]]) {
      const found = SANDWICH[words[0]];
      return { kind: words[0], colour: found.colour, label: found.label, corner: "" };
    }
    const weapon = words.find((word) => WEAPONS[word]);
    if (weapon) return { kind: weapon, colour: WEAPONS[weapon], label: weapon, corner: "" };
    const insect = words.find((word) => word === "ant" || word === "spider" || word === "fly" || word === "ants" || word === "flies");
    const joker = words.includes("joker");
    const colourName = words.find((word) => COLOURS[word]);
    const colour = joker ? "#222222" : COLOURS[colourName] || "#8a6d3b";
    const number = words.find((word) => /^-?[0-9]+$/.test(word));
    return {
      kind: insect ? insect.replace(/s$|ies$/, (m) => (m === "ies" ? "y" : "")) : "",
      colour,
      joker,
      label: String(text),
      corner: number !== undefined ? number : "",
    };
  }

  // A card drawn as a card: an SVG element (60 x 84 units, scaled by CSS).
  function card(game, text) {
    const node = svg("svg", { viewBox: "0 0 60 84", class: "card-face", role: "img", "aria-label": String(text) });
    if (text === "back" || text === "face down") {
      node.append(svg("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#1f4f7a", stroke: "#0f2f4a", "stroke-width": 2 }));
      node.append(svg("rect", { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: "none", stroke: "#f3d9a4", "stroke-width": 1.5, "stroke-dasharray": "3 3" }));
      node.append(svg("circle", { cx: 30, cy: 42, r: 9, fill: "#f3d9a4" }));
      return node;
    }
    const found = face(game, text);
    node.append(svg("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, fill: "#fffdf7", stroke: found.colour, "stroke-width": 3 }));
    node.append(svg("rect", { x: 5, y: 5, width: 50, height: 8, rx: 3, fill: found.colour }));
    if (found.joker) {
      ["red", "blue", "yellow", "green"].forEach((name, i) => {
        node.append(svg("rect", { x: 5 + i * 12.5, y: 5, width: 12.5, height: 8, fill: COLOURS[name] }));
      });
    }
    if (found.kind) node.append(glyph(found.kind, found.colour));
    else {
      const big = svg("text", { x: 30, y: 48, "text-anchor": "middle", "font-size": 22, "font-weight": 700, fill: found.colour });
      big.textContent = found.corner || String(text).slice(0, 2);
      node.append(big);
    }
    if (found.corner && found.kind) {
      const corner = svg("text", { x: 50, y: 26, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: found.colour });
      corner.textContent = found.corner;
      node.append(corner);
    }
    const label = svg("text", { x: 30, y: 76, "text-anchor": "middle", "font-size": found.label.length > 10 ? 6.5 : 8, fill: "#333" });
    label.textContent = found.label;
    node.append(label);
    return node;
  }

  // A plain board for a game without a board of its own: whose turn, and every legal move
  // as a button with its words.
  const plain = {
    draw(root, doc, ctx) {
      if (ctx.spectator) {
        root.append(el("p", { class: "plain-note" }, "The table of " + doc.game + ": " + doc.players + " seats."));
        // the public view the answer carries (what every seat sees alike), field by field
        const table = doc.view && doc.view.public;
        if (table) {
          root.append(el("dl", { class: "plain-table", "aria-label": "The table" },
            ...Object.entries(table).flatMap(([name, value]) => [el("dt", {}, name), el("dd", {}, JSON.stringify(value))])));
        }
        return;
      }
      const moves = doc.to_move === ctx.seat ? doc.legal_moves : [];
      root.append(el("p", { class: "plain-note" }, moves.length ? "Choose a move:" : "Waiting for the other players."));
      root.append(el("div", { class: "plain-moves", role: "group", "aria-label": "Your moves" },
        moves.map((entry) => el("button", {
          type: "button", class: "move-button", disabled: ctx.busy,
          onclick: () => ctx.play(entry.notation),
        }, entry.description))));
    },
  };

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
    plain,
    el,
    svg,
    card,
    adopt,
    seatDocument,
    seatNames,
    focusHand,
    register(name, board) {
      this.boards[name] = board;
      if (waiting[name]) {
        waiting[name].forEach((resolve) => resolve(board));
        delete waiting[name];
      }
    },
    // The board of `name`, its script loaded once, on first use (the plain board if it
    // cannot be loaded).
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
          found.forEach((done) => done(plain));
        };
        script.onload = () => {
          if (!this.boards[name]) script.onerror();
        };
        document.head.append(script);
      });
    },
  };
})();
