// The auction house's REST routes (/auction/v1) over the shared session (session.js: the HttpOnly
// `bourse_session` cookie, and the CSRF token from the sign-in or from GET /me, sent on every change), and
// the auction's refusals in words. Signing in, up and out is the top bar's (account.js).

import { ApiError, api as call, currentUser, onSessionChange as onSharedSession } from '/js/session.js';
import { describeAccountError } from '/js/account.js';
import { lang, t } from '/js/i18n.js';
import { fill } from '/js/auction-format.js';
import { koreanRule } from '/js/auction-strings.js';

export { ApiError };

/** Calls `method path` under /auction/v1 with a JSON body (`json`) or a FormData (`form`); the parsed answer. */
export function api(method, path, { json, form } = {}) {
  return call('/auction/v1' + path, { method, json, form });
}

// Refusals that are about signing in, or about reaching the server at all, are worded by the top bar's
// account dialog (account.js) so that every page says them the same way; the rest are the auction's.
const ACCOUNT_ERRORS = new Set(['network', 'username_taken']);

/** An error (ApiError or a socket reply's `{name, message}`) in words; `context` 'signin' reads it as the sign-in's. */
export function describeError(error, context = '') {
  const name = error && error.name;
  if (context === 'signin' || ACCOUNT_ERRORS.has(name)) return describeAccountError(error || {});
  if (name === 'unauthorized') return t('auc.err.unauthorized');
  if (name === 'too_many_requests') {
    const wait = error.retryAfter ?? Number((/in (\d+) seconds/.exec(error.message || '') || [])[1]);
    return t('auc.err.too_many_requests') + (wait ? ' ' + fill('auc.err.wait', { n: wait }) : '');
  }
  if (name === 'invalid_parameter') {
    return t('auc.err.invalid_parameter') + (lang === 'ko' ? koreanRule(error.message) : error.message);
  }
  const key = 'auc.err.' + name;
  const known = t(key);
  if (known !== key) return known;
  return `${t('auc.err.other')} (${name}): ${error && error.message ? error.message : ''}`;
}

// MARK: - The session

/** Who is signed in: `user` is the username or null (a mirror of session.js for the auction views). */
export const session = { user: null };

const listeners = new Set();
let settled = false;

/** Calls `fn(session)` when the user changes after the page's first answer (sign-in, sign-out, expiry). */
export function onSessionChange(fn) {
  listeners.add(fn);
}

onSharedSession((user) => {
  const name = user ? user.username : null;
  const changed = name !== session.user;
  session.user = name;
  if (settled && changed) for (const fn of listeners) fn(session);
});

/** Waits for the first answer about the session (GET /me, only when this browser signed in); the username. */
export async function restoreSession() {
  try {
    const user = await currentUser();
    session.user = user ? user.username : null;
  } finally {
    settled = true;
  }
  return session.user;
}
