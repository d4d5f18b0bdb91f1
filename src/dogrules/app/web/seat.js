// A seat at a table the server holds: the table's id, the seat's number and its token (the
// one secret the page holds, kept in this browser's localStorage so that a reload rejoins
// the seat). Requests are retried while the server cannot be reached; the table's event
// stream says when something changed.

import { ApiError, post } from "./api.js";

const RETRY_MS = [400, 1000, 2000, 4000, 8000]; // waits before each new try
const POLL_MS = 5000; // while the event stream is down, the page looks this often itself
const REOPEN_MS = 30000; // a stream the server refused (too many open) is asked for again

const stored = (table) => `dogrules.table.${table}`;

function keep(seat) {
  try {
    localStorage.setItem(stored(seat.table), JSON.stringify({ seat: seat.seat, token: seat.token }));
  } catch {
    // storage off: the seat lasts as long as the page
  }
}

function kept(table) {
  try {
    return JSON.parse(localStorage.getItem(stored(table)) ?? "null");
  } catch {
    return null;
  }
}

/** Whether a failure is the network's or a server in trouble: worth trying again. */
function passing(error) {
  return !(error instanceof ApiError) || [502, 503, 504].includes(error.status);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class Seat {
  constructor({ table, seat, token }) {
    Object.assign(this, { table, seat, token });
    this.events = null;
    this.poll = null;
    this.reopen = null;
    this.onTrouble = () => {};
    this.onBack = () => {};
  }

  /** Open a new table (`people`: the seats people play, this page's first). */
  static async open(settings, people) {
    const seat = new Seat(
      await retried(() =>
        post("table/new", {
          variant: settings.variant,
          players: settings.players,
          teams: settings.teams,
          seed: settings.seed,
          bot: settings.bot,
          rulings: settings.rulings,
          people,
        }),
      ),
    );
    keep(seat);
    return seat;
  }

  /** This browser's seat at `table`, or a free seat there for it. */
  static async join(table) {
    const old = kept(table);
    if (old) {
      const seat = new Seat({ table, ...old });
      try {
        await seat.request("view", { since: 1e9 });
        return seat;
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== "not_seated") throw error;
      }
    }
    const seat = new Seat(await retried(() => post(`table/${table}/join`, {})));
    keep(seat);
    return seat;
  }

  /** POST the table's route `name` with this seat's token; retried while unreachable. */
  request(name, body) {
    return retried(
      () => post(`table/${this.table}/${name}`, { ...body, token: this.token }),
      this.onTrouble,
      this.onBack,
    );
  }

  /** Call `changed()` whenever the table changes (and at once), `connection(live)` when
   * the event stream drops or comes back; while it is down, look every few seconds. */
  listen(changed, connection) {
    this.close();
    this.onTrouble = () => connection(false);
    // A request that got through after trouble: the notice goes, unless the stream is down.
    this.onBack = () => connection(this.events?.readyState === EventSource.OPEN);
    const events = new EventSource(`table/${this.table}/events`);
    events.onmessage = () => changed();
    events.onopen = () => {
      connection(true);
      clearInterval(this.poll);
      this.poll = null;
    };
    events.onerror = () => {
      connection(false);
      this.poll ??= setInterval(changed, POLL_MS);
      // The browser reopens a dropped stream itself, but not one refused with an error.
      if (events.readyState === EventSource.CLOSED) {
        this.reopen = setTimeout(() => this.listen(changed, connection), REOPEN_MS);
      }
    };
    this.events = events;
  }

  close() {
    clearTimeout(this.reopen);
    this.events?.close();
    clearInterval(this.poll);
    this.poll = null;
  }
}

/** `send()`'s answer; while it fails for the network, tried again a few times (telling
 * `trouble()`, and `back()` once through), then the last failure, said plainly. */
async function retried(send, trouble = () => {}, back = () => {}) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await send();
      if (attempt > 0) back();
      return answer;
    } catch (error) {
      if (!passing(error)) throw error;
      if (attempt >= RETRY_MS.length) {
        throw new Error(`The server cannot be reached (${error.message}).`);
      }
      trouble();
      await pause(RETRY_MS[attempt]);
    }
  }
}
