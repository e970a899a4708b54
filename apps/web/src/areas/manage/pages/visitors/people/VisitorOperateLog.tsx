import {
  findVisitorOperateLogList,
  useFindVisitorOperateLogList,
} from '../../../../../features/visitors-admin/people/findVisitorOperateLogList.ts';
import { OperateLogView, type OperateLogSource } from '../../settings/OperateLog.tsx';

const VISITOR_LOG: OperateLogSource = {
  title: 'route.manage.visitorOperateLog',
  module: 'visitor',
  useList: useFindVisitorOperateLogList,
  fetchPage: findVisitorOperateLogList,
  manage: false,
};

/**
 * The visitor operate log (`/manage/visitorManagement/visitorOperateLog`): every change and every
 * whole-number view in the visitor module, who, when, what and from where, in words of the page's
 * language; the operate log page's filters, paging, detail and export with the module fixed.
 */
export default function VisitorOperateLogPage() {
  return <OperateLogView source={VISITOR_LOG} />;
}
