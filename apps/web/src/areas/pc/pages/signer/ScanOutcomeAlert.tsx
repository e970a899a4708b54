import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ScanOutcome } from '../../../../features/checkin/useScanHandler.ts';

/** The outcome of a scan: what was done, or why not with the server's reason. */
export function ScanOutcomeAlert({ outcome }: { outcome: ScanOutcome }) {
  const { t } = useTranslation();
  const failed = t(outcome.direction === 'out' ? 'checkin.result.outFailed' : 'checkin.result.inFailed');
  return (
    <Alert
      showIcon
      type={outcome.ok ? 'success' : 'error'}
      title={outcome.ok ? outcome.message : failed}
      description={outcome.ok ? undefined : outcome.message}
      role={outcome.ok ? 'status' : 'alert'}
    />
  );
}
