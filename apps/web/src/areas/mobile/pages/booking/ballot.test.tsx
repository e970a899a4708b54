import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BallotDateInfo } from '../../../../features/booking/ballot.ts';
import { ballotSlots } from '../../../../features/booking/ballot.ts';
import { saveDraft } from '../../../../features/booking/draft.ts';
import { ballotDateInfo, ballotEntry } from '../../../../features/booking/testing/ballot.ts';
import ApplicationForm from './apply/ApplicationForm.tsx';
import AppointmentDetail from './appointments/AppointmentDetail.tsx';
import MyAppointment from './appointments/MyAppointment.tsx';
import { SlotPicker } from './choose/SlotPicker.tsx';
import { appointment, RESOURCE_ID, resource, slot } from './fixtures.ts';
import { prepareBookingTests, renderRoutes, serveBooking } from './testing.tsx';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareBookingTests);
afterEach(() => vi.unstubAllGlobals());

const dateInfo = (over: Partial<BallotDateInfo> = {}) => ballotDateInfo(RESOURCE_ID, over);
const entry = ballotEntry;

const list = (a: ReturnType<typeof appointment>) => ({
  findAppointmentInformationAllForAccount: {
    edges: [{ node: a, cursor: '0' }],
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: 1,
  },
});

describe('slots of a date released by ballot (phone)', () => {
  const slots = [
    slot('b', '09:00', '10:00'),
    slot('c', '10:00', '11:00'),
    slot('a', '08:00', '09:00', { state: 'expired', rule: 'expired' }),
  ];

  it('while collecting: open slots can be entered and chosen, an entered one is the user’s and says why', () => {
    const onToggle = vi.fn();
    const ballot = ballotSlots(dateInfo({ mine: [{ slot: '10:00-11:00', appointment_id: 'x', outcome: 'waiting' }] }));
    render(<SlotPicker slots={slots} selected={[]} onToggle={onToggle} ballot={ballot} />);
    fireEvent.click(screen.getByRole('button', { name: '09:00-10:00 可报名' }));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
    const entered = screen.getByRole('button', { name: '10:00-11:00 已报名' });
    expect(entered.dataset.look).toBe('mine');
    fireEvent.click(entered);
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toContain('您已报名该时段的抽签');
    // a slot closed for its own reason keeps it
    expect(screen.getByRole('button', { name: /^08:00-09:00 不可预约/ })).toBeTruthy();
  });

  it('while the draw is due none can be chosen, and each says the draw is pending', () => {
    const onToggle = vi.fn();
    render(
      <SlotPicker
        slots={slots}
        selected={['b']}
        onToggle={onToggle}
        ballot={ballotSlots(dateInfo({ phase: 'drawing' }))}
      />,
    );
    const pending = screen.getByRole('button', { name: '09:00-10:00 待开奖' });
    expect(pending.dataset.look).toBe('unavailable');
    expect(pending.getAttribute('aria-pressed')).toBeNull();
    fireEvent.click(pending);
    expect(onToggle).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toContain('报名已截止');
  });
});

describe('entering a ballot on the application form', () => {
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

  it('says the ballot is open, submits as "enter the ballot", and answers that the user entered and when it is drawn', async () => {
    serveBooking({
      findResources: { findResources: resource() },
      findCollectionConfigAll: { findCollectionConfigAll: [] },
      findBallotDateInfo: { findBallotDateInfo: dateInfo() },
      saveAppointmentInformationAll: {
        saveAppointmentInformationAll: {
          code: '0',
          name: 'saveAppointmentInformationAll',
          messages: [],
          messages_en: [],
          ids: ['a1'],
          appointmentId: 'a1',
          processURL: '',
          auditStatus: '4',
          seriesId: '',
          seriesReport: null,
        },
      },
    });
    renderRoutes(
      [{ path: '/mobile/applicationForm/:id', element: <ApplicationForm /> }],
      `/mobile/applicationForm/${RESOURCE_ID}`,
    );
    expect(await screen.findByText('抽签报名中，02-23 21:10 开奖')).toBeTruthy();
    const submit = await screen.findByRole('button', { name: '参加抽签' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.change(screen.getByLabelText('预约主题'), { target: { value: '训练' } });
    fireEvent.click(submit);
    expect(await screen.findByText('已参加抽签，2099-02-23 21:10 开奖')).toBeTruthy();
    // pending: the links go to the booking and the in-progress tab
    expect(screen.getByRole('link', { name: '查看预约' }).getAttribute('href')).toBe(
      '/mobile/appointmentDetail/progress/a1',
    );
  });
});

describe('my appointments: an entry in a ballot', () => {
  it('lists in the in-progress tab as "in the ballot", drawn at ... (text and icon)', async () => {
    const calls = serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ audit_status: '4' })),
      findBallotEntriesForSelf: { findBallotEntriesForSelf: [entry()] },
    });
    renderRoutes([{ path: '/mobile/myAppointment', element: <MyAppointment /> }], '/mobile/myAppointment?tab=progress');
    const card = await screen.findByRole('link', { name: /羽毛球场1号/ });
    expect(within(card).getByText('抽签中')).toBeTruthy();
    expect(within(card).queryByText('待审批')).toBeNull();
    const tag = await within(card).findByText('02-23 21:10 开奖');
    expect(tag.closest('.yy-ballot-tag')?.querySelector('svg')).toBeTruthy();
    const listed = calls.find((c) => c.op === 'findAppointmentInformationAllForAccount')!.variables;
    expect(listed.filter).toMatchObject({ audit_status: { in: ['1', '4'] } });
  });

  it('after the draw the detail shows the outcome, the entrants and the drawn position', async () => {
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ audit_status: '0' })),
      findBallotEntriesForSelf: {
        findBallotEntriesForSelf: [
          entry({ outcome: 'won', drawn_at: '2099-02-23 21:10:04', entered: 12, position: 3 }),
        ],
      },
    });
    renderRoutes(
      [{ path: '/mobile/appointmentDetail/:type/:id', element: <AppointmentDetail /> }],
      '/mobile/appointmentDetail/todo/a1',
    );
    const result = (await screen.findByText('已中签')).closest('section')!;
    expect(within(result).getByText('12 人')).toBeTruthy();
    expect(within(result).getByText('第 3 位')).toBeTruthy();
    // entries closed and drawn, to the minute
    expect(within(result).getAllByText('2099-02-23 21:10')).toHaveLength(2);
  });

  it('a refused entry says which rule refused it', async () => {
    serveBooking({
      findAppointmentInformationAllForAccount: list(appointment({ audit_status: '3' })),
      findBallotEntriesForSelf: {
        findBallotEntriesForSelf: [
          entry({
            outcome: 'refused',
            refusal: 'BLACKLISTED',
            drawn_at: '2099-02-23 21:10:04',
            entered: 5,
            position: 1,
          }),
        ],
      },
    });
    renderRoutes(
      [{ path: '/mobile/appointmentDetail/:type/:id', element: <AppointmentDetail /> }],
      '/mobile/appointmentDetail/reserved/a1',
    );
    const result = (await screen.findByText('未中签：您在黑名单中')).closest('section')!;
    // the status says "not drawn", not an approver's "rejected"
    await waitFor(() => expect(screen.getByText('未中签')).toBeTruthy());
    expect(screen.queryByText('审批未通过')).toBeNull();
    expect(within(result).getByText('5 人')).toBeTruthy();
    expect(within(result).getByRole('heading').textContent).toBe('抽签结果');
  });
});
