import type { Tx } from '../../db/client.ts';

/** Makes the URL a resource's printed QR code holds from its check-in page URL (a signed code added). */
export type PrintedCheckInUrl = (tx: Tx, tenantId: string, resourceId: string, pageUrl: string) => Promise<string>;

let sign: PrintedCheckInUrl | null = null;

/**
 * Registers the maker of the module that checks people in (checkin), at composition, so that
 * resources, below it, never imports it.
 */
export function providePrintedCheckInUrl(maker: PrintedCheckInUrl): void {
  sign = maker;
}

/** The URL a resource's printed QR code holds, from the registered maker. */
export function printedCheckInUrl(tx: Tx, tenantId: string, resourceId: string, pageUrl: string): Promise<string> {
  if (!sign) throw new Error('no printed check-in URL maker registered (modules/checkin)');
  return sign(tx, tenantId, resourceId, pageUrl);
}
