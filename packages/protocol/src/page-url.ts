import { z } from 'zod';
import { urlScheme } from './page-url-match';

/** A page pattern as people type it: an http(s) address, `*` allowed anywhere after the scheme. */
export const pageUrlPatternSchema = z
  .string()
  .trim()
  .min(1, 'Please input url')
  .max(2000)
  .refine((value) => {
    const scheme = urlScheme(value);
    return (scheme === 'http' || scheme === 'https') && !/\s/.test(value);
  }, 'Please input valid url: http(s)://host/path, with * for any characters');
