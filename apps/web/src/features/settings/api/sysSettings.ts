import { queryOptions, useQuery } from '@tanstack/react-query';
import { HTTP_TIMEOUT_MS, httpStatusMessage } from '@yuyue/shared';
import { RequestError } from '../../../lib/graphql.ts';

/** The tenant's display settings (manage_setting) the shell needs: name, logo, theme, language switch. */
export interface SysSettings {
  sys_name: string;
  sys_name_en: string;
  page_title: string;
  page_title_en: string;
  bilingual: string;
  theme_color: string;
  logo: string;
  portal_logo: string;
  local_menu_mode: string;
  instruction_url: string;
  [key: string]: unknown;
}

export const defaultSysSettings: SysSettings = {
  sys_name: '预约系统',
  sys_name_en: 'Reservation System',
  page_title: '预约中心',
  page_title_en: 'Reservation Center',
  bilingual: '1',
  theme_color: '#3399fe',
  logo: '',
  portal_logo: '',
  local_menu_mode: 'NO',
  instruction_url: '',
};

/** The settings GET of the contract: `api_type=get_sys_settings`, entities[0].manage_setting is JSON text. */
export async function fetchSysSettings(token: string | null): Promise<SysSettings> {
  const res = await fetch('/api/sys/settings?api_type=get_sys_settings', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
  if (!res.ok) throw new RequestError(httpStatusMessage(res.status), 'http', res.status);
  const body = (await res.json()) as { entities?: { id: string; manage_setting: string }[] };
  const raw = body.entities?.[0]?.manage_setting;
  return { ...defaultSysSettings, ...(raw ? (JSON.parse(raw) as Partial<SysSettings>) : {}) };
}

export const sysSettingsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['sysSettings', token],
    queryFn: () => fetchSysSettings(token),
    staleTime: 5 * 60_000,
  });

/** Settings; on failure the defaults (a failed settings load is only logged, spec 8). */
export function useSysSettings(token: string | null): SysSettings {
  const query = useQuery(sysSettingsQueryOptions(token));
  if (query.error) console.warn('[settings] failed to load system settings', query.error);
  return query.data ?? defaultSysSettings;
}
