/** Minutes since midnight of "HH:mm" ("24:00" is the end of the day), or null. */
export function minutesOf(value: string | null | undefined): number | null {
  const m = /^(\d{2}):(\d{2})$/.exec((value ?? '').trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min > 0)) return null;
  return h * 60 + min;
}
