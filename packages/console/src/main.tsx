import 'antd/dist/reset.css';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createAppRouter } from './app/router';
import { startPlatform } from './app/start-platform';
import { configureUi } from './app/ui';
import { loadAuth } from './lib/auth';
import { extendDayjs } from './lib/dayjs';
import { initI18n } from './lib/i18n';
import { familyOf } from './lib/platform/edition';
import { storedEdition } from './lib/platform/platform';
import { createQueryClient } from './lib/query-client';
import { initSettingsStore } from './lib/settings-store';

/** Spec §2 start-up sequence, in its order, one step each. */
async function start(container: HTMLElement): Promise<void> {
  // Before the steps: where the console runs and its reporter, so every step's failure is reported.
  const platform = startPlatform();

  // 1. Translations, in the language the edition's family asks for; failures are ignored inside.
  await initI18n(familyOf(storedEdition()));

  // 2. The auth plugin: how one may sign in, and who is signed in.
  const queryClient = createQueryClient();
  await loadAuth(queryClient);
  platform.followSession(queryClient);

  // 3. The framework.
  const root = createRoot(container);

  // 4. The router.
  const router = createAppRouter();
  platform.followRoutes(router);

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
