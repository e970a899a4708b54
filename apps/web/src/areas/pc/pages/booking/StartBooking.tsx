import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pick } from '../../../../lib/i18n.ts';
import { BookingDialog } from '../../booking/dialog/BookingDialog.tsx';
import { ResourceDetailState } from '../../booking/ResourceDetail.tsx';
import { useResourceForBooking } from '../../booking/resourceForBooking.ts';
import { pcPaths } from '../../paths.ts';

/**
 * Start a booking (`/pc/resources/:id/appointment`, spec 2.2): the resource's details with the
 * booking dialog open over them; closed, it can be opened again.
 */
export default function StartBooking() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const resource = useResourceForBooking(id);
  const [open, setOpen] = useState(true);
  const r = resource.data;
  return (
    <Card
      variant="borderless"
      title={r ? pick(r.resources_name, r.resources_name_en) : t('route.pc.resourceAppointment')}
      extra={
        <Space>
          {r ? (
            <Link to={pcPaths.resourceList(r.resources_type_id)}>
              <ArrowLeftOutlined /> {t('pcBooking.start.backToList')}
            </Link>
          ) : null}
          <Button type="primary" disabled={!r} onClick={() => setOpen(true)}>
            {t('pcBooking.detail.book')}
          </Button>
        </Space>
      }
    >
      <ResourceDetailState resource={resource} />
      {r ? <BookingDialog open={open} resourceId={r.id} onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
