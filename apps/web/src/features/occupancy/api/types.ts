import type { StringFilter } from '../../notices/api/types.ts';

/** A period an administrator blocked a resource for; times "YYYY-MM-DD HH:mm" (tenant's zone), end exclusive. */
export interface ResourcesOccupy {
  id: string;
  resources_id: string;
  resources_name: string;
  resources_name_en: string;
  resources_type_id: string;
  start_time: string;
  end_time: string;
  reason_cn: string;
  reason_en: string;
  created_user: string;
  created_user_name: string;
  create_time: string;
}

/** start_time gte / end_time lte select the periods overlapping the range. */
export interface ResourcesOccupyFilter {
  id?: StringFilter;
  resources_id?: StringFilter;
  resources_type_id?: StringFilter;
  start_time?: { gte?: string };
  end_time?: { lte?: string };
}

/** `InputResourcesOccupy`: no id blocks a new period, an id changes one. */
export interface ResourcesOccupyModel {
  id?: string;
  resources_id: string;
  start_time: string;
  end_time: string;
  reason_cn: string;
  reason_en: string;
}

export const occupancyKeys = { all: ['occupancy'] as const };
