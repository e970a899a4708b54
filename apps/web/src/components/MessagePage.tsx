import type { ReactNode } from 'react';

/** A full-page message with actions: error pages, sign-in problems, crashes. */
export function MessagePage(props: { code?: string; title: string; text: string; children?: ReactNode }) {
  return (
    <main className="yy-message-page">
      <section className="yy-message-card" aria-labelledby="yy-message-title">
        {props.code && (
          <p className="yy-code" aria-hidden="true">
            {props.code}
          </p>
        )}
        <h1 id="yy-message-title">{props.title}</h1>
        <p>{props.text}</p>
        {props.children}
      </section>
    </main>
  );
}
