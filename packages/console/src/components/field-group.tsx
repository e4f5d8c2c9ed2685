import type { ReactNode } from 'react';

/** Several fields that one form label names together: a screen reader announces the label as their group's name. */
export function FieldGroup({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <fieldset aria-label={label} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
