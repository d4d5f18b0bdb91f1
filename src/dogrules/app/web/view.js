// Small pieces of the page drawn from the game's data: cards, option chips, the seats, the
// log and the answer to "why not?". Text always goes in as text, never as HTML.

export const $ = (id) => document.getElementById(id);

/** A new element: `el("li", {class: "x", "data-a": 1}, "text", child)`. */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) {
      element.setAttribute(name, value === true ? "" : String(value));
    }
  }
  element.append(...children.filter((c) => c !== null && c !== undefined));
  return element;
}

const CARD_COLOURS = {
  red: "#d9463b",
  blue: "#3a6fd8",
  green: "#3c9d4e",
  yellow: "#f0c419",
};

/** A card of the hand as a button; DOG Kids' colour cards are painted in their colours. */
export function cardButton(card) {
  const colours = card.split(/[ /]/).filter((word) => word in CARD_COLOURS);
  const button = el("button", { type: "button", class: "card", "data-card": card }, cardFace(card));
  if (colours.length) {
    const paint = colours.map((c) => CARD_COLOURS[c]);
    button.classList.add("coloured");
    button.style.background =
      paint.length === 1 ? paint[0] : `linear-gradient(135deg, ${paint[0]} 50%, ${paint[1]} 50%)`;
    if (colours.every((c) => c === "yellow")) button.classList.add("light");
  }
  return button;
}

function cardFace(card) {
  const double = card.endsWith(" x2");
  const name = card.replace(/ x2$/, "");
  const face = el("span", { class: "face" }, name.includes("/") ? "" : name);
  if (name.includes("/")) face.append(...name.split("/").map((c) => el("span", {}, c)));
  return double ? el("span", { class: "face" }, face, el("b", { class: "x2" }, "×2")) : face;
}

/** An option of the staged step as a chip. */
export function chip(option) {
  const loc = typeof option.value === "number" ? option.value : null;
  return el(
    "button",
    { type: "button", class: "chip option", "data-label": option.label, "data-loc": loc },
    option.label,
  );
}

const PROMPTS = {
  card: "Your turn: choose a card (or another decision).",
  piece: "Choose the piece to move (glowing on the board; H is your home).",
  target: "Choose where it goes.",
  field: "Choose the field for the Black Dog.",
  turn: "Turn the disc: clockwise (cw) or counter-clockwise (ccw).",
  done: "Done.",
};

export function prompt(kind, path) {
  const chosen = path.length ? ` (so far: ${path.join(" · ")})` : "";
  return (PROMPTS[kind] ?? `Choose: ${kind}`) + chosen;
}

/** The seats: who plays each, cards held, pieces at home, whose turn. */
export function seatList(state, me, bot, sides) {
  const list = el("ul", { class: "seats" });
  for (let seat = 0; seat < state.players; seat += 1) {
    const pieces = state.pieces[String(seat)];
    const home = pieces.filter((p) => p === "H").length;
    const cards = state.hands[String(seat)].length;
    const who = seat === me ? "you" : bot;
    const team = sides.findIndex((side) => side.includes(seat));
    const partner = state.teams ? ` · team ${team}` : "";
    const item = el(
      "li",
      { class: seat === state.to_act ? "to-act" : null, "data-seat": seat },
      el("b", {}, `Seat ${seat}`),
      ` ${who} · ${cards} card${cards === 1 ? "" : "s"} · ${home} at home${partner}`,
    );
    list.append(item);
  }
  return list;
}

export function winnerText(state, me) {
  const seats = state.winner;
  if (seats.includes(me)) return seats.length > 1 ? `Your team wins! (seats ${seats.join(" and ")})` : "You win!";
  return seats.length > 1 ? `Seats ${seats.join(" and ")} win.` : `Seat ${seats[0]} wins.`;
}

/** The log lines of one action: who did it, then its events. */
export function logLines(seat, me, action, events) {
  const who = seat === me ? "You" : `Seat ${seat}`;
  const lines = [el("li", { class: "action" }, el("b", {}, `${who}: ${action.notation}`))];
  for (const event of events) {
    if (event.kind === "played") continue; // the action line says it
    lines.push(el("li", { class: `event ${event.kind}` }, event.text));
  }
  return lines;
}

/** The answer of `explain`: its verdict and text, and every clause it cites. */
export function ruling(answer) {
  const verdict = answer.legal ? "legal" : "illegal";
  const box = el(
    "div",
    { class: `ruling ${verdict}`, "data-legal": answer.legal },
    el("p", { class: "verdict" }, answer.text),
  );
  if (answer.cited.length) {
    const list = el("ul", { class: "cited" });
    for (const clause of answer.cited) {
      list.append(
        el(
          "li",
          { "data-clause": clause.id },
          el("b", { class: "clause-id" }, clause.id),
          " ",
          el("span", { class: "clause-text" }, clause.text),
          el("small", {}, clause.source),
        ),
      );
    }
    box.append(list);
  }
  return box;
}
