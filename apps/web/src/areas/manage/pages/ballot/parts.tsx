import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CopyOutlined,
  FieldTimeOutlined,
  MinusCircleOutlined,
  RollbackOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isWordedRefusal,
  type BallotDraw,
  type EntryOutcome,
  type ReleaseMode,
} from '../../../../features/ballot-admin/types.ts';
import { BallotIcon } from '../../../../features/booking/Ballot.tsx';

const LOOK: Record<EntryOutcome, { color: string; icon: ReactNode }> = {
  waiting: { color: 'processing', icon: <ClockCircleOutlined /> },
  won: { color: 'success', icon: <CheckCircleOutlined /> },
  full: { color: 'default', icon: <MinusCircleOutlined /> },
  capped: { color: 'default', icon: <MinusCircleOutlined /> },
  refused: { color: 'error', icon: <StopOutlined /> },
  duplicate: { color: 'default', icon: <CopyOutlined /> },
  withdrawn: { color: 'default', icon: <RollbackOutlined /> },
};

/** An entry's outcome as a tag: an icon and a word (the colour only repeats them). */
export function OutcomeTag({ outcome }: { outcome: EntryOutcome }) {
  const { t } = useTranslation();
  const look = LOOK[outcome] ?? { color: 'default', icon: null };
  return (
    <Tag color={look.color} icon={look.icon}>
      {t(`ballotAdmin.outcome.${outcome}`, { defaultValue: outcome })}
    </Tag>
  );
}

/** A release mode's mark: a clock for first come, first served; the ballot's box for a ballot. */
export function ReleaseModeIcon({ mode }: { mode: ReleaseMode }) {
  return mode === 'ballot' ? <BallotIcon className="anticon" /> : <FieldTimeOutlined aria-hidden />;
}

/** A release mode as a tag: its icon and its word (the colour only repeats them). */
export function ReleaseModeTag({ mode }: { mode: ReleaseMode }) {
  const { t } = useTranslation();
  return (
    <Tag color={mode === 'ballot' ? 'purple' : 'default'} icon={<ReleaseModeIcon mode={mode} />} data-mode={mode}>
      {t(`ballotAdmin.release.modeText.${mode}`)}
    </Tag>
  );
}

/** The words of a refusal code of the booking engine, in the language in use ('' for none). */
export function useRefusalText() {
  const { t } = useTranslation();
  return (code: string | null | undefined): string => {
    if (!code) return '';
    return isWordedRefusal(code) ? t(`ballotAdmin.refusal.${code}`) : t('ballotAdmin.refusal.other', { code });
  };
}

/** Who drew: the job when the window closed, or the administrator who drew early. */
export function useDrawnBy() {
  const { t } = useTranslation();
  return (d: Pick<BallotDraw, 'drawn_by'>) =>
    d.drawn_by ? t('ballotAdmin.drawnBy.admin', { who: d.drawn_by }) : t('ballotAdmin.drawnBy.job');
}
