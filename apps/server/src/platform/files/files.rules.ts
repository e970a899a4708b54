/**
 * What uploads may be: a file is accepted only when its extension names an allowed type AND
 * its first bytes are that type's. The client's Content-Type is never trusted. SVG is not
 * allowed (it can carry script).
 */

import { createHmac, timingSafeEqual } from 'node:crypto';

export interface FileType {
  /** Canonical extension, lower case, no dot. */
  ext: string;
  /** Content type the file is served with. */
  mime: string;
  /** Shown in the browser (images) rather than downloaded. */
  inline: boolean;
}

/** How many leading bytes `detectFileType` needs to decide. */
export const SNIFF_BYTES = 4096;

type Signature = (head: Buffer) => boolean;

const startsWith =
  (...bytes: number[]): Signature =>
  (head) =>
    head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

const ascii =
  (text: string, at = 0): Signature =>
  (head) =>
    head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;

const png = startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const jpeg = startsWith(0xff, 0xd8, 0xff);
const gif: Signature = (h) => ascii('GIF87a')(h) || ascii('GIF89a')(h);
const webp: Signature = (h) => ascii('RIFF')(h) && ascii('WEBP', 8)(h);
const pdf = ascii('%PDF-');
/** OLE2 compound file: legacy .doc, .xls, .ppt. */
const ole2 = startsWith(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);
/** A zip archive (also .docx, .xlsx, .pptx): a local file header, or the end record of an empty archive. */
const zip: Signature = (h) => startsWith(0x50, 0x4b, 0x03, 0x04)(h) || startsWith(0x50, 0x4b, 0x05, 0x06)(h);

/**
 * Plain text: no NUL and no control characters other than tab, line breaks, form feed and
 * escape. Any 8-bit encoding passes (UTF-8, GBK), so a cut multi-byte character at the end
 * of the sample does not matter.
 */
const text: Signature = (h) => {
  for (const b of h) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c && b !== 0x1b) return false;
    if (b === 0x7f) return false;
  }
  return true;
};

const types: Record<string, { type: FileType; matches: Signature }> = {
  png: { type: { ext: 'png', mime: 'image/png', inline: true }, matches: png },
  jpg: { type: { ext: 'jpg', mime: 'image/jpeg', inline: true }, matches: jpeg },
  jpeg: { type: { ext: 'jpeg', mime: 'image/jpeg', inline: true }, matches: jpeg },
  gif: { type: { ext: 'gif', mime: 'image/gif', inline: true }, matches: gif },
  webp: { type: { ext: 'webp', mime: 'image/webp', inline: true }, matches: webp },
  pdf: { type: { ext: 'pdf', mime: 'application/pdf', inline: false }, matches: pdf },
  doc: { type: { ext: 'doc', mime: 'application/msword', inline: false }, matches: ole2 },
  xls: { type: { ext: 'xls', mime: 'application/vnd.ms-excel', inline: false }, matches: ole2 },
  ppt: { type: { ext: 'ppt', mime: 'application/vnd.ms-powerpoint', inline: false }, matches: ole2 },
  docx: {
    type: {
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      inline: false,
    },
    matches: zip,
  },
  xlsx: {
    type: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
    matches: zip,
  },
  pptx: {
    type: {
      ext: 'pptx',
      mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      inline: false,
    },
    matches: zip,
  },
  zip: { type: { ext: 'zip', mime: 'application/zip', inline: false }, matches: zip },
  txt: { type: { ext: 'txt', mime: 'text/plain; charset=utf-8', inline: false }, matches: text },
};

/** The extensions uploads accept (for an `accept` attribute or a message). */
export const allowedExtensions: readonly string[] = Object.keys(types);

/** Lower-case extension of a file name, without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

/**
 * The type of an upload from its name and its first bytes (`SNIFF_BYTES` of them, or the
 * whole file when shorter); null when the extension is not allowed or the content is not
 * what the extension says.
 */
export function detectFileType(fileName: string, head: Buffer): FileType | null {
  const entry = types[extensionOf(fileName)];
  if (!entry || head.length === 0) return null;
  return entry.matches(head) ? entry.type : null;
}

/**
 * A file name safe to store and to send back: the last path segment, without control
 * characters or quotes, at most 200 characters (keeping the extension).
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  if (clean.length <= 200) return clean;
  const ext = extensionOf(clean);
  return ext && ext.length < 20 ? `${clean.slice(0, 199 - ext.length)}.${ext}` : clean.slice(0, 200);
}

/**
 * `Content-Disposition` for serving a stored file: inline or attachment, with an ASCII
 * fallback name and the real name RFC 5987-encoded.
 */
export function contentDisposition(fileName: string, inline: boolean): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'file';
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * What an upload is for, sent by the client as `?purpose=`. It decides who may read the file:
 * public purposes are pictures that pages without a token show (venue pictures, pictures in
 * notices and descriptions, logos and banners), and only back-office users may upload them so a
 * student cannot host files for the world; every other file is private to the tenant's
 * signed-in users (and signed links).
 */
export const filePurposes = {
  'resource-picture': { public: true },
  'content-picture': { public: true },
  branding: { public: true },
  attachment: { public: false },
  avatar: { public: false },
  'evaluation-picture': { public: false },
  import: { public: false },
} as const satisfies Record<string, { public: boolean }>;

export type FilePurpose = keyof typeof filePurposes;

/** The purpose of an upload that names none: private, like a booking's attachment. */
export const DEFAULT_FILE_PURPOSE: FilePurpose = 'attachment';

/** The purpose a client sent (trimmed, any case), the default when it sent none, null when it is not one of the list. */
export function parseFilePurpose(raw: unknown): FilePurpose | null {
  if (raw === undefined || raw === null || raw === '') return DEFAULT_FILE_PURPOSE;
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase();
  if (value === '') return DEFAULT_FILE_PURPOSE;
  return Object.hasOwn(filePurposes, value) ? (value as FilePurpose) : null;
}

/** How long a signed link the server hands out stays valid. */
export const FILE_LINK_TTL_SECONDS = 10 * 60;

/**
 * The longest validity a link may claim. A link whose `exp` lies further ahead was not made by
 * this server (or the key leaked): refused, so a stolen key cannot mint links that never end.
 */
export const FILE_LINK_MAX_SECONDS = 24 * 60 * 60;

/** The HMAC-SHA256 of a signed link: tenant, file id and expiry, base64url. */
export function fileLinkSignature(key: Buffer, tenantId: string, fileId: string, exp: number): string {
  return createHmac('sha256', key)
    .update(`file-link\n${tenantId}\n${fileId.toLowerCase()}\n${exp}`)
    .digest('base64url');
}

/**
 * Whether `?exp=&sig=` make a valid link to this file of this tenant at `nowSeconds`: the
 * signature matches (compared in constant time) and the expiry is ahead, but not further than
 * `FILE_LINK_MAX_SECONDS`.
 */
export function fileLinkValid(
  key: Buffer,
  link: { tenantId: string; fileId: string; exp: unknown; sig: unknown },
  nowSeconds: number,
): boolean {
  const { exp, sig } = link;
  if (typeof exp !== 'string' || !/^\d{1,12}$/.test(exp) || typeof sig !== 'string') return false;
  const expires = Number(exp);
  if (expires <= nowSeconds || expires > nowSeconds + FILE_LINK_MAX_SECONDS) return false;
  const expected = Buffer.from(fileLinkSignature(key, link.tenantId, link.fileId, expires));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
