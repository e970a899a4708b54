import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONNECTION_FAILED_MESSAGE, httpStatusMessage, type CodeImportMode } from '@yuyue/shared';
import { pick } from '../../../lib/i18n.ts';

/** One refused cell of an import: sheet row number (header is row 1), column, zh/en text. */
export interface ImportRowError {
  row: number;
  column: string;
  msg: string;
  msg_en: string;
}

/** The import's answer: errcode "0" when rows were written, with a per-row error report. */
export interface ImportReport {
  errcode: string;
  msg: string;
  msg_en: string;
  total: number;
  imported: number;
  errors: ImportRowError[];
}

/** An import the server refused as a whole (bad file, no rights) or that never arrived. */
export class ImportRequestError extends Error {
  override name = 'ImportRequestError';
}

/** Upload time limit: large sheets on slow links take longer than the usual 10 s. */
const IMPORT_TIMEOUT_MS = 120_000;

export interface ImportArgs {
  file: File;
  codeId: string;
  mode: CodeImportMode;
  token: string;
  /** Upload progress, 0..100. */
  onProgress?: (percent: number) => void;
}

/**
 * `POST /api/code/import?codeId&mode` with the file as multipart field `file`. XMLHttpRequest
 * rather than fetch: only it reports upload progress.
 */
export function importCodeItems({ file, codeId, mode, token, onProgress }: ImportArgs): Promise<ImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const query = new URLSearchParams({ codeId, mode });
    xhr.open('POST', `/api/code/import?${query.toString()}`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = IMPORT_TIMEOUT_MS;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<ImportReport> | null;
      if (xhr.status === 200 && body && Array.isArray(body.errors)) {
        onProgress?.(100);
        resolve(body as ImportReport);
        return;
      }
      reject(new ImportRequestError((body && pick(body.msg, body.msg_en)) || httpStatusMessage(xhr.status)));
    };
    xhr.onerror = () => reject(new ImportRequestError(CONNECTION_FAILED_MESSAGE));
    xhr.ontimeout = () => reject(new ImportRequestError(httpStatusMessage(408)));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Imports a spreadsheet with its upload progress; item lists reload when rows were written. */
export function useImportCodeItems() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (args: Omit<ImportArgs, 'onProgress'>) => {
      setProgress(0);
      return importCodeItems({ ...args, onProgress: setProgress });
    },
    onSuccess: async (report) => {
      if (report.imported > 0) {
        await queryClient.invalidateQueries({ queryKey: ['findCodeItemsAll'] });
        await queryClient.invalidateQueries({ queryKey: ['findCodes'] });
        await queryClient.invalidateQueries({ queryKey: ['findCodesAll'] });
      }
    },
  });
  return { ...mutation, progress };
}
