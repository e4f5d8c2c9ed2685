import { useState } from 'react';

/**
 * A field's text while it is being typed, and the problem found with it. Both start again when the value the field
 * edits changes (another element chosen, an undo), and they do so in the render that brings the new value: reset in an
 * effect, the field would show the old text until a later render, and a click followed at once by a read would see it.
 */
export function useDraft(value: string) {
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [base, setBase] = useState(value);
  if (base !== value) {
    setBase(value);
    setText(value);
    setError(null);
  }
  return { text, setText, error, setError };
}
