import { describe, expect, it } from 'vitest';
import { definePort } from './port.ts';

describe('definePort', () => {
  it('says which module should have filled an unfilled port, and gives the last filling', () => {
    const port = definePort<() => string>('greeter', 'greetings');
    expect(() => port.use()).toThrow('no greeter registered (modules/greetings)');
    port.provide(() => 'a');
    port.provide(() => 'b');
    expect(port.use()()).toBe('b');
  });
});
