import type { Role } from '../../platform/context.ts';

/** The description that marks the back-office home entry; having it makes a user an admin (spec 6). */
export const HOME_MENU_DESCRIPTION = 'home page';

export interface MenuSeed {
  name: string;
  text: string;
  uri: string;
  icon: string;
  description?: string;
  required_role: Role;
}

/** The back-office menu a new tenant gets (spec 2.4); administrators see it, users do not. */
export const defaultMenus: readonly MenuSeed[] = [
  { name: 'home', text: '首页', uri: '/manage/home', icon: 'home', description: HOME_MENU_DESCRIPTION, required_role: 'admin' },
  { name: 'resources', text: '资源管理', uri: '/manage/resources', icon: 'appstore', required_role: 'admin' },
  { name: 'appointment', text: '预约管理', uri: '/manage/appointment', icon: 'calendar', required_role: 'admin' },
  { name: 'sign', text: '签到签退', uri: '/manage/sign', icon: 'scan', required_role: 'admin' },
  { name: 'black', text: '黑名单管理', uri: '/manage/black', icon: 'stop', required_role: 'admin' },
  { name: 'evaluate', text: '评价管理', uri: '/manage/evaluate', icon: 'star', required_role: 'admin' },
  { name: 'notice', text: '公告管理', uri: '/manage/notice', icon: 'notification', required_role: 'admin' },
  { name: 'cloudMeeting', text: '云会议', uri: '/manage/cloudMeeting', icon: 'video-camera', required_role: 'admin' },
  { name: 'visitorManagement', text: '访客管理', uri: '/manage/visitorManagement', icon: 'team', required_role: 'admin' },
  { name: 'console', text: '应用中心', uri: '/manage/console', icon: 'control', required_role: 'admin' },
  { name: 'settings', text: '系统设置', uri: '/manage/settings', icon: 'setting', required_role: 'admin' },
];

/** Whether a user of `role` sees a menu entry that requires `required`. */
export function menuVisibleTo(required: string, role: Role): boolean {
  return required === 'user' || role === 'admin';
}
