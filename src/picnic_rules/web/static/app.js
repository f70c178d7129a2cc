// The sandwich page: talks to the picnic_rules web API and draws one seat's client document.
// The server keeps the state; this page only ever holds what its seats may see. The game's
// id and the seats' credentials live in the address (#game=ID&token=...) and in the
// browser's storage, so a reload, Back or a server restart comes back to the game. A
// WebSocket says when the table moved; without it the page asks every few seconds.
"use strict";

const CARDS = ["bread", "pb", "jelly", "ant", "fly"];
const NAMES = { bread: "Bread", pb: "Peanut butter", jelly: "Jelly", ant: "Ant", fly: "Fly" };
const REASONS = {
  "three-sandwiches": "three counting sandwiches",
  "stuck": "no card left could add to a sandwich",
  "sixty-actions": "too many actions without a finished sandwich",
};
const LOG_SIZE = 12;
const STORAGE = "picnic-rules.sandwich";
const POLL_MS = 3000;          // asking, while no live connection is open
const RECONNECT_MS = [500, 1000, 2000, 3000];

const game = {
  id: null,        // the game's id
  mode: null,      // "computer", "pass" or "invite"
  seats: {},       // seat -> {token, seen, log}
  current: null,   // the seat whose document is shown
  doc: null,       // that seat's latest update (the "update" object of the client document)
  picking: null,   // while a card waits for a target: {card, moves, source}
  focus: 0,        // the hand card that has (or last had) the focus
  invite: null,    // the invite link of the open seat (invite mode, the opener's page)
  watching: null,  // a spectator's page: {seen, log}
  socket: null,    // the live connection
  tries: 0,        // reconnections since the last open connection
  queue: Promise.resolve(),  // the talks with the server, one after another
};

const $ = (id) => document.getElementById(id);

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = text;
  if (className) node.className = className;
  return node;
}

class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const options = { method, headers, cache: "no-store" };
  if (body !== undefined) options.body = JSON.stringify(body);
  const response = await fetch(path, options);
  let data = null;
  try {
    data = await response.json();
  } catch (error) {
    throw new ApiError("the server's answer was not JSON (" + response.status + ")", response.status);
  }
  if (!response.ok) throw new ApiError(data.reason || "the server refused (" + response.status + ")", response.status);
  return data;
}

// One talk with the server at a time, in order: a move never crosses a refresh.
function serial(work) {
  const next = game.queue.then(work, work);
  game.queue = next.catch(() => {});
  return next;
}

async function busy(work) {
  document.body.dataset.busy = "true";
  try {
    await serial(work);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) gone();
    else say(error instanceof ApiError ? error.message : "Could not reach the server.");
  } finally {
    document.body.dataset.busy = "false";
  }
}

function say(text) {
  $("message").textContent = text || "";
}

// --- names ---------------------------------------------------------------------------

function playerName(seat) {
  const typed = $("name-" + seat) ? $("name-" + seat).value.trim() : "";
  return typed || "Player " + (seat + 1);
}

function seatLabel(seat) {
  if (game.mode === "computer") return seat === 0 ? playerName(0) + " (you)" : "The computer";
  return playerName(seat) + (seat === game.current ? " (you)" : "");
}

// --- talking to the server -----------------------------------------------------------

// --- where the game is kept: the address and the browser's storage ----------------------

function remember() {
  const tokens = Object.keys(game.seats).sort().map((seat) => game.seats[seat].token);
  const fragment = "game=" + encodeURIComponent(game.id) + tokens.map((t) => "&token=" + encodeURIComponent(t)).join("");
  history.replaceState(null, "", "#" + fragment);
  try {
    localStorage.setItem(STORAGE, JSON.stringify({ id: game.id, tokens, invite: game.invite }));
  } catch (error) {
    // storage refused (private mode): the address still holds the game
  }
}

function stored() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE) || "null");
    if (saved && typeof saved.id === "string" && Array.isArray(saved.tokens)) return saved;
  } catch (error) {
    // unreadable: as if nothing was kept
  }
  return null;
}

function forget() {
  try {
    localStorage.removeItem(STORAGE);
  } catch (error) {
    // nothing kept
  }
  history.replaceState(null, "", location.pathname);
}

// The server has no such game (a server without a database was restarted, or a bad link).
function gone() {
  disconnect();
  forget();
  game.id = null;
  game.doc = null;
  game.seats = {};
  game.watching = null;
  $("board").hidden = true;
  $("cover").hidden = true;
  $("spectate").hidden = true;
  $("links").hidden = true;
  say("That game is no longer on this server. Start a new game below.");
}

function reset(id, mode) {
  disconnect();
  game.id = id;
  game.mode = mode;
  game.seats = {};
  game.doc = null;
  game.picking = null;
  game.focus = 0;
  game.invite = null;
  game.watching = null;
  $("spectate").hidden = true;
}

// On load: the game the address names (a seat's credential, an invite, a spectator's
// link), else the one the browser kept.
async function resume() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  if (id && params.get("invite")) return join(id, params.get("invite"));
  if (id && params.get("watch") !== null) return watch(id);
  let tokens = id ? params.getAll("token") : [];
  let invite = null;
  const saved = stored();
  if (id && !tokens.length && saved && saved.id === id) tokens = saved.tokens;
  if (!id && saved) {
    tokens = saved.tokens;
    invite = saved.invite || null;
    return restore(saved.id, tokens, invite);
  }
  if (id && tokens.length) return restore(id, tokens, saved && saved.id === id ? saved.invite : null);
  return undefined;
}

async function restore(id, tokens, invite) {
  await busy(async () => {
    reset(id, null);
    game.invite = invite || null;
    let first = null;
    for (const token of tokens) {
      const answer = await api("GET", "/api/games/" + id + "?since=0", undefined, token);
      const seat = answer.update.update.seat;
      game.seats[seat] = { token, seen: 0, log: [] };
      game.mode = answer.mode;
      if (first === null) first = { seat, answer };
      if (answer.update.update.to_move === seat) first = { seat, answer };
    }
    remember();
    showLinks();
    const several = Object.keys(game.seats).length > 1;
    if (several && first.answer.update.update.outcome === null) {
      showCover(first.seat);
    } else {
      receive(first.seat, first.answer);
    }
    connect();
  });
}

async function join(id, invite) {
  await busy(async () => {
    reset(id, "invite");
    let joined;
    try {
      joined = await api("POST", "/api/games/" + id + "/join", { invite });
    } catch (error) {
      const saved = stored();
      if (error instanceof ApiError && error.status === 409 && saved && saved.id === id) {
        setTimeout(() => restore(id, saved.tokens, saved.invite), 0);  // this browser took it
        return;
      }
      throw error;
    }
    game.seats[joined.seat] = { token: joined.token, seen: 0, log: [] };
    remember();
    showLinks();
    await fetchSeat(joined.seat);
    connect();
  });
}

function showLinks() {
  const base = location.origin + location.pathname;
  $("links").hidden = !game.id;
  $("invite-row").hidden = !game.invite;
  if (game.invite) $("invite-link").value = game.invite;
  $("watch-link").value = base + "#game=" + encodeURIComponent(game.id) + "&watch=1";
}

async function newGame() {
  const text = $("seed").value.trim();
  if (text !== "" && !/^[0-9]{1,19}$/.test(text)) {
    say("The seed is a whole number (or leave it empty for a random game).");
    return;
  }
  const seed = text === "" ? null : Number(text);
  if (seed !== null && !Number.isSafeInteger(seed)) {
    say("The seed must be at most " + Number.MAX_SAFE_INTEGER + ".");
    return;
  }
  await busy(async () => {
    const created = await api("POST", "/api/games", { mode: $("mode").value, seed });
    reset(created.id, created.mode);
    for (const entry of created.seats) game.seats[entry.seat] = { token: entry.token, seen: 0, log: [] };
    for (const entry of created.invites) {
      game.invite = location.origin + location.pathname + "#game=" + encodeURIComponent(created.id) +
        "&invite=" + encodeURIComponent(entry.invite);
    }
    say("");
    remember();
    showLinks();
    if (game.mode === "pass") {
      showCover(0);
    } else {
      await fetchSeat(0);
      focusHand();  // so the next Enter plays a card, not another new game
    }
    connect();
  });
}

// --- the live connection, and asking when it is down -----------------------------------

function connect() {
  disconnect();
  if (!game.id) return;
  const seat = game.current !== null && game.seats[game.current] ? game.current : Object.keys(game.seats)[0];
  const token = seat !== undefined ? game.seats[seat].token : null;
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const url = scheme + location.host + "/api/games/" + encodeURIComponent(game.id) + "/live" +
    (token ? "?token=" + encodeURIComponent(token) : "");
  let socket;
  try {
    socket = new WebSocket(url);
  } catch (error) {
    return reconnectLater();
  }
  game.socket = socket;
  socket.onopen = () => {
    game.tries = 0;
    document.body.dataset.live = "open";
  };
  socket.onmessage = (event) => {
    let message = null;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (message && Number.isInteger(message.seen)) moved(message.seen);
  };
  socket.onclose = () => {
    if (game.socket !== socket) return;
    game.socket = null;
    document.body.dataset.live = "closed";
    reconnectLater();
  };
}

function disconnect() {
  const socket = game.socket;
  game.socket = null;
  if (socket) socket.close();
  clearTimeout(game.reconnect);
  document.body.dataset.live = "closed";
}

function reconnectLater() {
  if (!game.id) return;
  const wait = RECONNECT_MS[Math.min(game.tries, RECONNECT_MS.length - 1)];
  game.tries += 1;
  clearTimeout(game.reconnect);
  game.reconnect = setTimeout(() => {
    if (game.id && !game.socket) connect();
  }, wait);
}

// The table is at `seen` moves: fetch what this page has not seen yet.
function moved(seen) {
  if (!game.id) return;
  if (game.watching) {
    if (seen !== game.watching.seen) refresh();
    return;
  }
  const entry = game.seats[game.current];
  if (!entry || seen === entry.seen || game.picking || !$("cover").hidden) return;
  refresh();
}

function refresh() {
  if (game.refreshing) return;
  game.refreshing = true;
  serial(async () => {
    if (!game.id) return;
    if (game.watching) await fetchPublic();
    else if (game.seats[game.current] && !game.picking && $("cover").hidden) await fetchSeat(game.current);
  }).catch((error) => {
    if (error instanceof ApiError && error.status === 404) gone();
  }).finally(() => {
    game.refreshing = false;
  });
}

// Asking every few seconds while no live connection is open.
setInterval(() => {
  if (game.id && (!game.socket || game.socket.readyState !== WebSocket.OPEN)) refresh();
}, POLL_MS);

// --- a spectator's page ------------------------------------------------------------------

async function watch(id) {
  await busy(async () => {
    reset(id, null);
    game.watching = { seen: 0, log: [] };
    $("links").hidden = true;
    await fetchPublic();
    connect();
  });
}

async function fetchPublic() {
  const watching = game.watching;
  const answer = await api("GET", "/api/games/" + game.id + "/public?since=" + watching.seen);
  watching.seen = answer.seen;
  for (const line of answer.log) watching.log.push(line);
  watching.log = watching.log.slice(-LOG_SIZE * 4);
  document.body.dataset.seen = String(answer.seen);
  $("board").hidden = true;
  $("cover").hidden = true;
  $("spectate").hidden = false;
  const over = answer.outcome !== null;
  let turn;
  if (over) turn = "Game over: " + answer.outcome.winners.map((seat) => "Player " + (seat + 1)).join(" and ") + (answer.outcome.winners.length > 1 ? " tie" : " wins");
  else if (answer.to_move === "chance") turn = "Cards are being dealt";
  else turn = "Player " + (answer.to_move + 1) + " to play";
  $("spectate-turn").textContent = turn + " · " + answer.seen + " moves";
  $("spectate-log").replaceChildren(...watching.log.map((text) => el("li", text)));
}

async function fetchSeat(seat) {
  const entry = game.seats[seat];
  if (!entry) return;
  const answer = await api("GET", "/api/games/" + game.id + "?since=" + entry.seen, undefined, entry.token);
  receive(seat, answer);
}

function receive(seat, answer) {
  const entry = game.seats[seat];
  const update = answer.update.update;
  entry.seen = answer.seen;
  for (const item of update.observations) entry.log.push(item.description);
  entry.log = entry.log.slice(-LOG_SIZE);
  game.current = seat;
  game.doc = update;
  game.picking = null;
  document.body.dataset.seen = String(answer.seen);
  render();
}

async function send(notation) {
  const seat = game.current;
  const entry = game.seats[seat];
  game.picking = null;
  await busy(async () => {
    try {
      const answer = await api("POST", "/api/games/" + game.id + "/moves", { move: notation, seen: entry.seen }, entry.token);
      say("");
      receive(seat, answer);
    } catch (error) {
      if (error instanceof ApiError && error.status !== 404) {
        say(error.message);
        await fetchSeat(seat); // show the game as it is now
        return;
      }
      throw error;
    }
    const next = game.doc.to_move;
    if (game.mode === "pass" && game.doc.outcome === null && next !== seat && next in game.seats) {
      showCover(next);
    }
  });
}

// --- the cover between seats (pass and play) ---------------------------------------------

function showCover(seat) {
  $("board").hidden = true;
  $("cover").hidden = false;
  $("cover-text").textContent = "Pass the device to " + playerName(seat) + ". " + playerName(seat) + ": tap when you are ready.";
  $("cover-button").dataset.seat = String(seat);
  $("cover-button").textContent = "Show " + playerName(seat) + "'s hand";
  $("cover-button").focus();
}

async function leaveCover() {
  const seat = Number($("cover-button").dataset.seat);
  await busy(async () => {
    await fetchSeat(seat);
    $("cover").hidden = true;
  });
}

// --- what the document allows ------------------------------------------------------------

function legal() {
  return game.doc && game.doc.to_move === game.current ? game.doc.legal_moves : [];
}

function plays(card) {
  return legal().filter((entry) => entry.card === card && entry.target !== "discard");
}

function discards() {
  return legal().filter((entry) => entry.target === "discard");
}

function endMove() {
  return legal().find((entry) => entry.card === "end");
}

// --- the player's actions ------------------------------------------------------------------

function tapCard(card, index) {
  if (game.picking || document.body.dataset.busy === "true") return;
  game.focus = index;
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
  game.picking = { card, moves, source: null };
  render();
}

function tapTarget(target) {
  const picking = game.picking;
  if (!picking || document.body.dataset.busy === "true") return;
  if (picking.card === "ant" && picking.source === null) {
    const onto = picking.moves.filter((entry) => entry.target.split(" to ")[0] === target);
    if (onto.length === 1) {
      send(onto[0].notation);
    } else {
      picking.source = target;
      picking.moves = onto;
      render();
    }
    return;
  }
  const chosen = picking.moves.find((entry) => targetOf(entry) === target);
  if (chosen) send(chosen.notation);
}

function cancel() {
  if (!game.picking) return;
  game.picking = null;
  render();
  focusHand();
}

function endTurn() {
  const move = endMove();
  if (move && !game.picking && document.body.dataset.busy !== "true") send(move.notation);
}

// The sandwich a move asks the player to tap: "S.I" for a table sandwich, "new" for a new one.
function targetOf(entry) {
  if (entry.card === "ant") {
    const [source, onto] = entry.target.split(" to ");
    return game.picking && game.picking.source !== null ? game.current + "." + onto : source;
  }
  if (entry.card === "fly") return entry.target;
  return entry.target === "new" ? "new" : game.current + "." + entry.target;
}

function targets() {
  if (!game.picking) return new Set();
  return new Set(game.picking.moves.map(targetOf));
}

// --- drawing the document -------------------------------------------------------------------

function cardCount(n) {
  return n + (n === 1 ? " card" : " cards");
}

function isFinished(sandwich) {
  return sandwich.length >= 2 && sandwich[sandwich.length - 1] === "bread";
}

function covered(seat, index) {
  const fly = game.doc.view.fly;
  return fly !== null && fly[0] === seat && fly[1] === index;
}

function render() {
  const doc = game.doc;
  if (!doc) return;
  const view = doc.view;
  const active = document.activeElement;
  const onBoard = !active || active === document.body || Boolean(active.closest("#board, #cover"));
  $("board").hidden = false;
  $("cover").hidden = true;
  $("spectate").hidden = true;
  const over = doc.outcome !== null;
  const mine = doc.to_move === game.current;
  $("turn").textContent = over ? "Game over" : mine ? "Your turn, " + playerName(game.current) : seatLabel(doc.to_move) + " to play";
  renderResult(doc.outcome);
  renderTable(view);
  const discardCounts = CARDS.map((card, i) => view.discard_pile[i] ? NAMES[card].toLowerCase() + " " + view.discard_pile[i] : null).filter(Boolean);
  $("piles").textContent = "Draw pile: " + cardCount(view.draw_size) + ". Discard pile: " +
    (discardCounts.length ? discardCounts.join(", ") : "empty") + ". Actions without a finished sandwich: " +
    view.actions + " of " + view.rules.action_limit + ".";
  renderHand(view);
  renderPrompt(mine, over);
  const log = $("moves");
  log.replaceChildren(...game.seats[game.current].log.slice().reverse().map((text) => el("li", text)));
  if (game.picking) {
    const first = document.querySelector("#table .target");
    if (first) first.focus();
  } else if (onBoard) {
    focusHand();
  }
}

function renderResult(outcome) {
  const box = $("result");
  box.hidden = outcome === null;
  if (outcome === null) {
    box.replaceChildren();
    return;
  }
  let headline;
  if (outcome.winners.length > 1) headline = "A tie";
  else if (game.mode === "computer") headline = outcome.winners[0] === 0 ? "You win!" : "The computer wins";
  else headline = playerName(outcome.winners[0]) + " wins!";
  const scores = outcome.scores.map((score, seat) => seatLabel(seat) + ": " + score).join(", ");
  box.replaceChildren(
    el("h2", headline),
    el("p", "The game ended: " + (REASONS[outcome.reason] || outcome.reason) + ". Sandwiches: " + scores + ".", "reason"),
  );
}

function renderTable(view) {
  const wanted = targets();
  const seats = view.table.map((sandwiches, seat) => {
    const box = el("div", null, "seat" + (seat === view.turn ? " active" : ""));
    box.dataset.seat = String(seat);
    const finished = sandwiches.filter(isFinished).length;
    const counting = sandwiches.filter((s, i) => isFinished(s) && !covered(seat, i)).length;
    box.append(el("h2", seatLabel(seat)));
    box.append(el("p", cardCount(view.hand_sizes[seat]) + " in hand · finished " + finished + " · counting " + counting +
      " of " + view.rules.sandwiches_to_win, "info"));
    const row = el("div", null, "sandwiches");
    sandwiches.forEach((sandwich, index) => {
      const name = seat + "." + index;
      const target = wanted.has(name);
      const node = el(target ? "button" : "div", null, "sandwich");
      if (target) {
        node.type = "button";
        node.classList.add("target");
        node.addEventListener("click", () => tapTarget(name));
      }
      if (isFinished(sandwich)) node.classList.add("finished");
      if (covered(seat, index)) node.classList.add("covered");
      node.dataset.sandwich = name;
      node.append(el("span", "Sandwich " + name, "label"));
      for (const card of sandwich.slice().reverse()) node.append(el("span", NAMES[card], "layer " + card));
      if (covered(seat, index)) node.append(el("span", "Fly on it", "fly-mark"));
      if (isFinished(sandwich)) node.append(el("span", covered(seat, index) ? "Finished, does not count" : "Finished", "done"));
      row.append(node);
    });
    if (wanted.has("new") && seat === game.current) {
      const node = el("button", "New sandwich", "sandwich target new");
      node.type = "button";
      node.dataset.sandwich = "new";
      node.addEventListener("click", () => tapTarget("new"));
      row.append(node);
    }
    if (!row.childElementCount) row.append(el("p", "No sandwiches yet", "empty"));
    box.append(row);
    return box;
  });
  $("table").replaceChildren(...seats);
}

function renderHand(view) {
  const hand = $("hand");
  const cards = [];
  CARDS.forEach((card, i) => {
    for (let n = 0; n < view.hand[i]; n++) cards.push(card);
  });
  $("hand-title").textContent = playerName(game.current) + "'s hand (" + cards.length + ")";
  const forced = discards();
  const buttons = cards.map((card, index) => {
    const button = el("button", NAMES[card], "card " + card);
    button.type = "button";
    button.dataset.card = card;
    button.tabIndex = index === Math.min(game.focus, cards.length - 1) ? 0 : -1;
    let state = "";
    if (plays(card).length) {
      button.classList.add("gold");
      state = ", playable";
    } else if (forced.some((entry) => entry.card === card)) {
      button.classList.add("discard");
      state = ", tap to discard";
    }
    if (game.picking) {
      button.disabled = true;
      if (game.picking.card === card && index === game.focus) button.classList.add("picked");
    }
    button.setAttribute("aria-label", NAMES[card] + state);
    button.addEventListener("click", () => tapCard(card, index));
    button.addEventListener("focus", () => { game.focus = index; });
    return button;
  });
  hand.replaceChildren(...buttons);
  if (!cards.length) hand.append(el("p", "No cards in hand", "empty"));
}

function renderPrompt(mine, over) {
  const prompt = $("prompt");
  const picking = game.picking;
  $("cancel").hidden = !picking;
  $("end").hidden = !endMove() || Boolean(picking);
  if (over) prompt.textContent = "";
  else if (!mine) prompt.textContent = "Waiting for " + seatLabel(game.doc.to_move) + ".";
  else if (picking && picking.card === "ant" && picking.source !== null) {
    prompt.textContent = "Tap your sandwich to put the stolen " + NAMES[stolenCard(picking.source)].toLowerCase() + " on (Escape cancels).";
  } else if (picking && picking.card === "ant") prompt.textContent = "Tap a sandwich for your ant to steal from (Escape cancels).";
  else if (picking && picking.card === "fly") prompt.textContent = "Tap a sandwich to put the fly on (Escape cancels).";
  else if (picking) prompt.textContent = "Tap a sandwich for your " + NAMES[picking.card].toLowerCase() + " (Escape cancels).";
  else if (discards().length) prompt.textContent = "No card can be played: tap a card to discard it.";
  else if (legal().some((entry) => entry.card !== "end")) prompt.textContent = "Tap a gold card to play it, or end your turn.";
  else prompt.textContent = "No more plays: end your turn.";
}

function stolenCard(source) {
  const [seat, index] = source.split(".").map(Number);
  const sandwich = game.doc.view.table[seat][index];
  return sandwich[sandwich.length - 1];
}

// --- keys --------------------------------------------------------------------------------------

function typing(target) {
  if (!target || !target.tagName) return false;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable;
}

function focusHand() {
  const cards = Array.from(document.querySelectorAll("#hand button.card"));
  if (!cards.length) return;
  const index = Math.max(0, Math.min(game.focus, cards.length - 1));
  cards.forEach((card, i) => { card.tabIndex = i === index ? 0 : -1; });
  cards[index].focus();
}

function moveFocus(selector, step) {
  const items = Array.from(document.querySelectorAll(selector)).filter((node) => !node.disabled);
  if (!items.length) return;
  const at = items.indexOf(document.activeElement);
  const next = at < 0 ? 0 : (at + step + items.length) % items.length;
  items.forEach((item, i) => { item.tabIndex = i === next ? 0 : -1; });
  items[next].focus();
  if (selector === "#hand button.card") game.focus = next;
}

function onKey(event) {
  if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
  if (!$("cover").hidden || !game.doc) return;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (game.picking) {
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
}

document.addEventListener("DOMContentLoaded", () => {
  $("new-game").addEventListener("click", () => newGame());
  $("seed").addEventListener("keydown", (event) => {
    if (event.key === "Enter") newGame();
  });
  for (const id of ["invite-link", "watch-link"]) $(id).addEventListener("focus", () => $(id).select());
  $("cover-button").addEventListener("click", () => leaveCover());
  $("cancel").addEventListener("click", () => cancel());
  $("end").addEventListener("click", () => endTurn());
  for (const seat of [0, 1]) $("name-" + seat).addEventListener("input", () => render());
  document.addEventListener("keydown", onKey);
  window.addEventListener("hashchange", () => resume());
  resume();
});
