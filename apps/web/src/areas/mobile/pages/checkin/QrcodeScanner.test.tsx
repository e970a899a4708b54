import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSignCode, testSign } from '../../../../features/checkin/testing.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { serveGraphql } from '../../../../testing/graphqlServer.ts';
import QrcodeScanner from './QrcodeScanner.tsx';
import { graphqlVariables, loadCheckinTexts, renderPage } from './testing.tsx';

const RESOURCE = '5f0c8f0e-2a8e-4c57-9b0d-3f2d6e1a7b44';
const BOOKING = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const code = makeSignCode(1, RESOURCE);
const printedUrl = `https://campus.example/yy-sys/mobile/venueDetail/${RESOURCE}?signCode=${code}`;

beforeAll(loadCheckinTexts);
beforeEach(() => configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} }));
afterEach(() => vi.unstubAllGlobals());

const field = () => screen.getByLabelText('场地签到码或二维码链接');
const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交' }));

/** The alert (there may be others, e.g. no camera here) that says `text`. */
async function alertSaying(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('alert').find((a) => a.textContent?.includes(text));
    expect(found, `an alert saying ${text}`).toBeDefined();
  });
  return found!;
}

function enter(text: string) {
  fireEvent.change(field(), { target: { value: text } });
  submit();
}

describe('/mobile/qrcode-scanner, manual entry', () => {
  it('checks in with the code of a pasted venue link and goes on to the success page', async () => {
    const calls = serveGraphql({
      saveAppointmentSignIn: {
        saveAppointmentSignIn: { errcode: '0', msg: '签到成功', msg_en: 'Checked in', appointmentId: BOOKING },
      },
    });
    renderPage('/mobile/qrcode-scanner', '/mobile/qrcode-scanner', <QrcodeScanner />);
    enter(`  ${printedUrl}\n`);
    expect((await screen.findByTestId('landed')).textContent).toBe(`/mobile/signed?id=${BOOKING}`);
    expect(calls).toEqual(['saveAppointmentSignIn']);
    // the code alone is sent, not the link around it
    expect(graphqlVariables('saveAppointmentSignIn')).toEqual([{ code }]);
  });

  it('shows the server reason of a refusal and keeps the text to try again', async () => {
    serveGraphql({
      saveAppointmentSignIn: {
        saveAppointmentSignIn: {
          errcode: '500',
          msg: '签到尚未开始，2026-05-04 09:45:00 起可签到',
          msg_en: 'Check-in has not started yet; it opens at 2026-05-04 09:45:00',
        },
      },
    });
    renderPage('/mobile/qrcode-scanner', '/mobile/qrcode-scanner', <QrcodeScanner />);
    enter(code);
    const alert = await alertSaying('签到尚未开始，2026-05-04 09:45:00 起可签到');
    expect(alert.textContent).toContain('签到失败');
    expect((field() as HTMLTextAreaElement).value).toBe(code);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('refuses what is no check-in code, or a voucher, without asking the server', async () => {
    const calls = serveGraphql({});
    renderPage('/mobile/qrcode-scanner', '/mobile/qrcode-scanner', <QrcodeScanner />);
    enter('hello');
    await alertSaying('未识别到签到二维码');
    enter(makeSignCode(2, BOOKING));
    await alertSaying('这是预约凭证，请出示给场地管理员扫描');
    fireEvent.change(field(), { target: { value: '' } });
    submit();
    await alertSaying('请输入或扫描二维码内容');
    expect(calls).toEqual([]);
  });

  it('checks out when check-out is chosen', async () => {
    serveGraphql({
      saveAppointmentSignOut: {
        saveAppointmentSignOut: { errcode: '0', msg: '签退成功', msg_en: 'Checked out', appointmentId: BOOKING },
      },
    });
    renderPage('/mobile/qrcode-scanner', '/mobile/qrcode-scanner', <QrcodeScanner />);
    fireEvent.click(screen.getByRole('radio', { name: '签退' }));
    await screen.findByText('扫码签退');
    enter(code);
    expect((await screen.findByTestId('landed')).textContent).toBe(`/mobile/signed?id=${BOOKING}&type=out`);
    expect(graphqlVariables('saveAppointmentSignOut')).toEqual([{ code }]);
  });

  it('names the booking it was opened for, in either direction', async () => {
    serveGraphql({
      findAppointmentSignInfo: { findAppointmentSignInfo: testSign() },
      saveAppointmentSignIn: {
        saveAppointmentSignIn: { errcode: '0', msg: '签到成功', msg_en: 'Checked in', appointmentId: BOOKING },
      },
    });
    const router = renderPage('/mobile/qrcode-scanner', `/mobile/qrcode-scanner?id=${BOOKING}`, <QrcodeScanner />);
    expect((await screen.findByTestId('scanner-for')).textContent).toMatch(
      /^本次为这个预约扫码：羽毛球场 3 号 \d{4}-\d{2}-\d{2} 09:00-10:00$/,
    );
    expect(graphqlVariables('findAppointmentSignInfo')).toEqual([{ appointmentId: BOOKING }]);
    fireEvent.click(screen.getByRole('radio', { name: '签退' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?type=out&id=${BOOKING}`));
    expect(screen.getByTestId('scanner-for')).toBeTruthy();
  });
});
