import { Alert, App, Button, Card, Form, Progress, Radio, Select, Space, Typography, Upload } from 'antd';
import { DownloadOutlined, FileExcelOutlined, UploadOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CODE_IMPORT_MAX_BYTES, type CodeImportMode } from '@yuyue/shared';
import { useSession } from '../../../../../app/session.tsx';
import { useExportCodeItems } from '../../../../../features/code-tables/api/exportCodeItems.ts';
import { useFindCodes } from '../../../../../features/code-tables/api/findCodes.ts';
import { useFindCodesAll } from '../../../../../features/code-tables/api/findCodesAll.ts';
import { useImportCodeItems } from '../../../../../features/code-tables/api/importCodeItems.ts';
import { pick } from '../../../../../lib/i18n.ts';
import { MANAGE_ROOT } from '../../../paths.ts';
import { ImportReportView } from './ImportReportView.tsx';
import './code-tables.css';

/** The file's problem before upload (type or size), or null. */
export function fileProblem(file: { name: string; size: number }): 'notXlsx' | 'fileTooLarge' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'notXlsx';
  if (file.size > CODE_IMPORT_MAX_BYTES) return 'fileTooLarge';
  return null;
}

/**
 * `/manage/settings/code-item-Import/:id?`: choose an .xlsx and a mode, upload with a progress
 * bar, then the per-row report; template and export downloads.
 */
export default function CodeItemImport() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = useSession();
  const { id } = useParams();
  const navigate = useNavigate();
  const tables = useFindCodesAll({ first: 200, offset: 0, filter: {} });
  const table = useFindCodes(id ?? null);
  const importer = useImportCodeItems();
  const exporter = useExportCodeItems();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [mode, setMode] = useState<CodeImportMode>('all');

  const choose = (chosen: File) => {
    const problem = fileProblem(chosen);
    setFileError(problem ? t(`codeTables.${problem}`) : null);
    setFile(problem ? null : chosen);
    importer.reset();
    return false;
  };

  const start = () => {
    if (!id) return;
    if (!file) {
      setFileError(t('codeTables.noFile'));
      return;
    }
    importer.mutate({ file, codeId: id, mode, token });
  };

  const download = (template: boolean) =>
    id && exporter.mutate({ codeId: id, token, template }, { onError: (err) => void message.error(err.message) });

  const codes = table.data;
  return (
    <Card
      title={
        <Space wrap>
          <span>{t('codeTables.importTitle')}</span>
          {codes ? (
            <Link to={`${MANAGE_ROOT}/settings/code-item-list/${codes.id}`}>
              {pick(codes.name, codes.name_en)} ({codes.code})
            </Link>
          ) : null}
        </Space>
      }
    >
      <Form layout="vertical" className="yy-import-form">
        <Form.Item label={t('codeTables.importTable')} required>
          <Select
            value={id}
            placeholder={t('codeTables.chooseTable')}
            loading={tables.isLoading}
            showSearch
            optionFilterProp="label"
            options={(tables.data?.rows ?? []).map((c) => ({
              value: c.id,
              label: `${pick(c.name, c.name_en)} (${c.code})`,
            }))}
            onChange={(value: string) => {
              importer.reset();
              navigate(`${MANAGE_ROOT}/settings/code-item-Import/${value}`);
            }}
          />
        </Form.Item>
        <Form.Item
          label={t('codeTables.chooseFile')}
          required
          extra={t('codeTables.fileHint')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError ?? undefined}
        >
          <div className="yy-import-file">
            <Upload
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              beforeUpload={choose}
              showUploadList={false}
              maxCount={1}
            >
              <Button icon={<FileExcelOutlined />}>{t('codeTables.chooseFile')}</Button>
            </Upload>
            {file ? <Typography.Text className="yy-import-file-name">{file.name}</Typography.Text> : null}
          </div>
        </Form.Item>
        <Form.Item label={t('codeTables.mode')}>
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value as CodeImportMode)}>
            <Space orientation="vertical">
              <Radio value="all">{t('codeTables.modeAll')}</Radio>
              <Radio value="valid">{t('codeTables.modeValid')}</Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        <Space wrap>
          <Button type="primary" icon={<UploadOutlined />} disabled={!id} loading={importer.isPending} onClick={start}>
            {importer.isPending ? t('codeTables.uploading') : t('codeTables.upload')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!id} onClick={() => download(true)}>
            {t('codeTables.downloadTemplate')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!id} onClick={() => download(false)}>
            {t('codeTables.exportItems')}
          </Button>
        </Space>
      </Form>
      {importer.isPending || importer.data ? (
        <Progress
          className="yy-import-progress"
          percent={importer.progress}
          status={importer.isPending ? 'active' : importer.data?.errcode === '0' ? 'success' : 'exception'}
          aria-label={t('codeTables.uploading')}
        />
      ) : null}
      {importer.error ? <Alert type="error" showIcon title={importer.error.message} /> : null}
      {importer.data ? <ImportReportView report={importer.data} /> : null}
    </Card>
  );
}
