import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationMail as Mail } from '../../../../features/notifications-admin/types.ts';
import { prepareBackOfficeTest } from '../../../../testing/back-office.ts';
import { callsOf, clickButton, pickOption, renderPage, result, serve } from '../sign/testing.tsx';
import NotificationMail from './NotificationMail.tsx';

beforeAll(prepareBackOfficeTest);
afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 60_000 });

const mail = (id: string, patch: Partial<Mail>): Mail => ({
  id,
  notification_id: 'n',
  recipient: 'student@demo.edu.cn',
  subject: '预约成功 / Booking confirmed',
  body: '您已成功预约羽毛球场1号',
  message_id: '',
  status: 'sent',
  attempts: 1,
  last_error: '',
  transport: 'smtp',
  next_attempt_time: '2026-03-01 08:00:00',
  sent_time: '2026-03-01 08:00:01',
  create_time: '2026-03-01 08:00:00',
  ...patch,
});

const failed = mail('aaaaaaaa-0000-4000-8000-000000000001', {
  recipient: 'li@demo.edu.cn',
  status: 'failed',
  attempts: 5,
  last_error: '550 mailbox unavailable',
  sent_time: '',
});
const sent = mail('aaaaaaaa-0000-4000-8000-000000000002', {});

describe('notification e-mail outbox', () => {
  it('searches by status, and resends a failed e-mail after a confirmation', async () => {
    const calls = serve({
      findNotificationMailAll: () => ({
        findNotificationMailAll: {
          edges: [failed, sent].map((node) => ({ node })),
          pageInfo: { hasNextPage: false, endCursor: null },
          totalCount: 2,
        },
      }),
      resendNotificationMail: () => ({ resendNotificationMail: result() }),
    });
    renderPage(<NotificationMail />, '/manage/settings/notification-mail');
    await screen.findByText('550 mailbox unavailable');
    expect(callsOf(calls, 'findNotificationMailAll')[0]).toEqual({ first: 10, offset: 0, filter: {} });
    // only failed e-mails can be chosen or resent
    const sentRow = screen.getAllByText('student@demo.edu.cn')[0]!.closest('tr')!;
    expect((within(sentRow).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(within(sentRow).queryByText(/重新发送/)).toBeNull();

    await pickOption('状态', '发送失败');
    await clickButton('查询');
    await waitFor(() =>
      expect(callsOf(calls, 'findNotificationMailAll').at(-1)).toEqual({
        first: 10,
        offset: 0,
        filter: { status: { eq: 'failed' } },
      }),
    );

    await clickButton('重新发送', screen.getByText('li@demo.edu.cn').closest('tr')!);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('重新发送给 li@demo.edu.cn 的这封邮件？')).toBeTruthy();
    expect(callsOf(calls, 'resendNotificationMail')).toEqual([]);
    await clickButton('重新发送', confirm);
    expect(await screen.findByText('已重新加入发送队列：1 封')).toBeTruthy();
    expect(callsOf(calls, 'resendNotificationMail')).toEqual([{ ids: [failed.id] }]);
  });
});
