/**
 * What the booking engine's API tests share: GraphQL documents, a client's booking model, and
 * builders for types, resources, users and captcha credentials (through the API, as clients do).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { instantOf } from '@yuyue/shared';
import { expect } from 'vitest';
import { withTenant } from '../src/db/client.ts';
import { resultRows } from '../src/db/json-rows.ts';
import { insertUser } from '../src/modules/directory/directory.repository.ts';
import type { RequestContext } from '../src/platform/context.ts';
import { personDrag, seeded, slideBody } from './captcha-tracks.ts';
import type { TestApp } from './support.ts';

export const ZONE = 'Asia/Shanghai';
/** 2030-01-01 (a Tuesday) 12:00 in Shanghai: "now" for most tests. */
export const NOW = instantOf({ year: 2030, month: 1, day: 1 }, { hour: 12, minute: 0 }, ZONE);

/** An instant of a local date and time in Shanghai. */
export function at(iso: string, time = '00:00'): number {
  const [y, m, d] = iso.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return instantOf({ year: y!, month: m!, day: d! }, { hour: h!, minute: min! }, ZONE);
}

export const SAVE_ALL = `mutation saveAppointmentInformationAll($captchaId: String, $captchaCode: String,
  $model: InputAppointmentInformation!, $timeSlotIdList: [String], $borrowDateList: [String], $borrowStartTime: String,
  $borrowEndTime: String, $is_cyclicity: String, $cyclicity_start_date: String, $cyclicity_end_date: String,
  $cyclicity_strategy: String, $cyclicity_weekList: [String], $cyclicity_dayList: [String], $seriesCommit: String) {
  saveAppointmentInformationAll(captchaId: $captchaId, captchaCode: $captchaCode, model: $model,
    timeSlotIdList: $timeSlotIdList, borrowDateList: $borrowDateList, borrowStartTime: $borrowStartTime,
    borrowEndTime: $borrowEndTime, is_cyclicity: $is_cyclicity, cyclicity_start_date: $cyclicity_start_date,
    cyclicity_end_date: $cyclicity_end_date, cyclicity_strategy: $cyclicity_strategy,
    cyclicity_weekList: $cyclicity_weekList, cyclicity_dayList: $cyclicity_dayList, seriesCommit: $seriesCommit) {
    code name messages messages_en ids appointmentId auditStatus seriesId
    seriesReport { date start_time status rule reason reason_en } } }`;
export const SAVE_ONE = `mutation saveAppointmentInformation($model: InputAppointmentInformation!, $captchaId: String,
  $captchaCode: String) {
  saveAppointmentInformation(model: $model, captchaId: $captchaId, captchaCode: $captchaCode) {
    errcode msg msg_en appointmentId } }`;
export const PREVIEW = `query previewAppointmentSeries($model: InputAppointmentInformation!, $timeSlotIdList: [String],
  $borrowDateList: [String], $is_cyclicity: String, $cyclicity_start_date: String, $cyclicity_end_date: String,
  $cyclicity_strategy: String, $cyclicity_weekList: [String]) {
  previewAppointmentSeries(model: $model, timeSlotIdList: $timeSlotIdList, borrowDateList: $borrowDateList,
    is_cyclicity: $is_cyclicity, cyclicity_start_date: $cyclicity_start_date, cyclicity_end_date: $cyclicity_end_date,
    cyclicity_strategy: $cyclicity_strategy, cyclicity_weekList: $cyclicity_weekList) {
    date start_time status rule reason reason_en } }`;
export const CHECK = `query checkResourceTimeSlotCapacity($resourceId: String, $bookDate: String, $timeSlotIdList: [String]) {
  checkResourceTimeSlotCapacity(resourceId: $resourceId, bookDate: $bookDate, timeSlotIdList: $timeSlotIdList) {
    code name messages messages_en } }`;
export const AVAILABILITY = `query($resourcesId: String!, $date: Date!) {
  findResourceSlotAvailability(resourcesId: $resourcesId, date: $date) {
    id kssj jssj state rule opens_at capacity remaining reason_cn reason_en } }`;
export const TYPE_AVAILABILITY = `query($resourcesTypeId: String!, $date: Date!, $filter: ResourcesFilterMap) {
  findResourceTypeSlotAvailability(resourcesTypeId: $resourcesTypeId, date: $date, filter: $filter) {
    resources_id resources_name resources_number available_number time_slot_rule need_approve
    slots { id kssj jssj state rule capacity remaining reason_cn reason_en } } }`;
export const BOOK_AGAIN = `query($id: String!) { findAppointmentBookAgain(id: $id) {
  code name messages messages_en appointment_id resources_id resources_name resources_type_id booking_mode
  time_slot_rule time_slot_id start_time end_time
  model { resources_id dept_name_en email phone person_times wemeet_enable theme theme_en enclosure enclosure_name
    enclosure_size participants_scope remark event event_en entourage need_meeting_signin start_time end_time
    appointmentParticipantList { participant_id participant_name participant_dept_id participant_dept_name
      operate_user_id operate_user_name mobile email }
    appointmentCollectionList { field_name field_desc_cn field_desc_en field_value } } } }`;
export const CANCEL = `mutation($id: ID!, $reason: String) {
  updateAppointmentInformationState(id: $id, state: "1", reason: $reason, dataSource: "1") { errcode msg msg_en } }`;

/** A client's model as api-contract 4 shows it; the booker fields are lies the server must ignore. */
export function model(resourcesId: string, date: number | string, extra: Record<string, unknown> = {}) {
  return {
    created_user: 'someone-else',
    created_user_name: '冒名',
    appointment_user: 'someone-else',
    appointment_user_name: '冒名',
    state: 0,
    resources_id: resourcesId,
    dept_code: 'X',
    dept_name: 'X',
    email: 's@example.edu',
    phone: '13800000000',
    person_times: 1,
    wemeet_enable: 0,
    theme: '练球',
    remark: '',
    need_meeting_signin: '0',
    appointment_date: date,
    start_time: '',
    end_time: '',
    appointmentParticipantList: [],
    appointmentCollectionList: [],
    ...extra,
  };
}

export interface Slot {
  id: string;
  kssj: string;
  jssj: string;
}

/** The id of the demo tenant's seeded type 羽毛球场 (badminton courts; all booking modes on). */
export async function badmintonType(t: TestApp, admin: string): Promise<string> {
  const types = (await t.gql('apps_yy_sys', `{ findResourcesTypeAll { id resources_name } }`, { token: admin })).body
    .data!.findResourcesTypeAll as { id: string; resources_name: string }[];
  return types.find((x) => x.resources_name === '羽毛球场')!.id;
}

/** Creates an enabled resource type (all booking modes on) as the administrator; returns its id. */
export async function makeType(t: TestApp, admin: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.gql(
    'apps_yy_sys',
    `mutation($model: InputResourcesType!) { saveResourcesType(model: $model) { errcode msg ids } }`,
    {
      token: admin,
      variables: {
        model: {
          resources_name: `类型 ${randomUUID().slice(0, 8)}`,
          state: 1,
          common_enable: '1',
          cyclicity_enable: '1',
          batch_enable: '1',
          ...extra,
        },
      },
    },
  );
  expect(res.body.data?.saveResourcesType.errcode, JSON.stringify(res.body)).toBe('0');
  return res.body.data!.saveResourcesType.ids[0] as string;
}

/** Creates a resource (four one-hour slots, 7 days ahead from 21:00) as the administrator; returns its id and slots. */
export async function makeResource(
  t: TestApp,
  admin: string,
  typeId: string,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; slots: Slot[] }> {
  const res = await t.gql(
    'apps_yy_sys',
    `mutation($model: InputResources!) { saveResources(model: $model) { errcode msg ids } }`,
    {
      token: admin,
      variables: {
        model: {
          resources_name: `场地 ${randomUUID().slice(0, 8)}`,
          resources_type_id: typeId,
          available_number: 1,
          appointment_date_rule: '1',
          appointment_date_days: 7,
          days_rule_refresh_time: '21:00',
          time_slot_rule: '1',
          resourcesTimeSlot: [
            { kssj: '09:00', jssj: '10:00' },
            { kssj: '10:00', jssj: '11:00' },
            { kssj: '11:00', jssj: '12:00' },
            { kssj: '14:00', jssj: '15:00' },
          ],
          ...extra,
        },
      },
    },
  );
  expect(res.body.data?.saveResources.errcode, JSON.stringify(res.body)).toBe('0');
  const id = res.body.data!.saveResources.ids[0] as string;
  const found = await t.gql(
    'apps_yy_sys',
    `query($id: ID!) { findResources(id: $id) { resourcesTimeSlot { id kssj jssj } } }`,
    {
      token: admin,
      variables: { id },
    },
  );
  return { id, slots: found.body.data!.findResources.resourcesTimeSlot };
}

/** Sends saveAppointmentInformationAll; returns its result. */
export async function submit(t: TestApp, token: string, variables: Record<string, unknown>) {
  const res = await t.gql('apps_yy_sys', SAVE_ALL, {
    token,
    variables: { captchaId: '', captchaCode: '', ...variables },
  });
  expect(res.status).toBe(200);
  expect(res.body.errors, JSON.stringify(res.body.errors)).toBeUndefined();
  return res.body.data!.saveAppointmentInformationAll;
}

/** Users of the demo tenant made for a test (accounts `<prefix><i>`), each with an access token. */
export async function makeUsers(t: TestApp, n: number, prefix: string) {
  const tenantId = t.demoTenantId;
  const rows = await withTenant(t.database.db, tenantId, async (tx) => {
    const out = [];
    for (let i = 0; i < n; i++)
      out.push(await insertUser(tx, tenantId, { account: `${prefix}${i}`, name: `用户${i}` }));
    return out;
  });
  return Promise.all(
    rows.map(async (u) => ({
      account: u.account,
      token: await t.tokenFor(u.account),
      ctx: {
        config: t.config,
        db: t.database.db,
        log: t.app.log,
        ip: '127.0.0.1',
        tenant: { id: tenantId, key: 'demo', timeZone: ZONE, isSuper: false },
        user: { id: u.id, account: u.account, name: u.name, role: 'user', tenantId },
      } satisfies RequestContext,
    })),
  );
}

/** Slides of solveCaptcha: a person's drag (modelled), the same ones on every run. */
const fixtureTracks = seeded(7);

/**
 * A slider captcha credential for the token's user, as a browser gets one: genCaptcha, then
 * checkCaptcha with a slide to where the piece belongs (read from the challenge's row: the test
 * plays a user who sees the picture).
 */
export async function solveCaptcha(t: TestApp, token: string): Promise<{ captchaId: string; captchaCode: string }> {
  const gen = await t.app.inject({ method: 'GET', url: `${t.config.basePath}/captcha/genCaptcha?token=${token}` });
  expect(gen.statusCode, gen.body).toBe(200);
  const id = gen.json().id as string;
  const hex = id.replace(/^SLIDER_/, '');
  const [row] = await withTenant(t.database.db, t.demoTenantId, async (tx) =>
    resultRows(await tx.execute(sql`select answer_x from captcha_challenges where id = ${hex}`)),
  );
  const x = (Number(row!.answer_x) / 600) * 300;
  const check = await t.app.inject({
    method: 'POST',
    url: `${t.config.basePath}/captcha/checkCaptcha?token=${token}`,
    payload: slideBody(id, personDrag(x, fixtureTracks), Date.now()),
  });
  expect(check.json(), check.body).toMatchObject({ success: true });
  return check.json().data as { captchaId: string; captchaCode: string };
}
