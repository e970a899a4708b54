import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { insertDepartment, insertPosition, insertUser } from '../src/modules/directory/directory.repository.ts';
import { NOW, SAVE_ALL, badmintonType, makeResource, model, submit, type Slot } from './booking-fixtures.ts';
import { createTestApp, type TestApp } from './support.ts';
import { bookingClock } from '../src/platform/clock.ts';

// Links stay links to us (docs/GLOSSARY.md "Attachment"): a booking's enclosure must be a file
// uploaded to this server for the tenant; phone and email need their formats. A refusal is
// the contract's code "500" with zh and en reasons, and books nothing.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yuyue-links-'));
let t: TestApp;
let admin: string;
let student: string;
let resAdmin: string;
let foreignAdmin: string;
let resource: { id: string; slots: Slot[] };
let typeId: string;
let slot = 0;

async function upload(token: string, name: string): Promise<{ id: string; uri: string }> {
  const boundary = `----links${randomUUID()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from('参加人员名单\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.config.basePath}/api/file/upload?access_token=${encodeURIComponent(token)}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Submits a booking of the next free slot with `extra` in the model. */
async function book(token: string, extra: Record<string, unknown>) {
  return submit(t, token, {
    model: model(resource.id, '2030-01-03', extra),
    timeSlotIdList: [resource.slots[slot]!.id],
  });
}

async function bookingsOfResource(): Promise<number> {
  const res = await t.gql(
    'apps_yy_sys',
    `query($filter: AppointmentInformationFilterMap) { findAppointmentInformationAllForAppointMent(first: 100,
      filter: $filter) { totalCount } }`,
    { token: admin, variables: { filter: { resources_id: { eq: resource.id } } } },
  );
  return res.body.data!.findAppointmentInformationAllForAppointMent.totalCount;
}

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  admin = await t.tokenFor('admin');
  student = await t.tokenFor('student');
  const tenantId = t.demoTenantId;
  const deptCode = `LNK${randomUUID().slice(0, 6)}`;
  await withTenant(t.database.db, tenantId, async (tx) => {
    const dept = await insertDepartment(tx, tenantId, { name: '报告厅', code: deptCode });
    const u = await insertUser(tx, tenantId, { account: 'hall-admin', name: '报告厅管理员' });
    await insertPosition(tx, tenantId, { user_id: u.id, dept_id: dept.id, post_id: null, active: true });
  });
  resAdmin = await t.tokenFor('hall-admin');
  foreignAdmin = await t.tokenFor('admin', await t.createOtherTenant(`ln${randomUUID().slice(0, 6)}`));
  bookingClock.now = () => NOW;
  typeId = await badmintonType(t, admin);
  resource = await makeResource(t, admin, typeId, { admin_dept: deptCode });
}, 60_000);
afterAll(async () => {
  bookingClock.now = () => Date.now();
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  bookingClock.now = () => NOW;
});

describe('a booking attachment', () => {
  const hostile = [
    'javascript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'https://login.evil.example.com/yy-sys',
    '//evil.example.com/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e',
    'JaVaScRiPt:alert(1)',
  ];

  it('refuses anything but a file uploaded here, for every role, and books nothing', async () => {
    const before = await bookingsOfResource();
    for (const token of [student, resAdmin, admin]) {
      for (const enclosure of hostile) {
        const res = await book(token, { enclosure, enclosure_name: '名单.pdf' });
        expect(res, enclosure).toMatchObject({
          code: '500',
          messages: ['附件必须是上传到本系统的文件：enclosure'],
          messages_en: ['The attachment must be a file uploaded to this system: enclosure'],
          ids: null,
        });
      }
    }
    expect(await bookingsOfResource()).toBe(before);
  });

  it('refuses a well-formed link to a file that was never uploaded, or was uploaded by another tenant', async () => {
    const never = `${t.config.basePath}/api/file/${randomUUID()}`;
    expect(await book(student, { enclosure: never })).toMatchObject({ code: '500' });
    const foreign = await upload(foreignAdmin, '别校名单.txt');
    expect(await book(student, { enclosure: foreign.uri })).toMatchObject({
      code: '500',
      messages_en: ['The attachment must be a file uploaded to this system: enclosure'],
    });
  });

  it('accepts a file uploaded here (also as an absolute URL of this server) and keeps it', async () => {
    const file = await upload(student, '名单.txt');
    const booked = await book(student, { enclosure: file.uri, enclosure_name: '名单.txt' });
    expect(booked, JSON.stringify(booked)).toMatchObject({ code: '0' });
    slot++;
    const absolute = await book(resAdmin, { enclosure: `${t.config.publicUrl}${file.uri}` });
    expect(absolute, JSON.stringify(absolute)).toMatchObject({ code: '0' });
    slot++;
  });

  it('refuses anonymous callers', async () => {
    const res = await t.gql('apps_yy_sys', SAVE_ALL, {
      variables: { captchaId: '', captchaCode: '', model: model(resource.id, '2030-01-03'), timeSlotIdList: [] },
    });
    const data = res.body.data?.saveAppointmentInformationAll;
    expect(res.body.errors?.[0]?.extensions?.code ?? data?.name).toBe('UNAUTHENTICATED');
  });
});

describe('contact formats', () => {
  it.each([
    [{ email: 'not an address' }, 'EMAIL_INVALID', '邮箱格式不正确：email'],
    [{ phone: 'javascript:alert(1)' }, 'PHONE_INVALID', '电话号码格式不正确：phone'],
    [
      { appointmentParticipantList: [{ participant_name: '甲', mobile: '<b>13800000000</b>' }] },
      'PHONE_INVALID',
      '电话号码格式不正确：appointmentParticipantList[0].mobile',
    ],
    [
      { appointmentParticipantList: [{ participant_name: '乙', email: 'x@' }] },
      'EMAIL_INVALID',
      '邮箱格式不正确：appointmentParticipantList[0].email',
    ],
  ])('%j is refused with %s', async (extra, name, zh) => {
    const before = await bookingsOfResource();
    expect(await book(student, extra)).toMatchObject({ code: '500', name, messages: [zh] });
    expect(await bookingsOfResource()).toBe(before);
  });
});

describe('links a resource shows', () => {
  const save = (token: string, extra: Record<string, unknown>) =>
    t.gql('apps_yy_sys', `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg msg_en } }`, {
      token,
      variables: {
        model: { resources_name: `报告厅 ${randomUUID().slice(0, 6)}`, resources_type_id: typeId, ...extra },
      },
    });

  it.each([
    [{ review_url: 'javascript:alert(1)' }],
    [{ resourcesConfig: { return_review_url: 'data:text/html,<script>alert(1)</script>' } }],
    [{ resourcesImage: [{ uri: '//evil.example.com/x.png', image_category: '1' }] }],
  ])('refuses %j with zh and en texts, changing nothing', async (extra) => {
    const res = await save(admin, extra);
    expect(res.body.data?.saveResources, JSON.stringify(res.body)).toMatchObject({
      errcode: '500',
      msg: expect.stringContaining('参数错误'),
      msg_en: expect.stringContaining('Invalid input'),
    });
  });

  it('accepts http(s) review links', async () => {
    const res = await save(admin, { review_url: 'https://review.example.edu/hall' });
    expect(res.body.data?.saveResources.errcode, JSON.stringify(res.body)).toBe('0');
  });
});
