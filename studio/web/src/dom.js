// Building the page: every text from the content (card names, messages, file names) goes in
// through textContent, never as HTML, so a card named `<script>` shows as text.

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag)
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value)
    else if (key === "class") el.className = value
    else el.setAttribute(key, value === true ? "" : String(value))
  }
  for (const child of children.flat()) {
    if (child == null || child === false) continue
    el.append(child instanceof Node ? child : document.createTextNode(String(child)))
  }
  return el
}

// A drawing from the server (SVG made by `wonders render`) shown as an image: an <img> never
// runs what an SVG holds, whatever the content names.
export function drawing(svg, label) {
  return h("img", {class: "drawing", alt: label, src: "data:image/svg+xml;charset=utf-8," + encodeURIComponent(svg)})
}

export function clear(el, ...children) {
  el.replaceChildren(...children.flat().filter(c => c != null))
  return el
}
