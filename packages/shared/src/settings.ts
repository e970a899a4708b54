import { z } from 'zod';

/** Largest `manage_setting` JSON text a tenant may store, in bytes (UTF-8). */
export const MANAGE_SETTING_MAX_BYTES = 64 * 1024;

/** Longest URI accepted for a logo or link in the settings. */
export const SETTINGS_URI_MAX = 2048;

/**
 * A link the web app puts in `src`/`href`: empty, an http(s) URL, or a path on this origin
 * (uploads answer `/yy-sys/api/file/<id>`). Other schemes (`javascript:`, `data:`) are refused.
 */
const settingsUri = z
  .string()
  .trim()
  .max(SETTINGS_URI_MAX)
  .refine(
    (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v),
    'an http(s) URL or a path starting with "/"',
  );

/** Most external pages the back office's /manage/iframe/outside offers. */
export const OUTSIDE_PAGES_MAX = 20;

/**
 * An external page shown in the back office (`outside_pages`, /manage/iframe/outside): a name in
 * both languages and an absolute http(s) URL (no credentials in it, no other scheme).
 */
export const outsidePage = z.object({
  name: z.string().trim().min(1).max(50),
  name_en: z.string().trim().max(100).default(''),
  url: z
    .string()
    .trim()
    .min(1)
    .max(SETTINGS_URI_MAX)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password && !!u.hostname;
      } catch {
        return false;
      }
    }, 'an absolute http(s) URL without user or password'),
});

export type OutsidePage = z.infer<typeof outsidePage>;

/** A value of a setting no schema names: a scalar, so the web app never receives markup objects. */
const settingValue = z.union([z.string().max(8192), z.number(), z.boolean()]);

/**
 * A patch of `manage_setting` (`saveSysSettings`): the keys the web app reads are checked;
 * other keys are kept when their values are strings, numbers or booleans.
 */
export const manageSettingPatch = z
  .object({
    sys_name: z.string().trim().min(1).max(100),
    sys_name_en: z.string().trim().max(200),
    page_title: z.string().trim().max(100),
    page_title_en: z.string().trim().max(200),
    bilingual: z.enum(['0', '1']),
    theme_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #3399fe'),
    logo: settingsUri,
    portal_logo: settingsUri,
    instruction_url: settingsUri,
    local_menu_mode: z.enum(['YES', 'NO']),
    tenant_failure_to_401: z.enum(['0', '1']),
    // '1': an approver may decide on their own booking application (default '0': another must)
    allow_self_approval: z.enum(['0', '1']),
    // Theme page settings (the portal home page's look, /manage/settings/theme/{id})
    theme_banner: settingsUri,
    theme_welcome: z.string().trim().max(500),
    theme_welcome_en: z.string().trim().max(1000),
    theme_page_color: z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #3399fe')]),
    // (section: manage-home) the back office's external pages and whom users without a right ask
    outside_pages: z.array(outsidePage).max(OUTSIDE_PAGES_MAX),
    admin_contact: z.string().trim().max(200),
  })
  .partial()
  .catchall(settingValue)
  .superRefine((value, ctx) => {
    for (const key of Object.keys(value)) {
      if (key.length > 100 || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'setting names are letters, digits, "_", "-" or ".", up to 100 characters',
        });
      }
    }
  });

export type ManageSettingPatch = z.infer<typeof manageSettingPatch>;

/** `saveSysSettings(model)`: `manage_setting` is JSON text, as the original sends it. */
export const saveSysSettingsInput = z.object({
  manage_setting: z.string().min(2),
});
