import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import zh from '../../../locales/zh/desktop/pcBooking.json';
import en from '../../../locales/en/desktop/pcBooking.json';
import { LANGUAGE_KEY } from '../../../lib/i18n.ts';
import { limitTexts, type TypeLimits } from './ResourceDetail.tsx';
import type { ResourceForBooking } from './resourceForBooking.ts';

const texts = {} as Record<'zh' | 'en', TFunction>;
beforeAll(async () => {
  for (const [lng, pcBooking] of [
    ['zh', zh],
    ['en', en],
  ] as const) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng,
      resources: { [lng]: { translation: { pcBooking } } },
      interpolation: { escapeValue: false },
    });
    texts[lng] = i18n.t;
  }
});

const resource = (over: Partial<ResourceForBooking>) =>
  ({ resourcesAppointmentNumberLimitRuleList: [], resourcesConfig: null, ...over }) as unknown as ResourceForBooking;
const type = (over: Partial<TypeLimits>): TypeLimits => ({
  resources_name: '羽毛球场',
  resources_name_en: 'Badminton court',
  is_appointment_number_limit: '0',
  appointment_number_rule: '',
  appointment_number_limit: 0,
  timeperiod_number_begin_date: '',
  timeperiod_number_end_date: '',
  is_incomplete_appointment_number_limit: '0',
  incomplete_appointment_number_limit: 0,
  appointmentNumberLimitRuleList: [],
  ...over,
});

describe('limitTexts: the rules summary says what each per-person limit counts', () => {
  const cases: [string, ResourceForBooking, TypeLimits | undefined, string[], string[]][] = [
    [
      "the resource's (or its template's) list counts this resource",
      resource({
        resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '1', appointment_number_limit: 1 }],
      }),
      type({}),
      ['本资源每人每天最多 1 次'],
      ['This resource: at most 1 per person a day'],
    ],
    [
      "the resource's own switch in resourcesConfig, and one switched off",
      resource({
        resourcesConfig: {
          pertimeslot_min_minutes: null,
          pertimeslot_max_minutes: null,
          is_appointment_number_limit: '1',
          appointment_number_rule: '2',
          appointment_number_limit: 3,
        },
      }),
      type({ is_appointment_number_limit: '0', appointment_number_rule: '1', appointment_number_limit: 1 }),
      ['本资源每人每周最多 3 次'],
      ['This resource: at most 3 per person a week'],
    ],
    [
      "the type's own limit, its list and its unfinished limit count the type together",
      resource({}),
      type({
        is_appointment_number_limit: '1',
        appointment_number_rule: '1',
        appointment_number_limit: 1,
        appointmentNumberLimitRuleList: [
          {
            appointment_number_rule: '4',
            appointment_number_limit: 5,
            timeperiod_number_begin_date: '2030-01-01',
            timeperiod_number_end_date: '2030-01-31',
          },
        ],
        is_incomplete_appointment_number_limit: '1',
        incomplete_appointment_number_limit: 2,
      }),
      [
        '羽毛球场（同类资源合计）每人每天最多 1 次',
        '羽毛球场（同类资源合计）每人 2030-01-01 至 2030-01-31 最多 5 次',
        '羽毛球场（同类资源合计）每人未结束的预约最多 2 个',
      ],
      [
        'Badminton court, all together: at most 1 per person a day',
        'Badminton court, all together: at most 5 per person from 2030-01-01 to 2030-01-31',
        'Badminton court, all together: at most 2 unfinished per person',
      ],
    ],
    [
      'the type not loaded (yet): the resource’s own only',
      resource({
        resourcesAppointmentNumberLimitRuleList: [{ appointment_number_rule: '3', appointment_number_limit: 4 }],
      }),
      undefined,
      ['本资源每人每月最多 4 次'],
      ['This resource: at most 4 per person a month'],
    ],
  ];
  it.each(cases)('%s', (_name, r, ty, zhWords, enWords) => {
    expect(limitTexts(r, ty, texts.zh)).toEqual(zhWords);
    // names are picked in the language in use
    window.localStorage.setItem(LANGUAGE_KEY, 'en');
    expect(limitTexts(r, ty, texts.en)).toEqual(enWords);
  });
});
