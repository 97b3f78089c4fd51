/**
 * What an antd component drawn as plain elements needs from the theme: its prefix, the classes its
 * styles are keyed by (its style hook registers them, once, where this is called), the direction and
 * ConfigProvider's settings for it. Used by static-tag.tsx (Tag) and detail/lean-descriptions.tsx
 * (Descriptions); their tests compare the markup with antd's own component.
 *
 * @example
 * const cls = useComponentClasses('tag', useTagStyle); // from 'antd/es/tag/style'
 */
import { ConfigProvider } from 'antd';
import { useContext, useMemo, type CSSProperties } from 'react';

export interface ComponentClasses {
  prefixCls: string;
  /** the theme's classes the component's styles are keyed by, as antd adds them */
  hashId: string;
  cssVarCls: string;
  rtl: boolean;
  /** ConfigProvider's settings for the component (`tag`, `descriptions`) */
  className?: string;
  style?: CSSProperties;
}

/** antd's per-component style hook: registers the styles, returns [wrap, hashId, cssVarCls]. */
type StyleHook = (prefixCls: string) => readonly [unknown, string, string];

export function useComponentClasses(component: 'tag' | 'descriptions', useStyle: StyleHook): ComponentClasses {
  const config = useContext(ConfigProvider.ConfigContext);
  const prefixCls = config.getPrefixCls(component);
  const [, hashId, cssVarCls] = useStyle(prefixCls);
  const rtl = config.direction === 'rtl';
  const { className, style } = config[component] ?? {};
  return useMemo(() => ({ prefixCls, hashId, cssVarCls, rtl, className, style }), [prefixCls, hashId, cssVarCls, rtl, className, style]);
}
