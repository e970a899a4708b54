import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { InstructionReader } from '../components/InstructionReader/index.ts';
import { useIsMobile } from '../layout/useIsMobile.ts';

/** The back office's usage manual (`/manage/instruction`, the '使用说明' link): published instructions. */
export default function Instruction() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  return (
    <Card title={t('route.manage.instruction')}>
      <InstructionReader narrow={mobile} />
    </Card>
  );
}
