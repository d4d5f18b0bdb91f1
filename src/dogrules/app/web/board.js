// The SVG board the protocol's `render` op draws, made clickable and animated.
// Every field, piece and home of the drawing carries data-loc: the number of its location
// (-1 for a home), which is the `value` of a staged choice's piece, target or field option.

const HOME = -1;
// The radius of a field's hit area in the drawing's units: 24.6 CSS px across on a phone,
// where the 980-unit-wide board is drawn 860 px wide (table.css), apart from its neighbours'
// (the Black DOG board's fields are 29.4 units apart on the track, 28.4 in a lane).
const HIT_R = 14;
const OWN_LANE = /^F\d+$/;
const KINDS_THAT_MOVE = new Set(["moved", "entered", "jumped", "pushed", "dog_moved", "carried"]);

export class Board {
  /** `container`: the element the SVG goes in; `onPick(loc, element)`: a click on it. */
  constructor(container, onPick) {
    this.container = container;
    this.svg = null;
    this.names = new Map(); // loc -> its label as every seat reads it: T5, F2@1
    this.locs = new Map(); // label -> loc
    this.centres = new Map(); // loc -> [x, y]
    this.running = new Set();
    this.skipping = false;
    container.addEventListener("click", (event) => {
      const element = event.target.closest("[data-loc]");
      if (element && this.svg?.contains(element)) onPick(Number(element.dataset.loc), element);
    });
    // The options are focusable (highlight): Enter or Space picks one, as a click does.
    container.addEventListener("keydown", (event) => {
      const element = event.target.closest?.("[data-loc]");
      if (!element || !this.svg?.contains(element) || !["Enter", " "].includes(event.key)) return;
      event.preventDefault();
      onPick(Number(element.dataset.loc), element);
    });
  }

  /** Show the SVG text of a `render` answer. */
  show(svgText) {
    this.container.innerHTML = svgText.replace(/^<\?xml[^>]*>\s*/, "");
    this.svg = this.container.querySelector("svg");
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.svg.setAttribute("role", "img");
    this.names.clear();
    this.locs.clear();
    this.centres.clear();
    for (const field of this.svg.querySelectorAll(".field[data-loc]")) {
      const loc = Number(field.dataset.loc);
      this.names.set(loc, field.dataset.field);
      this.locs.set(field.dataset.field, loc);
      this.centres.set(loc, [Number(field.getAttribute("cx")), Number(field.getAttribute("cy"))]);
      Board.addHitArea(field);
    }
  }

  /** Behind a field smaller than a fingertip, an invisible circle as wide as one (`HIT_R`)
   * that takes its clicks: the field's piece and the field itself stay on top. */
  static addHitArea(field) {
    const r = Number(field.getAttribute("r"));
    if (!(r < HIT_R)) return;
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "circle");
    for (const name of ["cx", "cy"]) hit.setAttribute(name, field.getAttribute(name));
    hit.setAttribute("r", HIT_R);
    hit.setAttribute("class", "hit");
    hit.dataset.loc = field.dataset.loc;
    field.before(hit);
  }

  /** How `seat` writes the location `loc`: H, T5, F2 (its own lane), F2@1 (another's). */
  label(loc, seat) {
    if (loc === HOME) return "H";
    const name = this.names.get(loc) ?? `?${loc}`;
    return name.endsWith(`@${seat}`) ? name.slice(0, name.indexOf("@")) : name;
  }

  /** The location a label names for a piece of `owner` (events write lanes that way). */
  loc(label, owner) {
    if (label === "H") return HOME;
    const key = OWN_LANE.test(label) ? `${label}@${owner}` : label;
    return this.locs.get(key);
  }

  /** The elements standing for `loc`: its field and the pieces on it; for a home, the
   * homes of `seats` (a seat, and its partner: who moves the partner's pieces once its own
   * are home) and their pieces. */
  elementsAt(loc, seats) {
    if (!this.svg) return [];
    const all = [...this.svg.querySelectorAll(`[data-loc="${loc}"]`)];
    if (loc !== HOME) return all.filter((e) => !e.classList.contains("black-dog"));
    return all.filter((e) => [seats].flat().some((s) => e.classList.contains(`seat-${s}`)));
  }

  /** Mark the options' elements clickable (`option`); `seats`: whose home H means. */
  highlight(locs, seat) {
    this.clearMarks("option");
    for (const element of this.svg?.querySelectorAll("[tabindex]") ?? []) {
      element.removeAttribute("tabindex");
      element.removeAttribute("role");
    }
    for (const loc of locs) {
      const elements = this.elementsAt(loc, seat);
      for (const element of elements) element.classList.add("option");
      // One element an option takes the keyboard's focus: the piece on top, else the field.
      const focus =
        elements.find((e) => e.classList.contains("piece")) ??
        elements.find((e) => !e.classList.contains("hit"));
      if (focus) {
        focus.setAttribute("tabindex", "0");
        focus.setAttribute("role", "button");
        focus.setAttribute("aria-label", this.label(loc, [seat].flat()[0]));
      }
    }
  }

  /** On a board wider than its frame (a phone), pan the frame to centre `element`. */
  reveal(element) {
    const frame = this.container;
    const pans = frame.scrollWidth > frame.clientWidth || frame.scrollHeight > frame.clientHeight;
    if (!element || !pans) return;
    const [box, view] = [element.getBoundingClientRect(), frame.getBoundingClientRect()];
    frame.scrollLeft += box.left + box.width / 2 - (view.left + view.width / 2);
    frame.scrollTop += box.top + box.height / 2 - (view.top + view.height / 2);
  }

  /** Mark where the last move's pieces (and the Black Dog) came from and went to. */
  markMove(events) {
    this.clearMarks("last-from", "last-to");
    for (const event of events) {
      if (!Board.moves(event)) continue;
      const owner = event.piece ?? event.seat;
      const [from, to] = [this.loc(event.src, owner), this.loc(event.dst, owner)];
      if (from !== undefined && from !== HOME) this.markField(from, "last-from");
      if (to !== undefined && to !== HOME) this.markField(to, "last-to");
    }
  }

  markField(loc, name) {
    for (const field of this.svg.querySelectorAll(`.field[data-loc="${loc}"]`)) field.classList.add(name);
  }

  mark(loc, seat, name) {
    for (const element of this.elementsAt(loc, seat)) element.classList.add(name);
  }

  clearMarks(...names) {
    if (!this.svg) return;
    for (const name of names) {
      for (const element of this.svg.querySelectorAll(`.${name}`)) {
        element.classList.remove(name);
      }
    }
  }

  /** Whether animate() slides a piece for `event`. */
  static moves(event) {
    if (event.kind === "swapped") return Boolean(event.src && event.dst);
    return KINDS_THAT_MOVE.has(event.kind) && Boolean(event.src && event.dst);
  }

  /** Animate the pieces the events move, each along its path (`stepMs` per field, at most
   * `maxMs` per move). Resolves when done, or at once after skip(). */
  async animate(events, stepMs = 110, maxMs = 1100) {
    this.skipping = false;
    for (const event of events) {
      if (this.skipping) break;
      if (!Board.moves(event)) continue;
      if (event.kind === "swapped") {
        await this.swap(event, stepMs);
        continue;
      }
      const owner = event.piece ?? event.seat;
      const from = this.loc(event.src, owner);
      const stops = (event.path.length ? event.path : [event.dst]).map((s) => this.loc(s, owner));
      const element = this.moving(event, from, owner);
      if (!element || stops.some((s) => !this.centres.has(s))) continue;
      await this.slide(element, stops, Math.min(stepMs, maxMs / stops.length));
    }
  }

  /** Two pieces change places (Swap, Dog Swap: on the track, so labels name the fields). */
  async swap(event, stepMs) {
    const [a, b] = [this.locs.get(event.src), this.locs.get(event.dst)];
    const first = this.svg.querySelector(`.piece[data-loc="${a}"]`);
    const second = this.svg.querySelector(`.piece[data-loc="${b}"]`);
    if (!first || !second || !this.centres.has(a) || !this.centres.has(b)) return;
    await Promise.all([this.slide(first, [b], 4 * stepMs), this.slide(second, [a], 4 * stepMs)]);
  }

  /** Finish the running animation and skip the rest. */
  skip() {
    this.skipping = true;
    for (const animation of this.running) animation.finish();
  }

  moving(event, from, owner) {
    if (event.kind === "dog_moved") return this.svg.querySelector(".black-dog");
    const pieces = [...this.svg.querySelectorAll(`.piece[data-loc="${from}"]`)];
    return pieces.find((p) => p.dataset.seat === String(owner)) ?? pieces[0];
  }

  async slide(element, stops, stepMs) {
    const disc = element.querySelector("circle:last-of-type");
    const start = [Number(disc.getAttribute("cx")), Number(disc.getAttribute("cy"))];
    const base = element.dataset.shift ? element.dataset.shift.split(",").map(Number) : [0, 0];
    const frames = [[0, 0], ...stops.map((s) => this.centres.get(s))].map((point, i) => {
      const [x, y] = i === 0 ? [start[0] + base[0], start[1] + base[1]] : point;
      return { transform: `translate(${x - start[0]}px, ${y - start[1]}px)` };
    });
    element.parentNode.appendChild(element); // on top of everything it passes
    const animation = element.animate(frames, {
      duration: stepMs * stops.length,
      easing: "ease-in-out",
      fill: "forwards",
    });
    this.running.add(animation);
    try {
      await animation.finished;
    } catch {
      // cancelled: the board is being redrawn
    } finally {
      this.running.delete(animation);
    }
    const last = stops[stops.length - 1];
    const [x, y] = this.centres.get(last);
    element.dataset.shift = `${x - start[0]},${y - start[1]}`;
    element.dataset.loc = String(last); // a later sub-move of the same action finds it there
  }
}
