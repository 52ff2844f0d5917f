// page.text: the visible text of an element (default: the page) as innerText gives it, with
// runs of spaces collapsed and blank lines dropped, cut to max_chars characters from offset.
OPS.text = function (input, nodes) {
  const el = nodes.length ? nodes[0] : (document.body || document.documentElement);
  const raw = el.innerText !== undefined ? el.innerText : el.textContent;
  const lines = String(raw || "").split("\n")
                    .map((line) => line.replace(/[ \t\u00a0\r\f\v]+/g, " ").trim())
                    .filter((line) => line.length > 0);
  const chars = Array.from(lines.join("\n"));
  const offset = Math.min(input.offset || 0, chars.length);
  const end = Math.min(offset + input.max_chars, chars.length);
  let text = chars.slice(offset, end).join("");
  if (end < chars.length) {
    text += "\n[" + (chars.length - end) + " more characters; read on with \"offset\": " + end +
            "]";
  }
  return {data: {text, total: chars.length}};
};
