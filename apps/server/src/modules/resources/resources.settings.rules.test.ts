import { describe, expect, it } from 'vitest';
import {
  channelsOf,
  customAttributeProblem,
  extendedValuesOf,
  isHttpUrl,
  normalisedChannels,
  notificationProblem,
  optionsOf,
  pickedOf,
  preauditProblem,
  type CustomAttributeDefinition,
  type CustomAttributeValue,
} from './resources.settings.rules.ts';

const def = (over: Partial<CustomAttributeDefinition> = {}): CustomAttributeDefinition => ({
  field_name: 'seats',
  field_desc_cn: '座位数',
  collect_mode: '0',
  default_value_cn: '',
  data_range_cn: '',
  data_range_en: '',
  is_required: '0',
  ...over,
});
const val = (field_name: string, attribute_content: string): CustomAttributeValue => ({
  field_name,
  attribute_content,
});
const code = (defs: CustomAttributeDefinition[], values: CustomAttributeValue[] = []) =>
  customAttributeProblem(defs, values)?.code ?? null;

describe('custom attributes', () => {
  it('splits options on commas (either width) and new lines; picked values on commas', () => {
    expect(optionsOf(' 投影仪, 白板，音响\n 电视 \n\n')).toEqual(['投影仪', '白板', '音响', '电视']);
    expect(optionsOf('')).toEqual([]);
    expect(pickedOf('白板，音响, ')).toEqual(['白板', '音响']);
  });

  it.each([
    ['a plain text attribute with a value', [def()], [val('seats', '12')], null],
    ['no attributes at all', [], [], null],
    ['an optional attribute without a value', [def()], [], null],
    ['an optional attribute with an empty value', [def()], [val('seats', ' ')], null],
    ['a field name starting with a digit', [def({ field_name: '1st' })], [], 'CUSTOM_ATTRIBUTE_NAME_INVALID'],
    ['a field name with a space', [def({ field_name: 'a b' })], [], 'CUSTOM_ATTRIBUTE_NAME_INVALID'],
    ['a Chinese field name', [def({ field_name: '座位_2' })], [], null],
    ['a repeated field name', [def(), def()], [], 'CUSTOM_ATTRIBUTE_DUPLICATE'],
    ['no Chinese label', [def({ field_desc_cn: ' ' })], [], 'CUSTOM_ATTRIBUTE_LABEL_REQUIRED'],
    ['a choice without options', [def({ collect_mode: '1' })], [], 'CUSTOM_ATTRIBUTE_OPTIONS_REQUIRED'],
    [
      'English options of another count',
      [def({ collect_mode: '1', data_range_cn: '是,否', data_range_en: 'Yes' })],
      [],
      'CUSTOM_ATTRIBUTE_OPTIONS_MISMATCH',
    ],
    [
      'a default that is not an option',
      [def({ collect_mode: '1', data_range_cn: '是,否', default_value_cn: '也许' })],
      [],
      'CUSTOM_ATTRIBUTE_DEFAULT_INVALID',
    ],
    [
      'a multiple-choice default of options',
      [def({ collect_mode: '2', data_range_cn: '投影仪,白板,音响', default_value_cn: '投影仪,音响' })],
      [],
      null,
    ],
    ['a value of an undefined attribute', [def()], [val('colour', '红')], 'CUSTOM_ATTRIBUTE_UNDEFINED'],
    ['two values of one attribute', [def()], [val('seats', '1'), val('seats', '2')], 'CUSTOM_ATTRIBUTE_DUPLICATE'],
    ['a required attribute without a value', [def({ is_required: '1' })], [], 'CUSTOM_ATTRIBUTE_VALUE_REQUIRED'],
    [
      'a required attribute with an empty value',
      [def({ is_required: '1' })],
      [val('seats', '')],
      'CUSTOM_ATTRIBUTE_VALUE_REQUIRED',
    ],
    ['one choice that is an option', [def({ collect_mode: '1', data_range_cn: '是\n否' })], [val('seats', '否')], null],
    [
      'one choice that is not an option',
      [def({ collect_mode: '1', data_range_cn: '是,否' })],
      [val('seats', '是,否')],
      'CUSTOM_ATTRIBUTE_VALUE_INVALID',
    ],
    [
      'several choices, one not an option',
      [def({ collect_mode: '2', data_range_cn: '投影仪,白板' })],
      [val('seats', '投影仪,音响')],
      'CUSTOM_ATTRIBUTE_VALUE_INVALID',
    ],
    [
      'several choices that are options',
      [def({ collect_mode: '2', data_range_cn: '投影仪,白板' })],
      [val('seats', '白板，投影仪')],
      null,
    ],
  ] as const)('%s', (_name, defs, values, expected) => {
    expect(code([...defs], [...values])).toBe(expected);
  });

  it('names the attribute and the value in the problem', () => {
    expect(
      customAttributeProblem([def({ collect_mode: '2', data_range_cn: '投影仪,白板' })], [val('seats', '投影仪,音响')]),
    ).toEqual({ code: 'CUSTOM_ATTRIBUTE_VALUE_INVALID', params: { name: '座位数', value: '音响' } });
  });
});

describe('pre-audit', () => {
  it.each([
    ['off and empty', {}, null],
    ['on with a URL', { preaudit_enable: '1', preaudit_url: 'https://audit.example.edu/form?id=1' }, null],
    ['on with a department', { preaudit_enable: '1', preaudit_dept: 'd1' }, null],
    ['on with a post', { preaudit_enable: '1', preaudit_post: 'p1' }, null],
    ['on with nothing', { preaudit_enable: '1', preaudit_url: ' ' }, 'PREAUDIT_TARGET_REQUIRED'],
    ['a javascript: URL', { preaudit_url: 'javascript:alert(1)' }, 'PREAUDIT_URL_INVALID'],
    ['a relative URL', { preaudit_enable: '1', preaudit_url: '/audit' }, 'PREAUDIT_URL_INVALID'],
    ['a URL with a space', { preaudit_url: 'https://a b.example' }, 'PREAUDIT_URL_INVALID'],
  ])('%s', (_name, config, expected) => {
    expect(preauditProblem(config)?.code ?? null).toBe(expected);
  });

  it('accepts only absolute http(s) URLs with a host', () => {
    expect(isHttpUrl('http://audit.example.edu')).toBe(true);
    expect(isHttpUrl('HTTPS://audit.example.edu/x')).toBe(true);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('ftp://audit.example.edu')).toBe(false);
  });
});

describe('notification channels', () => {
  it('reads, cleans and checks the channel list', () => {
    expect(channelsOf(' Email， sms email ')).toEqual(['email', 'sms']);
    expect(normalisedChannels('EMAIL,,inapp')).toBe('email,inapp');
    expect(normalisedChannels('')).toBe('');
    expect(notificationProblem({ notifiy_channels: 'email,sms,inapp' })).toBeNull();
    expect(notificationProblem({ notifiy_channels: '' })).toBeNull();
    expect(notificationProblem({ notifiy_channels: 'email,wechat' })).toEqual({
      code: 'NOTIFY_CHANNEL_INVALID',
      params: { value: 'wechat' },
    });
  });
});

describe('extended property values', () => {
  const properties = [
    { extended_properties_code: 'yy_facility', extended_properties_name: '设施', code_description: '会议设施' },
    { extended_properties_code: 'yy_style', extended_properties_name: '风格', code_description: '' },
  ];
  const items = new Map([
    [
      'yy_facility',
      [
        { item_code: 'projector', item_name: '投影仪', item_description: '4K' },
        { item_code: 'board', item_name: '白板', item_description: '' },
      ],
    ],
    ['yy_style', []],
  ]);

  it('takes names from the type and the code table, by item code or name, once each', () => {
    const out = extendedValuesOf(
      [
        { id: 'kept', extended_properties_code: 'yy_facility', item_code: 'projector', item_name: 'forged' },
        { extended_properties_code: 'yy_facility', item_name: '白板' },
        { extended_properties_code: 'yy_facility', item_code: 'board' },
      ],
      '会议室',
      properties,
      items,
    );
    expect(out).toEqual({
      values: [
        {
          id: 'kept',
          extended_properties_code: 'yy_facility',
          extended_properties_name: '设施',
          item_code: 'projector',
          item_name: '投影仪',
          item_description: '4K',
          code_description: '会议设施',
        },
        {
          id: undefined,
          extended_properties_code: 'yy_facility',
          extended_properties_name: '设施',
          item_code: 'board',
          item_name: '白板',
          item_description: '',
          code_description: '会议设施',
        },
      ],
    });
  });

  it('refuses a property the type lacks and an item the code table lacks', () => {
    expect(
      extendedValuesOf([{ extended_properties_code: 'colour', item_code: 'red' }], '会议室', properties, items),
    ).toEqual({ problem: { code: 'EXTENDED_PROPERTY_UNKNOWN', params: { type: '会议室', code: 'colour' } } });
    expect(
      extendedValuesOf([{ extended_properties_code: 'yy_facility', item_code: 'tv' }], '会议室', properties, items),
    ).toEqual({ problem: { code: 'EXTENDED_PROPERTY_ITEM_UNKNOWN', params: { property: '设施', item: 'tv' } } });
    expect(extendedValuesOf([{ extended_properties_code: 'yy_style' }], '会议室', properties, items)).toMatchObject({
      problem: { code: 'EXTENDED_PROPERTY_ITEM_UNKNOWN' },
    });
  });
});
