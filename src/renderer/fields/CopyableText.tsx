/**
 * A table cell's text with a copy button. antd's `Typography copyable` (a tooltip, a resize observer and
 * a measuring element per cell) is mounted only when the pointer or the keyboard reaches the cell; until
 * then the same text and icon are drawn as plain elements.
 *
 * @example
 * <CopyableText text={orderNo} />
 */
import { useState } from 'react';
import { CopyOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useT } from '../i18n';

export function CopyableText({ text }: { text: string }) {
  const t = useT();
  const [live, setLive] = useState(false);
  if (live) return <Typography.Text copyable={{ text }}>{text}</Typography.Text>;
  const arm = () => setLive(true);
  return (
    <span onPointerEnter={arm} onFocus={arm}>
      {text}
      {/* a click that came before any hover (touch): copied here, antd's button takes over after */}
      <button
        type="button"
        className="cell-copy"
        aria-label={t('renderer.copy')}
        onClick={() => {
          void navigator.clipboard?.writeText(text).catch(() => undefined);
          arm();
        }}
      >
        <CopyOutlined />
      </button>
    </span>
  );
}
