import { useLayoutEffect, useRef, type TextareaHTMLAttributes } from 'react';
import './growing-text-area.css';

/**
 * A native text box that grows with its text from `minRows` lines up to `maxRows`, then scrolls
 * (antd-mobile's TextArea does the same, and brings a 2 kB chunk of its own to every page using
 * it). The caller frames it (a `yy-m-textarea`-style box) and labels it (`id` + `<label>`).
 */
export function GrowingTextArea({
  value,
  onValue,
  minRows = 2,
  maxRows = 5,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'rows'> & {
  value: string;
  onValue: (value: string) => void;
  minRows?: number;
  maxRows?: number;
}) {
  const area = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    if (el.scrollHeight > 0) el.style.height = `${el.scrollHeight}px`;
  }, [value]);
  return (
    <textarea
      {...rest}
      ref={area}
      className={rest.className ? `yy-m-growing-text ${rest.className}` : 'yy-m-growing-text'}
      rows={minRows}
      style={{ maxHeight: `calc(${maxRows} * 1.5em)`, ...rest.style }}
      value={value}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}
