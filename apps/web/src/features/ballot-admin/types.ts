/**
 * The ballot as administrators see it (apps/server/src/modules/ballot, docs/GLOSSARY.md
 * "Ballot"): release settings of resource types and resources, and the draws with their entries.
 */
import type { Connection } from '../notices/api/types.ts';

export type { Connection };

/** How a date's slots are released: the first submit wins, or a draw at the window's end. */
export type ReleaseMode = 'race' | 'ballot';
export const RELEASE_MODES: readonly ReleaseMode[] = ['race', 'ballot'];

/** Where the settings in force come from: the resource's own, its type's, or the default (race). */
export type SettingSource = 'resource' | 'type' | 'default';

export type TargetKind = 'type' | 'resource';

/** The release settings in force for a resource type or a resource. */
export interface BallotSetting {
  target_kind: TargetKind;
  target_id: string;
  release_mode: ReleaseMode;
  window_minutes: number;
  weighted: boolean;
  max_wins_per_person: number;
  source: SettingSource;
}

/** What `saveBallotSetting` takes ('inherit': remove the target's own settings). */
export interface BallotSettingInput {
  target_kind: TargetKind;
  target_id: string;
  release_mode: ReleaseMode | 'inherit';
  window_minutes: number;
  weighted: boolean;
  max_wins_per_person: number;
}

/** The server's bounds (ballot.admin.ts). */
export const WINDOW_MINUTES = { min: 1, max: 1440, default: 10 } as const;
export const MAX_WINS = { min: 0, max: 100 } as const;

/** Settings of a target nobody has set: race, with the ballot's defaults ready. */
export const DEFAULT_SETTING: Omit<BallotSetting, 'target_kind' | 'target_id'> = {
  release_mode: 'race',
  window_minutes: WINDOW_MINUTES.default,
  weighted: false,
  max_wins_per_person: 0,
  source: 'default',
};

export interface BallotSlotPlaces {
  slot: string;
  capacity: number;
}

/** One draw of a resource's date; times "YYYY-MM-DD HH:mm:ss" in the tenant's zone; drawn_by '' for the job. */
export interface BallotDraw {
  id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  appointment_date: string;
  closes_at: string;
  drawn_at: string;
  seed: string;
  weighted: boolean;
  max_wins_per_person: number;
  slots: BallotSlotPlaces[];
  entries_count: number;
  winners_count: number;
  took_ms: number;
  drawn_by: string;
}

/** An entry's outcome after the draw ('waiting' before it). */
export type EntryOutcome = 'waiting' | 'won' | 'full' | 'capped' | 'refused' | 'duplicate' | 'withdrawn';
export const ENTRY_OUTCOMES: readonly EntryOutcome[] = [
  'waiting',
  'won',
  'full',
  'capped',
  'refused',
  'duplicate',
  'withdrawn',
];

/** An entry of a draw, in drawn order (position null for merged duplicates and withdrawn entries). */
export interface BallotDrawEntry {
  id: string;
  appointment_id: string;
  appointment_user: string;
  appointment_user_name: string;
  slot: string;
  weight: number | null;
  position: number | null;
  outcome: EntryOutcome;
  refusal: string;
  create_time: string;
}

export interface BallotDrawDetail extends BallotDraw {
  entries: BallotDrawEntry[];
}

/** A replay: verified, or the first entry that differs. */
export interface BallotReplay {
  id: string;
  seed: string;
  verified: boolean;
  difference: string;
  winners: number;
}

/** A draw made now by an administrator. */
export interface BallotDrawNow {
  id: string;
  resources_id: string;
  appointment_date: string;
  seed: string;
  entries_count: number;
  winners_count: number;
  losers: number;
}

/** Whether an administrator may draw a date now: while entries are collected or wait for the job. */
export const mayDrawNow = (phase: string | undefined): boolean => phase === 'collecting' || phase === 'drawing';

/**
 * A resource the administrator manages, with its release settings in force
 * (`findBallotResourceSettingAll`); `id` is the resource's, `state` 1 enabled, 0 disabled.
 */
export interface ResourceRelease {
  id: string;
  resources_name: string;
  resources_name_en: string;
  resources_number: string;
  resources_type_id: string;
  resources_type_name: string;
  resources_type_name_en: string;
  state: number;
  release_mode: ReleaseMode;
  window_minutes: number;
  weighted: boolean;
  max_wins_per_person: number;
  source: SettingSource;
}

/** The search of the resources' release settings: part of the name or number, and the mode in force. */
export interface ResourceReleaseSearch {
  keyword?: string;
  releaseMode?: ReleaseMode;
}

/** The draws list's search. */
export interface DrawSearch {
  resourcesId?: string;
  dateFrom?: string;
  dateTo?: string;
}

/**
 * The engine's refusal codes the draws page words itself (ballotAdmin.refusal.<code>); any other
 * code is shown as a refusal by the booking rules, with the code beside it for support.
 */
export const WORDED_REFUSALS = [
  'BLACKLISTED',
  'BOOKING_LIMIT_EXCEEDED',
  'BOOKING_UNFINISHED_LIMIT_EXCEEDED',
  'BOOKING_SLOT_FULL',
  'BOOKING_SLOT_TAKEN',
  'BOOKING_SLOT_MINE',
  'BOOKING_SLOT_EXPIRED',
  'BOOKING_SLOT_CLOSED',
  'BOOKING_SLOT_UNKNOWN',
  'BOOKING_NOT_OPEN_YET',
  'BOOKING_ADVANCE_MIN',
  'BOOKING_ADVANCE_MAX',
  'RESOURCE_NOT_FOUND',
  'RESOURCE_NOT_BOOKABLE',
  'APPOINTMENT_NOT_FOUND',
  'FORBIDDEN',
] as const;

export const isWordedRefusal = (code: string): code is (typeof WORDED_REFUSALS)[number] =>
  (WORDED_REFUSALS as readonly string[]).includes(code);

export const ballotKeys = {
  all: ['ballot-admin'] as const,
  settings: (kind: TargetKind, id: string) => ['ballot-admin', 'settings', kind, id] as const,
  /** Under 'settings': a saved setting reloads the list too. */
  resourceReleases: (variables: object) => ['ballot-admin', 'settings', 'resources', variables] as const,
  draws: (variables: object) => ['ballot-admin', 'draws', variables] as const,
  draw: (id: string) => ['ballot-admin', 'draw', id] as const,
};
