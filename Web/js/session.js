// The signed-in user, for every page: sign up, sign in and out with the auction house's sessions, and
// `api()`, which calls the server with the session cookie and, for anything that changes state, the
// session's CSRF token (the cookie is HttpOnly, so the token is the one thing a script must carry).
// The exchange API and the auction house answer errors in the same shape, {"error":{"name","message"}}.

let current;           // undefined: not asked yet; null: signed out; else { id, username, csrf }
let asking = null;
const listeners = new Set();

// Whether this browser signed in and has not signed out since. The session cookie is HttpOnly, so a
// script cannot see it; without this mark every page of a signed-out visitor would ask /me for a 401.
const MARK = 'bourse.signedIn';
function marked() {
  try {
    return localStorage.getItem(MARK) === '1';
  } catch {
    return true;
  }
}
function mark(on) {
  try {
    if (on) localStorage.setItem(MARK, '1');
    else localStorage.removeItem(MARK);
  } catch {
    // Without storage, /me is asked on every page: the same answer, one more request.
  }
}

/** An error the server answered, with its status, its contract name and its message in words. */
export class ApiError extends Error {
  constructor(status, name, message, retryAfter) {
    super(message || name || `HTTP ${status}`);
    this.status = status;
    this.name = name || `http_${status}`;
    this.retryAfter = retryAfter;
  }
}

let epoch = 0;          // counts sign-ins and sign-outs, so a /me answer from before one is dropped

function remember(user) {
  epoch += 1;
  const before = current;
  current = user ? { id: user.id, username: user.username, csrf: user.csrf_token } : null;
  mark(Boolean(current));
  if (JSON.stringify(before ?? null) !== JSON.stringify(current)) for (const listener of listeners) listener(current);
  return current;
}

/** Calls `fn(user or null)` whenever the user signs in or out (and once the first answer is in). */
export function onSessionChange(fn) {
  listeners.add(fn);
  if (current !== undefined) fn(current);
  return () => listeners.delete(fn);
}

/** The signed-in user ({ id, username, csrf }) or null; asks the server once per page. */
export function currentUser() {
  if (current !== undefined) return Promise.resolve(current);
  if (!marked()) return Promise.resolve(remember(null));
  if (!asking) {
    const asked = epoch;
    asking = api('/auction/v1/me')
      .then((user) => (asked === epoch ? remember(user) : current))
      .catch((error) => {
        if (error.status === 401) return current ?? null;
        current = undefined;
        throw error;
      })
      .finally(() => {
        asking = null;
      });
  }
  return asking;
}

/**
 * Calls the server. `json` is sent as the JSON body, `form` (FormData) as multipart, `params` in the
 * query. Non-GET requests carry the CSRF token when signed in. Resolves to the parsed JSON (or null for
 * an empty answer); rejects with ApiError.
 */
export async function api(path, { method = 'GET', json, form, params } = {}) {
  const url = path + (params && Object.keys(params).length ? '?' + new URLSearchParams(params) : '');
  const headers = { accept: 'application/json' };
  let body;
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) {
    body = form;
  }
  if (method !== 'GET' && current?.csrf) headers['x-csrf-token'] = current.csrf;
  let response;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network', navigator.onLine === false ? 'offline' : 'network');
  }
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    // The session ended (signed out elsewhere, expired): this page is signed out too.
    if (response.status === 401 && current) remember(null);
    else if (response.status === 401 && path === '/auction/v1/me') remember(null);
    const error = parsed?.error || {};
    const retry = Number(response.headers.get('retry-after')) || undefined;
    throw new ApiError(response.status, typeof error.name === 'string' ? error.name : undefined, error.message, retry);
  }
  return parsed;
}

/** Signs in; resolves to the user, rejects with ApiError (`unauthorized`, `too_many_requests`). */
export async function signIn(username, password) {
  const answer = await api('/auction/v1/sessions', { method: 'POST', json: { username, password } });
  return remember({ ...answer.user, csrf_token: answer.csrf_token });
}

/** Makes the user, then signs in; rejects with ApiError (`username_taken`, `invalid_parameter`). */
export async function signUp(username, password) {
  await api('/auction/v1/users', { method: 'POST', json: { username, password } });
  return signIn(username, password);
}

/** Signs out here and on the server (the cookie is cleared by the answer). */
export async function signOut() {
  try {
    await api('/auction/v1/sessions/current', { method: 'DELETE' });
  } finally {
    remember(null);
  }
}

// Another tab signed in or out: follow it (the cookie is shared, the CSRF token must be asked again).
addEventListener('storage', (event) => {
  if (event.key !== MARK) return;
  if (event.newValue === '1') {
    current = undefined;
    currentUser().catch(() => {});
  } else {
    remember(null);
  }
});
