// The market page's trading panel for a signed-in user: a limit order form (buy or sell, price, amount,
// total), what is available to spend, the account's open orders in this market with cancel, and, since
// a new demo user has nothing, a KRW deposit. Orders go through the exchange API with the session cookie
// and its CSRF token (session.js), the same durable path as a signed API request; refusals are shown in
// the server's words.

import { formatPrice, formatVolume } from '/js/format.js';
import { t } from '/js/i18n.js';
import { api, onSessionChange } from '/js/session.js';
import { openSignIn } from '/js/account.js';

const REFRESH_MS = 3000;
const DEMO_DEPOSIT = '1000000';

/** A decimal string from a number typed with or without thousands separators; '' when not a number. */
export function decimalInput(text) {
  const plain = String(text ?? '').replace(/[,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(plain) ? plain : '';
}

const VOLUME_DECIMALS = 8;

/** `decimal` (a decimalInput string) as an integer count of 10^-`scale` units, truncated. */
function scaled(decimal, scale) {
  const [whole, fraction = ''] = decimal.split('.');
  return BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
}

/**
 * The amount that `total` buys at `price`, truncated to 8 decimals, as a decimal string: computed on
 * integers, because it is what the order asks for (29000 / 100000 must be 0.29, which floats make
 * 0.28999999). '' when either is not a positive decimal.
 */
export function volumeFor(total, price) {
  const t = decimalInput(total);
  const p = decimalInput(price);
  if (!t || !p) return '';
  const scale = Math.max(t.split('.')[1]?.length ?? 0, p.split('.')[1]?.length ?? 0);
  const divisor = scaled(p, scale);
  if (divisor === 0n) return '';
  const units = (scaled(t, scale) * 10n ** BigInt(VOLUME_DECIMALS)) / divisor;
  if (units === 0n) return '';
  const digits = units.toString().padStart(VOLUME_DECIMALS + 1, '0');
  const whole = digits.slice(0, -VOLUME_DECIMALS);
  const fraction = digits.slice(-VOLUME_DECIMALS).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

export class TradePanel {
  /** `lastPrice()` gives the market's latest trade price (a number), for the form's first price. */
  constructor({ root, code, lastPrice }) {
    this.root = root;
    this.code = code;
    [this.quote, this.base] = code.split('-');
    this.lastPrice = lastPrice;
    this.side = 'bid';
    this.user = null;
    this.timer = 0;
    this.$ = (id) => root.querySelector('#' + id);
    this.wire();
    onSessionChange((user) => this.setUser(user));
  }

  wire() {
    const form = this.$('order-form');
    for (const button of form.querySelectorAll('.order-side')) {
      button.addEventListener('click', () => this.setSide(button.classList.contains('buy') ? 'bid' : 'ask'));
    }
    const [price, volume, total] = ['order-price', 'order-volume', 'order-total'].map((id) => this.$(id));
    const recompute = (from) => {
      const p = Number(decimalInput(price.value));
      if (from === 'total') {
        volume.value = volumeFor(total.value, price.value);
      } else {
        const v = Number(decimalInput(volume.value));
        total.value = p > 0 && v > 0 ? formatPrice(p * v, this.quote) : '';
      }
    };
    price.addEventListener('input', () => recompute('price'));
    volume.addEventListener('input', () => recompute('volume'));
    total.addEventListener('input', () => recompute('total'));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (!this.user) openSignIn('signin');
      else this.place().catch(() => {});
    });
    this.$('order-signin').addEventListener('click', () => openSignIn('signin'));
    this.$('order-deposit').addEventListener('click', () => this.deposit().catch(() => {}));
    this.$('open-orders').addEventListener('click', (event) => {
      const button = event.target.closest('button[data-uuid]');
      if (button) this.cancel(button.dataset.uuid, button).catch(() => {});
    });
  }

  setSide(side) {
    this.side = side;
    for (const button of this.root.querySelectorAll('.order-side')) {
      const pressed = (side === 'bid') === button.classList.contains('buy');
      button.setAttribute('aria-pressed', String(pressed));
    }
    const submit = this.$('order-submit');
    submit.classList.toggle('buy', side === 'bid');
    submit.classList.toggle('sell', side === 'ask');
    submit.textContent = t(side === 'bid' ? 'ex.buy' : 'ex.sell');
    this.renderAvailable();
  }

  setUser(user) {
    // Answers of requests made for an earlier user (or before sign-out) are dropped on arrival.
    this.generation = (this.generation ?? 0) + 1;
    this.user = user;
    this.$('order-fieldset').disabled = !user;
    this.$('order-signed-out').hidden = Boolean(user);
    this.$('order-signed-in').hidden = !user;
    clearInterval(this.timer);
    this.balances = null;
    if (user) {
      const price = this.$('order-price');
      if (!price.value && this.lastPrice()) price.value = formatPrice(this.lastPrice(), this.quote);
      this.refresh();
      this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    } else {
      this.$('open-orders-rows').replaceChildren();
      this.openSignature = undefined;
      this.renderAvailable();
    }
  }

  say(text, isError = false) {
    const result = this.$('order-result');
    result.textContent = text;
    result.classList.toggle('error', isError);
  }

  describe(error) {
    if (error.status === 401) return t('trade.error.session');
    return error.message || error.name;
  }

  /** Reloads balances and open orders; one at a time, so an older answer never overwrites a newer one. */
  async refresh() {
    if (!this.user || document.hidden) return;
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    const generation = this.generation;
    this.refreshing = (async () => {
      try {
        const [accounts, open] = await Promise.all([
          api('/v1/accounts'),
          api('/v1/orders/open', { params: { market: this.code, limit: '50' } }),
        ]);
        if (generation !== this.generation) return;
        this.balances = new Map(accounts.map((a) => [a.currency, a]));
        this.renderAvailable();
        this.renderOpen(open);
      } catch (error) {
        if (generation === this.generation) this.say(this.describe(error), true);
      }
    })();
    try {
      await this.refreshing;
    } finally {
      this.refreshing = null;
    }
    if (this.refreshAgain) {
      this.refreshAgain = false;
      await this.refresh();
    }
  }

  renderAvailable() {
    const currency = this.side === 'bid' ? this.quote : this.base;
    const account = this.balances?.get(currency);
    const amount = account ? Number(account.balance) : 0;
    const text = currency === this.quote ? formatPrice(amount, this.quote) : formatVolume(amount);
    this.$('order-available').textContent = this.user ? `${t('trade.available')} ${text} ${currency}` : '';
  }

  renderOpen(orders) {
    // Rebuilt only when the list changed, so a focused Cancel button keeps its focus between polls.
    const signature = orders.map((o) => `${o.uuid}:${o.remaining_volume}`).join(',') + '|' + this.side;
    if (signature === this.openSignature) return;
    this.openSignature = signature;
    const rows = this.$('open-orders-rows');
    const fragment = document.createDocumentFragment();
    for (const order of orders) {
      const row = document.createElement('tr');
      const side = document.createElement('td');
      side.textContent = t(order.side === 'bid' ? 'ex.buy' : 'ex.sell');
      side.className = order.side === 'bid' ? 'rise' : 'fall';
      const price = document.createElement('td');
      price.textContent = formatPrice(Number(order.price), this.quote);
      const remaining = document.createElement('td');
      remaining.textContent = formatVolume(Number(order.remaining_volume));
      const action = document.createElement('td');
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.dataset.uuid = order.uuid;
      cancel.textContent = t('trade.cancel');
      cancel.setAttribute('aria-label', `${t('trade.cancel')} ${side.textContent} ${price.textContent}`);
      action.append(cancel);
      row.append(side, price, remaining, action);
      fragment.append(row);
    }
    rows.replaceChildren(fragment);
    this.$('open-orders-empty').hidden = orders.length > 0;
  }

  async place() {
    const price = decimalInput(this.$('order-price').value);
    const volume = decimalInput(this.$('order-volume').value);
    if (!price || !volume || Number(price) <= 0 || Number(volume) <= 0) {
      this.say(t('trade.error.input'), true);
      return;
    }
    const submit = this.$('order-submit');
    submit.disabled = true;
    try {
      const order = await api('/v1/orders', {
        method: 'POST',
        json: { market: this.code, side: this.side, ord_type: 'limit', price, volume },
      });
      const words = t(order.side === 'bid' ? 'ex.buy' : 'ex.sell');
      this.say(`${t('trade.placed')}: ${words} ${formatVolume(Number(order.volume))} ${this.base} @ ${formatPrice(Number(order.price), this.quote)}`);
      await this.refresh();
    } catch (error) {
      this.say(this.describe(error), true);
    } finally {
      submit.disabled = false;
    }
  }

  async cancel(uuid, button) {
    button.disabled = true;
    try {
      await api('/v1/order', { method: 'DELETE', params: { uuid } });
      this.say(t('trade.cancelled'));
      await this.refresh();
    } catch (error) {
      button.disabled = false;
      this.say(this.describe(error), true);
    }
  }

  async deposit() {
    try {
      await api('/v1/deposits/krw', { method: 'POST', json: { amount: DEMO_DEPOSIT, two_factor_type: 'kakao' } });
      this.say(t('trade.deposited'));
      await this.refresh();
    } catch (error) {
      this.say(this.describe(error), true);
    }
  }
}
