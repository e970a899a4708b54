import { useMutation } from '@tanstack/react-query';
import { CONNECTION_FAILED_MESSAGE, httpStatusMessage } from '@yuyue/shared';
import { pick } from '../../../lib/i18n.ts';
import { fileNameOf } from '../../code-tables/api/exportCodeItems.ts';
import type { StringFilter } from './types.ts';

/** A download that failed; `message` is fit to show. */
export class VisitorSheetError extends Error {
  override name = 'VisitorSheetError';
}

/** Which sheet: the import template, or an export of records, cars or entries. */
export type VisitorSheet = 'template' | 'records' | 'cars' | 'entries';

const PATHS: Record<VisitorSheet, string> = {
  template: '/api/visitors/records/template',
  records: '/api/visitors/records/export',
  cars: '/api/visitors/cars/export',
  entries: '/api/visitors/entries/export',
};

export interface VisitorSheetArgs {
  sheet: VisitorSheet;
  token: string;
  filter?: { [column: string]: StringFilter | undefined } | object;
  /** Records with numbers whole (the visitor 'admin' right; written to the operate log). */
  whole?: boolean;
}

/** The export's query string: `<column>` for eq, `<column>_like`, `_gte`, `_lte`. */
export function sheetQuery(filter: VisitorSheetArgs['filter'], whole?: boolean): string {
  const query = new URLSearchParams();
  for (const [column, f] of Object.entries((filter ?? {}) as Record<string, StringFilter | undefined>)) {
    for (const [op, suffix] of [
      ['eq', ''],
      ['like', '_like'],
      ['gte', '_gte'],
      ['lte', '_lte'],
    ] as const) {
      const value = f?.[op];
      if (value) query.set(`${column}${suffix}`, value);
    }
  }
  if (whole) query.set('whole', '1');
  return query.toString();
}

/** Fetches a visitor sheet (.xlsx) with its file name. */
export async function downloadVisitorSheet(args: VisitorSheetArgs): Promise<{ name: string; blob: Blob }> {
  const query = sheetQuery(args.filter, args.whole);
  let res: Response;
  try {
    res = await fetch(`${PATHS[args.sheet]}${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${args.token}` },
    });
  } catch {
    throw new VisitorSheetError(CONNECTION_FAILED_MESSAGE);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string; msg_en?: string } | null;
    throw new VisitorSheetError((body && pick(body.msg, body.msg_en)) || httpStatusMessage(res.status));
  }
  return { name: fileNameOf(res.headers.get('content-disposition'), `${args.sheet}.xlsx`), blob: await res.blob() };
}

/** Downloads a visitor sheet through a temporary link. */
export function useDownloadVisitorSheet() {
  return useMutation({
    mutationFn: async (args: VisitorSheetArgs) => {
      const { name, blob } = await downloadVisitorSheet(args);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return name;
    },
  });
}
