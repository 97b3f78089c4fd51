/**
 * Coloured tags (enum values, yes/no) as the plain element antd's Tag draws, inside a screen that keeps
 * Tag's styles registered once (StaticTagProvider), not per tag.
 *
 * antd's Tag is two components a tag (the tag and its colour style's), and each registers its styles
 * with the theme as it renders: a list with two enum columns draws 40 of them a page, on every page click.
 * The provider registers Tag's styles (base, preset and status colours) once and hands down the classes
 * they are keyed by; under it, `tagOf` draws the same span with the same classes antd's Tag would for a
 * borderless tag (static-tag.test.tsx compares the two). Outside a provider it draws antd's Tag.
 *
 * @example
 * <StaticTagProvider><Table … /></StaticTagProvider>
 * tagOf(useContext(StaticTagContext), 'cyan', '服务中')
 */
import { Tag } from 'antd';
import { isPresetColor, isPresetStatusColor } from 'antd/es/_util/colors';
import useTagStyle from 'antd/es/tag/style';
import PresetCmp from 'antd/es/tag/style/presetCmp';
import StatusCmp from 'antd/es/tag/style/statusCmp';
import { createContext, memo, type ReactNode } from 'react';
import { useComponentClasses, type ComponentClasses } from './component-classes';

export type TagClasses = ComponentClasses;

export const StaticTagContext = createContext<TagClasses | null>(null);

/** The preset and status colours' styles, as each coloured Tag registers them (drawn again only for another prefix). */
const ColourStyles = memo(function ColourStyles({ prefixCls }: { prefixCls: string }) {
  return (
    <>
      <PresetCmp prefixCls={prefixCls} />
      <StatusCmp prefixCls={prefixCls} />
    </>
  );
});

export function StaticTagProvider({ children }: { children: ReactNode }) {
  const value = useComponentClasses('tag', useTagStyle);
  return (
    <StaticTagContext.Provider value={value}>
      <ColourStyles prefixCls={value.prefixCls} />
      {children}
    </StaticTagContext.Provider>
  );
}

/** A borderless tag of `color` (a preset or status colour, or any CSS colour), keyed `key`. */
export function tagOf(cls: TagClasses | null, color: string | undefined, label: ReactNode, key?: string): ReactNode {
  if (!cls) {
    return (
      <Tag key={key} color={color} bordered={false}>
        {label}
      </Tag>
    );
  }
  const p = cls.prefixCls;
  const internal = isPresetColor(color) || isPresetStatusColor(color);
  const className = [
    p,
    cls.className,
    internal && `${p}-${color}`,
    color && !internal && `${p}-has-color`,
    cls.rtl && `${p}-rtl`,
    `${p}-borderless`,
    cls.hashId,
    cls.cssVarCls,
  ]
    .filter(Boolean)
    .join(' ');
  const style = color && !internal ? { backgroundColor: color, ...cls.style } : cls.style;
  return (
    <span key={key} className={className} style={style}>
      {label}
    </span>
  );
}
