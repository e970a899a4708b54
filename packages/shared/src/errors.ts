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
  // Sign-in throttling: the same texts whether the account exists or not (login-throttle.ts).
  LOGIN_FAILED_WAIT: {
    zh: '账号或密码错误，请{wait}后再试',
    en: 'Wrong account or password; try again in {wait_en}',
  },
  LOGIN_THROTTLED: {
    zh: '尝试过于频繁，请{wait}后再试',
    en: 'Too many attempts; try again in {wait_en}',
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
  // Abuse resistance: a request's answer budget and input refused at the edge.
  ANSWER_TOO_LARGE: {
    zh: '返回数据过多（上限{maxMb}MB），请缩小查询范围或分页查询',
    en: 'The answer is too large (limit {maxMb} MB); narrow the query or fetch it in pages',
  },
  INPUT_HAS_NUL: {
    zh: '参数错误：{field}含有不允许的空字符（\\u0000）',
    en: 'Invalid input: {field} contains a NUL character (\\u0000), which is not allowed',
  },
  INPUT_TOO_LONG: {
    zh: '参数错误：{field}过长（最多{max}个字符）',
    en: 'Invalid input: {field} is too long (at most {max} characters)',
  },
  // Directory: one code per refusal so the English text names the thing in English.
  ACCOUNT_TAKEN: { zh: '账号“{account}”已存在', en: 'The account "{account}" already exists' },
  CODE_TAKEN: { zh: '编码“{code}”已被使用', en: 'The code "{code}" is already in use' },
  DEPARTMENT_NOT_FOUND: { zh: '部门不存在', en: 'The department does not exist' },
  POST_NOT_FOUND: { zh: '岗位不存在', en: 'The post does not exist' },
  USER_NOT_FOUND: { zh: '用户不存在', en: 'The user does not exist' },
  // Privacy, links and approvals (section: privacy): contact details, attachments, self-approval.
  USER_FILTER_ADMIN_ONLY: {
    zh: '只有管理员可以按{fields}筛选用户',
    en: 'Only administrators may filter users by {fields}',
  },
  ENCLOSURE_NOT_UPLOADED: {
    zh: '附件必须是上传到本系统的文件：{field}',
    en: 'The attachment must be a file uploaded to this system: {field}',
  },
  EMAIL_INVALID: { zh: '邮箱格式不正确：{field}', en: 'Not a valid email address: {field}' },
  PHONE_INVALID: { zh: '电话号码格式不正确：{field}', en: 'Not a valid phone number: {field}' },
  SELF_APPROVAL_FORBIDDEN: {
    zh: '不能审批自己的预约申请，请由其他审批人或租户管理员审批',
    en: 'You cannot decide your own booking application; another approver or the tenant administrator must',
  },
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
  // Usage instructions, review addresses, collected information
  INSTRUCTION_NOT_FOUND: { zh: '使用说明不存在', en: 'The usage instruction does not exist' },
  INSTRUCTION_TITLE_REQUIRED: { zh: '使用说明标题不能为空', en: 'The instruction title cannot be empty' },
  INSTRUCTION_CONTENT_REQUIRED: { zh: '使用说明内容不能为空', en: 'The instruction content cannot be empty' },
  INSTRUCTION_STATE_INVALID: {
    zh: '使用说明状态无效，应为 published（发布）或 draft（草稿）',
    en: 'Invalid instruction state; use published or draft',
  },
  REVIEW_ADDRESS_NOT_FOUND: { zh: '审核地址不存在', en: 'The review address does not exist' },
  REVIEW_ADDRESS_NAME_REQUIRED: { zh: '审核地址名称不能为空', en: 'The review address name cannot be empty' },
  REVIEW_ADDRESS_URL_INVALID: {
    zh: '审核地址必须是以 http:// 或 https:// 开头的完整网址',
    en: 'The review address must be a full URL starting with http:// or https://',
  },
  REVIEW_ADDRESS_NAME_TAKEN: {
    zh: '该资源类型下已有同名的审核地址',
    en: 'A review address with this name already exists for this resource type',
  },
  RESOURCE_TYPE_REQUIRED: { zh: '资源类型不能为空', en: 'The resource type cannot be empty' },
  COLLECTION_CONFIG_NOT_FOUND: { zh: '采集字段不存在', en: 'The collected field does not exist' },
  COLLECTION_FIELD_NAME_INVALID: {
    zh: '字段标识须以字母开头，只能包含字母、数字和下划线，最多64个字符',
    en: 'The field identifier must start with a letter and contain only letters, digits and "_" (up to 64 characters)',
  },
  COLLECTION_LABEL_REQUIRED: { zh: '字段中文名称不能为空', en: 'The Chinese label of the field cannot be empty' },
  COLLECTION_FIELD_TYPE_INVALID: {
    zh: '字段类型无效：{type}，应为 text、textarea、number、date、select、phone 或 email',
    en: 'Invalid field type: {type}; use text, textarea, number, date, select, phone or email',
  },
  COLLECTION_OPTIONS_REQUIRED: {
    zh: '下拉选择字段至少需要一个选项，且每个选项都要有中文名称',
    en: 'A select field needs at least one option, and every option needs a Chinese label',
  },
  COLLECTION_OPTION_DUPLICATE: { zh: '选项的值不能重复', en: 'Option values must be distinct' },
  COLLECTION_FIELD_TAKEN: {
    zh: '该资源类型下已有字段标识“{field}”',
    en: 'The resource type already has a field "{field}"',
  },
  COLLECTION_SORT_MISMATCH: {
    zh: '排序的字段不存在、重复或不属于同一资源类型',
    en: 'The fields to sort do not exist, are repeated or belong to different resource types',
  },
  // Notices
  NOTICE_NOT_FOUND: { zh: '公告不存在', en: 'The notice does not exist' },
  NOTICE_TITLE_REQUIRED: { zh: '公告标题不能为空', en: 'The notice title cannot be empty' },
  NOTICE_CONTENT_REQUIRED: { zh: '公告内容不能为空', en: 'The notice content cannot be empty' },
  NOTICE_RELEASE_TIME_INVALID: {
    zh: '发布时间格式错误，应为 YYYY-MM-DD HH:mm:ss',
    en: 'The release time must look like YYYY-MM-DD HH:mm:ss',
  },
  NOTICE_POPUP_END_DATE_INVALID: {
    zh: '弹窗截止日期格式错误，应为 YYYY-MM-DD',
    en: 'The pop-up end date must look like YYYY-MM-DD',
  },
  NOTICE_STATE_INVALID: {
    zh: '公告状态无效，应为 0（草稿）、1（发布）或 2（撤回）',
    en: 'Invalid notice state; use 0 (draft), 1 (published) or 2 (withdrawn)',
  },
  // Code tables and locations
  CODES_NOT_FOUND: { zh: '代码表不存在', en: 'The code table does not exist' },
  CODE_ITEM_NOT_FOUND: { zh: '代码项不存在', en: 'The code item does not exist' },
  CODES_CODE_TAKEN: { zh: '代码表编码“{code}”已存在', en: 'The code table code "{code}" already exists' },
  CODE_ITEM_CODE_TAKEN: {
    zh: '代码项编码“{code}”在该代码表中已存在',
    en: 'The item code "{code}" already exists in this code table',
  },
  CODES_HAS_ITEMS: {
    zh: '该代码表下还有{count}个代码项，不能删除（可选择连同代码项一起删除）',
    en: 'The code table still has {count} items and cannot be deleted (you may delete it together with its items)',
  },
  CODE_ITEM_HAS_CHILDREN: {
    zh: '该代码项下还有下级代码项，不能删除',
    en: 'The code item has child items and cannot be deleted',
  },
  CODE_ITEM_PARENT_NOT_FOUND: {
    zh: '上级编码“{code}”在该代码表中不存在',
    en: 'The parent code "{code}" does not exist in this code table',
  },
  CODE_ITEM_CYCLE: {
    zh: '上级代码项不能是本代码项或其下级代码项',
    en: 'The parent item cannot be the item itself or one of its descendants',
  },
  CODE_IMPORT_MODE_INVALID: {
    zh: '导入方式无效，应为 all（有错误时全部不导入）或 valid（只导入正确的行）',
    en: 'Invalid import mode; use all (import nothing when a row is bad) or valid (import the valid rows only)',
  },
  CODE_IMPORT_NOT_XLSX: {
    zh: '无法读取文件，请上传 Excel（.xlsx）文件',
    en: 'The file cannot be read; please upload an Excel (.xlsx) file',
  },
  CODE_IMPORT_NO_HEADER: {
    zh: '第一行必须是表头，且包含 item_code 和 item_name 列',
    en: 'The first row must be the header and include the item_code and item_name columns',
  },
  CODE_IMPORT_TOO_MANY_ROWS: {
    zh: '数据行过多，一次最多导入{max}行',
    en: 'Too many rows; at most {max} rows can be imported at once',
  },
  CODE_IMPORT_DONE: { zh: '导入成功，共导入{imported}行', en: 'Import succeeded: {imported} rows imported' },
  CODE_IMPORT_PARTIAL: {
    zh: '已导入{imported}行，{failed}行有错误未导入',
    en: '{imported} rows imported; {failed} rows have errors and were not imported',
  },
  CODE_IMPORT_FAILED: {
    zh: '导入失败：{failed}行有错误，未导入任何数据',
    en: 'Import failed: {failed} rows have errors; nothing was imported',
  },
  CODE_IMPORT_EMPTY: { zh: '文件中没有数据行', en: 'The file has no data rows' },
  IMPORT_CELL_REQUIRED: { zh: '{column}不能为空', en: '{column} cannot be empty' },
  IMPORT_CELL_TOO_LONG: { zh: '{column}最多{max}个字符', en: '{column} is longer than {max} characters' },
  IMPORT_CELL_BAD_CODE: {
    zh: '{column}只能包含字母、数字、下划线、连字符和点',
    en: '{column} may contain only letters, digits, "_", "-" and "."',
  },
  IMPORT_CELL_NOT_INTEGER: { zh: '{column}必须是整数', en: '{column} must be an integer' },
  IMPORT_DUPLICATE_CODE: {
    zh: '编码“{code}”与第{first}行重复',
    en: 'The code "{code}" repeats row {first}',
  },
  IMPORT_PARENT_MISSING: {
    zh: '上级编码“{code}”在文件和代码表中都不存在',
    en: 'The parent code "{code}" exists neither in the file nor in the code table',
  },
  IMPORT_PARENT_ROW_INVALID: {
    zh: '上级编码“{code}”所在的行有错误',
    en: 'The row of the parent code "{code}" has errors',
  },
  IMPORT_CYCLE: {
    zh: '上级关系形成循环：{path}',
    en: 'The parent links form a cycle: {path}',
  },
  LOCATION_NOT_FOUND: { zh: '地理位置不存在', en: 'The location does not exist' },
  // Resource catalogue: types, resources, rule templates, occupancy
  RESOURCE_TYPE_NOT_FOUND: { zh: '资源类型不存在', en: 'The resource type does not exist' },
  RESOURCE_TYPE_HAS_RESOURCES: {
    zh: '该资源类型下还有{count}个资源，不能删除',
    en: 'The resource type still has {count} resources and cannot be deleted',
  },
  RESOURCE_TYPE_STATE_INVALID: {
    zh: '资源类型状态无效，应为 0（停用）或 1（启用）',
    en: 'Invalid resource type state; use 0 (disabled) or 1 (enabled)',
  },
  RESOURCE_NOT_FOUND: { zh: '资源不存在', en: 'The resource does not exist' },
  RESOURCE_STATE_INVALID: {
    zh: '资源状态无效，应为 0（停用）或 1（启用）',
    en: 'Invalid resource state; use 0 (disabled) or 1 (enabled)',
  },
  RESOURCE_NAME_REQUIRED: { zh: '资源名称不能为空', en: 'The resource name cannot be empty' },
  RESOURCE_TYPE_NAME_REQUIRED: { zh: '资源类型名称不能为空', en: 'The resource type name cannot be empty' },
  RULE_TEMPLATE_REQUIRED: {
    zh: '规则来源为规则模板时，规则模板不能为空',
    en: 'A rule template must be chosen when the rules come from a template',
  },
  RULE_TEMPLATE_NOT_FOUND: { zh: '规则模板不存在', en: 'The rule template does not exist' },
  RULE_TEMPLATE_IN_USE: {
    zh: '该规则模板仍被{count}个资源使用，不能删除',
    en: 'The rule template is still used by {count} resources and cannot be deleted',
  },
  RULE_TEMPLATE_NAME_REQUIRED: { zh: '规则模板名称不能为空', en: 'The rule template name cannot be empty' },
  TIME_SLOT_INVALID: {
    zh: '时间段 {start}-{end} 无效：开始时间须早于结束时间，格式为 HH:mm',
    en: 'The time slot {start}-{end} is invalid: it must start before it ends, as HH:mm',
  },
  TIME_SLOTS_OVERLAP: {
    zh: '时间段 {first} 与 {second} 重叠',
    en: 'The time slots {first} and {second} overlap',
  },
  DATE_RANGE_INVALID: {
    zh: '日期范围 {start} 至 {end} 无效：格式为 YYYY-MM-DD，且开始不能晚于结束',
    en: 'The date range {start} to {end} is invalid: use YYYY-MM-DD, the start not after the end',
  },
  FREE_TIME_MINUTES_INVALID: {
    zh: '每次预约的最短时长不能大于最长时长',
    en: 'The shortest booking cannot be longer than the longest booking',
  },
  ORDER_BY_INVALID: {
    zh: '不支持的排序方式：{value}',
    en: 'Unsupported order_by: {value}',
  },
  OCCUPANCY_NOT_FOUND: { zh: '资源占用记录不存在', en: 'The occupancy does not exist' },
  OCCUPANCY_PERIOD_INVALID: {
    zh: '占用时间无效：开始时间须早于结束时间，格式为 YYYY-MM-DD HH:mm',
    en: 'Invalid occupancy period: it must start before it ends, as YYYY-MM-DD HH:mm',
  },
  OCCUPANCY_REASON_REQUIRED: { zh: '占用原因不能为空', en: 'The occupancy reason cannot be empty' },
  // Booking: one code per refusal; each names the rule that refuses.
  APPOINTMENT_NOT_FOUND: { zh: '预约记录不存在', en: 'The booking does not exist' },
  RESOURCE_NOT_BOOKABLE: { zh: '该资源已停用，不可预约', en: 'The resource is disabled and cannot be booked' },
  BOOKING_SLOT_REQUIRED: { zh: '请选择预约时段', en: 'Choose a time slot to book' },
  BOOKING_SLOT_UNKNOWN: {
    zh: '系统异常：所选时段不属于该资源或该日期',
    en: 'System error: a chosen time slot does not belong to this resource or this date',
  },
  BOOKING_TOO_MANY_SLOTS: {
    zh: '一次最多预约{max}个时段',
    en: 'At most {max} time slots can be booked at once',
  },
  BOOKING_FREE_TIME_INVALID: {
    zh: '预约时间 {start}-{end} 无效：开始时间须早于结束时间，格式为 HH:mm',
    en: 'The booking time {start}-{end} is invalid: it must start before it ends, as HH:mm',
  },
  BOOKING_DATE_INVALID: {
    zh: '预约日期无效：须为 YYYY-MM-DD 或当天零点的毫秒时间戳',
    en: 'Invalid booking date: use YYYY-MM-DD or epoch milliseconds of local midnight',
  },
  BOOKING_NOT_OPEN_YET: {
    zh: '{date} 的时段尚未开放预约，将于 {opensAt} 开放',
    en: 'The slots of {date} are not open for booking yet; they open at {opensAt}',
  },
  BOOKING_SLOT_EXPIRED: { zh: '所选时段 {start}-{end} 已过期', en: 'The time slot {start}-{end} has passed' },
  BOOKING_SLOT_CLOSED: {
    zh: '所选时段 {start}-{end} 不可预约：{reason_cn}',
    en: 'The time slot {start}-{end} cannot be booked: {reason_en}',
  },
  BOOKING_ADVANCE_MIN: {
    zh: '须至少提前{minutes}分钟预约',
    en: 'Bookings must be made at least {minutes} minutes in advance',
  },
  BOOKING_ADVANCE_MAX: {
    zh: '最多只能提前{minutes}分钟预约',
    en: 'Bookings can be made at most {minutes} minutes in advance',
  },
  BOOKING_SLOT_TAKEN: {
    zh: '所选时段 {start}-{end} 已被他人预约',
    en: 'The time slot {start}-{end} has already been booked by someone else',
  },
  BOOKING_SLOT_MINE: {
    zh: '您已预约所选时段 {start}-{end}',
    en: 'You have already booked the time slot {start}-{end}',
  },
  BOOKING_SLOT_FULL: { zh: '所选时段 {start}-{end} 已约满', en: 'The time slot {start}-{end} is full' },
  BOOKING_LIMIT_EXCEEDED: {
    zh: '超过预约人次（{limit}次）限制',
    en: 'Over the per-person booking limit ({limit})',
  },
  APPOINTMENT_STATE_UNSUPPORTED: {
    zh: '不支持的预约状态：{state}（仅支持 1 取消）',
    en: 'Unsupported booking state: {state} (only 1, cancel, is supported)',
  },
  CANCEL_REASON_REQUIRED: { zh: '取消原因不能为空', en: 'The cancel reason cannot be empty' },
  CANCEL_NOT_OWNER: { zh: '只能取消本人的预约', en: 'Only the booker can cancel this booking' },
  CANCEL_ALREADY_CANCELLED: { zh: '该预约已取消', en: 'The booking is already cancelled' },
  CANCEL_NOT_ALLOWED_STATE: {
    zh: '该预约已审核不通过、已履约、已违约或已终止，不能取消',
    en: 'The booking was rejected, performed, missed or terminated and cannot be cancelled',
  },
  CANCEL_STARTED: {
    zh: '预约已开始或已结束，不能取消',
    en: 'The booking has started or ended and can no longer be cancelled',
  },
  CANCEL_TOO_LATE: {
    zh: '距预约开始不足{minutes}分钟，不能取消',
    en: 'Less than {minutes} minutes before the start: the booking can no longer be cancelled',
  },
  // Periodic and batch booking (booking.series.*).
  SERIES_RULE_REQUIRED: {
    zh: '请设置周期规则或选择批量预约的日期和时间',
    en: 'Set a periodic rule or choose the dates and times of a batch booking',
  },
  SERIES_DATE_INVALID: { zh: '日期无效：{value}（须为 YYYY-MM-DD）', en: 'Invalid date: {value} (use YYYY-MM-DD)' },
  SERIES_DATES_REQUIRED: { zh: '请选择批量预约的日期', en: 'Choose the dates of the batch booking' },
  SERIES_RANGE_INVALID: {
    zh: '周期结束日期不能早于开始日期',
    en: 'The end date of the period cannot be before its start date',
  },
  SERIES_RANGE_TOO_LONG: { zh: '周期最长{max}天', en: 'A periodic rule may span at most {max} days' },
  SERIES_STRATEGY_INVALID: {
    zh: '周期规则无效：{value}（1 每天，2 每周，3 每月）',
    en: 'Invalid periodic rule: {value} (1 every day, 2 weekly, 3 monthly)',
  },
  SERIES_WEEKDAYS_REQUIRED: {
    zh: '按周重复时请至少选择一个星期（1-7）',
    en: 'A weekly rule needs at least one weekday (1-7)',
  },
  SERIES_DAYS_REQUIRED: {
    zh: '按月重复时请至少选择一个日期（1-31）',
    en: 'A monthly rule needs at least one day of the month (1-31)',
  },
  SERIES_EMPTY: { zh: '所选周期内没有符合规则的日期', en: 'No date in the chosen range matches the rule' },
  SERIES_TOO_MANY: {
    zh: '一次最多预约{max}个时段，当前为{count}个',
    en: 'At most {max} occurrences can be booked at once; this request has {count}',
  },
  SERIES_PERIODIC_DISABLED: {
    zh: '该资源类型未开启周期预约',
    en: 'Periodic booking is not enabled for this resource type',
  },
  SERIES_BATCH_DISABLED: { zh: '该资源类型未开启批量预约', en: 'Batch booking is not enabled for this resource type' },
  SERIES_COMMIT_INVALID: {
    zh: 'seriesCommit 无效：{value}（all 全部成功才预约，ok 只预约可预约的时段）',
    en: 'Invalid seriesCommit: {value} (all: all or nothing; ok: only the bookable occurrences)',
  },
  SERIES_REFUSED: {
    zh: '{count}/{total} 个时段不可预约，未创建任何预约。首个：{date} {start}-{end} {reason}',
    en: '{count} of {total} occurrences cannot be booked; nothing was created. First: {date} {start}-{end} {reason_en}',
  },
  SERIES_NOT_FOUND: { zh: '预约系列不存在', en: 'The booking series does not exist' },
  // Approval and lifecycle (booking.approval.*, booking.lifecycle.*).
  APPROVAL_REASON_REQUIRED: { zh: '驳回原因不能为空', en: 'The rejection reason cannot be empty' },
  APPROVAL_NOT_PENDING: {
    zh: '该预约不在待审批状态（可能已被其他审批人处理）',
    en: 'The booking is not awaiting approval (another approver may have handled it)',
  },
  APPOINTMENT_NOT_OWNER: { zh: '只能操作本人的预约', en: 'Only the booker can do this' },
  TERMINATE_NOT_PENDING: {
    zh: '只有待审批的申请可以终止',
    en: 'Only an application awaiting approval can be terminated',
  },
  CHANGE_NOT_ALLOWED_STATE: {
    zh: '该预约已取消、已驳回、已履约、已违约或已终止，不能改期',
    en: 'The booking was cancelled, rejected, performed, missed or terminated; its time cannot be changed',
  },
  CHANGE_STARTED: {
    zh: '预约已开始或已结束，不能改期',
    en: 'The booking has started or ended; its time can no longer be changed',
  },
  CHANGE_TOO_LATE: {
    zh: '距预约开始不足{minutes}分钟，不能改期',
    en: 'Less than {minutes} minutes before the start: the time can no longer be changed',
  },
  CHANGE_ONE_SLOT: {
    zh: '改期时请选择一个时段',
    en: 'Choose exactly one time slot for the new time',
  },
  DELETE_NOT_FINISHED: {
    zh: '只能删除已结束、已取消、已驳回或已终止的预约记录',
    en: 'Only finished, cancelled, rejected or terminated bookings can be deleted',
  },
  VACANCY_RANGE_INVALID: {
    zh: '统计日期无效：开始和结束日期须为 YYYY-MM-DD，结束不早于开始，最多 366 天',
    en: 'Invalid dates: start and end must be YYYY-MM-DD, the end not before the start, at most 366 days',
  },
  // Resource settings: extended property values, custom attributes, pre-audit, notifications
  EXTENDED_PROPERTY_UNKNOWN: {
    zh: '资源类型“{type}”没有扩展属性“{code}”',
    en: 'The resource type "{type}" has no extended property "{code}"',
  },
  EXTENDED_PROPERTY_ITEM_UNKNOWN: {
    zh: '扩展属性“{property}”的代码表中没有代码项“{item}”',
    en: 'The code table of the extended property "{property}" has no item "{item}"',
  },
  CUSTOM_ATTRIBUTE_NAME_INVALID: {
    zh: '自定义属性的字段名“{name}”无效：只能包含字母、数字和下划线，且不能以数字开头',
    en: 'The custom attribute field name "{name}" is invalid: use letters, digits and underscores, not starting with a digit',
  },
  CUSTOM_ATTRIBUTE_DUPLICATE: {
    zh: '自定义属性的字段名“{name}”重复',
    en: 'The custom attribute field name "{name}" is used twice',
  },
  CUSTOM_ATTRIBUTE_LABEL_REQUIRED: {
    zh: '自定义属性“{name}”的中文名称不能为空',
    en: 'The Chinese label of the custom attribute "{name}" cannot be empty',
  },
  CUSTOM_ATTRIBUTE_OPTIONS_REQUIRED: {
    zh: '自定义属性“{name}”为选择方式，可选值不能为空',
    en: 'The custom attribute "{name}" is picked from options: its options cannot be empty',
  },
  CUSTOM_ATTRIBUTE_OPTIONS_MISMATCH: {
    zh: '自定义属性“{name}”的英文可选值须与中文可选值一一对应（{zh}个中文，{en}个英文）',
    en: 'The English options of the custom attribute "{name}" must match the Chinese ones one to one ({zh} Chinese, {en} English)',
  },
  CUSTOM_ATTRIBUTE_DEFAULT_INVALID: {
    zh: '自定义属性“{name}”的默认值“{value}”不是它的可选值',
    en: 'The default "{value}" of the custom attribute "{name}" is not one of its options',
  },
  CUSTOM_ATTRIBUTE_UNDEFINED: {
    zh: '自定义属性“{name}”未定义，不能填写它的值',
    en: 'The custom attribute "{name}" is not defined, so it cannot have a value',
  },
  CUSTOM_ATTRIBUTE_VALUE_REQUIRED: {
    zh: '自定义属性“{name}”的值不能为空',
    en: 'The value of the custom attribute "{name}" cannot be empty',
  },
  CUSTOM_ATTRIBUTE_VALUE_INVALID: {
    zh: '“{value}”不是自定义属性“{name}”的可选值',
    en: '"{value}" is not an option of the custom attribute "{name}"',
  },
  PREAUDIT_TARGET_REQUIRED: {
    zh: '开启预审时，预审地址、预审部门和预审岗位不能全部为空',
    en: 'With pre-audit on, the pre-audit URL, department and post cannot all be empty',
  },
  PREAUDIT_URL_INVALID: {
    zh: '预审地址“{value}”无效：须为 http:// 或 https:// 开头的网址',
    en: 'The pre-audit URL "{value}" is invalid: it must start with http:// or https://',
  },
  NOTIFY_CHANNEL_INVALID: {
    zh: '不支持的通知渠道：{value}（可选 email 邮件、sms 短信；站内消息总会发送）',
    en: 'Unsupported notification channel: {value} (use email or sms; in-app messages are always sent)',
  },
  // --- check-in, check-out and QR codes (section: check-in)
  SIGN_CODE_INVALID: {
    zh: '二维码无效：不是本系统签发的签到码或预约凭证，或已被篡改',
    en: 'Invalid QR code: it was not issued by this system or has been altered',
  },
  SIGN_CODE_EXPIRED: { zh: '二维码已过期，请刷新后重新扫描', en: 'The QR code has expired; refresh it and scan again' },
  SIGN_CODE_OTHER_TENANT: {
    zh: '该二维码属于其他单位，不能在本单位使用',
    en: 'This QR code belongs to another institution and cannot be used here',
  },
  SIGN_CODE_USED: {
    zh: '该预约凭证已被使用，请刷新凭证后重新扫描',
    en: 'This booking voucher has already been used; refresh it and scan again',
  },
  SIGN_CODE_NOT_RESOURCE: {
    zh: '这是预约凭证，请扫描场地的签到码',
    en: "This is a booking voucher; scan the venue's check-in code",
  },
  SIGN_CODE_NOT_VOUCHER: {
    zh: '这是场地签到码，请扫描预约人的预约凭证',
    en: "This is a venue check-in code; scan the booker's voucher",
  },
  SIGN_CODE_RESOURCE_UNKNOWN: {
    zh: '签到码对应的场地不存在或已删除',
    en: 'The venue of this check-in code does not exist or was deleted',
  },
  SIGN_VALID_DAYS_INVALID: {
    zh: '有效天数须为 1 到 {max} 之间的整数',
    en: 'The number of valid days must be a whole number from 1 to {max}',
  },
  SIGN_IN_NO_BOOKING: {
    zh: '您在“{resource}”没有今天前后可签到的预约',
    en: 'You have no booking at "{resource_en}" to check in around now',
  },
  SIGN_IN_NOT_OPEN: { zh: '签到尚未开始，{start} 起可签到', en: 'Check-in has not started yet; it opens at {start}' },
  SIGN_IN_CLOSED: { zh: '签到已截止（截止时间 {end}）', en: 'Check-in closed at {end}' },
  SIGN_IN_ALREADY: { zh: '该预约已签到（{time}）', en: 'This booking is already checked in ({time})' },
  SIGN_IN_NOT_VALID: {
    zh: '该预约已取消、已驳回或已终止，不能签到',
    en: 'The booking was cancelled, rejected or terminated and cannot be checked in',
  },
  SIGN_IN_AWAITING_APPROVAL: {
    zh: '该预约尚未审批通过，不能签到',
    en: 'The booking has not been approved yet and cannot be checked in',
  },
  SIGN_IN_MISSED: {
    zh: '该预约已记为违约（未按时签到），不能再签到',
    en: 'The booking was marked as a no-show and can no longer be checked in',
  },
  SIGN_OUT_NOT_USED: { zh: '该场地无需签退', en: 'This venue does not use check-out' },
  SIGN_OUT_NOT_SIGNED_IN: {
    zh: '该预约尚未签到，不能签退',
    en: 'The booking has not been checked in, so it cannot be checked out',
  },
  SIGN_OUT_ALREADY: { zh: '该预约已签退（{time}）', en: 'This booking is already checked out ({time})' },
  SIGN_OUT_CLOSED: { zh: '签退已截止（截止时间 {end}）', en: 'Check-out closed at {end}' },
  SIGN_OUT_NO_BOOKING: {
    zh: '您在“{resource}”没有待签退的预约',
    en: 'You have no checked-in booking at "{resource_en}" to check out',
  },
  SIGN_TYPE_INVALID: {
    zh: '操作类型无效：{value}（1 签到，2 签退）',
    en: 'Invalid type: {value} (1 check in, 2 check out)',
  },
  SIGN_STATE_INVALID: {
    zh: '签到状态无效：{value}（0 待签到，1 已签到，2 已签退，3 违约）',
    en: 'Invalid check-in state: {value} (0 to check in, 1 checked in, 2 checked out, 3 no-show)',
  },
  PERFORM_STATE_INVALID: {
    zh: '履约状态无效：{value}（1 已履约，2 违约）',
    en: 'Invalid state: {value} (1 performed, 2 no-show)',
  },
  MARK_NOT_STARTED: {
    zh: '尚未到可标记的时间（{start} 起）',
    en: 'The booking cannot be marked yet (from {start})',
  },
  MARK_PERFORMED_NOT_ALLOWED: {
    zh: '该预约已取消、已驳回、待审批、已终止或已履约，不能标记为已履约',
    en: 'The booking was cancelled, rejected, terminated, is awaiting approval or is already performed; it cannot be marked performed',
  },
  MARK_MISSED_NOT_ALLOWED: {
    zh: '只有待履约的预约可以标记为违约（该预约已取消、已驳回、待审批、已终止、已履约或已记为违约）',
    en: 'Only a booking to be performed can be marked a no-show (this one was cancelled, rejected, terminated, is awaiting approval, performed or already a no-show)',
  },
  // --- blacklist (section: blacklist)
  BLACKLISTED: {
    zh: '您已被列入黑名单，{until} 前不能预约。原因：{reason}',
    en: 'You are on the blacklist and cannot book until {until}. Reason: {reason_en}',
  },
  BLACKLIST_NOT_FOUND: { zh: '黑名单记录不存在', en: 'The blacklist entry does not exist' },
  BLACKLIST_USER_UNKNOWN: { zh: '用户“{account}”不存在', en: 'The user "{account}" does not exist' },
  BLACKLIST_REASON_REQUIRED: { zh: '列入黑名单的原因不能为空', en: 'The reason for blacklisting cannot be empty' },
  BLACKLIST_END_INVALID: {
    zh: '结束时间无效：须为晚于当前时间的 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss，或填写 1 到 3650 天',
    en: 'Invalid end: give YYYY-MM-DD or YYYY-MM-DD HH:mm:ss after now, or 1 to 3650 days',
  },
  BLACKLIST_ALREADY: {
    zh: '用户“{account}”已在黑名单中，至 {until}',
    en: 'The user "{account}" is already on the blacklist until {until}',
  },
  BLACKLIST_NOT_IN_FORCE: {
    zh: '该黑名单记录已过期或已解除，无需再解除',
    en: 'The blacklist entry has expired or was pardoned already',
  },
  BLACKLIST_PARDON_REASON_REQUIRED: { zh: '解除原因不能为空', en: 'The pardon reason cannot be empty' },
  BLACK_SETTINGS_INVALID: {
    zh: '黑名单规则无效：启用标志须为 0 或 1，违约次数 1-100，统计天数 1-366，禁约天数 1-3650，均为整数',
    en: 'Invalid blacklist rule: the switch must be 0 or 1, no-shows 1-100, days counted 1-366, days banned 1-3650, all whole numbers',
  },
  // --- captcha, rate limit, evaluations, favourites (section: evaluations)
  CAPTCHA_REQUIRED: {
    zh: '该资源预约需要先完成滑块验证',
    en: 'This resource needs the slider captcha: complete it before submitting',
  },
  CAPTCHA_INVALID: {
    zh: '验证码无效，请重新完成滑块验证',
    en: 'The captcha is invalid; please complete the slider captcha again',
  },
  CAPTCHA_EXPIRED: {
    zh: '验证码已过期，请重新完成滑块验证',
    en: 'The captcha has expired; please complete the slider captcha again',
  },
  CAPTCHA_REUSED: { zh: '验证码不能重复使用', en: 'A captcha can be used only once; please complete it again' },
  CAPTCHA_CHALLENGE_EXPIRED: {
    zh: '验证码已失效，请刷新后重试',
    en: 'This captcha has expired or was already checked; load a new one and try again',
  },
  CAPTCHA_SLIDE_WRONG: { zh: '验证失败，请重新滑动', en: 'The piece is not in place; please try again' },
  CAPTCHA_CHECK_INPUT_INVALID: { zh: '验证码参数错误：{detail}', en: 'Invalid captcha check: {detail}' },
  // the captcha throttle: too many challenges or failed checks of an account or an address (section: captcha)
  CAPTCHA_COOLING: {
    zh: '滑块验证尝试次数过多，请于{time}后再试（约{minutes}分钟）',
    en: 'Too many captcha attempts; try again after {time} (in about {minutes} min)',
  },
  SUBMIT_TOO_FREQUENT: {
    zh: '频繁调用接口，禁用3分钟',
    en: 'Too many submits in a short time; you can submit again in 3 minutes',
  },
  EVALUATE_NOT_FOUND: { zh: '评价不存在', en: 'The evaluation does not exist' },
  EVALUATE_NOT_BOOKER: { zh: '只能评价本人的预约', en: 'Only the booker can evaluate a booking' },
  EVALUATE_NOT_PERFORMED: {
    zh: '预约履约（签到）后才能评价',
    en: 'A booking can be evaluated only after it was performed (checked in)',
  },
  EVALUATE_DUPLICATE: { zh: '该预约已评价，每个预约只能评价一次', en: 'This booking has already been evaluated' },
  EVALUATE_NOT_AUTHOR: {
    zh: '只能修改或删除本人的评价',
    en: 'Only the author can change or delete an evaluation',
  },
  EVALUATE_STATE_INVALID: {
    zh: '评价状态无效，应为 0（隐藏）或 1（显示）',
    en: 'Invalid evaluation state; use 0 (hidden) or 1 (shown)',
  },
  EVALUATE_REPLY_REQUIRED: { zh: '回复内容不能为空', en: 'The reply cannot be empty' },
  // --- notifications (section: notifications)
  NOTIFICATION_NOT_FOUND: { zh: '通知不存在', en: 'The notification does not exist' },
  NOTIFICATION_STATE_INVALID: {
    zh: '通知状态无效：{state}（0 未读，1 已读）',
    en: 'Invalid notification state "{state}": 0 unread, 1 read',
  },
  NOTIFICATION_MAIL_NOT_FOUND: { zh: '邮件记录不存在', en: 'The e-mail does not exist' },
  NOTIFICATION_MAIL_NOT_FAILED: {
    zh: '只能重新发送发送失败的邮件（{recipient} 的邮件不是失败状态）',
    en: 'Only e-mails that failed can be sent again (the one to {recipient} has not failed)',
  },
  // --- booking engine additions (section: engine)
  BOOKING_UNFINISHED_LIMIT_EXCEEDED: {
    zh: '超过未完成预约数（{limit}个）限制：您已有{have}个尚未结束的预约',
    en: 'Over the limit of {limit} unfinished booking(s): you already have {have} that have not ended yet',
  },
  BOOK_AGAIN_NOT_FINISHED: {
    zh: '只能再次预约已结束、已取消、已驳回或已终止的预约',
    en: 'Only a finished, cancelled, rejected or terminated booking can be booked again',
  },
  // --- back-office booking filters, statistics, evaluation management (section: manage-stats)
  EVALUATE_IDS_REQUIRED: {
    zh: '请选择要删除的评价（1 至 {max} 条）',
    en: 'Choose the evaluations to delete (1 to {max})',
  },
  EVALUATE_DATE_INVALID: {
    zh: '评价日期无效：应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss',
    en: 'Invalid evaluation date: use YYYY-MM-DD or YYYY-MM-DD HH:mm:ss',
  },
  // --- open booking pages: booking check and public chart (section: public-booking)
  PUBLIC_BOOKING_ID_INVALID: {
    zh: '预约编号无效：{value}（请扫描预约凭证上的二维码或打开完整的预约链接）',
    en: 'Invalid booking number "{value}" (scan the QR code of the booking voucher or open the full booking link)',
  },
  PUBLIC_CHART_DATE_OUT_OF_RANGE: {
    zh: '只能查看今天起{days}天内的预约情况（{from} 至 {to}）',
    en: 'Only the {days} days from today can be shown ({from} to {to})',
  },
  // --- the database unreachable or too slow: HTTP 503, the request may be retried (section: db-resilience)
  SERVICE_UNAVAILABLE: {
    zh: '服务暂不可用，请稍后重试',
    en: 'Service temporarily unavailable, please try again later',
  },
  DATABASE_TIMEOUT: {
    zh: '服务繁忙，处理超时，请稍后重试',
    en: 'The service is busy and the request took too long, please try again later',
  },
  // --- operations: the metrics endpoint (section: operations)
  METRICS_TOKEN_REQUIRED: {
    zh: '需要指标令牌（Authorization: Bearer <METRICS_TOKEN>）',
    en: 'The metrics token is required (Authorization: Bearer <METRICS_TOKEN>)',
  },
  // --- uploads: malformed multipart bodies and a file store that does not answer (section: file storage)
  UPLOAD_MALFORMED: {
    zh: '上传请求格式错误，不是完整的 multipart/form-data 内容',
    en: 'Malformed upload: the body is not complete multipart/form-data',
  },
  UPLOAD_ONE_FILE: { zh: '一次只能上传一个文件', en: 'Upload one file at a time' },
  FILE_STORAGE_UNAVAILABLE: {
    zh: '文件存储暂不可用，请稍后重试',
    en: 'File storage is temporarily unavailable, please try again later',
  },
  // --- who may read an uploaded file, and what an upload is for (section: file visibility)
  FILE_PURPOSE_INVALID: {
    zh: '上传用途无效：{purpose}（可用：{allowed}）',
    en: 'Invalid upload purpose: {purpose} (allowed: {allowed})',
  },
  FILE_PURPOSE_NOT_ALLOWED: {
    zh: '只有管理员或资源管理员可以上传公开图片（{purpose}）',
    en: 'Only administrators and resource administrators may upload public pictures ({purpose})',
  },
  FILE_SIGN_IN_REQUIRED: { zh: '请登录后查看此文件', en: 'Sign in to see this file' },
  FILE_LINK_EXPIRED: {
    zh: '文件链接已失效，请重新打开',
    en: 'The file link has expired or is not valid; open it again',
  },
  // Visitors: registration, one-time codes, profile and settings (section: visitors-registration)
  VISITOR_PHONE_INVALID: {
    zh: '手机号格式不正确，请输入11位手机号',
    en: 'Not a valid mobile phone number; enter the 11-digit number',
  },
  VISITOR_CODE_PURPOSE_INVALID: {
    zh: '验证码用途无效：{purpose}（register 注册，resetPassword 重置密码）',
    en: 'Invalid code purpose "{purpose}": register or resetPassword',
  },
  VISITOR_CODE_TOO_FREQUENT: {
    zh: '验证码发送过于频繁，请{wait}后再试',
    en: 'Codes were sent too often; try again in {wait_en}',
  },
  VISITOR_CODE_SEND_FAILED: {
    zh: '验证码短信发送失败，请稍后重试',
    en: 'The code could not be sent by text message; please try again later',
  },
  VISITOR_CODE_WRONG: {
    zh: '验证码错误，还可尝试{left}次',
    en: 'Wrong code; {left} tries left',
  },
  VISITOR_CODE_EXPIRED: {
    zh: '验证码已失效（超时、已使用或错误次数过多），请重新获取',
    en: 'The code is no longer valid (expired, used or too many wrong tries); ask for a new one',
  },
  VISITOR_PASSWORD_WEAK: {
    zh: '密码须为8-64位，且同时包含字母和数字',
    en: 'The password must be 8-64 characters with at least one letter and one digit',
  },
  VISITOR_FIELD_REQUIRED: { zh: '{field}不能为空', en: '{field_en} is required' },
  VISITOR_FIELD_INVALID: { zh: '{field}不正确：{reason}', en: '{field_en} is not valid: {reason_en}' },
  VISITOR_FIELD_UNKNOWN: {
    zh: '没有名为 {field} 的信息字段',
    en: 'There is no information field named "{field}"',
  },
  VISITOR_PHONE_TAKEN: {
    zh: '该手机号已注册为访客，请直接登录',
    en: 'This phone number is already registered as a visitor; please sign in',
  },
  VISITOR_CARD_TAKEN: {
    zh: '该证件号码已注册为访客',
    en: 'This ID number is already registered to a visitor',
  },
  VISITOR_NOT_REGISTERED: {
    zh: '该手机号尚未注册为访客',
    en: 'This phone number is not registered as a visitor',
  },
  VISITOR_NOT_FOUND: { zh: '访客不存在', en: 'The visitor does not exist' },
  // Visitors: visits, invitations, approval and quotas (section: visitors-appointments)
  VISIT_NOT_FOUND: { zh: '来访记录不存在', en: 'The visit does not exist' },
  RESOURCE_VISITOR_AREA: {
    zh: '访客区域不能在此预约，请通过来访申请预约',
    en: 'A visitor area cannot be booked here: visitor areas are booked through visit applications',
  },
  VISIT_TYPE_INVALID: {
    zh: '访客类型无效：{type}（1 访客申请，2 邀请，3 预约访客）',
    en: 'Invalid visitor type "{type}": 1 application, 2 invitation, 3 guest of a booking',
  },
  VISIT_TYPE_DISABLED: { zh: '此访客类型未开放：{type}', en: 'This visitor type is not offered: {type}' },
  VISIT_NOT_A_VISITOR: {
    zh: '只有已登记的访客可以提交来访申请（邀请访客请使用“邀请”）',
    en: 'Only a registered visitor can apply for a visit (to invite visitors, use an invitation)',
  },
  VISIT_VISITOR_CANNOT_INVITE: {
    zh: '访客不能邀请访客或为预约添加访客',
    en: 'A visitor cannot invite visitors or add guests to a booking',
  },
  VISIT_DATE_INVALID: {
    zh: '来访日期无效：{value}（应为 YYYY-MM-DD）',
    en: 'Invalid visit date "{value}" (use YYYY-MM-DD)',
  },
  VISIT_DATE_OUT_OF_RANGE: {
    zh: '来访日期只能在今天起{days}天内（{from} 至 {to}）',
    en: 'The visit date must be within {days} days from today ({from} to {to})',
  },
  VISIT_PARTY_INVALID: {
    zh: '人数无效：同行人数 0 至 {peers}，随行儿童 0 至 {children}',
    en: 'Invalid party: 0 to {peers} companions and 0 to {children} children',
  },
  VISIT_AREAS_REQUIRED: { zh: '请选择来访区域', en: 'Choose the areas to visit' },
  VISIT_AREA_INVALID: {
    zh: '来访区域不可用：{area}（不是开放给访客的区域）',
    en: 'Area not available: {area} (not an area open to visitors)',
  },
  VISIT_TEXT_TOO_LONG: { zh: '{field} 过长（最多 {max} 字）', en: '{field} is too long (at most {max} characters)' },
  VISIT_HOST_REQUIRED: {
    zh: '此类来访需要被访人审批：请填写被访人在系统中的手机号或账号',
    en: "This visit needs its host to approve it: give the host's phone number or account in the directory",
  },
  VISIT_HOST_NOT_FOUND: {
    zh: '未找到被访人：{host}（请填写被访人在系统中登记的手机号或账号）',
    en: 'No host found for "{host}" (give the phone number or account the host has in the directory)',
  },
  VISIT_GUEST_REQUIRED: {
    zh: '请填写受邀访客的姓名和手机号（第 {index} 位）',
    en: 'Give the name and phone number of each guest (guest {index})',
  },
  VISIT_GUEST_PHONE_INVALID: {
    zh: '受邀访客手机号无效：第 {index} 位',
    en: 'Invalid phone number of guest {index}',
  },
  VISIT_BATCH_SIZE: { zh: '一次邀请 1 至 {max} 位访客', en: 'Invite 1 to {max} guests at a time' },
  VISIT_QUOTA_FULL: {
    zh: '「{area}」{date} 的访客名额不足：剩余 {remaining} 人，本次 {seats} 人',
    en: 'Not enough visitor places in "{area}" on {date}: {remaining} left, {seats} asked',
  },
  VISIT_BOOKING_NOT_FOUND: {
    zh: '预约不存在或已失效（已取消、驳回、终止或已结束）',
    en: 'The booking does not exist or is no longer active (cancelled, rejected, terminated or ended)',
  },
  VISIT_BOOKING_NOT_BOOKER: {
    zh: '只有预约人可以为此预约添加访客',
    en: 'Only the booker can add guests to this booking',
  },
  VISIT_ROOM_FULL: {
    zh: '超出场地容量：可容纳 {capacity} 人，已有 {have} 人，本次 {seats} 人',
    en: "Over the room's capacity: it holds {capacity}, {have} already come, {seats} asked",
  },
  VISIT_AUDIT_STATE_INVALID: {
    zh: '审批结果无效：{state}（2 通过，3 驳回）',
    en: 'Invalid decision "{state}": 2 approve, 3 reject',
  },
  VISIT_REJECT_REASON_REQUIRED: { zh: '驳回时请填写原因', en: 'Give a reason for the rejection' },
  VISIT_NOT_AWAITING_YOU: {
    zh: '此来访当前不等待您的审批',
    en: 'This visit is not awaiting your approval',
  },
  VISIT_CANCEL_REASON_REQUIRED: { zh: '请填写取消原因', en: 'Give a reason for cancelling' },
  VISIT_NOT_CANCELLABLE: {
    zh: '此来访不能取消：只能在来访开始前取消尚未驳回或取消的来访',
    en: 'This visit cannot be cancelled: only a visit not rejected or cancelled can be, before it starts',
  },
  VISIT_NOT_EDITABLE: {
    zh: '只能修改尚未审批通过、未开始的来访',
    en: 'Only a visit not yet approved and not yet started can be changed',
  },
  VISIT_NOT_YOURS: {
    zh: '您不能操作此来访（只有访客本人、邀请人或访客管理员可以）',
    en: 'You cannot act on this visit (only its visitor, its inviting host or a visitor administrator can)',
  },
  // Visitors: entry passes, gates and long-term visitors (section: visitors-passes)
  VISITOR_PASS_NOT_FOUND: {
    zh: '通行证对应的来访记录或长期访客不存在',
    en: 'No visit or long-term visitor for this pass',
  },
  VISITOR_PASS_FORBIDDEN: {
    zh: '您不能查看此通行证（仅限访客本人、被访人、预约人或访客管理员）',
    en: 'You cannot see this pass (only its visitor, host, booker or a visitor administrator can)',
  },
  VISITOR_PASS_QR_DISABLED: {
    zh: '本单位未启用访客二维码通行证',
    en: 'Visitor QR passes are not enabled here',
  },
  VISITOR_PASS_NOT_APPROVED: {
    zh: '来访尚未审批通过（或已驳回、已取消），没有通行证',
    en: 'The visit is not approved (or was rejected or cancelled): no pass',
  },
  VISITOR_PASS_BOOKING_ENDED: {
    zh: '所属预约已取消、驳回或终止，通行证已撤销',
    en: 'The booking was cancelled, rejected or terminated: the pass is revoked',
  },
  VISITOR_PASS_ENDED: { zh: '来访时间已过，不再签发通行证', en: 'The visit is over: no pass is issued' },
  VISITOR_PASS_AREAS_INVALID: {
    zh: '来访区域无效：通行证须含 1 至 16 个访客区域',
    en: 'Invalid visit areas: a pass names 1 to 16 visitor areas',
  },
  VISITOR_LONG_TERM_DISABLED: { zh: '此长期访客已停用', en: 'This long-term visitor is disabled' },
  VISITOR_LONG_TERM_INVALID: {
    zh: '长期访客的设置无效：{field}',
    en: "The long-term visitor's settings are not valid: {field}",
  },
  VISITOR_GATE_PLACE_INVALID: {
    zh: '入口区域无效：{place}（不是开放给访客的区域）',
    en: 'Invalid gate place "{place}" (not an area open to visitors)',
  },
  VISITOR_ENTRIES_TOO_MANY: {
    zh: '一次最多提交 {max} 条进入记录',
    en: 'At most {max} entries can be sent at once',
  },
  VISITOR_ENTRY_INVALID: { zh: '进入记录无效：{field}', en: 'Invalid entry: {field}' },
  VISITOR_ENTRY_TIME_FUTURE: {
    zh: '进入时间晚于当前时间（请校准门岗设备的时钟）',
    en: "The entry time is in the future (check the gate device's clock)",
  },
  VISITOR_ENTRY_TIME_TOO_OLD: {
    zh: '进入时间早于 7 天前，不再记录',
    en: 'The entry is more than 7 days old and is no longer recorded',
  },
  // Visitor back office: settings, fields, person types, administrators (section: visitors-admin-settings)
  VISITOR_RETENTION_RANGE: {
    zh: '保留天数须在 {min} 到 {max} 之间',
    en: 'The retention period must be between {min} and {max} days',
  },
  VISITOR_SETTINGS_AREA_UNKNOWN: {
    zh: '区域无效：{id}（不是开放给访客的区域）',
    en: 'Invalid area "{id}" (not an area open to visitors)',
  },
  VISITOR_TYPE_UNKNOWN: { zh: '没有访客类型 {type}', en: 'There is no visitor type "{type}"' },
  VISITOR_REGISTER_FIELD_FIXED: {
    zh: '注册字段 {field} 必须显示且必填',
    en: 'The registration field "{field}" must stay shown and required',
  },
  VISITOR_INFO_FIELD_NOT_FOUND: { zh: '信息字段不存在', en: 'The information field does not exist' },
  VISITOR_FIELD_NAME_INVALID: {
    zh: '字段名无效：{field}（以字母开头，只含字母、数字和下划线，最多 60 个字符）',
    en: 'Invalid field name "{field}" (a letter, then letters, digits or underscores, at most 60)',
  },
  VISITOR_FIELD_NAME_TAKEN: { zh: '字段名 {field} 已被使用', en: 'The field name "{field}" is already used' },
  VISITOR_FIELD_TYPE_INVALID: { zh: '字段类型无效：{type}', en: 'Invalid field type "{type}"' },
  VISITOR_FIELD_OPTIONS_REQUIRED: {
    zh: '下拉选择字段至少需要一个选项',
    en: 'A choice field needs at least one option',
  },
  VISITOR_PERSON_TYPE_NOT_FOUND: { zh: '人员类型不存在', en: 'The person type does not exist' },
  VISITOR_PERSON_TYPE_TAKEN: { zh: '人员类型 {name} 已存在', en: 'The person type "{name}" already exists' },
  VISITOR_PERSON_TYPE_CODE_INVALID: {
    zh: '人员类型代码无效：{code}（字母、数字、下划线或连字符）',
    en: 'Invalid person type code "{code}" (letters, digits, underscores or hyphens)',
  },
  VISITOR_ADMIN_NOT_FOUND: { zh: '访客管理员不存在', en: 'The visitor administrator does not exist' },
  VISITOR_ADMIN_TAKEN: {
    zh: '用户 {account} 已是访客管理员',
    en: 'The user "{account}" is already a visitor administrator',
  },
  VISITOR_ADMIN_USER_UNKNOWN: {
    zh: '没有账号为 {account} 的用户',
    en: 'There is no user with the account "{account}"',
  },
  VISITOR_ADMIN_PERMISSION_INVALID: {
    zh: '权限无效：{permission}（admin 或 gate）',
    en: 'Invalid permission "{permission}" (admin or gate)',
  },
  // Visitor back office: visitor records, import/export, cars, entries (section: visitors-admin-records)
  VISITOR_HAS_FUTURE_VISITS: {
    zh: '访客 {name} 有{count}个已批准的未来来访，请先取消，或选择删除时一并取消',
    en: 'Visitor {name} has {count} approved future visits: cancel them first, or choose to cancel them with the deletion',
  },
  VISITOR_IMPORT_NO_HEADER: {
    zh: '第一行必须是表头，且包含 visitor_name 和 phone 列',
    en: 'The first row must be the header and include the visitor_name and phone columns',
  },
  VISITOR_IMPORT_DUPLICATE_ROW: {
    zh: '{field}与第{other}行重复',
    en: '{field_en} repeats row {other}',
  },
  VISITOR_IMPORT_DONE: { zh: '导入成功，共导入{imported}名访客', en: 'Import succeeded: {imported} visitors imported' },
  VISITOR_IMPORT_PARTIAL: {
    zh: '已导入{imported}名访客，{failed}行有错误未导入',
    en: '{imported} visitors imported; {failed} rows have errors and were not imported',
  },
  VISITOR_IMPORT_FAILED: {
    zh: '导入失败：{failed}行有错误，未导入任何访客',
    en: 'Import failed: {failed} rows have errors; no visitor was imported',
  },
  VISITOR_ENTRY_NOT_FOUND: { zh: '进入记录不存在', en: 'The entry record does not exist' },
  VISITOR_RECORD_EXISTS: { zh: '{field}已登记为访客', en: '{field_en} is already registered as a visitor' },
  // Visitor back office: visits, invitations, bearers, statistics (section: visitors-admin-visits)
  VISITOR_STATS_INVALID: { zh: '统计条件无效：{field} {value}', en: 'Invalid statistics request: {field} {value}' },
  VISITOR_BEARER_INVALID: { zh: '可邀请者无效：{field}', en: 'Invalid invitation bearer: {field}' },
  VISITOR_BEARER_NOT_FOUND: { zh: '可邀请者不存在', en: 'The invitation bearer does not exist' },
  VISITOR_INVITE_NOT_ALLOWED: {
    zh: '您不在可邀请访客的部门、岗位或人员名单中，不能邀请访客',
    en: 'You may not invite visitors: your department, post or account is not among those allowed to invite',
  },
  APPOINTMENT_IDS_MIXED: {
    zh: '预约记录和来访记录不能一起删除，请分别删除',
    en: 'Bookings and visits cannot be deleted together; delete them separately',
  },
  // Visitor back office: long-term visitors, scopes, operate log, retention (section: visitors-admin-people)
  VISITOR_LONG_TERM_NOT_FOUND: { zh: '长期访客不存在', en: 'The long-term visitor does not exist' },
  VISITOR_LONG_TERM_FIELD_INVALID: { zh: '长期访客信息无效：{field}', en: 'Invalid long-term visitor: {field_en}' },
  VISITOR_LONG_TERM_BATCH: {
    zh: '一次处理 1 至 {max} 位长期访客',
    en: 'Handle 1 to {max} long-term visitors at a time',
  },
  VISITOR_OUT_OF_SCOPE: {
    zh: '超出您的访客管理范围：{what}',
    en: 'Outside your visitor administration scope: {what_en}',
  },
  // Directory administration: triples, grants (section: directory-grants)
  TRIPLE_NOT_FOUND: { zh: '三元组不存在', en: 'The triple does not exist' },
  TRIPLE_EMPTY: {
    zh: '三元组至少要指定部门、岗位或人员之一',
    en: 'A triple names at least one of a department, a post or a user',
  },
  TRIPLE_EXISTS: {
    zh: '相同部门、岗位和人员的三元组已存在',
    en: 'A triple of the same department, post and user already exists',
  },
  GRANT_TYPE_INVALID: {
    zh: '授权对象类型无效：{type}（应为 user、dept、post 或 triple）',
    en: 'Invalid grant subject type: {type} (user, dept, post or triple)',
  },
  GRANT_TARGET_NOT_FOUND: {
    zh: '授权对象不存在：{what}',
    en: 'The subject of the grant does not exist: {what_en}',
  },
  GRANT_TO_VISITOR: { zh: '访客账号不能被授予应用角色', en: 'A visitor account cannot hold application roles' },
  GRANT_ROLE_UNKNOWN: { zh: '未知的应用角色：{permission}', en: 'Unknown application role: {permission}' },
  GRANT_FILTER_INVALID: {
    zh: '授权范围无效：{detail}',
    en: 'Invalid grant scope: {detail_en}',
  },
  GRANT_FILTER_UNKNOWN_ID: {
    zh: '授权范围中的{what}不存在：{id}',
    en: 'The {what_en} in the grant scope does not exist: {id}',
  },
  GRANT_NOT_FOUND: { zh: '授权不存在或已撤销：{revokeId}', en: 'No such grant (or already revoked): {revokeId}' },
  GRANT_BATCH: { zh: '一次处理 1 至 {max} 条授权', en: 'Handle 1 to {max} grants at a time' },
  GRANT_ADMIN_SELF_REVOKE: {
    zh: '不能撤销使您自己成为租户管理员的授权，请由其他管理员操作',
    en: 'You cannot revoke the grant that makes you a tenant administrator; ask another administrator',
  },
  // Directory administration: users, departments, posts, import, groups (section: directory-data)
  GROUP_NOT_FOUND: { zh: '群组不存在', en: 'The group does not exist' },
  GROUP_NAME_REQUIRED: { zh: '群组名称不能为空', en: 'The group name cannot be empty' },
  GROUP_UPDATE_FORBIDDEN: {
    zh: '只有群组的创建者、群组管理员或租户管理员可以修改群组',
    en: "Only the group's owner, its admins or a tenant administrator may change the group",
  },
  GROUP_DELETE_FORBIDDEN: {
    zh: '只有群组的创建者或租户管理员可以删除群组',
    en: "Only the group's owner or a tenant administrator may delete the group",
  },
  GROUP_OTHERS_ADMIN_ONLY: {
    zh: '只有租户管理员可以查看他人的群组',
    en: "Only a tenant administrator may see another user's groups",
  },
  GROUP_MEMBER_NOT_FOUND: {
    zh: '成员“{who}”不是本租户的用户',
    en: 'The member "{who}" is not a user of this tenant',
  },
  GROUP_MEMBER_REPEATED: { zh: '成员“{who}”重复', en: 'The member "{who}" is listed twice' },
  GROUP_MEMBER_UNNAMED: {
    zh: '每个成员需要 userId 或 accountNo',
    en: 'Each member needs a userId or an accountNo',
  },
  GROUP_RELATION_INVALID: {
    zh: '成员关系“{relation}”无效，应为 admin 或 member（owner 只能是创建者）',
    en: 'Invalid member relation "{relation}": use admin or member (only the creator is the owner)',
  },
  GROUP_MEMBERS_TOO_MANY: { zh: '一个群组最多{max}名成员', en: 'A group has at most {max} members' },
  USERS_BATCH_SIZE: { zh: '一次处理 1 至 {max} 个用户', en: 'Handle 1 to {max} users at a time' },
  DIRECTORY_IMPORT_KIND_INVALID: {
    zh: '导入类型无效：{kind}（departments、posts 或 users）',
    en: 'Invalid import kind "{kind}" (departments, posts or users)',
  },
  DIRECTORY_IMPORT_NO_HEADER: {
    zh: '第一行必须是表头，且包含{columns}列',
    en: 'The first row must be the header and include the columns {columns}',
  },
  DIRECTORY_IMPORT_DUPLICATE_ROW: { zh: '{column}与第{other}行重复', en: '{column} repeats row {other}' },
  DIRECTORY_IMPORT_PARENT_NOT_FOUND: {
    zh: '上级部门编码“{code}”不存在',
    en: 'There is no parent department with the code "{code}"',
  },
  DIRECTORY_IMPORT_PARENT_ROW_FAILED: {
    zh: '上级部门（第{row}行）有错误未导入',
    en: 'The parent department (row {row}) has errors and was not imported',
  },
  DIRECTORY_IMPORT_CYCLE: {
    zh: '上级部门不能是本部门或其下级部门',
    en: 'The parent department cannot be the department itself or one below it',
  },
  DIRECTORY_IMPORT_POSITION_INVALID: {
    zh: '职位“{value}”格式应为 部门编码:岗位编码（多个用分号分隔）',
    en: 'The position "{value}" should read department code:post code (several separated by ";")',
  },
  DIRECTORY_IMPORT_DEPT_CODE_NOT_FOUND: {
    zh: '部门编码“{code}”不存在',
    en: 'There is no department with the code "{code}"',
  },
  DIRECTORY_IMPORT_POST_CODE_NOT_FOUND: { zh: '岗位编码“{code}”不存在', en: 'There is no post with the code "{code}"' },
  DIRECTORY_IMPORT_VISITOR_ACCOUNT: {
    zh: '账号“{account}”属于访客，不能作为用户导入',
    en: 'The account "{account}" belongs to a visitor and cannot be imported as a user',
  },
  DIRECTORY_IMPORT_BAD_VALUE: { zh: '{column}的值无效：{detail}', en: 'Invalid {column_en}: {detail}' },
  DIRECTORY_IMPORT_CELL_REQUIRED: { zh: '{column}不能为空', en: '{column_en} cannot be empty' },
  DIRECTORY_IMPORT_CELL_TOO_LONG: { zh: '{column}最多{max}个字符', en: '{column_en} is longer than {max} characters' },
  DIRECTORY_IMPORT_CELL_BAD_CODE: {
    zh: '{column}只能包含字母、数字、下划线、连字符和点',
    en: '{column_en} may contain only letters, digits, "_", "-" and "."',
  },
  DIRECTORY_IMPORT_CELL_NOT_INTEGER: { zh: '{column}必须是整数', en: '{column_en} must be an integer' },
  DIRECTORY_IMPORT_DONE: {
    zh: '导入成功：新增{created}行，更新{updated}行',
    en: 'Import succeeded: {created} rows added, {updated} rows updated',
  },
  DIRECTORY_IMPORT_PARTIAL: {
    zh: '已导入：新增{created}行，更新{updated}行；{failed}行有错误未导入',
    en: '{created} rows added and {updated} updated; {failed} rows have errors and were not imported',
  },
  DIRECTORY_IMPORT_FAILED: {
    zh: '导入失败：{failed}行有错误，未导入任何数据',
    en: 'Import failed: {failed} rows have errors; nothing was imported',
  },
  // Back-office home, outside pages (section: manage-home)
  // Cloud meetings (section: meetings)
  MEETING_NOT_FOUND: { zh: '云会议不存在', en: 'Online meeting not found' },
  MEETING_NOT_FAILED: { zh: '只有失败的云会议可以重试', en: 'Only a failed online meeting can be retried' },
  MEETING_ALREADY_CANCELLED: { zh: '云会议已取消', en: 'The online meeting is already cancelled' },
  MEETING_ENDED: {
    zh: '云会议已开始或已结束，不能取消',
    en: 'The online meeting has started or ended and cannot be cancelled',
  },
  MEETING_PROVIDER_INVALID: {
    zh: '云会议服务商只能是 jitsi 或 wemeet',
    en: 'The meeting provider must be jitsi or wemeet',
  },
  MEETING_SETTING_INVALID: { zh: '云会议参数错误：{detail}', en: 'Invalid meeting setting: {detail}' },
  MEETING_TEST_FAILED: { zh: '连接测试失败：{detail}', en: 'Connection test failed: {detail}' },
  MEETING_ADDRESS_INVALID: {
    zh: '不是有效的 IP 地址或网段（如 10.0.0.1、10.0.0.0/8、2001:db8::/32）：{value}',
    en: 'Not a valid IP address or CIDR block (e.g. 10.0.0.1, 10.0.0.0/8, 2001:db8::/32): {value}',
  },
  MEETING_ADDRESS_EXISTS: { zh: '白名单中已有该地址：{value}', en: 'The allow list already has {value}' },
  MEETING_ADDRESS_NOT_FOUND: { zh: '白名单地址不存在', en: 'Allow-list address not found' },
  MEETING_CALLBACK_REFUSED: {
    zh: '来源地址不在云会议IP白名单中',
    en: 'The caller address is not on the meeting IP allow list',
  },
  MEETING_CALLBACK_SIGNATURE: { zh: '云会议回调签名无效', en: 'Invalid meeting callback signature' },
  // Calendars (section: calendar)
  CALENDAR_NOT_FOUND: { zh: '日历不存在或已失效', en: 'No such calendar, or it is no longer available' },
  CALENDAR_FEED_NOT_FOUND: { zh: '日历订阅不存在或已停用', en: 'No such calendar subscription, or it was revoked' },
  CALENDAR_FEED_KIND_INVALID: {
    zh: '日历订阅类型只能是 user（我的预约）或 resource（资源的预约）',
    en: 'The calendar kind must be user (my bookings) or resource (a resource’s bookings)',
  },
  CALENDAR_RESOURCE_NOT_FOUND: { zh: '资源不存在', en: 'The resource does not exist' },
  CALENDAR_RESOURCE_FORBIDDEN: {
    zh: '只有该资源的管理员可以订阅它的日历',
    en: 'Only the resource’s administrators may subscribe to its calendar',
  },
  CALENDAR_RATE_LIMITED: {
    zh: '请求过于频繁，请{seconds}秒后再试',
    en: 'Too many requests; try again in {seconds} s',
  },
  // Ballot: fair release of contested slots (section: ballot)
  BALLOT_DRAW_PENDING: {
    zh: '抽签报名已于 {closesAt} 截止，正在抽签，请稍后再试',
    en: 'Entries closed at {closesAt} and the ballot is being drawn; please try again shortly',
  },
  BALLOT_SETTING_INVALID: { zh: '抽签设置无效：{field}', en: 'Invalid ballot setting: {field_en}' },
  BALLOT_TARGET_NOT_FOUND: {
    zh: '资源或资源类型不存在，或不在您的管理范围内',
    en: 'The resource or resource type does not exist, or you do not administer it',
  },
  BALLOT_DRAW_NOT_FOUND: { zh: '抽签记录不存在', en: 'The draw does not exist' },
  BALLOT_ENTRY_NOT_MOVABLE: {
    zh: '抽签报名不能改期：请撤回报名后重新选择时段',
    en: 'An entry in a ballot cannot be moved: withdraw it and choose another slot',
  },
  BALLOT_NOTHING_TO_DRAW: {
    zh: '{date} 没有等待抽签的报名（可能已经抽过）',
    en: 'No entry waits for a draw on {date} (it may have been drawn already)',
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
