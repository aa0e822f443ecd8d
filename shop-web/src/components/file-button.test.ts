// The shared file picker says its busy state in its caller's words: the dashboard's English, a shopper's
// catalogue (the profile photo dialog in Sinhala or Tamil), never a word of its own.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEXT } from '@kade/shared';
import ta from '../locales/ta/shop.json';
import { FileButton } from './file-button';

const picker = (props: Partial<Parameters<typeof FileButton>[0]>) =>
  renderToStaticMarkup(createElement(FileButton, { label: 'Choose a photo', accept: 'image/png', onFiles: () => undefined, ...props } as Parameters<typeof FileButton>[0]));

describe('FileButton', () => {
  it('reads its label and takes files while not busy', () => {
    const html = picker({ busy: false, busyLabel: ta.common.uploading });
    expect(html).toContain('>Choose a photo</label>');
    expect(html).not.toContain(ta.common.uploading);
    expect(html).not.toMatch(/<input[^>]*disabled/);
  });

  it("reads the caller's busy words while busy and takes no files", () => {
    const tamil = picker({ busy: true, busyLabel: ta.common.uploading });
    expect(tamil).toContain(`>${ta.common.uploading}</label>`);
    expect(tamil).not.toContain('Uploading');
    expect(tamil).toMatch(/<input[^>]*disabled/);
    expect(picker({ busy: true, busyLabel: TEXT.uploading })).toContain('>Uploading…</label>');
  });
});
