import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BallotDateInfo } from '../../../../features/booking/ballot.ts';
import { todayIso } from '../../../../features/booking/dates.ts';
import { ballotDateInfo } from '../../../../features/booking/testing/ballot.ts';
import { encryptCaptchaCode } from '../../../../features/captcha/encrypt.ts';
import { layOutCaptcha, rightSlide, serveCaptcha } from '../../../../features/captcha/testing/fakeCaptcha.ts';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import { RESOURCE_ID, court, dialogAnswers } from '../testing/fixtures.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../testing/pcTest.tsx';
import { BookingDialog } from './BookingDialog.tsx';

// The identity provider is outside the web app: a signed-in user from a stub of the auth module.
vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(preparePcBookingTest);
afterEach(() => vi.unstubAllGlobals());

const saved = {
  saveAppointmentInformationAll: {
    code: '0',
    name: '',
    messages: ['预约成功'],
    messages_en: ['Booked'],
    ids: ['b1'],
    appointmentId: 'b1',
    processURL: '',
    auditStatus: '0',
    seriesId: '',
    seriesReport: null,
  },
};

async function openDialog() {
  renderPc(<BookingDialog open resourceId={RESOURCE_ID} onClose={() => {}} />);
  return screen.findByRole('dialog', { name: '预约 场地A' });
}
/** A button by its text (role queries are slow on antd's large trees in jsdom). */
const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!;
const next = () => fireEvent.click(button('下一步'));

/** Picks the select option `label` of the combobox `name`. */
async function choose(name: string, label: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

describe('booking dialog', () => {
  it('checks each step before going on, and books what was chosen', { timeout: 60_000 }, async () => {
    serveGraphql({ ...dialogAnswers, saveAppointmentInformationAll: saved });
    const dialog = await openDialog();
    // step 1: nothing picked
    await within(dialog).findByRole('button', { name: '10:00–11:00 · 可预约' });
    next();
    expect(await screen.findByText('请选择预约时段')).toBeTruthy();
    expect(variablesOf('checkResourceTimeSlotCapacity')).toHaveLength(0);
    // a taken slot cannot be picked; a free one can, and the server checks it
    expect(screen.getByRole('button', { name: /11:00–12:00 · 已被他人预约/ })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '10:00–11:00 · 可预约' }));
    next();
    expect(await screen.findByLabelText('预约主题')).toBeTruthy();
    expect(variablesOf('checkResourceTimeSlotCapacity')).toEqual([
      expect.objectContaining({ resourceId: RESOURCE_ID, bookDate: todayIso(), timeSlotIdList: ['a10'] }),
    ]);
    // the resource's type offers no online meeting: no switch asking for one
    expect(screen.queryByRole('switch', { name: '线上会议' })).toBeNull();
    // step 2: required subject and collected field, a malformed email
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'not-an-email' } });
    next();
    expect(await screen.findByText('预约主题不能为空')).toBeTruthy();
    expect(screen.getByText('所在单位不能为空')).toBeTruthy();
    expect(screen.getByText('邮箱格式不正确')).toBeTruthy();
    expect(screen.queryByText('预约须知')).toBeNull();
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '羽毛球训练' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'zhang@example.edu' } });
    await choose('所在单位', '计算机学院');
    next();
    // step 3: a summary (the chosen option by its label); the instructions must be ticked as read
    expect(await screen.findByText('请穿运动鞋入场')).toBeTruthy();
    expect(screen.getByText('计算机学院')).toBeTruthy();
    fireEvent.click(button('提交预约'));
    expect(await screen.findByText('请先阅读并勾选预约须知')).toBeTruthy();
    expect(variablesOf('saveAppointmentInformationAll')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意预约须知' }));
    fireEvent.click(button('提交预约'));
    expect(await screen.findByText('预约成功')).toBeTruthy();
    expect(screen.getByText('请提前十分钟到场')).toBeTruthy();
    const [sent] = variablesOf('saveAppointmentInformationAll');
    expect(sent).toMatchObject({
      timeSlotIdList: ['a10'],
      model: {
        resources_id: RESOURCE_ID,
        appointment_date: todayIso(),
        theme: '羽毛球训练',
        email: 'zhang@example.edu',
        wemeet_enable: '0',
        appointmentCollectionList: [
          { field_name: 'org', field_desc_cn: '所在单位', field_desc_en: 'Unit', field_value: 'cs' },
        ],
      },
    });
    expect(sent).not.toHaveProperty('seriesCommit');
  });

  it('asks for an online meeting on a resource that offers meetings', { timeout: 60_000 }, async () => {
    serveGraphql({
      ...dialogAnswers,
      findResources: { findResources: { ...court, wemeet_enable: '1' } },
      saveAppointmentInformationAll: saved,
    });
    await openDialog();
    fireEvent.click(await screen.findByRole('button', { name: '10:00–11:00 · 可预约' }));
    next();
    const meeting = await screen.findByRole('switch', { name: '线上会议' });
    expect(meeting.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('预约成功后生成会议号与入会链接')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '线上组会' } });
    await choose('所在单位', '计算机学院');
    fireEvent.click(meeting);
    expect(meeting.getAttribute('aria-checked')).toBe('true');
    next();
    // the summary says a meeting was asked for
    expect(await screen.findByText('需要')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意预约须知' }));
    fireEvent.click(button('提交预约'));
    expect(await screen.findByText('预约成功')).toBeTruthy();
    const [sent] = variablesOf('saveAppointmentInformationAll');
    expect(sent).toMatchObject({ model: { resources_id: RESOURCE_ID, theme: '线上组会', wemeet_enable: '1' } });
  });

  it("shows the server's reasons when the check or the submit is refused", { timeout: 60_000 }, async () => {
    serveGraphql({
      ...dialogAnswers,
      checkResourceTimeSlotCapacity: {
        checkResourceTimeSlotCapacity: {
          code: '500',
          name: '',
          messages: ['超过预约人次（1次）限制'],
          messages_en: ['Over the per-person booking limit (1)'],
        },
      },
    });
    await openDialog();
    fireEvent.click(await screen.findByRole('button', { name: '10:00–11:00 · 可预约' }));
    next();
    expect(await screen.findByText('超过预约人次（1次）限制')).toBeTruthy();
    expect(screen.queryByLabelText('预约主题')).toBeNull();

    // the check passes now, but the submit is refused: the reason shows and the dialog stays
    serveGraphql({
      ...dialogAnswers,
      saveAppointmentInformationAll: {
        saveAppointmentInformationAll: {
          code: '500',
          name: '',
          messages: ['所选时段 10:00-11:00 已被他人预约'],
          messages_en: ['The time slot 10:00-11:00 has already been booked by someone else'],
          ids: null,
          appointmentId: null,
          processURL: null,
          auditStatus: null,
          seriesId: null,
          seriesReport: null,
        },
      },
    });
    next();
    fireEvent.change(await screen.findByLabelText('预约主题'), { target: { value: '训练' } });
    await choose('所在单位', '计算机学院');
    next();
    fireEvent.click(await screen.findByRole('checkbox', { name: '我已阅读并同意预约须知' }));
    fireEvent.click(button('提交预约'));
    expect(await screen.findByText('所选时段 10:00-11:00 已被他人预约')).toBeTruthy();
    expect(button('提交预约')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('预约成功')).toBeNull());
  });

  it('starts the contact details from the profile, as the phone form does', { timeout: 60_000 }, async () => {
    serveGraphql({
      ...dialogAnswers,
      me: { me: { ...dialogAnswers.me.me, phone: '13800000000', email: 'zhang@example.edu' } },
      saveAppointmentInformationAll: saved,
    });
    await openDialog();
    fireEvent.click(await screen.findByRole('button', { name: '10:00–11:00 · 可预约' }));
    next();
    expect(((await screen.findByLabelText('联系电话')) as HTMLInputElement).value).toBe('13800000000');
    expect((screen.getByLabelText('邮箱') as HTMLInputElement).value).toBe('zhang@example.edu');
    // what the user changes is what is sent; the untouched one is the profile's
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13900000000' } });
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '训练' } });
    await choose('所在单位', '计算机学院');
    next();
    expect(await screen.findByText('13900000000')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意预约须知' }));
    fireEvent.click(button('提交预约'));
    expect(await screen.findByText('预约成功')).toBeTruthy();
    expect(variablesOf('saveAppointmentInformationAll')[0]).toMatchObject({
      model: { phone: '13900000000', email: 'zhang@example.edu' },
    });
  });
});

describe('booking dialog on a resource with the slider captcha', () => {
  let restoreLayout: () => void;
  beforeAll(() => {
    restoreLayout = layOutCaptcha(360);
  });
  afterAll(() => restoreLayout());

  const captchaCourt = { findResources: { findResources: { ...court, open_captcha_verify: '1' } } };
  const refused = {
    saveAppointmentInformationAll: {
      saveAppointmentInformationAll: {
        ...saved.saveAppointmentInformationAll,
        code: '500',
        messages: ['所选时段 10:00-11:00 已被他人预约'],
        messages_en: ['The time slot 10:00-11:00 has already been booked by someone else'],
        ids: null,
        appointmentId: null,
      },
    },
  };

  /** Goes through the time and the form to the confirmation, instructions ticked. */
  async function toConfirmation() {
    await openDialog();
    fireEvent.click(await screen.findByRole('button', { name: '10:00–11:00 · 可预约' }));
    next();
    fireEvent.change(await screen.findByLabelText('预约主题'), { target: { value: '训练' } });
    await choose('所在单位', '计算机学院');
    next();
    fireEvent.click(await screen.findByRole('checkbox', { name: '我已阅读并同意预约须知' }));
  }

  /**
   * The open captcha dialog, by its slider (in jsdom both antd modals get the same title id, so
   * the dialog's accessible name is the booking dialog's); it must be titled 安全验证.
   */
  async function captchaDialog() {
    const captcha = (await screen.findByRole('slider', { name: '拼图滑块' })).closest<HTMLElement>('.ant-modal')!;
    expect(within(captcha).getByText('安全验证')).toBeTruthy();
    return captcha;
  }
  /** Whether a captcha is open (jsdom never ends antd's closing animation: a closed one stays, leaving). */
  const captchaShown = () => [...document.querySelectorAll('.yy-captcha')].some((el) => !el.closest('.ant-zoom-leave'));

  /** Slides the handle of the open captcha 150 px to the right with the mouse. */
  async function slide() {
    const captcha = await captchaDialog();
    const handle = within(captcha).getByRole('slider', { name: '拼图滑块' });
    await waitFor(() => expect(handle.getAttribute('aria-disabled')).toBeNull());
    fireEvent.pointerDown(handle, { pointerId: 7, pointerType: 'mouse', button: 0, clientX: 10, clientY: 10 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 120)));
    fireEvent.pointerMove(window, { pointerId: 7, pointerType: 'mouse', clientX: 100, clientY: 11 });
    fireEvent.pointerUp(window, { pointerId: 7, pointerType: 'mouse', clientX: 160, clientY: 11 });
    await within(captcha).findByText('验证成功');
  }

  it(
    'asks for a slide on submit and sends the encrypted credential; a refused submit asks again',
    { timeout: 60_000 },
    async () => {
      serveGraphql({ ...dialogAnswers, ...captchaCourt, ...refused });
      const first = serveCaptcha([rightSlide(1)]);
      await toConfirmation();

      // closing the slide submits nothing
      fireEvent.click(button('提交预约'));
      const captcha = await captchaDialog();
      fireEvent.click(captcha.querySelector('.ant-modal-close')!);
      await waitFor(() => expect(captchaShown()).toBe(false));
      expect(variablesOf('saveAppointmentInformationAll')).toHaveLength(0);

      // a right slide: the submit carries the credential, its code encrypted (api-contract 3)
      fireEvent.click(button('提交预约'));
      await slide();
      await waitFor(() => expect(variablesOf('saveAppointmentInformationAll')).toHaveLength(1));
      const one = rightSlide(1).data!;
      expect(variablesOf('saveAppointmentInformationAll')[0]).toMatchObject({
        timeSlotIdList: ['a10'],
        captchaId: one.captchaId,
        captchaCode: await encryptCaptchaCode(one.captchaCode, one.captchaId),
      });
      expect(first.checks[0]!.data).toMatchObject({ bgImageWidth: 360, bgImageHeight: 216 });
      // the slot was taken meanwhile: the reason shows, the credential is spent
      expect(await screen.findByText('所选时段 10:00-11:00 已被他人预约')).toBeTruthy();
      await waitFor(() => expect(captchaShown()).toBe(false));

      // the next submit asks for a new slide and books
      serveGraphql({ ...dialogAnswers, ...captchaCourt, saveAppointmentInformationAll: saved });
      const second = serveCaptcha([rightSlide(2)]);
      fireEvent.click(button('提交预约'));
      await slide();
      expect(await screen.findByText('预约成功')).toBeTruthy();
      expect(second.generated).toHaveLength(1);
      const two = rightSlide(2).data!;
      expect(variablesOf('saveAppointmentInformationAll')).toEqual([
        expect.objectContaining({
          captchaId: two.captchaId,
          captchaCode: await encryptCaptchaCode(two.captchaCode, two.captchaId),
        }),
      ]);
    },
  );

  it(
    'submits without a slide (empty credential) when the resource does not ask for one',
    { timeout: 60_000 },
    async () => {
      serveGraphql({ ...dialogAnswers, saveAppointmentInformationAll: saved });
      const server = serveCaptcha([rightSlide()]);
      await toConfirmation();
      fireEvent.click(button('提交预约'));
      expect(await screen.findByText('预约成功')).toBeTruthy();
      expect(server.generated).toHaveLength(0);
      expect(variablesOf('saveAppointmentInformationAll')[0]).toMatchObject({ captchaId: '', captchaCode: '' });
    },
  );
});

describe('booking dialog: dates not open yet (7 days ahead, the next one at 21:00)', () => {
  // 20:30 on 2026-11-28 in the browser's zone: 12-05 opens at 21:00 today, by the server's rule.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 20, 30));
  });
  afterEach(() => vi.useRealTimers());
  const rolling = { findResources: { findResources: { ...court, appointment_date_rule: '1' } } };
  /** Opens the date picker of `input` and gives its day cell of `iso`. */
  async function dayCell(input: HTMLElement, iso: string) {
    fireEvent.mouseDown(input);
    fireEvent.click(input);
    return waitFor(() => {
      const cell = [...document.querySelectorAll<HTMLElement>(`td[title="${iso}"]`)].at(-1);
      expect(cell).toBeTruthy();
      return cell!;
    });
  }
  const shut = (cell: HTMLElement) => cell.classList.contains('ant-picker-cell-disabled');

  it('keeps a date that is not open from being picked and says when it opens', { timeout: 60_000 }, async () => {
    serveGraphql({ ...dialogAnswers, ...rolling });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('2026-12-05 起的日期尚未开放，2026-12-05 将于 21:00 开放预约')).toBeTruthy();
    const input = within(dialog).getByDisplayValue('2026-11-28');
    expect(shut(await dayCell(input, '2026-12-05'))).toBe(true);
    expect(shut(await dayCell(input, '2026-12-04'))).toBe(false);
  });

  it(
    'does the same in the batch picker, and the periodic rule says from when dates are not open',
    {
      timeout: 60_000,
    },
    async () => {
      serveGraphql({ ...dialogAnswers, ...rolling });
      await openDialog();
      fireEvent.click(await screen.findByText('批量预约'));
      const batch = (await screen.findByText('设置批量预约', { selector: '.ant-modal-title' })).closest(
        '.ant-modal',
      ) as HTMLElement;
      expect(within(batch).getByText('2026-12-05 起的日期尚未开放，2026-12-05 将于 21:00 开放预约')).toBeTruthy();
      const picker = batch.querySelector<HTMLElement>('.ant-picker')!;
      expect(shut(await dayCell(picker, '2026-12-05'))).toBe(true);
      expect(shut(await dayCell(picker, '2026-12-04'))).toBe(false);
      fireEvent.click(batch.querySelector('.ant-modal-close')!);

      fireEvent.click(screen.getByText('周期预约'));
      const periodic = (await screen.findByText('设置周期规则', { selector: '.ant-modal-title' })).closest(
        '.ant-modal',
      ) as HTMLElement;
      expect(
        within(periodic).getByText(
          '2026-12-05 起的日期尚未开放预约（2026-12-05 将于 21:00 开放），预览中这些日期不可预约',
        ),
      ).toBeTruthy();
    },
  );
});

describe('booking dialog: a date released by ballot', () => {
  const info = (over: Partial<BallotDateInfo> = {}) => ({
    findBallotDateInfo: ballotDateInfo(RESOURCE_ID, { appointment_date: todayIso(), ...over }),
  });
  const entered = {
    saveAppointmentInformationAll: {
      ...saved.saveAppointmentInformationAll,
      messages: ['已参加抽签'],
      auditStatus: '4',
    },
  };

  it(
    'while collecting says when it is drawn (text and icon), submits as "enter the ballot" and answers that the user entered',
    { timeout: 60_000 },
    async () => {
      serveGraphql({ ...dialogAnswers, findBallotDateInfo: info(), saveAppointmentInformationAll: entered });
      const dialog = await openDialog();
      const notice = await within(dialog).findByText('抽签报名中，02-23 21:10 开奖');
      expect(notice.closest('.yy-ballot-notice')?.querySelector('svg')).toBeTruthy();
      expect(within(dialog).getByText('报名不占名额，先后不影响结果；开奖后通知您结果')).toBeTruthy();
      expect(variablesOf('findBallotDateInfo')[0]).toEqual({ resourcesId: RESOURCE_ID, date: todayIso() });
      // an open slot says it can be entered; a taken one stays taken
      fireEvent.click(within(dialog).getByRole('button', { name: '10:00–11:00 · 可报名' }));
      expect(screen.getByRole('button', { name: /11:00–12:00 · 已被他人预约/ })).toHaveProperty('disabled', true);
      next();
      fireEvent.change(await screen.findByLabelText('预约主题'), { target: { value: '羽毛球训练' } });
      await choose('所在单位', '计算机学院');
      next();
      fireEvent.click(await screen.findByRole('checkbox', { name: '我已阅读并同意预约须知' }));
      expect(screen.queryByText('提交预约', { selector: 'button span' })).toBeNull();
      fireEvent.click(button('参加抽签'));
      // the answer: entered, drawn at the window's end; no "booked"
      expect(await screen.findByText('已参加抽签，2099-02-23 21:10 开奖')).toBeTruthy();
      expect(screen.queryByText('预约成功')).toBeNull();
      expect(variablesOf('saveAppointmentInformationAll')[0]).toMatchObject({
        timeSlotIdList: ['a10'],
        model: { resources_id: RESOURCE_ID, appointment_date: todayIso(), theme: '羽毛球训练' },
      });
    },
  );

  it(
    'once entries closed, says the draw is pending and nothing can be chosen; an entered slot shows as the user’s',
    { timeout: 60_000 },
    async () => {
      serveGraphql({
        ...dialogAnswers,
        findBallotDateInfo: info({
          phase: 'drawing',
          mine: [{ slot: '10:00-11:00', appointment_id: 'b1', outcome: 'waiting' }],
        }),
      });
      const dialog = await openDialog();
      expect(await within(dialog).findByText('报名已于 02-23 21:10 截止，等待开奖')).toBeTruthy();
      const mine = within(dialog).getByRole('button', { name: '10:00–11:00 · 您已报名该时段的抽签，开奖后通知结果' });
      expect(mine).toHaveProperty('disabled', true);
      // the user's entries under the notice, awaiting the draw
      expect(within(within(dialog).getByRole('list', { name: '我的抽签' })).getByText(/等待开奖/)).toBeTruthy();
    },
  );

  it('a date that races shows no ballot notice; its slots read as usual', { timeout: 60_000 }, async () => {
    serveGraphql({ ...dialogAnswers, findBallotDateInfo: info({ release_mode: 'race', phase: 'race' }) });
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: '10:00–11:00 · 可预约' }));
    await waitFor(() => expect(variablesOf('findBallotDateInfo').length).toBeGreaterThan(0));
    expect(dialog.querySelector('.yy-ballot-notice')).toBeNull();
  });
});
