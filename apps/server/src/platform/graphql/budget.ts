import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../errors.ts';

/** How long one slice of serialisation may hold the event loop before yielding, ms. */
const SLICE_MS = 4;

/**
 * One HTTP request's share of the server: how many of its operations run at once, and how
 * large its answer may grow. Shared by every document of a batch and every alias of a
 * document, so one request cannot take the whole database pool or the event loop.
 */
export class RequestBudget {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private bytes = 0;
  /** Each document's answer, serialised as it resolved (see `record`). */
  private readonly serialised = new WeakMap<object, string>();
  /** Set once the answer has grown past `maxBytes`: later operations do no work. */
  over = false;

  constructor(
    private readonly concurrency: number,
    readonly maxBytes: number,
  ) {}

  /**
   * Runs one operation of the request when one of its slots is free, after yielding to the
   * event loop so other requests' callbacks run between a request's operations.
   */
  async run<T>(fn: () => Promise<T> | T): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      await yieldToLoop();
      if (this.over) throw this.tooLarge();
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  /** The refusal of an answer larger than the budget. */
  tooLarge(): AppError {
    return new AppError('ANSWER_TOO_LARGE', { maxMb: Math.round((this.maxBytes / 1024 / 1024) * 10) / 10 });
  }

  /**
   * Serialises one document's result in slices, yielding between them, and counts its bytes
   * against the budget; stops (and marks the request over) as soon as the budget is passed.
   */
  async record(execution: object): Promise<void> {
    if (this.over) return;
    const text = await serialiseInSlices(execution, this.maxBytes - this.bytes);
    if (text === null) {
      this.over = true;
      return;
    }
    this.bytes += Buffer.byteLength(text);
    this.serialised.set(execution, text);
  }

  /** The JSON of a payload, reusing what `record` serialised; null when nothing was recorded for it. */
  textOf(payload: unknown): string | null {
    if (payload === null || typeof payload !== 'object') return null;
    if (!Array.isArray(payload)) return this.serialised.get(payload) ?? null;
    const parts = payload.map((p) => (p !== null && typeof p === 'object' ? this.serialised.get(p) : undefined));
    // A batch member that failed before execution (a syntax error) was never recorded: it is small.
    return `[${parts.map((text, i) => text ?? JSON.stringify(payload[i])).join(',')}]`;
  }
}

/**
 * JSON.stringify of `value`, made of slices (object members and array items down to the
 * third level, each stringified whole below it) with a yield to the event loop whenever the
 * slices since the last one have taken SLICE_MS. Returns null, without finishing, once the
 * text passes `maxBytes`.
 */
export async function serialiseInSlices(value: unknown, maxBytes: number): Promise<string | null> {
  const parts: string[] = [];
  let bytes = 0;
  let since = performance.now();
  const add = (text: string) => {
    parts.push(text);
    bytes += Buffer.byteLength(text);
  };
  const pause = async () => {
    if (performance.now() - since > SLICE_MS) {
      await yieldToLoop();
      since = performance.now();
    }
  };
  const write = async (v: unknown, depth: number): Promise<void> => {
    if (depth >= 3 || v === null || typeof v !== 'object' || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      add(JSON.stringify(v) ?? 'null');
      return;
    }
    const array = Array.isArray(v);
    add(array ? '[' : '{');
    let first = true;
    for (const [key, member] of array ? v.entries() : Object.entries(v)) {
      if (!array && (member === undefined || typeof member === 'function')) continue;
      add(`${first ? '' : ','}${array ? '' : `${JSON.stringify(key)}:`}`);
      first = false;
      await write(member, depth + 1);
      if (bytes > maxBytes) return;
      await pause();
    }
    add(array ? ']' : '}');
  };
  await write(value, 0);
  return bytes > maxBytes ? null : parts.join('');
}
