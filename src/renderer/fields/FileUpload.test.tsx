// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import type { Field, Resource } from '../../schema';
import { ApiError, RuntimeProvider } from '../../engine';
import { fakeRuntime } from '../../engine/testing';
import { messages } from '../testing';
import FileUpload from './FileUpload';

vi.setConfig({ testTimeout: 30_000 });

const avatar: Field = { type: 'image', title: 'staff.avatar', accept: ['image'], maxSizeMB: 2 };
const res: Resource = { name: 'x', fields: { avatar } };

const enFiles = import.meta.glob('../../../locales/en-US/*.json', { eager: true, import: 'default' }) as Record<string, Record<string, string>>;
const enMessages: Record<string, string> = Object.assign({}, ...Object.values(enFiles));

function mount(upload?: (f: File) => Promise<never>, locale: 'zh-CN' | 'en-US' = 'zh-CN') {
  const rt = fakeRuntime({});
  if (upload) rt.runtime.upload = upload;
  const onChange = vi.fn();
  const utils = render(
    <IntlProvider locale={locale} messages={locale === 'zh-CN' ? messages : enMessages}>
      <App>
        <RuntimeProvider value={rt.runtime}>
          <FileUpload name="avatar" field={avatar} resource={res} onChange={onChange} mode="form" />
        </RuntimeProvider>
      </App>
    </IntlProvider>,
  );
  const input = utils.container.querySelector('input[type=file]') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { onChange, pick, input };
}

describe('FileUpload', () => {
  it('refuses a file over the limit before uploading, naming the limit', async () => {
    const upload = vi.fn();
    const { pick, onChange } = mount(upload as never);
    pick(new File([new Uint8Array(3 * 1024 * 1024)], '大图.png', { type: 'image/png' }));
    await screen.findByText('文件“大图.png”超过 2 MB，请压缩后再上传');
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses an empty file as empty (not as a wrong type), in both locales, before uploading', async () => {
    const upload = vi.fn();
    const zh = mount(upload as never);
    zh.pick(new File([], '空白.png', { type: 'image/png' }));
    await screen.findByText('文件“空白.png”是空文件（0 字节），请选择有内容的文件');
    const en = mount(upload as never, 'en-US');
    en.pick(new File([], 'blank.gif', { type: 'image/gif' }));
    await screen.findByText('"blank.gif" is empty (0 bytes); please choose a file with content');
    expect(upload).not.toHaveBeenCalled();
    expect(zh.onChange).not.toHaveBeenCalled();
  });

  it('uploads an accepted file and gives the form its key', async () => {
    const { pick, onChange, input } = mount();
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp');
    pick(new File([new Uint8Array(10)], 'a.png', { type: 'image/png' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('a'.repeat(32)));
  });

  it('refuses a type the server would refuse, naming the formats it takes', async () => {
    const upload = vi.fn();
    const { pick } = mount(upload as never);
    pick(new File([new Uint8Array(10)], 'scan.gif', { type: 'image/gif' }));
    await screen.findByText('文件“scan.gif”格式不支持，仅支持 PNG/JPEG/WebP');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the server refusal message', async () => {
    const { pick, onChange } = mount(() => Promise.reject(new ApiError('文件内容与类型不符', 41500, 415)));
    pick(new File([new Uint8Array(10)], 'b.png', { type: 'image/png' }));
    await screen.findByText('文件内容与类型不符');
    expect(onChange).not.toHaveBeenCalled();
  });
});
