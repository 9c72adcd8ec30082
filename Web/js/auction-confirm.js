// A yes-or-no question in the page's own dialog (window.confirm cannot be styled, labelled in the page's
// language, or reached by the theme): resolves true only when the user presses the confirming button.

const dialog = document.getElementById('confirm-dialog');
const title = document.getElementById('confirm-title');
const text = document.getElementById('confirm-text');
const ok = document.getElementById('confirm-ok');
const cancel = document.getElementById('confirm-cancel');

/** Asks `{title, text, ok, cancel}`; the cancelling button has the focus, so Enter alone does not buy. */
export function confirmDialog(words) {
  title.textContent = words.title;
  text.textContent = words.text;
  ok.textContent = words.ok;
  cancel.textContent = words.cancel;
  dialog.returnValue = '';
  return new Promise((resolve) => {
    dialog.addEventListener('close', () => resolve(dialog.returnValue === 'ok'), { once: true });
    dialog.showModal();
    cancel.focus();
  });
}
