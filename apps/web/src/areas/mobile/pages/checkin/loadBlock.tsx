import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Empty, LoadFailed } from '../../components/LoadState.tsx';

/**
 * What a staff list shows before its rows: a skeleton while it loads, the reason and a retry
 * when it failed, `empty` (a title) when there is nothing; null when the rows are there.
 */
export function loadBlock(
  query: { isPending: boolean; error: unknown; refetch: () => Promise<unknown> },
  empty: string | null,
): ReactNode | null {
  if (query.isPending) {
    return (
      <div className="yy-m-card">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (query.error) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (empty !== null) return <Empty title={empty} />;
  return null;
}
