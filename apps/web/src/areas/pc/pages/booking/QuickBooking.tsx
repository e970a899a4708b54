import { useNavigate, useParams } from 'react-router';
import { BookingDialog } from '../../booking/dialog/BookingDialog.tsx';
import { pcPaths } from '../../paths.ts';
import PcHome from '../home/PcHome.tsx';

/** Quick booking (`/pc/home/resources/:id`, spec 2.2): the home page with the booking dialog of a resource. */
export default function QuickBooking() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <PcHome />
      <BookingDialog open={Boolean(id)} resourceId={id} onClose={() => navigate(pcPaths.home)} />
    </>
  );
}
