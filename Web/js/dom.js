// Small helpers every page uses: building elements, localStorage that may be disabled, and running a
// function at most once per animation frame.

/** An element with attributes and children (strings become text nodes, never HTML). */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  for (const child of children) node.append(child);
  return node;
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
