import { type EditorToken, editorTokenSchema } from '@tabula/protocol';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { experimentPath } from './get-experiments';

/** A short-lived token that lets the visual editor, on the experiment's page, edit this experiment as you. */
export const createEditorToken = (projectId: string, key: string): Promise<EditorToken> =>
  api.post(`${experimentPath(projectId, key)}/editor-token`, { schema: editorTokenSchema });

/** Takes the experiment's key when called: the wizard knows it only once it has saved a new experiment. */
export const useCreateEditorToken = (projectId: string) =>
  useMutation({ mutationFn: (key: string) => createEditorToken(projectId, key) });
