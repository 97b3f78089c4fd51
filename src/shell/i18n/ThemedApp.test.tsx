// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemedApp } from './ThemedApp';

afterEach(cleanup);

describe('ThemedApp', () => {
  it('puts the theme colours on the document root, where drawers and popovers drawn on <body> read them too', () => {
    render(<ThemedApp>x</ThemedApp>);
    const read = (name: string) => document.documentElement.style.getPropertyValue(name).replace(/\s/g, '');
    expect(read('--cell-text-quaternary')).toBe('rgba(0,0,0,0.25)');
    expect(read('--cell-text-secondary')).toBe('rgba(0,0,0,0.65)');
    expect(read('--cell-link')).not.toBe('');
  });
});
