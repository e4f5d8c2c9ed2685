import { useTranslation } from 'react-i18next';
import { MOVE_MODES, type MoveMode, type MoveState } from '../move/move-state';
import { Segmented } from './segmented';

interface MovePanelProps {
  state: MoveState<Element>;
  offscreen: boolean;
  onMode(mode: MoveMode): void;
  onStart(): void;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Spec §2/§4: position adjustment. Start Move waits for the element to move ('Please choose an element'), then it is
 * moving (reorder: click where it goes; anywhere: drag it), then moved, and Confirm keeps it.
 */
export function MovePanel({ state, offscreen, onMode, onStart, onConfirm, onCancel }: MovePanelProps) {
  const { t } = useTranslation();
  return (
    <section data-area="position" data-move-step={state.step}>
      <h2>{t('groups.position')}</h2>
      <div className="row">
        <Segmented
          name="move-mode"
          options={MOVE_MODES}
          value={state.mode}
          label={(mode) => t(`move.modes.${mode}`)}
          onChange={onMode}
          disabled={state.step > 1}
        />
        <span className="muted">{t(`move.states.${state.step}`)}</span>
      </div>
      {state.step === 1 && <div className="notice warning">{t('messages.chooseElement')}</div>}
      {state.step === 2 && (
        <div className="notice">
          <strong>{t('move.moving')}</strong> · {t(state.mode === 'reorder' ? 'move.hintReorder' : 'move.hintAnywhere')}
        </div>
      )}
      {state.step === 3 && <div className="notice success">{t('move.moved')}</div>}
      {state.step === 3 && offscreen && (
        <div className="notice warning" data-move-offscreen="">
          {t('move.offscreen')}
        </div>
      )}
      <div className="row">
        {state.step === 0 ? (
          <button type="button" className="primary" data-action="start-move" onClick={onStart}>
            {t('move.start')}
          </button>
        ) : (
          <>
            <button
              type="button"
              className="primary"
              data-action="confirm-move"
              disabled={state.step !== 3}
              onClick={onConfirm}
            >
              {t('move.confirm')}
            </button>
            <button type="button" data-action="cancel-move" onClick={onCancel}>
              {t('move.cancel')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
