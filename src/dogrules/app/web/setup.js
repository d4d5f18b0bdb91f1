// The bar that sets a table up: variant, table (players and teams), the person's seat, the
// seats friends play (the others are the bots'), the bots, the seed and animations; read
// from the page's address, or from the form.

import { $, el } from "./view.js";

const STEP_MS = 110;

function formsOf(variants, name) {
  return variants.find((v) => v.name === name)?.forms ?? [];
}

/** Fill the form's lists; `variants` as `hello` answers them, `bots` by name. */
export function fillSetup(variants, bots) {
  for (const v of variants) $("variant").append(el("option", { value: v.name }, v.title));
  for (const name of bots) $("bot").append(el("option", { value: name }, name));
  $("variant").addEventListener("change", () => {
    fillForms(variants);
    fillRulings(variants);
  });
  $("form").addEventListener("change", () => fillSeats());
  $("seat").addEventListener("change", () => fillFriends());
}

function fillForms(variants, wanted) {
  const select = $("form");
  select.replaceChildren();
  for (const form of formsOf(variants, $("variant").value)) {
    const value = `${form.players}${form.teams ? "t" : ""}`;
    const text = `${form.players} players${form.teams ? ", teams" : ""}`;
    select.append(el("option", { value, selected: value === wanted }, text));
  }
  fillSeats();
}

function fillSeats(wanted = $("seat").value) {
  const players = Number.parseInt($("form").value, 10) || 2;
  const select = $("seat");
  select.replaceChildren();
  for (let seat = 0; seat < players; seat += 1) {
    const selected = String(seat) === String(wanted);
    select.append(el("option", { value: seat, selected }, `seat ${seat}`));
  }
  fillFriends();
}

/** A box for each other seat: ticked, a friend plays it (they join by the table's link). */
function fillFriends(wanted = checkedFriends()) {
  const players = Number.parseInt($("form").value, 10) || 2;
  const mine = Number($("seat").value);
  const boxes = [];
  for (let seat = 0; seat < players; seat += 1) {
    if (seat === mine) continue;
    const box = el("input", { type: "checkbox", name: "friend", value: seat, checked: wanted.includes(seat) });
    boxes.push(el("label", { class: "check" }, box, ` ${seat}`));
  }
  $("friends").replaceChildren(...boxes);
}

function checkedFriends() {
  return [...document.querySelectorAll('#friends input[name="friend"]:checked')].map((b) => Number(b.value));
}

function rulingsOf(variants, name) {
  return variants.find((v) => v.name === name)?.rulings ?? [];
}

/** A select per ruling of the chosen variant, showing `wanted` (id -> reading) or the
 * reading the server plays. */
function fillRulings(variants, wanted = {}) {
  const box = $("rulings");
  box.replaceChildren();
  for (const ruling of rulingsOf(variants, $("variant").value)) {
    const shown = wanted[ruling.id] ?? ruling.played;
    const select = el("select", { "data-ruling": ruling.id, name: ruling.id });
    for (const reading of ruling.readings) {
      select.append(el("option", { value: reading, selected: reading === shown }, reading));
    }
    box.append(el("label", {}, `${ruling.id} `, select));
  }
}

/** The house rules `query` asks for (rulings=R-C4:strict,R-K9:compulsory), those of the
 * variant only, each a reading it has; the reading the server plays for the others. */
function rulingsFromQuery(variants, variant, text) {
  const chosen = Object.fromEntries(rulingsOf(variants, variant).map((r) => [r.id, r.played]));
  for (const item of (text ?? "").split(",")) {
    const [id, reading] = item.split(":");
    const ruling = rulingsOf(variants, variant).find((r) => r.id === id);
    if (ruling?.readings.includes(reading)) chosen[id] = reading;
  }
  return chosen;
}

/** `rulings` (id -> reading) as the address keeps them (R-C4:strict,R-K9:compulsory): those
 * that depart from the readings the server plays by default. */
export function rulingsQuery(variants, variant, rulings) {
  return rulingsOf(variants, variant)
    .filter((r) => rulings[r.id] !== undefined && rulings[r.id] !== r.played)
    .map((r) => `${r.id}:${rulings[r.id]}`)
    .join(",");
}

function whole(text, fallback) {
  const number = Number(text);
  return text !== null && Number.isSafeInteger(number) && number >= 0 ? number : fallback;
}

/** The sides of the table a view shows (partners in a team game), as `hello` says. */
export function sidesOf(variants, answer) {
  const { players, teams } = answer.view;
  const form = formsOf(variants, answer.variant).find((f) => f.players === players && f.teams === teams);
  return form?.sides ?? [...Array(players).keys()].map((seat) => [seat]);
}

/** The settings the address asks for (?variant=&players=&teams=&seat=&friends=1,2&bot=
 * &seed=&rulings=R-C4:strict&anim=), what it leaves out or gets wrong defaulted. */
export function settingsFromQuery(variants, bots, defaultBot) {
  const query = new URLSearchParams(location.search);
  const wanted = query.get("variant");
  const variant = variants.some((v) => v.name === wanted) ? wanted : variants[0].name;
  const forms = formsOf(variants, variant);
  const players = whole(query.get("players"), forms[forms.length - 1].players);
  const teams = query.get("teams");
  const form =
    forms.find((f) => f.players === players && (teams === null || f.teams === (teams === "1"))) ??
    forms.find((f) => f.players === players) ??
    forms[forms.length - 1];
  // Whoever asks for reduced motion gets no animations, unless the address asks for them.
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  const anim = whole(query.get("anim"), still ? 0 : STEP_MS);
  const seat = whole(query.get("seat"), 0) % form.players;
  const friends = (query.get("friends") ?? "")
    .split(",")
    .map((text) => whole(text, -1))
    .filter((s, i, all) => s >= 0 && s < form.players && s !== seat && all.indexOf(s) === i);
  return {
    variant,
    players: form.players,
    teams: form.teams,
    seat,
    friends,
    bot: bots.includes(query.get("bot")) ? query.get("bot") : defaultBot,
    seed: whole(query.get("seed"), Math.floor(Math.random() * 1e6)),
    rulings: rulingsFromQuery(variants, variant, query.get("rulings")),
    animate: anim !== 0,
    stepMs: anim > 1 ? anim : STEP_MS,
  };
}

/** The settings the form shows (`stepMs`: the animation speed, which it does not). */
export function settingsFromForm(stepMs) {
  const form = $("form").value;
  return {
    variant: $("variant").value,
    players: Number.parseInt(form, 10),
    teams: form.endsWith("t"),
    seat: Number($("seat").value),
    friends: checkedFriends(),
    bot: $("bot").value,
    seed: whole($("seed").value, 0),
    rulings: Object.fromEntries(
      [...$("rulings").querySelectorAll("select")].map((s) => [s.dataset.ruling, s.value]),
    ),
    animate: $("anim").checked,
    stepMs,
  };
}

export function showSettings(variants, settings) {
  $("variant").value = settings.variant;
  fillForms(variants, `${settings.players}${settings.teams ? "t" : ""}`);
  fillSeats(settings.seat);
  fillFriends(settings.friends);
  $("bot").value = settings.bot;
  $("seed").value = settings.seed;
  fillRulings(variants, settings.rulings);
  $("anim").checked = settings.animate;
}
