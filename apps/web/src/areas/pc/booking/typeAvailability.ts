import { useQuery } from '@tanstack/react-query';
import { findResourceTypeSlotAvailability } from '../../../features/booking/api/findResourceTypeSlotAvailability.ts';
import { bookingKeys } from '../../../features/booking/keys.ts';
import { type SlotAvailability } from '../../../features/booking/types.ts';

/** One resource's slots on the date, or why they could not be loaded. */
export type ResourceSlots = { slots: SlotAvailability[]; error?: undefined } | { slots?: undefined; error: string };

/**
 * The availability of the listed resources of a type on a date: the time grid's only source.
 * One `findResourceTypeSlotAvailability` request for the whole page of resources (narrowed to
 * their ids); a listed resource the answer lacks (it was disabled or hidden meanwhile) gets a
 * reason instead of slots, so the others still show.
 */
export async function fetchTypeAvailability(
  typeId: string,
  resourceIds: readonly string[],
  date: string,
  missing: string,
): Promise<Map<string, ResourceSlots>> {
  const answer = await findResourceTypeSlotAvailability({
    resourcesTypeId: typeId,
    date,
    filter: { id: { in: [...resourceIds] } },
  });
  const byId = new Map(answer.map((r) => [r.resources_id, r.slots ?? []]));
  return new Map(
    resourceIds.map((id): [string, ResourceSlots] => {
      const slots = byId.get(id);
      return [id, slots ? { slots } : { error: missing }];
    }),
  );
}

/** The grid's availability; reloads with every booking change (it sits under bookingKeys.all). */
export function useTypeAvailability(
  typeId: string,
  resourceIds: readonly string[],
  date: string,
  missing: string,
  enabled = true,
) {
  return useQuery({
    queryKey: [...bookingKeys.all, 'typeAvailability', typeId, date, resourceIds],
    queryFn: () => fetchTypeAvailability(typeId, resourceIds, date, missing),
    enabled: enabled && Boolean(typeId && date) && resourceIds.length > 0,
  });
}
