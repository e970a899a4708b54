/**
 * Notice codes and limits, free of validation code so that pages can import them without
 * bringing the input schemas (zod) along.
 */

/**
 * Notice states (`Notice.state`, `updateNoticeState`): a draft is not shown to users; a
 * published notice is shown once its release time has come; a withdrawn one is hidden again.
 */
export const NOTICE_STATE = { draft: 0, published: 1, withdrawn: 2 } as const;
export type NoticeState = (typeof NOTICE_STATE)[keyof typeof NOTICE_STATE];
export const noticeStates: readonly number[] = Object.values(NOTICE_STATE);

/** `note_category`: '1' an ordinary notice (lists, home pages), '2' a pop-up notice (also listed). */
export const NOTICE_CATEGORY = { notice: '1', popup: '2' } as const;

/**
 * `popup_mode` of a pop-up notice: '1' shows it until the user has read it once; '2' shows it
 * once a day until `popup_end_date` has passed. Any other value behaves as '2' (spec 4).
 */
export const POPUP_MODE = { untilRead: '1', daily: '2' } as const;

/** Largest page of `findNoticeAll` / `findNoticeReadEntityList` (the pop-up asks for 999). */
export const NOTICE_PAGE_MAX = 999;
export const NOTICE_PAGE_DEFAULT = 10;
/** Longest stored HTML body of one language, in characters (after sanitizing). */
export const NOTICE_CONTENT_MAX = 200_000;
