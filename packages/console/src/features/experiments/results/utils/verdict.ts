import type { Verdict } from '@tabula/protocol';

/** How a verdict looks: the server already read it in the metric's direction and after the correction. */
export type Tone = 'success' | 'error' | 'neutral' | 'muted';

export const VERDICT_TONES: Record<Verdict, Tone> = {
  better: 'success',
  worse: 'error',
  inconclusive: 'neutral',
  not_enough_data: 'muted',
};

/** The colours of the console's theme a tone is drawn in. */
export interface ToneColours {
  colorSuccess: string;
  colorError: string;
  colorTextSecondary: string;
  colorTextQuaternary: string;
}

export function toneColour(tone: Tone, colours: ToneColours): string {
  switch (tone) {
    case 'success':
      return colours.colorSuccess;
    case 'error':
      return colours.colorError;
    case 'neutral':
      return colours.colorTextSecondary;
    case 'muted':
      return colours.colorTextQuaternary;
  }
}
