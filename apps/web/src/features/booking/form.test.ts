import { describe, expect, it } from 'vitest';
import type { CollectionConfig } from '../collection-config/api/findCollectionConfigAll.ts';
import {
  applicationModel,
  emptyApplication,
  offersMeeting,
  validateApplication,
  type ApplicationValues,
} from './form.ts';

const config = (over: Partial<CollectionConfig>): CollectionConfig => ({
  id: over.field_name ?? 'c',
  resource_type_id: 't',
  field_name: 'f',
  label_zh: '字段',
  label_en: 'Field',
  field_type: 'text',
  options: [],
  required: false,
  order_num: 1,
  enabled: true,
  create_time: '',
  ...over,
});
const label = (c: CollectionConfig) => c.label_zh;
const valid = (over: Partial<ApplicationValues> = {}): ApplicationValues => ({
  ...emptyApplication({ phone: '13800000000', email: 'a@b.cn' }),
  theme: '羽毛球训练',
  ...over,
});

describe('validateApplication', () => {
  it('accepts a form with a subject and valid contacts', () => {
    expect(validateApplication(valid(), [], label)).toEqual({});
  });

  it('requires the subject and checks phone, email, remark length and participants', () => {
    const errors = validateApplication(
      valid({
        theme: '  ',
        phone: 'abc',
        email: 'no-at',
        remark: 'x'.repeat(2001),
        participants: [
          { name: '', mobile: '' },
          { name: '李四', mobile: '12' },
        ],
      }),
      [],
      label,
    );
    expect(errors).toEqual({
      theme: { key: 'booking.form.error.themeRequired' },
      phone: { key: 'booking.form.error.phone' },
      email: { key: 'booking.form.error.email' },
      remark: { key: 'booking.form.error.tooLong', values: { max: 2000 } },
      'participants.0.name': { key: 'booking.form.error.participantName' },
      'participants.1.mobile': { key: 'booking.form.error.phone' },
    });
  });

  it("checks the type's collected fields by their kind", () => {
    const configs = [
      config({ field_name: 'dept', label_zh: '学院', required: true }),
      config({ field_name: 'count', label_zh: '人数', field_type: 'number' }),
      config({ field_name: 'day', label_zh: '活动日', field_type: 'date' }),
      config({
        field_name: 'kind',
        label_zh: '类别',
        field_type: 'select',
        options: [{ value: 'a', label_zh: '甲', label_en: 'A' }],
      }),
      config({ field_name: 'optional', label_zh: '可选' }),
    ];
    const errors = validateApplication(
      valid({ fields: { count: 'ten', day: '2026-02-30', kind: 'zz' } }),
      configs,
      label,
    );
    expect(errors).toEqual({
      'fields.dept': { key: 'booking.form.error.required', values: { field: '学院' } },
      'fields.count': { key: 'booking.form.error.number', values: { field: '人数' } },
      'fields.day': { key: 'booking.form.error.date', values: { field: '活动日' } },
      'fields.kind': { key: 'booking.form.error.option', values: { field: '类别' } },
    });
    expect(
      validateApplication(
        valid({ fields: { dept: '计算机', count: '12', day: '2026-03-02', kind: 'a' } }),
        configs,
        label,
      ),
    ).toEqual({});
  });
});

describe('applicationModel', () => {
  it('builds the submit model: trimmed texts, attachment, participants and filled collected values', () => {
    const configs = [
      config({ field_name: 'dept', label_zh: '学院', label_en: 'School' }),
      config({ field_name: 'empty', label_zh: '空', label_en: 'Empty' }),
    ];
    const model = applicationModel(
      valid({
        theme: ' 训练 ',
        remark: ' 自带球拍 ',
        attachment: { uri: '/yy-sys/api/file/f1', name: '名单.pdf', size: 2048 },
        participants: [{ name: ' 李四 ', mobile: '13900000000' }],
        fields: { dept: ' 计算机 ', empty: ' ' },
      }),
      configs,
      { resourceId: 'r1', date: '2026-03-02', startTime: '09:00', endTime: '10:00' },
    );
    expect(model).toMatchObject({
      resources_id: 'r1',
      appointment_date: '2026-03-02',
      start_time: '09:00',
      end_time: '10:00',
      theme: '训练',
      remark: '自带球拍',
      phone: '13800000000',
      email: 'a@b.cn',
      enclosure: '/yy-sys/api/file/f1',
      enclosure_name: '名单.pdf',
      enclosure_size: '2048',
      appointmentParticipantList: [{ participant_name: '李四', mobile: '13900000000' }],
      appointmentCollectionList: [
        { field_name: 'dept', field_desc_cn: '学院', field_desc_en: 'School', field_value: '计算机' },
      ],
    });
    expect(applicationModel(valid(), [], { resourceId: 'r1', date: '2026-03-02' }).start_time).toBeUndefined();
  });

  it('asks for an online meeting only when the form asks and the resource offers meetings', () => {
    const target = { resourceId: 'r1', date: '2026-03-02' };
    expect(emptyApplication().meeting).toBe(false);
    expect(applicationModel(valid(), [], { ...target, offersMeeting: true }).wemeet_enable).toBe('0');
    expect(applicationModel(valid({ meeting: true }), [], { ...target, offersMeeting: true }).wemeet_enable).toBe('1');
    expect(applicationModel(valid({ meeting: true }), [], { ...target, offersMeeting: false }).wemeet_enable).toBe('0');
    expect(applicationModel(valid({ meeting: true }), [], target).wemeet_enable).toBe('0');
    expect(offersMeeting({ wemeet_enable: '1' })).toBe(true);
    expect(offersMeeting({ wemeet_enable: '0' })).toBe(false);
    expect(offersMeeting({ wemeet_enable: null })).toBe(false);
    expect(offersMeeting(null)).toBe(false);
  });
});
