import { z } from 'zod';

/** A tenant key: lower-case letters, digits and dashes, used in host names and URLs. */
export const tenantKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'lower-case letters, digits and "-", 2 to 40 characters, starting with a letter');

const timeZoneSchema = z.string().refine((tz) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}, 'not a known IANA time zone');

/** `saveTenants(model)`: a new tenant with its first administrator. */
export const saveTenantInput = z.object({
  tenant_key: tenantKeySchema,
  name: z.string().trim().min(1).max(100),
  name_en: z.string().trim().max(200).optional().default(''),
  domains: z.string().trim().max(500).optional().default(''),
  time_zone: timeZoneSchema.optional().default('Asia/Shanghai'),
  remark: z.string().max(1000).optional().default(''),
  admin_account: z.string().trim().min(1).max(64),
  admin_name: z.string().trim().min(1).max(100),
  admin_password: z.string().min(8).max(128),
});

/** `updateTenantsByTenantId(model)`: what may change on a tenant. */
export const updateTenantInput = z.object({
  tenant_id: z.string().uuid(),
  name: z.string().trim().min(1).max(100).optional(),
  name_en: z.string().trim().max(200).optional(),
  domains: z.string().trim().max(500).optional(),
  time_zone: timeZoneSchema.optional(),
  remark: z.string().max(1000).optional(),
  state: z.enum(['0', '1']).optional(),
});

/** `initTenantsData(model)`: the first settings of a tenant. */
export const initTenantInput = z.object({
  sys_name: z.string().trim().min(1).max(100).optional(),
  sys_name_en: z.string().trim().max(200).optional(),
  bilingual: z.enum(['0', '1']).optional(),
  theme_color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #3399fe')
    .optional(),
});
