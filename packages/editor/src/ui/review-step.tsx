import { useTranslation } from 'react-i18next';
import type { DraftVersion } from '../changes/history';
import { ChangesList } from './changes-list';

/** The last step: every version's changes at a glance, before saving. */
export function ReviewStep({ versions, onShow }: { versions: readonly DraftVersion[]; onShow(key: string): void }) {
  const { t } = useTranslation();
  return (
    <section data-area="review">
      <h2>{t('review.title')}</h2>
      {versions.map((version) => (
        <div key={version.key} data-review-version={version.key}>
          <h3>
            <button type="button" className="link" onClick={() => onShow(version.key)}>
              {version.name}
            </button>{' '}
            <span className="tag">
              {version.isControl ? t('versions.control') : t('review.count', { count: version.changeRecords.length })}
            </span>
          </h3>
          <ChangesList records={version.changeRecords} />
        </div>
      ))}
    </section>
  );
}
