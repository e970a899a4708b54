import { Card, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DirectoryKind } from '../../../../../features/directory-admin/sheets.ts';
import { DepartmentsTab } from './DepartmentsTab.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { PostsTab } from './PostsTab.tsx';
import { UsersTable } from './UsersTable.tsx';
import './directory.css';

/**
 * `/manage/console/directory` (from the application centre): the tenant's directory. Tabs:
 * departments (the tree with each department's users), posts, users; each with import
 * (template, progress, per-row report) and export.
 */
export default function DirectoryAdmin() {
  const { t } = useTranslation();
  const [importing, setImporting] = useState<DirectoryKind | null>(null);
  return (
    <Card title={t('directoryAdmin.title')} className="yy-dir">
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'departments',
            label: t('directoryAdmin.tabs.departments'),
            children: <DepartmentsTab onImport={setImporting} />,
          },
          { key: 'posts', label: t('directoryAdmin.tabs.posts'), children: <PostsTab onImport={setImporting} /> },
          { key: 'users', label: t('directoryAdmin.tabs.users'), children: <UsersTable onImport={setImporting} /> },
        ]}
      />
      <ImportDialog kind={importing} onClose={() => setImporting(null)} />
    </Card>
  );
}
