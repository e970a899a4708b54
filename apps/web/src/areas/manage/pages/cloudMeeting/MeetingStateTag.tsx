import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MeetingState } from '../../../../features/meetings/types.ts';

const COLOR: Record<MeetingState, string> = {
  pending: 'processing',
  scheduled: 'blue',
  started: 'green',
  ended: 'default',
  cancelled: 'default',
  failed: 'error',
};

/** A meeting's state as a tag: its word says it (the colour only repeats it). */
export function MeetingStateTag({ state }: { state: MeetingState }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[state] ?? 'default'}>{t(`meeting.state.${state}`, { defaultValue: state })}</Tag>;
}
