import { type EditorSession, pageChangesOf } from '@tabula/protocol';
import { useTranslation } from 'react-i18next';
import type { PageTarget } from '../page/page-target';
import { elementTypeOf } from '../selection/element-type';
import { childOf, parentOf } from '../selection/relatives';
import { sameElements } from '../selection/selector';
import { ChangesList } from './changes-list';
import { ClickGoals, type ClickGoalsProps } from './click-goals';
import { ElementActions } from './element-actions';
import { MovePanel } from './move-panel';
import { PageChangesPanel } from './page-changes-panel';
import { PropertyPanel } from './property-panel';
import { SelectionPanel } from './selection-panel';
import type { useEditing } from './use-editing';
import { VersionsList } from './versions-list';

interface EditStepProps {
  editing: ReturnType<typeof useEditing>;
  target: PageTarget;
  editorHost: Element;
  customScripts: EditorSession['customScripts'];
  goals: ClickGoalsProps;
}

/** The versions, the selected element and its properties, click goals, its position, and the version's changes. */
export function EditStep({ editing, target, editorHost, customScripts, goals }: EditStepProps) {
  const { t } = useTranslation();
  const { history, version, selection, dispatch } = editing;
  const refusal = editing.refusal();
  const element = selection?.element;
  const elementType = element ? elementTypeOf(element) : 'unknown';
  const parent = element ? parentOf(element, editorHost) : null;
  const child = element ? childOf(element, editorHost) : null;

  return (
    <>
      <VersionsList
        versions={history.present}
        selected={version?.key ?? null}
        canAdd
        onSelect={editing.selectVersion}
        onAdd={() => {
          dispatch({ type: 'addVersion', name: t('versions.newName', { number: history.present.length + 1 }) });
        }}
      />
      {refusal && (
        <div className="notice warning" data-refusal="">
          {refusal}
        </div>
      )}
      {!selection || !element ? (
        <section data-area="selection">
          <div className="notice">{t('messages.selectFirst')}</div>
          <p className="muted">{t('selection.hint')}</p>
        </section>
      ) : (
        <>
          <SelectionPanel
            tagName={element.tagName}
            elementType={elementType}
            selector={selection.selector}
            chosen={selection.elements.length}
            matches={editing.matched.length}
            exact={sameElements(editing.matched, selection.elements)}
            canGoUp={parent !== null}
            canGoDown={child !== null}
            onParent={() => editing.select(parent)}
            onChild={() => editing.select(child)}
            onSelector={editing.typeSelector}
          />
          <ElementActions
            disabled={refusal !== null}
            onChange={editing.changeElement}
            onInsert={editing.insertElement}
          />
          <section data-area="properties">
            <PropertyPanel
              key={selection.selector}
              element={element}
              elementType={elementType}
              selector={selection.selector}
              records={editing.records}
              disabled={refusal !== null}
              onEdit={editing.editProperty}
            />
          </section>
        </>
      )}
      <ClickGoals
        {...goals}
        selection={selection}
        onShow={(selector) => editing.selectMatching(target.document, selector)}
      />
      <MovePanel
        state={editing.move}
        offscreen={editing.offscreen}
        onMode={(mode) => editing.moveDispatch({ type: 'mode', mode })}
        onStart={editing.startMove}
        onConfirm={editing.confirmMove}
        onCancel={() => editing.moveDispatch({ type: 'cancel' })}
      />
      <PageChangesPanel
        // Undo and redo give the fields their values anew.
        key={`${version?.key}:${JSON.stringify(pageChangesOf(editing.records))}`}
        records={editing.records}
        disabled={refusal !== null}
        customScripts={customScripts}
        onChange={editing.setPageChange}
      />
      <section data-area="changes">
        <div className="row">
          <h2>{t('changes.title')}</h2>
          <button
            type="button"
            data-action="undo"
            disabled={history.past.length === 0}
            onClick={() => dispatch({ type: 'undo' })}
          >
            ↶ {t('actions.undo')}
          </button>
          <button
            type="button"
            data-action="redo"
            disabled={history.future.length === 0}
            onClick={() => dispatch({ type: 'redo' })}
          >
            ↷ {t('actions.redo')}
          </button>
        </div>
        <ChangesList
          records={editing.records}
          onRemove={
            version && !version.isControl
              ? (index) => dispatch({ type: 'remove', versionKey: version.key, index })
              : undefined
          }
          onShow={(record) => {
            // A reordered element is found where it went.
            editing.selectMatching(target.document, record.newSelector ?? record.selector);
          }}
        />
      </section>
    </>
  );
}
