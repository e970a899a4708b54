import { describe, expect, it } from 'vitest';
import type { Evaluation } from './types.ts';
import {
  EMPTY_EVALUATION,
  authorOf,
  averageOf,
  evaluateAction,
  evaluationModel,
  formatScore,
  hasErrors,
  isScore,
  starsOf,
  validateEvaluation,
  valuesOf,
  type EvaluationValues,
} from './form.ts';

const rated = (over: Partial<EvaluationValues> = {}): EvaluationValues => ({
  scores: { composite_score: 5, resources_score: 4, system_score: 3, service_score: 2 },
  content: '场地干净',
  pictures: ['/yy-sys/api/file/a'],
  anonymous: false,
  ...over,
});

describe('isScore', () => {
  it('accepts whole stars from 1 to 5 only', () => {
    expect([1, 2, 3, 4, 5].every(isScore)).toBe(true);
    for (const bad of [0, 6, 2.5, -1, Number.NaN, '3', null, undefined]) expect(isScore(bad)).toBe(false);
  });
});

describe('validateEvaluation', () => {
  it('asks for every one of the four scores', () => {
    const errors = validateEvaluation(EMPTY_EVALUATION);
    expect(Object.keys(errors).sort()).toEqual(['composite_score', 'resources_score', 'service_score', 'system_score']);
    expect(errors.composite_score).toEqual({ key: 'errors.scoreRequired' });
  });

  it('passes rated values with or without text and pictures', () => {
    expect(hasErrors(validateEvaluation(rated()))).toBe(false);
    expect(hasErrors(validateEvaluation(rated({ content: '', pictures: [] })))).toBe(false);
  });

  it('refuses half or out-of-range stars', () => {
    const v = rated();
    v.scores.system_score = 3.5;
    v.scores.service_score = 6;
    expect(Object.keys(validateEvaluation(v)).sort()).toEqual(['service_score', 'system_score']);
  });

  it('counts the text after trimming, up to 1000 characters', () => {
    expect(validateEvaluation(rated({ content: `  ${'好'.repeat(1000)}  ` })).content).toBeUndefined();
    expect(validateEvaluation(rated({ content: 'a'.repeat(1001) })).content).toEqual({
      key: 'errors.contentTooLong',
      values: { max: 1000, n: 1001 },
    });
  });

  it('allows nine pictures, not ten, and waits for uploads on their way', () => {
    const uris = (n: number) => Array.from({ length: n }, (_, i) => `/yy-sys/api/file/${i}`);
    expect(validateEvaluation(rated({ pictures: uris(9) })).pictures).toBeUndefined();
    expect(validateEvaluation(rated({ pictures: uris(10) })).pictures?.key).toBe('errors.tooManyPictures');
    expect(validateEvaluation(rated(), 1).pictures?.key).toBe('errors.uploading');
  });
});

describe('evaluationModel', () => {
  it('builds a new evaluation of the booking, trimmed, anonymous as "1"', () => {
    expect(evaluationModel(rated({ content: '  不错 ', anonymous: true }), { appointmentId: 'b1' })).toEqual({
      appointment_id: 'b1',
      composite_score: 5,
      resources_score: 4,
      system_score: 3,
      service_score: 2,
      content: '不错',
      pictures: ['/yy-sys/api/file/a'],
      is_anonymous: '1',
    });
  });

  it("replaces the user's evaluation when it has an id", () => {
    const model = evaluationModel(rated(), { appointmentId: 'b1', id: 'e1' });
    expect(model.id).toBe('e1');
    expect(model.is_anonymous).toBe('0');
  });

  it('round-trips an evaluation through the form values', () => {
    const e = {
      composite_score: 4,
      resources_score: 5,
      system_score: 3,
      service_score: 4,
      content: '好',
      pictures: ['/p/1', ''],
      is_anonymous: '1',
    } as Evaluation;
    expect(valuesOf(e)).toEqual({
      scores: { composite_score: 4, resources_score: 5, system_score: 3, service_score: 4 },
      content: '好',
      pictures: ['/p/1'],
      anonymous: true,
    });
  });
});

describe('evaluateAction', () => {
  const booking = { state: '0', appointment_state: '1', is_evaluate: '0', appointment_user: 'student' };
  it('lets the booker evaluate a performed booking once, then view it', () => {
    expect(evaluateAction(booking, 'student')).toBe('evaluate');
    expect(evaluateAction({ ...booking, is_evaluate: '1' }, 'student')).toBe('view');
  });
  it('offers nothing to others, nor for bookings not performed or cancelled', () => {
    expect(evaluateAction(booking, 'teacher')).toBeNull();
    expect(evaluateAction(booking, '')).toBeNull();
    for (const appointment_state of ['0', '2', '3'])
      expect(evaluateAction({ ...booking, appointment_state }, 'student')).toBeNull();
    expect(evaluateAction({ ...booking, state: '1' }, 'student')).toBeNull();
  });
});

describe('averages', () => {
  it('formats means with one decimal and "-" when nobody evaluated', () => {
    expect(formatScore(4.25, 4)).toBe('4.3');
    expect(formatScore(5, 1)).toBe('5.0');
    expect(formatScore(0, 0)).toBe('-');
    expect(formatScore(3, 0)).toBe('-');
    expect(formatScore(null)).toBe('-');
  });
  it('shows means as half stars within 0..5', () => {
    expect(starsOf(4.24)).toBe(4);
    expect(starsOf(4.25)).toBe(4.5);
    expect(starsOf(4.76)).toBe(5);
    expect(starsOf(7)).toBe(5);
    expect(starsOf(undefined)).toBe(0);
  });
  it("finds a resource's averages, zeros when it has none", () => {
    const list = [
      { resources_id: 'r1', evaluateCount: 2, average: 4.5, resources_score: 4, system_score: 5, service_score: 4.5 },
    ];
    expect(averageOf(list, 'r1').evaluateCount).toBe(2);
    expect(averageOf(list, 'r2')).toEqual({
      resources_id: 'r2',
      evaluateCount: 0,
      average: 0,
      resources_score: 0,
      system_score: 0,
      service_score: 0,
    });
  });
});

describe('authorOf', () => {
  it("hides anonymous authors, even when the name came along (the author's own list)", () => {
    expect(authorOf({ is_anonymous: '1', created_user: 'student', created_user_name: '张同学' })).toBeNull();
    expect(authorOf({ is_anonymous: '0', created_user: '', created_user_name: '' })).toBeNull();
    expect(authorOf({ is_anonymous: '0', created_user: 'student', created_user_name: '张同学' })).toBe('张同学');
    expect(authorOf({ is_anonymous: '0', created_user: 'student', created_user_name: '' })).toBe('student');
  });
});
