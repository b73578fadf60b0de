import type { ComponentChildren } from 'preact';
import { BASE, follow } from '../router';

/** A link inside the console: a real `<a href>` (new tab, copy link), navigated without a reload. */
export function Link(props: { to: string; children: ComponentChildren; class?: string; 'aria-current'?: 'page' }) {
  const href = props.to.startsWith(BASE) ? props.to : `${BASE}${props.to}`;
  return (
    <a href={href} class={props.class} aria-current={props['aria-current']} onClick={(e) => follow(e, href)}>
      {props.children}
    </a>
  );
}
