/** A notice as the server returns it (spec 3); content is HTML the server has sanitized. */
export interface Notice {
  id: string;
  note_category: string;
  title: string;
  title_en: string;
  resource_type_id: string;
  resource_type_name: string;
  content: string;
  content_en: string;
  /** "YYYY-MM-DD HH:mm:ss" (tenant's zone); empty until published. */
  release_time: string;
  /** 0 draft, 1 published, 2 withdrawn. */
  state: number;
  popup_mode: string;
  /** "YYYY-MM-DD" or empty. */
  popup_end_date: string;
  created_user: string;
  created_user_name: string;
  del: number;
  create_time: string;
  /** The signed-in user's reads of this notice. */
  totalReadCounts: number;
  /** The signed-in user's reads today (0 or 1). */
  todayReadCounts: number;
  /** Everyone's read records (back office). */
  allTotalReadCounts: number;
  allTodayReadCounts: number;
  readerCounts: number;
}

export const NOTICE_FIELDS = `id note_category title title_en resource_type_id resource_type_name content content_en
  release_time state popup_mode popup_end_date created_user created_user_name del create_time totalReadCounts
  todayReadCounts allTotalReadCounts allTodayReadCounts readerCounts`;

export interface Connection<T> {
  edges: { node: T; cursor: string }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

export type StringFilter = { eq?: string; in?: string[]; like?: string };
export interface NoticeFilter {
  note_category?: StringFilter;
  title?: StringFilter;
  resource_type_id?: StringFilter;
  state?: StringFilter;
  popup_mode?: StringFilter;
  created_user?: StringFilter;
}

/** Query keys shared by the notice queries, so mutations can invalidate them all. */
export const noticeKeys = {
  all: ['notices'] as const,
};
