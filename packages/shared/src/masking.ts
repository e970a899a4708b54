/**
 * How personal details are shown wherever the viewer has no right to see them whole: lists,
 * passes, exports, public pages. The server masks; the web app only displays.
 */

/**
 * A person's name: enough to recognise one's own, not enough to identify a stranger. Chinese
 * names keep their first and last character (张三 -> 张*, 张小三 -> 张*三); Latin names keep the
 * first initial and the last name's initial with a fixed mask, so the length is not told
 * (John Smith -> J*** S., Alice -> A***).
 */
export function maskName(name: string | null | undefined): string {
  const text = (name ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return '';
  const chars = [...text];
  if (!text.includes(' ')) {
    if (/^[\p{Script=Latin}'.-]+$/u.test(text)) return `${chars[0]}***`;
    if (chars.length === 1) return '*';
    if (chars.length === 2) return `${chars[0]}*`;
    return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
  }
  const words = text.split(' ');
  const first = [...words[0]!][0]!;
  const last = [...words[words.length - 1]!][0]!;
  return `${first}*** ${last}.`;
}

/** Keeps `head` leading and `tail` trailing characters and stars the rest (at least one star). */
function keepEnds(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) return chars.length <= 1 ? '*' : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
  return `${chars.slice(0, head).join('')}${'*'.repeat(chars.length - head - tail)}${chars.slice(chars.length - tail).join('')}`;
}

/** A phone number: 13812345678 -> 138****5678 (separators dropped first). */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/[\s-]/g, '');
  return digits ? keepEnds(digits, 3, 4) : '';
}

/** An identity document number: 110101199001011234 -> 110***********1234. */
export function maskCardNumber(card: string | null | undefined): string {
  const text = (card ?? '').replace(/\s/g, '').toUpperCase();
  return text ? keepEnds(text, 3, 4) : '';
}
