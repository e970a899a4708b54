import type { Access, EndpointName } from './types.ts';

/**
 * The authorization policy: for every operation of every endpoint, who may call it.
 * An operation missing here cannot be served (the endpoint refuses to build) and a test
 * fails, so nothing is reachable by accident.
 */
export const policy: Record<EndpointName, Record<string, readonly Access[]>> = {
  apps_yy_sys: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
    // tenants
    'Query.checkTenantStatus': ['user', 'visitor'],
    'Query.checkSuperTenant': ['user'],
    'Query.findTenantsAll': ['superAdmin'],
    'Mutation.saveTenants': ['superAdmin'],
    'Mutation.updateTenantsByTenantId': ['superAdmin'],
    'Mutation.initTenantsData': ['admin'],
    'Mutation.manualInitTenantsData': ['admin'],
    // settings: readable before sign-in (name, logo, theme of the sign-in page)
    'Query.findSysSettings': ['anonymous'],
    'Mutation.saveSysSettings': ['admin'],
    // logs: any signed-in user's web app logs its actions; reading and deleting is for administrators
    'Query.findOperateLogAll': ['admin'],
    'Query.findOperateLog': ['admin'],
    'Mutation.saveOperateLog': ['user'],
    'Mutation.saveOperateLogAll': ['user'],
    'Mutation.deleteOperateLog': ['admin'],
    'Mutation.deleteOperateLogAll': ['admin'],
    // avatars (also on iam): the service lets users set only their own
    'Query.findUserImage': ['user'],
    'Mutation.saveUserImage': ['user'],
    // resource catalogue: users browse what they may book (the services filter by auth,
    // visible and invisible lists); administrators manage types, resources, templates, occupancy
    'Query.findResourcesTypeAll': ['admin'],
    'Query.findResourcesTypeListByAccountAuth': ['user'],
    'Query.findResourcesType': ['user'],
    'Query.findResourcesTypeById': ['user'],
    'Query.findResourcesTypeExtendedProperties': ['user'],
    'Query.findResourcesTypeAllByAccount': ['user'],
    'Query.findResourcesTypeAllWithResourcesByAccount': ['user'],
    'Query.findResourcesTypeAllByAvailableStatus': ['user'],
    'Mutation.saveResourcesType': ['admin'],
    'Mutation.updateResourcesType': ['admin'],
    'Mutation.updateResourcesTypeState': ['admin'],
    'Mutation.deleteResourcesType': ['admin'],
    'Query.findResourcesAllByAccount': ['user'],
    'Query.findResources': ['user'],
    'Query.findResourcesTimeSlotByResourcesIdAndDate': ['user'],
    'Mutation.saveResources': ['admin'],
    'Mutation.updateResources': ['admin'],
    'Mutation.updateResourcesState': ['admin'],
    'Mutation.deleteResources': ['admin'],
    'Mutation.copyResources': ['admin'],
    'Query.findResourcesRuleTemplateAll': ['admin'],
    'Query.findResourcesRuleTemplate': ['admin'],
    'Mutation.saveResourcesRuleTemplate': ['admin'],
    'Mutation.updateResourcesRuleTemplate': ['admin'],
    'Mutation.deleteResourcesRuleTemplate': ['admin'],
    'Query.findResourcesOccupyAll': ['admin'],
    'Mutation.saveResourcesOccupy': ['admin'],
    'Mutation.updateResourcesOccupy': ['admin'],
    'Mutation.deleteResourcesOccupy': ['admin'],
    // booking: any signed-in user books and sees their own bookings; the services take the
    // booker from the token and let only the booker (or an administrator) cancel
    'Query.checkResourceTimeSlotCapacity': ['user'],
    'Query.findAppointmentInformationAllForAccount': ['user'],
    'Query.findAppointmentInformationAllForSelf': ['user'],
    'Query.checkAppointmentCancelTime': ['user'],
    'Query.findResourceSlotAvailability': ['user'],
    'Query.findAppointmentAllowance': ['user'],
    'Mutation.saveAppointmentInformationAll': ['user'],
    'Mutation.saveAppointmentInformation': ['user'],
    'Mutation.updateAppointmentInformationState': ['user'],
    // periodic/batch: any signed-in user previews; the series cancel checks booker or administrator
    'Query.previewAppointmentSeries': ['user'],
    'Mutation.cancelAppointmentSeries': ['user'],
    // approval and lifecycle: approve/reject check the resource's administrators in the service
    // (owning department/post, or tenant administrators); the booker changes time, terminates
    // and deletes their own (a resource's administrators others' on it: checked in the service);
    // administrators see vacancy rates and batch-delete
    'Mutation.approveAppointment': ['user'],
    'Mutation.rejectAppointment': ['user'],
    'Query.findAppointmentApprovalTasks': ['user'],
    'Mutation.updateAppointmentTime': ['user'],
    'Mutation.terminateAppointment': ['user'],
    'Mutation.deleteAppointmentInformation': ['user'],
    'Query.findAppointmentVacancyRateTable': ['admin'],
    // bookings: tenant administrators (checked in the service); visits: visitor administrators (booking.claims.ts)
    'Mutation.batchDeleteAppointmentInformation': ['user'],
    // code tables and locations: any signed-in user reads them (campus/building pickers, maps);
    // administrators edit them (import/export are REST routes checking the admin role)
    'Query.findCodeItemsAll': ['user'],
    'Query.findCodesAll': ['admin'],
    'Query.findCodes': ['admin'],
    'Query.findLocationsAll': ['user'],
    'Mutation.saveCodes': ['admin'],
    'Mutation.updateCodes': ['admin'],
    'Mutation.deleteCodes': ['admin'],
    'Mutation.saveCodeItems': ['admin'],
    'Mutation.updateCodeItems': ['admin'],
    'Mutation.deleteCodeItems': ['admin'],
    'Mutation.saveLocation': ['admin'],
    'Mutation.deleteLocation': ['admin'],
    // notices: users read published notices and record their own reads; administrators manage
    'Query.findFiveNotice': ['user'],
    'Query.findNoticeAll': ['user'],
    'Query.findNotice': ['user'],
    'Query.findNoticeReadEntityList': ['admin'],
    'Mutation.saveNotice': ['admin'],
    'Mutation.updateNoticeState': ['admin'],
    'Mutation.deleteNotice': ['admin'],
    'Mutation.saveNoticeReadEntity': ['user'],
    // usage instructions: users read published ones, administrators manage
    'Query.findInstructionAll': ['user'],
    'Query.findInstruction': ['user'],
    'Mutation.saveInstruction': ['admin'],
    'Mutation.deleteInstruction': ['admin'],
    // review addresses: administrators only
    'Query.findReviewAddressAll': ['admin'],
    'Mutation.saveReviewAddress': ['admin'],
    'Mutation.deleteReviewAddress': ['admin'],
    // collected information: the booking form reads enabled fields, administrators manage
    'Query.findCollectionConfigAll': ['user'],
    'Mutation.saveCollectionConfig': ['admin'],
    'Mutation.deleteCollectionConfig': ['admin'],
    'Mutation.sortCollectionConfig': ['admin'],
    // check-in, check-out and staff marking (section: check-in)
    // the booker gets their voucher, checks in/out with a resource's code and reads their record;
    // staff rights (resource administrators or tenant administrators) are checked in the service
    'Query.findAppointmentSignCode': ['user'],
    'Query.findResourcesSignCode': ['user'],
    'Query.findAppointmentSignInfo': ['user'],
    'Mutation.saveAppointmentSignIn': ['user'],
    'Mutation.saveAppointmentSignOut': ['user'],
    'Mutation.scanAppointmentSignCode': ['user'],
    'Mutation.updateAppointmentPerformState': ['user'],
    // staff check a booking out by hand at the registration desk (section: register)
    'Mutation.updateAppointmentSignOut': ['user'],
    // blacklist and black settings (section: blacklist)
    'Query.findBlackListAll': ['admin'],
    'Query.findBlackListForSelf': ['user'],
    'Query.findBlackSettings': ['admin'],
    'Mutation.saveBlackList': ['admin'],
    'Mutation.deleteBlackList': ['admin'],
    'Mutation.pardonBlackList': ['admin'],
    'Mutation.saveBlackSettings': ['admin'],
    // captcha and evaluations and favourites (section: evaluations)
    // evaluations: authors evaluate their performed bookings, anyone reads a visible resource's
    // shown ones; administrators list all, hide and reply. Favourites are each user's own.
    'Query.findAppointmentEvaluateAllByResources': ['user'],
    'Query.findAppointmentEvaluateAllForAccount': ['user'],
    'Query.findAppointmentEvaluateAll': ['admin'],
    'Query.findAppointmentEvaluate': ['user'],
    'Query.findAppointmentEvaluateAverage': ['user'],
    'Mutation.saveAppointmentEvaluate': ['user'],
    'Mutation.deleteAppointmentEvaluate': ['user'],
    'Mutation.updateAppointmentEvaluateState': ['admin'],
    'Mutation.replyAppointmentEvaluate': ['admin'],
    'Query.findResourcesLikeAllForAccount': ['user'],
    'Mutation.saveResourcesLike': ['user'],
    'Mutation.deleteResourcesLike': ['user'],
    // back-office statistics and evaluation management (section: manage-stats)
    'Mutation.batchDeleteAppointmentEvaluate': ['admin'],
    'Query.findAppointmentStatistics': ['admin'],
    // notifications (section: notifications)
    'Query.findNotificationAllForAccount': ['user'],
    'Query.findNotificationUnreadCount': ['user'],
    'Mutation.updateNotificationState': ['user'],
    'Mutation.readNotificationAll': ['user'],
    'Query.findNotificationMailAll': ['admin'],
    'Mutation.resendNotificationMail': ['admin'],
    // booking engine additions (section: engine)
    // the time grid of a type and book-again drafts: the services show only what the caller may see and own
    'Query.findResourceTypeSlotAvailability': ['user'],
    'Query.findAppointmentBookAgain': ['user'],
    // resource administrators (section: resource-admins)
    // the back-office lists of resources, bookings and the sign desk: tenant administrators see
    // all, a resource administrator (owning department/post) the resources they administer; the
    // services refuse a user administering none (FORBIDDEN)
    'Query.findResourcesAll': ['user'],
    'Query.findAppointmentInformationAllForAppointMent': ['user'],
    'Query.findAppointmentSignAll': ['user'],
    // (end section: resource-admins)
    // visitors (section: visitors-registration): settings read by visitors' and hosts' pages, the visitor's own profile
    // (the services seed defaults; nothing personal); findVisitorInfoByAccount: a visitor their own, a
    // visitor administrator (service-checked 'admin' right) anyone's; by phone: hosts inviting
    'Query.findVisitorOverallSettingsEntity': ['visitor', 'user'],
    'Query.findVisitorCategoryConfig': ['visitor', 'user'],
    'Query.findVisitorRegistorFieldSettingEntityList': ['visitor', 'user'],
    'Query.findVisitorInfoFieldSettingsEntityList': ['visitor', 'user'],
    'Query.findVisitorValidFieldInfo': ['visitor', 'user'],
    'Query.findVisitorInfoFieldDataRange': ['visitor', 'user'],
    'Query.findRegisterValidField': ['visitor', 'user'],
    'Query.findVisitorDetailSettingsList': ['visitor', 'user'],
    'Query.findVisitorOverAllSettingsResources': ['visitor', 'user'],
    'Query.findVisitorInfoByAccount': ['visitor', 'user'],
    'Query.findVisitorInfoByPhone': ['user'],
    'Mutation.updateVisitorAddFieldInfo': ['visitor'],
    // visitors (section: visitors-appointments): applications, invitations, approval, quotas
    // (a visitor applies, updates and cancels their own; hosts invite, approve and cancel theirs; the
    // services check visitor, host, inviter, second-level approver or visitor 'admin' right per visit)
    'Query.findVisitorAppointmentInformationAll': ['visitor', 'user'],
    'Query.findVisitorAppointmentDetail': ['visitor', 'user'],
    'Query.findVisitorAvailableNumber': ['visitor', 'user'],
    'Mutation.saveVisitorAppointment': ['visitor', 'user'],
    'Mutation.batchSaveVisitorAppointment': ['user'],
    'Mutation.updateVisitorAppointment': ['visitor', 'user'],
    'Mutation.auditVisitorAppointment': ['user'],
    'Mutation.cancelVisitorAppointment': ['visitor', 'user'],
    // visitors (section: visitors-passes): entry passes, gates, long-term visitors
    'Query.findVisitorPass': ['visitor', 'user'],
    'Query.findVisitorGateBundle': ['user'],
    'Query.verifyVisitorPass': ['user'],
    'Query.findVisitorLongTermByPersonTypeAndName': ['user'],
    'Query.checkAppointmentInfoAndLongTermPeople': ['user'],
    'Mutation.rotateVisitorPassKey': ['admin'],
    'Mutation.recordVisitorEntries': ['user'],
    // visitor back office (section: visitors-admin-settings)
    // (the services check the visitor 'admin' right; administrators are granted by tenant administrators;
    // person types are read by the phone forms)
    'Query.findVisitorAdminPermissionsEntityList': ['user'],
    'Query.findVisitorPersonTypeList': ['visitor', 'user'],
    'Query.findVisitorAreaResourcesAll': ['user'],
    'Mutation.updateVisitorOverallSettingsEntity': ['user'],
    'Mutation.saveVisitorOverallSettingsEntity': ['user'],
    'Mutation.updateVisitorDetailSettings': ['user'],
    'Mutation.saveVisitorDetailSettings': ['user'],
    'Mutation.batchUpdateVisitorDetailSettings': ['user'],
    'Mutation.updateVisitorRegistorFieldSettingEntity': ['user'],
    'Mutation.batchUpdateVisitorRegistorFieldSettingEntity': ['user'],
    'Mutation.saveVisitorInfoFieldSettingsEntity': ['user'],
    'Mutation.updateVisitorInfoFieldSettingsEntity': ['user'],
    'Mutation.batchUpdateVisitorInfoFieldSettingsEntity': ['user'],
    'Mutation.deleteVisitorInfoFieldSettingsEntity': ['user'],
    'Mutation.batchDeleteVisitorInfoFieldSettingsEntity': ['user'],
    'Mutation.saveVisitorPersonType': ['user'],
    'Mutation.updateVisitorPersonType': ['user'],
    'Mutation.deleteVisitorPersonType': ['user'],
    'Mutation.batchDeleteVisitorPersonType': ['user'],
    'Mutation.saveVisitorAdminPermissionsEntity': ['admin'],
    'Mutation.updateVisitorAdminPermissionsEntity': ['admin'],
    'Mutation.updateVisitorAdminPermissionsEntityState': ['admin'],
    'Mutation.deleteVisitorAdminPermissionsEntity': ['admin'],
    'Mutation.batchDeleteVisitorAdminPermissionsEntity': ['admin'],
    // visitor back office (section: visitors-admin-records)
    'Query.findVisitorRegistrationEntityList': ['user'],
    'Query.findVisitorEntityList': ['user'],
    'Query.findVisitorCarList': ['user'],
    'Query.findVisitorListEntityList': ['user'],
    'Query.findVisitorListSummary': ['user'],
    'Mutation.addVisitorInfo': ['user'],
    'Mutation.updateVisitorInfo': ['user'],
    'Mutation.batchUpdateVisitorInfo': ['user'],
    'Mutation.deleteVisitorInfo': ['user'],
    'Mutation.batchDeleteVisitorInfo': ['user'],
    'Mutation.importVisitorInfo': ['user'],
    'Mutation.saveVisitorList': ['user'],
    'Mutation.batchSaveVisitorList': ['user'],
    'Mutation.updateVisitorList': ['user'],
    'Mutation.deleteVisitorList': ['user'],
    'Mutation.batchDeleteVisitorList': ['user'],
    // visitor back office (section: visitors-admin-visits)
    // (the services require the visitor 'admin' right)
    'Query.findVisitorInvitationBearerList': ['user'],
    'Query.findVisitorAppointmentDataStatistics': ['user'],
    'Mutation.batchDeleteVisitorAppointmentInformation': ['user'],
    'Mutation.saveVisitorInvitationBearers': ['user'],
    'Mutation.updateVisitorInvitationBearerState': ['user'],
    'Mutation.deleteVisitorInvitationBearers': ['user'],
    // visitor back office (section: visitors-admin-people): the services require the visitor 'admin' right
    'Query.findVisitorLongTermEntityList': ['user'],
    'Query.findVisitorOperateLogList': ['user'],
    'Query.longTermAuthoritativeTriples': ['user'],
    'Mutation.saveVisitorLongTermEntity': ['user'],
    'Mutation.batchSaveVisitorLongTermEntity': ['user'],
    'Mutation.updateVisitorLongTermEntity': ['user'],
    'Mutation.batchUpdateVisitorLongTermEntity': ['user'],
    'Mutation.deleteVisitorLongTermEntity': ['user'],
    'Mutation.batchDeleteVisitorLongTermEntity': ['user'],
    'Mutation.updateVisitorLongTermListState': ['user'],
    // back-office home (section: manage-home): signed-in users; the service gives each part only
    // within the caller's scope and refuses (FORBIDDEN) a user who administers nothing
    'Query.findManageHomeOverview': ['user'],
    // cloud meetings (section: meetings)
    // the services require a tenant administrator, except a booking's meeting: its booker and its
    // resource's administrators too
    'Query.findCloudMeetingAll': ['admin'],
    'Query.findCloudMeetingByAppointment': ['user'],
    'Query.findCloudMeetingSettings': ['admin'],
    'Query.findCloudMeetingIpWhiteListAll': ['admin'],
    'Mutation.retryCloudMeeting': ['admin'],
    'Mutation.cancelCloudMeeting': ['admin'],
    'Mutation.saveCloudMeetingSettings': ['admin'],
    'Mutation.testCloudMeetingConnection': ['admin'],
    'Mutation.saveCloudMeetingIpWhiteList': ['admin'],
    'Mutation.deleteCloudMeetingIpWhiteList': ['admin'],
    // fair release of contested slots (section: ballot): release modes are read by any signed-in user
    // (booking screens); the services let each user see only their own entries, a resource's
    // administrators (tenant administrators for types) set modes and list, replay and draw its draws
    'Query.findBallotSettings': ['user'],
    'Query.findBallotDateInfo': ['user'],
    'Query.findBallotEntriesForSelf': ['user'],
    'Query.findBallotDrawAll': ['user'],
    'Query.findBallotDraw': ['user'],
    // the resources the caller administers with their release modes (FORBIDDEN for none)
    'Query.findBallotResourceSettingAll': ['user'],
    'Mutation.saveBallotSetting': ['user'],
    'Mutation.replayBallotDraw': ['user'],
    'Mutation.drawBallotNow': ['user'],
    // (end section: ballot)
    // calendars (section: calendar)
    // the services let each user see and change only their own feeds, and make a resource's feed
    // only for its administrators (CALENDAR_RESOURCE_FORBIDDEN)
    'Query.findCalendarFeedAllForAccount': ['user'],
    'Mutation.saveCalendarFeed': ['user'],
    'Mutation.deleteCalendarFeed': ['user'],
  },
  iam: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
    // directory: users, departments and posts are readable by any signed-in user (picking
    // participants, filtering by department); single-user reads, administrators and edits are
    // for administrators
    'Query.me': ['user', 'visitor'],
    'Query.users': ['user'],
    'Query.user': ['admin'],
    'Query.departments': ['user'],
    'Query.departmentTree': ['user'],
    'Query.posts': ['user'],
    'Query.canvasmenus': ['user'],
    'Query.localMenuMode': ['user'],
    'Query.administrators': ['admin'],
    'Mutation.editDepartment': ['admin'],
    'Mutation.deleteDepartment': ['admin'],
    'Mutation.editPost': ['admin'],
    'Mutation.deletePost': ['admin'],
    'Mutation.saveUser': ['admin'],
    'Mutation.updateUser': ['admin'],
    'Mutation.deleteUser': ['admin'],
    // avatars (also on apps_yy_sys): the service lets users set only their own
    'Query.findUserImage': ['user'],
    'Mutation.saveUserImage': ['user'],
    // grants (section: directory-grants): tenant administrators grant and revoke; anyone signed
    // in reads the applications, their roles and their own accesses (another user's: admin, in
    // the service)
    'Query.triples': ['admin'],
    'Query.permissions': ['admin'],
    'Query.flows': ['user'],
    'Query.appRoles': ['user'],
    'Query.accesses': ['user'],
    'Mutation.addTriple': ['admin'],
    'Mutation.deleteTriple': ['admin'],
    'Mutation.grantPermission': ['admin'],
    'Mutation.grantPermissions': ['admin'],
    'Mutation.revokePermission': ['admin'],
    'Mutation.revokePermissions': ['admin'],
    // directory data (section: directory-data): groups are their creators' (the service checks)
    'Query.queryMyGroup': ['user'],
    'Mutation.createGroup': ['user'],
    'Mutation.updateGroup': ['user'],
    'Mutation.deleteGroup': ['user'],
    // several users enabled or disabled at once (the import and export are REST routes checking the admin role)
    'Mutation.updateUsersState': ['admin'],
  },
  public: {
    'Query._endpoint': ['anonymous'],
    'Mutation._noop': ['anonymous'],
    'Query.findSysSettings': ['anonymous'],
    // open booking pages (section: public-booking): one booking's check by its id (booker's name
    // masked, no other personal data) and a resource's chart of free and booked slots
    'Query.findPublicAppointmentCheck': ['anonymous'],
    'Query.findPublicResourceSlotChart': ['anonymous'],
    // visitors (section: visitors-registration): registration without sign-in
    'Query.findRegisterFieldListForPublic': ['anonymous'],
    'Query.findVisitorPublicSettings': ['anonymous'],
    'Mutation.sendVisitorVerificationCode': ['anonymous'],
    'Mutation.registerAccountForPublic': ['anonymous'],
    'Mutation.resetVisitorPasswordForPublic': ['anonymous'],
  },
};
