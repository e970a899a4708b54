import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { InstructionReader } from '../../manage/components/InstructionReader/index.ts';
import { useIsMobile } from '../../manage/layout/useIsMobile.ts';

/** The desktop help centre (`/pc/helpcenter`): the published usage instructions. */
export default function HelpCenter() {
  const { t } = useTranslation();
  const narrow = useIsMobile();
  return (
    <Card title={t('route.pc.helpcenter')} className="yy-helpcenter">
      <InstructionReader narrow={narrow} />
    </Card>
  );
}
