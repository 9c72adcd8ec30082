// The wallet status table: one <tr> per currency and network, built once and rewritten on each refresh.
// Every state is shown as a word and an icon as well as a colour, so that it reads without colour too.
// Like the board's rows, every write compares with the last value written (kept in the row object).

import { lang, marketName, t } from '/js/i18n.js';
import { MarketSearchKey, MarketSearchQuery } from '/js/search.js';
import { cell, setText } from '/js/dom.js';

// Upbit's wallet_state, as what a user can do: 'on', 'off' or 'unsupported' for each direction.
const DIRECTIONS = {
  working: { deposit: 'on', withdraw: 'on' },
  withdraw_only: { deposit: 'off', withdraw: 'on' },
  deposit_only: { deposit: 'on', withdraw: 'off' },
  paused: { deposit: 'off', withdraw: 'off' },
  unsupported: { deposit: 'unsupported', withdraw: 'unsupported' },
};
const DIRECTION_ICONS = { on: '✓', off: '✕', unsupported: '–' };
const DIRECTION_RANK = { on: 0, off: 1, unsupported: 2 };

const BLOCK_ICONS = { normal: '✓', delayed: '!', inactive: '✕', unknown: '–' };
const BLOCK_RANK = { normal: 0, delayed: 1, inactive: 2, unknown: 3 };

/** What each filter keeps; 'paused' holds both kinds of closed wallet (paused and unsupported). */
export const FILTERS = {
  all: () => true,
  working: (row) => row.state === 'working',
  deposit: (row) => row.deposit === 'off',
  withdraw: (row) => row.withdraw === 'off',
  paused: (row) => row.state === 'paused' || row.state === 'unsupported',
};

const heightFormat = new Intl.NumberFormat('en-US');

const el = cell;
const text = (row, field, node, value) => setText(row.written, field, node, value);

function fill(template, values) {
  return template.replace(/\{(\w)\}/g, (_, name) => String(values[name]));
}

/** "방금", "12분 전", "5시간 12분 전", "3일 전" (and English) for Upbit's block_elapsed_minutes. */
export function formatAge(minutes) {
  if (minutes == null) return '';
  if (minutes < 1) return t('wallet.age.now');
  if (minutes < 60) return fill(t('wallet.age.minutes'), { m: minutes });
  if (minutes < 60 * 24) return fill(t('wallet.age.hours'), { h: Math.floor(minutes / 60), m: minutes % 60 });
  return fill(t('wallet.age.days'), { d: Math.floor(minutes / (60 * 24)) });
}

// A status as an icon and a word in one span; `kind` is a class the stylesheet colours.
function badge() {
  const span = el('span', 'state');
  const icon = el('span', 'icon');
  icon.setAttribute('aria-hidden', 'true');
  const word = el('span', 'word');
  span.append(icon, word);
  return { span, icon, word };
}

export class WalletTable {
  constructor({ tbody }) {
    this.tbody = tbody;
    this.rows = new Map(); // "currency/net_type" → row
    this.order = [];
    this.sortKey = 'name';
    this.descending = false;
  }

  /**
   * Applies a `/v1/status/wallet` answer; `markets` (from `/v1/market/all`) name the currencies.
   * Rows that are gone are removed; the others keep their elements.
   */
  setData(statuses, markets) {
    const byCurrency = new Map();
    // The KRW market's names first: the same coin is listed once per quote currency.
    for (const market of [...markets].sort((a, b) => a.market.startsWith('KRW-') - b.market.startsWith('KRW-'))) {
      byCurrency.set(market.market.split('-')[1], market);
    }
    const seen = new Set();
    for (const status of statuses) {
      const id = `${status.currency}/${status.net_type}`;
      seen.add(id);
      let row = this.rows.get(id);
      if (!row) {
        row = this.buildRow(id, status, byCurrency.get(status.currency));
        this.rows.set(id, row);
        this.order.push(row);
      }
      this.write(row, status);
    }
    for (const [id, row] of this.rows) {
      if (seen.has(id)) continue;
      this.rows.delete(id);
      row.tr.remove();
    }
    this.order = this.order.filter((row) => seen.has(row.id));
    this.tbody.append(...this.order.map((row) => row.tr));
  }

  buildRow(id, status, market) {
    const tr = el('tr');
    tr.dataset.id = id;
    tr.dataset.currency = status.currency;
    const cells = {
      name: el('td', 'name'),
      network: el('td', 'network wide-only'),
      deposit: el('td', 'deposit'),
      withdraw: el('td', 'withdraw'),
      block: el('td', 'block'),
      height: el('td', 'height num wide-only'),
    };
    const nameEl = el('span', 'coin-name');
    const codeEl = el('span', 'coin-code');
    const netShort = el('span', 'coin-net phone-only');
    cells.name.append(nameEl, codeEl);
    codeEl.append(el('span', null, status.currency), netShort);
    const networkName = el('span', 'network-name');
    const networkType = el('span', 'network-type');
    cells.network.append(networkName, ' ', networkType);
    const deposit = badge();
    const withdraw = badge();
    const block = badge();
    const age = el('span', 'age');
    cells.deposit.append(deposit.span);
    cells.withdraw.append(withdraw.span);
    cells.block.append(block.span, age);
    tr.append(cells.name, cells.network, cells.deposit, cells.withdraw, cells.block, cells.height);
    const english = market?.english_name || '';
    const row = {
      id, tr, cells, nameEl, netShort, networkName, networkType, age,
      badges: { deposit, withdraw, block },
      currency: status.currency,
      market: market || { market: status.currency, korean_name: '', english_name: '' },
      key: new MarketSearchKey({
        // The network is searchable too ("tron" finds USDT on Tron), so it rides along with the code.
        code: `${status.currency} ${status.net_type} ${status.network_name}`,
        koreanName: market?.korean_name || '',
        englishName: english,
      }),
      written: {}, visible: true, name: '',
    };
    return row;
  }

  write(row, status) {
    const directions = DIRECTIONS[status.wallet_state] || { deposit: 'off', withdraw: 'off' };
    Object.assign(row, {
      state: status.wallet_state,
      deposit: directions.deposit,
      withdraw: directions.withdraw,
      blockState: status.block_state in BLOCK_RANK ? status.block_state : 'unknown',
      height: status.block_height,
      elapsed: status.block_elapsed_minutes,
      updatedAt: status.block_updated_at,
      network: status.network_name,
      netType: status.net_type,
    });
    row.tr.dataset.state = row.state;
    text(row, 'networkName', row.networkName, row.network);
    text(row, 'networkType', row.networkType, `(${row.netType})`);
    text(row, 'netShort', row.netShort, ` · ${row.network}`);
    text(row, 'height', row.cells.height, row.height == null ? '–' : heightFormat.format(row.height));
    this.label(row);
  }

  /** Writes everything that depends on the language. */
  label(row) {
    row.name = row.market.korean_name || row.market.english_name ? marketName(row.market) : row.currency;
    text(row, 'name', row.nameEl, row.name);
    this.labelBadge(row, 'deposit', row.deposit, DIRECTION_ICONS, `wallet.state.${row.deposit}`);
    this.labelBadge(row, 'withdraw', row.withdraw, DIRECTION_ICONS, `wallet.state.${row.withdraw}`);
    this.labelBadge(row, 'block', row.blockState, BLOCK_ICONS, `wallet.block.${row.blockState}`);
    text(row, 'age', row.age, formatAge(row.elapsed));
    const when = row.updatedAt ? new Date(row.updatedAt).toLocaleString(lang === 'ko' ? 'ko-KR' : 'en-GB') : '';
    if (row.written.when !== when) {
      row.written.when = when;
      if (when) row.cells.block.title = when;
      else row.cells.block.removeAttribute('title');
    }
  }

  labelBadge(row, field, value, icons, key) {
    const part = row.badges[field];
    const kind = value in icons ? value : 'unknown';
    if (row.written[field + 'Kind'] !== kind) {
      row.written[field + 'Kind'] = kind;
      part.span.dataset.kind = kind;
    }
    text(row, field + 'Icon', part.icon, icons[kind] || '–');
    text(row, field + 'Word', part.word, t(key));
  }

  relabel() {
    for (const row of this.rows.values()) this.label(row);
  }

  // MARK: - Filter and order

  /** How many rows each filter would keep (the search aside), for the filter labels. */
  counts() {
    const counts = {};
    for (const [name, keep] of Object.entries(FILTERS)) {
      counts[name] = [...this.rows.values()].filter(keep).length;
    }
    return counts;
  }

  /** Shows the rows that `filter` keeps and `queryText` finds; returns how many. */
  filter(filter, queryText) {
    const keep = FILTERS[filter] || FILTERS.all;
    const query = new MarketSearchQuery(queryText);
    let shown = 0;
    for (const row of this.rows.values()) {
      const visible = keep(row) && row.key.matches(query);
      if (row.visible !== visible) {
        row.visible = visible;
        row.tr.hidden = !visible;
      }
      if (visible) shown += 1;
    }
    return shown;
  }

  setSort(key, descending) {
    this.sortKey = key;
    this.descending = descending;
  }

  /** Puts the rows in the current order, moving them only if the order changed. */
  sort() {
    const collator = new Intl.Collator(lang);
    const byName = (a, b) => collator.compare(a.name, b.name) || collator.compare(a.network, b.network);
    const keys = {
      name: () => 0,
      network: (a, b) => collator.compare(a.network, b.network),
      deposit: (a, b) => DIRECTION_RANK[a.deposit] - DIRECTION_RANK[b.deposit],
      withdraw: (a, b) => DIRECTION_RANK[a.withdraw] - DIRECTION_RANK[b.withdraw],
      block: (a, b) => BLOCK_RANK[a.blockState] - BLOCK_RANK[b.blockState] || (a.elapsed ?? 1e9) - (b.elapsed ?? 1e9),
      // A row without a height sorts after every height in either direction.
      height: (a, b) => (a.height == null) - (b.height == null) || (this.descending ? -1 : 1) * (a.height - b.height),
    };
    const primary = keys[this.sortKey] || keys.name;
    const sign = this.descending ? -1 : 1;
    // Within a group (all open, say) names stay A to Z whichever way the column is sorted.
    const compare = (a, b) => {
      if (this.sortKey === 'name') return sign * byName(a, b);
      return (this.sortKey === 'height' ? primary(a, b) : sign * primary(a, b)) || byName(a, b);
    };
    const next = [...this.rows.values()].sort(compare);
    if (next.every((row, index) => row === this.order[index])) return;
    this.order = next;
    this.tbody.append(...next.map((row) => row.tr));
  }
}
