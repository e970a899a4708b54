/**
 * Dialogs and toasts of the mobile pages, loaded when first shown: antd-mobile's overlays bring
 * an animation library (react-spring, @use-gesture) that no page needs for its first paint.
 */
import type { ReactNode } from 'react';

const dialog = () => import('./overlay-kit.ts').then((m) => m.Dialog);
const toast = () => import('./overlay-kit.ts').then((m) => m.Toast);

/** A message with one button; resolves when it is closed. */
export async function showAlert(options: { title?: ReactNode; content: ReactNode; confirmText: ReactNode }) {
  const Dialog = await dialog();
  await Dialog.alert(options);
}

/** A question with confirm and cancel; `onConfirm` runs (and may take time) before it closes. */
export async function showConfirm(options: {
  title?: ReactNode;
  content?: ReactNode;
  confirmText: ReactNode;
  cancelText: ReactNode;
  onConfirm: () => void | Promise<void>;
}) {
  const Dialog = await dialog();
  await Dialog.confirm(options);
}

/** A short note that goes away by itself. */
export async function showToast(content: ReactNode, icon?: 'success' | 'fail') {
  const Toast = await toast();
  Toast.show({ content, icon });
}
