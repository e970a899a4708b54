import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { SkeletonLines } from './SkeletonLines.tsx';

beforeAll(() => initI18n());

describe('SkeletonLines', () => {
  it('draws a title and the lines asked for, and is read as loading', () => {
    const { container } = render(<SkeletonLines lines={4} />);
    expect(screen.getByRole('status').textContent).toBe('加载中…');
    expect(container.querySelectorAll('.yy-m-skeleton-title')).toHaveLength(1);
    expect(container.querySelectorAll('.yy-m-skeleton-line')).toHaveLength(4);
  });

  it('may go without the title', () => {
    const { container } = render(<SkeletonLines lines={2} title={false} />);
    expect(container.querySelectorAll('.yy-m-skeleton-title')).toHaveLength(0);
    expect(container.querySelectorAll('.yy-m-skeleton-line')).toHaveLength(2);
  });
});
