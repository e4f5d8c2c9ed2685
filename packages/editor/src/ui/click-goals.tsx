import type { EditorGoal } from '@tabula/protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goalNameOf } from '../goals/goal-name';
import type { Selection } from './use-editing';

export interface ClickGoalsProps {
  goals: readonly EditorGoal[];
  /** Stopped and archived experiments keep measuring what they measured. */
  closed: boolean;
  /** Settles once the server has answered and the editor has said how it went. */
  onTrack(goal: { name: string; selector: string }): Promise<void>;
}

interface Props extends ClickGoalsProps {
  selection: Selection | null;
  /** Selects what the selector finds on the page; false when that is nothing. */
  onShow(selector: string): boolean;
}

/** The name field starts anew, from what the element says, whenever another element is selected. */
function TrackClicks({ selection, closed, onTrack }: Pick<Props, 'closed' | 'onTrack'> & { selection: Selection }) {
  const { t } = useTranslation();
  const id = useId();
  const [name, setName] = useState(
    () => goalNameOf(selection.element) || t('goals.defaultName', { tag: selection.element.tagName.toLowerCase() }),
  );
  const [busy, setBusy] = useState(false);
  const track = async () => {
    setBusy(true);
    try {
      await onTrack({ name: name.trim(), selector: selection.selector });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="row">
      <label htmlFor={id}>
        <span>{t('goals.name')}</span>
        <input
          id={id}
          data-field="goal-name"
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <button
        type="button"
        data-action="track-clicks"
        disabled={closed || busy || name.trim() === ''}
        onClick={() => void track()}
      >
        {t('goals.track')}
      </button>
    </div>
  );
}

/**
 * "Track clicks as a goal": clicks on the selected element's selector become a goal (a click metric) of the
 * experiment. Lists the goals it has; a goal's selector selects what it matches on the page.
 */
export function ClickGoals({ goals, closed, onTrack, selection, onShow }: Props) {
  const { t } = useTranslation();
  const [unmatched, setUnmatched] = useState(false);
  const tracked = selection !== null && goals.some((goal) => goal.selector === selection.selector);
  const show = (selector: string) => setUnmatched(!onShow(selector));
  return (
    <section data-area="goals">
      <h2>{t('goals.title')}</h2>
      {!selection ? (
        <p className="muted">{t('goals.hint')}</p>
      ) : tracked ? (
        <p className="muted" data-goal-tracked="">
          {t('goals.tracked')}
        </p>
      ) : (
        <TrackClicks key={selection.selector} selection={selection} closed={closed} onTrack={onTrack} />
      )}
      {goals.length === 0 ? (
        <p className="muted">{t('goals.none')}</p>
      ) : (
        <ul className="changes">
          {goals.map((goal) => (
            <li key={goal.key} data-goal={goal.key}>
              <span>{goal.name}</span>
              <code>
                <button type="button" className="link" title={t('goals.show')} onClick={() => show(goal.selector)}>
                  {goal.selector}
                </button>
              </code>
            </li>
          ))}
        </ul>
      )}
      {unmatched && (
        <div className="error" role="alert">
          {t('selection.noMatch')}
        </div>
      )}
    </section>
  );
}
