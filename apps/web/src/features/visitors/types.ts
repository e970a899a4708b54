import type { OperationResult } from '../../lib/operation-result.ts';

/** Query keys of the visitor screens: a mutation invalidates `visitorKeys.all`. */
export const visitorKeys = {
  all: ['visitors'] as const,
  publicSettings: (tenantKey: string) => ['visitors', 'public', 'settings', tenantKey] as const,
  registerFields: (tenantKey: string) => ['visitors', 'public', 'fields', tenantKey] as const,
  config: () => ['visitors', 'config'] as const,
  validFields: () => ['visitors', 'validFields'] as const,
  infoFields: () => ['visitors', 'infoFields'] as const,
  profile: () => ['visitors', 'profile'] as const,
  available: (date: string, areas: string, peers: number, children: number) =>
    ['visitors', 'available', date, areas, peers, children] as const,
  visits: (variables: Record<string, unknown>) => ['visitors', 'visits', variables] as const,
  visit: (id: string) => ['visitors', 'visit', id] as const,
  pass: (id: string) => ['visitors', 'pass', id] as const,
  phone: (phone: string) => ['visitors', 'phone', phone] as const,
};

export type { OperationResult };

/** What the registration page shows of a tenant before sign-in. */
export interface VisitorPublicSettings {
  tenant_name: string | null;
  sys_name: string | null;
  banner_img: string | null;
  is_welcome_setting: number | null;
  welcome_content: string | null;
}

/** A registration field: shown when is_valid is 1, required when is_required is 1, in sort order. */
export interface RegisterField {
  id: string;
  field_name: string;
  field_label: string | null;
  field_label_en: string | null;
  is_valid: number | null;
  is_required: number | null;
  sort: number | null;
  /** The choices of a field taken from a list (person_type: the person types); none: typed freely. */
  options?: string[] | null;
}

/** An information field (addinfo, and a visit application's own fields). */
export interface InfoField {
  id: string;
  field_name: string;
  field_label: string | null;
  field_label_en: string | null;
  field_type: string | null;
  fieldTypeName: string | null;
  fieldTypeName_en: string | null;
  data_range: string[] | null;
  is_visitor_valid_info: number | null;
  is_visitor_required_info: number | null;
  is_appointment_required_info: number | null;
  is_appointment_valid_info: number | null;
  sort: number | null;
}

export interface FieldValue {
  field_name: string;
  field_label?: string | null;
  field_label_en?: string | null;
  value: string | null;
}

export interface OverallSettings {
  id: string | null;
  is_welcome_setting: number | null;
  welcome_content: string | null;
  sys_name: string | null;
  banner_img: string | null;
  in_school_name: string | null;
  /** 0: no QR passes (the gate checks visitors by name and ID document). */
  is_visitor_qr_code: number | null;
  /** 0: no information collection (no information fields asked or required). */
  is_visitor_infor: number | null;
  visitor_infor_cotent: string | null;
}

export interface DetailSettings {
  visitor_type: string | null;
  visitor_type_name: string | null;
  visitor_type_name_en: string | null;
  is_invite_school_flow_path: number | null;
  is_enable: number | null;
}

export interface VisitorArea {
  id: string;
  resources_name: string | null;
  resources_name_en: string | null;
  campus_name: string | null;
  building_name: string | null;
  available_number: number | null;
}

export interface CategoryConfig {
  overallSettings: OverallSettings | null;
  detailSettings: DetailSettings[] | null;
  areas: VisitorArea[] | null;
}

/** The signed-in visitor's registration (phone and card number masked). */
export interface VisitorProfile {
  id: string;
  visitor_name: string | null;
  phone: string | null;
  unit: string | null;
  is_car: number | null;
  car_product: string | null;
  car_card_number: string | null;
  infoList: FieldValue[] | null;
  info_complete: boolean | null;
}

export interface AvailableNumber {
  in_school_date: string | null;
  resources_id: string;
  resources_name: string | null;
  resources_name_en: string | null;
  available_number: number | null;
  used: number | null;
  remaining: number | null;
  enough: boolean | null;
}

export interface VisitAudit {
  id: string;
  step: number | null;
  result: string | null;
  reason: string | null;
  operator_name: string | null;
  create_time: string | null;
}

/** A visit application or invitation (state: 0..5, docs/GLOSSARY.md). */
export interface Visit {
  id: string;
  visitor_name: string | null;
  phone: string | null;
  visitor_type: string | null;
  in_school_date: string | null;
  in_school_reason: string | null;
  in_school_area: string | null;
  in_school_area_name: string | null;
  in_school_area_name_en: string | null;
  peers: number | null;
  in_child: number | null;
  accept_visit_name: string | null;
  accept_visit_phone: string | null;
  accept_visit_unit: string | null;
  is_car: number | null;
  car_product: string | null;
  car_card_number: string | null;
  remark: string | null;
  state: number | null;
  state_name: string | null;
  state_name_en: string | null;
  reject_reason: string | null;
  created_user_name: string | null;
  create_time: string | null;
  pass_id: string | null;
  /** The booking a guest of a booking comes to (visitor_type '3'). */
  booking_id?: string | null;
  can_cancel: boolean | null;
  /** The viewer may change the visit now (not yet approved, not started, theirs). */
  can_update?: boolean | null;
  can_audit: boolean | null;
  infoList?: FieldValue[] | null;
  auditList?: VisitAudit[] | null;
}

export interface VisitConnection {
  edges: { node: Visit }[];
  totalCount: number | null;
}

/** An entry pass: token is what the QR code holds. */
export interface VisitorPass {
  serial: string | null;
  kind: string | null;
  ref_id: string | null;
  token: string | null;
  visitor_name: string | null;
  area_names: string[] | null;
  area_names_en: string[] | null;
  valid_from: string | null;
  valid_to: string | null;
  state: string | null;
}

/** A visit as sent (an application, or one invited guest). */
export interface VisitInput {
  /** A change of a visit (updateVisitorAppointment): its id. */
  id?: string;
  visitor_type?: string;
  visitor_name?: string;
  phone?: string;
  in_school_date?: string;
  in_school_reason?: string;
  in_school_area?: string;
  peers?: number;
  in_child?: number;
  accept_visit_name?: string;
  accept_visit_phone?: string;
  accept_visit_unit?: string;
  is_car?: number;
  car_product?: string;
  car_card_number?: string;
  remark?: string;
  /** The booking a guest comes to (visitor_type '3'). */
  booking_id?: string;
  infoList?: { field_name: string; value: string }[];
}

/** A registration as sent. */
export type RegistrationInput = Record<string, string | number>;
