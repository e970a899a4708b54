/**
 * The error catalogue: every refusal the server can give, with its Chinese and English text.
 * Services throw `AppError(code, params)`; the GraphQL layer maps a code to the contract's
 * result shapes (`errcode/msg/msg_en` or `code/messages/messages_en`). Texts use `{name}`
 * placeholders filled from the error's params.
 */
export const errorCatalogue = {
  INTERNAL: { zh: '系统异常', en: 'System error' },
  INVALID_INPUT: { zh: '参数错误：{detail}', en: 'Invalid input: {detail}' },
  REQUIRED: { zh: '{field}不能为空', en: '{field} cannot be empty' },
  NOT_FOUND: { zh: '{entity}不存在', en: '{entity} does not exist' },
  ACCESS_TOKEN_INVALID: { zh: '访问令牌无效或已过期', en: 'ACCESS_TOKEN_INVALID' },
  UNAUTHENTICATED: { zh: '未授权，请重新登录', en: 'Not signed in, please sign in again' },
  FORBIDDEN: { zh: '拒绝访问', en: 'Access denied' },
  TENANT_UNKNOWN: { zh: '租户不存在', en: 'Unknown tenant' },
  TENANT_NOT_INITIALIZED: { zh: '租户未初始化', en: 'The tenant has not been initialised' },
  TENANT_DISABLED: { zh: '租户已停用', en: 'The tenant is disabled' },
  TENANT_ALREADY_INITIALIZED: { zh: '租户已初始化', en: 'The tenant is already initialised' },
  TENANT_KEY_TAKEN: { zh: '租户标识已存在', en: 'The tenant key is already in use' },
  NOT_SUPER_TENANT: { zh: '当前租户不是超级租户', en: 'The current tenant is not the super tenant' },
  DUPLICATE: { zh: '{entity}已存在', en: '{entity} already exists' },
  IN_USE: { zh: '{entity}仍在使用中，不能删除', en: '{entity} is still in use and cannot be deleted' },
  LOGIN_FAILED: { zh: '账号或密码错误', en: 'Wrong account or password' },
  LOGIN_LOCKED: {
    zh: '登录失败次数过多，账号已锁定，请{minutes}分钟后再试',
    en: 'Too many failed sign-ins; the account is locked, try again in {minutes} minutes',
  },
  ACCOUNT_DISABLED: { zh: '账号已停用', en: 'The account is disabled' },
  FILE_TOO_LARGE: {
    zh: '文件过大，最大允许{maxMb}MB',
    en: 'The file is too large; the limit is {maxMb} MB',
  },
  FILE_TYPE_NOT_ALLOWED: {
    zh: '不支持的文件类型：{type}',
    en: 'File type not allowed: {type}',
  },
  FILE_MISSING: { zh: '未收到文件', en: 'No file was received' },
  FILE_NOT_FOUND: { zh: '文件不存在', en: 'The file does not exist' },
  INVALID_JSON: { zh: '参数错误：{field}不是有效的 JSON', en: 'Invalid input: {field} is not valid JSON' },
  SETTINGS_TOO_LARGE: {
    zh: '系统设置过大，最大允许{maxKb}KB',
    en: 'The system settings are too large; the limit is {maxKb} KB',
  },
  UNSUPPORTED_API_TYPE: { zh: '不支持的 api_type：{value}', en: 'Unsupported api_type: {value}' },
  OPERATE_LOG_NOT_FOUND: { zh: '操作日志不存在', en: 'The operate log entry does not exist' },
  QUERY_TOO_COMPLEX: {
    zh: '查询过于复杂：{detail}',
    en: 'The query is too complex: {detail}',
  },
  RATE_LIMITED: { zh: '频繁调用接口，禁用3分钟', en: 'Too many requests; blocked for 3 minutes' },
  // Directory: one code per refusal so the English text names the thing in English.
  ACCOUNT_TAKEN: { zh: '账号“{account}”已存在', en: 'The account "{account}" already exists' },
  CODE_TAKEN: { zh: '编码“{code}”已被使用', en: 'The code "{code}" is already in use' },
  DEPARTMENT_NOT_FOUND: { zh: '部门不存在', en: 'The department does not exist' },
  POST_NOT_FOUND: { zh: '岗位不存在', en: 'The post does not exist' },
  USER_NOT_FOUND: { zh: '用户不存在', en: 'The user does not exist' },
  DEPARTMENT_CYCLE: {
    zh: '上级部门不能是本部门或其下级部门',
    en: 'The parent department cannot be the department itself or one of its sub-departments',
  },
  DEPARTMENT_HAS_CHILDREN: {
    zh: '该部门下还有下级部门，不能删除',
    en: 'The department has sub-departments and cannot be deleted',
  },
  DEPARTMENT_HAS_USERS: {
    zh: '该部门下还有用户，不能删除',
    en: 'The department still has users and cannot be deleted',
  },
  POST_HAS_USERS: { zh: '该岗位仍有用户任职，不能删除', en: 'The post is still held by users and cannot be deleted' },
  SELF_CHANGE_REFUSED: {
    zh: '不能删除或停用自己的账号，也不能取消自己的管理员权限',
    en: 'You cannot delete or disable your own account or remove your own administrator role',
  },
  IMAGE_INVALID: {
    zh: '头像必须是 http(s) 图片地址、站内路径或图片 data URI',
    en: 'The avatar must be an http(s) image URL, a site path or an image data URI',
  },
} as const satisfies Record<string, { zh: string; en: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export type ErrorParams = Record<string, string | number>;

/** Fills a catalogue text's `{name}` placeholders. */
export function formatMessage(template: string, params: ErrorParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Chinese and English text of an error code. */
export function errorTexts(code: ErrorCode, params?: ErrorParams): { zh: string; en: string } {
  const entry = errorCatalogue[code];
  return { zh: formatMessage(entry.zh, params), en: formatMessage(entry.en, params) };
}

/**
 * Numeric result codes on the wire (`errcode`, `code`): strings, "0" is success. The
 * original answers most failures with "500"; clients test only for "0", so every failure
 * keeps that value and the message says why, except where the contract names another.
 */
export const RESULT_OK = '0';
export const RESULT_FAILED = '500';
