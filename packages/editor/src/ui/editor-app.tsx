import { DEVICES, type EditorSession } from '@tabula/protocol';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorApi } from '../api/client';
import { withoutToken } from '../boot/launch';
import { type DraftVersion, isDirty } from '../changes/history';
import { isExperimentPage } from '../integration/experiment-page';
import { type PageTarget, pageItself } from '../page/page-target';
import { usePageChanges } from '../page/use-page-changes';
import { usePagePointer } from '../page/use-page-pointer';
import { DeviceFrame } from './device-frame';
import { EditStep } from './edit-step';
import { IntegrationHelper } from './integration-helper';
import { Overlay } from './overlay';
import { PageAddress } from './page-address';
import { ReviewStep } from './review-step';
import { Segmented } from './segmented';
import { useEditing } from './use-editing';
import { useToast } from './use-toast';

/** Spec §4: the editor wizard's steps, with previous and next. */
export const STEPS = ['page', 'edit', 'review'] as const;
type Step = (typeof STEPS)[number];
/** Spec §4: edit and preview modes, desktop and mobile devices. */
const MODES = ['edit', 'preview'] as const;
type Mode = (typeof MODES)[number];
type Device = (typeof DEVICES)[number];

/** Experiments whose page no longer changes (spec: only a stopped experiment's name and hypothesis may). */
const CLOSED_STATUSES = new Set(['stopped', 'archived']);

const draftsOf = (session: EditorSession): DraftVersion[] =>
  session.versions.map(({ key, name, isControl, changeRecords }) => ({ key, name, isControl, changeRecords }));

export interface EditorAppProps {
  api: EditorApi;
  token: string;
  serverOrigin: string;
  /** The page the editor runs on. */
  page: Window;
  /** The element holding the editor's shadow root: its events are the editor's own. */
  host: HTMLElement;
  onExit(): void;
}

export function EditorApp({ api, token, serverOrigin, page, host, onExit }: EditorAppProps) {
  const { t } = useTranslation();
  const { notify, view: toast } = useToast();
  const [session, setSession] = useState<EditorSession | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('page');
  const [mode, setMode] = useState<Mode>('edit');
  const [device, setDevice] = useState<Device>('desktop');
  const [dock, setDock] = useState<'right' | 'left'>('right');
  const [frame, setFrame] = useState<PageTarget | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = useEditing({ editorHost: host, device, notify });
  const { dispatch, resetPage, readMatches } = editing;

  const pageTarget = useMemo(() => pageItself(page), [page]);
  // Preview lays the page out beside the panel, in a frame as wide as the room left; a phone is always a frame.
  const framed = device === 'mobile' || mode === 'preview';
  const target = framed ? frame : pageTarget;
  const address = withoutToken(page.location.href);

  useEffect(() => {
    api.session().then(
      (loaded) => {
        setSession(loaded);
        dispatch({ type: 'load', versions: draftsOf(loaded) });
      },
      (error: Error) => setLoadError(error.message),
    );
  }, [api, dispatch]);
  // Elements of one page are not those of the other.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetPage only clears state
  useEffect(() => resetPage(), [target]);

  usePageChanges(target, editing.shown);
  // After the page shows the changes, so a Remove is not counted among the matches.
  useEffect(() => readMatches(), [readMatches]);
  usePagePointer(target, step === 'edit' && mode === 'edit', host, editing.pointer);

  if (loadError || !session) {
    return (
      <div className="panel" data-dock={dock} data-editor-state={loadError ? 'failed' : 'loading'}>
        <header>
          <h1>{t('title')}</h1>
          <button type="button" data-action="exit" onClick={onExit}>
            {t('actions.exit')}
          </button>
        </header>
        <div className="content">
          {loadError ? (
            <div className="notice error">{t('messages.loadFailed', { message: loadError })}</div>
          ) : (
            <p className="muted">…</p>
          )}
        </div>
      </div>
    );
  }

  const closed = CLOSED_STATUSES.has(session.experiment.status);
  const stepIndex = STEPS.indexOf(step);
  const save = async () => {
    setSaving(true);
    try {
      const saved = await api.saveVersions({
        experimentKey: session.experiment.key,
        versions: editing.history.present.map(({ key, name, changeRecords }) => ({ key, name, changeRecords })),
      });
      setSession(saved);
      dispatch({ type: 'saved', versions: draftsOf(saved) });
      notify('success', t('messages.saved'));
    } catch (error) {
      notify('error', t('messages.saveFailed', { message: (error as Error).message }));
    } finally {
      setSaving(false);
    }
  };

  const trackClicks = async (goal: { name: string; selector: string }) => {
    try {
      setSession(await api.addGoal({ experimentKey: session.experiment.key, ...goal }));
      notify('success', t('goals.added'));
    } catch (error) {
      notify('error', t('goals.addFailed', { message: (error as Error).message }));
    }
  };

  return (
    <>
      {framed && (
        <DeviceFrame
          key={`${device}:${mode}`}
          src={address}
          layout={device === 'mobile' ? 'phone' : 'docked'}
          dock={dock}
          onTarget={setFrame}
        />
      )}
      {target && step === 'edit' && mode === 'edit' && <Overlay target={target} boxes={editing.overlay} />}
      <div className="panel" data-dock={dock} data-editor-state="ready" data-step={step} data-mode={mode}>
        <header>
          <h1>
            {t('title')}
            <small>{session.experiment.name}</small>
          </h1>
          <button
            type="button"
            className="link"
            title={t('actions.dock')}
            onClick={() => setDock(dock === 'right' ? 'left' : 'right')}
          >
            ⇄
          </button>
          <button type="button" data-action="exit" onClick={onExit}>
            {t('actions.exit')}
          </button>
        </header>
        <nav className="steps">
          {STEPS.map((name, index) => (
            <span key={name} aria-current={name === step ? 'step' : undefined}>
              {index + 1}. {t(`steps.${name}`)}
            </span>
          ))}
        </nav>
        <div className="toolbar">
          <Segmented<Mode>
            name="mode-switch"
            options={MODES}
            value={mode}
            label={(option) => t(`modes.${option}`)}
            onChange={(next) => {
              // The frame of one mode is not the other's page.
              setFrame(null);
              setMode(next);
            }}
          />
          <Segmented<Device>
            name="device-switch"
            options={DEVICES}
            value={device}
            label={(option) => t(`devices.${option}`)}
            onChange={(next) => {
              // A new frame loads the page afresh; until it has, there is no page to edit.
              setFrame(null);
              setDevice(next);
            }}
          />
        </div>
        <div className="content">
          {closed && (
            <div className="notice error">
              {t('messages.closed', { status: t(`statuses.${session.experiment.status}`) })}
            </div>
          )}
          {step === 'page' && (
            <>
              <PageAddress
                session={session}
                address={address}
                token={token}
                onOpen={(url) => page.location.assign(url)}
              />
              <IntegrationHelper
                session={session}
                page={page.document}
                serverOrigin={serverOrigin}
                onCopied={() => notify('success', t('integration.copySuccess'))}
                onChecked={async (configured) => {
                  if (configured === session.experiment.integrationConfigured) return;
                  if (!isExperimentPage(session.experiment.page, address)) return;
                  setSession(await api.setIntegration({ experimentKey: session.experiment.key, configured }));
                }}
              />
            </>
          )}
          {step === 'edit' && target && (
            <EditStep
              editing={editing}
              target={target}
              editorHost={host}
              customScripts={session.customScripts}
              goals={{ goals: session.goals, closed, onTrack: trackClicks }}
            />
          )}
          {step === 'review' && (
            <ReviewStep
              versions={editing.history.present}
              onShow={(key) => {
                editing.selectVersion(key);
                setStep('edit');
              }}
            />
          )}
        </div>
        <footer>
          <button
            type="button"
            data-action="prev"
            disabled={stepIndex === 0}
            onClick={() => setStep(STEPS[stepIndex - 1]!)}
          >
            {t('actions.prev')}
          </button>
          <button
            type="button"
            data-action="next"
            disabled={stepIndex === STEPS.length - 1}
            onClick={() => setStep(STEPS[stepIndex + 1]!)}
          >
            {t('actions.next')}
          </button>
          <span className="spacer muted">{isDirty(editing.history) ? t('messages.unsaved') : ''}</span>
          <button
            type="button"
            className="primary"
            data-action="save"
            disabled={saving || closed}
            onClick={() => void save()}
          >
            {saving ? t('actions.saving') : t('actions.save')}
          </button>
        </footer>
      </div>
      {toast}
    </>
  );
}
