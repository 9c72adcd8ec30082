// The signed-in user's inbox on every page (docs/auction-house.md, Notifications): a bell in the top bar with
// the unread count, a panel of the latest entries (opening it marks them read), and a toast when one
// arrives. Live through an auction socket of its own, opened only while signed in, so that an outbid
// reaches the user on the board or the wallet page too; the count is read again after every reconnect.
// Each new entry is also announced to the page as a `bourse:notification` event (alerts.js listens).

import { el } from '/js/dom.js';
import { addStrings, applyLabels, lang, onLangChange, t } from '/js/i18n.js';
import { api } from '/js/session.js';

addStrings({
  ko: {
    'notify.label': '알림',
    'notify.unread': '알림, 안 읽은 것 {n}개',
    'notify.title': '알림',
    'notify.empty': '아직 알림이 없습니다.',
    'notify.markAll': '모두 읽음',
    'notify.close': '닫기',
    'notify.error': '알림을 불러오지 못했습니다.',
    'notify.kind.outbid': '상위 입찰',
    'notify.kind.won': '낙찰',
    'notify.kind.lost': '낙찰 실패',
    'notify.kind.sold': '판매 완료',
    'notify.kind.unsold': '유찰',
    'notify.kind.reserve_met': '최저가 도달',
    'notify.kind.extended': '마감 연장',
    'notify.kind.ending_soon': '곧 마감',
    'notify.kind.chat': '메시지',
    'notify.kind.fill': '체결',
    'notify.kind.alert': '알림',
  },
  en: {
    'notify.label': 'Notifications',
    'notify.unread': 'Notifications, {n} unread',
    'notify.title': 'Notifications',
    'notify.empty': 'Nothing yet.',
    'notify.markAll': 'Mark all read',
    'notify.close': 'Close',
    'notify.error': 'Could not load notifications.',
    'notify.kind.outbid': 'Outbid',
    'notify.kind.won': 'Won',
    'notify.kind.lost': 'Lost',
    'notify.kind.sold': 'Sold',
    'notify.kind.unsold': 'Unsold',
    'notify.kind.reserve_met': 'Reserve met',
    'notify.kind.extended': 'Extended',
    'notify.kind.ending_soon': 'Ending soon',
    'notify.kind.chat': 'Message',
    'notify.kind.fill': 'Filled',
    'notify.kind.alert': 'Alert',
  },
});

const BASE = '/auction/v1/me/notifications';
const PAGE = 20;
const PING_MS = 30000;
const RETRY_MIN_MS = 1000;
const RETRY_MAX_MS = 30000;
const TOAST_MS = 6000;

/** The entry's sentence in the page's language: the server writes it in English and Korean (`text_ko`,
 * absent from entries stored before it did). */
function sentence(entry) {
  return lang === 'ko' && entry.text_ko ? entry.text_ko : entry.text;
}

/** A kind's words, or the kind itself when this page does not know it (a newer server's). */
function kindLabel(kind) {
  const key = 'notify.kind.' + kind;
  const words = t(key);
  return words === key ? kind : words;
}

/** A bell drawn in SVG: an emoji would need a font that many systems (and the test browser) lack. */
function bell() {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [name, value] of Object.entries({ viewBox: '0 0 24 24', width: '16', height: '16', 'aria-hidden': 'true', class: 'notify-icon' })) {
    svg.setAttribute(name, value);
  }
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6v-5a7 7 0 0 0-5-6.71V3.5a2 2 0 0 0-4 0v.79A7 7 0 0 0 5 11v5l-2 2v1h18v-1z');
  path.setAttribute('fill', 'currentColor');
  svg.append(path);
  return svg;
}

/** Where an entry leads: its item's page (its chat for a message, the private room for one there), or nowhere. */
function href(entry) {
  if (entry.item == null) return null;
  if (entry.kind === 'chat' && entry.room?.startsWith('dm:')) {
    return `/auctions/${entry.item}#room=${encodeURIComponent(entry.room)}`;
  }
  return `/auctions/${entry.item}` + (entry.kind === 'chat' ? '#chat' : '');
}

/**
 * Builds the bell just before `anchor` (the top bar's account area) for the signed-in user; returns
 * `stop()`, which closes its socket and removes it (on sign-out).
 */
export function mountNotifications(anchor) {
  let unread = 0;
  let entries = [];
  let stopped = false;
  let socket = null;
  let retries = 0;
  let retryTimer = 0;
  let pingTimer = 0;
  let toastTimer = 0;

  const count = el('span', { class: 'notify-count', id: 'notifications-count', hidden: '' });
  const button = el('button', {
    type: 'button', id: 'notifications-button', class: 'notify-button', 'aria-haspopup': 'dialog',
    'aria-expanded': 'false', 'aria-controls': 'notifications-panel',
  }, [bell(), count]);
  const list = el('ol', { class: 'notify-list', id: 'notifications-list' });
  const empty = el('p', { class: 'notify-empty', id: 'notifications-empty', 'data-i18n': 'notify.empty', hidden: '' });
  const markAll = el('button', { type: 'button', id: 'notifications-mark-all', 'data-i18n': 'notify.markAll' });
  const close = el('button', { type: 'button', class: 'notify-close', 'data-i18n': 'notify.close' });
  const panel = el('div', {
    class: 'notify-panel', id: 'notifications-panel', role: 'dialog', 'aria-labelledby': 'notifications-title',
    hidden: '',
  }, [
    el('div', { class: 'notify-head' }, [
      el('h2', { id: 'notifications-title', 'data-i18n': 'notify.title' }), markAll, close,
    ]),
    list,
    empty,
  ]);
  const toast = el('div', { class: 'notify-toast', id: 'notification-toast', role: 'status', hidden: '' });
  const wrap = el('div', { class: 'notify' }, [button, panel]);
  anchor.before(wrap);
  document.body.append(toast);

  const showCount = () => {
    count.textContent = unread > 99 ? '99+' : String(unread);
    count.hidden = unread === 0;
    button.setAttribute('aria-label', unread ? t('notify.unread').replace('{n}', String(unread)) : t('notify.label'));
  };

  const row = (entry) => {
    const words = el('span', { class: 'notify-text' }, [sentence(entry)]);
    const when = el('time', { datetime: new Date(entry.at).toISOString() }, [
      new Date(entry.at).toLocaleString(document.documentElement.lang || undefined,
        { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }),
    ]);
    const body = [el('strong', { class: 'notify-kind' }, [kindLabel(entry.kind)]), words, when];
    const link = href(entry);
    const item = el('li', { class: 'notify-entry', 'data-kind': entry.kind, 'data-read': String(entry.read) },
      [link ? el('a', { href: link }, body) : el('span', {}, body)]);
    return item;
  };

  const render = () => {
    list.replaceChildren(...entries.map(row));
    empty.hidden = entries.length > 0;
    markAll.disabled = unread === 0;
  };

  // Marks read what the panel shows, not older unread entries past its page that the user never saw.
  const markRead = async () => {
    const ids = entries.filter((entry) => !entry.read).map((entry) => entry.notification_id);
    if (ids.length === 0) return;
    try {
      const answer = await api(BASE + '/read', { method: 'POST', json: { ids } });
      unread = answer.unread;
      showCount();
    } catch {
      // The badge stays; the next open tries again.
    }
  };

  /** Loads the latest entries; false if that failed (nothing is marked read then). */
  const load = async () => {
    try {
      const page = await api(BASE, { params: { limit: String(PAGE) } });
      entries = page.notifications;
      unread = page.unread;
      showCount();
      render();
      return true;
    } catch {
      list.replaceChildren(el('li', { class: 'notify-error' }, [t('notify.error')]));
      return false;
    }
  };

  const openPanel = async () => {
    panel.hidden = false;
    button.setAttribute('aria-expanded', 'true');
    // What was unread stays marked so on screen until the panel closes.
    if ((await load()) && !panel.hidden) await markRead();
  };
  const closePanel = () => {
    panel.hidden = true;
    button.setAttribute('aria-expanded', 'false');
    for (const entry of entries) entry.read = true;
  };
  button.addEventListener('click', () => (panel.hidden ? openPanel() : closePanel()));
  close.addEventListener('click', closePanel);
  // Everything, also what is past the panel's page: the user asked for all.
  markAll.addEventListener('click', async () => {
    try {
      unread = (await api(BASE + '/read', { method: 'POST', json: {} })).unread;
      showCount();
      for (const entry of entries) entry.read = true;
      render();
    } catch {
      // The badge stays.
    }
  });
  const onKey = (event) => {
    if (event.key === 'Escape' && !panel.hidden) {
      closePanel();
      button.focus();
    }
  };
  const onClick = (event) => {
    if (!panel.hidden && !wrap.contains(event.target)) closePanel();
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);

  const showToast = (entry) => {
    toast.replaceChildren(el('strong', {}, [kindLabel(entry.kind)]), ' ', sentence(entry));
    toast.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { toast.hidden = true; }, TOAST_MS);
  };

  const receive = (data) => {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (message.type === 'notification') {
      unread = message.unread;
      const { type, unread: _, ...entry } = message;
      entries = [entry, ...entries.filter((e) => e.notification_id !== entry.notification_id)].slice(0, PAGE);
      showCount();
      if (!panel.hidden) render();
      showToast(entry);
      // Parts of the page that show what the entry is about (an alert's box) refresh themselves.
      document.dispatchEvent(new CustomEvent('bourse:notification', { detail: entry }));
    } else if (message.type === 'notifications.read') {
      unread = message.unread;
      showCount();
    }
  };

  const connect = () => {
    if (stopped) return;
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}/auction/v1/stream`);
    socket.onopen = () => {
      retries = 0;
      // What arrived while the socket was away is counted again.
      api(BASE, { params: { limit: '1' } }).then((page) => { unread = page.unread; showCount(); }).catch(() => {});
      const ping = () => {
        if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ id: 1, type: 'ping' }));
        pingTimer = setTimeout(ping, PING_MS);
      };
      pingTimer = setTimeout(ping, PING_MS);
    };
    socket.onmessage = (event) => receive(event.data);
    socket.onclose = () => {
      clearTimeout(pingTimer);
      if (stopped) return;
      const wait = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** retries++) * (0.5 + Math.random() / 2);
      retryTimer = setTimeout(connect, wait);
    };
  };

  const stopLang = onLangChange(() => {
    showCount();
    if (!panel.hidden) render();
  });
  applyLabels(wrap);
  showCount();
  connect();

  return function stop() {
    stopped = true;
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onClick);
    stopLang();
    clearTimeout(retryTimer);
    clearTimeout(pingTimer);
    clearTimeout(toastTimer);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    wrap.remove();
    toast.remove();
  };
}
