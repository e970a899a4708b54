import { useMutation } from '@tanstack/react-query';
import { CONNECTION_FAILED_MESSAGE, httpStatusMessage } from '@yuyue/shared';
import { pick } from '../../../lib/i18n.ts';

/** An export that failed; `message` is fit to show. */
export class ExportRequestError extends Error {
  override name = 'ExportRequestError';
}

/** The file name from `content-disposition` (RFC 5987 `filename*` first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '');
  if (star) {
    try {
      return decodeURIComponent(star[1]!);
    } catch {
      return fallback;
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

export interface ExportArgs {
  codeId: string;
  token: string;
  /** Only the header rows (the import template). */
  template?: boolean;
}

/** `GET /api/code/export?codeId[&template=1]`: the table's items as .xlsx, or the template. */
export async function exportCodeItems(args: ExportArgs): Promise<{ name: string; blob: Blob }> {
  const query = new URLSearchParams({ codeId: args.codeId, ...(args.template ? { template: '1' } : {}) });
  let res: Response;
  try {
    res = await fetch(`/api/code/export?${query.toString()}`, {
      headers: { authorization: `Bearer ${args.token}` },
    });
  } catch {
    throw new ExportRequestError(CONNECTION_FAILED_MESSAGE);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string; msg_en?: string } | null;
    throw new ExportRequestError((body && pick(body.msg, body.msg_en)) || httpStatusMessage(res.status));
  }
  return { name: fileNameOf(res.headers.get('content-disposition'), 'items.xlsx'), blob: await res.blob() };
}

/** Downloads the export through a temporary link. */
export function useExportCodeItems() {
  return useMutation({
    mutationFn: async (args: ExportArgs) => {
      const { name, blob } = await exportCodeItems(args);
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
