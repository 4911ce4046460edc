// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CONFIG_FILE_MAX_BYTES, ErrorCode, errorText, type ConfigFile } from '@netconsole/contract';
import { stubMatchMedia } from '#shared/test/match-media.ts';
import en from '../locales/file/en.json';
import zh from '../locales/file/zh.json';
import { ConfigFileField, localProblem } from './config-file-field.tsx';

const stored: ConfigFile = {
  Path: 'config-files/t1/AAAAAAAAAAAAAAAAAAAAAA',
  MD5: '9e107d9d372bb6826bd81d3542a419d6',
  Size: 18_432,
  Format: 'uci_tar',
  Name: 'core.tar',
};

/** The field as a form holds it: the value follows onChange. */
function Harness({ initial, spy }: { initial: ConfigFile | null; spy: (f: ConfigFile | null) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ConfigFileField
      value={value}
      onChange={(f) => {
        spy(f);
        setValue(f);
      }}
    />
  );
}

function pick(name: string, size = 10) {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File(['x'], name);
  // jsdom's File is as long as its content: a large one is described rather than allocated.
  Object.defineProperty(file, 'size', { value: size });
  fireEvent.change(input, { target: { files: [file] } });
}

beforeAll(async () => {
  stubMatchMedia();
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { 'config-file': en }, zh: { 'config-file': zh } },
    defaultNS: 'config-file',
    showSupportNotice: false,
  });
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('<ConfigFileField>', () => {
  it('uploads a file and shows the name, size (base 1024) and MD5 the server measured', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(stored), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const spy = vi.fn();
    render(<Harness initial={null} spy={spy} />);
    expect(screen.queryByTestId('config-file-facts')).toBeNull();
    pick('core.tar');
    await waitFor(() => expect(spy).toHaveBeenCalledWith(stored));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body instanceof FormData]).toEqual(['/v1/config/upload', 'POST', true]);
    expect(screen.getByTestId('config-file-name').textContent).toBe('core.tar');
    expect(screen.getByTestId('config-file-size').textContent).toBe('18.0 KB');
    expect(screen.getByTestId('config-file-md5').textContent).toContain(stored.MD5);
    expect(screen.getByTestId('config-file-upload').textContent).toBe('Replace');
  });

  it('removes the file', () => {
    const spy = vi.fn();
    render(<Harness initial={stored} spy={spy} />);
    fireEvent.click(screen.getByTestId('config-file-remove'));
    expect(spy).toHaveBeenCalledWith(null);
    expect(screen.queryByTestId('config-file-facts')).toBeNull();
  });

  it("refuses a wrong type or size before sending, with the server's texts, in Chinese too", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await i18next.changeLanguage('zh');
    render(<Harness initial={null} spy={vi.fn()} />);
    pick('setup.exe');
    expect(screen.getByRole('alert').textContent).toBe(errorText(ErrorCode.ConfigFileFormatNotAllowed, 'zh'));
    pick('big.tgz', CONFIG_FILE_MAX_BYTES + 1);
    expect(screen.getByRole('alert').textContent).toBe('配置文件不能超过 16 MiB');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localProblem({ name: 'a.TXT', size: 1 }, 'en')).toBeNull();
  });

  it("shows the server's coded refusal", async () => {
    const message = errorText(ErrorCode.ConfigFileContentInvalid, 'en');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: ErrorCode.ConfigFileContentInvalid, message }), {
            status: 400,
          }),
      ),
    );
    const spy = vi.fn();
    render(<Harness initial={null} spy={spy} />);
    pick('broken.json');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(spy).not.toHaveBeenCalled();
  });
});
