import type { CategoryConfig } from './types.ts';

/**
 * What the overall settings switch on the visitor's phone pages. `qrPasses`: approved visits get
 * a QR pass (off: no pass page, no pass button; the gate checks the visitor by name and ID
 * document). `infoCollection`: visitors fill in the information fields (off: no information page,
 * no "information missing" prompt, no information fields on the application).
 * A flag the server did not send counts as on (the server's default); so do settings that could
 * not be read: the pages then behave as before the switches, and the server still decides.
 */
export interface VisitorSwitches {
  qrPasses: boolean;
  infoCollection: boolean;
}

export function visitorSwitches(config: Pick<CategoryConfig, 'overallSettings'> | null | undefined): VisitorSwitches {
  const s = config?.overallSettings;
  return { qrPasses: s?.is_visitor_qr_code !== 0, infoCollection: s?.is_visitor_infor !== 0 };
}
