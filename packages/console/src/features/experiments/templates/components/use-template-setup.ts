import type { ExperimentTemplate } from '@tabula/protocol';
import { useState } from 'react';
import type { ExperimentDraft } from '../../utils/experiment-draft';
import {
  firstWithProblems,
  noProblems,
  type SectionProblems,
  type SetupSection,
  settleServerIssues,
  setupProblems,
} from '../utils/setup-problems';
import { settingsChange, setupDraft } from '../utils/template-setup';

/** What the setup editor shows and changes. */
export interface SetupEditorState {
  draft: ExperimentDraft;
  onChange: (change: Partial<ExperimentDraft>) => void;
  problems: SectionProblems;
  section: SetupSection;
  onSection: (section: SetupSection) => void;
}

/**
 * A template's setup being edited: the draft, the problems to show (the setup's own once a save was tried, the
 * server's until the next change), the section shown, and what saving asks of it.
 */
export function useTemplateSetup(template: ExperimentTemplate) {
  const [initial] = useState(() => setupDraft(template));
  const [draft, setDraft] = useState(initial);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState(noProblems);
  const [section, setSection] = useState<SetupSection>('audience');

  const own = setupProblems(draft);
  const shown = (key: SetupSection) => [...(checked ? own[key] : []), ...server[key]];
  const showFirst = (found: SectionProblems) => {
    const first = firstWithProblems(found);
    if (first) setSection(first);
  };

  const editor: SetupEditorState = {
    draft,
    onChange: (change) => {
      setDraft((previous) => ({ ...previous, ...change }));
      setServer(noProblems());
    },
    problems: { audience: shown('audience'), versions: shown('versions'), metrics: shown('metrics') },
    section,
    onSection: setSection,
  };
  return {
    editor,
    /** Shows the setup's problems, opening the first section with any; true when there are none. */
    check: (): boolean => {
      setChecked(true);
      showFirst(own);
      return firstWithProblems(own) === undefined;
    },
    /** The settings to send, if the setup changed. */
    changes: () => settingsChange(initial, draft),
    /** Shows the server's problems with the setup on its fields; returns what is left for the rest of the form. */
    takeServerIssues: (error: unknown): unknown => {
      const { problems: found, rest } = settleServerIssues(error);
      setServer(found);
      showFirst(found);
      return rest;
    },
  };
}
