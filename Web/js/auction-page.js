// The auction house's pages: /auctions, /auctions/{id}, /auctions/new and /me are all this one HTML file;
// the path picks the view, whose module is loaded on demand. What every view shares is made here once:
// the top bar (with the shared account area), one auction socket, and the page's status line.

import { restoreSession, onSessionChange, describeError } from '/js/auction-api.js';
import { AuctionSocket } from '/js/auction-socket.js';
import { AUCTION_STRINGS } from '/js/auction-strings.js';
import { mountChrome } from '/js/chrome.js';
import { addStrings } from '/js/i18n.js';

addStrings(AUCTION_STRINGS);

function route(path) {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'me') return { view: 'me' };
  if (parts[0] === 'auctions' && parts[1] === 'new') return { view: 'new' };
  if (parts[0] === 'auctions' && /^\d+$/.test(parts[1] || '')) return { view: 'item', id: Number(parts[1]) };
  return { view: 'list' };
}

const TITLES = { list: 'auc.title', item: 'auc.title.item', new: 'auc.title.new', me: 'auc.title.me' };
const here = route(location.pathname);
const chrome = mountChrome({ title: TITLES[here.view] });

const statusEl = document.getElementById('auction-status');
/** Shows `text` in the page's status line (an error in the error style); '' clears it. */
function say(text, error = false) {
  statusEl.textContent = text || '';
  statusEl.classList.toggle('error', Boolean(error && text));
}

for (const link of document.querySelectorAll('.auction-nav a')) {
  if (link.dataset.view === here.view) link.setAttribute('aria-current', 'page');
}
document.getElementById('view-' + here.view).hidden = false;

const socket = new AuctionSocket({ onStatus: (status) => chrome.setStatus(status) });
// The cookie signs the socket in at its handshake: a new session needs a new connection.
onSessionChange(() => socket.reconnect());

async function start() {
  try {
    await restoreSession();
  } catch (error) {
    say(describeError(error), true);
  }
  const view = await import(`/js/auction-${here.view}.js`);
  view.start({ socket, say, route: here });
}

start();
