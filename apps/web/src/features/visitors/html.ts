/** Tags the welcome text may keep; anything else is unwrapped (its text stays). */
const ALLOWED = new Set([
  'P',
  'BR',
  'STRONG',
  'B',
  'EM',
  'I',
  'U',
  'S',
  'SPAN',
  'DIV',
  'UL',
  'OL',
  'LI',
  'H1',
  'H2',
  'H3',
  'H4',
  'BLOCKQUOTE',
  'A',
  'IMG',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TD',
  'TH',
  'HR',
]);
/** Elements dropped with their content. */
const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'OBJECT',
  'EMBED',
  'FORM',
  'INPUT',
  'BUTTON',
  'TEMPLATE',
  'svg',
  'SVG',
  'MATH',
]);
const SAFE_URL = /^(https?:|\/(?!\/)|#)/i;

/**
 * The administrator's welcome text with nothing active left: the server sanitises it when it is
 * saved, and the page cleans it again (allowed tags only, no event handlers or styles, links and
 * images to http(s) or this site only).
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const clean = (node: Element) => {
    for (const child of [...node.children]) {
      if (DROPPED.has(child.tagName)) {
        child.remove();
        continue;
      }
      clean(child);
      if (!ALLOWED.has(child.tagName)) {
        child.replaceWith(...child.childNodes);
        continue;
      }
      for (const attr of [...child.attributes]) {
        const name = attr.name.toLowerCase();
        const keep =
          (name === 'href' && child.tagName === 'A' && SAFE_URL.test(attr.value.trim())) ||
          (name === 'src' && child.tagName === 'IMG' && SAFE_URL.test(attr.value.trim())) ||
          (name === 'alt' && child.tagName === 'IMG');
        if (!keep) child.removeAttribute(attr.name);
      }
      if (child.tagName === 'A') {
        child.setAttribute('rel', 'noopener noreferrer');
        child.setAttribute('target', '_blank');
      }
    }
  };
  clean(doc.body);
  return doc.body.innerHTML;
}
