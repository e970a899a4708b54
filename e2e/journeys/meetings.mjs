// Cloud meetings (issue 20): an administrator makes a meeting-room type that offers online
// meetings and a room of it (unique names, through the API); a student books it asking for a
// meeting; the server's worker creates it with the built-in Jitsi provider; the student sees the
// number, join link and calendar file in the booking detail on the phone and on the desktop;
// the administrator finds it in /manage/cloudMeeting/cloudMeeting-list.
// E2E_SHOTS=<dir> saves screenshots (desktop 1440x900 and phone 390x844).
import assert from 'node:assert/strict';
import {
  BASE,
  accounts,
  assertNoPageErrors,
  dateFromToday,
  expectPath,
  expectText,
  graphql,
  makeHourlyCourt,
  openPage,
  signInAt,
} from '../lib.mjs';
import { shot } from './resource-admins.mjs';

const SAVE = `mutation($m: InputAppointmentInformation!, $s: [String]) {
  saveAppointmentInformationAll(captchaId: "", captchaCode: "", model: $m, timeSlotIdList: $s) { code messages ids }
}`;
const MEETING = `query($id: String!) { findCloudMeetingByAppointment(appointmentId: $id) { state code join_url } }`;

export const journeys = [
  {
    name: '(mt1) a meeting room booked with an online meeting: the join link on the phone and the desktop, the meeting in the back office',
    async run({ browser, app, track }) {
      const stamp = Date.now().toString(36);
      const admin = track(await openPage(browser, { width: 1440, height: 900 })).page;
      await signInAt(admin, app, '/pc/home', accounts.admin);
      const type = await graphql(
        admin,
        'mutation($m: InputResourcesType!) { saveResourcesType(model: $m) { errcode msg ids } }',
        {
          m: {
            resources_name: `云会议类型${stamp}`,
            resources_name_en: `Online room ${stamp}`,
            state: 1,
            common_enable: '1',
            wemeet_enable: '1',
          },
        },
      );
      assert.equal(type.data?.saveResourcesType?.errcode, '0', JSON.stringify(type));
      const room = await makeHourlyCourt(admin, { typeId: type.data.saveResourcesType.ids[0], name: `会议室${stamp}` });
      const settings = await graphql(
        admin,
        'mutation($m: InputCloudMeetingSettings!) { saveCloudMeetingSettings(model: $m) { errcode msg } }',
        { m: { provider: 'jitsi' } },
      );
      assert.equal(settings.data?.saveCloudMeetingSettings?.errcode, '0', JSON.stringify(settings));

      // The student books tomorrow 10:00 asking for a meeting (as a client sends it: "1").
      const phone = track(await openPage(browser, { width: 390, height: 844 })).page;
      await signInAt(phone, app, '/mobile/home', accounts.student);
      const theme = `线上组会${stamp}`;
      const saved = await graphql(phone, SAVE, {
        m: {
          resources_id: room.id,
          appointment_date: dateFromToday(1),
          state: 0,
          person_times: 1,
          wemeet_enable: '1',
          theme,
          email: 'student@example.edu',
        },
        s: [room.slots['10:00']],
      });
      assert.equal(saved.data?.saveAppointmentInformationAll?.code, '0', JSON.stringify(saved));
      const id = saved.data.saveAppointmentInformationAll.ids[0];

      // The worker (every 10 s) makes the meeting; wait for it through the API.
      const deadline = Date.now() + 45_000;
      let meeting = null;
      while (Date.now() < deadline) {
        meeting = (await graphql(phone, MEETING, { id })).data?.findCloudMeetingByAppointment;
        if (meeting?.state === 'scheduled') break;
        await phone.waitForTimeout(1000);
      }
      assert.equal(meeting?.state, 'scheduled', `the meeting was not created: ${JSON.stringify(meeting)}`);
      assert.match(meeting.join_url, /^https:\/\/meet\.jit\.si\/[a-z2-7]{26}$/);

      // On the phone: the booking detail shows the meeting.
      await phone.goto(`${app}${BASE}/mobile/appointmentDetail/reserved/${id}`);
      const card = phone.locator('.yy-m-meeting');
      await card.waitFor({ timeout: 20_000 });
      await expectText(phone, '已安排', { within: '.yy-m-meeting' });
      await expectText(phone, meeting.code, { within: '.yy-m-meeting' });
      assert.equal(await card.getByRole('button', { name: '加入会议' }).count(), 1, 'no join button on the phone');
      const ics = await card.getByRole('link', { name: '下载日历 (.ics)' }).getAttribute('href');
      assert.ok(ics?.startsWith(`${BASE}/bus/calendar/appointments/${id}.ics?access_token=`), ics ?? 'no .ics link');
      await shot(phone, 'meetings-mobile-detail-390');
      assertNoPageErrors(phone);

      // On the desktop: the detail dialog of my appointments.
      const desk = track(await openPage(browser, { width: 1440, height: 900 })).page;
      await signInAt(desk, app, '/pc/myAppointment', accounts.student);
      const row = desk.locator('.ant-table-row', { hasText: room.name });
      await row.first().waitFor({ timeout: 20_000 });
      await row.first().getByText(room.name, { exact: true }).click();
      const dialog = desk.getByRole('dialog');
      await dialog.locator('.yy-meeting-block').waitFor({ timeout: 20_000 });
      await expectText(desk, meeting.code, { within: '.yy-meeting-block' });
      const join = dialog.locator('.yy-meeting-block').getByRole('link', { name: '加入会议' });
      assert.equal(await join.getAttribute('href'), meeting.join_url);
      await shot(desk, 'meetings-pc-detail-1440');
      assertNoPageErrors(desk);

      // In the back office: the list, narrowed to the room.
      await admin.goto(`${app}${BASE}/manage/cloudMeeting/cloudMeeting-list`);
      await expectPath(admin, `${BASE}/manage/cloudMeeting/cloudMeeting-list`);
      await admin.locator('.yy-meeting-filters').waitFor({ timeout: 30_000 });
      await admin.getByRole('textbox', { name: '预约人' }).fill(accounts.student.account);
      await admin.getByRole('button', { name: /查\s*询/ }).click();
      const listed = admin.locator('.ant-table-row', { hasText: room.name });
      await listed.first().waitFor({ timeout: 20_000 });
      await expectText(admin, meeting.code, { within: '.ant-table' });
      assert.equal(await listed.first().getByText('已安排').count(), 1, 'the state is not shown');
      await shot(admin, 'meetings-manage-list-1440');
      await admin.goto(`${app}${BASE}/manage/cloudMeeting/parameterSetting`);
      await expectText(admin, '云会议参数设置');
      await shot(admin, 'meetings-manage-settings-1440');
      await admin.goto(`${app}${BASE}/manage/cloudMeeting/IPwhiteList`);
      await expectText(admin, '白名单为空：所有回调都会被拒绝');
      await shot(admin, 'meetings-manage-whitelist-1440');
      assertNoPageErrors(admin);
    },
  },
];
