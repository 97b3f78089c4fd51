/**
 * The icons schemas may name on actions ("icon": "PlusOutlined"). A fixed set, imported by name,
 * so the whole icon library never reaches the bundle. An unknown name shows no icon.
 *
 * @example
 * actionIcon('PlusOutlined') // <PlusOutlined />
 */
import {
  CheckOutlined,
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
  SendOutlined,
  SyncOutlined,
  UploadOutlined,
  ExportOutlined,
  AuditOutlined,
  LinkOutlined,
  ApiOutlined,
  ImportOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

const ICONS: Record<string, () => ReactNode> = {
  PlusOutlined: () => <PlusOutlined />,
  EditOutlined: () => <EditOutlined />,
  DeleteOutlined: () => <DeleteOutlined />,
  EyeOutlined: () => <EyeOutlined />,
  CheckOutlined: () => <CheckOutlined />,
  CloseOutlined: () => <CloseOutlined />,
  DownloadOutlined: () => <DownloadOutlined />,
  UploadOutlined: () => <UploadOutlined />,
  ExportOutlined: () => <ExportOutlined />,
  ReloadOutlined: () => <ReloadOutlined />,
  SyncOutlined: () => <SyncOutlined />,
  SendOutlined: () => <SendOutlined />,
  AuditOutlined: () => <AuditOutlined />,
  LinkOutlined: () => <LinkOutlined />,
  ApiOutlined: () => <ApiOutlined />,
  ImportOutlined: () => <ImportOutlined />,
  SettingOutlined: () => <SettingOutlined />,
};

export function actionIcon(name: string | undefined): ReactNode {
  return name ? (ICONS[name]?.() ?? null) : null;
}
