// Alerts (docs/auction-house.md, Alerts): a box that sets and lists the signed-in user's alerts on one
// exchange market (price, change since the previous close, 24 h value) or one auction item (at or under a
// price with N minutes left). The server watches them and fires each once, into the inbox: the bell's toast
// says so, and this box hears it (`bourse:notification`) and shows the alert as fired.

import { el } from '/js/dom.js';
import { addStrings, applyLabels, lang, onLangChange, t } from '/js/i18n.js';
import { api, onSessionChange } from '/js/session.js';

/** What an alert waits for, in the page's language (the server says it in English and Korean). */
function words(alert) {
  return lang === 'ko' && alert.text_ko ? alert.text_ko : alert.text;
}

addStrings({
  ko: {
    'alert.title': '알림 설정',
    'alert.kind': '조건',
    'alert.kind.price': '가격 도달',
    'alert.kind.change_rate': '전일 대비 (%)',
    'alert.kind.value_24h': '24시간 거래대금',
    'alert.value': '값',
    'alert.price': '가격 이하 (원)',
    'alert.minutes': '남은 시간 (분)',
    'alert.submit': '알림 추가',
    'alert.hint.price': '마지막 체결가가 이 가격에 닿으면 한 번 알려 드립니다 (지금보다 높으면 상승, 낮으면 하락).',
    'alert.hint.change_rate': '전일 종가 대비 변동률. 5는 +5% 이상, -3은 -3% 이하.',
    'alert.hint.value_24h': '최근 24시간 거래대금이 이 금액 이상이 되면 알려 드립니다.',
    'alert.hint.item': '마감이 이 시간만큼 남았을 때 현재가가 이 가격 이하이면 알려 드립니다.',
    'alert.signin': '알림을 설정하려면 로그인하세요.',
    'alert.none': '설정한 알림이 없습니다.',
    'alert.delete': '삭제',
    'alert.state.active': '대기',
    'alert.state.fired': '발생',
    'alert.state.expired': '만료',
    'alert.added': '알림을 추가했습니다:',
    'alert.error': '알림을 처리하지 못했습니다',
  },
  en: {
    'alert.title': 'Alerts',
    'alert.kind': 'When',
    'alert.kind.price': 'Price reaches',
    'alert.kind.change_rate': 'Change (%)',
    'alert.kind.value_24h': '24h value',
    'alert.value': 'Value',
    'alert.price': 'At or under (won)',
    'alert.minutes': 'Minutes left',
    'alert.submit': 'Add alert',
    'alert.hint.price': 'Tells you once when the last trade reaches this price (a rise if it is above today\'s price, a fall if below).',
    'alert.hint.change_rate': 'Change since the previous close: 5 is +5% or more, -3 is -3% or less.',
    'alert.hint.value_24h': 'Tells you when the value traded in 24 hours reaches this amount.',
    'alert.hint.item': 'Tells you when this many minutes are left and the price is at or under this.',
    'alert.signin': 'Sign in to set alerts.',
    'alert.none': 'No alerts here yet.',
    'alert.delete': 'Delete',
    'alert.state.active': 'Waiting',
    'alert.state.fired': 'Fired',
    'alert.state.expired': 'Expired',
    'alert.added': 'Alert added:',
    'alert.error': 'Could not do that',
  },
});

const BASE = '/auction/v1/me/alerts';

/** The server's words for a refusal, or the network's. */
function describe(error) {
  return error.message && error.status ? error.message : t('alert.error');
}

/**
 * The alerts of one market (`market`) or one item (`item`), built inside `root`. The market's price, as
 * `showPrice(price)` hands it in, shows in the empty price field as a hint: never as its value, since a line
 * at the price itself would fire at the next trade.
 */
export class AlertBox {
  constructor({ root, market = null, item = null, formatPrice = (price) => String(price) }) {
    this.market = market;
    this.item = item;
    this.formatPrice = formatPrice;
    this.price = null;
    this.user = null;
    this.alerts = [];
    const idPart = market ? 'market' : 'item';
    this.kind = el('select', { id: 'alert-kind', name: 'kind' }, ['price', 'change_rate', 'value_24h'].map((kind) =>
      el('option', { value: kind, 'data-i18n': 'alert.kind.' + kind })));
    this.value = el('input', { id: 'alert-value', name: 'value', inputmode: 'decimal', autocomplete: 'off', required: '' });
    this.minutes = el('input', { id: 'alert-minutes', name: 'minutes', inputmode: 'numeric', autocomplete: 'off', value: '5' });
    this.hint = el('p', { id: 'alert-hint', class: 'muted small' });
    this.message = el('p', { id: 'alert-message', class: 'form-message', role: 'status', 'aria-live': 'polite' });
    this.submit = el('button', { type: 'submit', id: 'alert-submit', class: 'button', 'data-i18n': 'alert.submit' });
    const fields = market
      ? [
        el('label', {}, [el('span', { 'data-i18n': 'alert.kind' }), this.kind]),
        el('label', {}, [el('span', { 'data-i18n': 'alert.value' }), this.value]),
      ]
      : [
        el('label', {}, [el('span', { 'data-i18n': 'alert.price' }), this.value]),
        el('label', {}, [el('span', { 'data-i18n': 'alert.minutes' }), this.minutes]),
      ];
    this.form = el('form', { id: 'alert-form', class: 'alert-form', novalidate: '' },
      [el('div', { class: 'alert-fields' }, [...fields, this.submit]), this.hint]);
    this.rows = el('ul', { id: 'alert-rows', class: 'alert-rows' });
    this.empty = el('p', { id: 'alert-empty', class: 'muted small', 'data-i18n': 'alert.none', hidden: '' });
    this.signedOut = el('p', { id: 'alert-signed-out', class: 'muted small', 'data-i18n': 'alert.signin' });
    this.body = el('div', { class: 'alert-body', hidden: '' }, [this.form, this.message, this.rows, this.empty]);
    root.replaceChildren(
      el('h3', { id: `alert-title-${idPart}`, class: 'alert-title', 'data-i18n': 'alert.title' }),
      this.signedOut, this.body);
    root.classList.add('alert-box');
    applyLabels(root);

    this.kind.addEventListener('change', () => {
      this.value.value = '';
      this.prefill();
    });
    this.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.add();
    });
    this.rows.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-alert]');
      if (button) this.remove(Number(button.dataset.alert));
    });
    // A fired alert arrives in the inbox; the bell tells every page.
    document.addEventListener('bourse:notification', (event) => {
      if (event.detail?.kind === 'alert' && this.user) this.load();
    });
    onLangChange(() => this.render());
    onSessionChange((user) => {
      this.user = user;
      this.signedOut.hidden = Boolean(user);
      this.body.hidden = !user;
      this.alerts = [];
      if (user) this.load();
      this.render();
    });
    this.prefill();
  }

  /** Whether `alert` is this box's. */
  mine(alert) {
    return this.market ? alert.market === this.market : alert.item === this.item;
  }

  /** The market's latest price (from the page's ticker): the price field's hint. */
  showPrice(price) {
    this.price = price;
    if (this.market && this.kind.value === 'price') this.value.placeholder = this.formatPrice(price);
  }

  /** Says what the chosen kind means, and hints the price for a price alert. */
  prefill() {
    const kind = this.market ? this.kind.value : 'item';
    this.hint.textContent = t('alert.hint.' + kind);
    this.hint.dataset.i18n = 'alert.hint.' + kind;
    this.value.placeholder = kind === 'price' && this.price != null ? this.formatPrice(this.price) : '';
  }

  async load() {
    try {
      const answer = await api(BASE);
      this.alerts = answer.alerts.filter((alert) => this.mine(alert));
      this.render();
    } catch (error) {
      this.say(describe(error), true);
    }
  }

  render() {
    this.rows.replaceChildren(...this.alerts.map((alert) => el('li', {
      class: 'alert-row', 'data-state': alert.state, 'data-alert-id': String(alert.alert_id),
    }, [
      el('span', { class: 'alert-state' }, [t('alert.state.' + alert.state)]),
      el('span', { class: 'alert-text' }, [words(alert)]),
      el('button', {
        type: 'button', class: 'alert-delete', 'data-alert': String(alert.alert_id),
        'aria-label': `${t('alert.delete')}: ${words(alert)}`,
      }, ['×']),
    ])));
    this.empty.hidden = this.alerts.length > 0;
  }

  say(text, error = false) {
    this.message.textContent = text;
    this.message.classList.toggle('error', error);
  }

  /** The POST body of what the form says. */
  request() {
    const value = this.value.value.trim().replaceAll(',', '');
    if (this.item != null) {
      return { kind: 'item', item: this.item, price: value, minutes: Number(this.minutes.value) };
    }
    const kind = this.kind.value;
    const key = { price: 'price', change_rate: 'percent', value_24h: 'amount' }[kind];
    return { kind, market: this.market, [key]: value };
  }

  async add() {
    this.submit.disabled = true;
    this.say('');
    try {
      const alert = await api(BASE, { method: 'POST', json: this.request() });
      this.say(t('alert.added') + ' ' + words(alert));
      await this.load();
    } catch (error) {
      this.say(describe(error), true);
    } finally {
      this.submit.disabled = false;
    }
  }

  async remove(id) {
    try {
      await api(`${BASE}/${id}`, { method: 'DELETE' });
      this.alerts = this.alerts.filter((alert) => alert.alert_id !== id);
      this.say('');
      this.render();
    } catch (error) {
      this.say(describe(error), true);
    }
  }
}
