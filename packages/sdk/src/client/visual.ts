// Visual experiments on the page (clients with enableUI): the changes of the visitor's versions applied to the page,
// and the page-view and click events their metrics count. scripts/build.mjs can build the snippet without it, to
// measure what the rest weighs.
import type { ElementRule, SdkPayload } from '@tabula/protocol';
import { EDITOR_TOKEN_PARAM, pageUrlMatches } from '@tabula/protocol';
import { type AppliedRules, applyElementRules, hidePage, watchNavigation } from '../dom';
import { CLICK_EVENT, PAGEVIEW_EVENT } from './constants';

export interface VisualHost {
  /** The payload being served; undefined until there is one. */
  served(): SdkPayload | undefined;
  /** The unit's version of an experiment, its exposure logged once; null when the unit is not in it. */
  versionOf(key: string): { version: string } | null;
  /** Queues a track event the SDK sends on its own. */
  goal(event: string, properties: Record<string, string>): void;
  report(error: unknown): void;
  /** How long the page may stay hidden, in ms (the anti-flicker timeout). */
  hideFor?: number;
  /** The Tabula server's origin, which serves the visual editor's bundle. */
  server: string;
}

export interface Visual {
  /** Applies what the payload being served says for the page's address now, if that differs from what is applied. */
  update(): void;
  /** Puts the page back as it was and stops listening to it. */
  stop(): void;
}

/** The element rules of the versions the unit is in, of the running visual experiments whose page is this one. */
function rulesFor(host: VisualHost, payload: SdkPayload, url: string): ElementRule[] {
  const rules: ElementRule[] = [];
  for (const { key, kind, page, versions } of payload.experiments) {
    if (kind !== 'visual' || !page || !pageUrlMatches(page.url, page.match, url)) continue;
    const version = host.versionOf(key)?.version;
    rules.push(...(versions.find((candidate) => candidate.key === version)?.elementRules || []));
  }
  return rules;
}

const idle: Visual = { update() {}, stop() {} };

/**
 * A page opened from the console's "Open visual editor" carries an editor token in its address: the editor's bundle
 * (which reads the token there) is loaded instead of the visitor's changes, so the page starts as it is and the editor
 * shows each version through its own preview. Nor does the editing person count as a visitor.
 */
function openEditor(server: string): Visual {
  const script = document.createElement('script');
  script.src = `${server}/sdk/editor.js`;
  (document.head || document.documentElement).appendChild(script);
  return idle;
}

/**
 * Starts the visual experiments of a page. With a payload served at once (cached, or given) the changes are applied
 * right away, in the snippet's own run: when it runs in <head>, that is before the body exists, and the applier then
 * changes each element as the browser's parser inserts it, before it is ever painted. Only without any payload yet
 * (a first visit) can the SDK not know whether the page is in an experiment: the page is then hidden until the first
 * payload is applied, or for `hideFor` ms at most. A visitor whose page is in no visual experiment never waits.
 */
export function startVisual(host: VisualHost): Visual {
  const { report } = host;
  if (new URLSearchParams(location.search).has(EDITOR_TOKEN_PARAM)) return openEditor(host.server);
  let applied: AppliedRules | undefined;
  /** What is applied, to tell a payload or an address that changes nothing from one that does. */
  let appliedRules = '[]';
  const show = host.served() ? () => {} : hidePage(host.hideFor);
  const pageview = () => host.goal(PAGEVIEW_EVENT, { url: location.href });

  const update = (): void => {
    try {
      const payload = host.served();
      if (!payload) return;
      const rules = rulesFor(host, payload, location.href);
      const text = JSON.stringify(rules);
      if (text !== appliedRules) {
        applied?.revert();
        applied = rules.length ? applyElementRules(rules, { onError: report }) : undefined;
        appliedRules = text;
      }
    } catch (error) {
      report(error);
    }
    show();
  };

  // One listener for every selector, in the capture phase: a page that stops the click's propagation still counts.
  const onClick = (event: Event): void => {
    const target = event.target as Element;
    for (const selector of host.served()?.clickSelectors || []) {
      try {
        if (target.closest?.(selector)) host.goal(CLICK_EVENT, { selector, url: location.href });
      } catch (error) {
        report(error);
      }
    }
  };

  const unwatch = watchNavigation(
    () => {
      pageview();
      update();
    },
    { onError: report },
  );
  document.addEventListener('click', onClick, true);
  pageview();
  update();
  return {
    update,
    stop() {
      unwatch();
      document.removeEventListener('click', onClick, true);
      applied?.revert();
      show();
    },
  };
}
