/** Where the booking screens live (manage paths.ts names the routes). */
export const APPOINTMENT_LIST_PATH = '/manage/appointment/list';
export const appointmentUpdatePath = (id: string) => `/manage/appointment/appointment-update/${encodeURIComponent(id)}`;

/** The bookings list searching one resource over a date range (the statistics' links). */
export function appointmentListPath(filters: { resources_id?: string; from?: string; to?: string }): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) q.set(k, v);
  const query = q.toString();
  return query ? `${APPOINTMENT_LIST_PATH}?${query}` : APPOINTMENT_LIST_PATH;
}
