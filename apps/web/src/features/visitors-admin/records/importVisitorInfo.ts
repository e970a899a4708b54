import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONNECTION_FAILED_MESSAGE, httpStatusMessage } from '@yuyue/shared';
import { pick } from '../../../lib/i18n.ts';

/** One refused row of a visitor import: sheet row number (the header is row 1), field, zh/en reason. */
export interface VisitorImportRowError {
  row: number;
  field: string;
  msg: string;
  msg_en: string;
}

/** The import's report: errcode "0" when visitors were imported. */
export interface VisitorImportReport {
  errcode: string;
  msg: string;
  msg_en: string;
  total: number;
  imported: number;
  errors: VisitorImportRowError[];
}

/** An import refused as a whole (bad file, no rights) or that never arrived; `message` is fit to show. */
export class VisitorImportError extends Error {
  override name = 'VisitorImportError';
}

/** Largest sheet accepted (the server's limit). */
export const VISITOR_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export interface VisitorImportArgs {
  file: File;
  token: string;
  onProgress?: (percent: number) => void;
}

/**
 * `importVisitorInfo` as a file: `POST /api/visitors/records/import` (multipart field `file`).
 * XMLHttpRequest rather than fetch: only it reports upload progress.
 */
export function importVisitorInfo({ file, token, onProgress }: VisitorImportArgs): Promise<VisitorImportReport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/visitors/records/import');
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.timeout = 120_000;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<VisitorImportReport> | null;
      if (xhr.status === 200 && body && Array.isArray(body.errors)) {
        onProgress?.(100);
        resolve(body as VisitorImportReport);
        return;
      }
      reject(new VisitorImportError((body && pick(body.msg, body.msg_en)) || httpStatusMessage(xhr.status)));
    };
    xhr.onerror = () => reject(new VisitorImportError(CONNECTION_FAILED_MESSAGE));
    xhr.ontimeout = () => reject(new VisitorImportError(httpStatusMessage(408)));
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Imports a visitor sheet with its upload progress; the records reload when visitors were imported. */
export function useImportVisitorInfo() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (args: Omit<VisitorImportArgs, 'onProgress'>) => {
      setProgress(0);
      return importVisitorInfo({ ...args, onProgress: setProgress });
    },
    onSuccess: async (report) => {
      if (report.imported > 0) await queryClient.invalidateQueries({ queryKey: ['findVisitorRegistrationEntityList'] });
    },
  });
  return { ...mutation, progress };
}
