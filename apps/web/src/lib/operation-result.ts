import { pick } from './i18n.ts';

/** The contract's result of a mutation or check: errcode "0" is success. */
export interface OperationResult {
  errcode: string;
  msg: string;
  msg_en: string;
  ids?: string[];
}

/** The contract's `code/messages` result: code "0" is success; the texts come as lists of strings. */
export interface MessagesResult {
  code: string;
  name: string;
  messages: string[] | null;
  messages_en: string[] | null;
}

/** The texts of a `code/messages` result as one line per language (the original may send several, or none). */
export function messagesText(result: Pick<MessagesResult, 'messages' | 'messages_en'>): { zh: string; en: string } {
  return { zh: (result.messages ?? []).join('；'), en: (result.messages_en ?? []).join('; ') };
}

/** The texts of a `code/messages` result in the current language. */
export function pickMessages(result: Pick<MessagesResult, 'messages' | 'messages_en'>): string {
  const { zh, en } = messagesText(result);
  return pick(zh, en);
}
