import { OPERATE_LOG_ACTIONS, OPERATE_LOG_MODULES, operateLogWord } from '@yuyue/shared';
import type { Language } from '../../lib/i18n.ts';

/** Which code of a log entry: its module or its action. */
export type OperateLogCodeKind = 'module' | 'type';

const tables = { module: OPERATE_LOG_MODULES, type: OPERATE_LOG_ACTIONS } as const;

/** A module or action code in words of `lang`; the code itself when it has none (an older or another client's code). */
export function codeWord(kind: OperateLogCodeKind, code: string, lang: Language): string {
  return operateLogWord(tables[kind], code, lang) ?? code;
}

/** The codes that read the same as `code` (batchDelete and deleteAll), `code` first; a code without words alone. */
export function sameWordCodes(kind: OperateLogCodeKind, code: string): string[] {
  const words = Object.hasOwn(tables[kind], code) ? tables[kind][code]! : null;
  if (!words) return [code];
  const others = Object.entries(tables[kind])
    .filter(([c, w]) => c !== code && w.zh === words.zh && w.en === words.en)
    .map(([c]) => c);
  return [code, ...others];
}

/**
 * A filter's choices: one per wording (codes that read the same are one choice, its value the
 * first of them in code order), with the codes for searching, sorted by the words.
 */
export function codeOptions(
  kind: OperateLogCodeKind,
  lang: Language,
): { value: string; label: string; codes: string[] }[] {
  const byWords = new Map<string, string[]>();
  for (const [code, words] of Object.entries(tables[kind]).sort(([a], [b]) => a.localeCompare(b))) {
    const key = `${words.zh}\u0000${words.en}`;
    byWords.set(key, [...(byWords.get(key) ?? []), code]);
  }
  return [...byWords.values()]
    .map((codes) => ({ value: codes[0]!, label: tables[kind][codes[0]!]![lang], codes }))
    .sort((a, b) => a.label.localeCompare(b.label, lang === 'zh' ? 'zh-CN' : 'en'));
}

const HAN = /\p{Script=Han}/u;

/**
 * Whether a log entry's content, shown in `lang`, needs the note that it is recorded in
 * Chinese: the server writes the content once, in Chinese, and free text is not translated.
 */
export function recordedInChinese(content: string, lang: Language): boolean {
  return lang === 'en' && HAN.test(content);
}
