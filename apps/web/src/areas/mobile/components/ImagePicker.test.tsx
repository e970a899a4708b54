import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePicker, type ImagePickerState, type ImagePickerTexts } from './ImagePicker.tsx';

const texts: ImagePickerTexts = {
  add: '添加图片',
  picture: (n) => `评价图片${n}`,
  remove: (n) => `删除图片${n}`,
  uploading: '上传中…',
  failedShort: '上传失败',
  failed: (n, reason) => `第${n}张图片上传失败：${reason}`,
  retry: '重新上传',
  notImage: '只能上传图片（png、jpg、gif、webp）',
  tooMany: '最多上传2张图片',
};
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** An upload the test settles by hand. */
function deferred() {
  let resolve!: (uri: string) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<string>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

let made: string[];
let revoked: string[];
const created = URL.createObjectURL;
const revoke = URL.revokeObjectURL;
beforeEach(() => {
  made = [];
  revoked = [];
  URL.createObjectURL = vi.fn((f: Blob) => {
    const url = `blob:${(f as File).name}`;
    made.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(() => {
  URL.createObjectURL = created;
  URL.revokeObjectURL = revoke;
});

function renderPicker(props: Partial<Parameters<typeof ImagePicker>[0]> = {}) {
  const states: ImagePickerState[] = [];
  const upload = vi.fn((file: File) => Promise.resolve(`/api/file/${file.name}`));
  const view = render(
    <>
      <p id="pics">图片</p>
      <ImagePicker
        initial={[]}
        max={2}
        accept={ACCEPT}
        upload={upload}
        onChange={(s) => states.push(s)}
        texts={texts}
        labelledBy="pics"
        {...props}
      />
    </>,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
  const pick = (...files: File[]) => act(async () => void fireEvent.change(input, { target: { files } }));
  return { states, upload, input, pick, view };
}

describe('ImagePicker', () => {
  it('offers a labelled add button that opens the file input for several pictures', () => {
    const { input } = renderPicker();
    expect(input.accept).toBe(ACCEPT);
    expect(input.multiple).toBe(true);
    const click = vi.spyOn(input, 'click');
    fireEvent.click(screen.getByRole('button', { name: '添加图片' }));
    expect(click).toHaveBeenCalled();
    expect(screen.getByRole('list', { name: '图片' })).toBeTruthy();
  });

  it('uploads each picture as it is picked, showing its state, and reports the uris', async () => {
    const pending = deferred();
    const { states, pick } = renderPicker({ upload: () => pending.promise });
    await pick(png('a.png'));
    expect(screen.getByRole('img', { name: '评价图片1' }).getAttribute('src')).toBe('blob:a.png');
    expect(screen.getByText('上传中…')).toBeTruthy();
    expect(states.at(-1)).toEqual({ uris: [], uploading: 1 });
    await act(async () => pending.resolve('/api/file/a'));
    expect(screen.queryByText('上传中…')).toBeNull();
    expect(states.at(-1)).toEqual({ uris: ['/api/file/a'], uploading: 0 });
  });

  it('refuses files that are not pictures, and pictures past the maximum, with their messages', async () => {
    const { upload, states, pick } = renderPicker();
    await pick(new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(texts.notImage)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(made).toEqual([]);

    await pick(png('a.png'), new File(['x'], 'b.txt', { type: 'text/plain' }), png('c.png'), png('d.png'));
    expect(upload.mock.calls.map(([f]) => f.name)).toEqual(['a.png', 'c.png']);
    expect(screen.getByText(texts.notImage)).toBeTruthy();
    expect(screen.getByText(texts.tooMany)).toBeTruthy();
    expect(states.at(-1)).toEqual({ uris: ['/api/file/a.png', '/api/file/c.png'], uploading: 0 });
    // full: no add button any more
    expect(screen.queryByRole('button', { name: '添加图片' })).toBeNull();
  });

  it('shows a failed upload with its reason, leaves it out, and sends it again on retry', async () => {
    const first = deferred();
    const second = deferred();
    const upload = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { states, pick } = renderPicker({ upload });
    await pick(png('big.png'));
    await act(async () => first.reject(new Error('文件过大，最大允许10MB')));
    const reason = screen.getByText('第1张图片上传失败：文件过大，最大允许10MB');
    expect(screen.getByText('上传失败')).toBeTruthy();
    expect(states.at(-1)).toEqual({ uris: [], uploading: 0 });
    const retry = screen.getByRole('button', { name: '重新上传' });
    expect(retry.getAttribute('aria-describedby')).toBe(reason.id);

    fireEvent.click(retry);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]![0]).toBe(upload.mock.calls[0]![0]);
    expect(screen.getByText('上传中…')).toBeTruthy();
    await act(async () => second.resolve('/api/file/big'));
    expect(screen.queryByText(/上传失败/)).toBeNull();
    expect(states.at(-1)).toEqual({ uris: ['/api/file/big'], uploading: 0 });
  });

  it('removes a picture: its thumbnail URL is revoked, the rest is reported, the focus goes to the add button', async () => {
    const { states, pick } = renderPicker({ initial: ['/api/file/old'], max: 3 });
    expect(screen.getByRole('img', { name: '评价图片1' }).getAttribute('src')).toBe('/api/file/old');
    await pick(png('a.png'), png('b.png'));
    expect(states.at(-1)).toEqual({ uris: ['/api/file/old', '/api/file/a.png', '/api/file/b.png'], uploading: 0 });

    fireEvent.click(screen.getByRole('button', { name: '删除图片2' }));
    expect(revoked).toEqual(['blob:a.png']);
    expect(states.at(-1)).toEqual({ uris: ['/api/file/old', '/api/file/b.png'], uploading: 0 });
    expect(screen.getByRole('img', { name: '评价图片2' }).getAttribute('src')).toBe('blob:b.png');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '添加图片' }));

    // a picture from before has no object URL to revoke
    fireEvent.click(screen.getByRole('button', { name: '删除图片1' }));
    expect(revoked).toEqual(['blob:a.png']);
    expect(states.at(-1)).toEqual({ uris: ['/api/file/b.png'], uploading: 0 });
  });

  it('drops an upload that ends after its picture was removed', async () => {
    const pending = deferred();
    const { states, pick } = renderPicker({ upload: () => pending.promise });
    await pick(png('a.png'));
    fireEvent.click(screen.getByRole('button', { name: '删除图片1' }));
    await act(async () => pending.resolve('/api/file/a'));
    expect(screen.queryByRole('img')).toBeNull();
    expect(states.at(-1)).toEqual({ uris: [], uploading: 0 });
  });

  it('revokes the object URLs left when it goes away', async () => {
    const { pick, view } = renderPicker();
    await pick(png('a.png'), png('b.png'));
    view.unmount();
    expect(revoked.sort()).toEqual(['blob:a.png', 'blob:b.png']);
  });

  it('opens a tapped thumbnail with all the pictures', async () => {
    const onOpen = vi.fn();
    const { pick } = renderPicker({ initial: ['/api/file/old'], onOpen });
    await pick(png('a.png'));
    const list = screen.getByRole('list', { name: '图片' });
    fireEvent.click(within(list).getByRole('button', { name: '评价图片2' }));
    expect(onOpen).toHaveBeenCalledWith(['/api/file/old', 'blob:a.png'], 1);
  });
});
