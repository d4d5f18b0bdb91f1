// The web table: people play together at a table the server holds, bots in the other
// seats. The page holds only its seat's token (kept in this browser, so a reload or a
// dropped connection rejoins the same seat) and shows only what the server sends that seat:
// its observation, the board, the moves as it may see them. It learns of every change from
// the table's event stream (table/<id>/events) and then asks for its own view.
//
// Address: ?table=<id> joins (or rejoins) that table; otherwise the settings (variant,
// players, teams, seat, friends, bot, seed, rulings) open a new one; the table's house
// rules stay in the address (rulings=R-C4:strict, those not the server's default). anim=0 switches animations off
// (anim=N: N milliseconds a field). Test hooks: <body data-turn="you|other|over|loading"
// data-step="card|piece|..." data-busy data-animating data-connection="live|lost">.

import { ApiError, get, op } from "./api.js";
import { Board } from "./board.js";
import { Seat } from "./seat.js";
import {
  fillSetup,
  rulingsQuery,
  settingsFromForm,
  settingsFromQuery,
  showSettings,
  sidesOf,
} from "./setup.js";
import {
  $,
  cardButton,
  cardHelp,
  chip,
  el,
  houseRules,
  moveEntry,
  prompt,
  ruling,
  seatList,
  whoText,
  winnerText,
} from "./view.js";

const LOG_LIMIT = 120;
const ANIMATED_AT_MOST = 12; // more moves at once (a rejoin): shown, not animated
const BOARD_STEPS = new Set(["piece", "target", "field"]);

const game = {
  seat: null, // Seat: the table, the seat and its token; requests with retries
  view: null, // the server's view for this seat
  variants: [],
  sides: [],
  animate: true,
  stepMs: 110,
  decision: null,
  path: [],
  trying: null, // a move being put together off the options, to ask why not
};
let board;

const setTurn = (turn) => (document.body.dataset.turn = turn);

function setBusy(busy) {
  if (busy) document.body.dataset.busy = "";
  else delete document.body.dataset.busy;
}

function status(text, kind = "") {
  $("status").replaceChildren(text);
  $("status").className = kind;
}

/** A failure the page cannot get past by itself: said plainly, with a way on. */
function fail(error) {
  console.warn(error);
  setBusy(false);
  if (error instanceof ApiError && error.code === "unknown_table") {
    game.seat?.close();
    status(`This table is gone: ${error.message}. Open a new table above.`, "error");
    return;
  }
  const again = el("button", { type: "button", id: "again" }, "Try again");
  // Trying again starts afresh from the server's view: nothing the page held is trusted.
  again.addEventListener("click", () => {
    if (!game.seat) location.reload();
    game.view = null;
    status("Trying again…");
    catchUp().catch(fail);
  });
  $("status").replaceChildren(`${error.message} `, again);
  $("status").className = "error";
}

// ----- seats and tables -------------------------------------------------------------------

async function openTable(settings) {
  setTurn("loading");
  const people = [settings.seat, ...settings.friends];
  const seat = await Seat.open(settings, people);
  seatAt(seat, settings);
}

async function joinTable(table, settings) {
  setTurn("loading");
  seatAt(await Seat.join(table), settings);
}

function seatAt(seat, settings) {
  game.seat?.close();
  Object.assign(game, { seat, view: null, decision: null, path: [], trying: null });
  document.body.dataset.seat = seat.seat;
  game.animate = settings.animate;
  game.stepMs = settings.stepMs;
  const query = new URLSearchParams({ table: seat.table });
  if (!settings.animate) query.set("anim", "0");
  else if (settings.stepMs !== 110) query.set("anim", settings.stepMs);
  history.replaceState(null, "", `?${query}`);
  $("log").replaceChildren();
  $("winner").hidden = true;
  $("why-answer").replaceChildren();
  showInvite();
  seat.listen(
    () => catchUp().catch(fail),
    (live) => {
      document.body.dataset.connection = live ? "live" : "lost";
      $("connection").hidden = live;
    },
  );
}

/** The readings the table plays: shown, and kept in the address beside the table's id. */
function showHouseRules(answer) {
  $("house-rules").replaceChildren(houseRules(answer.rulings, answer.variant));
  const query = new URLSearchParams(location.search);
  const kept = rulingsQuery(game.variants, answer.variant, answer.rulings ?? {});
  if (kept) query.set("rulings", kept);
  else query.delete("rulings");
  history.replaceState(null, "", `?${query}`);
}

function showInvite() {
  const link = new URL(`?table=${game.seat.table}`, location.href).href;
  $("invite-link").value = link;
}

// ----- catching up with the table ---------------------------------------------------------

let catching = null;
let again = false;

/** Show what happened since the page last looked: the moves (animated), then the board, the
 * hand and the seats; then the person's choices if it is their turn. One at a time: a
 * change while catching up is caught up right after. */
function catchUp() {
  if (catching) {
    again = true;
    return catching;
  }
  catching = (async () => {
    try {
      do {
        again = false;
        await catchUpOnce();
      } while (again);
    } finally {
      catching = null;
    }
  })();
  return catching;
}

async function catchUpOnce() {
  const seat = game.seat;
  const first = game.view === null;
  const since = first ? 0 : game.view.version;
  const answer = await seat.request("view", { since });
  if (seat !== game.seat) return;
  if (!first && answer.version === game.view.version) {
    // No move, but a seat may have been taken: the seats change, the turn does not.
    game.view.seats = answer.seats;
    $("seats").replaceChildren(seatList(answer, game.sides));
    if (document.body.dataset.turn === "other") await turn();
    return;
  }
  if (first) $("log").replaceChildren();
  const moves = answer.moves;
  const animated = !first && game.animate && moves.length <= ANIMATED_AT_MOST;
  for (const move of moves) {
    logMove(move);
    if (animated && move.events.some(Board.moves)) {
      setBusy(true);
      $("skip").hidden = false;
      document.body.dataset.animating = move.seat === answer.seat ? "you" : "other";
      await board.animate(move.events, game.stepMs, 10 * game.stepMs);
      delete document.body.dataset.animating;
      $("skip").hidden = true;
    }
  }
  game.view = answer;
  game.sides = sidesOf(game.variants, answer);
  board.show(answer.board);
  if (first) board.reveal(board.svg?.querySelector(`.piece.seat-${answer.seat}`));
  const last = moves.length ? moves[moves.length - 1] : null;
  // The last move that moved a piece stays marked until another does.
  const moved = moves.filter((m) => m.events.some(Board.moves)).pop();
  if (moved) game.moved = moved.events;
  if (first && !moved) game.moved = [];
  board.markMove(game.moved ?? []);
  $("seats").replaceChildren(seatList(answer, game.sides));
  if (first) showHouseRules(answer);
  $("last-move").textContent = last ? `Last move: ${moveEntry(last, answer.seat).title}` : "";
  $("why-answer").replaceChildren();
  game.decision = null;
  game.path = [];
  game.trying = null;
  showHand();
  await turn();
}

function logMove(move) {
  const log = $("log");
  log.prepend(moveEntry(move, game.seat.seat).item);
  while (log.children.length > LOG_LIMIT) log.lastChild.remove();
}

async function turn() {
  const view = game.view.view;
  if (view.winner.length) {
    setTurn("over");
    setBusy(false);
    $("winner").textContent = winnerText(view.winner, game.view.seat);
    $("winner").hidden = false;
    status("The game is over. Start a new one above.");
    showOptions([]);
    $("back").disabled = true;
    return;
  }
  if (view.to_act !== game.view.seat) {
    setTurn("other");
    setBusy(false);
    showOptions([]);
    $("back").disabled = true;
    const who = game.view.seats[view.to_act].who;
    const waiting = who === "open" ? "an empty seat: invite someone, or let the bots take it" : whoText(who);
    status(`Seat ${view.to_act} (${waiting}) is to play.`);
    return;
  }
  await step();
}

// ----- the person's choices ---------------------------------------------------------------

/** Ask the server for the staged decision after `game.path`; a complete path plays the
 * move (the event stream then brings it to every page). */
async function step() {
  setBusy(true);
  const seat = game.seat;
  let answer;
  try {
    answer = await seat.request("choose", { version: game.view.version, path: game.path });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (["stale", "not_your_turn"].includes(error.code)) return catchUp();
    // A step the server refused: said, and the decision offered again from its start.
    game.path = [];
    const answerAgain = await seat.request("choose", { version: game.view.version, path: [] });
    showDecision(answerAgain);
    status(`${error.message} Choose again.`, "trying");
    return;
  }
  if (seat !== game.seat) return;
  if (answer.played) {
    game.path = [];
    status("Played.");
    return catchUp();
  }
  showDecision(answer);
}

function showDecision(decision) {
  game.decision = decision;
  setTurn("you");
  document.body.dataset.step = decision.step;
  status(prompt(decision.step, game.path));
  board.clearMarks("tried");
  const onBoard = BOARD_STEPS.has(decision.step);
  board.highlight(onBoard ? decision.options.map((o) => o.value) : [], mySide());
  board.reveal(board.svg?.querySelector(".option"));
  markChosen();
  showOptions(decision.options);
  showHand();
  $("back").disabled = game.path.length === 0;
  setBusy(false);
}

/** The seats whose home an option H may mean: the person's, and the partner's in teams. */
function mySide() {
  return game.sides.find((side) => side.includes(game.view.seat));
}

function markChosen() {
  board.clearMarks("chosen");
  for (const label of game.path.slice(1)) {
    const loc = board.loc(String(label), game.view.seat);
    if (loc !== undefined && loc !== -1) board.mark(loc, mySide(), "chosen");
  }
}

function showOptions(options) {
  const box = $("options");
  box.replaceChildren(...options.map(chip));
  for (const button of box.querySelectorAll(".chip")) {
    const option = options.find((o) => o.label === button.dataset.label);
    button.addEventListener("click", () => choose(option));
    if (typeof option.value === "number") {
      const hover = () => board.mark(option.value, mySide(), "hover");
      const away = () => board.clearMarks("hover");
      button.addEventListener("mouseenter", hover);
      button.addEventListener("focus", hover);
      button.addEventListener("mouseleave", away);
      button.addEventListener("blur", away);
    }
  }
}

/** The options a card of the hand plays: the card itself, giving it, or Copy as a card. */
function optionsOfCard(card) {
  const decision = game.decision;
  if (decision?.step !== "card") return [];
  return decision.options.filter(
    (o) => o.label === card || o.label === `give ${card}` || o.label.startsWith(`${card}=`),
  );
}

function showHand() {
  const view = game.view?.view;
  const hand = view?.hand ?? [];
  const mine = document.body.dataset.turn === "you";
  const playing = mine ? game.path[0] : undefined;
  const help = game.view?.help ?? {};
  const cards = hand.map((card) => {
    const button = cardButton(card, help[card]);
    if (mine && optionsOfCard(card).length) button.classList.add("option");
    const shown = game.trying?.card ?? playing;
    if (shown !== undefined && (card === shown || optionsOfCard(card).some((o) => o.label === shown)))
      button.classList.add(game.trying ? "tried" : "chosen");
    button.addEventListener("click", () => pickCard(card));
    return button;
  });
  $("hand").replaceChildren(...(cards.length ? cards : [el("span", { class: "hint" }, "no cards")]));
  $("card-help").replaceChildren(...hand.filter((c, i) => hand.indexOf(c) === i).map((c) => cardHelp(c, help[c], game.view.variant)));
}

function choose(option) {
  if (document.body.dataset.busy !== undefined || !game.decision) return;
  game.trying = null;
  game.path = [...game.path, option.label];
  step().catch(fail);
}

function pickCard(card) {
  if (document.body.dataset.turn !== "you" || document.body.dataset.busy !== undefined) return;
  const options = optionsOfCard(card);
  if (options.length) {
    choose(options[0]);
    return;
  }
  // Not offered (or not now): put a move together with it, to ask why not.
  game.trying = { card, from: null, to: null };
  board.clearMarks("tried", "option");
  showHand();
  status(`${card} is not offered here. Click a piece and a field, then ask why not.`, "trying");
  $("back").disabled = false;
  updateWhy();
}

function pick(loc) {
  if (document.body.dataset.turn !== "you" || document.body.dataset.busy !== undefined) return;
  const decision = game.decision;
  if (!game.trying && BOARD_STEPS.has(decision.step)) {
    const option = decision.options.find((o) => o.value === loc);
    if (option) {
      choose(option);
      return;
    }
    const card = game.path[0] ?? "?";
    const from = decision.step === "target" ? game.path[game.path.length - 1] : null;
    game.trying = { card, from, to: null };
    board.clearMarks("option");
  }
  if (!game.trying) {
    status("Choose a card first (or click one that is not offered, to ask why not).", "trying");
    return;
  }
  const label = board.label(loc, game.view.seat);
  board.mark(loc, game.view.seat, "tried");
  if (game.trying.from === null) {
    game.trying.from = label;
    status(`From ${label}: now click the field it should go to.`, "trying");
  } else {
    game.trying.to = label;
    status(`${whyMove()} is not offered: ask why not, or go back.`, "trying");
  }
  $("back").disabled = false;
  updateWhy();
}

function whyMove() {
  const { card, from, to } = game.trying;
  return `${card} ${from ?? "?"}-${to ?? "?"}`;
}

function updateWhy() {
  if (game.trying?.from && game.trying?.to) $("why-move").value = whyMove();
}

function back() {
  if (document.body.dataset.busy !== undefined || !game.decision) return;
  if (game.trying) {
    game.trying = null;
    showDecision(game.decision);
    return;
  }
  game.path = game.path.slice(0, -1);
  step().catch(fail);
}

async function whyNot() {
  const move = $("why-move").value.trim();
  if (!move || !game.seat) return;
  const box = $("why-answer");
  try {
    box.replaceChildren(ruling(await game.seat.request("explain", { action: move }), game.view.variant));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    box.replaceChildren(el("p", { class: "ruling unreadable" }, error.message));
  }
}

// ----- start ------------------------------------------------------------------------------

async function main() {
  board = new Board($("board"), pick);
  const [hello, bots] = await Promise.all([op("hello"), get("table/bots")]);
  game.variants = hello.variants;
  fillSetup(hello.variants, bots.bots);
  const settings = settingsFromQuery(hello.variants, bots.bots, bots.default);
  showSettings(hello.variants, settings);
  $("setup").addEventListener("submit", (event) => {
    event.preventDefault();
    openTable(settingsFromForm(game.stepMs)).catch(fail);
  });
  $("why-form").addEventListener("submit", (event) => {
    event.preventDefault();
    whyNot().catch(fail);
  });
  $("back").addEventListener("click", back);
  $("skip").addEventListener("click", () => board.skip());
  $("fill").addEventListener("click", () =>
    game.seat?.request("fill", {}).then(() => catchUp()).catch(fail),
  );
  $("copy-invite").addEventListener("click", () => {
    $("invite-link").select();
    navigator.clipboard?.writeText($("invite-link").value).catch(() => {});
  });
  $("board").addEventListener("dblclick", () => board.skip());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") board.skip();
  });
  const table = new URLSearchParams(location.search).get("table");
  if (table) await joinTable(table, settings);
  else await openTable(settings);
}

main().catch(fail);
