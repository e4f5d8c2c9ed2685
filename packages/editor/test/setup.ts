import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
  for (const host of document.querySelectorAll('tabula-editor')) host.remove();
});
