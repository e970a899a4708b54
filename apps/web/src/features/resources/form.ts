import { ruleFormOf, ruleInputOf, type RuleFormValues } from '../rules/form.ts';
import { attributeFormsOf, attributeInputOf, type AttributeForm } from './attributes.ts';
import { extendedFormOf, extendedInputOf, type ExtendedValuesForm } from './extended.ts';
import type { GrantObjectType, ResourceDetail, ResourceImage, ResourceOwnConfig, ResourceRole } from './types.ts';

/** A department, post or user picked for a list (visibility, auth, joint management). */
export interface GrantObject {
  type: GrantObjectType;
  id: string;
  name: string;
}

/** What the resource form edits, tab by tab. */
export interface ResourceFormValues {
  resources_type_id?: string;
  resources_number: string;
  resources_name: string;
  resources_name_en: string;
  capacity?: number | null;
  available_number?: number | null;
  order?: number | null;
  state: number;
  remark: string;
  describe: string;
  describe_en: string;
  campus_code?: string;
  campus_name: string;
  campus_name_en: string;
  building_code?: string;
  building_name: string;
  building_name_en: string;
  floor_code?: string;
  floor_name: string;
  floor_name_en: string;
  admin_dept?: GrantObject | null;
  admin_post?: GrantObject | null;
  cooperativeDepts: GrantObject[];
  rule_source: '0' | '1';
  rule_template_id?: string;
  rules: RuleFormValues;
  images: ResourceImage[];
  visible: GrantObject[];
  invisible: GrantObject[];
  auth: GrantObject[];
  ownConfig: ResourceOwnConfig;
  is_notification_push: string;
  /** Channels besides in-app (always sent): "email". */
  notifiy_channels: string[];
  success_notification_push: string;
  success_notification_rule: string;
  cancel_notification_push: string;
  /** Whether the booker is told of a cancellation ("1"), and the text (empty: the default). */
  cancelToBooker: string;
  cancelBookerText: string;
  /** Whether the resource's administrators are told of a cancellation ("1"), and the text. */
  cancelToAdmins: string;
  cancelAdminText: string;
  success_prompt: string;
  success_prompt_en: string;
  hide_appointment_information: string;
  hide_resources_detail: string;
  open_process_form: string;
  /** Custom attributes: definition and value per row. */
  attributes: AttributeForm[];
  /** Values of the type's extended properties: item codes per property code. */
  extended: ExtendedValuesForm;
  /** Manager roles (department and/or post). */
  roles: ResourceRole[];
}

const flag = (v: string | null | undefined) => (v === '1' ? '1' : '0');
const str = (v: string | null | undefined) => (v ?? '').trim();
const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
/** A notification text as stored: "0" and "1" are switches of the notifications module, not texts. */
const ownText = (v: string | null | undefined) => {
  const t = str(v);
  return t === '0' || t === '1' ? '' : t;
};

/** The form's values for a stored resource, or for a new one (enabled, capacity 1, own rules). */
export function resourceFormOf(r: ResourceDetail | null | undefined): ResourceFormValues {
  const config = r?.resourcesConfig ?? null;
  return {
    resources_type_id: r?.resources_type_id || undefined,
    resources_number: r?.resources_number ?? '',
    resources_name: r?.resources_name ?? '',
    resources_name_en: r?.resources_name_en ?? '',
    capacity: r ? r.capacity : 1,
    available_number: r ? r.available_number : 1,
    order: r?.order ?? 0,
    state: r ? r.state : 1,
    remark: r?.remark ?? '',
    describe: r?.describe ?? '',
    describe_en: r?.describe_en ?? '',
    campus_code: r?.campus_code || undefined,
    campus_name: r?.campus_name ?? '',
    campus_name_en: r?.campus_name_en ?? '',
    building_code: r?.building_code || undefined,
    building_name: r?.building_name ?? '',
    building_name_en: r?.building_name_en ?? '',
    floor_code: r?.floor_code || undefined,
    floor_name: r?.floor_name ?? '',
    floor_name_en: r?.floor_name_en ?? '',
    admin_dept: r?.admin_dept ? { type: 'dept', id: r.admin_dept, name: r.admin_dept_name } : null,
    admin_post: r?.admin_post ? { type: 'post', id: r.admin_post, name: r.admin_post_name } : null,
    cooperativeDepts: (r?.resourcesCooperativeDeptList ?? []).map((d) => ({
      type: 'dept',
      id: d.dept_id,
      name: d.dept_name,
    })),
    rule_source: r?.rule_source === '1' ? '1' : '0',
    rule_template_id: r?.rule_source === '1' ? r.rule_template_id || undefined : undefined,
    // A resource on a template shows the template's rules: its own start from defaults.
    rules: ruleFormOf(r && r.rule_source !== '1' ? { ...r, config } : null),
    images: (r?.resourcesImage ?? []).map((i) => ({ id: i.id, uri: i.uri, image_category: i.image_category || '1' })),
    visible: (r?.resourcesVisibleList ?? []).map((v) => ({
      type: v.visible_obj_type,
      id: v.visible_obj_id,
      name: v.visible_obj_name,
    })),
    invisible: (r?.resourcesInvisibleList ?? []).map((v) => ({
      type: v.invisible_obj_type,
      id: v.invisible_obj_id,
      name: v.invisible_obj_name,
    })),
    auth: (r?.resourcesAuthList ?? []).map((a) => ({
      type: a.grant_object_type,
      id: a.grant_object_id,
      name: a.grant_object_name,
    })),
    ownConfig: {
      separation_enable: flag(config?.separation_enable),
      preaudit_enable: flag(config?.preaudit_enable),
      preaudit_url: config?.preaudit_url ?? '',
      preaudit_description: config?.preaudit_description ?? '',
      preaudit_dept: config?.preaudit_dept ?? '',
      preaudit_post: config?.preaudit_post ?? '',
      reservation_info_reuse: flag(config?.reservation_info_reuse),
      name_encryption_display: flag(config?.name_encryption_display),
      return_need_approve: flag(config?.return_need_approve),
      return_review_url: config?.return_review_url ?? '',
    },
    is_notification_push: flag(r?.is_notification_push),
    notifiy_channels: (r?.notifiy_channels ?? '')
      .split(',')
      .map((c) => c.trim().toLowerCase())
      .filter((c) => c === 'email'),
    success_notification_push: flag(r?.success_notification_push),
    success_notification_rule: ownText(r?.success_notification_rule),
    cancel_notification_push: flag(r?.cancel_notification_push),
    // The booker is told unless the text is "0"; administrators only when it is "1" or a text.
    cancelToBooker: str(r?.cancel_notification_rule_apply) === '0' ? '0' : '1',
    cancelBookerText: ownText(r?.cancel_notification_rule_apply),
    cancelToAdmins: ['', '0'].includes(str(r?.cancel_notification_rule_admin)) ? '0' : '1',
    cancelAdminText: ownText(r?.cancel_notification_rule_admin),
    success_prompt: r?.success_prompt ?? '',
    success_prompt_en: r?.success_prompt_en ?? '',
    hide_appointment_information: flag(r?.hide_appointment_information),
    hide_resources_detail: flag(r?.hide_resources_detail),
    open_process_form: flag(r?.open_process_form),
    attributes: attributeFormsOf(r?.resourcesCustomAttributeList, r?.resourcesCustomAttributeContentList),
    extended: extendedFormOf(r?.resourcesExtendedPropertiesList),
    roles: (r?.resourcesRoles ?? []).map((x) => ({
      id: x.id,
      dept: x.dept ?? '',
      dept_name: x.dept_name ?? '',
      post: x.post ?? '',
      post_name: x.post_name ?? '',
    })),
  };
}

/**
 * InputResources for the form's values. With a template (rule_source "1") the rule fields
 * are not sent (the server applies the template's); with its own rules every rule field and
 * list is sent, so the stored ones are replaced. Extended property values are sent for the
 * properties of the type (`propertyCodes`); without them (the type not loaded) they are left
 * as stored.
 */
export function resourceInputOf(v: ResourceFormValues, propertyCodes?: readonly string[]) {
  const own = v.rule_source !== '1';
  const { config: ruleConfig, ...rules } = ruleInputOf(v.rules);
  const images = v.images ?? [];
  return {
    resources_type_id: v.resources_type_id ?? '',
    resources_number: str(v.resources_number),
    resources_name: str(v.resources_name),
    resources_name_en: str(v.resources_name_en),
    capacity: num(v.capacity),
    available_number: num(v.available_number),
    order: num(v.order),
    state: v.state === 0 ? 0 : 1,
    remark: str(v.remark),
    describe: v.describe ?? '',
    describe_en: v.describe_en ?? '',
    can_location: v.campus_code ? '1' : '0',
    campus_code: v.campus_code ?? '',
    campus_name: v.campus_code ? str(v.campus_name) : '',
    campus_name_en: v.campus_code ? str(v.campus_name_en) : '',
    building_code: v.building_code ?? '',
    building_name: v.building_code ? str(v.building_name) : '',
    building_name_en: v.building_code ? str(v.building_name_en) : '',
    floor_code: v.floor_code ?? '',
    floor_name: v.floor_code ? str(v.floor_name) : '',
    floor_name_en: v.floor_code ? str(v.floor_name_en) : '',
    admin_dept: v.admin_dept?.id ?? '',
    admin_dept_name: v.admin_dept?.name ?? '',
    admin_post: v.admin_post?.id ?? '',
    admin_post_name: v.admin_post?.name ?? '',
    resourcesRoles: (v.roles ?? [])
      .filter((x) => x.dept || x.post)
      .map((x, i) => ({
        ...(x.id ? { id: x.id } : {}),
        dept: x.dept ?? '',
        dept_name: x.dept ? str(x.dept_name) : '',
        post: x.post ?? '',
        post_name: x.post ? str(x.post_name) : '',
        order: i,
      })),
    resourcesCooperativeDeptList: (v.cooperativeDepts ?? []).map((d) => ({ dept_id: d.id, dept_name: d.name })),
    rule_source: own ? '0' : '1',
    rule_template_id: own ? '' : (v.rule_template_id ?? ''),
    ...(own ? rules : {}),
    resourcesConfig: {
      ...(own ? ruleConfig : {}),
      separation_enable: flag(v.ownConfig?.separation_enable),
      preaudit_enable: flag(v.ownConfig?.preaudit_enable),
      preaudit_url: str(v.ownConfig?.preaudit_url),
      preaudit_description: str(v.ownConfig?.preaudit_description),
      preaudit_dept: str(v.ownConfig?.preaudit_dept),
      preaudit_post: str(v.ownConfig?.preaudit_post),
      reservation_info_reuse: flag(v.ownConfig?.reservation_info_reuse),
      name_encryption_display: flag(v.ownConfig?.name_encryption_display),
      return_need_approve: flag(v.ownConfig?.return_need_approve),
      return_review_url: str(v.ownConfig?.return_review_url),
    },
    resourcesImage: images.map((i) => ({
      ...(i.id ? { id: i.id } : {}),
      uri: i.uri,
      image_category: i.image_category === '2' ? '2' : '1',
    })),
    resourcesVisibleList: (v.visible ?? []).map((g) => ({
      visible_obj_id: g.id,
      visible_obj_name: g.name,
      visible_obj_type: g.type,
    })),
    resourcesInvisibleList: (v.invisible ?? []).map((g) => ({
      invisible_obj_id: g.id,
      invisible_obj_name: g.name,
      invisible_obj_type: g.type,
    })),
    resourcesAuthList: (v.auth ?? []).map((g) => ({
      grant_object_id: g.id,
      grant_object_name: g.name,
      grant_object_type: g.type,
    })),
    is_notification_push: flag(v.is_notification_push),
    notifiy_channels: (v.notifiy_channels ?? []).join(','),
    success_notification_push: flag(v.success_notification_push),
    success_notification_rule: str(v.success_notification_rule),
    cancel_notification_push: flag(v.cancel_notification_push),
    // As the notifications module reads them: "0" = the booker is not told, "" = default text;
    // "" = administrators are not told, "1" = default text.
    cancel_notification_rule_apply: v.cancelToBooker === '0' ? '0' : str(v.cancelBookerText),
    cancel_notification_rule_admin: v.cancelToAdmins === '1' ? str(v.cancelAdminText) || '1' : '',
    success_prompt: str(v.success_prompt),
    success_prompt_en: str(v.success_prompt_en),
    hide_appointment_information: flag(v.hide_appointment_information),
    hide_resources_detail: flag(v.hide_resources_detail),
    open_process_form: flag(v.open_process_form),
    ...attributeInputOf(v.attributes),
    ...(propertyCodes ? { resourcesExtendedPropertiesList: extendedInputOf(v.extended, propertyCodes) } : {}),
  };
}

export type ResourceInput = ReturnType<typeof resourceInputOf>;
