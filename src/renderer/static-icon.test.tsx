// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { CopyOutlined, DownOutlined } from '@ant-design/icons';
import CopyDef from '@ant-design/icons-svg/es/asn/CopyOutlined';
import DownDef from '@ant-design/icons-svg/es/asn/DownOutlined';
import { afterEach, describe, expect, it } from 'vitest';
import { staticIcon } from './static-icon';

afterEach(cleanup);

describe('staticIcon', () => {
  it("draws exactly what antd's icon component draws", () => {
    for (const [Comp, def] of [
      [CopyOutlined, CopyDef],
      [DownOutlined, DownDef],
    ] as const) {
      const a = render(<Comp style={{ fontSize: 10 }} />).container.innerHTML;
      const b = render(staticIcon(def, { fontSize: 10 })).container.innerHTML;
      expect(b).toBe(a);
    }
  });
});
