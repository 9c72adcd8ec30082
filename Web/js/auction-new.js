// /auctions/new: the seller's listing form. Sent as the multipart `POST /auction/v1/items` (the fields
// by their contract names, the photos as parts named `photos` in the order chosen) with the CSRF header;
// the server checks each field and names it in its refusal, so the error goes under that field. On
// success the browser goes to the new item.

import { api, describeError, onSessionChange, session } from '/js/auction-api.js';
import { openSignIn } from '/js/account.js';
import { el } from '/js/dom.js';
import { t } from '/js/i18n.js';

const MAX_PHOTOS = 10;
const $ = (id) => document.getElementById(id);
const form = $('new-form');
const formError = $('new-error');
const signInNote = $('new-signin');
const photosInput = $('new-photos');
const previews = $('new-previews');
const submit = $('new-submit');
const errorFields = [...form.querySelectorAll('.field-error')];
const FIELD_NAMES = errorFields.map((el) => el.dataset.field);

let previewUrls = [];

function clearErrors() {
  formError.textContent = '';
  for (const el of errorFields) el.textContent = '';
  for (const input of form.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
}

/** Puts `text` under the field named `name` (or above the form) and marks its input invalid. */
function fieldError(name, text) {
  const el = errorFields.find((candidate) => candidate.dataset.field === name);
  if (!el) {
    formError.textContent = text;
    return;
  }
  el.textContent = text;
  const input = form.querySelector(`[aria-describedby~="${el.id}"]`);
  if (input) {
    input.setAttribute('aria-invalid', 'true');
    input.focus();
  }
}

// The server's sentence begins with the field it is about ("start_price must be …"); a rule between two
// fields names both, and the later one is where the seller has to look ("buy_now_price must be above …").
function fieldOf(message) {
  const first = /^(\w+)/.exec(message || '');
  if (first && FIELD_NAMES.includes(first[1])) return first[1];
  if (/ends_at|duration/.test(message || '')) return 'duration_seconds';
  if (/photo|files|image/i.test(message || '')) return 'photos';
  return null;
}

function showPreviews() {
  for (const url of previewUrls) URL.revokeObjectURL(url);
  previewUrls = [...photosInput.files].map((file) => URL.createObjectURL(file));
  previews.replaceChildren(
    ...previewUrls.map((url) => el('li', {}, [el('img', { src: url, alt: '' })])),
  );
}

function render() {
  signInNote.hidden = Boolean(session.user);
}

// Signed out, the note is a button that opens the sign-in dialog (a listing needs a seller).
signInNote.addEventListener('click', () => openSignIn('signin'));

async function send(event) {
  event.preventDefault();
  clearErrors();
  if (!session.user) {
    openSignIn();
    return;
  }
  const files = [...photosInput.files];
  if (!files.length) return fieldError('photos', t('auc.new.photos.none'));
  if (files.length > MAX_PHOTOS) return fieldError('photos', t('auc.new.photos.many'));
  const body = new FormData();
  for (const input of form.querySelectorAll('input[name], textarea[name]')) {
    if (input.type === 'file' || input.name === 'duration_minutes') continue;
    const value = input.value.trim().replace(/^(\d{1,3}(,\d{3})+)$/, (m) => m.replace(/,/g, ''));
    if (value !== '') body.append(input.name, value);
  }
  const minutes = form.elements.duration_minutes.value.trim();
  // Minutes for people, seconds for the contract; a non-number goes as it is, for the server to name.
  body.append('duration_seconds', /^\d+$/.test(minutes) ? String(Number(minutes) * 60) : minutes);
  for (const file of files) body.append('photos', file, file.name);
  submit.disabled = true;
  submit.textContent = t('auc.new.sending');
  try {
    const item = await api('POST', '/items', { form: body });
    location.assign('/auctions/' + item.id);
  } catch (error) {
    if (error.name === 'invalid_parameter') {
      const field = fieldOf(error.message);
      fieldError(field, describeError(error));
      if (field) formError.textContent = t('auc.new.failed');
    } else if (error.name === 'payload_too_large' || error.name === 'quota_exceeded') {
      fieldError('photos', describeError(error));
    } else {
      if (error.status === 401) openSignIn();
      formError.textContent = describeError(error);
    }
  } finally {
    submit.disabled = false;
    submit.textContent = t('auc.new.submit');
  }
}

export function start() {
  photosInput.addEventListener('change', showPreviews);
  form.addEventListener('submit', send);
  onSessionChange(render);
  render();
}
