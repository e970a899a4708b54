import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gql } from '../../../lib/graphql.ts';
import { assertCode } from '../result.ts';
import { bookingKeys } from '../keys.ts';
import {
  SERIES_ARGUMENTS,
  SERIES_OCCURRENCE_FIELDS,
  SERIES_VARIABLE_DEFS,
  type AppointmentInput,
  type SaveResult,
  type SeriesVariables,
} from '../types.ts';

export const saveAppointmentInformationAllDocument = /* GraphQL */ `
  mutation saveAppointmentInformationAll(
    $captchaId: String
    $captchaCode: String
    $seriesCommit: String
    ${SERIES_VARIABLE_DEFS}
  ) {
    saveAppointmentInformationAll(
      captchaId: $captchaId
      captchaCode: $captchaCode
      seriesCommit: $seriesCommit
      ${SERIES_ARGUMENTS}
    ) {
      code
      name
      messages
      messages_en
      ids
      appointmentId
      processURL
      auditStatus
      seriesId
      seriesReport { ${SERIES_OCCURRENCE_FIELDS} }
    }
  }
`;

export interface SaveAppointmentInformationAllVariables extends SeriesVariables {
  model: AppointmentInput;
  /** 'all' (default): a periodic or batch request all or nothing; 'ok': only its ok occurrences. */
  seriesCommit?: 'all' | 'ok';
  captchaId?: string;
  captchaCode?: string;
}

/**
 * Books: normal mode (the slots in timeSlotIdList, or the free period of model.start_time and
 * end_time, on model.appointment_date), periodic or batch (see SeriesVariables). Resolves with
 * the result when booked or submitted for approval; rejects with the server's zh/en reason.
 */
export async function saveAppointmentInformationAll(
  variables: SaveAppointmentInformationAllVariables,
): Promise<SaveResult> {
  const data = await gql<{ saveAppointmentInformationAll: SaveResult | null }>(
    'apps_yy_sys',
    saveAppointmentInformationAllDocument,
    { captchaId: '', captchaCode: '', ...variables },
  );
  return assertCode(data.saveAppointmentInformationAll);
}

/** The submit as a mutation; every booking query reloads after it. */
export function useSaveAppointmentInformationAll() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAppointmentInformationAll,
    onSettled: () => client.invalidateQueries({ queryKey: bookingKeys.all }),
  });
}
