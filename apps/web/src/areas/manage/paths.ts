import type { RouteDef } from '../../app/route-def.ts';

/** The back office (`/manage`), spec 2.4. Groups redirect to their default child. */
export const MANAGE_ROOT = '/manage';

export const manageRoutes: RouteDef[] = [
  { path: 'home', title: 'route.manage.home', page: () => import('./pages/home/ManageHome.tsx') },
  {
    path: 'instruction',
    title: 'route.manage.instruction',
    hidden: true,
    page: () => import('./pages/Instruction.tsx'),
  },
  // spec 2.3: the blacklist settings screen under a hidden path (the same component, no copy)
  { path: 'test', title: 'route.manage.test', hidden: true, page: () => import('./pages/black/BlackSettings.tsx') },
  { path: 'sign', title: 'route.manage.sign', page: () => import('./pages/sign/SignList.tsx') },
  { path: 'signer', title: 'route.manage.signer', hidden: true, page: () => import('./pages/sign/Signer.tsx') },
  { path: 'evaluate', title: 'route.manage.evaluate', redirect: 'evaluate/evaluate-list' },
  {
    path: 'evaluate/evaluate-list',
    title: 'route.manage.evaluateList',
    page: () => import('./pages/evaluate/EvaluateList.tsx'),
  },
  { path: 'notice', title: 'route.manage.notice', redirect: 'notice/notice-list' },
  { path: 'notice/notice-list', title: 'route.manage.noticeList', page: () => import('./pages/notice/NoticeList.tsx') },
  { path: 'settings', title: 'route.manage.settings', redirect: 'settings/sys' },
  { path: 'settings/sys', title: 'route.manage.settingsSys', page: () => import('./pages/settings/SysSettings.tsx') },
  {
    path: 'settings/theme/:id',
    title: 'route.manage.settingsTheme',
    hidden: true,
    page: () => import('./pages/settings/ThemeSettings.tsx'),
  },
  {
    path: 'settings/code',
    title: 'route.manage.settingsCode',
    page: () => import('./pages/settings/code-tables/CodeList.tsx'),
  },
  {
    path: 'settings/code-item-list/:id?',
    title: 'route.manage.settingsCodeItemList',
    hidden: true,
    page: () => import('./pages/settings/code-tables/CodeItemList.tsx'),
  },
  {
    path: 'settings/code-item-Import/:id?',
    title: 'route.manage.settingsCodeItemImport',
    hidden: true,
    page: () => import('./pages/settings/code-tables/CodeItemImport.tsx'),
  },
  {
    path: 'settings/operate-log',
    title: 'route.manage.settingsOperateLog',
    page: () => import('./pages/settings/OperateLog.tsx'),
  },
  {
    path: 'settings/review-manage',
    title: 'route.manage.settingsReviewManage',
    page: () => import('./pages/settings/ReviewManage.tsx'),
  },
  {
    path: 'settings/collection-config',
    title: 'route.manage.settingsCollectionConfig',
    page: () => import('./pages/settings/CollectionConfig.tsx'),
  },
  {
    path: 'settings/location-manage',
    title: 'route.manage.settingsLocationManage',
    page: () => import('./pages/settings/code-tables/LocationManage.tsx'),
  },
  {
    path: 'settings/instruction',
    title: 'route.manage.settingsInstruction',
    page: () => import('./pages/settings/InstructionList.tsx'),
  },
  {
    path: 'settings/instruction/:id',
    title: 'route.manage.settingsInstructionEdit',
    hidden: true,
    page: () => import('./pages/settings/InstructionEdit.tsx'),
  },
  // Not in spec 2.4: the e-mail outbox of the notifications (administrators).
  {
    path: 'settings/notification-mail',
    title: 'notificationsAdmin.title',
    page: () => import('./pages/settings/NotificationMail.tsx'),
  },
  { path: 'cloudMeeting', title: 'route.manage.cloudMeeting', redirect: 'cloudMeeting/cloudMeeting-list' },
  {
    path: 'cloudMeeting/cloudMeeting-list',
    title: 'route.manage.cloudMeetingList',
    page: () => import('./pages/cloudMeeting/CloudMeetingList.tsx'),
  },
  {
    path: 'cloudMeeting/parameterSetting',
    title: 'route.manage.cloudMeetingParameterSetting',
    page: () => import('./pages/cloudMeeting/ParameterSetting.tsx'),
  },
  {
    path: 'cloudMeeting/IPwhiteList',
    title: 'route.manage.cloudMeetingIPwhiteList',
    page: () => import('./pages/cloudMeeting/IpWhiteList.tsx'),
  },
  { path: 'black', title: 'route.manage.black', redirect: 'black/black-list' },
  { path: 'black/black-list', title: 'route.manage.blackList', page: () => import('./pages/black/BlackList.tsx') },
  {
    path: 'black/black-settings',
    title: 'route.manage.blackSettings',
    page: () => import('./pages/black/BlackSettings.tsx'),
  },
  {
    path: 'accessControlCheck',
    title: 'route.manage.accessControlCheck',
    page: () =>
      Promise.all([
        import('./pages/visitors-gate/AccessControlCheck.tsx'),
        import('../../features/visitors/gate/i18n.ts').then((m) => m.ensureVisitorGateTranslations()),
      ]).then(([page]) => page),
  },
  { path: 'appointment', title: 'route.manage.appointment', redirect: 'appointment/list' },
  {
    path: 'appointment/list',
    title: 'route.manage.appointmentList',
    page: () => import('./pages/appointment/AppointmentList.tsx'),
  },
  {
    path: 'appointment/appointment-update/:id',
    title: 'route.manage.appointmentUpdate',
    hidden: true,
    page: () => import('./pages/appointment/AppointmentUpdate.tsx'),
  },
  {
    path: 'appointment/appointmentUser-list',
    title: 'route.manage.appointmentUserList',
    page: () => import('./pages/appointment/AppointmentUserList.tsx'),
  },
  // Not in spec 2.4: the ballot's draws (docs/GLOSSARY.md "Ballot")
  {
    path: 'appointment/ballot-draws',
    title: 'ballotAdmin.title',
    page: () => import('./pages/ballot/BallotDraws.tsx'),
  },
  {
    path: 'appointment/venues-statistics',
    title: 'route.manage.venuesStatistics',
    page: () => import('./pages/appointment/statistics/VenuesStatistics.tsx'),
  },
  { path: 'resources', title: 'route.manage.resources', redirect: 'resources/resources-list' },
  {
    path: 'resources/resources-list',
    title: 'route.manage.resourcesList',
    page: () => import('./pages/resources/list/ResourceList.tsx'),
  },
  {
    path: 'resources/resources-list-add',
    title: 'route.manage.resourcesListAdd',
    hidden: true,
    page: () => import('./pages/resources/list/ResourceEdit.tsx'),
  },
  {
    path: 'resources/resources-list/:id',
    title: 'route.manage.resourcesListEdit',
    hidden: true,
    page: () => import('./pages/resources/list/ResourceEdit.tsx'),
  },
  {
    path: 'resources/resources-rule-template',
    title: 'route.manage.resourcesRuleTemplate',
    page: () => import('./pages/resources/templates/TemplateList.tsx'),
  },
  {
    path: 'resources/resources-rule-template-add',
    title: 'route.manage.resourcesRuleTemplateAdd',
    hidden: true,
    page: () => import('./pages/resources/templates/TemplateEdit.tsx'),
  },
  {
    path: 'resources/resources-rule-template/:id',
    title: 'route.manage.resourcesRuleTemplateEdit',
    hidden: true,
    page: () => import('./pages/resources/templates/TemplateEdit.tsx'),
  },
  {
    path: 'resources/resources-type-list',
    title: 'route.manage.resourcesTypeList',
    page: () => import('./pages/resources/types/ResourcesTypeList.tsx'),
  },
  {
    path: 'resources/resources-occupy-list',
    title: 'route.manage.resourcesOccupyList',
    page: () => import('./pages/resources/occupancy/ResourcesOccupyList.tsx'),
  },
  {
    path: 'iframe/outside',
    title: 'route.manage.iframeOutside',
    hidden: true,
    page: () => import('./pages/iframe/IframeOutside.tsx'),
  },
  { path: 'console', title: 'route.manage.console', page: () => import('./pages/console/ConsoleHome.tsx') },
  {
    path: 'console/govern/rolepermission',
    title: 'route.manage.consoleRolePermission',
    hidden: true,
    page: () => import('./pages/console/RolePermission.tsx'),
  },
  {
    path: 'console/authorize/staff',
    title: 'route.manage.consoleStaff',
    hidden: true,
    page: () => import('./pages/console/StaffAuthorization.tsx'),
  },
  {
    path: 'console/authorize/dept_post',
    title: 'route.manage.consoleDeptPost',
    hidden: true,
    page: () => import('./pages/console/DeptPostAuthorization.tsx'),
  },
  {
    path: 'console/directory',
    title: 'route.manage.consoleDirectory',
    hidden: true,
    page: () => import('./pages/console/directory/DirectoryAdmin.tsx'),
  },
  { path: 'visitorManagement', title: 'route.manage.visitorManagement', redirect: 'visitorManagement/overallSettings' },
  {
    path: 'visitorManagement/overallSettings',
    title: 'route.manage.visitorOverallSettings',
    page: () => import('./pages/visitors/settings/OverallSettings.tsx'),
  },
  {
    path: 'visitorManagement/detailSettings',
    title: 'route.manage.visitorDetailSettings',
    page: () => import('./pages/visitors/settings/DetailSettings.tsx'),
  },
  {
    path: 'visitorManagement/fieldSettings',
    title: 'route.manage.visitorFieldSettings',
    page: () => import('./pages/visitors/settings/FieldSettings.tsx'),
  },
  {
    path: 'visitorManagement/registerFieldSettings',
    title: 'route.manage.visitorRegisterFieldSettings',
    page: () => import('./pages/visitors/settings/RegisterFieldSettings.tsx'),
  },
  {
    path: 'visitorManagement/visitorInfo',
    title: 'route.manage.visitorInfo',
    page: () => import('./pages/visitors/records/VisitorInfo.tsx'),
  },
  {
    path: 'visitorManagement/visitorAppointmentManage',
    title: 'route.manage.visitorAppointmentManage',
    page: () => import('./pages/visitors/visits/VisitorAppointmentManage.tsx'),
  },
  {
    path: 'visitorManagement/visitorCars',
    title: 'route.manage.visitorCars',
    page: () => import('./pages/visitors/records/VisitorCars.tsx'),
  },
  {
    path: 'visitorManagement/visitorList',
    title: 'route.manage.visitorList',
    page: () => import('./pages/visitors/records/VisitorList.tsx'),
  },
  {
    path: 'visitorManagement/longTermVisitor',
    title: 'route.manage.longTermVisitor',
    page: () => import('./pages/visitors/people/LongTermVisitor.tsx'),
  },
  {
    path: 'visitorManagement/longTermVisitor/setting',
    title: 'route.manage.longTermVisitorSetting',
    page: () => import('./pages/visitors/people/LongTermSetting.tsx'),
  },
  {
    path: 'visitorManagement/longTermVisitor/setting/detail',
    title: 'route.manage.longTermVisitorSettingDetail',
    hidden: true,
    page: () => import('./pages/visitors/people/LongTermSettingDetail.tsx'),
  },
  {
    path: 'visitorManagement/visitorInvitation',
    title: 'route.manage.visitorInvitation',
    page: () => import('./pages/visitors/visits/VisitorInvitation.tsx'),
  },
  {
    path: 'visitorManagement/visitorInvitationBear',
    title: 'route.manage.visitorInvitationBear',
    page: () => import('./pages/visitors/visits/VisitorInvitationBear.tsx'),
  },
  {
    path: 'visitorManagement/statistics',
    title: 'route.manage.visitorStatistics',
    page: () => import('./pages/visitors/visits/VisitorStatistics.tsx'),
  },
  {
    path: 'visitorManagement/visitorPersonType',
    title: 'route.manage.visitorPersonType',
    page: () => import('./pages/visitors/settings/PersonTypes.tsx'),
  },
  {
    path: 'visitorManagement/visitorOperateLog',
    title: 'route.manage.visitorOperateLog',
    page: () => import('./pages/visitors/people/VisitorOperateLog.tsx'),
  },
];

export const managePaths = {
  home: `${MANAGE_ROOT}/home`,
  instruction: `${MANAGE_ROOT}/instruction`,
} as const;
