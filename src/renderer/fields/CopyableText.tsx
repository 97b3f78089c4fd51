/**
 * A text with a copy button, in a table cell or a detail. antd's `Typography copyable` (a tooltip, a
 * resize observer and a measuring element each) is mounted only when the pointer rests on the text;
 * until then the text is followed by one plain button whose copy icon cells.css paints (mask-icon.ts).
 *
 * @example
 * <CopyableText text={orderNo} />
 */
import { useEffect, useRef, useState } from 'react';
import { Typography } from 'antd';
import { useT } from '../i18n';

/** How long the pointer rests on the cell before antd's copy is mounted. */
const ARM_AFTER_MS = 120;

export function CopyableText({ text }: { text: string }) {
  const t = useT();
  // the text antd's copy was mounted for (a table row drawn again for another record shows another text)
  const [liveText, setLiveText] = useState<string>();
  const live = liveText === text;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  if (live) return <Typography.Text copyable={{ text }}>{text}</Typography.Text>;
  // Mounted once the pointer rests, never between a press and its release: that replaces the button's
  // element, and a press and release on different elements is no click.
  const rest = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLiveText(text), ARM_AFTER_MS);
  };
  const cancel = () => clearTimeout(timer.current);
  return (
    <span onPointerEnter={rest} onPointerLeave={cancel} onPointerDown={cancel}>
      {text}
      {/* a click before antd's copy is mounted copies here; antd's button takes over after */}
      <button
        type="button"
        className="cell-copy"
        aria-label={t('renderer.copy')}
        onClick={() => {
          void navigator.clipboard?.writeText(text).catch(() => undefined);
          setLiveText(text);
        }}
      />
    </span>
  );
}
