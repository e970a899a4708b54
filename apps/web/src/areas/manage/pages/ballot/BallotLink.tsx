import { useTranslation } from 'react-i18next';
import { useHref, useLinkClickHandler } from 'react-router';
import { Button } from 'antd';
import { useOptionalSession } from '../../../../app/session.tsx';
import { useSetsReleases } from '../../../../features/ballot-admin/api.ts';
import { BallotIcon } from '../../../../features/booking/Ballot.tsx';

/** The ballot page (its draws, and the release modes of the resources the user administers). */
export const BALLOT_PATH = '/manage/appointment/ballot-draws';

/**
 * The way from the bookings list to the ballot page: for a tenant administrator, and for a
 * resource administrator who sets how some resources are released (the server lists them one:
 * an approver, who administers none, is not offered it). A link that looks like a button.
 */
export function BallotLink() {
  const { t } = useTranslation();
  const session = useOptionalSession();
  // Without a session (component tests) the page is the tenant administrators'.
  const admin = !session || session.permission === 'admin';
  const sets = useSetsReleases(!!session && session.permission === 'scoped');
  const href = useHref(BALLOT_PATH);
  const onClick = useLinkClickHandler(BALLOT_PATH);
  if (!admin && !sets) return null;
  return (
    <Button href={href} onClick={onClick} icon={<BallotIcon className="anticon" />}>
      {t('ballotAdmin.title')}
    </Button>
  );
}
