import { errorTexts, type ErrorCode, type ErrorParams } from '@yuyue/shared';

/**
 * A refusal with a catalogue code. Services throw it; the GraphQL and HTTP layers turn it
 * into the contract's result shapes with the catalogue's Chinese and English texts.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(errorTexts(code, params).en);
    this.name = 'AppError';
  }

  get texts(): { zh: string; en: string } {
    return errorTexts(this.code, this.params);
  }
}

/** The SQLSTATE of a database error (Drizzle wraps the driver's error in `cause`). */
export function sqlState(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
