/** The visitor back office's settings as the server sends them (visitors.settings.graphql, visitors.admin-settings.graphql). */

export interface VisitorOverallSettings {
  id: string;
  sys_name: string;
  banner_img: string;
  welcome_content: string;
  is_welcome_setting: number;
  is_visitor_qr_code: number;
  is_visitor_infor: number;
  is_invite_school_flow_path: number;
  apply_school_resources: string;
  retention_days: number;
  mod_time: string;
}

export interface VisitorDetailSetting {
  id: string;
  visitor_type: string;
  visitor_type_name: string;
  visitor_type_name_en: string;
  is_invite_school_flow_path: number;
  is_enable_second_level: number;
  invite_school_flow_path: string;
  is_enable: number;
}

export interface VisitorRegisterField {
  id: string;
  field_name: string;
  field_label: string;
  field_label_en: string;
  is_valid: number;
  is_required: number;
  sort: number;
  mod_user_name: string;
  mod_time: string;
}

export interface VisitorInfoField {
  id: string;
  field_name: string;
  field_label: string;
  field_label_en: string;
  field_type: string;
  fieldTypeName: string;
  fieldTypeName_en: string;
  data_range: string[];
  is_visitor_valid_info: number;
  is_visitor_required_info: number;
  is_appointment_valid_info: number;
  is_appointment_required_info: number;
  is_show_school_info: number;
  is_show_visit_record: number;
  sort: number;
}

export interface VisitorArea {
  id: string;
  resources_name: string;
  resources_name_en: string;
  campus_name: string;
  building_name: string;
}

export interface VisitorPersonType {
  id: string;
  item_code: string;
  item_name: string;
  item_name_en: string;
  item_index: number;
  create_time: string;
}

export interface VisitorAdmin {
  id: string;
  admin_user: string;
  admin_user_name: string;
  permission: string;
  scope_areas: string;
  scope_types: string;
  is_enable: number;
  mod_user: string;
  mod_time: string;
}

/** Query keys of the settings; a change invalidates the key it touched (and the visitor pages' config). */
export const settingsKeys = {
  all: ['visitorsAdminSettings'] as const,
  overall: () => [...settingsKeys.all, 'overall'] as const,
  details: () => [...settingsKeys.all, 'details'] as const,
  registerFields: () => [...settingsKeys.all, 'registerFields'] as const,
  infoFields: () => [...settingsKeys.all, 'infoFields'] as const,
  areas: () => [...settingsKeys.all, 'areas'] as const,
  personTypes: () => [...settingsKeys.all, 'personTypes'] as const,
  admins: (keyword: string) => [...settingsKeys.all, 'admins', keyword] as const,
};
