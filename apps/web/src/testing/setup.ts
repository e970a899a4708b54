import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Waits for the UI (findBy*, waitFor) allow for a loaded 2-core CI machine; a missing element still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
