/** Checks of translation files shared by the sections' locale tests (not shipped: only tests import it). */

/** The leaf keys of a texts object, dotted ("series.invalid.range"). */
export function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

/** Leaf key -> text. */
export function flat(value: unknown, prefix = ''): Map<string, unknown> {
  return new Map(
    keys(value, prefix).map((k) => [
      k,
      k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], value),
    ]),
  );
}

const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/**
 * What is wrong with a section's texts split into files (groups) per language: a group in one
 * language only, keys that differ between the languages, empty texts, placeholders that differ,
 * a key in two groups (they are merged into one section: one would hide the other).
 * `files`: group -> language -> its texts.
 */
export function textProblems(files: Record<string, Partial<Record<'zh' | 'en', unknown>>>): string[] {
  const problems: string[] = [];
  const owner = new Map<string, string>();
  for (const [group, { zh, en }] of Object.entries(files)) {
    if (zh === undefined || en === undefined) {
      problems.push(`${group}: only in ${zh === undefined ? 'en' : 'zh'}`);
      continue;
    }
    const zhTexts = flat(zh);
    const enTexts = flat(en);
    for (const k of zhTexts.keys()) if (!enTexts.has(k)) problems.push(`${group}: ${k} missing in en`);
    for (const k of enTexts.keys()) if (!zhTexts.has(k)) problems.push(`${group}: ${k} missing in zh`);
    for (const [k, text] of zhTexts) {
      if (text === '' || enTexts.get(k) === '') problems.push(`${group}: ${k} is empty`);
      if (enTexts.has(k) && placeholders(text).join() !== placeholders(enTexts.get(k)).join())
        problems.push(`${group}: ${k} has other placeholders in en`);
      const other = owner.get(k);
      // a key and a subtree of the same name would clash as well
      const clash = other ?? [...owner.keys()].find((o) => o.startsWith(`${k}.`) || k.startsWith(`${o}.`));
      if (other) problems.push(`${group}: ${k} is in ${other} too`);
      else if (clash) problems.push(`${group}: ${k} clashes with ${clash} of ${owner.get(clash)}`);
      owner.set(k, group);
    }
  }
  return problems;
}

/** `import.meta.glob` results of `locales/<lang>/<group>.json` as group -> language -> texts. */
export function byGroup(files: Record<string, unknown>): Record<string, Partial<Record<'zh' | 'en', unknown>>> {
  const out: Record<string, Partial<Record<'zh' | 'en', unknown>>> = {};
  for (const [file, texts] of Object.entries(files)) {
    const [, lang, group] = /\/(zh|en)\/([^/]+)\.json$/.exec(file) ?? [];
    if (!lang || !group) throw new Error(`not locales/<lang>/<group>.json: ${file}`);
    (out[group] ??= {})[lang as 'zh' | 'en'] = texts;
  }
  return out;
}
