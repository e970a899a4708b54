import { Globals } from '@react-spring/web';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

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
const printError = console.error.bind(console);
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
