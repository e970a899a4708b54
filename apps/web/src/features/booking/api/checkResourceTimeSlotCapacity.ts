import { gql } from '../../../lib/graphql.ts';
import { assertCode } from '../result.ts';
import type { CheckResult } from '../types.ts';

export const checkResourceTimeSlotCapacityDocument = /* GraphQL */ `
  query checkResourceTimeSlotCapacity(
    $resourceId: String
    $appointmentId: String
    $bookDate: String
    $bookStartTime: String
    $bookEndTime: String
    $timeSlotIdList: [String]
    $borrowDateList: [String]
    $borrowStartTime: String
    $borrowEndTime: String
    $checkSource: String
  ) {
    checkResourceTimeSlotCapacity(
      resourceId: $resourceId
      appointmentId: $appointmentId
      bookDate: $bookDate
      bookStartTime: $bookStartTime
      bookEndTime: $bookEndTime
      timeSlotIdList: $timeSlotIdList
      borrowDateList: $borrowDateList
      borrowStartTime: $borrowStartTime
      borrowEndTime: $borrowEndTime
      checkSource: $checkSource
    ) {
      code
      name
      messages
      messages_en
    }
  }
`;

export interface CheckResourceTimeSlotCapacityVariables {
  resourceId: string;
  /** A booking being moved: not counted against itself. */
  appointmentId?: string;
  /** "YYYY-MM-DD". */
  bookDate: string;
  /** Free time: the period ("HH:mm"). */
  bookStartTime?: string;
  bookEndTime?: string;
  /** Fixed slots: their ids. */
  timeSlotIdList?: string[];
  checkSource?: string;
}

/**
 * Whether the caller could book these slots (or this free period) now; nothing is written.
 * Resolves with the result when bookable, rejects with the server's zh/en reason otherwise.
 */
export async function checkResourceTimeSlotCapacity(
  variables: CheckResourceTimeSlotCapacityVariables,
): Promise<CheckResult> {
  const data = await gql<{ checkResourceTimeSlotCapacity: CheckResult | null }>(
    'apps_yy_sys',
    checkResourceTimeSlotCapacityDocument,
    { ...variables },
  );
  return assertCode(data.checkResourceTimeSlotCapacity);
}
