import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Modal, Progress, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../../../app/session.tsx';
import {
  useImportVisitorInfo,
  VISITOR_IMPORT_MAX_BYTES,
} from '../../../../../features/visitors-admin/records/importVisitorInfo.ts';
import { errorText } from '../../../operation-result.ts';
import { ImportReportTable, useSheetDownload } from './parts.tsx';

/** The chosen file's problem before upload (type or size), or null. */
export function visitorFileProblem(file: { name: string; size: number }): 'notXlsx' | 'fileTooLarge' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'notXlsx';
  if (file.size > VISITOR_IMPORT_MAX_BYTES) return 'fileTooLarge';
  return null;
}

/** Import visitors from Excel: the template, the file, the upload's progress, then the per-row report. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const importer = useImportVisitorInfo();
  const sheet = useSheetDownload();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = (chosen: File) => {
    const problem = visitorFileProblem(chosen);
    setFileError(problem ? t(`visitorsRecords.info.${problem}`) : null);
    setFile(problem ? null : chosen);
    importer.reset();
    return false;
  };

  const start = () => {
    if (!file) {
      setFileError(t('visitorsRecords.info.noFile'));
      return;
    }
    importer.mutate({ file, token });
  };

  const close = () => {
    setFile(null);
    setFileError(null);
    importer.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('visitorsRecords.info.importTitle')}
      onCancel={close}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('visitorsRecords.info.chooseFile')}
          required
          extra={t('visitorsRecords.info.fileHint')}
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
              <Button icon={<FileExcelOutlined />}>{t('visitorsRecords.info.chooseFile')}</Button>
            </Upload>
            {file ? <Typography.Text>{file.name}</Typography.Text> : null}
          </Space>
        </Form.Item>
        <Space wrap>
          <Button type="primary" icon={<UploadOutlined />} loading={importer.isPending} onClick={start}>
            {importer.isPending ? t('visitorsRecords.info.uploading') : t('visitorsRecords.info.upload')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={sheet.pending}
            onClick={() => sheet.start({ sheet: 'template' })}
          >
            {t('visitorsRecords.info.template')}
          </Button>
        </Space>
      </Form>
      {importer.isPending || importer.data ? (
        <Progress
          style={{ marginTop: 16 }}
          percent={importer.progress}
          status={importer.isPending ? 'active' : importer.data?.errcode === '0' ? 'success' : 'exception'}
          aria-label={t('visitorsRecords.info.uploading')}
        />
      ) : null}
      {importer.error ? (
        <Alert type="error" showIcon title={errorText(importer.error)} style={{ marginTop: 16 }} />
      ) : null}
      {importer.data ? <ImportReportTable report={importer.data} /> : null}
    </Modal>
  );
}
