import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../errors.ts';

/** How long one slice of serialisation may hold the event loop before yielding, ms. */
const SLICE_MS = 4;

/** A number of slots operations take in turn (first come, first served). */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly onIdle?: () => void,
  ) {}

  /** Runs `fn` when a slot is free, after a yield to the event loop. */
  async run<T>(fn: () => Promise<T> | T): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      await yieldToLoop();
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else if (--this.running === 0) this.onIdle?.();
    }
  }
}

/**
 * The slots of each signed-in caller, over all of its requests: three parallel requests of
 * one student share the same few slots. An idle caller's slots are forgotten.
 */
export class CallerSlots {
  private readonly slots = new Map<string, Slots>();

  constructor(private readonly size: number) {}

  /** The slots of a caller; anonymous callers (no key) get slots of their own per request. */
  of(key: string | null): Slots {
    if (key === null) return new Slots(this.size);
    let slots = this.slots.get(key);
    if (!slots) {
      slots = new Slots(this.size, () => this.slots.delete(key));
      this.slots.set(key, slots);
    }
    return slots;
  }

  /** How many callers have operations running or waiting. */
  get active(): number {
    return this.slots.size;
  }
}

/**
 * One HTTP request's share of the server: its caller's slots (how many operations run at
 * once) and how large its answer may grow. Shared by every document of a batch and every
 * alias of a document, so one request, or one caller's parallel requests, cannot take the
 * whole database pool or the event loop.
 */
export class RequestBudget {
  private bytes = 0;
  /** Each document's answer, serialised as it resolved (see `record`). */
  private readonly serialised = new WeakMap<object, string>();
  /** Set once the answer has grown past `maxBytes`: later operations do no work. */
  over = false;
  private readonly anonymous: Slots | null;

  constructor(
    private readonly callers: CallerSlots,
    private readonly caller: string | null,
    readonly maxBytes: number,
  ) {
    this.anonymous = caller === null ? callers.of(null) : null;
  }

  /**
   * Runs one operation of the request when one of its caller's slots is free, after a yield
   * to the event loop so other requests' callbacks run between a request's operations.
   */
  run<T>(fn: () => Promise<T> | T): Promise<T> {
    // Looked up at each run: an idle caller's slots are dropped, and a later run must share the new ones.
    const slots = this.anonymous ?? this.callers.of(this.caller);
    return slots.run(() => {
      if (this.over) throw this.tooLarge();
      return fn();
    });
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
