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

/** A card of the hand as a button (its help, the clauses of its rule, as its tooltip);
 * DOG Kids' colour cards are painted in their colours. */
export function cardButton(card, help = []) {
  const colours = card.split(/[ /]/).filter((word) => word in CARD_COLOURS);
  const title = help.length ? `${card}: ${help.map((c) => c.text).join(" ")}` : card;
  const button = el(
    "button",
    { type: "button", class: "card", "data-card": card, title, "aria-label": `card ${card}` },
    cardFace(card),
  );
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

/** Where the rulebook (served at book/) tells the clause `id` of `variant`. */
export function bookLink(variant, id) {
  return el("a", { href: `book/${variant}.html#${id}`, target: "_blank", rel: "noopener" }, id);
}

/** What a card does: the clauses of its rule, each linked to its rulebook entry. */
export function cardHelp(card, help = [], variant = "") {
  const entry = el("li", { "data-card": card }, el("b", {}, card));
  for (const clause of help) entry.append(" ", bookLink(variant, clause.id), ` ${clause.text}`);
  return entry;
}

const WHO = { you: "you", bot: "bot", person: "a friend", open: "empty: invite someone" };

/** Who plays a seat, in words (`who`: you, bot, person or open, as the server says). */
export const whoText = (who) => WHO[who] ?? who;

/** The seats: who plays each, cards held, pieces at home, whose turn. */
export function seatList(answer, sides) {
  const view = answer.view;
  const list = el("ul", { class: "seats" });
  for (const { seat, who } of answer.seats) {
    const home = view.pieces[String(seat)].filter((p) => p === "H").length;
    const cards = view.hand_sizes[String(seat)];
    const team = sides.findIndex((side) => side.includes(seat));
    const partner = view.teams ? ` · team ${team}` : "";
    const item = el(
      "li",
      { class: seat === view.to_act ? "to-act" : null, "data-seat": seat, "data-who": who },
      el("b", {}, `Seat ${seat}`),
      ` ${whoText(who)} · ${cards} card${cards === 1 ? "" : "s"} · ${home} at home${partner}`,
    );
    list.append(item);
  }
  return list;
}

/** The readings the table plays where the manuals leave a point open (`rulings`: id ->
 * reading, as the view says), each ruling linked to its rulebook entry. */
export function houseRules(rulings, variant) {
  const entries = Object.entries(rulings ?? {});
  if (!entries.length) return "";
  const line = el("p", { class: "hint" }, "Readings played: ");
  entries.forEach(([id, reading], index) => {
    if (index) line.append(", ");
    line.append(bookLink(variant, id), " ", el("b", { "data-ruling": id }, reading));
  });
  return line;
}

export function winnerText(seats, me) {
  if (seats.includes(me)) return seats.length > 1 ? `Your team wins! (seats ${seats.join(" and ")})` : "You win!";
  return seats.length > 1 ? `Seats ${seats.join(" and ")} win.` : `Seat ${seats[0]} wins.`;
}

/** A move of the log as seat `me` sees it: one item, its heading the seat that moved, its
 * events listed under it; and its title on one line. */
export function moveEntry(move, me) {
  const who = move.seat === me ? "You" : `Seat ${move.seat}`;
  const title = `${who}: ${move.action.notation}`;
  const events = el("ul", { class: "events" });
  for (const event of move.events) {
    if (event.kind === "played") continue; // the heading says it
    events.append(el("li", { class: `event ${event.kind}` }, event.text));
  }
  const item = el("li", { class: "move", "data-seat": move.seat }, el("b", { class: "action" }, title));
  if (events.children.length) item.append(events);
  return { item, title };
}

/** The answer of `explain`: its verdict and text, and every clause it cites. */
export function ruling(answer, variant) {
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
          el("b", { class: "clause-id" }, bookLink(variant, clause.id)),
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
