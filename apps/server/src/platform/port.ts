/**
 * A port: what a lower module needs of a higher one, declared by the lower module and filled by
 * the higher at composition (from its resolvers file, which `modules/index.ts` loads), so the
 * lower never imports the higher (docs/ARCHITECTURE.md "Module dependencies"). Using a port
 * nobody filled is a wiring fault, said as such, never an empty answer.
 */
export interface Port<T> {
  /** Fills the port (the last filling wins). */
  provide(impl: T): void;
  /** What fills the port; throws when nothing does. */
  use(): T;
}

/** A port named by what it carries and which module fills it, for the wiring fault's message. */
export function definePort<T>(what: string, filledBy: string): Port<T> {
  let impl: T | null = null;
  return {
    provide(next) {
      impl = next;
    },
    use() {
      if (impl === null) throw new Error(`no ${what} registered (modules/${filledBy})`);
      return impl;
    },
  };
}
