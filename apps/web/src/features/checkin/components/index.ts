/**
 * Check-in widgets other screens place (no UI kit: the phone and desktop areas both use them).
 * - VoucherQr: a booking's voucher QR code for its booker (appointment detail pages).
 * - SignInfo: a booking's check-in record (appointment detail pages).
 * - BanNotice: the signed-in user's ban in force (where they book, the personal centre).
 * - ResourceCodeQr: a resource's on-screen check-in code for its administrators.
 * - useSignCodeFromUrl + SignCodeBanner: the venue page opened with ?signCode= checks the user in.
 */
export { BanNotice } from './BanNotice.tsx';
export { ResourceCodeQr } from './ResourceCodeQr.tsx';
export { SignInfo, SignInfoView, VerdictTag } from './SignInfo.tsx';
export { SignCodeBanner } from './SignCodeBanner.tsx';
export { VoucherQr } from './VoucherQr.tsx';
export { useSignCodeFromUrl, type SignCodeFromUrl } from '../useSignCodeFromUrl.ts';
