import { describe, expect, it } from 'vitest';
import { DEVICE_FRAME_ATTRIBUTE, findLaunch, withoutToken } from '../src/boot/launch';

const script = (src: string, token?: string) => {
  const element = document.createElement('script');
  element.src = src;
  if (token) element.dataset.token = token;
  return element;
};
const page = (href: string, frameElement: Element | null = null) => ({ location: { href }, frameElement });

describe('starting the editor', () => {
  it('takes the token from the page address, the server from the script', () => {
    expect(
      findLaunch(page('https://shop.example/?a=1&tabula_editor=tbe_x'), script('https://ab.example/sdk/editor.js')),
    ).toEqual({
      token: 'tbe_x',
      serverOrigin: 'https://ab.example',
    });
  });

  it('prefers the token its loader put on the script tag', () => {
    const launched = findLaunch(
      page('https://shop.example/'),
      script('http://127.0.0.1:4000/sdk/editor.js', 'tbe_tag'),
    );
    expect(launched).toEqual({ token: 'tbe_tag', serverOrigin: 'http://127.0.0.1:4000' });
  });

  it('does not start without a token, or inside its own device frame', () => {
    expect(findLaunch(page('https://shop.example/'), script('https://ab.example/sdk/editor.js'))).toBeNull();
    const frame = document.createElement('iframe');
    frame.setAttribute(DEVICE_FRAME_ATTRIBUTE, '');
    expect(
      findLaunch(page('https://shop.example/?tabula_editor=tbe_x', frame), script('https://ab.example/sdk/editor.js')),
    ).toBeNull();
  });

  it('drops the token from addresses it shows or frames', () => {
    expect(withoutToken('https://shop.example/p?a=1&tabula_editor=tbe_x#top')).toBe('https://shop.example/p?a=1#top');
  });
});
