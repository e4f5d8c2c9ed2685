import { useTranslation } from 'react-i18next';
import type { DraftVersion } from '../changes/history';

interface VersionsListProps {
  versions: readonly DraftVersion[];
  selected: string | null;
  canAdd: boolean;
  onSelect(key: string): void;
  onAdd(): void;
}

/** Spec §2: the versions (groups) of the experiment, one of them chosen for editing, and adding one. */
export function VersionsList({ versions, selected, canAdd, onSelect, onAdd }: VersionsListProps) {
  const { t } = useTranslation();
  return (
    <section data-area="versions">
      <h2>{t('versions.title')}</h2>
      <ul className="versions">
        {versions.map((version) => (
          <li key={version.key}>
            <button
              type="button"
              aria-pressed={version.key === selected}
              data-version={version.key}
              onClick={() => onSelect(version.key)}
            >
              <span>{version.name}</span>
              <span className="tag">
                {version.isControl ? t('versions.control') : t('review.count', { count: version.changeRecords.length })}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" data-action="add-version" disabled={!canAdd} onClick={onAdd}>
        + {t('actions.addVersion')}
      </button>
    </section>
  );
}
