import { formatDateTime } from '@yuyue/shared';
import { AppError } from '../../platform/errors.ts';
import { hasVisibleContent, sanitizeRichText } from '../../platform/html.ts';

export const INSTRUCTION_STATES = ['published', 'draft'] as const;
export type InstructionState = (typeof INSTRUCTION_STATES)[number];

/** Longest stored HTML of one language, in characters (images are uploads, not data URIs). */
export const INSTRUCTION_CONTENT_MAX = 200_000;

/** An instruction as saved, after the input's shape was checked. */
export interface InstructionDraft {
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  order: number;
  state: InstructionState;
}

/**
 * The instruction to store: HTML sanitized, and refused without a Chinese title or with no
 * visible Chinese content (the English texts are optional: readers fall back to Chinese).
 */
export function prepareInstruction(input: {
  title?: string;
  title_en?: string;
  content?: string;
  content_en?: string;
  order?: number;
  state?: string;
}): InstructionDraft {
  const title = (input.title ?? '').trim();
  if (!title) throw new AppError('INSTRUCTION_TITLE_REQUIRED');
  const state = input.state ?? 'draft';
  if (!(INSTRUCTION_STATES as readonly string[]).includes(state)) throw new AppError('INSTRUCTION_STATE_INVALID');
  const content = sanitizeRichText(input.content ?? '');
  if (!hasVisibleContent(content)) throw new AppError('INSTRUCTION_CONTENT_REQUIRED');
  const contentEn = sanitizeRichText(input.content_en ?? '');
  return {
    title,
    title_en: (input.title_en ?? '').trim(),
    content,
    content_en: hasVisibleContent(contentEn) ? contentEn : '',
    order: input.order ?? 0,
    state: state as InstructionState,
  };
}

/** Whether a caller sees an instruction: administrators see drafts, others published ones only. */
export function visibleTo(isAdmin: boolean, state: string): boolean {
  return isAdmin || state === 'published';
}

export interface WireInstruction {
  id: string;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  order: number;
  state: string;
  create_time: string;
  update_time: string;
}

/** An instruction row in the contract's shape: times in the tenant's zone. */
export function toWireInstruction(
  row: Omit<WireInstruction, 'create_time' | 'update_time'> & { create_time: Date; update_time: Date },
  timeZone: string,
): WireInstruction {
  return {
    id: row.id,
    title: row.title,
    title_en: row.title_en,
    content: row.content,
    content_en: row.content_en,
    order: row.order,
    state: row.state,
    create_time: formatDateTime(row.create_time.getTime(), timeZone),
    update_time: formatDateTime(row.update_time.getTime(), timeZone),
  };
}
