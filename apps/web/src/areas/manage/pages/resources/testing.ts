import { fireEvent, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';

/** How long to wait for options that load (a loaded machine runs several test files at once). */
const WAIT = { timeout: 10_000 };

/** A GraphQL call a component made. */
export interface Call {
  op: string;
  variables: Record<string, unknown>;
}

/**
 * Stubs fetch as the server for component tests: `answer` gives the data of an operation (by
 * name and variables), or undefined for a GraphQL error. Returns the calls, in order.
 */
export function serveOperations(answer: (op: string, variables: Record<string, unknown>) => unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, variables: body.variables });
      const data = answer(body.operationName, body.variables);
      if (data === undefined) {
        return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      }
      return new Response(JSON.stringify({ data }));
    }),
  );
  return calls;
}

/**
 * Opens an antd select (by its accessible name, or the element) and picks the option with
 * that text. The options may arrive after the select opens (they load on demand).
 */
export async function pickOption(select: string | HTMLElement, option: string) {
  const choice = await waitFor(() => {
    fireEvent.mouseDown(typeof select === 'string' ? screen.getByRole('combobox', { name: select }) : select);
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  }, WAIT);
  fireEvent.click(choice);
}
