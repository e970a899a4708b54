/**
 * Values of the resource type's extended properties (resourcesExtendedPropertiesList): each
 * property is a code table; a resource picks items of it. The form holds them per property
 * code as lists of item codes.
 */

export interface ResourceExtendedProperty {
  id?: string | null;
  extended_properties_code: string;
  extended_properties_name?: string | null;
  item_code?: string | null;
  item_name?: string | null;
  item_description?: string | null;
  code_description?: string | null;
}

export const EXTENDED_PROPERTY_FIELDS = `resourcesExtendedPropertiesList { id extended_properties_code
    extended_properties_name item_code item_name item_description code_description }`;

/** Item codes picked per property code. */
export type ExtendedValuesForm = Record<string, string[]>;

export function extendedFormOf(list: readonly ResourceExtendedProperty[] | null | undefined): ExtendedValuesForm {
  const out: ExtendedValuesForm = {};
  for (const v of list ?? []) {
    const code = v.extended_properties_code;
    if (!code || !v.item_code) continue;
    const picked = (out[code] ??= []);
    if (!picked.includes(v.item_code)) picked.push(v.item_code);
  }
  return out;
}

/**
 * InputResourcesExtendedProperty rows of the properties the type has (`propertyCodes`, in its
 * order); values of other properties are left out (the server refuses them). The server takes
 * the names from the type and the code table.
 */
export function extendedInputOf(values: ExtendedValuesForm | null | undefined, propertyCodes: readonly string[]) {
  return propertyCodes.flatMap((code) =>
    [...new Set(values?.[code] ?? [])].map((item_code) => ({ extended_properties_code: code, item_code })),
  );
}

/** Stored values of properties the type does not have (they go when the resource is saved). */
export function orphanValues(
  stored: readonly ResourceExtendedProperty[] | null | undefined,
  propertyCodes: readonly string[],
): ResourceExtendedProperty[] {
  return (stored ?? []).filter((v) => !propertyCodes.includes(v.extended_properties_code));
}
