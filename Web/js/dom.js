// Small helpers every page uses: building elements, localStorage that may be disabled, and running a
// function at most once per animation frame.

/** An element with attributes and children (strings become text nodes, never HTML). */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
}

/** An element with a class and a text: the tables' cells. */
export function cell(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/**
 * Writes `value` into `node` only when it differs from what was written last under `field` in `written`
 * (a row's own record), so that a live table touches the DOM only where something changed.
 */
export function setText(written, field, node, value) {
  if (written[field] === value) return;
  written[field] = value;
  node.textContent = value;
}

/** "/" focuses `input` from anywhere on the page except a text field, as search boxes do on the web. */
export function focusOnSlash(input) {
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.target.closest('input, textarea, select')) return;
    event.preventDefault();
    input.focus();
  });
}

/** localStorage that keeps working (forgetting) when storage is disabled, as in some private modes. */
export const store = {
  get(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Not remembered; the choice still holds for this page.
    }
  },
  remove(key) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  },
};

/** `fn` wrapped so that any number of calls within a frame run it once, in the next animation frame. */
export function perFrame(fn) {
  let frame = 0;
  return () => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      fn();
    });
  };
}

/** Two digits: 7 → "07". */
export const pad2 = (n) => String(n).padStart(2, '0');
