// The server's answers: the protocol's operations (POST api/<op>) and the table's own
// routes (table/bot, table/bots). Paths are relative, so the page works behind a prefix.

/** An error answer of the protocol: `code`, `message`, `clauses` (docs/protocol.md). */
export class ApiError extends Error {
  constructor(error) {
    super(error.message);
    this.name = "ApiError";
    this.code = error.code;
    this.clauses = error.clauses ?? [];
  }
}

async function answerOf(response) {
  const answer = await response.json();
  if (answer.error) throw new ApiError(answer.error);
  return answer;
}

/** POST a JSON body to `path` and return the answer; ApiError for an error answer. */
export async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return answerOf(response);
}

/** GET the JSON at `path`. */
export async function get(path) {
  return answerOf(await fetch(path));
}

/** One operation of the protocol: `op("choices", {state, path})`. */
export function op(name, body = {}) {
  return post(`api/${name}`, body);
}
