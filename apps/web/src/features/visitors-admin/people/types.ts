/** A long-term visitor as the back office lists it (phone masked). */
export interface LongTermVisitor {
  id: string;
  user_name: string;
  user_id: string;
  person_type: string;
  dept: string;
  phone: string;
  permission: string;
  valid_from: string;
  valid_to: string;
  weekdays: string;
  start_time: string;
  end_time: string;
  data_source: number;
  is_enable: number;
}

/** What an add or a change sends (phone: empty keeps the stored one). */
export interface LongTermVisitorInput {
  id?: string;
  user_name?: string;
  user_id?: string;
  person_type?: string;
  dept?: string;
  phone?: string;
  permission?: string;
  valid_from?: string;
  valid_to?: string;
  weekdays?: string;
  start_time?: string;
  end_time?: string;
  is_enable?: number;
}

export type StringFilter = { eq?: string; like?: string };

export interface LongTermVisitorFilter {
  user_name?: StringFilter;
  person_type?: StringFilter;
  is_enable?: StringFilter;
  validity?: StringFilter;
}

/** The query keys of the long-term visitors (a change reloads every list). */
export const longTermKeys = {
  all: ['findVisitorLongTermEntityList'] as const,
  list: (v: unknown) => ['findVisitorLongTermEntityList', v] as const,
};
