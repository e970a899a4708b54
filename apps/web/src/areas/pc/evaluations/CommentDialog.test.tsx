import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureEvaluationTranslations } from '../../../features/evaluations/i18n.ts';
import { connection, evaluation, performedBooking } from '../../../features/evaluations/testing.ts';
import { serveGraphql, signedInAnswers, type GraphqlAnswer } from '../../../testing/graphqlServer.ts';
import { preparePcBookingTest, renderPc, variablesOf } from '../booking/testing/pcTest.tsx';
import CommentDialog from './CommentDialog.tsx';

vi.mock('../../../features/auth/auth.ts', () => import('../../../testing/fake-auth.ts').then((m) => m.signedInAuth()));

beforeAll(async () => {
  await preparePcBookingTest();
  await ensureEvaluationTranslations();
});
afterEach(() => vi.unstubAllGlobals());

const booking = performedBooking();

function serve(answers: Record<string, GraphqlAnswer>) {
  serveGraphql({
    ...signedInAnswers,
    findAppointmentEvaluateAllForAccount: { findAppointmentEvaluateAllForAccount: connection([]) },
    ...answers,
  });
}

/** Clicks the n-th star (1-5) of a score. */
const rate = (name: string, n: number) =>
  fireEvent.click(within(screen.getByRole('radiogroup', { name })).getAllByRole('radio')[n - 1]!);

describe('the desktop comment dialog', () => {
  it('asks for the four scores before anything is sent', async () => {
    serve({});
    renderPc(<CommentDialog appointment={booking} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '评价：羽毛球场1号' });
    fireEvent.click(await within(dialog).findByRole('button', { name: '提交评价' }));
    expect(await within(dialog).findAllByText('请选择1到5星')).toHaveLength(4);
    expect(dialog.querySelectorAll('.ant-form-item-has-error')).toHaveLength(4);
    rate('综合评分', 5);
    expect(dialog.querySelectorAll('.ant-form-item-has-error')).toHaveLength(3);
    expect(variablesOf('saveAppointmentEvaluate')).toEqual([]);
  });

  it('submits the evaluation and closes', async () => {
    serve({ saveAppointmentEvaluate: { saveAppointmentEvaluate: { errcode: '0', msg: '', msg_en: '', ids: ['e1'] } } });
    const onClose = vi.fn();
    renderPc(<CommentDialog appointment={booking} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '评价：羽毛球场1号' });
    const submit = await within(dialog).findByRole('button', { name: '提交评价' });
    rate('综合评分', 5);
    rate('资源评分', 4);
    rate('系统评分', 3);
    rate('服务评分', 5);
    fireEvent.change(within(dialog).getByLabelText('评价内容'), { target: { value: ' 很方便 ' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: '匿名评价' }));
    fireEvent.click(submit);

    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(variablesOf('saveAppointmentEvaluate')).toEqual([
      {
        model: {
          appointment_id: 'b1',
          composite_score: 5,
          resources_score: 4,
          system_score: 3,
          service_score: 5,
          content: '很方便',
          pictures: [],
          is_anonymous: '1',
        },
      },
    ]);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    serve({
      saveAppointmentEvaluate: {
        saveAppointmentEvaluate: {
          errcode: '500',
          msg: '预约履约（签到）后才能评价',
          msg_en: 'A booking can be evaluated only after it was performed (checked in)',
          ids: [],
        },
      },
    });
    const onClose = vi.fn();
    renderPc(<CommentDialog appointment={booking} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('button', { name: '提交评价' });
    for (const name of ['综合评分', '资源评分', '系统评分', '服务评分']) rate(name, 4);
    fireEvent.click(within(dialog).getByRole('button', { name: '提交评价' }));
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('提交失败')).toBeTruthy();
    expect(within(alert).getByText('预约履约（签到）后才能评价')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the user's evaluation once made, and deletes it on confirmation", async () => {
    serve({
      findAppointmentEvaluateAllForAccount: {
        findAppointmentEvaluateAllForAccount: connection([
          evaluation({
            composite_score: 4,
            system_score: 5,
            service_score: 3,
            content: '场地不错',
            state: '0',
          }),
        ]),
      },
      deleteAppointmentEvaluate: { deleteAppointmentEvaluate: { errcode: '0', msg: '', msg_en: '', ids: ['e1'] } },
    });
    renderPc(<CommentDialog appointment={{ ...booking, is_evaluate: '1' }} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('场地不错')).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: '服务评分：3星（满分5星）' })).toBeTruthy();
    expect(within(dialog).getByText('这条评价已被管理员隐藏，其他用户看不到')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '删除评价' }));
    expect((await screen.findAllByText('删除这条评价？删除后可以重新评价。')).length).toBeGreaterThan(0);
    const confirm = document.querySelector<HTMLElement>('.ant-modal-confirm')!;
    fireEvent.click(within(confirm).getByRole('button', { name: '删除评价' }));
    await vi.waitFor(() => expect(variablesOf('deleteAppointmentEvaluate')).toEqual([{ id: 'e1' }]));
  });
});

describe('the desktop comment dialog: pictures of the evaluation given', () => {
  const mine = '/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e';

  it("shows them with the signed-in user's token (they are private files), the token for this server only", async () => {
    const elsewhere = 'https://cdn.example.com/court.png';
    serve({
      findAppointmentEvaluateAllForAccount: {
        findAppointmentEvaluateAllForAccount: connection([evaluation({ pictures: [mine, elsewhere] })]),
      },
    });
    renderPc(<CommentDialog appointment={booking} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: '评价：羽毛球场1号' });
    const first = await within(dialog).findByRole('img', { name: '评价图片1' });
    expect(first.getAttribute('src')).toBe(`${mine}?access_token=tok`);
    expect(within(dialog).getByRole('img', { name: '评价图片2' }).getAttribute('src')).toBe(elsewhere);
  });
});
