import type { Locator, Page, Request, Response } from 'playwright-core';

/** Waits for the finite animations around a dialog's button to end: the console's dialogs zoom in. */
async function dialogSettled(button: Locator): Promise<void> {
  await button.evaluate(async (node) => {
    const root = node.closest('.ant-modal-root') ?? node;
    const running = root
      .getAnimations({ subtree: true })
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Presses a dialog's confirm button and returns the response to the request it sends. On a busy machine a click
 * that lands while the dialog is still opening can be lost, leaving the dialog open and nothing sent; so the button
 * is pressed once the dialog has settled, and again if no request left. The dialog ignores a second press while
 * the first one's request is pending, so pressing again never sends twice.
 */
export async function confirmDialog(
  page: Page,
  button: Locator,
  sends: (request: Request) => boolean,
): Promise<Response> {
  await dialogSettled(button);
  for (let attempt = 1; ; attempt++) {
    const sent = page.waitForRequest(sends, { timeout: 3_000 });
    await button.click();
    try {
      const request = await sent;
      const response = await request.response();
      if (!response) throw new Error(`${request.method()} ${request.url()} got no response`);
      return response;
    } catch (error) {
      if (attempt === 3 || !(error instanceof Error) || error.name !== 'TimeoutError') throw error;
      console.warn(`the dialog sent nothing on press ${attempt}: pressing again`);
    }
  }
}
