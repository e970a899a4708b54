import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, saveDraft } from '../../../../../features/booking/draft.ts';
import { encryptCaptchaCode } from '../../../../../features/captcha/encrypt.ts';
import { layOutCaptcha, rightSlide, serveCaptcha } from '../../../../../features/captcha/testing/fakeCaptcha.ts';
import { occurrence, RESOURCE_ID, resource, TYPE_ID } from '../fixtures.ts';
import { prepareBookingTests, renderRoutes, serveBooking } from '../testing.tsx';
import ApplicationForm from './ApplicationForm.tsx';

vi.mock('../../../../../features/auth/auth.ts', () =>
  import('../../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareBookingTests);
beforeEach(() =>
  saveDraft({
    resourceId: RESOURCE_ID,
    mode: 'normal',
    date: '2099-03-02',
    slots: [{ id: 's9', kssj: '09:00', jssj: '10:00' }],
    startTime: '',
    endTime: '',
    series: null,
    seriesCommit: 'all',
    summary: null,
  }),
);
afterEach(() => vi.unstubAllGlobals());

const routes = [{ path: '/mobile/applicationForm/:id', element: <ApplicationForm /> }];
const collected = {
  findCollectionConfigAll: {
    findCollectionConfigAll: [
      {
        id: 'c1',
        resource_type_id: TYPE_ID,
        field_name: 'school',
        label_zh: '学院',
        label_en: 'School',
        field_type: 'text',
        options: [],
        required: true,
        order_num: 1,
        enabled: true,
        create_time: '',
      },
      {
        id: 'c2',
        resource_type_id: TYPE_ID,
        field_name: 'players',
        label_zh: '人数',
        label_en: 'Players',
        field_type: 'number',
        options: [],
        required: false,
        order_num: 2,
        enabled: true,
        create_time: '',
      },
    ],
  },
};

/** saveAppointmentInformationAll's answer for one booking made at once. */
const booked = {
  code: '0',
  name: '',
  messages: ['预约成功'],
  messages_en: ['Booked'],
  ids: ['a1'],
  appointmentId: 'a1',
  processURL: '',
  auditStatus: '0',
  seriesId: '',
  seriesReport: null,
};

describe('/mobile/applicationForm', () => {
  it("shows the caller's remaining allowance for the chosen date, saying what each limit counts", async () => {
    const calls = serveBooking({
      findResources: { findResources: resource() },
      ...collected,
      findAppointmentAllowance: {
        findAppointmentAllowance: [
          {
            scope: 'type',
            kind: 'quota',
            appointment_number_rule: '1',
            limit: 1,
            period_begin: '2099-03-02',
            period_end: '2099-03-02',
            used: 1,
            remaining: 0,
          },
        ],
      },
    });
    renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
    const list = await screen.findByRole('list', { name: '预约次数' });
    expect(list.textContent).toBe('羽毛球场（同类资源合计）每人每天最多 1 次：您已约满（已约 1 次）');
    expect(calls.filter((c) => c.op === 'findAppointmentAllowance').map((c) => c.variables)).toEqual([
      { resourcesId: RESOURCE_ID, date: '2099-03-02' },
    ]);
  });

  it('checks the form before submitting: nothing is sent until it is valid', async () => {
    const calls = serveBooking({ findResources: { findResources: resource() }, ...collected });
    renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
    expect(await screen.findByText(/普通预约 · 2099-03-02 09:00-10:00/)).toBeTruthy();
    const submit = await screen.findByRole('button', { name: '提交预约' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));

    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: '添加参与人' }));
    fireEvent.click(submit);
    expect(await screen.findByText('预约主题不能为空')).toBeTruthy();
    expect(screen.getByText('学院不能为空')).toBeTruthy();
    expect(screen.getByText('电话号码格式不正确')).toBeTruthy();
    expect(screen.getByText('参与人姓名不能为空')).toBeTruthy();
    expect(calls.some((c) => c.op === 'saveAppointmentInformationAll')).toBe(false);

    // A fixed field loses its message at once.
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '班级训练' } });
    expect(screen.queryByText('预约主题不能为空')).toBeNull();
    expect(loadDraft(RESOURCE_ID)).not.toBeNull();
  });

  it('submits the booking, shows a refusal with its reason, and the result when booked', async () => {
    let refuse = true;
    const calls = serveBooking({
      findResources: { findResources: resource() },
      ...collected,
      saveAppointmentInformationAll: () => ({
        saveAppointmentInformationAll: refuse
          ? {
              code: '500',
              name: '',
              messages: ['超过预约人次（1次）限制'],
              messages_en: ['Over the limit (1)'],
              ids: [],
            }
          : booked,
      }),
    });
    renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
    const submit = await screen.findByRole('button', { name: '提交预约' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: ' 班级训练 ' } });
    fireEvent.change(screen.getByLabelText('学院'), { target: { value: '计算机学院' } });
    fireEvent.change(screen.getByLabelText('备注'), { target: { value: '自带球拍' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13900000000' } });
    fireEvent.click(screen.getByRole('button', { name: '添加参与人' }));
    fireEvent.change(screen.getByLabelText('第1位参与人姓名'), { target: { value: '李四' } });
    fireEvent.click(submit);

    expect(await screen.findByText('超过预约人次（1次）限制')).toBeTruthy();
    expect(screen.getByText('预约未成功')).toBeTruthy();
    const sent = calls.find((c) => c.op === 'saveAppointmentInformationAll')!.variables;
    expect(sent).toMatchObject({
      timeSlotIdList: ['s9'],
      model: {
        resources_id: RESOURCE_ID,
        appointment_date: '2099-03-02',
        theme: '班级训练',
        remark: '自带球拍',
        phone: '13900000000',
        appointmentParticipantList: [{ participant_name: '李四' }],
        appointmentCollectionList: [
          { field_name: 'school', field_desc_cn: '学院', field_desc_en: 'School', field_value: '计算机学院' },
        ],
      },
    });
    expect(sent.seriesCommit).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: '提交预约' }));
    expect(await screen.findByText('预约成功')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看预约' }).getAttribute('href')).toBe(
      '/mobile/appointmentDetail/todo/a1',
    );
    expect(loadDraft(RESOURCE_ID)).toBeNull();
  });

  it('shows the online meeting switch only for a resource that offers meetings, and sends the ask', async () => {
    const calls = serveBooking({
      findResources: { findResources: resource({ wemeet_enable: '1' }) },
      ...collected,
      saveAppointmentInformationAll: { saveAppointmentInformationAll: booked },
    });
    renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
    const submit = await screen.findByRole('button', { name: '提交预约' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    const meeting = screen.getByRole('switch', { name: '线上会议' });
    expect(meeting.getAttribute('aria-checked')).toBe('false');
    expect(meeting.getAttribute('aria-describedby')).toBe('yy-m-meeting-hint');
    expect(screen.getByText('预约成功后生成会议号与入会链接')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '线上组会' } });
    fireEvent.change(screen.getByLabelText('学院'), { target: { value: '计算机学院' } });
    fireEvent.click(meeting);
    await waitFor(() => expect(meeting.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(submit);
    expect(await screen.findByText('预约成功')).toBeTruthy();
    const sent = calls.find((c) => c.op === 'saveAppointmentInformationAll')!.variables;
    expect(sent).toMatchObject({ model: { resources_id: RESOURCE_ID, theme: '线上组会', wemeet_enable: '1' } });
  });

  it('has no online meeting switch for a resource that offers none, and sends no ask', async () => {
    const calls = serveBooking({
      findResources: { findResources: resource({ wemeet_enable: '0' }) },
      ...collected,
      saveAppointmentInformationAll: { saveAppointmentInformationAll: booked },
    });
    renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
    const submit = await screen.findByRole('button', { name: '提交预约' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByText('线上会议')).toBeNull();
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '班级训练' } });
    fireEvent.change(screen.getByLabelText('学院'), { target: { value: '计算机学院' } });
    fireEvent.click(submit);
    expect(await screen.findByText('预约成功')).toBeTruthy();
    const sent = calls.find((c) => c.op === 'saveAppointmentInformationAll')!.variables;
    expect(sent).toMatchObject({ model: { wemeet_enable: '0' } });
  });

  it('sends a periodic request with the commit choice', async () => {
    saveDraft({
      resourceId: RESOURCE_ID,
      mode: 'periodic',
      date: '2099-03-02',
      slots: [],
      startTime: '',
      endTime: '',
      series: {
        mode: 'periodic',
        strategy: '2',
        weekdays: ['1'],
        monthDays: [],
        startDate: '2099-03-02',
        endDate: '2099-03-22',
        dates: [],
        slotIds: ['s9'],
        startTime: '',
        endTime: '',
      },
      seriesCommit: 'ok',
      summary: { total: 3, ok: 2, problems: { conflict: 1 } },
    });
    const calls = serveBooking({
      findResources: { findResources: resource() },
      findCollectionConfigAll: { findCollectionConfigAll: [] },
      saveAppointmentInformationAll: {
        saveAppointmentInformationAll: {
          code: '0',
          name: '',
          messages: ['预约成功'],
          messages_en: ['Booked'],
          ids: ['a1', 'a3'],
          appointmentId: 'a1',
          processURL: '',
          auditStatus: '0',
          seriesId: 'x',
          seriesReport: [
            occurrence('2099-03-02'),
            occurrence('2099-03-09', { reason: '已被预约', reason_en: 'Booked' }),
            occurrence('2099-03-16'),
          ],
        },
      },
    });
    renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
    expect(await screen.findByText('只预约可预约的时段')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('预约主题'), { target: { value: '周训' } });
    fireEvent.click(screen.getByRole('button', { name: '提交预约' }));
    expect(await screen.findByText(/已预约2个时段/)).toBeTruthy();
    expect(screen.getByText('已被预约')).toBeTruthy();
    expect(calls.find((c) => c.op === 'saveAppointmentInformationAll')!.variables).toMatchObject({
      seriesCommit: 'ok',
      is_cyclicity: '1',
      cyclicity_strategy: '2',
      cyclicity_weekList: ['1'],
      timeSlotIdList: ['s9'],
      model: { appointment_date: '2099-03-02', theme: '周训' },
    });
  });

  describe('on a resource with the slider captcha', () => {
    let restoreLayout: () => void;
    beforeAll(() => {
      restoreLayout = layOutCaptcha(360);
    });
    afterAll(() => restoreLayout());

    /** Slides the handle of the open sheet's captcha 150 px to the right. */
    async function slide() {
      const sheet = await screen.findByRole('dialog', { name: '安全验证' });
      const handle = within(sheet).getByRole('slider', { name: '拼图滑块' });
      await waitFor(() => expect(handle.getAttribute('aria-disabled')).toBeNull());
      fireEvent.pointerDown(handle, { pointerId: 7, pointerType: 'touch', button: 0, clientX: 10, clientY: 10 });
      await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
      fireEvent.pointerMove(window, { pointerId: 7, pointerType: 'touch', clientX: 100, clientY: 11 });
      fireEvent.pointerUp(window, { pointerId: 7, pointerType: 'touch', clientX: 160, clientY: 11 });
    }

    it(
      'asks for a slide on submit (the sheet loads then) and sends the encrypted credential',
      { timeout: 30_000 },
      async () => {
        const calls = serveBooking({
          findResources: { findResources: resource({ open_captcha_verify: '1' }) },
          saveAppointmentInformationAll: { saveAppointmentInformationAll: booked },
        });
        serveCaptcha([rightSlide(1)]);
        renderRoutes(routes, `/mobile/applicationForm/${RESOURCE_ID}`);
        fireEvent.change(await screen.findByLabelText('预约主题'), { target: { value: '训练' } });
        const submit = screen.getByRole('button', { name: '提交预约' });
        await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));

        // closing the sheet submits nothing
        fireEvent.click(submit);
        const sheet = await screen.findByRole('dialog', { name: '安全验证' });
        fireEvent.click(sheet.closest('.adm-popup')!.querySelector<HTMLElement>('.adm-popup-close-icon')!);
        await waitFor(() => expect(screen.queryByRole('dialog', { name: '安全验证' })).toBeNull());
        expect(calls.some((c) => c.op === 'saveAppointmentInformationAll')).toBe(false);

        // a right slide books, the credential's code encrypted
        fireEvent.click(submit);
        await slide();
        expect(await screen.findByText('预约成功')).toBeTruthy();
        const one = rightSlide(1).data!;
        expect(calls.find((c) => c.op === 'saveAppointmentInformationAll')!.variables).toMatchObject({
          timeSlotIdList: ['s9'],
          captchaId: one.captchaId,
          captchaCode: await encryptCaptchaCode(one.captchaCode, one.captchaId),
        });
      },
    );
  });
});
