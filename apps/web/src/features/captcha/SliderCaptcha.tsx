import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../lib/graphql.ts';
import { pick } from '../../lib/i18n.ts';
import { errorText } from '../booking/result.ts';
import { checkCaptcha } from './api/checkCaptcha.ts';
import { genCaptcha } from './api/genCaptcha.ts';
import type { CaptchaChallenge, CaptchaCredential, TrackPoint } from './types.ts';
import './slider-captcha.css';

/** How long a right slide shows its success before the credential is handed over. */
export const SUCCESS_PAUSE_MS = 500;
/** How long a wrong slide stays in place before a new picture replaces it. */
export const FAILURE_PAUSE_MS = 900;
/** The server's answer to a caller in a cool-down (too many failed checks or pictures): HTTP 429, or `code` 429 of a check. */
const COOLING = 429;
/** Keyboard steps, in shown px: an arrow key, and Page Up/Down (the server judges keyboard slides by these steps). */
const KEY_STEP = 2;
const PAGE_STEP = 20;
/** Most points a track keeps (the server reads up to 2000): later moves replace the last one. */
const MAX_TRACK = 1000;
/** The piece's width as a share of the background when genCaptcha does not say (100 of 600). */
const DEFAULT_PIECE_SHARE = 100 / 600;

type Phase = 'loading' | 'loadFailed' | 'ready' | 'sliding' | 'checking' | 'passed' | 'failed';

/** A slide in progress: where it started, the shown size of the picture, and the track so far. */
interface Slide {
  via: 'pointer' | 'keyboard';
  pointerId: number | null;
  startX: number;
  startY: number;
  startedAt: number;
  width: number;
  height: number;
  maxX: number;
  track: TrackPoint[];
}

export interface SliderCaptchaProps {
  /** Receives the credential of a right slide (after its success has shown for a moment). */
  onVerified: (credential: CaptchaCredential) => void;
}

const round = (n: number) => Math.round(n * 100) / 100;
const clamp = (n: number, max: number) => Math.min(Math.max(n, 0), max);

function pieceShare(challenge: CaptchaChallenge | null): number {
  const c = challenge?.captcha;
  return c?.templateImageWidth && c.backgroundImageWidth
    ? c.templateImageWidth / c.backgroundImageWidth
    : DEFAULT_PIECE_SHARE;
}

/**
 * The slider captcha (api-contract 3), plain React and CSS so that the phone's popup and the
 * desktop's modal can both hold it: a picture with a hole and its piece, a track with a handle
 * dragged by mouse or touch (Pointer Events) or moved with the arrow keys (Enter checks). The
 * slide's track is sent to checkCaptcha on release; a wrong slide shows the server's message
 * and a new picture, a right one hands over the credential. It fills its container's width.
 */
export function SliderCaptcha({ onVerified }: SliderCaptchaProps) {
  const { t } = useTranslation();
  const hintId = useId();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [x, setX] = useState(0);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const [width, setWidth] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const slide = useRef<Slide | null>(null);
  const loads = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const alive = useRef(true);
  const detach = useRef<() => void>(() => {});
  const verified = useRef(onVerified);
  useEffect(() => {
    verified.current = onVerified;
  });

  const later = useCallback((ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      if (alive.current) run();
    }, ms);
    timers.current.add(timer);
  }, []);

  /** A new picture; an answer to an older request is dropped. */
  const load = useCallback(async () => {
    const seq = ++loads.current;
    slide.current = null;
    setPhase('loading');
    setX(0);
    try {
      const next = await genCaptcha();
      if (!alive.current || seq !== loads.current) return;
      setChallenge(next);
      setPhase('ready');
    } catch (err) {
      if (!alive.current || seq !== loads.current) return;
      setChallenge(null);
      // a cool-down's message says it all (and when to try again); other failures say the picture did not load
      const cooling = err instanceof RequestError && err.status === COOLING;
      setMessage({ text: cooling ? errorText(err) : `${t('captcha.loadFailed')} ${errorText(err)}`, tone: 'error' });
      setPhase('loadFailed');
    }
  }, [t]);

  useEffect(() => {
    alive.current = true;
    const pending = timers.current;
    void load();
    return () => {
      alive.current = false;
      detach.current();
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, [load]);

  // the picture's shown width (it follows the container), for the handle's range
  useEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = () => setWidth(el.getBoundingClientRect().width);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  /** Starts a slide when a picture is ready; null when it is not (or not laid out). */
  const begin = (via: Slide['via'], startX: number, startY: number, pointerId: number | null): Slide | null => {
    if (phase !== 'ready' || !challenge || !stage.current) return null;
    const { width: shown, height } = stage.current.getBoundingClientRect();
    if (!(shown > 0) || !(height > 0)) return null;
    const s: Slide = {
      via,
      pointerId,
      startX,
      startY,
      startedAt: Date.now(),
      width: shown,
      height,
      maxX: shown * (1 - pieceShare(challenge)),
      track: [{ x: 0, y: 0, type: 'down', t: 0 }],
    };
    slide.current = s;
    setWidth(shown);
    setMessage(null);
    setPhase('sliding');
    return s;
  };

  const record = (s: Slide, type: TrackPoint['type'], px: number, py: number) => {
    const point = { x: round(px), y: round(py), type, t: Date.now() - s.startedAt };
    if (type === 'move' && s.track.length >= MAX_TRACK) s.track[s.track.length - 1] = point;
    else s.track.push(point);
  };

  /** Ends the slide: a slide that never left the start is dropped, any other is checked. */
  const finish = async (s: Slide) => {
    slide.current = null;
    const last = s.track[s.track.length - 1]!;
    if (!challenge || last.x <= 0) {
      setX(0);
      setPhase('ready');
      return;
    }
    setPhase('checking');
    const stoppedAt = Date.now();
    try {
      const result = await checkCaptcha(challenge.id, {
        bgImageWidth: round(s.width),
        bgImageHeight: round(s.height),
        startTime: new Date(s.startedAt).toISOString(),
        stopTime: new Date(Math.max(stoppedAt, s.startedAt + last.t)).toISOString(),
        trackList: s.track,
      });
      if (!alive.current) return;
      if (result.success && result.data) {
        const credential = result.data;
        setMessage({ text: pick(result.msg, result.msg_en) || t('captcha.passed'), tone: 'success' });
        setPhase('passed');
        later(SUCCESS_PAUSE_MS, () => verified.current(credential));
        return;
      }
      setMessage({ text: pick(result.msg, result.msg_en) || t('captcha.failed'), tone: 'error' });
      if (result.code === COOLING) {
        // no new picture until the time the message names: the retry button asks for one then
        setPhase('loadFailed');
        return;
      }
    } catch (err) {
      if (!alive.current) return;
      setMessage({ text: errorText(err), tone: 'error' });
    }
    // the challenge is spent either way: a new picture after the failure has shown
    setPhase('failed');
    later(FAILURE_PAUSE_MS, () => void load());
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    const s = begin('pointer', e.clientX, e.clientY, e.pointerId);
    if (!s) return;
    e.preventDefault();
    e.currentTarget.focus({ preventScroll: true });
    const move = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== s.pointerId || slide.current !== s) return;
      const px = clamp(ev.clientX - s.startX, s.maxX);
      record(s, 'move', px, ev.clientY - s.startY);
      setX(px);
    };
    const up = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== s.pointerId) return;
      stop();
      if (slide.current !== s) return;
      const px = clamp(ev.clientX - s.startX, s.maxX);
      record(s, 'up', px, ev.clientY - s.startY);
      setX(px);
      void finish(s);
    };
    const cancel = (ev: globalThis.PointerEvent) => {
      if (ev.pointerId !== s.pointerId) return;
      stop();
      if (slide.current !== s) return;
      slide.current = null;
      setX(0);
      setPhase('ready');
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      window.removeEventListener('pointercancel', cancel);
      detach.current = () => {};
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    window.addEventListener('pointercancel', cancel);
    detach.current = stop;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = {
      ArrowRight: KEY_STEP,
      ArrowUp: KEY_STEP,
      ArrowLeft: -KEY_STEP,
      ArrowDown: -KEY_STEP,
      PageUp: PAGE_STEP,
      PageDown: -PAGE_STEP,
    };
    const current = slide.current;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      if (current?.via !== 'keyboard') return;
      record(current, 'up', x, 0);
      void finish(current);
      return;
    }
    if (e.key === 'Escape' && current?.via === 'keyboard') {
      e.preventDefault();
      e.stopPropagation();
      slide.current = null;
      setX(0);
      setPhase('ready');
      return;
    }
    const step = steps[e.key];
    const to = (s: Slide) => (step !== undefined ? clamp(x + step, s.maxX) : e.key === 'End' ? s.maxX : 0);
    if (step === undefined && e.key !== 'Home' && e.key !== 'End') return;
    e.preventDefault();
    const s = current?.via === 'keyboard' ? current : current ? null : begin('keyboard', 0, 0, null);
    if (!s) return;
    const px = to(s);
    record(s, 'move', px, 0);
    setX(px);
  };

  const share = pieceShare(challenge);
  const range = width * (1 - share);
  const percent = range > 0 ? Math.min(100, Math.round((x / range) * 100)) : 0;
  const busy = phase === 'loading' || phase === 'checking' || phase === 'passed' || phase === 'failed';
  const c = challenge?.captcha;
  return (
    <div className={`yy-captcha yy-captcha-${phase}`}>
      <div className="yy-captcha-head">
        <span id={hintId}>{t('captcha.instruction')}</span>
        <button
          type="button"
          className="yy-captcha-refresh"
          onClick={() => {
            setMessage(null);
            void load();
          }}
          disabled={phase === 'loading' || phase === 'checking' || phase === 'passed'}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M17.65 6.35A7.95 7.95 0 0 0 12 4a8 8 0 1 0 7.75 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4z"
              fill="currentColor"
            />
          </svg>
        </button>
      </div>
      <div
        className="yy-captcha-stage"
        ref={stage}
        style={c ? { aspectRatio: `${c.backgroundImageWidth} / ${c.backgroundImageHeight}` } : undefined}
      >
        {c ? (
          <>
            <img className="yy-captcha-bg" src={c.backgroundImage} alt="" draggable={false} />
            <img
              className="yy-captcha-piece"
              src={c.templateImage}
              alt=""
              draggable={false}
              style={{ width: `${share * 100}%`, transform: `translateX(${x}px)` }}
            />
          </>
        ) : null}
        {phase === 'loading' ? <div className="yy-captcha-cover">{t('captcha.loading')}</div> : null}
        {phase === 'loadFailed' ? (
          <div className="yy-captcha-cover">
            <button type="button" className="yy-captcha-retry" onClick={() => void load()}>
              {t('captcha.retry')}
            </button>
          </div>
        ) : null}
      </div>
      <div className="yy-captcha-track">
        <div className="yy-captcha-fill" style={{ width: `calc(${x}px + ${share * 100}%)` }} />
        {phase === 'ready' && x === 0 ? (
          <span className="yy-captcha-track-hint" aria-hidden="true">
            {t('captcha.trackHint')}
          </span>
        ) : null}
        <div
          className="yy-captcha-handle"
          role="slider"
          tabIndex={busy || phase === 'loadFailed' ? -1 : 0}
          aria-label={t('captcha.handle')}
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('captcha.position', { percent })}
          aria-disabled={busy || phase === 'loadFailed' ? true : undefined}
          style={{ width: `${share * 100}%`, transform: `translateX(${x}px)` }}
          onPointerDown={onPointerDown}
          onKeyDown={onKeyDown}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            {phase === 'passed' ? (
              <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
            ) : phase === 'failed' ? (
              <path
                d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19 12 13.4 17.6 19 19 17.6 13.4 12z"
                fill="currentColor"
              />
            ) : (
              <path d="M12 4l-1.4 1.4 5.6 5.6H4v2h12.2l-5.6 5.6L12 20l8-8z" fill="currentColor" />
            )}
          </svg>
        </div>
      </div>
      <p className={`yy-captcha-message${message ? ` yy-captcha-message-${message.tone}` : ''}`} role="status">
        {message?.text ?? ''}
      </p>
    </div>
  );
}
