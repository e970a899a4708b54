import { Globals } from '@react-spring/web';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

// Waits for the UI (findBy*, waitFor) allow for a loaded 2-core CI machine; a missing element still fails.
configure({ asyncUtilTimeout: 5000 });

// antd-mobile's dialogs and popups open and close through react-spring animations driven by
// animation frames; on a loaded machine a close could outlast the wait above (seen once: a
// cancelled confirm still in the page after 5 s). Tests assert what the overlays do, not how they
// move: the animations end at once.
Globals.assign({ skipAnimation: true });

// antd names what its next major removes ("[antd: Space] `direction` is deprecated"); a test that
// renders such a use fails, so the deprecation is met when it appears, not at the upgrade.
const ANTD_DEPRECATION = /\[antd: [^\]]+\][^\n]*\bdeprecated\b/;
// (the console's own method, kept from the first file of the worker: this file runs for each)
const ORIGINAL_ERROR = Symbol.for('yuyue.test.consoleError');
const consoleWithOriginal = console as Console & { [ORIGINAL_ERROR]?: Console['error'] };
consoleWithOriginal[ORIGINAL_ERROR] ??= console.error.bind(console);
const printError = consoleWithOriginal[ORIGINAL_ERROR];
let deprecations: string[] = [];
console.error = (...args: unknown[]) => {
  const text = args.map(String).join(' ');
  if (ANTD_DEPRECATION.test(text)) deprecations.push(text);
  printError(...args);
};

beforeEach(() => {
  deprecations = [];
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const found = deprecations;
  deprecations = [];
  if (found.length) throw new Error(`antd deprecation warnings:\n${found.join('\n')}`);
});

// The test files of a worker share one jsdom window and the modules of node_modules (isolate:
// false in vitest.config.ts, which saves each file a new environment and a new import of antd
// and React). This file runs again before each test file; after each, what a file may leave
// behind is put back as a new window would have it, and the project's own modules are
// forgotten, so the next file imports them afresh and its vi.mock calls apply to them.
type Restorable = { target: object; key: string; descriptor: PropertyDescriptor | undefined };
const FIRST_STATE = Symbol.for('yuyue.test.firstState');
const globalWithState = globalThis as typeof globalThis & {
  [FIRST_STATE]?: { href: string; restorable: Restorable[] };
};
globalWithState[FIRST_STATE] ??= {
  href: window.location.href,
  // what a test sets by hand and other files could trip over (IndexedDB, which only the gate's
  // files use, each with fake-indexeddb of its own, stays: work of a file that is still under way
  // when it ends may use it)
  restorable: [
    { target: window, key: 'matchMedia' },
    { target: window.navigator, key: 'clipboard' },
  ].map(({ target, key }) => ({ target, key, descriptor: Object.getOwnPropertyDescriptor(target, key) })),
};
const firstState = globalWithState[FIRST_STATE];

afterAll(async () => {
  // antd-mobile (shared with the next file) keeps its open Toast and Dialogs: a Toast of the next
  // file would go to this one's container, no longer in the page. Closed as a new page would have them.
  const { Dialog, Toast } = await import('antd-mobile');
  Toast.clear();
  Dialog.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const { target, key, descriptor } of firstState.restorable) {
    if (descriptor) Object.defineProperty(target, key, descriptor);
    else Reflect.deleteProperty(target, key);
  }
  document.body.replaceChildren();
  for (const attribute of [...document.body.attributes]) document.body.removeAttribute(attribute.name);
  document.documentElement.removeAttribute('lang');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.history.replaceState(null, '', firstState.href);
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.resetModules();
});
