import 'antd/dist/reset.css';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './app/router';
import { configureUi } from './app/ui';
import { loadAuth } from './lib/auth';
import { extendDayjs } from './lib/dayjs';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { initSettingsStore } from './lib/settings-store';

/** Spec §2 start-up sequence, in its order, one step each. */
async function start(container: HTMLElement): Promise<void> {
  // 1. Translations; failures are ignored inside, the console still renders.
  await initI18n();

  // 2. The auth plugin: how one may sign in, and who is signed in.
  const queryClient = createQueryClient();
  await loadAuth(queryClient);

  // 3. The framework.
  const root = createRoot(container);

  // 4. The router.
  const router = createAppRouter();

  // 5. The state store, restored from this browser.
  initSettingsStore();

  // 6. The UI library: antd's theme and locale, also for its static methods.
  configureUi();

  // 7. Date handling, extended with durations.
  extendDayjs();

  // 8. The main application.
  root.render(<App queryClient={queryClient} router={router} />);
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');
void start(container);
