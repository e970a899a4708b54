/**
 * Query keys of the booking queries: every one sits under `all`, so a booking change reloads them
 * together. A module of its own: pages that only refresh bookings (check-in, evaluations) need
 * the keys without the GraphQL field lists of types.ts.
 */
export const bookingKeys = {
  all: ['booking'] as const,
  resources: (variables: unknown) => [...bookingKeys.all, 'resources', variables] as const,
  resource: (id: string) => [...bookingKeys.all, 'resource', id] as const,
  slots: (resourceId: string, date: string) => [...bookingKeys.all, 'slots', resourceId, date] as const,
  appointments: (variables: unknown) => [...bookingKeys.all, 'appointments', variables] as const,
  appointment: (id: string) => [...bookingKeys.all, 'appointment', id] as const,
  self: (variables: unknown) => [...bookingKeys.all, 'self', variables] as const,
  cancelTime: (id: string) => [...bookingKeys.all, 'cancelTime', id] as const,
  ballotDate: (resourceId: string, date: string) => [...bookingKeys.all, 'ballotDate', resourceId, date] as const,
  ballotEntries: (ids: readonly string[]) => [...bookingKeys.all, 'ballotEntries', ids] as const,
  ballotReleases: (resourceIds: readonly string[]) => [...bookingKeys.all, 'ballotReleases', resourceIds] as const,
};
