// The server's answers: the protocol's operations (POST api/<op>) and the table's own
// routes (table/...). Paths are relative, so the page works behind a prefix.

/** An error answer: `code`, `message`, `clauses` (docs/protocol.md), and the HTTP status. */
export class ApiError extends Error {
  constructor(error, status) {
    super(error.message);
    this.name = "ApiError";
    this.code = error.code;
    this.clauses = error.clauses ?? [];
    this.status = status;
  }
}

async function answerOf(response) {
  let answer;
  try {
    answer = await response.json();
  } catch {
    // Not JSON: a proxy's page, a server being restarted.
    throw new ApiError({ code: "http", message: `HTTP ${response.status}` }, response.status);
  }
  if (answer.error) throw new ApiError(answer.error, response.status);
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

/** One operation of the protocol: `op("hello")`. */
export function op(name, body = {}) {
  return post(`api/${name}`, body);
}
