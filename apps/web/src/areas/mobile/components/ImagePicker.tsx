import { useEffect, useId, useRef, useState } from 'react';
import { useFileUrl } from '../../../app/useFileUrl.ts';
import './image-picker.css';

/** The picker's words, from the page (it knows its section of the texts). */
export interface ImagePickerTexts {
  /** The add button, e.g. "添加图片". */
  add: string;
  /** A picture's name (its thumbnail's alt), n from 1. */
  picture: (n: number) => string;
  /** The remove button of picture n. */
  remove: (n: number) => string;
  /** On a picture on its way. */
  uploading: string;
  /** On a picture that failed, short. */
  failedShort: string;
  /** Below the pictures: picture n failed, and why. */
  failed: (n: number, reason: string) => string;
  /** The button that sends a failed picture again. */
  retry: string;
  /** Files that are not of the accepted types were left out. */
  notImage: string;
  /** Files past the maximum count were left out. */
  tooMany: string;
}

/** What the page learns at each change: the uploaded pictures' uris, and how many are on their way. */
export interface ImagePickerState {
  uris: string[];
  uploading: number;
}

interface Picture {
  key: string;
  /** What the thumbnail shows: an object URL of the picked file, or the uri of one uploaded before. */
  preview: string;
  /** The picked file (absent for pictures that were there at the start). */
  file?: File;
  /** Where the server stored it ('' until uploaded). */
  uri: string;
  state: 'uploading' | 'done' | 'failed';
  reason?: string;
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" className="yy-picker-icon">
      <path d="M12 4v16M4 12h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

function CrossIcon() {
  return (
    <svg viewBox="0 0 12 12" aria-hidden focusable="false" className="yy-picker-icon">
      <path d="M3 3l6 6M9 3l-6 6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none" />
    </svg>
  );
}

/**
 * Pictures to go with a form, each uploaded as soon as it is picked: a labelled button opens the
 * system's picker (several files at once), the chosen ones show as thumbnails with their upload
 * state, a remove button each, and what went wrong (with the server's reason and a retry) below.
 * Files not of `accept`'s types, or past `max`, are left out with a message. Thumbnails of picked
 * files are object URLs, revoked when the picture is removed or the picker goes away.
 */
export function ImagePicker({
  initial,
  max,
  accept,
  upload,
  onChange,
  onOpen,
  texts,
  labelledBy,
  describedBy,
}: {
  /** Uris of pictures uploaded before (editing). */
  initial: readonly string[];
  max: number;
  /** Accepted MIME types, comma-separated (also the file input's `accept`). */
  accept: string;
  /** Sends a file; resolves to its uri, or rejects with an Error whose message is fit to show. */
  upload: (file: File) => Promise<string>;
  onChange: (state: ImagePickerState) => void;
  /** A tap on a thumbnail: the pictures' sources and the one tapped. */
  onOpen?: (sources: string[], index: number) => void;
  texts: ImagePickerTexts;
  /** Id of the element naming the pictures. */
  labelledBy?: string;
  /** Id of a hint for the add button (kinds, count). */
  describedBy?: string;
}) {
  const id = useId();
  // Pictures uploaded before are private files: their thumbnails load with the user's token.
  const fileSrc = useFileUrl();
  const seq = useRef(0);
  const [pictures, setPictures] = useState<Picture[]>(() =>
    initial.map((uri, i) => ({ key: `old-${i}`, preview: uri, uri, state: 'done' })),
  );
  // The list as last set: uploads finish after renders, and each change starts from the newest list.
  const current = useRef(pictures);
  const previews = useRef(new Set<string>());
  const [refusals, setRefusals] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAdd = useRef(false);
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  });

  // Object URLs hold the files in memory until revoked.
  useEffect(() => {
    const made = previews.current;
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
      made.clear();
    };
  }, []);

  // After a removal, the focus goes to the add button rather than to the page's start.
  useEffect(() => {
    if (focusAdd.current && addButton.current) {
      focusAdd.current = false;
      addButton.current.focus();
    }
  });

  const update = (change: (list: Picture[]) => Picture[]) => {
    const next = change(current.current);
    current.current = next;
    setPictures(next);
    report.current({
      uris: next.filter((p) => p.state === 'done').map((p) => p.uri),
      uploading: next.filter((p) => p.state === 'uploading').length,
    });
  };

  const send = (key: string, file: File) => {
    upload(file).then(
      (uri) => update((list) => list.map((p) => (p.key === key ? { ...p, uri, state: 'done', reason: undefined } : p))),
      (err: unknown) => {
        const reason = err instanceof Error ? err.message : String(err);
        update((list) => list.map((p) => (p.key === key ? { ...p, state: 'failed', reason } : p)));
      },
    );
  };

  const pick = (files: File[]) => {
    const types = accept.split(',');
    const images = files.filter((f) => types.includes(f.type));
    const taken = images.slice(0, Math.max(0, max - current.current.length));
    setRefusals([
      ...(images.length < files.length ? [texts.notImage] : []),
      ...(taken.length < images.length ? [texts.tooMany] : []),
    ]);
    if (!taken.length) return;
    const added: Picture[] = taken.map((file) => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      seq.current += 1;
      return { key: `new-${seq.current}`, preview, file, uri: '', state: 'uploading' };
    });
    update((list) => [...list, ...added]);
    for (const p of added) send(p.key, p.file!);
  };

  const remove = (key: string) => {
    const gone = current.current.find((p) => p.key === key);
    if (gone?.file) {
      URL.revokeObjectURL(gone.preview);
      previews.current.delete(gone.preview);
    }
    setRefusals([]);
    focusAdd.current = true;
    update((list) => list.filter((p) => p.key !== key));
  };

  const retry = (key: string) => {
    const p = current.current.find((x) => x.key === key);
    if (!p?.file) return;
    update((list) => list.map((x) => (x.key === key ? { ...x, state: 'uploading', reason: undefined } : x)));
    send(key, p.file);
  };

  const sources = pictures.map((p) => p.preview);
  return (
    <div className="yy-picker">
      <ul className="yy-picker-list" aria-labelledby={labelledBy}>
        {pictures.map((p, i) => {
          const thumb = (
            <>
              <img className="yy-picker-img" src={fileSrc(p.preview)} alt={texts.picture(i + 1)} />
              {p.state === 'uploading' ? (
                <span className="yy-picker-mask">
                  <span className="yy-picker-spinner" aria-hidden />
                  {texts.uploading}
                </span>
              ) : p.state === 'failed' ? (
                <span className="yy-picker-mask">{texts.failedShort}</span>
              ) : null}
            </>
          );
          return (
            <li key={p.key} className={`yy-picker-cell yy-picker-${p.state}`}>
              {onOpen ? (
                <button
                  type="button"
                  className="yy-picker-thumb"
                  onClick={() => onOpen(sources, i)}
                  aria-describedby={p.state === 'failed' ? `${id}-${p.key}` : undefined}
                >
                  {thumb}
                </button>
              ) : (
                <span className="yy-picker-thumb">{thumb}</span>
              )}
              <button
                type="button"
                className="yy-picker-remove"
                aria-label={texts.remove(i + 1)}
                onClick={() => remove(p.key)}
              >
                <CrossIcon />
              </button>
            </li>
          );
        })}
        {pictures.length < max ? (
          <li className="yy-picker-cell">
            <button
              ref={addButton}
              type="button"
              className="yy-picker-add"
              aria-describedby={describedBy}
              onClick={() => input.current?.click()}
            >
              <PlusIcon />
              <span>{texts.add}</span>
            </button>
          </li>
        ) : null}
      </ul>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple
        hidden
        tabIndex={-1}
        onChange={(e) => {
          pick([...(e.target.files ?? [])]);
          // The same file may be picked again after it was removed.
          e.target.value = '';
        }}
      />
      <div className="yy-picker-messages" aria-live="polite">
        {refusals.map((message) => (
          <p key={message} className="yy-picker-error">
            {message}
          </p>
        ))}
        {pictures.map((p, i) =>
          p.state === 'failed' ? (
            <p key={p.key} className="yy-picker-error yy-picker-failure">
              <span id={`${id}-${p.key}`}>{texts.failed(i + 1, p.reason ?? '')}</span>
              <button
                type="button"
                className="yy-picker-retry"
                aria-describedby={`${id}-${p.key}`}
                onClick={() => retry(p.key)}
              >
                {texts.retry}
              </button>
            </p>
          ) : null,
        )}
      </div>
    </div>
  );
}
