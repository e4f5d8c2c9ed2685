// Visual experiments on the page (clients with enableUI): the changes of the visitor's versions applied to the page,
// and the page-view and click events their metrics count. scripts/build.mjs can build the snippet without it, to
// measure what the rest weighs.
import type { PayloadVersion, SdkPayload } from '@tabula/protocol';
import { EDITOR_TOKEN_PARAM, pageUrlMatches } from '@tabula/protocol';
import { type AppliedRules, applyElementRules, hidePage, watchNavigation } from '../dom';
import { addScript } from '../dom/add-script';
import { CLICK_EVENT, PAGEVIEW_EVENT } from './constants';
import { loadPart, type Part } from './parts';
import { SCRIPT } from './script-url';

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
  /** The Tabula server's origin, which serves the visual editor's bundle and versions' custom scripts. */
  server: string;
  /** Sends the queued events now (the exposure before a redirect); never rejects. */
  flush(): Promise<void>;
}

export interface Visual {
  /** Applies what the payload being served says for the page's address now, if that differs from what is applied. */
  update(): void;
  /** Puts the page back as it was and stops listening to it. */
  stop(): void;
}

/** The versions the unit is in, of the running visual experiments whose page is this one. */
function versionsFor(host: VisualHost, payload: SdkPayload, url: string): PayloadVersion[] {
  const versions: PayloadVersion[] = [];
  for (const { key, kind, page, versions: all } of payload.experiments) {
    if (kind !== 'visual' || !page || !pageUrlMatches(page.url, page.match, url)) continue;
    const version = host.versionOf(key)?.version;
    const found = all.find((candidate) => candidate.key === version);
    if (found) versions.push(found);
  }
  return versions;
}

const idle: Visual = { update() {}, stop() {} };

/**
 * A page opened from the console's "Open visual editor" carries an editor token in its address: the editor's bundle
 * (which reads the token there) is loaded instead of the visitor's changes, so the page starts as it is and the editor
 * shows each version through its own preview. Nor does the editing person count as a visitor.
 */
function openEditor(server: string): Visual {
  addScript(`${server}/sdk/editor.js`);
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
  /** Undoes the part's changes of the whole page; null while the page leaves for a redirect. */
  let undoPage: (() => void) | null | undefined;
  /** What is applied, to tell a payload or an address that changes nothing from one that does. */
  let appliedVersions = '[]';
  /** The part with the rarer kinds of change, once loaded; null when it could not be. */
  let changes: Part<'changes'> | null | undefined;
  let loading = false;
  /** Shows the page hidden until the changes are applied, if it is. */
  let reveal = host.served() ? undefined : hidePage(host.hideFor);
  const show = () => {
    reveal?.();
    reveal = undefined;
  };
  const hide = () => {
    reveal ||= hidePage(host.hideFor);
  };
  const pageview = () => host.goal(PAGEVIEW_EVENT, { url: location.href });
  const pageHost = { ...host, nonce: SCRIPT?.nonce, hide };

  /**
   * Loads the part with the rarer changes, the page hidden meanwhile (up to the anti-flicker timeout) so that it never
   * shows a version half applied, then applies again. Without the part, what the snippet applies alone still is.
   */
  const loadChanges = () => {
    hide();
    if (loading) return;
    loading = true;
    loadPart('changes')
      .then(
        (part) => (changes = part),
        (error) => {
          report(error);
          changes = null;
        },
      )
      .then(() => {
        appliedVersions = '';
        update();
      });
  };

  /** Applies the versions' changes; false while the part they need is loading, or when the page is leaving. */
  const apply = (versions: PayloadVersion[], text: string): boolean => {
    // What only the part applies: elements removed or inserted, one device's styles, a style sheet, a script, a
    // redirect. Quotes inside a value are escaped in the JSON, so a text merely containing these words never matches;
    // a stray match (an attribute named so) would only load the part.
    if (changes === undefined && /"(remove|insert|device|css|script|redirect)"/.test(text)) {
      loadChanges();
      return false;
    }
    const part = changes || undefined;
    applied?.revert();
    undoPage?.();
    undoPage = part?.page(versions, pageHost);
    if (undoPage === null) return false;
    const rules = versions.flatMap((version) => version.elementRules || []);
    applied = rules.length ? applyElementRules(rules, { onError: report, structure: part }) : undefined;
    return true;
  };

  const update = (): void => {
    try {
      const payload = host.served();
      if (!payload) return;
      const versions = versionsFor(host, payload, location.href);
      const text = JSON.stringify(versions);
      if (text !== appliedVersions) {
        appliedVersions = text;
        if (!apply(versions, text)) return;
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
      undoPage?.();
      show();
    },
  };
}
