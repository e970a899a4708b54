import { describe, expect, it } from 'vitest';
import { attributeFormsOf, attributeInputOf, attributeIssues, newAttribute, type AttributeForm } from './attributes.ts';
import { extendedFormOf, extendedInputOf, orphanValues } from './extended.ts';
import { resourceFormOf, resourceInputOf } from './form.ts';
import { isHttpUrl, preauditIssue } from './settings.ts';
import type { ResourceDetail } from './types.ts';

const attr = (patch: Partial<AttributeForm> = {}): AttributeForm => ({
  ...newAttribute(),
  field_name: 'seats',
  field_desc_cn: '座位数',
  ...patch,
});
const issues = (rows: AttributeForm[]) => attributeIssues(rows).map((i) => `${i.index}.${i.field}:${i.code}`);

describe('custom attributes', () => {
  it('reads definitions with their values, and values without a definition as text attributes', () => {
    const rows = attributeFormsOf(
      [
        {
          id: 'd2',
          field_name: 'equipment',
          field_desc_cn: '设备',
          collect_mode: '2',
          data_range_cn: '投影仪,白板，音响',
          data_range_en: 'Projector,Whiteboard,Speakers',
          default_value_cn: '投影仪',
          is_required: '1',
          order_num: 2,
        },
        { id: 'd1', field_name: 'seats', field_desc_cn: '座位数', collect_mode: '0', order_num: 1 },
      ],
      [
        { id: 'v2', field_name: 'equipment', attribute_content: '投影仪,音响', is_enable: '1' },
        { id: 'v9', field_name: 'legacy', field_desc_cn: '', attribute_content: '旧内容', is_detail_display: '1' },
      ],
    );
    expect(rows.map((r) => r.field_name)).toEqual(['seats', 'equipment', 'legacy']);
    expect(rows[0]).toMatchObject({ id: 'd1', collect_mode: '0', value: '', is_enable: '1' });
    expect(rows[1]).toMatchObject({
      id: 'd2',
      valueId: 'v2',
      collect_mode: '2',
      options_cn: ['投影仪', '白板', '音响'],
      default_value: ['投影仪'],
      value: ['投影仪', '音响'],
      is_required: '1',
    });
    expect(rows[2]).toMatchObject({ valueId: 'v9', field_desc_cn: 'legacy', collect_mode: '0', value: '旧内容' });
  });

  it('sends definitions and values; choices join with commas, English defaults follow the options', () => {
    const input = attributeInputOf([
      attr({ value: ' 20 ', default_value: '10', default_value_en: '10' }),
      attr({
        field_name: 'equipment',
        field_desc_cn: '设备',
        collect_mode: '2',
        options_cn: ['投影仪', '白板'],
        options_en: ['Projector', 'Whiteboard'],
        default_value: ['白板'],
        value: ['投影仪', '白板'],
        is_enable: '0',
      }),
    ]);
    expect(input.resourcesCustomAttributeList).toEqual([
      expect.objectContaining({ field_name: 'seats', collect_mode: '0', data_range_cn: '', default_value_cn: '10' }),
      expect.objectContaining({
        field_name: 'equipment',
        collect_mode: '2',
        data_range_cn: '投影仪,白板',
        data_range_en: 'Projector,Whiteboard',
        default_value_cn: '白板',
        default_value_en: 'Whiteboard',
        order_num: 2,
      }),
    ]);
    expect(input.resourcesCustomAttributeContentList).toEqual([
      expect.objectContaining({ field_name: 'seats', attribute_content: '20', is_enable: '1', order_num: 1 }),
      expect.objectContaining({ field_name: 'equipment', attribute_content: '投影仪,白板', is_enable: '0' }),
    ]);
  });

  it.each<[string, AttributeForm[], string[]]>([
    ['a filled text attribute', [attr({ value: '8' })], []],
    ['an empty field key', [attr({ field_name: ' ' })], ['0.field_name:nameRequired']],
    ['a key starting with a digit', [attr({ field_name: '2a' })], ['0.field_name:nameInvalid']],
    ['a repeated key (the second)', [attr(), attr()], ['1.field_name:nameDuplicate']],
    ['no Chinese label', [attr({ field_desc_cn: '' })], ['0.field_desc_cn:labelRequired']],
    ['a required empty value', [attr({ is_required: '1', value: ' ' })], ['0.value:valueRequired']],
    ['a choice without options', [attr({ collect_mode: '1' })], ['0.options_cn:optionsRequired']],
    [
      'English options of another count',
      [attr({ collect_mode: '1', options_cn: ['是', '否'], options_en: ['Yes'] })],
      ['0.options_en:optionsMismatch'],
    ],
    [
      'a default not an option',
      [attr({ collect_mode: '1', options_cn: ['是', '否'], default_value: '也许' })],
      ['0.default_value:defaultInvalid'],
    ],
    [
      'a required multiple choice with nothing picked',
      [attr({ collect_mode: '2', options_cn: ['是'], value: [], is_required: '1' })],
      ['0.value:valueRequired'],
    ],
    [
      'a picked value that is no longer an option',
      [attr({ collect_mode: '2', options_cn: ['是'], value: ['否'] })],
      ['0.value:valueInvalid'],
    ],
  ])('%s', (_name, rows, expected) => expect(issues(rows)).toEqual(expected));
});

describe('extended property values', () => {
  const stored = [
    { extended_properties_code: 'yy_facility', item_code: 'projector', item_name: '投影仪' },
    { extended_properties_code: 'yy_facility', item_code: 'board', item_name: '白板' },
    { extended_properties_code: 'facility', item_code: 'tv', item_name: '电视' },
  ];

  it('groups stored values by property and sends those of the type only', () => {
    const form = extendedFormOf(stored);
    expect(form).toEqual({ yy_facility: ['projector', 'board'], facility: ['tv'] });
    expect(extendedInputOf(form, ['yy_facility', 'yy_style'])).toEqual([
      { extended_properties_code: 'yy_facility', item_code: 'projector' },
      { extended_properties_code: 'yy_facility', item_code: 'board' },
    ]);
    expect(orphanValues(stored, ['yy_facility'])).toEqual([stored[2]]);
  });

  it('are left as stored when the type is not known yet', () => {
    const v = resourceFormOf({ resourcesExtendedPropertiesList: stored } as unknown as ResourceDetail);
    expect(resourceInputOf(v)).not.toHaveProperty('resourcesExtendedPropertiesList');
    expect(resourceInputOf(v, ['yy_facility']).resourcesExtendedPropertiesList).toHaveLength(2);
  });
});

describe('pre-audit', () => {
  it.each([
    [{}, null],
    [{ preaudit_enable: '1' }, 'targetRequired'],
    [{ preaudit_enable: '1', preaudit_dept: 'd1' }, null],
    [{ preaudit_enable: '1', preaudit_url: 'https://audit.example.edu' }, null],
    [{ preaudit_url: 'audit.example.edu' }, 'urlInvalid'],
    [{ preaudit_url: 'javascript:alert(1)' }, 'urlInvalid'],
  ])('%j -> %s', (config, expected) => expect(preauditIssue(config)).toBe(expected));

  it('takes absolute http(s) URLs only', () => {
    expect(isHttpUrl('http://a.example/x?y=1')).toBe(true);
    expect(isHttpUrl('https://')).toBe(false);
  });
});

describe('notification settings', () => {
  const stored = (patch: Partial<ResourceDetail>) =>
    resourceFormOf({
      is_notification_push: '1',
      notifiy_channels: 'email,sms',
      success_notification_push: '1',
      success_notification_rule: '',
      cancel_notification_push: '1',
      cancel_notification_rule_apply: '',
      cancel_notification_rule_admin: '',
      ...patch,
    } as unknown as ResourceDetail);

  it.each([
    // booker text as stored, admin text as stored -> switches and texts -> as sent back
    ['', '', { cancelToBooker: '1', cancelBookerText: '', cancelToAdmins: '0', cancelAdminText: '' }, '', ''],
    ['0', '1', { cancelToBooker: '0', cancelBookerText: '', cancelToAdmins: '1', cancelAdminText: '' }, '0', '1'],
    ['1', '0', { cancelToBooker: '1', cancelBookerText: '', cancelToAdmins: '0' }, '', ''],
    [
      '已取消',
      '{name}取消了',
      { cancelBookerText: '已取消', cancelToAdmins: '1', cancelAdminText: '{name}取消了' },
      '已取消',
      '{name}取消了',
    ],
  ])('cancellation texts %j / %j', (apply, admin, form, sentApply, sentAdmin) => {
    const v = stored({ cancel_notification_rule_apply: apply, cancel_notification_rule_admin: admin });
    expect(v).toMatchObject(form);
    expect(resourceInputOf(v)).toMatchObject({
      cancel_notification_rule_apply: sentApply,
      cancel_notification_rule_admin: sentAdmin,
    });
  });

  it('keeps e-mail as the one channel to tick (in-app is always sent)', () => {
    const v = stored({});
    expect(v.notifiy_channels).toEqual(['email']);
    expect(resourceInputOf({ ...v, notifiy_channels: [] }).notifiy_channels).toBe('');
  });
});
