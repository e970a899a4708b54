import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StarRating } from './StarRating.tsx';
import { StarScore } from './StarScore.tsx';

/** A rating with its own state, as a form holds it; `onChange` sees each change. */
function Rated({ initial = 0, onChange }: { initial?: number; onChange?: (v: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <span id="score">服务评分</span>
      <StarRating
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange?.(v);
        }}
        labelledBy="score"
        starLabel={(n) => `${n}星`}
      />
    </>
  );
}

const group = () => screen.getByRole('radiogroup', { name: '服务评分' });
const checked = () => within(group()).queryByRole('radio', { checked: true })?.getAttribute('aria-label') ?? null;
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? group(), { key });

describe('StarRating', () => {
  it('is a named group of five named radios, none chosen at first', () => {
    render(<Rated />);
    const radios = within(group()).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual(['1星', '2星', '3星', '4星', '5星']);
    expect(checked()).toBeNull();
    expect(group().getAttribute('aria-required')).toBe('true');
  });

  it('chooses the star tapped, and lights the stars up to it', () => {
    const onChange = vi.fn();
    render(<Rated onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: '3星' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(checked()).toBe('3星');
    const lit = group().querySelectorAll('.yy-star-on');
    expect(lit).toHaveLength(3);
  });

  it('moves the choice with the arrow keys, Home and End, without wrapping, and follows it with the focus', () => {
    const onChange = vi.fn();
    render(<Rated onChange={onChange} />);
    screen.getByRole('radio', { name: '1星' }).focus();
    press('ArrowRight');
    expect(checked()).toBe('1星');
    press('ArrowRight');
    press('ArrowDown');
    expect(checked()).toBe('3星');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '3星' }));
    press('ArrowLeft');
    expect(checked()).toBe('2星');
    press('End');
    expect(checked()).toBe('5星');
    press('ArrowRight');
    expect(checked()).toBe('5星');
    press('Home');
    press('ArrowUp');
    expect(checked()).toBe('1星');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1星' }));
    expect(onChange.mock.calls.map(([v]) => v)).toEqual([1, 2, 3, 2, 5, 1]);
  });

  it('leaves other keys (Tab, letters) to the browser', () => {
    const onChange = vi.fn();
    render(<Rated initial={2} onChange={onChange} />);
    const tab = fireEvent.keyDown(screen.getByRole('radio', { name: '2星' }), { key: 'Tab' });
    expect(tab).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks the group invalid and points to the message', () => {
    render(
      <>
        <span id="l">综合评分</span>
        <StarRating value={0} onChange={() => {}} labelledBy="l" starLabel={(n) => `${n}`} invalid describedBy="e" />
        <p id="e">请选择1到5星</p>
      </>,
    );
    const g = screen.getByRole('radiogroup', { name: '综合评分' });
    expect(g.getAttribute('aria-invalid')).toBe('true');
    expect(g.getAttribute('aria-describedby')).toBe('e');
  });
});

describe('StarScore', () => {
  it('reads as one image named by its label, with halves drawn', () => {
    render(<StarScore value={3.5} label="综合评分：3.5" />);
    const img = screen.getByRole('img', { name: '综合评分：3.5' });
    expect(img.querySelectorAll('.yy-star-on')).toHaveLength(3);
    expect(img.querySelectorAll('.yy-star-half')).toHaveLength(1);
    expect(within(img).queryAllByRole('radio')).toHaveLength(0);
  });
});
