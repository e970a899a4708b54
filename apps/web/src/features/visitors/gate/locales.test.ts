import { describe, expect, it } from 'vitest';
import { textProblems } from '../../../testing/texts.ts';
import en from './locales/en.json';
import zh from './locales/zh.json';

describe('gate texts', () => {
  it('zh and en have the same keys and placeholders, and no empty text', () => {
    expect(textProblems({ visitorGate: { zh, en } })).toEqual([]);
  });
});
