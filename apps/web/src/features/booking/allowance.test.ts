import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Allowance } from './api/findAppointmentAllowance.ts';
import { allowanceLines } from './allowance.ts';
import zhForm from './locales/zh/form.json';
import enForm from './locales/en/form.json';

const texts: Record<'zh' | 'en', TFunction> = {} as Record<'zh' | 'en', TFunction>;

beforeAll(async () => {
  for (const [lng, form] of [
    ['zh', zhForm],
    ['en', enForm],
  ] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: { booking: form } } },
      interpolation: { escapeValue: false },
    });
    texts[lng] = i18n.t;
  }
});

const quota = (over: Partial<Allowance>): Allowance => ({
  scope: 'resource',
  kind: 'quota',
  appointment_number_rule: '1',
  limit: 1,
  period_begin: '2030-01-03',
  period_end: '2030-01-03',
  used: 0,
  remaining: 1,
  ...over,
});

describe('allowanceLines: each line says what it counts, the limit and what is left', () => {
  const cases: [string, Allowance, string, string, boolean][] = [
    [
      'a resource limit per day, one left',
      quota({}),
      '本资源每人每天最多 1 次：您还可预约 1 次（已约 0 次）',
      'This resource, at most 1 per person a day: 1 more for you (0 booked)',
      false,
    ],
    [
      'a type limit per day, used up on another court',
      quota({ scope: 'type', used: 1, remaining: 0 }),
      '羽毛球场（同类资源合计）每人每天最多 1 次：您已约满（已约 1 次）',
      'Badminton court, all together, at most 1 per person a day: none left for you (1 booked)',
      true,
    ],
    [
      'a weekly type limit',
      quota({ scope: 'type', appointment_number_rule: '2', limit: 3, used: 1, remaining: 2 }),
      '羽毛球场（同类资源合计）每人每周最多 3 次：您还可预约 2 次（已约 1 次）',
      'Badminton court, all together, at most 3 per person a week: 2 more for you (1 booked)',
      false,
    ],
    [
      'a monthly resource limit',
      quota({ appointment_number_rule: '3', limit: 9, used: 2, remaining: 7 }),
      '本资源每人每月最多 9 次：您还可预约 7 次（已约 2 次）',
      'This resource, at most 9 per person a month: 7 more for you (2 booked)',
      false,
    ],
    [
      'a dated limit',
      quota({ appointment_number_rule: '4', limit: 5, period_begin: '2030-01-01', period_end: '2030-01-31' }),
      '本资源每人 2030-01-01 至 2030-01-31 最多 5 次：您还可预约 1 次（已约 0 次）',
      'This resource, at most 5 per person from 2030-01-01 to 2030-01-31: 1 more for you (0 booked)',
      false,
    ],
    [
      'a dated limit open at its start',
      quota({ appointment_number_rule: '4', limit: 5, period_begin: '0000-01-01', period_end: '2030-01-31' }),
      '本资源每人 2030-01-31 前最多 5 次：您还可预约 1 次（已约 0 次）',
      'This resource, at most 5 per person until 2030-01-31: 1 more for you (0 booked)',
      false,
    ],
    [
      'a dated limit open at its end',
      quota({ appointment_number_rule: '4', limit: 5, period_begin: '2030-01-01', period_end: '9999-12-31' }),
      '本资源每人 2030-01-01 起最多 5 次：您还可预约 1 次（已约 0 次）',
      'This resource, at most 5 per person from 2030-01-01: 1 more for you (0 booked)',
      false,
    ],
    [
      'the unfinished limit of the type',
      quota({
        scope: 'type',
        kind: 'unfinished',
        appointment_number_rule: '',
        limit: 2,
        period_begin: '',
        period_end: '',
        used: 2,
        remaining: 0,
      }),
      '羽毛球场（同类资源合计）每人未结束的预约最多 2 个：您已有 2 个未结束的预约，需待其结束或取消后再约',
      'Badminton court, all together, at most 2 unfinished per person: you have 2 not yet ended; book again once one ends or is cancelled',
      true,
    ],
  ];
  it.each(cases)('%s', (_name, allowance, zh, en, exhausted) => {
    const typeName = { zh: '羽毛球场', en: 'Badminton court' };
    for (const lng of ['zh', 'en'] as const) {
      const [line] = allowanceLines([allowance], texts[lng], typeName[lng]);
      expect(line).toMatchObject({ text: lng === 'zh' ? zh : en, exhausted });
    }
  });

  it('a type limit without a known type name still says it counts the type together', () => {
    expect(allowanceLines([quota({ scope: 'type' })], texts.zh, '')[0]!.text).toBe(
      '同类资源合计每人每天最多 1 次：您还可预约 1 次（已约 0 次）',
    );
  });

  it('no limit, no line', () => {
    expect(allowanceLines([], texts.zh, '羽毛球场')).toEqual([]);
  });
});
