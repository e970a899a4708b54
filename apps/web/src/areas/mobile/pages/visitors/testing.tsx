/** Set-up shared by the visitor pages' component tests (not shipped: only tests import it). */
import '../../antd-mobile-setup.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { Guard } from '../../../../app/session.tsx';
import type { SignedInUser } from '../../../../features/auth/auth.ts';
import { ensureVisitorsTranslations } from '../../../../features/visitors/i18n.ts';
import { configureGraphql } from '../../../../lib/graphql.ts';
import { initI18n } from '../../../../lib/i18n.ts';
import { signedInAnswers } from '../../../../testing/graphqlServer.ts';

/** A registered visitor as the auth module gives them (their account as the server names it). */
export const fakeVisitor: SignedInUser = {
  access_token: 'vtok',
  profile: { sub: 't:v', preferred_username: 'visitor:0123456789abcdef0123456789abcdef' },
};

/** i18n with the visitor texts, and what jsdom lacks for antd-mobile. */
export async function prepareVisitorTests(): Promise<void> {
  await initI18n();
  await ensureVisitorsTranslations();
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
  window.scrollTo = () => {};
  Element.prototype.scrollIntoView ??= () => {};
  configureGraphql({ token: async () => 'tok', unauthorized: () => {}, onError: () => {} });
}

type Answer = Record<string, unknown> | { errors: { message: string }[] };

/** An answer that never comes (a slow server: the page's loading state). */
export const HANG: Answer = { hang: true };

/** A call the page made: operation name, endpoint and variables. */
export interface Call {
  op: string;
  endpoint: string;
  variables: Record<string, unknown>;
}

/**
 * A fake server: one answer per operation (or a function of the variables; the guard's answers
 * are there), a missing one is a GraphQL error. Returns every call made, in order.
 */
export function serveVisitors(answers: Record<string, Answer | ((variables: Record<string, unknown>) => Answer)>) {
  const all: Record<string, Answer | ((variables: Record<string, unknown>) => Answer)> = {
    ...signedInAnswers,
    ...answers,
  };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/sys/settings')) {
        return new Response(JSON.stringify({ entities: [{ id: 's', manage_setting: '{}' }] }));
      }
      const body = JSON.parse(String(init?.body)) as { operationName: string; variables: Record<string, unknown> };
      calls.push({ op: body.operationName, endpoint: url.split('/').pop()!, variables: body.variables });
      const answer = all[body.operationName];
      const value = typeof answer === 'function' ? answer(body.variables) : answer;
      if (value === HANG) return new Promise<Response>(() => {});
      if (!value) return new Response(JSON.stringify({ errors: [{ message: `no answer for ${body.operationName}` }] }));
      return new Response(JSON.stringify('errors' in value ? { data: null, ...value } : { data: value }));
    }),
  );
  return calls;
}

/** Where a page went. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

/**
 * Renders routes at `entry`, each inside the navigation guard unless `open`; any other path shows
 * where the page went (`landed`). Returns the router.
 */
export function renderVisitorRoutes(routes: { path: string; element: ReactNode }[], entry: string, open = false) {
  const router = createMemoryRouter(
    [
      ...routes.map((r) => ({ path: r.path, element: open ? r.element : <Guard>{r.element}</Guard> })),
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [entry] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** A visit as the server sends it, with `over` changed. */
export function testVisit(over: Record<string, unknown> = {}) {
  return {
    id: 'v1',
    visitor_name: '张*',
    phone: '138****5678',
    visitor_type: '1',
    in_school_date: '2099-03-02',
    in_school_reason: '学术交流',
    in_school_area: 'a1',
    in_school_area_name: '东门',
    in_school_area_name_en: 'East gate',
    peers: 1,
    in_child: 0,
    accept_visit_name: '李老师',
    accept_visit_phone: '139****0000',
    accept_visit_unit: '物理系',
    is_car: 0,
    car_product: null,
    car_card_number: null,
    remark: null,
    state: 0,
    state_name: '待被访人审批',
    state_name_en: 'Awaiting host',
    reject_reason: null,
    created_user_name: '张*',
    create_time: '2099-03-01 10:00:00',
    pass_id: null,
    can_cancel: true,
    can_audit: false,
    infoList: [],
    auditList: [],
    ...over,
  };
}

/** findVisitorCategoryConfig's answer: the overall settings' switches (on unless said), no types, `areas`. */
export function categoryConfig(
  switches: { is_visitor_qr_code?: number; is_visitor_infor?: number } = {},
  areas: unknown[] = [],
) {
  return {
    findVisitorCategoryConfig: {
      findVisitorCategoryConfig: {
        overallSettings: { id: 'o', is_visitor_qr_code: 1, is_visitor_infor: 1, ...switches },
        detailSettings: [],
        areas,
      },
    },
  };
}

/** A visitor area as the settings list it. */
export const testArea = (id: string, name: string, available_number = 0) => ({
  id,
  resources_name: name,
  resources_name_en: null,
  campus_name: null,
  building_name: null,
  available_number,
});

/** findVisitorAvailableNumber's answer: no limit on any area asked. */
export const unlimitedQuota = (v: Record<string, unknown>) => ({
  findVisitorAvailableNumber: (v.models as { in_school_date: string; in_school_area: string }[]).map((m) => ({
    in_school_date: m.in_school_date,
    resources_id: m.in_school_area,
    resources_name: m.in_school_area,
    resources_name_en: null,
    available_number: 0,
    used: 0,
    remaining: -1,
    enough: true,
  })),
});
