import type { ErrorCode, ErrorParams } from '@yuyue/shared';
import type { ExtendedPropertyValue } from './resources.tables.ts';

/**
 * Pure rules of a resource's descriptive settings: extended property values, custom
 * attributes (definitions and values), pre-audit and notification settings.
 */

export interface SettingsProblem {
  code: ErrorCode;
  params: ErrorParams;
}

const problem = (code: ErrorCode, params: ErrorParams = {}): SettingsProblem => ({ code, params });
const filled = (v: string | null | undefined) => (v ?? '').trim() !== '';

// --- notifications -------------------------------------------------------------------------

/**
 * Channels of `notifiy_channels` (comma separated). Every notification is in-app; `email`
 * adds an e-mail to the recipient's address; `sms` is kept but not delivered (no SMS gateway);
 * `inapp` may be named but changes nothing. What the other notification fields mean is the
 * notifications module's (`modules/notifications/notifications.rules.ts`, `plansFor`).
 */
export const NOTIFY_CHANNELS = ['inapp', 'email', 'sms'] as const;

/** The channel names of a `notifiy_channels` text, trimmed and lower case, once each, in the order given. */
export function channelsOf(text: string | null | undefined): string[] {
  return [
    ...new Set(
      (text ?? '')
        .split(/[,，\s]+/)
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/** `notifiy_channels` as stored: the channels given, lower case, comma separated, once each. */
export function normalisedChannels(text: string | null | undefined): string {
  return channelsOf(text).join(',');
}

/** The first problem of notification settings: a channel that does not exist. */
export function notificationProblem(s: { notifiy_channels?: string | null }): SettingsProblem | null {
  const unknown = channelsOf(s.notifiy_channels).find((c) => !(NOTIFY_CHANNELS as readonly string[]).includes(c));
  return unknown ? problem('NOTIFY_CHANNEL_INVALID', { value: unknown.slice(0, 40) }) : null;
}

// --- pre-audit -----------------------------------------------------------------------------

/** An absolute http(s) URL without spaces. */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return Boolean(new URL(value).host);
  } catch {
    return false;
  }
}

/**
 * The first problem of pre-audit settings: a URL that is not http(s), or pre-audit on
 * (`preaudit_enable` "1") with no URL, department or post to pre-audit.
 */
export function preauditProblem(c: {
  preaudit_enable?: string | null;
  preaudit_url?: string | null;
  preaudit_dept?: string | null;
  preaudit_post?: string | null;
}): SettingsProblem | null {
  const url = (c.preaudit_url ?? '').trim();
  if (url && !isHttpUrl(url)) return problem('PREAUDIT_URL_INVALID', { value: url.slice(0, 100) });
  if (c.preaudit_enable === '1' && !url && !filled(c.preaudit_dept) && !filled(c.preaudit_post)) {
    return problem('PREAUDIT_TARGET_REQUIRED');
  }
  return null;
}

// --- custom attributes ---------------------------------------------------------------------

/**
 * How a custom attribute's value is entered (`collect_mode`): "0" (or empty) free text, "1"
 * one of the options, "2" one or more of the options (stored comma separated).
 */
export type CollectMode = '0' | '1' | '2';
export const collectModeOf = (mode: string | null | undefined): CollectMode =>
  mode === '1' || mode === '2' ? mode : '0';

/** The options of `data_range_cn`/`data_range_en`: separated by commas or new lines, trimmed. */
export function optionsOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/[,，\n\r]+/)
    .map((o) => o.trim())
    .filter(Boolean);
}

/** The options picked in a value of a multiple-choice attribute (comma separated). */
export function pickedOf(value: string | null | undefined): string[] {
  return (value ?? '')
    .split(/[,，]/)
    .map((o) => o.trim())
    .filter(Boolean);
}

export interface CustomAttributeDefinition {
  field_name: string;
  field_desc_cn: string;
  collect_mode: string;
  default_value_cn: string;
  data_range_cn: string;
  data_range_en: string;
  is_required: string;
}

export interface CustomAttributeValue {
  field_name: string;
  attribute_content: string;
}

/** Field names: letters (any script), digits and underscores, not starting with a digit. */
const FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** Whether `value` fits a definition's options (free text always does; empty is checked elsewhere). */
function fitsOptions(def: CustomAttributeDefinition, value: string): string | null {
  const mode = collectModeOf(def.collect_mode);
  if (mode === '0') return null;
  const options = optionsOf(def.data_range_cn);
  const picked = mode === '1' ? [value.trim()] : pickedOf(value);
  return picked.find((p) => !options.includes(p)) ?? null;
}

/**
 * The first problem of a resource's custom attributes: a definition with a bad or repeated
 * field name, no Chinese label, a choice without options, English options that do not match
 * the Chinese ones, a default that is not an option; a value of an undefined attribute or
 * given twice, an empty value of a required attribute, a value that is not an option.
 */
export function customAttributeProblem(
  definitions: readonly CustomAttributeDefinition[],
  values: readonly CustomAttributeValue[],
): SettingsProblem | null {
  const seen = new Set<string>();
  for (const d of definitions) {
    const name = d.field_name.trim();
    if (!FIELD_NAME.test(name)) return problem('CUSTOM_ATTRIBUTE_NAME_INVALID', { name: name.slice(0, 64) });
    if (seen.has(name)) return problem('CUSTOM_ATTRIBUTE_DUPLICATE', { name });
    seen.add(name);
    if (!filled(d.field_desc_cn)) return problem('CUSTOM_ATTRIBUTE_LABEL_REQUIRED', { name });
    if (collectModeOf(d.collect_mode) !== '0') {
      const zh = optionsOf(d.data_range_cn);
      const en = optionsOf(d.data_range_en);
      if (zh.length === 0) return problem('CUSTOM_ATTRIBUTE_OPTIONS_REQUIRED', { name });
      if (en.length > 0 && en.length !== zh.length) {
        return problem('CUSTOM_ATTRIBUTE_OPTIONS_MISMATCH', { name, zh: zh.length, en: en.length });
      }
      if (filled(d.default_value_cn)) {
        const bad = fitsOptions(d, d.default_value_cn);
        if (bad !== null) return problem('CUSTOM_ATTRIBUTE_DEFAULT_INVALID', { name, value: bad.slice(0, 100) });
      }
    }
  }
  const byName = new Map(definitions.map((d) => [d.field_name.trim(), d]));
  const valued = new Set<string>();
  for (const v of values) {
    const name = v.field_name.trim();
    const def = byName.get(name);
    if (!def) return problem('CUSTOM_ATTRIBUTE_UNDEFINED', { name: name.slice(0, 64) });
    if (valued.has(name)) return problem('CUSTOM_ATTRIBUTE_DUPLICATE', { name });
    valued.add(name);
    const label = def.field_desc_cn.trim() || name;
    if (!filled(v.attribute_content)) {
      if (def.is_required === '1') return problem('CUSTOM_ATTRIBUTE_VALUE_REQUIRED', { name: label });
      continue;
    }
    const bad = fitsOptions(def, v.attribute_content);
    if (bad !== null) return problem('CUSTOM_ATTRIBUTE_VALUE_INVALID', { name: label, value: bad.slice(0, 100) });
  }
  for (const d of definitions) {
    if (d.is_required === '1' && !valued.has(d.field_name.trim())) {
      return problem('CUSTOM_ATTRIBUTE_VALUE_REQUIRED', { name: d.field_desc_cn.trim() || d.field_name.trim() });
    }
  }
  return null;
}

// --- extended property values --------------------------------------------------------------

export interface TypeProperty {
  extended_properties_code: string;
  extended_properties_name: string;
  code_description: string;
}

export interface PropertyItem {
  item_code: string;
  item_name: string;
  item_description: string;
}

export interface ExtendedValueInput {
  id?: string | undefined;
  extended_properties_code: string;
  item_code?: string;
  item_name?: string;
}

/** A value as stored; `id` is the given one (a stored value kept), or undefined (a new one). */
export type ExtendedValue = Omit<ExtendedPropertyValue, 'id'> & { id: string | undefined };

/**
 * Extended property values checked against the resource type's properties and the items of
 * each property's code table (an item named by `item_code`, or by `item_name` when no code is
 * given). Names and descriptions come from the type and the code table; a value given twice
 * is kept once. A problem names the first value that does not fit.
 */
export function extendedValuesOf(
  given: readonly ExtendedValueInput[],
  typeName: string,
  properties: readonly TypeProperty[],
  itemsByCode: ReadonlyMap<string, readonly PropertyItem[]>,
): { values: ExtendedValue[] } | { problem: SettingsProblem } {
  const out: ExtendedValue[] = [];
  const seen = new Set<string>();
  for (const v of given) {
    const code = v.extended_properties_code.trim();
    const property = properties.find((p) => p.extended_properties_code === code);
    if (!property)
      return { problem: problem('EXTENDED_PROPERTY_UNKNOWN', { type: typeName, code: code.slice(0, 64) }) };
    const items = itemsByCode.get(code) ?? [];
    const wanted = (v.item_code ?? '').trim();
    const named = (v.item_name ?? '').trim();
    const item = wanted
      ? items.find((i) => i.item_code === wanted)
      : named
        ? items.find((i) => i.item_name === named)
        : undefined;
    if (!item) {
      return {
        problem: problem('EXTENDED_PROPERTY_ITEM_UNKNOWN', {
          property: property.extended_properties_name || code,
          item: (wanted || named).slice(0, 100),
        }),
      };
    }
    const key = `${code}\u0000${item.item_code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      id: v.id || undefined,
      extended_properties_code: code,
      extended_properties_name: property.extended_properties_name,
      item_code: item.item_code,
      item_name: item.item_name,
      item_description: item.item_description,
      code_description: property.code_description,
    });
  }
  return { values: out };
}
