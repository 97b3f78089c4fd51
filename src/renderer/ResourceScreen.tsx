/**
 * A complete screen from a resource schema: the list (search, tabs, toolbar, table, actions),
 * its dialogs and detail view; a detail "page" when the URL names one (?detail=<id>);
 * the registered component for kind "custom".
 *
 * @example
 * <ResourceScreen resource={await route.load()} />
 */
import { App, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Resource } from '../schema';
import { ListScreen } from './list/ListScreen';
import { getScreen } from './slots';
import { DETAIL_PARAM } from './actions/useActionRunner';
import './slots/builtin';

const DetailView = lazy(() => import('./detail/DetailView'));

export interface ResourceScreenProps {
  resource: Resource;
}

function DetailPage({ resource, id }: { resource: Resource; id: string }) {
  const [, setSearch] = useSearchParams();
  return (
    <Suspense fallback={<Skeleton active />}>
      <DetailView
        resource={resource}
        row={{ [resource.list?.rowKey ?? 'id']: id }}
        container="page"
        onClose={() =>
          setSearch((s) => {
            const n = new URLSearchParams(s);
            n.delete(DETAIL_PARAM);
            return n;
          })
        }
      />
    </Suspense>
  );
}

export function ResourceScreen({ resource }: ResourceScreenProps) {
  const [search] = useSearchParams();
  if (resource.kind === 'custom') {
    if (!resource.component) throw new Error(`custom resource "${resource.name}" names no "component"`);
    const Screen = getScreen(resource.component);
    return (
      <Suspense fallback={<Skeleton active />}>
        <Screen resource={resource} />
      </Suspense>
    );
  }
  if (resource.kind === 'service' || !resource.list) throw new Error(`resource "${resource.name}" has no screen (no list view)`);
  const detailId = resource.detail?.container === 'page' ? search.get(DETAIL_PARAM) : null;
  // App gives message/modal hooks that follow ConfigProvider's locale (static methods do not on React 19).
  return <App component={false}>{detailId ? <DetailPage resource={resource} id={detailId} /> : <ListScreen key={resource.name} resource={resource} />}</App>;
}
