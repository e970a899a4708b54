import { describe, expect, it } from 'vitest';
import { textProblems } from '../../testing/texts.ts';
import en from './locales/en.json';
import zh from './locales/zh.json';

describe('visitor texts', () => {
  it('zh and en have the same keys and placeholders, and no empty text', () => {
    expect(textProblems({ visitors: { zh, en } })).toEqual([]);
  });
});
