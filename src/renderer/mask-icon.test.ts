import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import CopyOutlined from '@ant-design/icons-svg/es/asn/CopyOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/es/types';
import CheckCircleTwoTone from '@ant-design/icons-svg/es/asn/CheckCircleTwoTone';
import { MASK_ICONS, maskIconUrl } from './mask-icon';

describe('maskIconUrl', () => {
  it("is a standalone SVG data URL of the icon's own path (a mask image without xmlns does not load)", () => {
    const url = maskIconUrl(CopyOutlined);
    const m = /^url\("data:image\/svg\+xml,(.*)"\)$/.exec(url);
    expect(m).not.toBeNull();
    const svg = decodeURIComponent(m![1]);
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`viewBox="64 64 896 896"`);
    const path = (CopyOutlined.icon as AbstractNode).children![0].attrs.d as string;
    expect(svg).toContain(`d="${path}"`);
    // nothing in it can end the CSS string early
    expect(m![1]).not.toMatch(/["\s)]/);
  });

  it('names the variables cells.css reads, and refuses two-tone icons', () => {
    const css = readFileSync(new URL('./fields/cells.css', import.meta.url), 'utf8');
    const read = [...new Set([...css.matchAll(/var\((--icon-[\w-]+)\)/g)].map((m) => m[1]))].sort();
    expect(read).toEqual(['--icon-copy', '--icon-down']);
    expect(Object.keys(MASK_ICONS).sort()).toEqual(read);
    expect(() => maskIconUrl(CheckCircleTwoTone)).toThrow(/two-tone/);
  });
});
