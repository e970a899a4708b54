import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../features/booking/result.ts';

/** A failed load on a desktop page: the server's reason (zh/en) and a retry button. */
export function LoadFailedAlert({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(error)}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
