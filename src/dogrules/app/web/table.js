// The web table: a person plays one seat against the built-in bots. The rules are all the
// server's: the page asks `choices` for each staged step, `apply` for its own move,
// `table/bot` for a bot's, `render` for the board and `explain` for "why not?".
//
// Query parameters (all optional): variant, players, teams (1/0), seat, bot, seed, and
// anim=0 to switch animations off (anim=N: N milliseconds a field, 110 by default). Test hooks: <body data-turn="you|bot|over"
// data-step="card|piece|..." data-busy data-animating="you|bot">.

import { ApiError, get, op, post } from "./api.js";
import { Board } from "./board.js";
import {
  fillSetup,
  queryOf,
  settingsFromForm,
  settingsFromQuery,
  showSettings,
  sidesOf,
} from "./setup.js";
import { $, cardButton, chip, el, logLines, prompt, ruling, seatList, winnerText } from "./view.js";

const LOG_LIMIT = 120;
const BOARD_STEPS = new Set(["piece", "target", "field"]);

const game = {
  state: null,
  seat: 0,
  sides: [], // the seats that win together, as the server's `hello` says (partners in teams)
  variants: [], // the variants and their forms, as `hello` answers them
  bot: "greedy",
  seed: 0,
  rulings: {}, // the house rules: ruling id -> the reading this game is played by
  animate: true,
  stepMs: 110,
  ply: 0,
  decision: null,
  path: [],
  trying: null, // a move being put together off the options, to ask why not: {card, from, to}
  generation: 0, // a new game makes the old one's pending steps stop
  drawn: Promise.resolve(), // the board of `state` drawn (redraw); awaited before using it
  draws: 0, // redraws asked for: only the latest one's board is shown
};
let board;

function setTurn(turn) {
  document.body.dataset.turn = turn;
}

function setBusy(busy) {
  if (busy) document.body.dataset.busy = "";
  else delete document.body.dataset.busy;
}

function status(text, kind = "") {
  $("status").textContent = text;
  $("status").className = kind;
}

function fail(error) {
  console.error(error);
  status(`Something went wrong: ${error.message}`, "error");
  setBusy(false);
}

// ----- a new game ------------------------------------------------------------------------

async function newGame(settings) {
  game.generation += 1;
  const generation = game.generation;
  setBusy(true);
  setTurn("loading");
  const answer = await op("new_game", {
    variant: settings.variant,
    players: settings.players,
    teams: settings.teams,
    seed: settings.seed,
    rulings: settings.rulings,
  });
  Object.assign(game, {
    state: answer.state,
    rulings: settings.rulings,
    seat: settings.seat,
    bot: settings.bot,
    sides: sidesOf(game.variants, settings),
    seed: settings.seed,
    animate: settings.animate,
    stepMs: settings.stepMs,
    ply: 0,
    decision: null,
    path: [],
    trying: null,
  });
  history.replaceState(null, "", queryOf(settings));
  $("log").replaceChildren();
  $("winner").hidden = true;
  $("why-answer").replaceChildren();
  redraw();
  await advance(generation);
}

// ----- the game's course ------------------------------------------------------------------

/** Ask for the board of the new state and show it, with the hand and seats, when it comes.
 * The next request (the bot's move, the person's choices) goes out meanwhile instead of
 * after it: what uses the board awaits `game.drawn` first. */
function redraw() {
  const { state } = game;
  game.draws += 1;
  const draw = game.draws;
  game.drawn = op("render", { state, rulings: game.rulings }).then((picture) => {
    if (draw !== game.draws) return; // a later state's board is on its way
    board.show(picture.content);
    showHand();
    $("seats").replaceChildren(seatList(state, game.seat, game.bot, game.sides));
  });
  // A board a later one replaced is nobody's concern, not an unhandled rejection; the
  // latest one's failure still reaches whoever awaits it.
  game.drawn.catch(() => {});
}

async function advance(generation) {
  while (generation === game.generation) {
    if (game.state.winner.length) {
      await game.drawn;
      if (generation !== game.generation) return;
      setTurn("over");
      setBusy(false);
      $("winner").textContent = winnerText(game.state, game.seat);
      $("winner").hidden = false;
      status("The game is over. Start a new one above.");
      showOptions([]);
      $("back").disabled = true;
      return;
    }
    if (game.state.to_act === game.seat) {
      game.path = [];
      game.trying = null;
      await step(generation);
      return;
    }
    await botTurn(generation);
  }
}

async function botTurn(generation) {
  setTurn("bot");
  setBusy(true);
  showOptions([]);
  $("back").disabled = true;
  const seat = game.state.to_act;
  status(`Seat ${seat} (${game.bot}) is thinking…`);
  const answer = await post("table/bot", {
    state: game.state,
    bot: game.bot,
    seed: (game.seed + game.ply) % 2 ** 48,
    seat: game.seat,
    rulings: game.rulings,
  });
  if (generation !== game.generation) return;
  status(`Seat ${seat} (${game.bot}): ${answer.action.notation}`);
  await play(answer, seat, generation);
}

/** Show an `apply` answer: log it, animate its moves, then the new state. */
async function play(answer, seat, generation) {
  await game.drawn; // the moves start from the board before them
  if (generation !== game.generation) return;
  const log = $("log");
  log.prepend(...logLines(seat, game.seat, answer.action, answer.events).reverse());
  while (log.children.length > LOG_LIMIT) log.lastChild.remove();
  if (game.animate && answer.events.some(Board.moves)) {
    $("skip").hidden = false;
    document.body.dataset.animating = seat === game.seat ? "you" : "bot";
    await board.animate(answer.events, game.stepMs, 10 * game.stepMs);
    delete document.body.dataset.animating;
    $("skip").hidden = true;
  }
  if (generation !== game.generation) return;
  game.state = answer.state;
  game.ply += 1;
  $("why-answer").replaceChildren(); // it spoke of the state before
  redraw();
}

async function step(generation) {
  setBusy(true);
  const decision = await op("choices", { state: game.state, path: game.path, rulings: game.rulings });
  if (generation !== game.generation) return;
  game.decision = decision;
  if (decision.action) {
    const seat = game.state.to_act;
    const answer = await op("apply", {
      state: game.state,
      action: decision.action,
      seat: game.seat,
      rulings: game.rulings,
    });
    await play(answer, seat, generation);
    await advance(generation);
    return;
  }
  await game.drawn; // the options are marked on it
  if (generation !== game.generation) return;
  showDecision();
  setBusy(false);
}

// ----- the person's choices ---------------------------------------------------------------

function showDecision() {
  const decision = game.decision;
  setTurn("you");
  document.body.dataset.step = decision.step;
  status(prompt(decision.step, game.path));
  board.clearMarks("tried");
  const onBoard = BOARD_STEPS.has(decision.step);
  board.highlight(onBoard ? decision.options.map((o) => o.value) : [], mySide());
  markChosen();
  showOptions(decision.options);
  showHand();
  $("back").disabled = game.path.length === 0;
}

/** The seats whose home an option H may mean: the person's, and the partner's in teams. */
function mySide() {
  return game.sides.find((side) => side.includes(game.seat));
}

/** Mark on the board the pieces and fields already chosen in this decision. */
function markChosen() {
  board.clearMarks("chosen");
  for (const label of game.path.slice(1)) {
    const loc = board.loc(label, game.seat);
    if (loc !== undefined && loc !== -1) board.mark(loc, mySide(), "chosen");
  }
}

function showOptions(options) {
  const box = $("options");
  box.replaceChildren(...options.map(chip));
  for (const button of box.querySelectorAll(".chip")) {
    const option = options.find((o) => o.label === button.dataset.label);
    button.addEventListener("click", () => choose(option));
    if (option.value !== null && typeof option.value === "number") {
      button.addEventListener("mouseenter", () => board.mark(option.value, mySide(), "hover"));
      button.addEventListener("mouseleave", () => board.clearMarks("hover"));
    }
  }
}

function showHand() {
  const hand = game.state.hands[String(game.seat)] ?? [];
  const decision = game.decision;
  const asking = document.body.dataset.turn === "you" && decision?.step === "card";
  const playing = document.body.dataset.turn === "you" ? game.path[0] : undefined;
  const cards = hand.map((card) => {
    const button = cardButton(card);
    if (asking && decision.options.some((o) => o.label === card)) button.classList.add("option");
    if (card === (game.trying?.card ?? playing)) button.classList.add(game.trying ? "tried" : "chosen");
    button.addEventListener("click", () => pickCard(card));
    return button;
  });
  $("hand").replaceChildren(...(cards.length ? cards : [el("span", { class: "hint" }, "no cards")]));
}

function choose(option) {
  if (document.body.dataset.busy !== undefined || !game.decision) return;
  game.trying = null;
  game.path = [...game.path, option.label];
  step(game.generation).catch(fail);
}

function pickCard(card) {
  if (document.body.dataset.turn !== "you" || document.body.dataset.busy !== undefined) return;
  const decision = game.decision;
  const option = decision.step === "card" && decision.options.find((o) => o.label === card);
  if (option) {
    choose(option);
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
  const label = board.label(loc, game.seat);
  board.mark(loc, game.seat, "tried");
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
  if (document.body.dataset.busy !== undefined) return;
  if (game.trying) {
    game.trying = null;
    showDecision();
    return;
  }
  game.path = game.path.slice(0, -1);
  step(game.generation).catch(fail);
}

async function whyNot() {
  const move = $("why-move").value.trim();
  if (!move || !game.state) return;
  const box = $("why-answer");
  try {
    const asked = { state: game.state, action: move, rulings: game.rulings };
    box.replaceChildren(ruling(await op("explain", asked)));
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
    newGame(settingsFromForm(game.stepMs)).catch(fail);
  });
  $("why-form").addEventListener("submit", (event) => {
    event.preventDefault();
    whyNot().catch(fail);
  });
  $("back").addEventListener("click", back);
  $("skip").addEventListener("click", () => board.skip());
  $("board").addEventListener("dblclick", () => board.skip());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") board.skip();
  });
  await newGame(settings);
}

main().catch(fail);
