import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../operation-result.ts';

/** The parts of a query an edit page's record state reads. */
export interface RecordQuery {
  /** No answer yet and one on its way (a query waiting for its input is not loading). */
  isLoading: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What an edit page shows while its record is not there: a spinner while it loads; the failure
 * with a retry (the record may well exist, so never "not found" for a failed load); "not found"
 * once the server answered without it. `extra` (a way back) goes with the last two.
 */
export function RecordState({ query, notFound, extra }: { query: RecordQuery; notFound: string; extra?: ReactNode }) {
  const { t } = useTranslation();
  if (query.error) {
    return (
      <Result
        status="error"
        title={t('manage.recordFailed')}
        subTitle={<span role="alert">{errorText(query.error)}</span>}
        extra={
          <>
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              loading={query.isFetching}
              onClick={() => void query.refetch()}
            >
              {t('dataTable.retry')}
            </Button>
            {extra}
          </>
        }
      />
    );
  }
  if (query.isLoading) {
    return (
      <div aria-busy="true" style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
        <Spin size="large" />
      </div>
    );
  }
  return <Result status="warning" title={notFound} extra={extra} />;
}
