/**
 * The operate log's module and action codes (`operate_module`, `operate_type`) as words. The
 * codes are what the server stores and what filters and exports carry; people read the words.
 * apps/server/test/operate-log-codes.test.ts reads every `audit()` call of the server and fails
 * when one writes a code missing here, or when a code here is written by nothing.
 */

/** A code's words in each language the app speaks. */
export interface OperateLogWords {
  zh: string;
  en: string;
}

/** What a log entry is about (`operate_module`). */
export const OPERATE_LOG_MODULES: Readonly<Record<string, OperateLogWords>> = {
  appointment: { zh: '预约', en: 'Bookings' },
  blacklist: { zh: '黑名单', en: 'Blacklist' },
  checkin: { zh: '签到签退', en: 'Check-in' },
  code: { zh: '代码表', en: 'Code tables' },
  collectionConfig: { zh: '采集信息', en: 'Collected information' },
  department: { zh: '部门', en: 'Departments' },
  evaluate: { zh: '评价', en: 'Evaluations' },
  file: { zh: '文件', en: 'Files' },
  instruction: { zh: '使用说明', en: 'Instructions' },
  like: { zh: '收藏', en: 'Favourites' },
  location: { zh: '地理位置', en: 'Locations' },
  log: { zh: '操作日志', en: 'Operate log' },
  notice: { zh: '公告', en: 'Notices' },
  notification: { zh: '通知', en: 'Notifications' },
  post: { zh: '岗位', en: 'Posts' },
  resources: { zh: '资源', en: 'Resources' },
  resources_occupy: { zh: '资源占用', en: 'Resource occupancy' },
  resources_rule_template: { zh: '规则模板', en: 'Rule templates' },
  resources_type: { zh: '资源类型', en: 'Resource types' },
  reviewAddress: { zh: '审核地址', en: 'Review addresses' },
  settings: { zh: '系统设置', en: 'System settings' },
  tenant: { zh: '租户', en: 'Tenants' },
  user: { zh: '用户', en: 'Users' },
  userImage: { zh: '头像', en: 'Avatars' },
  // (section: visitors) module 'visitor'
  visitor: { zh: '访客', en: 'Visitors' },
  // (section: directory-grants)
  permission: { zh: '应用授权', en: 'Application roles' },
  triple: { zh: '三元组', en: 'Triples' },
  // (section: directory-data)
  group: { zh: '群组', en: 'Groups' },
  // (section: meetings)
  meeting: { zh: '云会议', en: 'Online meetings' },
  // (section: calendar)
  calendar: { zh: '日历订阅', en: 'Calendar subscriptions' },
  // (section: ballot)
  ballot: { zh: '抽签', en: 'Ballot' },
};

/** What was done (`operate_type`); the same code reads the same in every module. */
export const OPERATE_LOG_ACTIONS: Readonly<Record<string, OperateLogWords>> = {
  anonymise: { zh: '到期匿名化', en: 'Anonymise after retention' },
  approve: { zh: '审批通过', en: 'Approve' },
  auto: { zh: '按规则列入', en: 'Add by rule' },
  batchDelete: { zh: '批量删除', en: 'Delete several' },
  batchUpdate: { zh: '批量修改', en: 'Edit several' },
  cancel: { zh: '取消', en: 'Cancel' },
  cancel_series: { zh: '取消系列', en: 'Cancel series' },
  captchaCooldown: { zh: '验证冷却', en: 'Captcha cool-down' },
  change: { zh: '改期', en: 'Reschedule' },
  copy: { zh: '复制', en: 'Copy' },
  delete: { zh: '删除', en: 'Delete' },
  deleteAll: { zh: '批量删除', en: 'Delete several' },
  deleteItem: { zh: '删除代码项', en: 'Delete item' },
  export: { zh: '导出', en: 'Export' },
  frequencyBlock: { zh: '频繁调用禁用', en: 'Blocked for frequency' },
  import: { zh: '导入', en: 'Import' },
  init: { zh: '初始化', en: 'Initialise' },
  manualInit: { zh: '手动初始化', en: 'Initialise manually' },
  markMissed: { zh: '标记违约', en: 'Mark as no-show' },
  markPerformed: { zh: '标记已履约', en: 'Mark as attended' },
  noShow: { zh: '未签到违约', en: 'No-show' },
  pardon: { zh: '解除', en: 'Pardon' },
  read: { zh: '已读', en: 'Read' },
  readAll: { zh: '全部已读', en: 'Read all' },
  reject: { zh: '审批驳回', en: 'Reject' },
  reply: { zh: '回复', en: 'Reply' },
  resend: { zh: '重新发送', en: 'Resend' },
  save: { zh: '新增', en: 'Add' },
  saveItem: { zh: '新增代码项', en: 'Add item' },
  save_batch: { zh: '批量预约', en: 'Batch booking' },
  save_periodic: { zh: '周期预约', en: 'Periodic booking' },
  settings: { zh: '修改规则', en: 'Change rules' },
  signIn: { zh: '签到', en: 'Check in' },
  signOut: { zh: '签退', en: 'Check out' },
  sort: { zh: '排序', en: 'Reorder' },
  state: { zh: '修改状态', en: 'Change state' },
  terminate: { zh: '终止', en: 'Terminate' },
  unread: { zh: '标为未读', en: 'Mark unread' },
  update: { zh: '修改', en: 'Edit' },
  updateItem: { zh: '修改代码项', en: 'Edit item' },
  updateState: { zh: '修改状态', en: 'Change state' },
  upload: { zh: '上传', en: 'Upload' },
  // (section: visitors-registration)
  register: { zh: '访客注册', en: 'Register' },
  resetPassword: { zh: '重置密码', en: 'Reset password' },
  sendCode: { zh: '发送验证码', en: 'Send a code' },
  updateInfo: { zh: '完善信息', en: 'Update information' },
  viewWhole: { zh: '查看完整号码', en: 'View numbers whole' },
  // (section: visitors-passes)
  issuePass: { zh: '签发通行证', en: 'Issue a pass' },
  recordEntry: { zh: '记录进入', en: 'Record entries' },
  revokePass: { zh: '撤销通行证', en: 'Revoke passes' },
  rotateKey: { zh: '更换签名密钥', en: 'Rotate the signing key' },
  // (section: directory-grants)
  grant: { zh: '授权', en: 'Grant' },
  revoke: { zh: '撤销授权', en: 'Revoke' },
  // (section: directory-data)
  // (section: meetings)
  callbackRefused: { zh: '拒绝回调', en: 'Refuse a callback' },
  retry: { zh: '重试', en: 'Retry' },
  testConnection: { zh: '测试连接', en: 'Test the connection' },
  whitelistAdd: { zh: '添加白名单', en: 'Add to the allow list' },
  whitelistDelete: { zh: '删除白名单', en: 'Remove from the allow list' },
  // (section: calendar)
  rotate: { zh: '更换链接', en: 'Replace the link' },
  // (section: ballot)
  draw: { zh: '抽签', en: 'Draw' },
  drawNow: { zh: '提前抽签', en: 'Draw now' },
  enter: { zh: '参加抽签', en: 'Enter the ballot' },
  ballotSettings: { zh: '修改发放方式', en: 'Change the release mode' },
  replay: { zh: '复核抽签', en: 'Replay a draw' },
};

/** A code's words in `lang`, or null for a code not in `table` (written by an older version or another client). */
export function operateLogWord(
  table: Readonly<Record<string, OperateLogWords>>,
  code: string,
  lang: 'zh' | 'en',
): string | null {
  return Object.hasOwn(table, code) ? table[code]![lang] : null;
}
