// An item's photos in the order the seller gave: one large photo, thumbnails to pick another, previous
// and next buttons, and the arrow keys (Home and End too) when the photo or a thumbnail has the focus.

import { fill } from '/js/auction-format.js';
import { el } from '/js/dom.js';
import { t } from '/js/i18n.js';

export class Gallery {
  constructor(photos, title) {
    this.photos = photos;
    this.title = title;
    this.index = 0;
    this.stage = document.getElementById('gallery-stage');
    this.img = document.getElementById('gallery-photo');
    this.count = document.getElementById('gallery-count');
    this.prev = document.getElementById('gallery-prev');
    this.next = document.getElementById('gallery-next');
    this.thumbs = document.getElementById('gallery-thumbs');
    const several = photos.length > 1;
    this.prev.hidden = !several;
    this.next.hidden = !several;
    this.prev.addEventListener('click', () => this.show(this.index - 1));
    this.next.addEventListener('click', () => this.show(this.index + 1));
    this.stage.addEventListener('keydown', (event) => this.key(event));
    this.thumbs.addEventListener('keydown', (event) => this.key(event, true));
    this.buttons = photos.map((photo, index) => {
      const thumbnail = el('img', { src: photo.list_url || photo.url, alt: '', loading: 'lazy' });
      const button = el('button', { type: 'button' }, [thumbnail]);
      button.addEventListener('click', () => this.show(index));
      this.thumbs.append(el('li', {}, [button]));
      return button;
    });
    this.thumbs.hidden = !several;
    if (!photos.length) {
      this.count.textContent = t('auc.nophoto');
      return;
    }
    this.show(0);
  }

  key(event, fromThumbs = false) {
    const target = { ArrowLeft: this.index - 1, ArrowRight: this.index + 1, Home: 0, End: this.photos.length - 1 }[
      event.key
    ];
    if (target === undefined || this.photos.length < 2) return;
    event.preventDefault();
    this.show(target);
    if (fromThumbs) this.buttons[this.index].focus();
  }

  /** Shows photo `index` (wrapping around at either end). */
  show(index) {
    const total = this.photos.length;
    if (!total) return;
    this.index = ((index % total) + total) % total;
    const photo = this.photos[this.index];
    this.img.hidden = false;
    this.img.src = photo.url;
    if (photo.width && photo.height) {
      this.img.width = photo.width;
      this.img.height = photo.height;
    }
    this.img.dataset.index = String(this.index);
    this.buttons.forEach((button, i) => {
      button.setAttribute('aria-current', String(i === this.index));
      button.tabIndex = i === this.index ? 0 : -1;
    });
    this.relabel();
  }

  relabel() {
    const total = this.photos.length;
    if (!total) return;
    const label = fill('auc.item.photo', { n: this.index + 1, total });
    this.img.alt = `${this.title} — ${label}`;
    this.count.textContent = `${this.index + 1} / ${total}`;
    this.buttons.forEach((button, i) => button.setAttribute('aria-label', fill('auc.item.photo', { n: i + 1, total })));
  }
}
