import { App, Button, Card, Form, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useDeleteInstruction } from '../../../../features/instructions/api/deleteInstruction.ts';
import {
  useFindInstructionAll,
  type Instruction,
  type InstructionFilter,
  type InstructionState,
} from '../../../../features/instructions/api/findInstructionAll.ts';
import { useSaveInstruction } from '../../../../features/instructions/api/saveInstruction.ts';
import { pick } from '../../../../lib/i18n.ts';
import { DataTable, type DataTableColumn } from '../../components/DataTable/index.ts';
import { ensureOk, errorText } from '../../operation-result.ts';
import './settings-pages.css';

export const instructionEditPath = (id: string) => `/manage/settings/instruction/${id}`;

/** Usage instruction management (`/manage/settings/instruction`): list, publish/withdraw, delete. */
export default function InstructionList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<InstructionFilter>({});
  const list = useFindInstructionAll(filter);
  const save = useSaveInstruction();
  const remove = useDeleteInstruction();

  const run = async (action: () => Promise<Parameters<typeof ensureOk>[0]>, done: string) => {
    try {
      ensureOk(await action());
      void message.success(done);
    } catch (err) {
      void message.error(errorText(err));
    }
  };

  const setState = (r: Instruction, state: InstructionState) =>
    run(
      () =>
        save.mutateAsync({
          id: r.id,
          title: r.title,
          title_en: r.title_en,
          content: r.content,
          content_en: r.content_en,
          order: r.order,
          state,
        }),
      state === 'published'
        ? t('settingsAdmin.instruction.publishedDone')
        : t('settingsAdmin.instruction.withdrawnDone'),
    );

  const columns: DataTableColumn<Instruction>[] = [
    {
      key: 'title',
      title: t('settingsAdmin.instruction.title'),
      render: (_, r) => <Link to={instructionEditPath(r.id)}>{pick(r.title, r.title_en)}</Link>,
    },
    {
      key: 'title_en',
      title: t('settingsAdmin.instruction.titleEn'),
      dataIndex: 'title_en',
      defaultHidden: true,
    },
    {
      key: 'state',
      title: t('settingsAdmin.state'),
      width: 100,
      render: (_, r) =>
        r.state === 'published' ? (
          <Tag color="success">{t('settingsAdmin.instruction.published')}</Tag>
        ) : (
          <Tag>{t('settingsAdmin.instruction.draft')}</Tag>
        ),
    },
    { key: 'order', title: t('settingsAdmin.order'), dataIndex: 'order', width: 80 },
    { key: 'update_time', title: t('settingsAdmin.updateTime'), dataIndex: 'update_time', width: 170 },
    {
      key: 'actions',
      title: t('settingsAdmin.actions'),
      width: 200,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(instructionEditPath(r.id))}>
            {t('settingsAdmin.edit')}
          </Button>
          {r.state === 'published' ? (
            <Button type="link" size="small" onClick={() => void setState(r, 'draft')}>
              {t('settingsAdmin.instruction.withdraw')}
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => void setState(r, 'published')}>
              {t('settingsAdmin.instruction.publish')}
            </Button>
          )}
          <Popconfirm
            title={t('settingsAdmin.deleteConfirm', { name: pick(r.title, r.title_en) })}
            okText={t('settingsAdmin.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => run(() => remove.mutateAsync(r.id), t('settingsAdmin.deleted', { count: 1 }))}
          >
            <Button type="link" size="small" danger>
              {t('settingsAdmin.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('route.manage.settingsInstruction')}>
      <Form
        className="yy-filter-form"
        layout="inline"
        onFinish={(v: { title?: string; state?: InstructionState }) =>
          setFilter({
            ...(v.title?.trim() ? { title: { like: v.title.trim() } } : {}),
            ...(v.state ? { state: { eq: v.state } } : {}),
          })
        }
      >
        <Form.Item name="title" label={t('settingsAdmin.instruction.title')}>
          <Input allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="state" label={t('settingsAdmin.state')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[
              { value: 'published', label: t('settingsAdmin.instruction.published') },
              { value: 'draft', label: t('settingsAdmin.instruction.draft') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('settingsAdmin.search')}
          </Button>
        </Form.Item>
      </Form>
      <DataTable<Instruction>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(instructionEditPath('new'))}>
            {t('settingsAdmin.add')}
          </Button>
        }
      />
    </Card>
  );
}
