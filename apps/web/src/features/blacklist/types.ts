/**
 * The blacklist (api-contract, blacklist module): entries that keep a user from booking until
 * their end, and the black-settings rule that makes them after repeated no-shows.
 */
import type { Connection, StringFilter } from '../notices/api/types.ts';

export type { Connection, StringFilter };

/** '1' the black-settings rule (after no_show_count no-shows), '2' added by an administrator. */
export type BlackSource = '1' | '2';
/** '1' in force, '2' pardoned, '3' expired. */
export type BanState = '1' | '2' | '3';

/**
 * A blacklist entry: no booking from start_time until end_time (exclusive). Times
 * "YYYY-MM-DD HH:mm:ss" in the tenant's zone; pardon_* empty until pardoned.
 */
export interface BlackListEntry {
  id: string;
  user_account: string;
  user_name: string;
  reason: string;
  reason_en: string;
  source: BlackSource;
  no_show_count: number | null;
  start_time: string;
  end_time: string;
  /** '1' entered, '2' pardoned. */
  state: string;
  ban_state: BanState;
  pardon_time: string;
  pardon_reason: string;
  pardon_user: string;
  pardon_user_name: string;
  created_user: string;
  created_user_name: string;
  create_time: string;
}

export const BLACKLIST_ENTRY_FIELDS = `id user_account user_name reason reason_en source no_show_count start_time end_time
  state ban_state pardon_time pardon_reason pardon_user pardon_user_name created_user created_user_name create_time`;

/** Filters of findBlackListAll: keyword like (account or name), source eq, ban_state eq. */
export interface BlackListFilter {
  user_account?: StringFilter;
  keyword?: StringFilter;
  source?: StringFilter;
  ban_state?: StringFilter;
}

/** The black-settings rule: when is_enable is '1', no_show_times no-shows within no_show_days days ban for ban_days days. */
export interface BlackSettings {
  /** Empty until saved (the default rule then applies). */
  id: string;
  is_enable: string;
  no_show_times: number;
  no_show_days: number;
  ban_days: number;
  update_user: string;
  update_user_name: string;
  update_time: string;
}

export const BLACK_SETTINGS_FIELDS =
  'id is_enable no_show_times no_show_days ban_days update_user update_user_name update_time';

/** Query keys of the blacklist queries, so that every change reloads them. */
export const blacklistKeys = {
  all: ['blacklist'] as const,
  list: (variables: object) => ['blacklist', 'list', variables] as const,
  settings: ['blacklist', 'settings'] as const,
  users: (keyword: string) => ['blacklist', 'users', keyword] as const,
};
