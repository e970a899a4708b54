/** A visitor record (registration) as the back office lists it; numbers masked unless asked whole. */
export interface VisitorRecord {
  id: string;
  visitor_name: string;
  card_type: string;
  card_number: string;
  phone: string;
  gender: string;
  email: string;
  unit: string;
  post: string;
  person_type: string;
  is_car: number;
  car_product: string;
  car_card_number: string;
  is_valid: number;
  remark: string;
  data_source: number;
  create_time: string;
}

/** A filter column: `{eq}`, `{like}`, `{gte, lte}`. */
export type StringFilter = { eq?: string; like?: string; gte?: string; lte?: string };

export interface VisitorRecordFilter {
  visitor_name?: StringFilter;
  phone?: StringFilter;
  card_number?: StringFilter;
  unit?: StringFilter;
  person_type?: StringFilter;
  data_source?: StringFilter;
  is_valid?: StringFilter;
  create_time?: StringFilter;
}

/** A visitor's car on a visit, for the gate's car list. */
export interface VisitorCar {
  id: string;
  visitor_name: string;
  phone: string;
  car_product: string;
  car_card_number: string;
  in_school_date: string;
  in_school_area_name: string;
  in_school_area_name_en: string;
  accept_visit_name: string;
  state: number;
  state_name: string;
  state_name_en: string;
}

export interface VisitorCarFilter {
  in_school_date?: StringFilter;
  in_school_area?: StringFilter;
  car_card_number?: StringFilter;
}

/** An entry recorded at a gate. data_source: 1 page, 2 import, 3 sync. */
export interface VisitorEntry {
  id: string;
  apply_id: string | null;
  visitor_name: string;
  arrive_time: string;
  arrival_place: string;
  arrival_place_name: string;
  arrival_place_name_en: string;
  data_source: number;
  data_source_name: string;
  data_source_name_en: string;
  repeat: boolean;
  recorded_by: string;
}

export interface VisitorEntryFilter {
  arrive_time?: StringFilter;
  arrival_place?: StringFilter;
  data_source?: StringFilter;
  visitor_name?: StringFilter;
}

/** A day's campus entry figures. */
export interface VisitorEntrySummary {
  date: string;
  entries: number;
  people: number;
  on_campus: number;
  total: number;
}

/** A page of a list. */
export interface Page<T> {
  rows: T[];
  totalCount: number;
}

/** Filters without blank values (the server reads a blank as no filter, but keys stay stable). */
export function compactFilter<F extends object>(filter: F): F {
  const out: Record<string, StringFilter> = {};
  for (const [key, value] of Object.entries(filter as Record<string, StringFilter | undefined>)) {
    const kept = Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined && v !== ''));
    if (Object.keys(kept).length) out[key] = kept;
  }
  return out as F;
}
