import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import { useReloadDirectory } from '../../../../../features/directory-admin/api.ts';
import {
  DIRECTORY_IMPORT_MAX_BYTES,
  useDownloadDirectorySheet,
  useImportDirectorySheet,
  type DirectoryImportReport,
  type DirectoryKind,
} from '../../../../../features/directory-admin/sheets.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { errorText } from '../../../operation-result.ts';

/** The chosen file's problem before upload (type or size), or null. */
export function sheetFileProblem(file: { name: string; size: number }): 'notXlsx' | 'fileTooLarge' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'notXlsx';
  if (file.size > DIRECTORY_IMPORT_MAX_BYTES) return 'fileTooLarge';
  return null;
}

/** The report of an import: counts, then each refused row with its column and reason. */
function ImportReport({ report }: { report: DirectoryImportReport }) {
  const { t } = useTranslation();
  const failed = new Set(report.errors.map((e) => e.row)).size;
  return (
    <div className="yy-dir-report" data-testid="import-report">
      <Alert
        type={report.errcode !== '0' ? 'error' : failed ? 'warning' : 'success'}
        showIcon
        title={pick(report.msg, report.msg_en)}
        description={t('directoryAdmin.import.report', {
          total: report.total,
          created: report.created,
          updated: report.updated,
          failed,
        })}
      />
      {report.errors.length ? (
        <Table
          size="small"
          style={{ marginTop: 12 }}
          rowKey={(e) => `${e.row}-${e.field}-${e.msg}`}
          pagination={report.errors.length > 10 ? { pageSize: 10 } : false}
          dataSource={report.errors}
          columns={[
            { key: 'row', title: t('directoryAdmin.import.row'), dataIndex: 'row', width: 70 },
            { key: 'field', title: t('directoryAdmin.import.column'), dataIndex: 'field', width: 120 },
            { key: 'msg', title: t('directoryAdmin.import.reason'), render: (_, e) => pick(e.msg, e.msg_en) },
          ]}
        />
      ) : null}
    </div>
  );
}

/** Import departments, posts or users from Excel: template, file, upload progress, per-row report. */
export function ImportDialog({ kind, onClose }: { kind: DirectoryKind | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { message } = App.useApp();
  const reload = useReloadDirectory();
  const importer = useImportDirectorySheet(reload);
  const download = useDownloadDirectorySheet();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const problem = sheetFileProblem(chosen);
    setFileError(problem ? t(`directoryAdmin.import.${problem}`) : null);
    setFile(problem ? null : chosen);
    importer.reset();
    return false;
  };
  const start = () => {
    if (!kind) return;
    if (!file) {
      setFileError(t('directoryAdmin.import.noFile'));
      return;
    }
    importer.mutate({ kind, file, token });
  };
  const close = () => {
    setFile(null);
    setFileError(null);
    importer.reset();
    onClose();
  };
  const template = () =>
    kind &&
    download.mutate(
      { kind, sheet: 'template', token },
      {
        onSuccess: (name) => void message.success(t('directoryAdmin.exported', { name })),
        onError: (err) => void message.error(errorText(err)),
      },
    );

  return (
    <Modal
      open={kind !== null}
      title={kind ? t(`directoryAdmin.import.title.${kind}`) : ''}
      onCancel={close}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {kind ? (
        <Alert type="info" showIcon title={t(`directoryAdmin.import.rules.${kind}`)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form layout="vertical">
        <Form.Item
          label={t('directoryAdmin.import.chooseFile')}
          required
          extra={t('directoryAdmin.import.fileHint')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <Space wrap>
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              beforeUpload={choose}
              showUploadList={false}
              maxCount={1}
            >
              <Button icon={<FileExcelOutlined />}>{t('directoryAdmin.import.chooseFile')}</Button>
            </Upload>
            {file ? <Typography.Text>{file.name}</Typography.Text> : null}
          </Space>
        </Form.Item>
        <Space wrap>
          <Button type="primary" icon={<UploadOutlined />} loading={importer.isPending} onClick={start}>
            {importer.isPending ? t('directoryAdmin.import.uploading') : t('directoryAdmin.import.upload')}
          </Button>
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={template}>
            {t('directoryAdmin.import.template')}
          </Button>
        </Space>
      </Form>
      {importer.isPending || importer.data ? (
        <Progress
          style={{ marginTop: 16 }}
          percent={importer.progress}
          status={importer.isPending ? 'active' : importer.data?.errcode === '0' ? 'success' : 'exception'}
          aria-label={t('directoryAdmin.import.uploading')}
        />
      ) : null}
      {importer.error ? (
        <Alert type="error" showIcon title={errorText(importer.error)} style={{ marginTop: 16 }} />
      ) : null}
      {importer.data ? <ImportReport report={importer.data} /> : null}
    </Modal>
  );
}
