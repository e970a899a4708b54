import { useMutation } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import {
  SERIES_ARGUMENTS,
  SERIES_OCCURRENCE_FIELDS,
  SERIES_VARIABLE_DEFS,
  type AppointmentInput,
  type SeriesOccurrence,
  type SeriesVariables,
} from '../types.ts';

export const previewAppointmentSeriesDocument = /* GraphQL */ `
  query previewAppointmentSeries(${SERIES_VARIABLE_DEFS}) {
    previewAppointmentSeries(${SERIES_ARGUMENTS}) { ${SERIES_OCCURRENCE_FIELDS} }
  }
`;

export interface PreviewAppointmentSeriesVariables extends SeriesVariables {
  /** At least resources_id and appointment_date (the first date). */
  model: AppointmentInput;
}

/**
 * Dry run of a periodic or batch booking: every occurrence with its status, nothing written.
 * A request the server cannot expand (no date matches, too many, mode disabled) rejects with
 * its zh/en reason.
 */
export async function previewAppointmentSeries(
  variables: PreviewAppointmentSeriesVariables,
): Promise<SeriesOccurrence[]> {
  const data = await gql<{ previewAppointmentSeries: SeriesOccurrence[] | null }>(
    'apps_yy_sys',
    previewAppointmentSeriesDocument,
    { ...variables },
  );
  return data.previewAppointmentSeries ?? [];
}

/** The preview on demand (the user presses "preview"). */
export function usePreviewAppointmentSeries() {
  return useMutation({ mutationFn: previewAppointmentSeries });
}
