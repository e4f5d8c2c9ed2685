import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DiffLine, diffSnapshots } from '../utils/line-diff';

const SIGNS: Record<DiffLine['kind'], string> = { same: ' ', added: '+', removed: '-' };
const MAX_HEIGHT = 420;

function DiffRow({ line }: { line: DiffLine }) {
  const { t } = useTranslation('changeRequests');
  const { token } = theme.useToken();
  const background = { same: undefined, added: token.colorSuccessBg, removed: token.colorErrorBg }[line.kind];
  return (
    <div data-kind={line.kind} style={{ background, padding: '0 8px', whiteSpace: 'pre-wrap' }}>
      <span
        title={line.kind === 'same' ? undefined : t(`diff.${line.kind}`)}
        style={{ userSelect: 'none', opacity: 0.6 }}
      >
        {SIGNS[line.kind]}{' '}
      </span>
      {line.text}
    </div>
  );
}

/** Before and after as indented JSON, lines added and removed coloured; every line is text, never markup. */
export function LineDiffView({ before, after, testId }: { before: unknown; after: unknown; testId?: string }) {
  const { token } = theme.useToken();
  const lines = diffSnapshots(before, after);
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        padding: '4px 0',
        fontSize: 12,
        maxHeight: MAX_HEIGHT,
        overflow: 'auto',
        background: token.colorFillQuaternary,
        borderRadius: token.borderRadius,
      }}
    >
      {lines.map((line, index) => (
        // Lines are positional: the same text may appear twice, and the list never reorders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <DiffRow key={index} line={line} />
      ))}
    </pre>
  );
}
