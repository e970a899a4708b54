import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serveGraphql, signedInAnswers, type GraphqlAnswer } from '../../../../testing/graphqlServer.ts';
import EvaluateAppointment from './EvaluateAppointment.tsx';
import { connection, evaluation, performedBooking } from '../../../../features/evaluations/testing.ts';
import { prepareEvaluationTest, renderMobile, variablesOf } from './testing.tsx';

vi.mock('../../../../features/auth/auth.ts', () =>
  import('../../../../testing/fake-auth.ts').then((m) => m.signedInAuth()),
);

beforeAll(prepareEvaluationTest);
afterEach(() => vi.unstubAllGlobals());

const booking = performedBooking;

function serve(answers: Record<string, GraphqlAnswer>, b = booking()) {
  return serveGraphql({
    ...signedInAnswers,
    findAppointmentInformationAllForAccount: { findAppointmentInformationAllForAccount: connection([b]) },
    findAppointmentEvaluateAllForAccount: { findAppointmentEvaluateAllForAccount: connection([]) },
    ...answers,
  });
}

const open = () =>
  renderMobile(<EvaluateAppointment />, { path: '/mobile/evaluate/b1', pattern: '/mobile/evaluate/:appointmentId' });

/** The stars of a score (a radio group named by the score). */
const stars = (name: string) => screen.getByRole('radiogroup', { name });
/** Presses a key on a score's stars (the group handles the keys of its radios). */
const press = (name: string, key: string) => fireEvent.keyDown(within(stars(name)).getAllByRole('radio')[0]!, { key });
const chosen = (name: string) =>
  within(stars(name)).queryByRole('radio', { checked: true })?.getAttribute('aria-label');

describe('/mobile/evaluate/:appointmentId', () => {
  it('checks the four scores before sending, then sends the evaluation and shows the reviews', async () => {
    serve({
      saveAppointmentEvaluate: {
        saveAppointmentEvaluate: { errcode: '0', msg: '保存成功', msg_en: 'Saved', ids: ['e9'] },
      },
    });
    const router = open();
    expect(await screen.findByRole('heading', { name: '羽毛球场1号' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    expect(await screen.findAllByText('请选择1到5星')).toHaveLength(4);
    expect(stars('综合评分').getAttribute('aria-invalid')).toBe('true');
    expect(variablesOf('saveAppointmentEvaluate')).toEqual([]);

    fireEvent.click(within(stars('综合评分')).getByRole('radio', { name: '5星' }));
    for (let i = 0; i < 4; i++) press('资源评分', 'ArrowRight');
    press('系统评分', 'Home');
    press('服务评分', 'End');
    press('服务评分', 'ArrowLeft');
    expect(chosen('资源评分')).toBe('4星');
    expect(screen.getAllByText('4星')).toHaveLength(2);
    expect(screen.queryByText('请选择1到5星')).toBeNull();

    fireEvent.change(screen.getByLabelText('评价内容'), { target: { value: '  场地很干净  ' } });
    fireEvent.click(screen.getByRole('switch', { name: /匿名评价/ }));
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mobile/resource/r1/comments'));
    expect(variablesOf('saveAppointmentEvaluate')).toEqual([
      {
        model: {
          appointment_id: 'b1',
          composite_score: 5,
          resources_score: 4,
          system_score: 1,
          service_score: 4,
          content: '场地很干净',
          pictures: [],
          is_anonymous: '1',
        },
      },
    ]);
  });

  it("shows the server's refusal with its reason and stays on the form", async () => {
    serve({
      saveAppointmentEvaluate: {
        saveAppointmentEvaluate: {
          errcode: '500',
          msg: '该预约已评价，每个预约只能评价一次',
          msg_en: 'This booking has already been evaluated',
          ids: [],
        },
      },
    });
    const router = open();
    await screen.findByRole('heading', { name: '羽毛球场1号' });
    for (const name of ['综合评分', '资源评分', '系统评分', '服务评分']) press(name, 'End');
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('提交失败')).toBeTruthy();
    expect(within(dialog).getByText('该预约已评价，每个预约只能评价一次')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/mobile/evaluate/b1');
    await act(async () => fireEvent.click(within(dialog).getByText('确定')));
  });

  it('uploads pictures as they are picked, refuses other files, and sends their uris', async () => {
    serve({ saveAppointmentEvaluate: { saveAppointmentEvaluate: { errcode: '0', msg: '', msg_en: '', ids: ['e9'] } } });
    const graphql = vi.mocked(fetch);
    const uploads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.startsWith('/api/file/upload')) return graphql(url, init);
        const file = (init?.body as FormData).get('file') as File;
        uploads.push(`${file.name} ${new URLSearchParams(url.split('?')[1]).get('purpose')}`);
        return new Response(JSON.stringify({ id: 'f1', uri: `/yy-sys/api/file/${file.name}`, errno: 0, error: '' }));
      }),
    );
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
    open();
    await screen.findByRole('heading', { name: '羽毛球场1号' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input.accept).toBe('image/png,image/jpeg,image/gif,image/webp');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] } });
    });
    expect(await screen.findByText('只能上传图片（png、jpg、gif、webp）')).toBeTruthy();
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['png'], 'court.png', { type: 'image/png' })] } });
    });
    // An evaluation's picture is a private file (the server's purpose evaluation-picture).
    await vi.waitFor(() => expect(uploads).toEqual(['court.png evaluation-picture']));
    expect(await screen.findByRole('img', { name: '评价图片1' })).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText('上传中…')).toBeNull());
    for (const name of ['综合评分', '资源评分', '系统评分', '服务评分']) press(name, 'End');
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    await vi.waitFor(() => expect(variablesOf('saveAppointmentEvaluate')).toHaveLength(1));
    expect(variablesOf('saveAppointmentEvaluate')[0]).toMatchObject({
      model: { pictures: ['/yy-sys/api/file/court.png'], is_anonymous: '0', content: '' },
    });
  });

  it('shows a picture the server refused with its reason, and sends the evaluation without it', async () => {
    serve({ saveAppointmentEvaluate: { saveAppointmentEvaluate: { errcode: '0', msg: '', msg_en: '', ids: ['e9'] } } });
    const graphql = vi.mocked(fetch);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (!url.startsWith('/api/file/upload')) return graphql(url, init);
        return new Response(
          JSON.stringify({ id: '', uri: '', errno: 1, error: '文件过大，最大允许10MB', error_en: 'Too large' }),
          { status: 400 },
        );
      }),
    );
    URL.createObjectURL ??= () => 'blob:preview';
    URL.revokeObjectURL ??= () => {};
    open();
    await screen.findByRole('heading', { name: '羽毛球场1号' });
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['big'], 'big.jpg', { type: 'image/jpeg' })] } });
    });
    expect(await screen.findByText('第1张图片上传失败：文件过大，最大允许10MB')).toBeTruthy();
    expect(screen.getByText('上传失败')).toBeTruthy();
    for (const name of ['综合评分', '资源评分', '系统评分', '服务评分']) press(name, 'End');
    fireEvent.click(screen.getByRole('button', { name: '提交评价' }));
    await vi.waitFor(() => expect(variablesOf('saveAppointmentEvaluate')).toHaveLength(1));
    expect(variablesOf('saveAppointmentEvaluate')[0]).toMatchObject({ model: { pictures: [] } });
  });

  it('does not offer the form for a booking that was not performed', async () => {
    serve({}, booking({ appointment_state: '0' }));
    open();
    expect(await screen.findByText('预约履约（签到）后才能评价')).toBeTruthy();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it("shows the user's evaluation once made, to edit", async () => {
    serve(
      {
        findAppointmentEvaluateAllForAccount: {
          findAppointmentEvaluateAllForAccount: connection([
            evaluation({
              content: '灯光很好',
              is_anonymous: '1',
              reply_content: '感谢反馈',
              reply_time: '2026-03-03 09:00:00',
            }),
          ]),
        },
        saveAppointmentEvaluate: { saveAppointmentEvaluate: { errcode: '0', msg: '', msg_en: '', ids: ['e1'] } },
      },
      booking({ is_evaluate: '1' }),
    );
    open();
    expect(await screen.findByText('灯光很好')).toBeTruthy();
    expect(screen.getByText('匿名')).toBeTruthy();
    expect(screen.getByText('感谢反馈')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '修改评价' }));
    expect(chosen('资源评分')).toBe('4星');
    press('资源评分', 'End');
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));
    await vi.waitFor(() => expect(variablesOf('saveAppointmentEvaluate')).toHaveLength(1));
    expect(variablesOf('saveAppointmentEvaluate')[0]).toMatchObject({
      model: { id: 'e1', appointment_id: 'b1', resources_score: 5, content: '灯光很好', is_anonymous: '1' },
    });
  });
});

describe('/mobile/evaluate/:appointmentId: pictures of an evaluation given', () => {
  it("load with the signed-in user's token: they are private files", async () => {
    const mine = '/yy-sys/api/file/0f8fad5b-d9cb-469f-a165-70867728950e';
    const elsewhere = 'https://cdn.example.com/court.png';
    serve({
      findAppointmentEvaluateAllForAccount: {
        findAppointmentEvaluateAllForAccount: connection([evaluation({ pictures: [mine, elsewhere] })]),
      },
    });
    open();
    const first = await screen.findByRole('img', { name: '评价图片1' });
    expect(first.getAttribute('src')).toBe(`${mine}?access_token=tok`);
    // The token goes to this server only.
    expect(screen.getByRole('img', { name: '评价图片2' }).getAttribute('src')).toBe(elsewhere);
  });
});
