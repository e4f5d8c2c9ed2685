import { DEFAULT_ENV_TAG, type Edition, type EditionsByHost, type EnvTag, hostEdition } from '@tabula/protocol';
import { create } from 'zustand';
import { useSettingsStore } from '../settings-store';
import { createSettingsStorage } from '../storage';
import { chooseEnvTagCookie, readEnvTagCookie } from './devtool';
import { editionFor, readEditions } from './edition';
import { type EnvConfig, metaReader, type ReadMeta, readEnvConfig } from './env-config';
import { chooseEnvTag, INVALID_ENV_TAG } from './env-tag';

/** Where this console runs, read once from the page the server sent (spec §3, §4, §7). */
export interface Platform {
  env: EnvConfig;
  /** The environment tag in force, and the API host it selects. */
  tag: EnvTag;
  apiHost: string;
  editions: EditionsByHost;
}

export interface PlatformReading {
  platform: Platform;
  /** Spec §8 errors to report, asynchronously: none when the page was well configured. */
  problems: string[];
  /** The developer-tool cookie named no tag and must be reset to the default one. */
  resetTagCookie: boolean;
}

/** Pure: the platform a page's meta values and developer-tool cookie describe. */
export function readPlatform(meta: ReadMeta, page: { origin: string; cookies: string }): PlatformReading {
  const { config, problem } = readEnvConfig(meta, page.origin);
  const choice = chooseEnvTag(config, readEnvTagCookie(page.cookies));
  const problems = [problem, choice.invalidCookie === null ? null : `${INVALID_ENV_TAG}: "${choice.invalidCookie}"`];
  return {
    platform: {
      env: config,
      tag: choice.tag,
      apiHost: choice.apiHost,
      editions: readEditions(meta),
    },
    problems: problems.filter((text) => text !== null),
    resetTagCookie: choice.invalidCookie !== null,
  };
}

export const usePlatformStore = create<Platform>()(
  () => readPlatform(() => undefined, { origin: globalThis.location?.origin ?? '', cookies: '' }).platform,
);

/** Reads the page once at start-up; returns the problems for the reporter to send. */
export function initPlatform(doc: Document = document): string[] {
  const { platform, problems, resetTagCookie } = readPlatform(metaReader(doc), {
    origin: doc.location?.origin ?? '',
    cookies: doc.cookie,
  });
  if (resetTagCookie) chooseEnvTagCookie(platform.env.environment, DEFAULT_ENV_TAG, doc);
  usePlatformStore.setState(platform, true);
  return problems;
}

/** Spec §1: the edition in force; it follows the stored theme when the host names none. */
export function useEdition(): Edition {
  const editions = usePlatformStore((state) => state.editions);
  const theme = useSettingsStore((state) => state.theme);
  return editionFor(globalThis.location?.hostname ?? '', editions, theme);
}

/** The edition this page's host name selects, which no stored theme overrides. */
export const useHostEdition = (): Edition | null =>
  hostEdition(
    globalThis.location?.hostname ?? '',
    usePlatformStore((state) => state.editions),
  );

/** The same rule outside React, for the reporter's tags. */
export const currentEdition = (): Edition =>
  editionFor(
    globalThis.location?.hostname ?? '',
    usePlatformStore.getState().editions,
    useSettingsStore.getState().theme,
  );

/** Before the state store starts (spec §2 sets it up after translations), the theme is read from storage itself. */
export const storedEdition = (): Edition =>
  editionFor(
    globalThis.location?.hostname ?? '',
    usePlatformStore.getState().editions,
    createSettingsStorage().read()?.theme ?? null,
  );
