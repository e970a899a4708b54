/**
 * The settings a tenant starts with (`manage_setting`). Keys are the ones the web app reads;
 * a tenant's saved values override these, and keys added in later versions are filled in
 * from here when missing.
 */
export const defaultManageSetting = {
  sys_name: '预约系统',
  sys_name_en: 'Reservation System',
  page_title: '预约中心',
  page_title_en: 'Reservation Center',
  /** '1' shows the language switch. */
  bilingual: '1',
  theme_color: '#3399fe',
  logo: '',
  portal_logo: '',
  /** 'YES' grants admin permission and all routes without menus (spec 6). */
  local_menu_mode: 'NO',
  instruction_url: '',
  /**
   * '1' lets an approver decide on their own booking application; by default ('0') another
   * approver or the tenant administrator has to.
   */
  allow_self_approval: '0',
} as const;

export type ManageSetting = Record<string, unknown>;

/** Fills keys the stored settings lack with the defaults; stored values win. */
export function withDefaults(stored: ManageSetting | null | undefined): ManageSetting {
  return { ...defaultManageSetting, ...(stored ?? {}) };
}

/** The wire form of settings: `manage_setting` is JSON text with the defaults filled in. */
export function toWireSettings(row: { id: string; manage_setting: ManageSetting }): WireSettings {
  return { id: row.id, manage_setting: JSON.stringify(withDefaults(row.manage_setting)) };
}

export interface WireSettings {
  id: string;
  manage_setting: string;
}

/** Size in bytes of settings as stored (UTF-8 JSON). */
export function settingsBytes(settings: ManageSetting): number {
  return Buffer.byteLength(JSON.stringify(settings), 'utf8');
}
