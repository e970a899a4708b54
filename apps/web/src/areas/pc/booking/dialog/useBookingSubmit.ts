import { useState } from 'react';
import { useSaveAppointmentInformationAll } from '../../../../features/booking/api/saveAppointmentInformationAll.ts';
import { offersMeeting, type ApplicationValues } from '../../../../features/booking/form.ts';
import { errorText } from '../../../../features/booking/result.ts';
import type { SaveResult } from '../../../../features/booking/types.ts';
import type { CollectionConfig } from '../../../../features/collection-config/api/findCollectionConfigAll.ts';
import { useCaptchaCredential } from '../../../../features/captcha/useCaptchaCredential.tsx';
import { requestVariables, type TimeSelection } from '../bookingRequest.ts';
import type { ResourceForBooking } from '../resourceForBooking.ts';

/** What the confirm step submits: the time, the form's values and, for a series, which occurrences. */
export interface BookingSubmission {
  selection: TimeSelection;
  values: ApplicationValues;
  collected: CollectionConfig[];
  commit: 'all' | 'ok';
}

/**
 * The confirm step's submission: the instructions must be read first; a resource with the
 * captcha on asks for a slide every time (a credential is single use); the server's answer is
 * the result, its refusal is told through `onRefusal`.
 */
export function useBookingSubmit(
  resource: ResourceForBooking,
  freeTime: boolean,
  onRefusal: (reason: string | null) => void,
) {
  const [read, setRead] = useState(false);
  const [readError, setReadError] = useState(false);
  const [result, setResult] = useState<SaveResult | null>(null);
  const save = useSaveAppointmentInformationAll();
  const captcha = useCaptchaCredential();

  const markRead = (checked: boolean) => {
    setRead(checked);
    setReadError(false);
  };

  const submit = async ({ selection, values, collected, commit }: BookingSubmission) => {
    if (!read) {
      setReadError(true);
      return;
    }
    onRefusal(null);
    const credential = await captcha.credentialFor(resource);
    if (!credential) return;
    save.mutate(
      {
        ...requestVariables(resource.id, selection, freeTime, values, collected, offersMeeting(resource)),
        ...(selection.mode === 'normal' ? {} : { seriesCommit: commit }),
        ...credential,
      },
      { onSuccess: setResult, onError: (err) => onRefusal(errorText(err)) },
    );
  };

  return { read, readError, markRead, result, saving: save.isPending, captchaPrompt: captcha.prompt, submit };
}
