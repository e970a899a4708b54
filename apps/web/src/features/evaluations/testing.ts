import type { Appointment } from '../booking/types.ts';
import type { Evaluation } from './types.ts';

/** Fixtures of the evaluation component tests (mobile and desktop). */

/** A connection of nodes as the server returns it (one page, nothing after). */
export function connection<T>(nodes: T[]) {
  return {
    edges: nodes.map((node) => ({ node, cursor: '' })),
    pageInfo: { hasNextPage: false, endCursor: null },
    totalCount: nodes.length,
  };
}

/** A performed booking of the student, not evaluated yet. */
export function performedBooking(over: Partial<Appointment> = {}): Appointment {
  return {
    id: 'b1',
    resources_id: 'r1',
    resources_name: '羽毛球场1号',
    resources_name_en: 'Court 1',
    appointment_date: Date.UTC(2026, 2, 1) - 8 * 3600_000,
    start_time: '09:00',
    end_time: '10:00',
    state: '0',
    audit_status: '0',
    appointment_state: '1',
    is_evaluate: '0',
    appointment_user: 'student',
    appointment_user_name: '张同学',
    ...over,
  } as Appointment;
}

/** An evaluation as the server returns it. */
export function evaluation(over: Partial<Evaluation> = {}): Evaluation {
  return {
    id: 'e1',
    appointment_id: 'b1',
    resources_id: 'r1',
    resources_name: '羽毛球场1号',
    resources_name_en: 'Court 1',
    resources_type_id: 't1',
    appointment_date: 0,
    start_time: '09:00',
    end_time: '10:00',
    composite_score: 5,
    resources_score: 4,
    system_score: 5,
    service_score: 4,
    content: '',
    pictures: [],
    is_anonymous: '0',
    state: '1',
    reply_content: '',
    reply_user: '',
    reply_user_name: '',
    reply_time: '',
    created_user: 'student',
    created_user_name: '张同学',
    create_time: '2026-03-02 10:15:00',
    update_time: '2026-03-02 10:15:00',
    ...over,
  };
}
