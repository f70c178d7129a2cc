// The page: a lobby (any game, its seats, variant, rules options and seed; the open
// tables), then the table of the chosen game, drawn by that game's board
// (static/boards/GAME.js, loaded when needed; see boards/common.js for the interface) or,
// for a game without one, by the generic board. The page knows no game by name: what it
// says of a game (its short name, title, end reasons and score in words) comes from the
// lobby (GET /api/lobby), how to play on a board from the board itself.
// The server keeps the state; this page only ever holds what its seats may see. The
// table's id and the seats' credentials live in the address (#game=ID&token=...) and in
// the browser's storage, so a reload, Back or a server restart comes back to the game. A
// WebSocket says when the table moved; without it the page asks every few seconds. At a
// real table (played with real cards and dice, the page keeping the score) chance waits
// for a seat to type in what happened: a board's own form (ctx.tell), else a plain one.
"use strict";

const STORAGE = "picnic-rules.table";
const POLL_MS = 3000;          // asking, while no live connection is open
const RECONNECT_MS = [500, 1000, 2000, 3000];
const LOG_SIZE = 60;           // the moves the log keeps

const game = {
  id: null,        // the table's id
  name: null,      // the table's game (its name in the lobby)
  info: null,      // who sits where: {seats: [{seat, kind, name}], players, title}
  seats: {},       // seat -> {token, seen, log: [{n, text}]}
  current: null,   // the seat whose document is shown
  doc: null,       // that seat's latest update (the "update" object of the client document)
  outcomes: [],    // at a real table while chance acts: the possible outcomes' notation
  invite: null,    // the invite links of the open seats (the opener's page)
  watching: null,  // a spectator's page: {seen, log, doc}
  socket: null,    // the live connection
  tries: 0,        // reconnections since the last open connection
  focusBoard: false, // move the focus into the board at the next drawing
  ended: false,    // the result was shown (scrolled to) already
  reviewed: null,  // the table whose review is shown (fetched once the game is over)
  queue: Promise.resolve(),  // the talks with the server, one after another
};

const lobby = { games: {}, order: [], ready: null };

const $ = (id) => document.getElementById(id);
const el = (...args) => window.PicnicBoards.el(...args);

class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.status = status;
    this.code = code || "";  // the server's name of the error: "token", "taken", "rules", ...
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
  if (!response.ok) throw new ApiError(data.reason || "the server refused (" + response.status + ")", response.status, data.error);
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
    else say(explain(error));
  } finally {
    document.body.dataset.busy = "false";
  }
}

function say(text) {
  $("message").textContent = text || "";
  if (!text) $("offer").hidden = true;
}

// A refusal in words for a player: the game's names for its options, the players' names
// for seats, and what to do about it; never the library's code names.
function explain(error) {
  if (!(error instanceof ApiError)) return "Could not reach the server.";
  let text = error.message;
  const info = lobby.games[game.name] || chosen();
  if (info) {
    text = text.replace(new RegExp("\\b" + info.name.replace(/[-]/g, "\\-") + "\\b", "g"), info.short);
    for (const field of info.rules || []) {
      text = text.replace(new RegExp("\\b" + field.name + "\\b", "g"), optionWords(info, field).label.toLowerCase());
    }
  }
  switch (error.code) {
    case "token":
      return "This link does not open a seat at this table: it may be cut short or belong to another game. Start a new game below, or ask for the link again.";
    case "taken":
      return "That invite was used already: its seat is taken.";
    case "stale":
      return "The table moved on before your move arrived: here it is as it is now.";
    case "rules":
      return "The rules options do not work together: " + text + ".";
    case "players":
      return "That number of players does not work: " + text + ".";
    case "busy":
      return "The server is busy: " + text + ".";
    default:
      return sentence(named(text)) + (/[.!?]$/.test(text) ? "" : ".");
  }
}

function sentence(text) {
  const words = String(text);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A number and its noun, agreeing: "1 move", "19 moves".
function counted(n, noun, plural) {
  return n + " " + (n === 1 ? noun : plural || noun + "s");
}

// --- names -------------------------------------------------------------------------------

function kindOf(seat) {
  const found = game.info && game.info.seats[seat];
  return found ? found.kind : "person";
}

function nameOf(seat) {
  const found = game.info && game.info.seats[seat];
  if (found && found.name) return found.name;
  const kind = kindOf(seat);
  const agents = game.info ? game.info.seats.filter((entry) => entry.kind === kind).length : 1;
  if (kind === "computer") return agents > 1 ? "Computer " + (seat + 1) : "Computer";  // a name, mid-sentence too
  if (kind === "random") return "Random player " + (seat + 1);
  return "Player " + (seat + 1);
}

function seatLabel(seat) {
  return nameOf(seat) + (seat === game.current && !game.watching ? " (you)" : "");
}

// "seat 1 plays ..." in the game's words, with the players' names.
function named(text) {
  const words = String(text).replace(/\bseat (\d+)\b/g, (whole, seat) => nameOf(Number(seat)));
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// A sentence of the game as the page shows it: in its board's words (a board may name what
// it draws as it labels it: PicnicBoards.register(name, {words(text, ctx)})), then with
// the players' names. `seat` is the reader's, null for a spectator.
function told(text, seat) {
  const board = game.board;
  let words = String(text);
  if (board && typeof board.words === "function") {
    try {
      words = board.words(words, { seat, names: Array.from({ length: game.info ? game.info.players : 0 }, (_, i) => nameOf(i)) });
    } catch (error) {
      words = String(text);  // the game's own words
    }
  }
  return named(words);
}

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

function showOnly(part) {
  $("board").hidden = part !== "board";
  $("cover").hidden = part !== "cover";
  $("spectate").hidden = part !== "spectate";
}

// The server has no such game (a server without a database was restarted, or a bad link).
function gone() {
  disconnect();
  forget();
  clearBoard();
  game.id = null;
  game.doc = null;
  game.seats = {};
  game.watching = null;
  showOnly(null);
  $("links").hidden = true;
  say("That game is no longer on this server. Start a new game below.");
}

function reset(id) {
  disconnect();
  clearBoard();
  game.id = id;
  game.name = null;
  game.info = null;
  game.seats = {};
  game.current = null;
  game.doc = null;
  game.outcomes = [];
  game.invite = null;
  game.watching = null;
  game.ended = false;
  game.reviewed = null;
  hideAnalysis();
  showOnly(null);
}

function running() {
  return Boolean(game.id && !game.watching && game.doc && game.doc.outcome === null) ||
    Boolean(game.id && !game.watching && !$("cover").hidden);
}

// What the lobby says of a game (a game it does not list: its name alone).
function described(name) {
  return lobby.games[name] || { name, short: name, title: "", reasons: {}, score_word: "Scores", board: false };
}

// A game's name and title for players: "Poultry — Pick Picknic (...)", or one of them
// when they say the same.
function gameTitle(entry) {
  const title = entry.title || "";
  return !title || title.toLowerCase() === entry.short.toLowerCase() ? title || entry.short : entry.short + " — " + title;
}

async function useTable(info) {
  const entry = described(info.game);
  game.info = info;
  game.name = info.game;
  $("title").textContent = gameTitle({ ...entry, title: info.title || entry.title });
  document.title = entry.short + " — picnic_rules";
  document.body.dataset.game = info.game;
  const boards = window.PicnicBoards;
  boards.active = info.game;
  game.board = entry.board ? await boards.load(info.game) : boards.generic;
  $("hint").textContent = game.board.hint || boards.generic.hint;
}

// On load: the game the address names (a seat's credential, an invite, a spectator's
// link), else the one the browser kept.
async function resume() {
  const params = new URLSearchParams(location.hash.slice(1));
  const id = params.get("game");
  if (id && params.get("invite")) return join(id, params.get("invite"));
  if (id && params.get("watch") !== null) return watch(id);
  let tokens = id ? params.getAll("token") : [];
  const saved = stored();
  if (id && !tokens.length && saved && saved.id === id) tokens = saved.tokens;
  if (!id && saved) return restore(saved.id, saved.tokens, saved.invite || null);
  if (id && tokens.length) return restore(id, tokens, saved && saved.id === id ? saved.invite : null);
  return undefined;
}

async function restore(id, tokens, invite) {
  await busy(async () => {
    reset(id);
    game.invite = Array.isArray(invite) ? invite : null;
    await useTable(await api("GET", "/api/tables/" + encodeURIComponent(id)));
    let first = null;
    for (const token of tokens) {
      const answer = await api("GET", "/api/games/" + id + "?since=0", undefined, token);
      const seat = answer.update.update.seat;
      game.seats[seat] = { token, seen: 0, log: [] };
      if (first === null) first = { seat, answer };
      if (answer.update.update.to_move === seat) first = { seat, answer };
    }
    remember();
    showLinks();
    const several = Object.keys(game.seats).length > 1;
    if (several && first.answer.update.update.outcome === null) showCover(first.seat);
    else receive(first.seat, first.answer);
    connect();
  });
}

async function join(id, invite) {
  await busy(async () => {
    reset(id);
    let joined;
    try {
      joined = await api("POST", "/api/games/" + id + "/join", { invite });
    } catch (error) {
      const saved = stored();
      if (error instanceof ApiError && error.status === 409 && saved && saved.id === id) {
        setTimeout(() => restore(id, saved.tokens, saved.invite), 0);  // this browser took it
        return;
      }
      if (error instanceof ApiError && (error.code === "taken" || error.code === "token")) {
        offerWatch(id, error.code === "taken"
          ? "That invite was used already: its seat is taken. You can watch the table instead."
          : "That invite does not open a seat of this table (it may be cut short). You can watch the table instead.");
        return;
      }
      throw error;
    }
    await useTable(await api("GET", "/api/tables/" + encodeURIComponent(id)));
    game.seats[joined.seat] = { token: joined.token, seen: 0, log: [] };
    game.focusBoard = true;
    remember();
    showLinks();
    await fetchSeat(joined.seat);
    connect();
  });
}

// A link that cannot seat this browser: say why, and offer to watch the table.
function offerWatch(id, text) {
  forget();
  game.id = null;
  showOnly(null);
  say(text);
  $("offer-watch").dataset.table = id;
  $("offer").hidden = false;
  $("offer-watch").focus();
}

function showLinks() {
  const base = location.origin + location.pathname;
  $("links").hidden = !game.id;
  const invites = (game.invite || []).filter((entry) => entry && typeof entry.link === "string");
  $("invite-row").hidden = !invites.length;
  if (invites.length) {
    $("invite-link").value = invites[0].link;
    $("invite-label").textContent = "Invite " + nameOf(invites[0].seat) + ": send this link (it works once)";
  }
  $("more-invites").replaceChildren(...invites.slice(1).map((entry) => {
    const input = el("input", { type: "text", readonly: true, class: "invite-more" });
    input.value = entry.link;
    input.addEventListener("focus", () => input.select());
    return el("p", {}, el("label", {}, "Invite " + nameOf(entry.seat) + ": send this link (it works once)", input));
  }));
  $("watch-link").value = base + "#game=" + encodeURIComponent(game.id) + "&watch=1";
}

// --- the lobby ---------------------------------------------------------------------------

function chosen() {
  return lobby.games[$("game").value];
}

function playersWanted() {
  return Number($("players").value);
}

const PRESETS = {
  computer: (n) => ["person", ...Array(n - 1).fill("computer")],
  pass: (n) => Array(n).fill("person"),
  invite: (n) => ["person", ...Array(n - 1).fill("open")],
};
const KIND_WORDS = { person: "You (this device)", open: "An invited player", computer: "The computer", random: "Random moves" };

function fillGames() {
  const select = $("game");
  const current = select.value || lobby.order[0];
  select.replaceChildren(...lobby.order.map((name) => el("option", { value: name }, gameTitle(lobby.games[name]))));
  select.value = lobby.games[current] ? current : lobby.order[0];
  fillGameList();
  fillGame();
}

// Each game introduced: its picture, what it is, how to play it (its own words, as the
// terminal's ? says them), its rules page, and a button that chooses it below.
function fillGameList() {
  $("game-list").replaceChildren(...lobby.order.map((name) => {
    const info = lobby.games[name];
    const picture = el("div", { class: "game-picture", "aria-hidden": "true" });
    drawPicture(picture, info);
    const title = "game-card-" + name;
    const how = el("details", { class: "how-to-play" }, el("summary", {}, "How to play"),
      ...(info.how_to_play || []).map((text) => el("p", {}, text)));
    const rules = info.rules_url ? el("a", { href: info.rules_url, target: "_blank", rel: "noopener", class: "rules-link" },
      "The full rules of " + info.short) : null;
    return el("article", { class: "game-card", "data-game": name, "aria-labelledby": title },
      picture,
      el("div", { class: "game-words" },
        el("h3", { id: title }, gameTitle(info)),
        el("p", { class: "game-line" }, info.intro || ""),
        el("p", { class: "game-players" }, info.min_players === info.max_players ? info.min_players + " players" : info.min_players + " to " + info.max_players + " players"),
        how,
        el("p", { class: "game-links" }, rules,
          el("button", { type: "button", class: "choose-game", "data-game": name, onclick: () => chooseGame(name) }, "Play " + info.short))));
  }));
}

// A game's picture: its board's (PicnicBoards.register(name, {picture})), else the
// generic board's.
async function drawPicture(node, info) {
  const boards = window.PicnicBoards;
  const board = info.board ? await boards.load(info.name) : boards.generic;
  const drawn = board.picture ? board.picture() : boards.generic.picture(info.short);
  node.replaceChildren(drawn || boards.generic.picture(info.short));
}

function chooseGame(name) {
  $("game").value = name;
  fillGame();
  $("setup").scrollIntoView({ block: "start" });
  $("game").focus({ preventScroll: true });
}

// A rules option in words: its label and help (from the game's Rules, the lobby's
// "options"), whether its value is a seat.
function optionWords(info, field) {
  const words = (info.options || {})[field.name];
  return words || { label: sentence(field.name.replace(/_/g, " ")), help: "", seat: false };
}

// A value as the form shows it: yes/no, a list with commas, a seat by its player.
function valueWords(info, field, value) {
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (optionWords(info, field).seat) return "Player " + (Number(value) + 1);
  return Array.isArray(value) ? value.join(", ") : String(value);
}

function variantWords(info, name, changes) {
  const fields = Object.fromEntries(info.rules.map((field) => [field.name, field]));
  const said = Object.entries(changes).map(([key, value]) => {
    const field = fields[key] || { name: key };
    return optionWords(info, field).label + " " + valueWords(info, field, value);
  });
  return sentence(name.replace(/-/g, " ")) + (said.length ? ": " + said.join(", ") : "");
}

function fillGame() {
  const info = chosen();
  if (!info) return;
  $("game-intro").textContent = info.intro || "";
  const players = $("players");
  const before = Number(players.value) || info.min_players;
  const counts = [];
  for (let n = info.min_players; n <= info.max_players; n++) counts.push(n);
  players.replaceChildren(...counts.map((n) => el("option", { value: String(n) }, String(n))));
  players.value = String(Math.min(Math.max(before, info.min_players), info.max_players));
  $("variant").replaceChildren(
    el("option", { value: "" }, "The standard rules"),
    ...Object.entries(info.variants).filter(([name]) => name !== "default").map(([name, changes]) =>
      el("option", { value: name }, variantWords(info, name, changes))));
  $("rules-fields").replaceChildren(...info.rules.map((field) => {
    const id = "rule-" + field.name;
    const words = optionWords(info, field);
    const help = words.help ? el("small", { class: "rule-help", id: id + "-help" }, words.help) : null;
    const described = help ? id + "-help" : null;
    let input;
    if (field.type === "bool") {
      input = el("select", { id, "data-rule": field.name, "aria-describedby": described },
        el("option", { value: "" }, "as the variant says (" + valueWords(info, field, field.default) + ")"),
        el("option", { value: "true" }, "yes"), el("option", { value: "false" }, "no"));
    } else if (words.seat) {
      input = el("select", { id, "data-rule": field.name, "data-seat": "", "aria-describedby": described });
    } else {
      input = el("input", {
        id, type: "text", "data-rule": field.name, autocomplete: "off", "aria-describedby": described,
        inputmode: field.type === "int" ? "numeric" : null,
        placeholder: valueWords(info, field, field.default),
      });
    }
    const bounds = field.type === "int" && field.minimum !== undefined && !words.seat ? " (" + field.minimum + " to " + field.maximum + ")" : "";
    return el("div", { class: "rule" }, el("label", { for: id }, words.label + bounds), input, help);
  }));
  fillSeats();
}

// A seat option offers the table's players by name (as many as play).
function fillSeatOptions() {
  const info = chosen();
  const n = playersWanted();
  for (const select of document.querySelectorAll("#rules-fields select[data-seat]")) {
    const field = info.rules.find((entry) => entry.name === select.dataset.rule);
    const before = select.value;
    const name = (seat) => ($("name-" + seat) && $("name-" + seat).value.trim()) || "Player " + (seat + 1);
    select.replaceChildren(
      el("option", { value: "" }, "as the variant says (" + name(Number(field.default)) + ")"),
      ...Array.from({ length: n }, (_, seat) => el("option", { value: String(seat) }, name(seat))));
    select.value = before !== "" && Number(before) < n ? before : "";
  }
}

function fillSeats() {
  const info = chosen();
  if (!info) return;
  const n = playersWanted();
  const mode = $("mode").value;
  const old = Array.from(document.querySelectorAll("#seat-rows select")).map((node) => node.value);
  const names = Array.from(document.querySelectorAll("#seat-rows input")).map((node) => node.value);
  const wanted = PRESETS[mode] ? PRESETS[mode](n) : Array.from({ length: n }, (_, i) => old[i] || (i ? "computer" : "person"));
  // a game without a computer player gets its first agent instead (random moves)
  const agent = info.kinds.find((kind) => kind !== "person" && kind !== "open") || "open";
  const kinds = wanted.map((kind) => (info.kinds.includes(kind) ? kind : agent));
  $("seat-rows").replaceChildren(...kinds.map((kind, seat) => {
    const select = el("select", { id: "seat-" + seat, "aria-label": "Seat " + (seat + 1) + " is played by" },
      info.kinds.map((option) => el("option", { value: option }, KIND_WORDS[option] || option)));
    select.value = kind;
    select.addEventListener("change", () => { $("mode").value = "custom"; });
    const name = el("input", {
      id: "name-" + seat, type: "text", maxlength: 24, autocomplete: "off", placeholder: "Player " + (seat + 1),
    });
    name.value = names[seat] || "";
    name.addEventListener("change", () => fillSeatOptions());
    return el("div", { class: "seat-row" },
      el("label", {}, "Player " + (seat + 1) + " name", name),
      el("label", {}, "played by", select));
  }));
  fillSeatOptions();
}

function rulesWanted() {
  const info = chosen();
  const changes = {};
  const number = /^-?[0-9]{1,9}$/;
  for (const field of info.rules) {
    const input = $("rule-" + field.name);
    const text = input ? input.value.trim() : "";
    if (text === "") continue;
    const words = optionWords(info, field);
    if (field.type === "bool") changes[field.name] = text === "true";
    else if (field.type === "int") {
      if (!number.test(text)) throw new Error(words.label + " is a whole number.");
      const value = Number(text);
      if (field.minimum !== undefined && (value < field.minimum || value > field.maximum)) {
        throw new Error(words.label + " is a whole number from " + field.minimum + " to " + field.maximum + ".");
      }
      changes[field.name] = value;
    } else if (field.type === "ints") {
      const items = text.replace(/^\[|\]$/g, "").split(",").map((item) => item.trim()).filter(Boolean);
      if (!items.every((item) => number.test(item))) throw new Error(words.label + " is whole numbers separated by commas.");
      changes[field.name] = items.map(Number);
    } else if (field.type === "names") {
      changes[field.name] = text.replace(/^\[|\]$/g, "").split(",").map((item) => item.trim()).filter(Boolean);
    } else changes[field.name] = text;
  }
  return changes;
}

async function loadLobby() {
  try {
    const answer = await api("GET", "/api/lobby");
    lobby.order = answer.games.map((entry) => entry.name);
    for (const entry of answer.games) lobby.games[entry.name] = entry;
    fillGames();
    showOpen(answer.tables);
  } catch (error) {
    say("Could not reach the server.");
  }
}

function showOpen(tables) {
  const list = $("open-list");
  if (!tables.length) {
    list.replaceChildren(el("li", { class: "empty" }, "No table waits for players now."));
    return;
  }
  const base = location.origin + location.pathname;
  // while a game goes on here, another table opens in a new tab: this one keeps its game
  const elsewhere = running() ? "_blank" : null;
  list.replaceChildren(...tables.map((table) => el("li", { class: "open-table" },
    el("span", {}, described(table.game).short + ", " + table.players + " players: "),
    table.free.map((free) => el("a", { href: base + free.invite, class: "join-link", target: elsewhere, rel: elsewhere && "noopener" }, "Take seat " + (free.seat + 1))),
    el("a", { href: base + table.watch, class: "watch-link", target: elsewhere, rel: elsewhere && "noopener" }, "Watch"))));
}

async function refreshOpen() {
  try {
    const answer = await api("GET", "/api/lobby");
    showOpen(answer.tables);
  } catch (error) {
    say("Could not reach the server.");
  }
}

// New game: asks first when a game is still going on.
async function askNewGame() {
  await lobby.ready;
  if (!running()) {
    newGame();
    return;
  }
  $("confirm").hidden = false;
  $("confirm-no").focus();
}

function answerConfirm(yes) {
  $("confirm").hidden = true;
  if (yes) newGame();
  else $("new-game").focus();
}

async function newGame() {
  const info = chosen();
  if (!info) return;
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
  let rules;
  try {
    rules = rulesWanted();
  } catch (error) {
    say(error.message);
    return;
  }
  const n = playersWanted();
  const seats = Array.from({ length: n }, (_, seat) => $("seat-" + seat).value);
  const names = Array.from({ length: n }, (_, seat) => $("name-" + seat).value.trim().slice(0, 24));
  const realTable = $("real-table").checked;
  const body = { game: info.name, players: n, seats, seed, names };
  if (realTable) body.real_table = true;
  if ($("variant").value) body.variant = $("variant").value;
  if (Object.keys(rules).length) body.rules = rules;
  await busy(async () => {
    const created = await api("POST", "/api/tables", body);
    reset(created.id);
    await useTable({
      game: info.name,
      title: info.title,
      players: n,
      real_table: realTable,
      seats: seats.map((kind, seat) => ({ seat, kind, name: names[seat] })),
    });
    for (const entry of created.seats) game.seats[entry.seat] = { token: entry.token, seen: 0, log: [] };
    const base = location.origin + location.pathname;
    game.invite = created.invites.map((entry) => ({
      seat: entry.seat,
      link: base + "#game=" + encodeURIComponent(created.id) + "&invite=" + encodeURIComponent(entry.invite),
    }));
    say("");
    remember();
    showLinks();
    game.focusBoard = true;
    const mine = created.seats.map((entry) => entry.seat);
    if (mine.length > 1) showCover(mine[0]);
    else await fetchSeat(mine[0]);
    connect();
  });
}

// --- the live connection -------------------------------------------------------------------

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
  return undefined;
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
    if (seen < game.watching.seen) Object.assign(game.watching, { seen: 0, log: [] }); // an undo
    if (seen !== game.watching.seen) refresh();
    return;
  }
  // a table that went back (an undo) is read again from its first move
  for (const entry of Object.values(game.seats)) if (seen < entry.seen) Object.assign(entry, { seen: 0, log: [] });
  const entry = game.seats[game.current];
  if (!entry || seen === entry.seen || !$("cover").hidden) return;
  refresh();
}

function refresh() {
  if (game.refreshing) return;
  game.refreshing = true;
  serial(async () => {
    if (!game.id) return;
    if (game.watching) await fetchPublic();
    else if (game.seats[game.current] && $("cover").hidden) await fetchSeat(game.current, false);
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
    say("");
    reset(id);
    await useTable(await api("GET", "/api/tables/" + encodeURIComponent(id)));
    $("hint").textContent = "You are watching: the table as every player sees it, without anyone's hand. It moves by itself.";
    game.watching = { seen: 0, log: [], doc: null };
    $("links").hidden = true;
    await fetchPublic();
    connect();
  });
}

async function fetchPublic() {
  const watching = game.watching;
  const answer = await api("GET", "/api/games/" + game.id + "/public?since=" + watching.seen);
  const first = watching.seen;
  watching.seen = answer.seen;
  answer.log.forEach((line, i) => watching.log.push({ n: first + i + 1, text: told(line, null) }));
  watching.log = watching.log.slice(-LOG_SIZE);
  watching.doc = answer;
  document.body.dataset.seen = String(answer.seen);
  showOnly("spectate");
  const over = answer.outcome !== null;
  let turn;
  if (over) turn = "Game over: " + answer.outcome.winners.map(nameOf).join(" and ") + (answer.outcome.winners.length > 1 ? " tie" : " wins");
  else if (answer.to_move === "chance" && game.info && game.info.real_table) turn = "Chance acts: the players enter what happened at the table";
  else if (answer.to_move === "chance") turn = "Cards are being dealt";
  else turn = nameOf(answer.to_move) + " to play";
  $("spectate-turn").textContent = turn + " · " + counted(answer.seen, "move");
  renderScores($("spectate-scores"), answer.figures, over, null);
  renderResult($("spectate-result"), answer.outcome, answer.figures, null);
  $("spectate-log").replaceChildren(...watching.log.map((line) => el("li", { value: line.n }, line.text)));
  const root = $("spectate-board");
  root.replaceChildren();
  drawBoard(root, answer, null);
}

// --- a seat's document -----------------------------------------------------------------------

// The seat's news; `always` draws even when nothing moved (after a refused move). A poll
// that finds nothing new leaves the board alone: a choice half made stays made.
async function fetchSeat(seat, always = true) {
  const entry = game.seats[seat];
  if (!entry) return;
  const answer = await api("GET", "/api/games/" + game.id + "?since=" + entry.seen, undefined, entry.token);
  const same = game.doc && game.current === seat && answer.seen === entry.seen;
  if (same && !always) return;
  receive(seat, answer);
}

function receive(seat, answer) {
  const entry = game.seats[seat];
  const update = answer.update.update;
  const first = answer.seen - update.observations.length;
  entry.seen = answer.seen;
  update.observations.forEach((item, i) => entry.log.push({ n: first + i + 1, text: item.description }));
  entry.log = entry.log.slice(-LOG_SIZE);
  game.current = seat;
  game.doc = update;
  game.outcomes = Array.isArray(answer.outcomes) ? answer.outcomes : [];
  document.body.dataset.seen = String(answer.seen);
  render();
}

async function send(notation) {
  await post("moves", { move: notation });
}

// At a real table: what chance did (a card drawn, where a die landed), in its notation.
async function tell(notation) {
  await post("chance", { outcome: notation });
}

// A move or a chance outcome from the seat shown; a refusal is said and the table redrawn.
async function post(path, fields) {
  const seat = game.current;
  const entry = game.seats[seat];
  if (!entry || document.body.dataset.busy === "true") return;
  await busy(async () => {
    try {
      const answer = await api("POST", "/api/games/" + game.id + "/" + path, { ...fields, seen: entry.seen }, entry.token);
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
    if (Object.keys(game.seats).length > 1 && game.doc.outcome === null && next !== seat && next in game.seats) {
      showCover(next);
    }
  });
}

// --- the cover between seats (pass and play) -------------------------------------------------

function clearBoard() {
  $("board-root").replaceChildren();
  $("spectate-board").replaceChildren();
  $("moves").replaceChildren();
}

// The next seat's turn on a shared device: the last hand leaves the page entirely.
function showCover(seat) {
  clearBoard();
  game.doc = null;
  showOnly("cover");
  $("cover-text").textContent = "Pass the device to " + nameOf(seat) + ". " + nameOf(seat) + ": tap when you are ready.";
  $("cover-button").dataset.seat = String(seat);
  $("cover-button").textContent = "Show " + nameOf(seat) + "'s hand";
  $("cover-button").focus();
}

async function leaveCover() {
  const seat = Number($("cover-button").dataset.seat);
  game.focusBoard = true;
  await busy(async () => {
    await fetchSeat(seat);
  });
}

// --- drawing ---------------------------------------------------------------------------------

function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function drawBoard(root, doc, seat) {
  const boards = window.PicnicBoards;
  const board = game.board || boards.generic;
  const names = Array.from({ length: game.info ? game.info.players : 0 }, (_, i) => (i === seat ? "you" : nameOf(i)));
  const ctx = {
    game: game.name,
    scoreWord: described(game.name).score_word,
    seat,
    names,
    ownName: seat === null ? null : nameOf(seat),
    play: (notation) => send(notation),
    tell: tells(doc, seat) ? (notation) => tell(notation) : null,
    busy: false, // drawn from a settled document; a move asked for while one is in flight is ignored
    reducedMotion: reducedMotion(),
    spectator: seat === null,
    words: (text) => told(text, seat),  // a sentence of the game with the players' names
    el: boards.el,
    card: boards.card,
  };
  try {
    board.draw(root, doc, ctx);
  } catch (error) {
    root.replaceChildren();
    boards.generic.draw(root, doc, ctx);
    say("The board could not be drawn: " + error.message);
  }
  // a board that offers no form of its own for this chance event gets the plain one
  if (ctx.tell && !root.querySelector("#pa-landing, [data-tell]")) root.prepend(tellForm(ctx));
}

// Whether the seat shown types in chance's outcome now (a real table, chance to act).
function tells(doc, seat) {
  return Boolean(game.info && game.info.real_table && seat !== null && !game.watching &&
    doc && doc.outcome === null && doc.to_move === "chance");
}

// The plain form for chance's outcome: a text field, the possible outcomes listed (each
// fills the field); for a game whose outcomes are too many to list, the notation's form.
function tellForm(ctx) {
  const outcomes = game.outcomes;
  const input = el("input", {
    id: "tell-outcome", type: "text", autocomplete: "off", spellcheck: "false", maxlength: 200,
    "aria-describedby": "tell-help", "data-focus": true,
  });
  const listed = outcomes.length > 0 && outcomes.length <= 60;
  const help = listed ? "Possible now (pick one or type it):" :
    outcomes.length ? outcomes.length + " outcomes are possible: type the one that happened." :
      "Type it in the game's notation, as the rules page shows it (for example: land 3 on 4).";
  const form = el("form", { id: "tell-form", class: "tell-form", "data-tell": "", "aria-label": "what chance did at the table" },
    el("h2", {}, "Chance acts: what happened at the table?"),
    el("p", { id: "tell-help", class: "hint" }, help),
    listed ? el("ul", { class: "tell-outcomes", "aria-label": "possible outcomes" }, outcomes.map((text) =>
      el("li", {}, el("button", { type: "button", class: "tell-pick", "data-outcome": text, disabled: ctx.busy,
        onclick: () => { input.value = text; input.focus(); } }, text)))) : null,
    el("label", {}, "What happened", input),
    el("button", { type: "submit", id: "tell-send", disabled: ctx.busy }, "Enter it"));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) {
      say("Type what happened first.");
      input.focus();
      return;
    }
    ctx.tell(text);
  });
  return form;
}

function render() {
  const doc = game.doc;
  if (!doc) return;
  const root = $("board-root");
  const active = document.activeElement;
  const wasInside = !active || active === document.body || root.contains(active);
  showOnly("board");
  const over = doc.outcome !== null;
  const mine = doc.to_move === game.current;
  let turn;
  if (over) turn = "Game over";
  else if (mine) turn = "Your turn, " + nameOf(game.current);
  else if (doc.to_move === "chance" && game.info && game.info.real_table) turn = "Chance acts: enter what happened at the table";
  else if (doc.to_move === null || typeof doc.to_move !== "number") turn = "The cards are being dealt";
  else turn = seatLabel(doc.to_move) + " to play";
  $("turn").textContent = turn;
  renderScores($("scores"), doc.figures, over, game.current);
  renderResult($("result"), doc.outcome, doc.figures, game.current);
  root.replaceChildren();
  drawBoard(root, doc, game.current);
  renderLog();
  if (game.focusBoard && !over) {
    // a new game, a joined seat, a hand shown: the table itself takes the focus, so that
    // no key pressed to start it acts on the board before the player has looked
    root.focus({ preventScroll: true });
  } else if (wasInside && !root.contains(document.activeElement) && !over) {
    const target = root.querySelector("[data-focus]") || root.querySelector("button:not([disabled]), [tabindex='0']");
    if (target) target.focus({ preventScroll: true });
  }
  game.focusBoard = false;
  $("hint-row").hidden = over || !mine;
  if (!mine || over) $("hint-box").hidden = true;
  if (over) showReview();
  if (!over && mine) showDecision();
  if (over && !game.ended) {
    game.ended = true;
    const box = $("result");
    $("turn").scrollIntoView({ block: "start" });  // "Game over" and the result at the top
    box.focus({ preventScroll: true });
  }
}

window.addEventListener("resize", () => {
  const doc = game.doc;
  if (doc && !game.watching && $("cover").hidden && doc.outcome === null && doc.to_move === game.current) showDecision();
});

function renderLog() {
  const entry = game.seats[game.current];
  const list = $("moves");
  list.replaceChildren(...entry.log.map((line) => el("li", { value: line.n }, told(line.text, game.current))));
  list.scrollTop = list.scrollHeight;
}

// Each seat's points so far, from the game's figures (none for a game that shows none).
function renderScores(node, figures, over, seat) {
  const scores = figures && Array.isArray(figures.scores) ? figures.scores : null;
  node.hidden = !scores || over;
  if (!scores || over) {
    node.replaceChildren();
    return;
  }
  const word = described(game.name).score_word;
  node.replaceChildren(el("strong", {}, word + " so far: "),
    scores.map((score, i) => (seat === null ? nameOf(i) : seatLabel(i)) + " " + score).join(" · "));
}

// The end: who won, why the game ended, and each seat's score counted out the way the
// rulebook counts it (the game's figures' breakdown), else the scores alone.
function renderResult(box, outcome, figures, seat) {
  box.hidden = outcome === null;
  if (outcome === null) {
    box.replaceChildren();
    return;
  }
  const label = (i) => (seat === null ? nameOf(i) : seatLabel(i));
  let headline;
  const alone = seat !== null && Object.keys(game.seats).length === 1;
  if (outcome.winners.length > 1) headline = "A tie: " + outcome.winners.map(nameOf).join(" and ");
  else if (alone && outcome.winners[0] === seat) headline = "You win!";
  else headline = nameOf(outcome.winners[0]) + " wins!";
  const entry = described(game.name);
  const why = "The game ended: " + (entry.reasons[outcome.reason] || outcome.reason.replace(/-/g, " ")) + ".";
  const rows = figures && Array.isArray(figures.breakdown) ? figures.breakdown : null;
  const totals = entry.score_word + ": " + outcome.scores.map((score, i) => label(i) + ": " + score).join(", ") + ".";
  const parts = [el("h2", {}, headline), el("p", { class: "reason" }, rows ? why : why + " " + totals)];
  if (rows) {
    if (figures.counting) parts.push(el("p", { class: "counting" }, figures.counting));
    parts.push(el("ul", { class: "breakdown" }, outcome.scores.map((score, i) => el("li", { "data-seat": String(i) },
      el("strong", {}, label(i) + ": " + counted(score, "point")),
      el("ul", {}, (rows[i] || []).map((line) => el("li", {}, line.what + ": " + signed(line.points))))))));
  }
  box.replaceChildren(...parts);
}

function signed(points) {
  return points < 0 ? "\u2212" + -points : String(points);
}

// Keep the decision in view: the parts of the board a player must judge or act on (a
// board marks them data-decision) and every control, scrolled into the screen when they
// are not all on it already.
function showDecision() {
  const root = $("board-root");
  const parts = Array.from(root.querySelectorAll("[data-decision], button:not([disabled])"))
    .filter((node) => node.getClientRects().length);
  if (!parts.length) return;
  const boxes = parts.map((node) => node.getBoundingClientRect());
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.bottom));
  if (top >= 0 && bottom <= window.innerHeight) return;
  const turn = $("turn").getBoundingClientRect();
  const start = bottom - turn.top <= window.innerHeight ? turn.top : top;  // the turn line too if it fits
  window.scrollBy(0, start - 4);
}

// --- the search explains: a hint, and the review after the game -------------------------------

function hideAnalysis() {
  $("hint-row").hidden = true;
  $("hint-box").hidden = true;
  $("hint-box").replaceChildren();
  $("review").hidden = true;
  $("review-moment").hidden = true;
}

function percent(share) {
  return Math.round(100 * share) + "%";
}

// The search's three favourite moves for the seat shown, from its view, if the table's
// hint policy allows hints (else the refusal, in words).
async function askHint() {
  const seat = game.current;
  const entry = game.seats[seat];
  if (!entry) return;
  const box = $("hint-box");
  box.hidden = false;
  box.replaceChildren(el("p", {}, "The search is thinking ..."));
  try {
    const answer = await api("GET", "/api/games/" + game.id + "/hint", undefined, entry.token);
    const hint = answer.hint;
    box.replaceChildren(
      el("p", {}, "Hint (" + hint.iterations + " tries from your view): your chance to win after each move"),
      el("ol", { class: "hint-moves" }, hint.moves.map((move) => el("li", { "data-move": move.move },
        told(move.words, seat) + " — " + percent(move.share) +
        " (" + Math.round(100 * move.low) + "–" + percent(move.high) + ", " + counted(move.visits, "try", "tries") + ")"))));
  } catch (error) {
    box.replaceChildren(el("p", { class: "refusal" }, error instanceof ApiError && error.code === "hints-off"
      ? "No hints at this table: " + error.message + "." : explain(error)));
  }
}

// After the game, the seat's own review: its chance to win over its decisions as a small
// chart, each mistake with the better move in words, and a click to see the table then.
async function showReview() {
  const seat = game.current;
  const entry = game.seats[seat];
  if (!entry || game.watching || game.reviewed === game.id) return;
  game.reviewed = game.id;
  const box = $("review");
  box.hidden = false;
  $("review-summary").textContent = "The search is reviewing your decisions ...";
  let review;
  try {
    review = (await api("GET", "/api/games/" + game.id + "/review", undefined, entry.token)).review;
  } catch (error) {
    $("review-summary").textContent = explain(error);
    return;
  }
  $("review-summary").textContent = sentence(told(review.summary, seat)) + ".";
  const rated = review.decisions.filter((decision) => !decision.forced);
  $("review-chart").replaceChildren(reviewChart(rated, seat, entry));
  $("review-mistakes").replaceChildren(...review.decisions.filter((decision) => decision.mistake).map((decision) =>
    el("li", { "data-number": String(decision.number) },
      "Move " + decision.number + ": " + told(decision.words, seat) + " — better: " +
      told(decision.best.words, seat) + " (chance to win " + percent(decision.best.share) + ", " +
      percent(decision.loss) + " given away)",
      el("button", { type: "button", onclick: () => showMoment(decision.number, entry, seat) }, "See the table then"))));
}

const SVG_NS = "http://www.w3.org/2000/svg";

function svgNode(tag, attrs) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

// The chance to win at each rated decision, left to right; a mistake is a red dot.
function reviewChart(rated, seat, entry) {
  const width = 320, height = 120, pad = 10;
  const chart = svgNode("svg", { viewBox: "0 0 " + width + " " + height, class: "review-chart", role: "img",
    "aria-label": "Your chance to win at each of your decisions, by the search's estimate" });
  const x = (i) => pad + (rated.length > 1 ? (i * (width - 2 * pad)) / (rated.length - 1) : (width - 2 * pad) / 2);
  const y = (share) => height - pad - share * (height - 2 * pad);
  chart.append(svgNode("line", { class: "axis", x1: pad, y1: height - pad, x2: width - pad, y2: height - pad }));
  chart.append(svgNode("line", { class: "half", x1: pad, y1: y(0.5), x2: width - pad, y2: y(0.5) }));
  chart.append(svgNode("polyline", { class: "line", points: rated.map((d, i) => x(i) + "," + y(d.chance)).join(" ") }));
  rated.forEach((decision, i) => {
    if (!decision.mistake) return;
    const dot = svgNode("circle", { class: "mistake", cx: x(i), cy: y(decision.chance), r: 4, "data-number": decision.number });
    const title = svgNode("title", {});
    title.textContent = "Move " + decision.number + ": a mistake";
    dot.append(title);
    dot.addEventListener("click", () => showMoment(decision.number, entry, seat));
    chart.append(dot);
  });
  return chart;
}

// The table as the seat saw it just before move `number` (nothing to play on it).
async function showMoment(number, entry, seat) {
  const box = $("review-moment");
  try {
    const answer = await api("GET", "/api/games/" + game.id + "/review/moment?move=" + number, undefined, entry.token);
    const root = $("review-moment-board");
    root.replaceChildren();
    $("review-moment-title").textContent = "The table before move " + number;
    box.hidden = false;
    drawBoard(root, answer.update.update, seat);  // no legal moves: nothing to play on it
    box.dataset.move = String(number);
    box.scrollIntoView({ block: "nearest" });
  } catch (error) {
    say(explain(error));
  }
}

// --- keys ------------------------------------------------------------------------------------

function typing(target) {
  if (!target || !target.tagName) return false;
  return ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.isContentEditable;
}

// Whether a key may act on the board now (boards ask before acting on a key).
window.PicnicBoards.allowKeys = (event) => {
  if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return false;
  return $("cover").hidden && $("confirm").hidden && Boolean(game.doc) && !game.watching;
};

document.addEventListener("DOMContentLoaded", () => {
  $("new-game").addEventListener("click", () => askNewGame());
  $("seed").addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      askNewGame();
    }
  });
  $("confirm-yes").addEventListener("click", () => answerConfirm(true));
  $("confirm-no").addEventListener("click", () => answerConfirm(false));
  $("confirm").addEventListener("keydown", (event) => {
    if (event.key === "Escape") answerConfirm(false);
  });
  $("game").addEventListener("change", () => fillGame());
  $("players").addEventListener("change", () => fillSeats());
  $("offer-watch").addEventListener("click", () => { const id = $("offer-watch").dataset.table; if (id) watch(id); });
  $("mode").addEventListener("change", () => fillSeats());
  $("open-refresh").addEventListener("click", () => refreshOpen());
  for (const id of ["invite-link", "watch-link"]) $(id).addEventListener("focus", () => $(id).select());
  $("cover-button").addEventListener("click", () => leaveCover());
  $("hint-button").addEventListener("click", () => askHint());
  window.addEventListener("hashchange", () => resume());
  lobby.ready = loadLobby();
  lobby.ready.then(() => resume());
});
