import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useLayoutEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useNavigationType } from 'react-router';

/** Whether the app itself navigated here (so "back" stays in the app). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

/**
 * The top bar of a mobile sub-page: a labelled back button (to the previous page, or to
 * `fallback` when the page was opened directly), the title, and optional actions.
 */
export function PageNav({ title, fallback, right }: { title: ReactNode; fallback: string; right?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  // A page opened by a link starts at its top; one come back to keeps where the page puts it.
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [navigationType]);
  return (
    <NavBar
      className="yy-m-nav"
      onBack={() => (canGoBack() ? navigate(-1) : navigate(fallback, { replace: true }))}
      backIcon={
        <span role="img" aria-label={t('booking.back')}>
          <LeftOutline />
        </span>
      }
      right={right}
    >
      {title}
    </NavBar>
  );
}
