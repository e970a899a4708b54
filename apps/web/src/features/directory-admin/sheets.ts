import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CONNECTION_FAILED_MESSAGE, httpStatusMessage } from '@yuyue/shared';
import { pick } from '../../lib/i18n.ts';
import { fileNameOf } from '../code-tables/api/exportCodeItems.ts';

/** The directory's sheets: `/api/directory/<kind>/{template,import,export}` (tenant administrators). */

export type DirectoryKind = 'departments' | 'posts' | 'users';

/** Largest sheet accepted (the server's limit). */
export const DIRECTORY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export interface DirectoryImportRowError {
  row: number;
  field: string;
  msg: string;
  msg_en: string;
}

/** The import's report: errcode "0" when rows were imported (added or updated). */
export interface DirectoryImportReport {
  errcode: string;
  msg: string;
  msg_en: string;
  total: number;
  imported: number;
  created: number;
  updated: number;
  errors: DirectoryImportRowError[];
}

/** A sheet operation refused as a whole or that never arrived; `message` is fit to show. */
export class DirectorySheetError extends Error {
  override name = 'DirectorySheetError';
}

/** Uploads a sheet with XMLHttpRequest (only it reports upload progress). */
export function importDirectorySheet(args: {
  kind: DirectoryKind;
  file: File;
  token: string;
  onProgress?: (percent: number) => void;
}): Promise<DirectoryImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/directory/${args.kind}/import`);
    xhr.setRequestHeader('authorization', `Bearer ${args.token}`);
    xhr.timeout = 300_000;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) args.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<DirectoryImportReport> | null;
      if (xhr.status === 200 && body && Array.isArray(body.errors)) {
        args.onProgress?.(100);
        resolve(body as DirectoryImportReport);
        return;
      }
      reject(new DirectorySheetError((body && pick(body.msg, body.msg_en)) || httpStatusMessage(xhr.status)));
    };
    xhr.onerror = () => reject(new DirectorySheetError(CONNECTION_FAILED_MESSAGE));
    xhr.ontimeout = () => reject(new DirectorySheetError(httpStatusMessage(408)));
    const form = new FormData();
    form.append('file', args.file, args.file.name);
    xhr.send(form);
  });
}

/** An import with its upload progress; `onImported` runs when rows were written. */
export function useImportDirectorySheet(onImported: () => unknown) {
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (args: { kind: DirectoryKind; file: File; token: string }) => {
      setProgress(0);
      return importDirectorySheet({ ...args, onProgress: setProgress });
    },
    onSuccess: async (report) => {
      if (report.imported > 0) await onImported();
    },
  });
  return { ...mutation, progress };
}

/** Fetches a template or an export and saves it; resolves with the file's name. */
export async function downloadDirectorySheet(args: {
  kind: DirectoryKind;
  sheet: 'template' | 'export';
  token: string;
  query?: Record<string, string | undefined>;
}): Promise<string> {
  const query = new URLSearchParams(
    Object.entries(args.query ?? {}).filter((e): e is [string, string] => !!e[1]),
  ).toString();
  let res: Response;
  try {
    res = await fetch(`/api/directory/${args.kind}/${args.sheet}${query ? `?${query}` : ''}`, {
      headers: { authorization: `Bearer ${args.token}` },
    });
  } catch {
    throw new DirectorySheetError(CONNECTION_FAILED_MESSAGE);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { msg?: string; msg_en?: string } | null;
    throw new DirectorySheetError((body && pick(body.msg, body.msg_en)) || httpStatusMessage(res.status));
  }
  const name = fileNameOf(res.headers.get('content-disposition'), `${args.kind}.xlsx`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useDownloadDirectorySheet() {
  return useMutation({ mutationFn: downloadDirectorySheet });
}
