/** The fields of an information field setting every visitor screen asks for. */
export const INFO_FIELD_FIELDS = `
  id
  field_name
  field_label
  field_label_en
  field_type
  fieldTypeName
  fieldTypeName_en
  data_range
  is_visitor_valid_info
  is_visitor_required_info
  is_appointment_required_info
  is_appointment_valid_info
  sort
`;

/** The fields of a visit the lists and the detail show. */
export const VISIT_FIELDS = `
  id
  visitor_name
  phone
  visitor_type
  in_school_date
  in_school_reason
  in_school_area
  in_school_area_name
  in_school_area_name_en
  peers
  in_child
  accept_visit_name
  accept_visit_phone
  accept_visit_unit
  is_car
  car_product
  car_card_number
  remark
  state
  state_name
  state_name_en
  reject_reason
  created_user_name
  create_time
  pass_id
  booking_id
  can_cancel
  can_update
  can_audit
`;
