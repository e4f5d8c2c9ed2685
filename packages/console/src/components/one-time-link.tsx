import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { CopyableValue } from './copyable-value';

interface OneTimeLinkProps {
  /** What the link is for and who to give it to; it is shown only this once. */
  note: ReactNode;
  url: string;
  testId: string;
}

/** A link the server hands out once (only its hash is stored), to copy and give to someone: there is no mail server. */
export function OneTimeLink({ note, url, testId }: OneTimeLinkProps) {
  return (
    <>
      <Alert showIcon type="info" title={note} style={{ marginBottom: 16 }} />
      <CopyableValue value={url} testId={testId} />
    </>
  );
}
