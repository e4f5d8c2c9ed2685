import type {
  AddEditorGoalBody,
  EditorIntegrationBody,
  EditorSession,
  ErrorBody,
  SaveEditorVersionsBody,
} from '@tabula/protocol';

/** A refused call, with the server's message, which says what to do. */
export class EditorApiError extends Error {
  override readonly name = 'EditorApiError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface EditorApi {
  session(): Promise<EditorSession>;
  saveVersions(body: SaveEditorVersionsBody): Promise<EditorSession>;
  setIntegration(body: EditorIntegrationBody): Promise<EditorSession>;
  addGoal(body: AddEditorGoalBody): Promise<EditorSession>;
}

async function failure(response: Response): Promise<EditorApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const message = typeof body?.error?.message === 'string' ? body.error.message : `HTTP ${response.status}`;
  return new EditorApiError(response.status, message);
}

/**
 * The editor's calls to the server it was loaded from. The page is the customer's: no cookie goes along, the editor
 * token alone says who is editing. Bodies are the server's own, typed by the protocol; the schemas stay out of the
 * bundle, which every page the editor opens on downloads.
 */
export function createEditorApi(options: { serverOrigin: string; token: string; fetch?: typeof fetch }): EditorApi {
  const send = async (method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<EditorSession> => {
    const response = await (options.fetch ?? fetch)(`${options.serverOrigin}/api/v1/editor/${path}`, {
      method,
      credentials: 'omit',
      headers: {
        authorization: `Bearer ${options.token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw await failure(response);
    return (await response.json()) as EditorSession;
  };
  return {
    session: () => send('GET', 'session'),
    saveVersions: (body) => send('PUT', 'versions', body),
    setIntegration: (body) => send('PUT', 'integration', body),
    addGoal: (body) => send('POST', 'goals', body),
  };
}
