import {
  AppstoreOutlined,
  CalendarOutlined,
  ControlOutlined,
  HomeOutlined,
  NotificationOutlined,
  SafetyOutlined,
  ScanOutlined,
  SettingOutlined,
  StarOutlined,
  StopOutlined,
  TeamOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * The icon set of the back office's menus: a menu entry's `icon` (directory menus, spec 3 Menu;
 * antd icon names) and the antd icon drawn for it. /public/svg lists them.
 */
export const MENU_ICONS: Readonly<Record<string, { Icon: ComponentType; antd: string }>> = {
  home: { Icon: HomeOutlined, antd: 'HomeOutlined' },
  appstore: { Icon: AppstoreOutlined, antd: 'AppstoreOutlined' },
  calendar: { Icon: CalendarOutlined, antd: 'CalendarOutlined' },
  scan: { Icon: ScanOutlined, antd: 'ScanOutlined' },
  stop: { Icon: StopOutlined, antd: 'StopOutlined' },
  star: { Icon: StarOutlined, antd: 'StarOutlined' },
  notification: { Icon: NotificationOutlined, antd: 'NotificationOutlined' },
  'video-camera': { Icon: VideoCameraOutlined, antd: 'VideoCameraOutlined' },
  video: { Icon: VideoCameraOutlined, antd: 'VideoCameraOutlined' },
  team: { Icon: TeamOutlined, antd: 'TeamOutlined' },
  safety: { Icon: SafetyOutlined, antd: 'SafetyOutlined' },
  control: { Icon: ControlOutlined, antd: 'ControlOutlined' },
  setting: { Icon: SettingOutlined, antd: 'SettingOutlined' },
};
