import type { Tx } from '../../db/client.ts';
import { definePort } from '../../platform/port.ts';

/** Makes the URL a resource's printed QR code holds from its check-in page URL (a signed code added). */
export type PrintedCheckInUrl = (tx: Tx, tenantId: string, resourceId: string, pageUrl: string) => Promise<string>;

const maker = definePort<PrintedCheckInUrl>('printed check-in URL maker', 'checkin');

/**
 * Registers the maker of the module that checks people in (checkin), at composition, so that
 * resources, below it, never imports it.
 */
export const providePrintedCheckInUrl = maker.provide;

/** The URL a resource's printed QR code holds, from the registered maker. */
export function printedCheckInUrl(tx: Tx, tenantId: string, resourceId: string, pageUrl: string): Promise<string> {
  return maker.use()(tx, tenantId, resourceId, pageUrl);
}
